import { todayIn } from '@lido/pricing/calendar-date';
import { priceFieldLabels, type StaffPrices } from '@lido/contracts/prices-offers';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError, ValidationError, type FieldErrors } from '../../http/errors.ts';
import { recordStaffAction, type StaffAuditAction } from '../audit/index.ts';
import { savePromotions } from '../memberships/index.ts';
import { applyPackages } from '../packages/index.ts';
import type { StaffUserRow } from '../staff/index.ts';
import { nothingImportedYet } from './catalogue-export.ts';
import { type CatalogueProblem, parseCatalogue } from './catalogue-file.ts';
import { type CatalogueFile, catalogueFileSchema } from './catalogue-file.schema.ts';
import { storeCatalogueFile, storedCatalogueFile } from './catalogue-files.repository.ts';
import { promotionDefinition } from './catalogue.repository.ts';
import {
  applyPriceChanges,
  storedPriceChangeNoticeDays,
  storedPriceChanges,
} from './catalogue-price-changes.repository.ts';
import { priceChangeProblems } from './price-change-checks.ts';
import {
  centresOf,
  lockedCatalogueFile,
  membershipTypeIds,
  saveGuestPassAllowance,
  savePaymentOptionPrices,
} from './prices-offers.repository.ts';

export const pricesManagersOnly = 'Only a manager can change prices and offers.';
const notYourCentres = 'You can only change the prices of what is sold at the centres you manage.';
const notAFileAnyMore =
  'The catalogue file last imported no longer reads as one: import it again with `npm run catalogue:import -- FILE`.';
const notYourCentresList = 'You can only add or take away the centres you manage.';

type Raw = Record<string, unknown>;
const isRaw = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** JSON with every object's keys in order: the stored file (jsonb keeps its own order) compared as written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRaw(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );
}

/** What one change does to the file, and how the file's problem paths name the form's fields. */
interface FileEdit {
  /** the changed entry's path in the file, e.g. `packages[2]` */
  at: string;
  /** a path inside the entry (`paymentOptions[1].pricePence`) as the form's field (`monthly.pricePence`) */
  fieldOf?: (inside: string) => string;
}

/**
 * The file's problems as the form's field errors: "{label} {the file's message}", so each reads as
 * the import would say it of the same entry; a problem outside the entry is the request's.
 */
function fieldErrors(problems: CatalogueProblem[], edit: FileEdit): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) {
    const inside = problem.path.startsWith(`${edit.at}.`) ? problem.path.slice(edit.at.length + 1) : null;
    if (inside === null) {
      (errors.request ??= []).push(`${problem.path}: ${problem.message}`);
      continue;
    }
    const field = edit.fieldOf ? edit.fieldOf(inside) : inside.replace(/\[\d+\].*$/, '');
    const plain = inside.replace(/\[\d+\]/g, '').replace(/^paymentOptions\.|^benefits\./, '');
    const label = priceFieldLabels[plain] ?? priceFieldLabels[plain.split('.')[0]!] ?? 'This';
    const joined = /^[a-z"]/.test(problem.message) ? ' ' : ': ';
    (errors[field] ??= []).push(`${label}${joined}${problem.message}`);
  }
  return errors;
}

/**
 * Prices and offers on the staff site (issue 37 item 3, decision 0103). Each change is made to the
 * catalogue file as last stored (the one `npm run catalogue:export` writes), checked whole by the
 * import's own parser, schema and price-change notice rules, then applied to the tables the import
 * fills (whose triggers move the catalogue version, so every instance's cache reloads) and stored
 * with the file, with its staff audit row, all in one transaction.
 */
