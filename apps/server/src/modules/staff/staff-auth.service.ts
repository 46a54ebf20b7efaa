import { staffRoleLabels, type StaffUser } from '@lido/contracts/staff';
import type { Db } from '../../db/client.ts';
import { limitedAddress } from '../../http/client-address.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/index.ts';
import type { Limit, RateLimiter, Taken } from '../auth/index.ts';
import { createSessionEngine } from '../auth/index.ts';
import { recordStaffAction } from '../audit/index.ts';
import {
  loggedInFrom,
  rememberLoginAddress,
  type StaffSessionRow,
  staffSessionStore,
  type StaffUserRow,
  staffUserByUsername,
  updateStaffUser,
} from './staff.repository.ts';

export const staffInvalidCredentials = 'Your staff username or password is incorrect.';
export const staffTooManyAttempts = 'Too many attempts. Please wait a while and try again.';
export const staffAccountLocked =
  'This staff account is locked for now after too many wrong passwords. Ask whoever manages staff accounts to unlock it, or try again later.';

const hour = 3_600_000;
/** How long an address a member logged in from still counts as theirs when their account is locked. */
const knownAddressMs = 30 * 24 * hour;
/** Who the audit log says locked an account. */
export const loginLimitActor = 'login limit' as const;

/**
 * Failures counted before any hash (decision 0070). One address gets 20 an hour whatever names it
 * tries, so a single stranger is stopped long before any account's 100; those 100 stop guessing
 * spread over many addresses, and then lock the account only for addresses it has not logged in from.
 */
export const staffLoginLimits = {
  account: (staffUserId: number): Limit => ({
    key: `staff-login:user:${staffUserId}`,
    max: 100,
    windowMs: hour,
  }),
  unknownName: (username: string): Limit => ({
    key: `staff-login:name:${username.trim().toLowerCase()}`,
    max: 100,
    windowMs: hour,
  }),
  client: (address: string): Limit => ({
    key: `staff-login:client:${limitedAddress(address)}`,
    max: 20,
    windowMs: hour,
  }),
};

interface StaffTimeouts {
  /** a desk computer left alone is locked after this long without a request */
  idleTimeoutMs: number;
  /** a session lasts a shift at most */
  absoluteTimeoutMs: number;
}

export interface AuthenticatedStaff {
  session: StaffSessionRow;
  staff: StaffUserRow;
}

export function staffView(staff: StaffUserRow): StaffUser {
  return {
    id: staff.id,
    username: staff.username,
    name: staff.displayName,
    role: staff.role,
    roleLabel: staffRoleLabels[staff.role],
    currencySymbol: staff.currencySymbol,
    centres: staff.role === 'manager' ? staff.centres : [],
  };
}

/**
 * Staff logins and sessions (decision 0053): the same protections as customers' (limits counted
 * before any hash, a decoy hash for unknown names, a new session every login, idle and absolute
 * ends), in tables of their own, so a customer's token can never be a staff session.
 */
export function createStaffAuthService(deps: {
  db: Db;
  operators: OperatorRepository;
  limiter: RateLimiter;
  clock: () => Date;
  timeouts: StaffTimeouts;
}) {
  const { db, limiter, clock, timeouts } = deps;
  const sessions = createSessionEngine({
    store: staffSessionStore(db),
    rules: {
      lifetimeMs: () => timeouts.absoluteTimeoutMs,
      idleLimitMs: () => timeouts.idleTimeoutMs,
      // A closed account's sessions end at its next request, whatever their times.
      holderAllowed: (staff) => staff.active,
    },
    clock,
  });

  /**
   * Takes one attempt from the address's limit, then from the account's. An account whose allowance
   * is spent still takes attempts from the addresses its member logged in from lately (their own
   * address limit holds there); anyone else is told it is locked. `locks` is true for the attempt
   * that used the account's last allowance: if it fails, the account is locked from then on.
   */
  async function takeLoginAttempt(
    staff: StaffUserRow | undefined,
    username: string,
    clientAddress: string,
  ): Promise<{ taken: Taken[]; locks: boolean }> {
    const client = await limiter.takeAll([staffLoginLimits.client(clientAddress)]);
    if (!client) throw new HttpError(429, staffTooManyAttempts);
    const limit = staff ? staffLoginLimits.account(staff.id) : staffLoginLimits.unknownName(username);
    const account = await limiter.take(limit);
    if (account)
      return { taken: [...client, account], locks: staff !== undefined && account.used >= limit.max };
    const since = new Date(clock().getTime() - knownAddressMs);
    if (staff && (await loggedInFrom(db, staff.id, limitedAddress(clientAddress), since)))
      return { taken: client, locks: false };
    await limiter.giveBack(client);
    throw new HttpError(429, staffAccountLocked);
  }

  return {
    async login(input: {
      username: string;
      password: string;
      clientAddress: string;
      previousToken?: string | undefined;
    }): Promise<{ token: string; staff: StaffUserRow }> {
      const operator = await requireOperator(deps.operators);
      const found = await staffUserByUsername(db, operator.id, input.username);
      const { taken, locks } = await takeLoginAttempt(found, input.username, input.clientAddress);
      // A closed account is checked like any other, so its answer takes as long and says the same.
      const matched =
        found && (await verifyPassword(found.passwordHash, input.password)) && found.active
          ? found
          : undefined;
      if (!found) await verifyPassword(await decoyPasswordHash(), input.password);
      if (!matched) {
        if (found && locks)
          await recordStaffAction(db, {
            by: { tool: loginLimitActor },
            action: 'staff.locked',
            details: {
              staffUserId: found.id,
              username: found.username,
              failures: staffLoginLimits.account(found.id).max,
              lastAddress: limitedAddress(input.clientAddress),
            },
          });
        throw new ValidationError({ username: [staffInvalidCredentials] });
      }
      await limiter.giveBack(taken);
      if (needsRehash(matched.passwordHash))
        await updateStaffUser(db, matched.id, { passwordHash: await hashPassword(input.password) });
      const now = clock();
      await rememberLoginAddress(db, {
        staffUserId: matched.id,
        address: limitedAddress(input.clientAddress),
        at: now,
        forgetBefore: new Date(now.getTime() - knownAddressMs),
      });
      const token = await sessions.start({ staffUserId: matched.id }, input.previousToken);
      return { token, staff: matched };
    },

    /** The live staff session for a token; a request more than a minute after the last extends it. */
    async authenticate(token: string | undefined): Promise<AuthenticatedStaff | null> {
      const live = await sessions.authenticate(token);
      return live && { session: live.session, staff: live.holder };
    },

    sessionTimes: (token: string | undefined) => sessions.times(token),
    extendSession: (token: string | undefined) => sessions.extend(token),
    logout: (token: string | undefined) => sessions.end(token),
  };
}
