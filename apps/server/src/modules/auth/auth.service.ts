import type { Config } from '../../config.ts';
import { limitedAddress } from '../../http/client-address.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import type { AuthRepository, CustomerRow, CustomerSessionOwner, SessionRow } from './auth.repository.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { Limit, RateLimiter } from './rate-limiter.ts';
import { createSessionEngine, type SessionRules } from './session-engine.ts';

const invalidCredentialsMessage = 'Your email address, customer ID or password is incorrect.';
export const tooManyAttemptsMessage = 'Too many attempts. Please wait a while and try again.';
/** Said the same for a name that matches no account (quality.md S4), so it reveals nothing. */
const accountLockedMessage =
  'This account is locked for now after too many wrong passwords. To log in straight away, choose "I have forgotten my password" and set a new one; otherwise try again later.';

const hour = 3_600_000;
/**
 * quality.md S3: at most 100 failed logins per account per hour, whichever identifier was typed
 * (an email and a customer ID reach the same account); a name that matches no account is counted
 * as itself, so locking it behaves the same. A client address gets a wider limit.
 */
export const loginLimits = {
  account: (customerId: number): Limit => ({ key: `login:customer:${customerId}`, max: 100, windowMs: hour }),
  unknownName: (username: string): Limit => ({
    key: `login:name:${username.trim().toLowerCase()}`,
    max: 100,
    windowMs: hour,
  }),
  client: (address: string): Limit => ({
    key: `login:client:${limitedAddress(address)}`,
    max: 300,
    windowMs: hour,
  }),
};

const kioskIdleTimeoutMs = 2 * 60_000;
/** A kiosk session outlives the kiosk page's own idle reset by this much, so the page always resets first. */
const kioskResetMarginMs = 15_000;

export interface AuthenticatedSession {
  session: SessionRow;
  customer: CustomerRow;
}

/**
 * Which line a request's session check waits in for a database connection: a payment's goes
 * first (decision 0067). Routes choose it with `config: { pool: 'payment' }` (http/route-options.ts).
 */
type SessionPool = 'ordinary' | 'payment';