export function createPricesOffersService(deps: { db: Db; clock: () => Date; timeZone: string }) {
  const { db, clock, timeZone } = deps;
  const manager = (staff: StaffUserRow) => {
    if (staff.role !== 'manager') throw new HttpError(403, pricesManagersOnly);
    return staff;
  };
  const sellsAtOneOf = (venues: string[], staff: StaffUserRow) =>
    venues.some((venue) => staff.centres.includes(venue));

  /** GET /api/staff/prices */
  async function list(staffRow: StaffUserRow): Promise<StaffPrices> {
    const staff = manager(staffRow);
    const raw = await storedCatalogueFile(db, staff.operatorId);
    if (!raw) throw new HttpError(409, nothingImportedYet);
    // Read as the schema reads it: a file stored before a section existed gets its default.
    const read = catalogueFileSchema.safeParse(raw);
    if (!read.success) throw new HttpError(409, notAFileAnyMore);
    const stored = read.data;
    const noticeDays = await storedPriceChangeNoticeDays(db, staff.operatorId);
    const centres = await centresOf(db, staff.operatorId);
    return {
      packages: stored.packages.map((entry) => ({ ...entry, editable: sellsAtOneOf(entry.venues, staff) })),
      promotions: stored.promotions.map((promo) => ({ ...promo })),
      memberships: stored.types.map((type) => {
        const guest = type.benefits.find((benefit) => benefit.kind === 'guest-pass');
        return {
          slug: type.slug,
          name: type.name,
          paymentOptions: type.paymentOptions.map((option) => ({
            key: option.key,
            paymentType: option.paymentType,
            pricePence: option.pricePence,
            joiningFeePence: option.joiningFeePence,
            ...(option.priceChange ? { priceChange: option.priceChange } : {}),
          })),
          ...(guest?.totalUses && guest.frequency
            ? { guestPasses: { totalUses: guest.totalUses, frequency: guest.frequency } }
            : {}),
          editable: type.coverage === 'national' || sellsAtOneOf(type.venues ?? [], staff),
        };
      }),
      priceChangeNoticeDays: stored.membershipRules?.priceChangeNoticeDays ?? noticeDays,
      centres: centres
        .filter((centre) => staff.centres.includes(centre.slug))
        .map(({ slug, name }) => ({ slug, name })),
      categories: stored.activityCategories.map(({ key, name }) => ({ key, name })),
    };
  }

  /**
   * One change: `edit` changes the stored file in place (throwing 403 or 422 for what it refuses),
   * the whole file is checked as an import checks it, and `apply` writes the checked file's entry.
   */
  async function change(
    staff: StaffUserRow,
    action: StaffAuditAction,
    edit: (file: Raw) => FileEdit & { details: Raw },
    apply: (tx: Tx, file: CatalogueFile) => Promise<void>,
  ): Promise<void> {
    const operatorId = staff.operatorId;
    await db.transaction(async (tx) => {
      const stored = await lockedCatalogueFile(tx, operatorId);
      if (!stored) throw new HttpError(409, nothingImportedYet);
      const file = structuredClone(stored);
      const made = edit(file);
      const priceChanges = await storedPriceChanges(tx, operatorId);
      const noticeDays = await storedPriceChangeNoticeDays(tx, operatorId);
      const centres = await centresOf(tx, operatorId);
      const today = todayIn(timeZone, clock());
      const parsed = parseCatalogue(JSON.stringify(file), new Set(centres.map((c) => c.slug)), (checked) =>
        priceChangeProblems(checked, priceChanges, today, noticeDays),
      );
      if (!parsed.ok) throw new ValidationError(fieldErrors(parsed.problems, made));
      // The same change again (a repeat, a double press) changes nothing and is not logged twice.
      if (canonical(parsed.catalogue) === canonical(stored)) return;
      await apply(tx, parsed.catalogue);
      await storeCatalogueFile(tx, operatorId, parsed.catalogue);
      await recordStaffAction(tx, {
        by: { staff: { id: staff.id, username: staff.username } },
        action,
        details: made.details,
      });
    });
  }

  /** PUT /api/staff/prices/packages: a package added or changed by its key. */
  async function savePackage(staffRow: StaffUserRow, raw: unknown): Promise<StaffPrices> {
    const staff = manager(staffRow);
    if (!isRaw(raw) || typeof raw.key !== 'string') throw new ValidationError({ key: ['Key must be text'] });
    await change(
      staff,
      'prices.package-saved',
      (file) => {
        const packages = Array.isArray(file.packages) ? (file.packages as Raw[]) : [];
        file.packages = packages;
        const index = packages.findIndex((entry) => entry.key === raw.key);
        const before = index >= 0 ? strings(packages[index]!.venues) : [];
        if (index >= 0 && !sellsAtOneOf(before, staff)) throw new HttpError(403, notYourCentres);
        // A list that is not one is the schema's to refuse (422), not a change of centres.
        const after = Array.isArray(raw.venues) ? strings(raw.venues) : before;
        const moved = [
          ...before.filter((v) => !after.includes(v)),
          ...after.filter((v) => !before.includes(v)),
        ];
        if (moved.some((venue) => !staff.centres.includes(venue)))
          throw new HttpError(403, notYourCentresList);
        const at = index >= 0 ? index : packages.length;
        packages[at] = raw;
        return { at: `packages[${at}]`, details: { package: raw, ...(index >= 0 ? { from: before } : {}) } };
      },
      async (tx, file) => {
        const centres = await centresOf(tx, staff.operatorId);
        await applyPackages(tx, staff.operatorId, file.packages, new Map(centres.map((c) => [c.slug, c.id])));
      },
    );
    return list(staff);
  }

  /** PUT /api/staff/prices/promotions: a promotion started or changed by its code (in any case). */
  async function savePromotion(staffRow: StaffUserRow, raw: unknown): Promise<StaffPrices> {
    const staff = manager(staffRow);
    if (!isRaw(raw) || typeof raw.code !== 'string')
      throw new ValidationError({ code: ['Code must be text'] });
    const code = raw.code.toUpperCase();
    await change(
      staff,
      'prices.promotion-saved',
      (file) => {
        const promotions = Array.isArray(file.promotions) ? (file.promotions as Raw[]) : [];
        file.promotions = promotions;
        const index = promotions.findIndex(
          (entry) => typeof entry.code === 'string' && entry.code.toUpperCase() === code,
        );
        const at = index >= 0 ? index : promotions.length;
        const from = promotions[at];
        promotions[at] = raw;
        return { at: `promotions[${at}]`, details: { promotion: raw, ...(from ? { from } : {}) } };
      },
      async (tx, file) => {
        const promo = file.promotions.find((entry) => entry.code.toUpperCase() === code)!;
        const typeIds = await membershipTypeIds(tx, staff.operatorId);
        await savePromotions(tx, staff.operatorId, [promotionDefinition(promo, typeIds)]);
      },
    );
    return list(staff);
  }

  /**
   * PUT /api/staff/prices/memberships/{slug}: its options' prices for new members, joining fees and
   * price changes for current members (the import's notice rules), and its
   * guest-pass allowance.
   */
  async function saveMembershipPrices(
    staffRow: StaffUserRow,
    slug: string,
    body: { paymentOptions: unknown[]; guestPasses?: unknown },
  ): Promise<StaffPrices> {
    const staff = manager(staffRow);
    const optionFields = new Set(['key', 'pricePence', 'joiningFeePence', 'priceChange']);
    await change(
      staff,
      'prices.membership-saved',
      (file) => {
        const types = Array.isArray(file.types) ? (file.types as Raw[]) : [];
        const t = types.findIndex((type) => type.slug === slug);
        if (t < 0) throw new HttpError(404, 'There is no such membership.');
        const type = types[t]!;
        if (type.coverage !== 'national' && !sellsAtOneOf(strings(type.venues), staff))
          throw new HttpError(403, notYourCentres);
        const options = type.paymentOptions as Raw[];
        const from = structuredClone(type);
        for (const given of body.paymentOptions) {
          if (!isRaw(given) || typeof given.key !== 'string')
            throw new ValidationError({ paymentOptions: ['Each payment option is named by its key'] });
          const option = options.find((candidate) => candidate.key === given.key);
          if (!option)
            throw new ValidationError({ paymentOptions: [`There is no payment option ${given.key}`] });
          const unknown = Object.keys(given).filter((field) => !optionFields.has(field));
          if (unknown.length > 0)
            throw new ValidationError({
              [`${given.key}.${unknown[0]}`]: [`Only prices, joining fees and price changes change here`],
            });
          for (const field of ['pricePence', 'joiningFeePence'] as const)
            if (field in given) option[field] = given[field];
          if (given.priceChange === null) delete option.priceChange;
          else if ('priceChange' in given) option.priceChange = given.priceChange;
        }
        if (body.guestPasses !== undefined) {
          const benefits = (type.benefits ?? []) as Raw[];
          const guest = benefits.find((benefit) => benefit.kind === 'guest-pass');
          if (!guest) throw new ValidationError({ guestPasses: ['This membership has no guest passes'] });
          const given = isRaw(body.guestPasses) ? body.guestPasses : {};
          guest.totalUses = given.totalUses;
          guest.frequency = given.frequency;
        }
        const keys = options.map((option) => String(option.key));
        return {
          at: `types[${t}]`,
          fieldOf: (inside) => {
            const option = /^paymentOptions\[(\d+)\]\.(.+)$/.exec(inside);
            if (option) return `${keys[Number(option[1])]}.${option[2]}`;
            const benefit = /^benefits\[\d+\]\.(\w+)/.exec(inside);
            return benefit ? `guestPasses.${benefit[1]}` : inside;
          },
          details: {
            membership: slug,
            paymentOptions: body.paymentOptions,
            guestPasses: body.guestPasses,
            from,
          },
        };
      },
      async (tx, file) => {
        const type = file.types.find((candidate) => candidate.slug === slug)!;
        const typeId = (await membershipTypeIds(tx, staff.operatorId)).get(slug)!;
        await savePaymentOptionPrices(tx, typeId, type.paymentOptions);
        await applyPriceChanges(tx, staff.operatorId, file);
        const position = type.benefits.findIndex((benefit) => benefit.kind === 'guest-pass');
        const guest = type.benefits[position];
        if (guest?.totalUses && guest.frequency)
          await saveGuestPassAllowance(tx, typeId, {
            position,
            totalUses: guest.totalUses,
            frequency: guest.frequency,
          });
      },
    );
    return list(staff);
  }

  return { list, savePackage, savePromotion, saveMembershipPrices };
}
export type PricesOffersService = ReturnType<typeof createPricesOffersService>;
