import { createHash } from 'node:crypto';
import type {
  AuthorisedCard,
  AuthoriseRequest,
  CardProvider,
  PreparedSession,
  ProviderError,
  PaymentDetails,
  ProviderOutcome,
  SavedCardChargeRequest,
} from './card-provider.ts';

/**
 * Opayo Pi over its REST API (payments-reference.md §1). The same code serves the real Opayo and
 * the built-in sandbox: only `apiBase` and the credentials differ, so sandbox tests exercise it.
 */
interface OpayoOptions {
  name: string;
  apiBase: string;
  vendorName: string;
  integrationKey: string;
  integrationPassword: string;
  /** where the browser loads the drop-in script */
  scriptUrl: string;
  mode: string;
  /** how long to wait for an answer before the outcome counts as unknown */
  timeoutMs?: number;
  /** the provider's "today" for deciding void or refund (Opayo voids until midnight) */
  now?: () => Date;
  /**
   * Opayo's Reporting & Admin API (its `access.htm` address and a My Opayo user), which alone can
   * find a transaction by our vendorTxCode (payments-reference.md §4.2): Pi has no such look-up.
   */
  reporting?: { url: string; user: string; password: string } | undefined;
}

/** The Reporting API's answer for an unknown vendorTxCode (unverified: check on the test server). */
const reportingNotFound = '0043';

const xmlEscape = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const xmlField = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

type Json = Record<string, unknown>;

class OpayoTimeout extends Error {}

