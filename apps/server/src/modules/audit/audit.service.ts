import { tenderTypeLabels } from '@lido/contracts/offline-payments';
import { staffRoleLabels, type StaffRole } from '@lido/contracts/staff';
import {
  staffAuditPageSize,
  type StaffAuditAnswer,
  type StaffAuditEntry,
  type StaffAuditQuery,
} from '@lido/contracts/staff-audit';
import { type CalendarDate, isCalendarDate, prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { formatPence } from '@lido/pricing/money';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../http/errors.ts';
import { moneyFormat } from '@lido/pricing/money';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import { auditPage, auditStaffMembers } from './audit.repository.ts';

export const unknownStaffMember = 'There is no member of staff with this id.';

type AuditRow = Awaited<ReturnType<typeof auditPage>>[number];
type Details = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = (value: unknown): Details[] =>
  Array.isArray(value)
    ? value.filter((item): item is Details => typeof item === 'object' && item !== null)
    : [];
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const tenderWord = (type: unknown) =>
  type === 'card'
    ? 'card'
    : ((tenderTypeLabels as Record<string, string>)[String(type)] ?? String(type)).toLowerCase();

const toolNames: Record<string, string> = {
  'command line': 'Command line',
  'catalogue import': 'Catalogue import',
  'login limit': 'Login limit',
};

const roleWord = (role: unknown) =>
  (staffRoleLabels as Record<string, string | undefined>)[String(role) as StaffRole] ?? String(role);

/** The desk's customer fields, as the details form labels them. */
const detailWords: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  dateOfBirth: 'date of birth',
  email: 'email address',
  phone: 'phone number',
  addressLineOne: 'address line 1',
  addressLineTwo: 'address line 2',
  town: 'town or city',
  postcode: 'postcode',
};

/** A calendar date as the page shows dates ("15 Dec 2026"); anything else as it was written. */
const prettyIfDate = (value: unknown): string =>
  typeof value === 'string' && isCalendarDate(value) ? prettyDate(value) : String(value ?? '');

/** What a staff account change did, in words: "role Desk staff to Supervisor; password changed". */
function staffChange(details: Details): string | null {
  const parts: string[] = [];
  if (text(details.name)) parts.push(`name ${text(details.name)}`);
  const role = details.role;
  if (role && typeof role === 'object') {
    const { from, to } = role as Details;
    parts.push(`role ${roleWord(from)} to ${roleWord(to)}`);
  } else if (role !== undefined) parts.push(`role ${roleWord(role)}`);
  if (text(details.currencySymbol)) parts.push(`currency ${text(details.currencySymbol)}`);
  if (details.active === false) parts.push('account closed');
  if (details.active === true) parts.push('account reopened');
  if (details.password === 'changed') parts.push('password changed');
  const centres = details.centres as Details | string[] | undefined;
  if (Array.isArray(centres)) parts.push(`centres ${centres.join(', ')}`);
  else if (centres && Array.isArray(centres.to)) parts.push(`centres ${(centres.to as string[]).join(', ')}`);
  return parts.length > 0 ? parts.join('; ') : null;
}

