/* eslint-disable max-lines -- the GoCardless sandbox's resources and their state machines, one simulated provider */
import { randomBytes, randomUUID } from 'node:crypto';
import { compareDates } from '@lido/pricing/calendar-date';
import { nextWorkingDayFrom } from '@lido/pricing/working-days';
import { createStateFile } from '../state-file.ts';
import { checkBankAccount } from './bank-registry.ts';
import { dateOf, mandateSteps, nextPossibleChargeDate, paymentSteps, type Step } from './sandbox-timeline.ts';

/** A GoCardless-shaped error answer (payments-reference.md §3.6). */
export class GcSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'validation_failed' | 'invalid_api_usage' | 'invalid_state' | 'gocardless',
    message: string,
    readonly errors: {
      field?: string;
      reason?: string;
      message: string;
      links?: Record<string, string>;
    }[] = [],
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
interface Tracked extends Json {
  id: string;
  status: string;
}
interface SandboxResource {
  body: Tracked;
  steps: Step[];
  holderName: string;
}
export interface GcEvent {
  id: string;
  created_at: string;
  action: string;
  resource_type: 'mandates' | 'payments' | 'billing_requests';
  links: Record<string, string>;
  details: { origin: string; cause: string; description: string; scheme?: string; reason_code?: string };
  metadata: Record<string, string>;
}

interface SandboxState {
  customers: Record<string, Json>;
  bankAccounts: Record<string, Json & { holder: string; closed: boolean }>;
  mandates: Record<string, SandboxResource>;
  payments: Record<string, SandboxResource>;
  billingRequests: Record<string, Json & { held: Json }>;
  events: GcEvent[];
  idempotency: Record<string, string>;
}

const emptyState = (): SandboxState => ({
  customers: {},
  bankAccounts: {},
  mandates: {},
  payments: {},
  billingRequests: {},
  events: [],
  idempotency: {},
});

const newId = (prefix: string) =>
  prefix +
  Array.from(randomBytes(12), (byte) => 'ABCDEFGHJKMNPQRSTVWXYZ0123456789'[byte % 32])
    .join('')
    .slice(0, 12);

const terminalMandate = new Set(['failed', 'cancelled', 'expired']);
const invalid = (field: string, message: string) =>
  new GcSandboxError(422, 'validation_failed', 'Validation failed', [{ field, message }]);
const notFound = () =>
  new GcSandboxError(404, 'invalid_api_usage', 'Resource not found', [
    { reason: 'resource_not_found', message: 'Resource not found' },
  ]);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

interface SandboxEngineOptions {
  /** the sandbox's clock (the control endpoint moves it on) */
  now: () => number;
  /** where state is kept across restarts; in memory only when absent */
  file?: string;
}

/**
 * The sandbox GoCardless's state: customers, bank accounts, mandates, payments and billing
 * requests, with idempotency keys and the event log. `advance()` applies every timeline step due
 * by the clock and answers the new events, in order, for webhook delivery.
 */
