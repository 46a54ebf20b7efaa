import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  BankDetailsLookup,
  BillingRequest,
  Customer,
  CustomerBankAccount,
  Event as GcEvent,
  Mandate,
  Payment,
} from 'gocardless-nodejs';

/**
 * GoCardless over plain HTTP (payments-reference.md §3.6). The official SDK's base URL is fixed,
 * so this small client does what it does (bearer token, version header, an idempotency key on
 * every create, the 409 conflict answered with the existing resource) against any base URL: the
 * live API or our sandbox. It reuses the SDK's types only.
 */

const goCardlessVersion = '2015-07-06';

interface GcFieldError {
  field?: string;
  reason?: string;
  message: string;
  links?: Record<string, string>;
}

/** A GoCardless error answer, or `unreachable` when no answer came (the outcome is unknown). */
export class GoCardlessError extends Error {
  constructor(
    readonly status: number | 'unreachable',
    readonly type: string,
    message: string,
    readonly errors: GcFieldError[] = [],
  ) {
    super(message);
    this.name = 'GoCardlessError';
  }
  get isValidation(): boolean {
    return this.type === 'validation_failed';
  }
}

interface GoCardlessClientOptions {
  baseUrl: string;
  accessToken: string;
  webhookSecret: string;
  timeoutMs?: number;
}

export type { BankDetailsLookup, BillingRequest, Customer, CustomerBankAccount, GcEvent, Mandate, Payment };

export interface NewPayment {
  amount: number;
  currency: 'GBP';
  charge_date?: string;
  reference?: string;
  description?: string;
  metadata?: Record<string, string>;
  links: { mandate: string };
}

export function createGoCardlessClient(options: GoCardlessClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          'gocardless-version': goCardlessVersion,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new GoCardlessError('unreachable', 'unreachable', (error as Error).message);
    }
    const json = (await response.json().catch(() => ({}))) as {
      error?: { type?: string; message?: string; errors?: GcFieldError[] };
    };
    if (response.ok) return json as T;
    const error = json.error ?? {};
    throw new GoCardlessError(
      response.status,
      error.type ?? 'gocardless',
      error.message ?? `GoCardless answered ${response.status}`,
      error.errors ?? [],
    );
  }

  /** A create, keyed: a repeat with the same key answers the resource the first one made. */
  async function create<T>(resource: string, fields: unknown, idempotencyKey: string): Promise<T> {
    try {
      const answer = await call<Record<string, T>>(
        'POST',
        `/${resource}`,
        { [resource]: fields },
        idempotencyKey,
      );
      return answer[resource]!;
    } catch (error) {
      const conflict =
        error instanceof GoCardlessError && error.status === 409
          ? error.errors.find((entry) => entry.reason === 'idempotent_creation_conflict')
          : undefined;
      const existing = conflict?.links?.conflicting_resource_id;
      if (!existing) throw error;
      return get<T>(resource, existing);
    }
  }

  async function get<T>(resource: string, id: string): Promise<T> {
    const answer = await call<Record<string, T>>('GET', `/${resource}/${encodeURIComponent(id)}`);
    return answer[resource]!;
  }

  async function action<T>(
    resource: string,
    id: string,
    name: string,
    data?: unknown,
    idempotencyKey?: string,
  ): Promise<T> {
    const answer = await call<Record<string, T>>(
      'POST',
      `/${resource}/${encodeURIComponent(id)}/actions/${name}`,
      data === undefined ? {} : { data },
      idempotencyKey,
    );
    return answer[resource]!;
  }

  return {
    lookupBankDetails: async (fields: {
      account_number: string;
      branch_code: string;
      country_code: 'GB';
      account_holder_name?: string;
    }) =>
      (
        await call<{ bank_details_lookups: BankDetailsLookup }>('POST', '/bank_details_lookups', {
          bank_details_lookups: fields,
        })
      ).bank_details_lookups,

    createCustomer: (fields: Partial<Customer>, key: string = randomUUID()) =>
      create<Customer>('customers', fields, key),
    createCustomerBankAccount: (
      fields: {
        account_holder_name: string;
        account_number: string;
        branch_code: string;
        country_code: 'GB';
        links: { customer: string };
      },
      key: string = randomUUID(),
    ) => create<CustomerBankAccount>('customer_bank_accounts', fields, key),
    createMandate: (
      fields: {
        scheme?: 'bacs';
        reference?: string;
        metadata?: Record<string, string>;
        links: { customer_bank_account: string };
      },
      key: string = randomUUID(),
    ) => create<Mandate>('mandates', fields, key),
    getMandate: (id: string) => get<Mandate>('mandates', id),
    cancelMandate: (id: string) => action<Mandate>('mandates', id, 'cancel'),
    createPayment: (fields: NewPayment, key: string = randomUUID()) =>
      create<Payment>('payments', fields, key),
    getPayment: (id: string) => get<Payment>('payments', id),
    cancelPayment: (id: string) => action<Payment>('payments', id, 'cancel'),
    /** A failed payment submitted again; the key makes a repeated call one retry. */
    retryPayment: (
      id: string,
      data: { charge_date?: string; metadata?: Record<string, string> },
      key: string,
    ) => action<Payment>('payments', id, 'retry', data, key),

    createBillingRequest: (fields: { metadata?: Record<string, string> }, key: string = randomUUID()) =>
      create<BillingRequest>(
        'billing_requests',
        { mandate_request: { currency: 'GBP', scheme: 'bacs' }, ...fields },
        key,
      ),
    getBillingRequest: (id: string) => get<BillingRequest>('billing_requests', id),
    billingRequestAction: (id: string, name: string, data?: unknown) =>
      action<BillingRequest>('billing_requests', id, name, data),

    /**
     * `Webhook-Signature` checked on the raw body before anything is parsed; answers the events,
     * or null when the signature is missing or wrong.
     */
    parseWebhook(rawBody: Buffer, signature: string | undefined): GcEvent[] | null {
      if (!signature) return null;
      const expected = createHmac('sha256', options.webhookSecret).update(rawBody).digest();
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const parsed = JSON.parse(rawBody.toString('utf8')) as { events?: GcEvent[] };
      return Array.isArray(parsed.events) ? parsed.events : [];
    },
  };
}
export type GoCardlessClient = ReturnType<typeof createGoCardlessClient>;