export function createOpayoCardProvider(options: OpayoOptions): CardProvider {
  const auth = `Basic ${Buffer.from(`${options.integrationKey}:${options.integrationPassword}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    let response: Response;
    try {
      response = await fetch(`${options.apiBase}${path}`, {
        method,
        headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new OpayoTimeout();
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
  }

  function apiError(body: Json): ProviderError {
    const errors = Array.isArray(body.errors) ? (body.errors as Json[]) : undefined;
    const first = errors?.[0] ?? body;
    return {
      code: String(first.code ?? '9999'),
      message: String(first.clientMessage ?? first.description ?? 'Payment processing error'),
      details: errors?.map((error) => ({ property: error.property, clientMessage: error.clientMessage })),
    };
  }

  function card(body: Json): AuthorisedCard {
    const details = ((body.paymentMethod as Json | undefined)?.card ?? {}) as Json;
    const expiry = String(details.expiryDate ?? '0000');
    return {
      type: String(details.cardType ?? 'Card'),
      lastFour: String(details.lastFourDigits ?? '0000'),
      expiryMonth: Number(expiry.slice(0, 2)),
      expiryYear: 2000 + Number(expiry.slice(2, 4)),
      reference: details.reusable === true ? String(details.cardIdentifier) : undefined,
      reusable: details.reusable === true,
    };
  }

  /** A transaction object (201) as our outcome. */
  function outcome(body: Json): ProviderOutcome {
    const providerTxId = String(body.transactionId);
    if (body.status === 'Ok') return { status: 'authorised', providerTxId, card: card(body) };
    if (body.status === '3DAuth')
      return {
        status: 'sca_required',
        providerTxId,
        scaUrl: body.acsUrl ? String(body.acsUrl) : undefined,
        scaMethod: 'POST',
        ...(body.cReq ? { scaData: { creq: String(body.cReq) } } : {}),
      };
    return {
      status: 'failed',
      providerTxId,
      error: {
        code: String(body.statusCode),
        message: String(body.statusDetail ?? 'Payment was declined'),
        details: {
          bankResponseCode: body.bankResponseCode,
          additionalDeclineDetail: body.additionalDeclineDetail,
          avsCvcCheck: body.avsCvcCheck,
          '3DSecure': body['3DSecure'],
        },
      },
    };
  }

  async function lookUp(providerTxId: string): Promise<ProviderOutcome | undefined> {
    const { status, body } = await call('GET', `/transactions/${encodeURIComponent(providerTxId)}`);
    if (status === 404) return undefined;
    if (status !== 200) throw new Error(`Opayo transaction look-up failed: ${apiError(body).code}`);
    return outcome(body);
  }

  /** Who pays, what for and how much: the fields every payment carries. */
  function payer(request: PaymentDetails) {
    return {
      vendorTxCode: request.vendorTxCode,
      amount: request.amountPence,
      currency: request.currency,
      description: request.description.slice(0, 100),
      customerFirstName: request.billing.firstName.slice(0, 20),
      customerLastName: request.billing.lastName.slice(0, 20),
      customerEmail: request.email.slice(0, 80),
      billingAddress: {
        address1: request.billing.line1.slice(0, 50),
        ...(request.billing.line2 ? { address2: request.billing.line2.slice(0, 50) } : {}),
        city: request.billing.city.slice(0, 40),
        postalCode: request.billing.postcode.slice(0, 10),
        country: request.billing.country,
      },
      entryMethod: 'Ecommerce',
    };
  }

  /** POST /transactions: its answer as our outcome; no answer in time is an unknown outcome. */
  async function sendTransaction(body: Json, attemptUuid: string): Promise<ProviderOutcome> {
    try {
      const { status, body: answer } = await call('POST', '/transactions', body);
      if (status === 201) return outcome(answer);
      if (status === 202) {
        const result = outcome({ ...answer, status: '3DAuth' });
        // Our attempt, not Opayo's id, travels through the issuer (Opayo rejects its own id there).
        if (result.status === 'sca_required')
          result.scaData = {
            ...result.scaData,
            threeDSSessionData: Buffer.from(attemptUuid).toString('base64url'),
          };
        return result;
      }
      const error = apiError(answer);
      // A timeout at Opayo (9998) leaves the outcome unknown, like a lost answer.
      if (status === 408 || error.code === '9998') return { status: 'unknown', error };
      return { status: 'failed', error };
    } catch (error) {
      if (error instanceof OpayoTimeout)
        return {
          status: 'unknown',
          error: { code: '9998', message: 'The card provider did not answer in time' },
        };
      throw error;
    }
  }

  return {
    name: options.name,
    cardInput: 'card-identifier',

    async prepare(): Promise<PreparedSession> {
      const { status, body } = await call('POST', '/merchant-session-keys', {
        vendorName: options.vendorName,
      });
      if (status !== 201) throw new Error(`Opayo merchant session key failed: ${apiError(body).code}`);
      return {
        sessionKey: String(body.merchantSessionKey),
        configuration: { mode: options.mode, url: options.scriptUrl },
      };
    },

    async authorise(request: AuthoriseRequest): Promise<ProviderOutcome> {
      const input = request.card;
      if (input.kind !== 'new' && input.kind !== 'saved')
        throw new Error('A Stripe payment method cannot be paid through Opayo');
      const browser = request.browser;
      const body = {
        transactionType: 'Payment',
        paymentMethod: {
          card:
            input.kind === 'saved'
              ? { merchantSessionKey: input.sessionKey, cardIdentifier: input.reference, reusable: true }
              : {
                  merchantSessionKey: input.sessionKey,
                  cardIdentifier: input.cardIdentifier,
                  save: input.save,
                },
        },
        ...payer(request),
        apply3DSecure: 'UseMSPSetting',
        ...(input.kind === 'saved' || input.save
          ? {
              credentialType:
                input.kind === 'saved'
                  ? { cofUsage: 'Subsequent', initiatedType: 'CIT', mitType: 'Unscheduled' }
                  : { cofUsage: 'First', initiatedType: 'CIT', mitType: 'Unscheduled' },
            }
          : {}),
        strongCustomerAuthentication: {
          notificationURL: request.notificationUrl,
          browserIP: browser.ip,
          browserAcceptHeader: browser.acceptHeader.slice(0, 2048) || '*/*',
          browserJavascriptEnabled: browser.javascriptEnabled,
          browserJavaEnabled: browser.javaEnabled,
          browserLanguage: browser.language.slice(0, 8),
          browserColorDepth: String(browser.colourDepth),
          browserScreenHeight: String(browser.screenHeight).slice(0, 6),
          browserScreenWidth: String(browser.screenWidth).slice(0, 6),
          browserTZ: String(browser.timezoneOffset),
          browserUserAgent: browser.userAgent.slice(0, 2048) || 'unknown',
          challengeWindowSize: request.challengeWindowSize,
          transType: 'GoodsAndServicePurchase',
        },
      };
      return sendTransaction(body, request.attemptUuid);
    },

    async chargeSavedCard(request: SavedCardChargeRequest): Promise<ProviderOutcome> {
      // A reusable card identifier still travels with a fresh merchant session key.
      let session: { status: number; body: Json };
      try {
        session = await call('POST', '/merchant-session-keys', { vendorName: options.vendorName });
      } catch {
        session = { status: 408, body: {} };
      }
      // No transaction was sent, so nothing can have been charged.
      if (session.status !== 201)
        return {
          status: 'failed',
          error: { code: 'session_unavailable', message: 'The card provider could not be reached' },
        };
      const body = {
        transactionType: 'Payment',
        paymentMethod: {
          card: {
            merchantSessionKey: String(session.body.merchantSessionKey),
            cardIdentifier: request.reference,
            reusable: true,
          },
        },
        ...payer(request),
        // A merchant-initiated charge of a card on file: out of scope of 3-D Secure, no browser.
        credentialType: { cofUsage: 'Subsequent', initiatedType: 'MIT', mitType: 'Unscheduled' },
      };
      return sendTransaction(body, request.attemptUuid);
    },

    async completeChallenge(providerTxId, answer): Promise<ProviderOutcome> {
      const { status, body } = await call(
        'POST',
        `/transactions/${encodeURIComponent(providerTxId)}/3d-secure-challenge`,
        {
          cRes: answer.cres ?? '',
        },
      );
      if (status === 201) return outcome(body);
      return { status: 'failed', providerTxId, error: apiError(body) };
    },

    lookUp,

    async findByReference(vendorTxCode): Promise<ProviderOutcome | undefined> {
      const reporting = options.reporting;
      if (!reporting)
        throw new Error('The Opayo Reporting API is not configured: the payment cannot be looked up');
      // The request is signed with an MD5 of its fields followed by the user's password.
      const fields =
        `<command>getTransactionDetail</command><vendor>${xmlEscape(options.vendorName)}</vendor>` +
        `<user>${xmlEscape(reporting.user)}</user><vendortxcode>${xmlEscape(vendorTxCode)}</vendortxcode>`;
      const signature = createHash('md5')
        .update(`${fields}<password>${xmlEscape(reporting.password)}</password>`)
        .digest('hex')
        .toUpperCase();
      const response = await fetch(reporting.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          XML: `<vspaccess>${fields}<signature>${signature}</signature></vspaccess>`,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const xml = await response.text();
      const code = xmlField(xml, 'errorcode');
      if (code === reportingNotFound) return undefined;
      const found = xmlField(xml, 'vpstxid');
      if (code !== '0000' || !found)
        throw new Error(`Opayo transaction report failed: ${code ?? response.status}`);
      // The report's VPSTxId is Pi's transactionId in braces; Pi answers its current state.
      return lookUp(found.replace(/[{}]/g, ''));
    },

    async refund(providerTxId, input) {
      const refunded = await call('POST', '/transactions', {
        transactionType: 'Refund',
        referenceTransactionId: providerTxId,
        vendorTxCode: input.vendorTxCode,
        amount: input.amountPence,
        description: 'Refund: booking cancelled',
      });
      if (refunded.status === 201) return 'refunded';
      throw new Error(`Opayo could not refund ${providerTxId}: ${apiError(refunded.body).code}`);
    },

    async reverse(providerTxId, input) {
      const voided = await call('POST', `/transactions/${encodeURIComponent(providerTxId)}/instructions`, {
        instructionType: 'void',
      });
      if (voided.status === 201) return 'voided';
      // Past midnight a payment can no longer be voided (1017): it is refunded instead.
      const refunded = await call('POST', '/transactions', {
        transactionType: 'Refund',
        referenceTransactionId: providerTxId,
        vendorTxCode: input.vendorTxCode,
        amount: input.amountPence,
        description: 'Refund: order could not be completed',
      });
      if (refunded.status === 201) return 'refunded';
      throw new Error(`Opayo could not void or refund ${providerTxId}: ${apiError(refunded.body).code}`);
    },
  };
}