export function createSandboxEngine(options: SandboxEngineOptions) {
  // Written behind, not on every call: a whole-state rewrite per call grew with every joiner.
  const stateFile = createStateFile<SandboxState>(options.file, () => state);
  let state: SandboxState = { ...emptyState(), ...stateFile.load() };
  const save = () => stateFile.changed();
  // The earliest timeline step not yet applied (-Infinity: not known). `advance()` runs after every
  // API call; it scans every mandate and payment only when a step may be due, not on every call.
  let nextDueAt = Number.NEGATIVE_INFINITY;
  const scheduled = (steps: Step[]) => {
    for (const next of steps) nextDueAt = Math.min(nextDueAt, next.at);
    return steps;
  };
  const earliestStep = () =>
    [...Object.values(state.mandates), ...Object.values(state.payments)].reduce(
      (earliest, resource) => Math.min(earliest, resource.steps[0]?.at ?? Number.POSITIVE_INFINITY),
      Number.POSITIVE_INFINITY,
    );
  const iso = () => new Date(options.now()).toISOString();

  function emit(
    resourceType: GcEvent['resource_type'],
    action: string,
    links: Record<string, string>,
    details: Omit<GcEvent['details'], 'scheme'>,
  ): GcEvent {
    const event: GcEvent = {
      id: newId('EV'),
      created_at: iso(),
      action,
      resource_type: resourceType,
      links,
      details: { scheme: 'bacs', ...details },
      metadata: {},
    };
    state.events.push(event);
    return event;
  }

  /** One resource per idempotency key and resource type; a reused key is GoCardless's 409. */
  function idempotent<T extends { id: string }>(kind: string, key: string | undefined, create: () => T): T {
    const scoped = `${kind}:${key ?? randomUUID()}`;
    const existing = state.idempotency[scoped];
    if (existing)
      throw new GcSandboxError(
        409,
        'invalid_state',
        'A resource has already been created with this idempotency key',
        [
          {
            reason: 'idempotent_creation_conflict',
            message: 'A resource has already been created with this idempotency key',
            links: { conflicting_resource_id: existing },
          },
        ],
      );
    const created = create();
    state.idempotency[scoped] = created.id;
    save();
    return created;
  }

  function checkedAccount(input: Json) {
    const check = checkBankAccount(text(input.branch_code).replace(/-/g, ''), text(input.account_number));
    if (check.kind === 'malformed') throw invalid(check.field, check.message);
    if (check.kind === 'invalid') throw invalid('account_number', 'is invalid');
    return check;
  }

  function setStatus(resource: SandboxResource, next: Step, type: 'mandates' | 'payments'): GcEvent {
    resource.body.status = next.status;
    const link: Record<string, string> =
      type === 'mandates' ? { mandate: resource.body.id } : { payment: resource.body.id };
    const event = emit(type, next.status, link, {
      origin: next.origin,
      cause: next.cause,
      description: next.description,
      ...(next.reasonCode ? { reason_code: next.reasonCode } : {}),
    });
    if (type === 'mandates' && terminalMandate.has(next.status)) {
      // A mandate that ends takes its uncollected payments with it, as Bacs does.
      for (const payment of Object.values(state.payments)) {
        if (payment.body.links && (payment.body.links as Json).mandate !== resource.body.id) continue;
        if (!['pending_submission', 'submitted'].includes(payment.body.status)) continue;
        payment.steps = [];
        setStatus(
          payment,
          {
            at: next.at,
            status: 'cancelled',
            cause: `mandate_${next.status}`,
            description: 'The mandate for this payment ended.',
            origin: 'gocardless',
          },
          'payments',
        );
      }
    }
    return event;
  }

  function mandateOf(id: unknown): SandboxResource {
    const mandate = state.mandates[text(id)];
    if (!mandate) throw invalid('links.mandate', 'does not exist');
    return mandate;
  }

  function chargeFloor(mandate: SandboxResource): string {
    const active = mandate.steps.find((next) => next.status === 'active')?.at ?? options.now();
    return nextPossibleChargeDate(active, options.now());
  }

  function mandateView(mandate: SandboxResource): Json {
    const terminal = terminalMandate.has(mandate.body.status);
    return { ...mandate.body, next_possible_charge_date: terminal ? null : chargeFloor(mandate) };
  }

  function createMandateFor(bankAccountId: string, input: Json): SandboxResource {
    const account = state.bankAccounts[bankAccountId];
    if (!account) throw invalid('links.customer_bank_account', 'does not exist');
    if (input.scheme !== undefined && input.scheme !== 'bacs') throw invalid('scheme', 'is not supported');
    const reference = text(input.reference) || `LC-${newId('').slice(0, 6)}`;
    const mandate: SandboxResource = {
      body: {
        id: newId('MD'),
        created_at: iso(),
        reference,
        scheme: 'bacs',
        status: 'pending_submission',
        payments_require_approval: false,
        metadata: (input.metadata as Json) ?? {},
        links: { customer_bank_account: bankAccountId, customer: (account.links as Json).customer },
      },
      steps: scheduled(mandateSteps(options.now(), account.holder, account.closed)),
      holderName: account.holder,
    };
    state.mandates[mandate.body.id] = mandate;
    emit(
      'mandates',
      'created',
      { mandate: mandate.body.id },
      {
        origin: 'api',
        cause: 'mandate_created',
        description: 'Mandate created via the API.',
      },
    );
    return mandate;
  }

  function createCustomer(input: Json): Json & { id: string } {
    const email = text(input.email);
    if (!text(input.given_name) && !text(input.company_name)) throw invalid('given_name', 'is required');
    if (!text(input.family_name) && !text(input.company_name)) throw invalid('family_name', 'is required');
    if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) throw invalid('email', 'is invalid');
    const customer = {
      id: newId('CU'),
      created_at: iso(),
      email: email || null,
      given_name: text(input.given_name) || null,
      family_name: text(input.family_name) || null,
      company_name: text(input.company_name) || null,
      address_line1: text(input.address_line1) || null,
      city: text(input.city) || null,
      postal_code: text(input.postal_code) || null,
      country_code: text(input.country_code) || 'GB',
      metadata: (input.metadata as Json) ?? {},
    };
    state.customers[customer.id] = customer;
    return customer;
  }

  function createBankAccount(input: Json, customerId: string): Json & { id: string } {
    if (!state.customers[customerId]) throw invalid('links.customer', 'does not exist');
    const holder = text(input.account_holder_name);
    if (!holder) throw invalid('account_holder_name', 'is required');
    if (text(input.country_code || 'GB') !== 'GB') throw invalid('country_code', 'must be GB');
    const check = checkedAccount(input);
    if (check.kind === 'valid' && check.schemes.length === 0)
      throw invalid('account_number', 'cannot be used for Direct Debit');
    const accountNumber = text(input.account_number);
    const account = {
      id: newId('BA'),
      created_at: iso(),
      account_holder_name: holder,
      account_number_ending: accountNumber.slice(-2),
      bank_name: check.kind === 'valid' ? check.bankName : null,
      country_code: 'GB',
      currency: 'GBP',
      enabled: true,
      metadata: (input.metadata as Json) ?? {},
      links: { customer: customerId },
      holder,
      closed: check.kind === 'valid' && check.closed,
    };
    state.bankAccounts[account.id] = account;
    return account;
  }

  const publicAccount = (account: Json) => {
    const shown = { ...account };
    delete shown.holder;
    delete shown.closed;
    return shown;
  };

  return {
    now: options.now,

    lookup(input: Json) {
      const check = checkedAccount(input);
      if (check.kind !== 'valid') throw invalid('account_number', 'is invalid');
      return { available_debit_schemes: check.schemes, bank_name: check.bankName, bic: check.bic };
    },

    createCustomer: (input: Json, key?: string) =>
      idempotent('customers', key, () => createCustomer(input) as Tracked),
    customer(id: string) {
      const found = state.customers[id];
      if (!found) throw notFound();
      return found;
    },

    createBankAccount: (input: Json, key?: string) =>
      publicAccount(
        idempotent('customer_bank_accounts', key, () => {
          const links = (input.links as Json | undefined) ?? {};
          return createBankAccount(input, text(links.customer)) as Tracked;
        }),
      ),
    bankAccount(id: string) {
      const found = state.bankAccounts[id];
      if (!found) throw notFound();
      return publicAccount(found);
    },

    createMandate: (input: Json, key?: string) =>
      mandateView(
        state.mandates[
          idempotent('mandates', key, () => {
            const links = (input.links as Json | undefined) ?? {};
            return createMandateFor(text(links.customer_bank_account), input).body;
          }).id
        ]!,
      ),
    mandate(id: string) {
      const found = state.mandates[id];
      if (!found) throw notFound();
      return mandateView(found);
    },
    cancelMandate(id: string) {
      const found = state.mandates[id];
      if (!found) throw notFound();
      if (terminalMandate.has(found.body.status))
        throw new GcSandboxError(422, 'invalid_state', 'Mandate is already inactive', [
          { reason: 'mandate_already_inactive', message: 'Mandate is already inactive' },
        ]);
      found.steps = [];
      setStatus(
        found,
        {
          at: options.now(),
          status: 'cancelled',
          cause: 'mandate_cancelled',
          description: 'Cancelled via the API.',
          origin: 'api',
        },
        'mandates',
      );
      save();
      return mandateView(found);
    },

    createPayment: (input: Json, key?: string) =>
      idempotent('payments', key, () => {
        const links = (input.links as Json | undefined) ?? {};
        const mandate = mandateOf(links.mandate);
        const amount = input.amount;
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)
          throw invalid('amount', 'must be a whole number of pence, at least 1');
        if (input.currency !== 'GBP') throw invalid('currency', 'must be GBP for Bacs');
        if (terminalMandate.has(mandate.body.status))
          throw new GcSandboxError(422, 'invalid_state', 'The mandate is no longer active', [
            { reason: 'mandate_is_inactive', message: 'The mandate is no longer active' },
          ]);
        const floor = chargeFloor(mandate);
        const asked = text(input.charge_date);
        if (asked && !/^\d{4}-\d{2}-\d{2}$/.test(asked)) throw invalid('charge_date', 'must be a date');
        if (asked && compareDates(asked, floor) < 0)
          throw invalid(
            'charge_date',
            `must be on or after the mandate's next_possible_charge_date (${floor})`,
          );
        // Like GoCardless, a charge date that is not a working day rolls to the next one.
        const chargeDate = nextWorkingDayFrom(asked || floor);
        const payment: SandboxResource = {
          body: {
            id: newId('PM'),
            created_at: iso(),
            amount,
            currency: 'GBP',
            charge_date: chargeDate,
            description: text(input.description) || null,
            reference: text(input.reference) || null,
            status: 'pending_submission',
            metadata: (input.metadata as Json) ?? {},
            links: { mandate: mandate.body.id },
          },
          steps: scheduled(paymentSteps(options.now(), chargeDate, mandate.holderName)),
          holderName: mandate.holderName,
        };
        state.payments[payment.body.id] = payment;
        emit(
          'payments',
          'created',
          { payment: payment.body.id },
          {
            origin: 'api',
            cause: 'payment_created',
            description: 'Payment created via the API.',
          },
        );
        return payment.body;
      }),
    payment(id: string) {
      const found = state.payments[id];
      if (!found) throw notFound();
      return found.body;
    },
    cancelPayment(id: string) {
      const found = state.payments[id];
      if (!found) throw notFound();
      if (found.body.status !== 'pending_submission')
        throw new GcSandboxError(422, 'invalid_state', 'This payment can no longer be cancelled', [
          { reason: 'cancellation_failed', message: 'This payment can no longer be cancelled' },
        ]);
      found.steps = [];
      setStatus(
        found,
        {
          at: options.now(),
          status: 'cancelled',
          cause: 'payment_cancelled',
          description: 'Cancelled via the API.',
          origin: 'api',
        },
        'payments',
      );
      save();
      return found.body;
    },

    /**
     * GoCardless's `POST /payments/{id}/actions/retry`: a failed payment submitted to the bank
     * again on `charge_date` (no earlier than the mandate allows, rolled to a working day), with a
     * `resubmission_requested` event. A repeated idempotency key answers the payment as the first
     * call left it, with no second retry.
     */
    retryPayment(id: string, input: Json, key?: string) {
      const found = state.payments[id];
      if (!found) throw notFound();
      const scoped = key ? `payment_retries:${key}` : undefined;
      if (scoped && state.idempotency[scoped] === id) return found.body;
      if (found.body.status !== 'failed')
        throw new GcSandboxError(422, 'invalid_state', 'Only a failed payment can be retried', [
          { reason: 'payment_not_failed', message: 'Only a failed payment can be retried' },
        ]);
      const mandate = mandateOf((found.body.links as Json).mandate);
      if (terminalMandate.has(mandate.body.status))
        throw new GcSandboxError(422, 'invalid_state', 'The mandate is no longer active', [
          { reason: 'mandate_is_inactive', message: 'The mandate is no longer active' },
        ]);
      const floor = chargeFloor(mandate);
      const asked = text(input.charge_date);
      if (asked && !/^\d{4}-\d{2}-\d{2}$/.test(asked)) throw invalid('charge_date', 'must be a date');
      if (asked && compareDates(asked, floor) < 0)
        throw invalid(
          'charge_date',
          `must be on or after the mandate's next_possible_charge_date (${floor})`,
        );
      const chargeDate = nextWorkingDayFrom(asked || floor);
      found.body.status = 'pending_submission';
      found.body.charge_date = chargeDate;
      found.body.retry_count = Number(found.body.retry_count ?? 0) + 1;
      found.steps = scheduled(paymentSteps(options.now(), chargeDate, found.holderName));
      emit(
        'payments',
        'resubmission_requested',
        { payment: id },
        { origin: 'api', cause: 'payment_retried', description: 'This payment was retried via the API.' },
      );
      if (scoped) state.idempotency[scoped] = id;
      save();
      return found.body;
    },

    /** Billing requests (path A): details are held here until `fulfil` creates the mandate. */
    createBillingRequest: (input: Json, key?: string) =>
      idempotent('billing_requests', key, () => {
        const request = input.mandate_request as Json | undefined;
        if (!request) throw invalid('mandate_request', 'is required');
        if (request.currency !== 'GBP') throw invalid('mandate_request.currency', 'must be GBP');
        const created = {
          id: newId('BRQ'),
          created_at: iso(),
          status: 'pending',
          mandate_request: { currency: 'GBP', scheme: 'bacs' },
          metadata: (input.metadata as Json) ?? {},
          actions: ['collect_customer_details', 'collect_bank_account', 'confirm_payer_details'].map(
            (type) => ({
              type,
              required: true,
              status: 'pending',
            }),
          ),
          links: {},
          held: {},
        };
        state.billingRequests[created.id] = created;
        return created as unknown as Tracked;
      }),
    billingRequest(id: string) {
      const found = state.billingRequests[id];
      if (!found) throw notFound();
      const shown: Json = { ...found };
      delete shown.held;
      return shown;
    },
    billingRequestAction(id: string, action: string, input: Json) {
      const found = state.billingRequests[id];
      if (!found) throw notFound();
      const actions = found.actions as { type: string; status: string }[];
      const done = (type: string) => actions.find((entry) => entry.type === type)!.status === 'completed';
      const complete = (type: string) => (actions.find((entry) => entry.type === type)!.status = 'completed');
      const inState = (...allowed: string[]) => {
        if (!allowed.includes(found.status as string))
          throw new GcSandboxError(422, 'invalid_state', `The billing request is ${String(found.status)}`, [
            {
              reason: 'billing_request_invalid_state',
              message: `The billing request is ${String(found.status)}`,
            },
          ]);
      };
      if (action === 'collect_customer_details') {
        inState('pending');
        const customer = (input.customer as Json) ?? {};
        if (!text(customer.given_name)) throw invalid('customer.given_name', 'is required');
        if (!text(customer.family_name)) throw invalid('customer.family_name', 'is required');
        found.held = { ...found.held, customer, billing: input.customer_billing_detail ?? {} };
        complete(action);
      } else if (action === 'collect_bank_account') {
        inState('pending');
        if (!text(input.account_holder_name)) throw invalid('account_holder_name', 'is required');
        const check = checkedAccount(input);
        if (check.kind === 'valid' && check.schemes.length === 0)
          throw invalid('account_number', 'cannot be used for Direct Debit');
        found.held = { ...found.held, bank: input };
        complete(action);
      } else if (action === 'confirm_payer_details') {
        inState('pending');
        if (!done('collect_customer_details') || !done('collect_bank_account'))
          throw new GcSandboxError(422, 'invalid_state', 'Payer details are not yet collected', [
            { reason: 'required_actions_incomplete', message: 'Payer details are not yet collected' },
          ]);
        complete(action);
        found.status = 'ready_to_fulfil';
      } else if (action === 'fulfil') {
        inState('ready_to_fulfil');
        const held = found.held as { customer: Json; billing: Json; bank: Json };
        const customer = createCustomer({ ...held.customer, ...held.billing });
        const account = createBankAccount(held.bank, customer.id);
        const mandate = createMandateFor(account.id, { metadata: found.metadata });
        found.status = 'fulfilled';
        found.held = {};
        found.links = {
          customer: customer.id,
          customer_bank_account: account.id,
          mandate_request_mandate: mandate.body.id,
        };
        emit(
          'billing_requests',
          'fulfilled',
          { billing_request: String(found.id) },
          {
            origin: 'api',
            cause: 'billing_request_fulfilled',
            description: 'This billing request has been fulfilled.',
          },
        );
      } else if (action === 'cancel') {
        inState('pending', 'ready_to_fulfil');
        found.status = 'cancelled';
        found.held = {};
      } else throw notFound();
      save();
      return this.billingRequest(id);
    },

    /** GoCardless's scenario simulators (§3.5): move a resource on now, from an allowed state. */
    simulate(scenario: string, resourceId: string) {
      const mandateRuns: Record<string, [from: string[], to: string[], cause: string]> = {
        mandate_activated: [
          ['pending_submission', 'submitted'],
          ['submitted', 'active'],
          'mandate_activated',
        ],
        mandate_failed: [
          ['pending_submission', 'submitted'],
          ['submitted', 'failed'],
          'invalid_bank_details',
        ],
        mandate_expired: [['pending_submission', 'submitted', 'active'], ['expired'], 'mandate_expired'],
      };
      const paymentRuns: Record<string, [from: string[], to: string[], cause: string]> = {
        payment_submitted: [['pending_submission'], ['submitted'], 'payment_submitted'],
        payment_confirmed: [
          ['pending_submission', 'submitted'],
          ['submitted', 'confirmed'],
          'payment_confirmed',
        ],
        payment_paid_out: [
          ['pending_submission', 'submitted', 'confirmed'],
          ['submitted', 'confirmed', 'paid_out'],
          'payment_paid_out',
        ],
        payment_failed: [['pending_submission', 'submitted'], ['submitted', 'failed'], 'insufficient_funds'],
        payment_charged_back: [['confirmed', 'paid_out'], ['charged_back'], 'refund_requested'],
        payment_late_failure: [['confirmed', 'paid_out'], ['failed'], 'insufficient_funds'],
      };
      const run = mandateRuns[scenario] ?? paymentRuns[scenario];
      if (!run) throw notFound();
      const type = mandateRuns[scenario] ? 'mandates' : 'payments';
      const resource = (type === 'mandates' ? state.mandates : state.payments)[resourceId];
      if (!resource) throw invalid('links.resource', 'does not exist');
      const [from, to, cause] = run;
      if (!from.includes(resource.body.status))
        throw new GcSandboxError(422, 'invalid_state', `The resource must be ${from.join(' or ')}`, [
          { reason: 'resource_not_in_valid_state', message: `The resource must be ${from.join(' or ')}` },
        ]);
      resource.steps = [];
      const events = to
        .filter((status) => status !== resource.body.status)
        .map((status) =>
          setStatus(
            resource,
            {
              at: options.now(),
              status,
              cause: status === to.at(-1) ? cause : `${type.slice(0, -1)}_${status}`,
              description: `Scenario ${scenario}.`,
              origin: 'gocardless',
            },
            type,
          ),
        );
      save();
      return { id: scenario, events };
    },

    /** Every timeline step due by now, applied in time order; answers the events they raised. */
    advance(): GcEvent[] {
      const now = options.now();
      if (now < nextDueAt) return [];
      const before = state.events.length;
      for (;;) {
        const due = [
          ...Object.values(state.mandates).map((resource) => ({ resource, type: 'mandates' as const })),
          ...Object.values(state.payments).map((resource) => ({ resource, type: 'payments' as const })),
        ]
          .filter(({ resource }) => resource.steps.length > 0 && resource.steps[0]!.at <= now)
          .sort((a, b) => a.resource.steps[0]!.at - b.resource.steps[0]!.at);
        const next = due[0];
        if (!next) break;
        setStatus(next.resource, next.resource.steps.shift()!, next.type);
      }
      nextDueAt = earliestStep();
      if (state.events.length > before) save();
      return state.events.slice(before);
    },

    /** The events after the first `count`, oldest first: what the webhook sender has not sent yet. */
    eventsSince: (count: number) => state.events.slice(count),
    eventCount: () => state.events.length,
    events(filter: { resourceType?: string; mandate?: string; payment?: string; limit?: number }) {
      return state.events
        .filter((event) => !filter.resourceType || event.resource_type === filter.resourceType)
        .filter((event) => !filter.mandate || event.links.mandate === filter.mandate)
        .filter((event) => !filter.payment || event.links.payment === filter.payment)
        .slice(-(filter.limit ?? 50))
        .reverse();
    },
    event(id: string) {
      const found = state.events.find((event) => event.id === id);
      if (!found) throw notFound();
      return found;
    },
    counts: () => ({
      customers: Object.keys(state.customers).length,
      customerBankAccounts: Object.keys(state.bankAccounts).length,
      mandates: Object.keys(state.mandates).length,
      payments: Object.keys(state.payments).length,
    }),
    today: () => dateOf(options.now()),
    reset() {
      state = emptyState();
      nextDueAt = Number.NEGATIVE_INFINITY;
      save();
    },
    /** Writes any change not yet on disk (the server calls it as it stops). */
    flush: () => stateFile.flush(),
  };
}
export type SandboxEngine = ReturnType<typeof createSandboxEngine>;
