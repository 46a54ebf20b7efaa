import type { SessionTimes } from '@lido/contracts/auth';
import type { Config } from '../../config.ts';
import { limitedAddress } from '../../http/client-address.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { requireOperator } from '../operator/current-operator.ts';
import type { OperatorRepository } from '../operator/operator.repository.ts';
import type { AuthRepository, CustomerRow, SessionRow } from './auth.repository.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { Limit, RateLimiter } from './rate-limiter.ts';
import { hashToken, newToken } from './tokens.ts';

export const invalidCredentialsMessage = 'Your email address, customer ID or password is incorrect.';
export const tooManyAttemptsMessage = 'Too many attempts. Please wait a while and try again.';
/** Said the same for a name that matches no account (quality.md S4), so it reveals nothing. */
export const accountLockedMessage =
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

export const kioskIdleTimeoutMs = 2 * 60_000;
/** A kiosk session outlives the kiosk page's own idle reset by this much, so the page always resets first. */
export const kioskResetMarginMs = 15_000;

export interface AuthenticatedSession {
  session: SessionRow;
  customer: CustomerRow;
}

export function createAuthService(deps: {
  config: Config;
  operators: OperatorRepository;
  auth: AuthRepository;
  limiter: RateLimiter;
  clock: () => Date;
}) {
  const { config, operators, auth, limiter, clock } = deps;

  async function startSession(customerId: number, kiosk: boolean): Promise<string> {
    const token = newToken();
    const now = clock();
    await auth.createSession({
      customerId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(
        now.getTime() + (kiosk ? config.auth.kioskTimeoutMs : config.auth.absoluteTimeoutMs),
      ),
      kiosk,
    });
    return token;
  }

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

  /** A shared kiosk forgets an idle customer quickly, but never before the kiosk page resets itself. */
  function idleLimitFor(session: SessionRow): number {
    if (!session.kiosk) return config.auth.idleTimeoutMs;
    const kioskIdle = Math.max(kioskIdleTimeoutMs, config.kioskIdle.resetMs + kioskResetMarginMs);
    return Math.min(config.auth.idleTimeoutMs, kioskIdle);
  }

  /** The session behind a token if it is still live; one past its idle or absolute end is revoked. */
  async function liveSession(token: string | undefined) {
    if (!token) return null;
    const found = await auth.activeSession(hashToken(token));
    if (!found) return null;
    const { session, customer } = found;
    const now = clock();
    const idleFor = now.getTime() - session.lastSeenAt.getTime();
    if (now >= session.expiresAt || idleFor > idleLimitFor(session)) {
      await auth.revokeSession(session.tokenHash, now);
      return null;
    }
    if (!customer) return null;
    return { session, customer, now, idleFor };
  }

  function timesOf(session: SessionRow, lastSeen: Date, now: Date): SessionTimes {
    const idleEnd = lastSeen.getTime() + idleLimitFor(session);
    const end = Math.min(idleEnd, session.expiresAt.getTime());
    return {
      expiresAt: new Date(end).toISOString(),
      expiresInMs: Math.max(0, end - now.getTime()),
      idleTimeoutMs: idleLimitFor(session),
      extendable: idleEnd < session.expiresAt.getTime(),
    };
  }

  return {
    startSession,
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
        await auth.updatePasswordHash(matched.id, await hashPassword(input.password));
      // A new session every login; the one the browser had before is ended (quality.md S7).
      if (input.previousToken) await auth.revokeSession(hashToken(input.previousToken), clock());
      return { customer: matched, token: await startSession(matched.id, input.kiosk) };
    },

    /** The live session for a token, enforcing idle and absolute expiry; touching it extends the idle window. */
    async authenticate(token: string | undefined): Promise<AuthenticatedSession | null> {
      const live = await liveSession(token);
      if (!live) return null;
      // Writing on every request would serialise reads; a minute's precision is plenty for a 30-minute idle limit.
      if (live.idleFor > 60_000) await auth.touchSession(live.session.id, live.now);
      return { session: live.session, customer: live.customer };
    },

    /** When the session ends if nothing happens, without counting this question as activity. */
    async sessionTimes(token: string | undefined): Promise<SessionTimes | null> {
      const live = await liveSession(token);
      return live ? timesOf(live.session, live.session.lastSeenAt, live.now) : null;
    },

    /**
     * "Stay signed in", and the browser's debounced note that the customer is typing or tapping:
     * the idle window starts again now (always written, unlike authenticate's minute precision, so
     * the answer is exact).
     */
    async extendSession(token: string | undefined): Promise<SessionTimes | null> {
      const live = await liveSession(token);
      if (!live) return null;
      await auth.touchSession(live.session.id, live.now);
      return timesOf(live.session, live.now, live.now);
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await auth.revokeSession(hashToken(token), clock());
    },

    /** The spec's "Auth user". */
    async userView(customer: CustomerRow) {
      return {
        id: customer.id,
        reference: customer.reference,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        homeVenueSlug: await auth.homeVenueSlug(customer.homeVenueId),
        hasOutstandingPenalties: customer.hasOutstandingPenalties,
        membershipUser: { id: customer.id, homeVenueId: customer.homeVenueId },
        credit: { balance: customer.creditBalancePence },
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
export type AuthService = ReturnType<typeof createAuthService>;