export function createAuthService(deps: {
  config: Config;
  operators: OperatorRepository;
  auth: AuthRepository;
  /** the same repository on the payments handle, first in line for a connection */
  paymentAuth: AuthRepository;
  limiter: RateLimiter;
  clock: () => Date;
  /** stores a customer's password hash (the customers module's write: it uses this module) */
  setPasswordHash: (customerId: number, passwordHash: string) => Promise<void>;
  /** why strikes stop the customer booking online now, or null (the registers module; decision 0096) */
  strikeBlockOf?: (customerId: number) => Promise<string | null>;
}) {
  const { config, operators, auth, limiter, clock } = deps;

  /** A shared kiosk forgets an idle customer quickly, but never before the kiosk page resets itself. */
  function idleLimitFor(session: SessionRow): number {
    if (!session.kiosk) return config.auth.idleTimeoutMs;
    const kioskIdle = Math.max(kioskIdleTimeoutMs, config.kioskIdle.resetMs + kioskResetMarginMs);
    return Math.min(config.auth.idleTimeoutMs, kioskIdle);
  }
  const rules: SessionRules<SessionRow, CustomerRow, CustomerSessionOwner> = {
    lifetimeMs: (owner) => (owner.kiosk ? config.auth.kioskTimeoutMs : config.auth.absoluteTimeoutMs),
    idleLimitMs: idleLimitFor,
  };
  const sessions = {
    ordinary: createSessionEngine({ store: auth.sessions, rules, clock }),
    payment: createSessionEngine({ store: deps.paymentAuth.sessions, rules, clock }),
  } satisfies Record<SessionPool, unknown>;

  /**
   * One attempt off the client's allowance, then off each account's (an email shared by several
   * accounts is tried against each, so it counts against each). Refused, nothing stays counted.
   */
  async function takeLoginAttempt(candidates: CustomerRow[], username: string, clientAddress: string) {
    const client = await limiter.takeAll([loginLimits.client(clientAddress)]);
    if (!client) throw new HttpError(429, tooManyAttemptsMessage);
    const accounts = await limiter.takeAll(
      candidates.length > 0
        ? candidates.map((candidate) => loginLimits.account(candidate.id))
        : [loginLimits.unknownName(username)],
    );
    if (!accounts) {
      await limiter.giveBack(client);
      throw new HttpError(429, accountLockedMessage);
    }
    return [...client, ...accounts];
  }

  return {
    /** A new session for a customer who has just proved who they are (registering, a new password). */
    startSession: (customerId: number, kiosk: boolean) => sessions.ordinary.start({ customerId, kiosk }),
    /**
     * Counts the attempt against the client and against every account the name could mean before
     * any hash is computed, atomically, so concurrent guesses cannot slip past the limit. A failure
     * keeps those counts and says nothing about which part was wrong; a right password gives them back.
     */
    async login(input: {
      username: string;
      password: string;
      clientAddress: string;
      kiosk: boolean;
      previousToken?: string | undefined;
    }) {
      const operator = await requireOperator(operators);
      const candidates = await auth.customersForLogin(operator.id, input.username);
      const taken = await takeLoginAttempt(candidates, input.username, input.clientAddress);
      let matched: CustomerRow | undefined;
      if (candidates.length === 0) {
        await verifyPassword(await decoyPasswordHash(), input.password);
      }
      for (const candidate of candidates) {
        if (await verifyPassword(candidate.passwordHash, input.password)) {
          matched = candidate;
          break;
        }
      }
      if (!matched) throw new ValidationError({ username: [invalidCredentialsMessage] });
      await limiter.giveBack(taken);
      if (needsRehash(matched.passwordHash))
        await deps.setPasswordHash(matched.id, await hashPassword(input.password));
      // A new session every login; the one the browser had before is ended (quality.md S7).
      const token = await sessions.ordinary.start(
        { customerId: matched.id, kiosk: input.kiosk },
        input.previousToken,
      );
      return { customer: matched, token };
    },

    /** The live session for a token, enforcing idle and absolute expiry; touching it extends the idle window. */
    async authenticate(
      token: string | undefined,
      pool: SessionPool = 'ordinary',
    ): Promise<AuthenticatedSession | null> {
      const live = await sessions[pool].authenticate(token);
      return live && { session: live.session, customer: live.holder };
    },

    /** When the session ends if nothing happens, without counting this question as activity. */
    sessionTimes: (token: string | undefined) => sessions.ordinary.times(token),

    /**
     * "Stay signed in", and the browser's debounced note that the customer is typing or tapping:
     * the idle window starts again now (always written, unlike authenticate's minute precision, so
     * the answer is exact).
     */
    extendSession: (token: string | undefined) => sessions.ordinary.extend(token),

    logout: (token: string | undefined) => sessions.ordinary.end(token),

    /** The spec's "Auth user". */
    async userView(customer: CustomerRow) {
      return {
        id: customer.id,
        reference: customer.reference,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        homeVenueSlug: await auth.homeVenueSlug(customer.homeVenueId),
        // A penalty to settle, or strikes that stop online booking for now (decision 0096).
        hasOutstandingPenalties:
          customer.hasOutstandingPenalties || ((await deps.strikeBlockOf?.(customer.id)) ?? null) !== null,
        membershipUser: { id: customer.id, homeVenueId: customer.homeVenueId },
        credit: { balance: await auth.creditBalance(customer.id) },
        hasInstruction: customer.hasDirectDebitInstruction,
        hasBillingDate: customer.billingDay !== null,
        billingDay: customer.billingDay,
        documentExpiry: [] as { documentExpiringSoon: boolean; daysToExpiry: number }[],
        membershipDocumentUploadRequired: customer.membershipDocumentUploadRequired,
        profilePhoto: customer.profilePhotoUrl,
      };
    },
  };
}