/** What the basket call asked for: "A booking and a membership". */
function basketItems(details: Details): string | null {
  const body = (details.body ?? {}) as Details;
  const kinds = list(body.items).map((item) => `a ${String(item.type ?? 'item')}`);
  if (kinds.length === 0) return null;
  const words = kinds.length === 1 ? kinds[0]! : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Each entry in plain words (decision 0074): the description says what was done, the details
 * anything else worth knowing. The words come from what the entry recorded when it was written,
 * so an entry reads the same however the customer, order or account changed since.
 */
function describe(row: AuditRow, symbol: string): Pick<StaffAuditEntry, 'description' | 'details'> {
  const { entry } = row;
  const details = entry.details ?? {};
  const money = (pence: unknown) => formatPence(count(pence), symbol);
  const order = row.orderReference ?? text(details.reference) ?? 'order';
  switch (entry.action) {
    case 'order.pay': {
      const tenders = list(details.tenders).map(
        (tender) =>
          `${tenderWord(tender.tenderType)}${text(tender.voucherCode) ? ` ${text(tender.voucherCode)}` : ''}`,
      );
      const how = tenders.length > 0 ? ` (${tenders.join(', ')})` : '';
      const change = count(details.changePence);
      return {
        description:
          count(entry.amountPence) === 0
            ? `Completed order ${order}: nothing to pay`
            : `Took payment ${money(entry.amountPence)}${how} for order ${order}`,
        details:
          list(details.tenders).length > 1
            ? list(details.tenders)
                .map((tender) => `${tenderWord(tender.tenderType)} ${money(tender.paidPence)}`)
                .join(', ') + (change > 0 ? `; ${money(change)} change given` : '')
            : change > 0
              ? `${money(change)} change given`
              : null,
      };
    }
    case 'order.void': {
      const undone = [
        count(details.bookingsCancelled) > 0
          ? `${plural(count(details.bookingsCancelled), 'booking', 'bookings')} cancelled`
          : '',
        count(details.membershipsCancelled) > 0
          ? `${plural(count(details.membershipsCancelled), 'membership', 'memberships')} ended`
          : '',
      ].filter(Boolean);
      return {
        description: `Voided order ${order}: ${money(entry.amountPence)} handed back`,
        details:
          [text(details.reason) ? `Reason: ${text(details.reason)}` : '', ...undone]
            .filter(Boolean)
            .join('; ') || null,
      };
    }
    case 'customer.create':
      return {
        description: `Created customer ${row.customer?.reference ?? text(details.reference) ?? ''}`.trim(),
        details: null,
      };
    case 'customer.check-in':
      return {
        description: `Checked in ${row.customer?.reference ?? 'a customer'}${details.mayComeIn === false ? ': not allowed in' : ''}`,
        details: text(details.door)
          ? `Membership ${text(details.door)}; ${details.method === 'card' ? 'card scanned' : 'customer ID typed'}`
          : null,
      };
    case 'customer.update': {
      const fields = Object.keys((details.changes ?? {}) as Details).map(
        (field) => detailWords[field] ?? field,
      );
      return {
        description: 'Changed customer details',
        details: fields.length > 0 ? `Changed: ${fields.join(', ')}` : null,
      };
    }
    case 'booking.cancel':
      return {
        description: `Cancelled booking: ${text(details.activityName) ?? 'a session'}${text(details.when) ? `, ${text(details.when)}` : ''}`,
        details:
          count(entry.amountPence) > 0
            ? `${money(entry.amountPence)} refunded${details.refundMethod === 'card' ? ' (card and account credit as paid)' : ' to account credit'}`
            : 'Nothing to refund',
      };
    case 'strike.removed':
      return {
        description: `Removed a ${details.kind === 'late-cancel' ? 'late cancellation' : 'no-show'} strike from ${row.customer?.reference ?? 'a customer'}`,
        details: `Reason: ${text(details.reason) ?? ''}`,
      };
    case 'penalty-fee.waived':
      return {
        description: `Waived a ${money(entry.amountPence)} ${details.kind === 'late-cancel' ? 'late cancellation' : 'no-show'} fee of ${row.customer?.reference ?? 'a customer'}`,
        details: `Reason: ${text(details.reason) ?? ''}`,
      };
    case 'membership.cancel':
      return {
        description:
          `Cancelled membership ${text(details.membershipName) ?? ''}: last day ${text(details.lastDay) ?? ''}`.trim(),
        details:
          [
            details.kind === 'cooling_off'
              ? `Cooling-off period: ${money(entry.amountPence)} refunded`
              : 'With notice',
            text(details.reason) ? `Reason: ${text(details.reason)}` : '',
          ]
            .filter(Boolean)
            .join('; ') || null,
      };
    case 'membership.freeze':
      return {
        description: `Froze membership ${text(details.membershipName) ?? ''} from ${prettyIfDate(details.startsOn)} to ${prettyIfDate(details.endsOn)}`,
        details: `${plural(count(details.months), 'month', 'months')} at ${money(entry.amountPence)} a month`,
      };
    case 'basket.add':
      return { description: 'Added to basket', details: basketItems(details) };
    case 'basket.remove': {
      const call = text(details.call) ?? '';
      if (call.endsWith('/api/cart/clear')) return { description: 'Emptied the basket', details: null };
      if (call.includes('/benefit/'))
        return { description: 'Removed a benefit from the basket', details: null };
      if (call.includes('/package/'))
        return { description: 'Removed a package from the basket', details: null };
      return { description: 'Removed from basket', details: null };
    }
    case 'membership.join':
      return { description: 'Added a membership to the basket (joining)', details: null };
    case 'waiting-list.join': {
      const body = (details.body ?? {}) as Details;
      return {
        description: text(details.session)
          ? `Joined the waiting list for ${text(details.session)}`
          : 'Joined a waiting list',
        details: body.autoBook === true ? 'Books a place automatically when one frees' : null,
      };
    }
    case 'waiting-list.leave':
      return { description: 'Left a waiting list', details: null };
    case 'staff.added':
      return {
        description: `Added staff account ${text(details.username) ?? ''} (${roleWord(details.role)})`,
        details: null,
      };
    case 'staff.changed':
      return {
        description: `Changed staff account ${text(details.username) ?? ''}`,
        details: staffChange(details),
      };
    case 'staff.locked':
      return {
        description: `Locked staff account ${text(details.username) ?? ''} after ${count(details.failures)} wrong passwords`,
        details: text(details.lastAddress) ? `Last tried from ${text(details.lastAddress)}` : null,
      };
    case 'staff.unlocked':
      return {
        description: `Unlocked staff account ${text(details.username) ?? ''}`,
        details:
          details.failuresForgotten === undefined
            ? null
            : `${plural(count(details.failuresForgotten), 'failed login', 'failed logins')} forgotten`,
      };
    case 'timetable.series-added':
    case 'timetable.series-changed':
    case 'timetable.series-retired': {
      const series = (details.to ?? details.series ?? {}) as Details;
      const verb =
        entry.action === 'timetable.series-added'
          ? 'Added'
          : entry.action === 'timetable.series-changed'
            ? 'Changed'
            : 'Retired';
      const counts = [
        count(details.sessionsChanged) > 0
          ? `${plural(count(details.sessionsChanged), 'session', 'sessions')} changed`
          : '',
        count(details.sessionsCreated) > 0
          ? `${plural(count(details.sessionsCreated), 'session', 'sessions')} made`
          : '',
        count(details.sessionsRemoved) > 0
          ? `${plural(count(details.sessionsRemoved), 'session', 'sessions')} removed`
          : '',
        count(details.bookersTold) > 0
          ? `${plural(count(details.bookersTold), 'booker', 'bookers')} emailed`
          : '',
        details.applyToGenerated === false ? 'sessions already on the timetable left as they were' : '',
      ].filter(Boolean);
      return {
        description: `${verb} weekly series ${text(series.key) ?? text(details.key) ?? ''}`.trim(),
        details: counts.length > 0 ? counts.join('; ') : null,
      };
    }
    case 'opening.announced':
    case 'opening.changed':
    case 'opening.withdrawn': {
      const opening = (details.opening ?? {}) as Details;
      const verb =
        entry.action === 'opening.announced'
          ? 'Announced'
          : entry.action === 'opening.changed'
            ? 'Changed'
            : 'Withdrew';
      return {
        description: `${verb} booking opening ${text(opening.name) ?? text(opening.key) ?? ''}`.trim(),
        details: `Opens ${prettyIfDate(opening.opensOn)} at ${text(opening.opensAt) ?? ''}, for sessions ${prettyIfDate(opening.sessionsFrom)} to ${prettyIfDate(opening.sessionsTo)}`,
      };
    }
    case 'timetable.session-added':
      return {
        description:
          `Added a one-off ${text(details.activityName) ?? 'session'} on ${prettyIfDate(details.date)} at ${text(details.time) ?? ''}`.trim(),
        details: null,
      };
    // Prices and offers on the staff site (decision 0103).
    case 'prices.package-saved': {
      const saved = (details.package ?? {}) as Details;
      return {
        description:
          `${details.from ? 'Changed' : 'Added'} package ${text(saved.name) ?? text(saved.key) ?? ''}`.trim(),
        details: typeof saved.pricePence === 'number' ? `Price ${money(saved.pricePence)}` : null,
      };
    }
    case 'prices.promotion-saved': {
      const promo = (details.promotion ?? {}) as Details;
      return {
        description: `${details.from ? 'Changed' : 'Started'} promotion ${text(promo.code) ?? ''}`.trim(),
        details: text(promo.validFrom) ? `From ${prettyIfDate(promo.validFrom)}` : null,
      };
    }
    case 'prices.membership-saved':
      return {
        description: `Changed the prices of ${text(details.membership) ?? 'a membership'}`,
        details: null,
      };
    case 'timetable.sessions-cancelled': {
      const sessions = count(details.sessions);
      return {
        description:
          `Cancelled ${plural(sessions, 'session', 'sessions')} at ${text(details.centreName) ?? ''}: ${text(details.reason) ?? ''}`.trim(),
        details: `${plural(count(details.bookings), 'booking', 'bookings')} to cancel; ${plural(count(details.waitingListTold), 'waiting-list entry', 'waiting-list entries')} closed and told`,
      };
    }
    case 'export.orders':
    case 'export.customers':
    case 'dashboard.table-downloaded': {
      const rows = count(details.rows);
      const what =
        entry.action === 'export.orders'
          ? `Exported ${plural(rows, 'order', 'orders')}`
          : entry.action === 'export.customers'
            ? `Exported ${plural(rows, 'customer', 'customers')}`
            : `Downloaded the dashboard’s ${text(details.table) ?? ''} table (${plural(rows, 'row', 'rows')})`;
      return {
        description: `${what} as CSV`,
        details: `${text(details.centreName) ?? ''}, ${prettyIfDate(details.from)} to ${prettyIfDate(details.to)}`,
      };
    }
    default:
      return { description: entry.action, details: null };
  }
}

/**
 * The supervisor's audit page (issue 32 item 6): a day of the append-only log, newest first, a page
 * at a time, optionally one member of staff's. A day is the operator's calendar day.
 */
export function createStaffAuditService(deps: {
  db: Db;
  operators: OperatorRepository;
  clock: () => Date;
  timeZone: string;
}) {
  return {
    async page(query: StaffAuditQuery): Promise<StaffAuditAnswer> {
      const operator = await requireOperator(deps.operators);
      const staffMembers = await auditStaffMembers(deps.db, operator.id);
      if (query.staffId !== undefined && !staffMembers.some((member) => member.id === query.staffId))
        throw new ValidationError({ staffId: [unknownStaffMember] });
      const date: CalendarDate = query.date ?? todayIn(deps.timeZone, deps.clock());
      // One more than a page tells whether there are older entries.
      const rows = await auditPage(deps.db, {
        date,
        timeZone: deps.timeZone,
        staffUserId: query.staffId,
        before: query.before,
        limit: staffAuditPageSize + 1,
      });
      const shown = rows.slice(0, staffAuditPageSize);
      const { symbol } = moneyFormat(operator.currency);
      return {
        date,
        prettyDate: prettyDate(date),
        entries: shown.map((row) => ({
          id: row.entry.id,
          at: row.entry.at.toISOString(),
          staff: row.staff,
          who: row.staff?.name ?? toolNames[row.entry.actor] ?? row.entry.actor,
          action: row.entry.action,
          customer: row.customer
            ? {
                id: row.customer.id,
                name: `${row.customer.firstName} ${row.customer.lastName}`,
                reference: row.customer.reference,
              }
            : null,
          ...describe(row, symbol),
        })),
        nextBefore: rows.length > staffAuditPageSize ? shown.at(-1)!.entry.id : null,
        staffMembers,
      };
    },
  };
}
