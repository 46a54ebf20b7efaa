import type { RegisterBody, UserUpdateBody } from '@lido/contracts/customer';
import type { DeskCustomerUpdateBody } from '@lido/contracts/desk-account';
import type { DeskCustomerBody } from '@lido/contracts/front-of-house';
import type { Db } from '../../db/client.ts';
import { recordStaffAction } from '../audit/index.ts';
import { normalisePostcode } from '@lido/contracts/uk-postcode';
import { urlInLanguage } from '@lido/messages/server-words';
import { invalidDateMessage, pastDateMessage } from '@lido/contracts/date-input';
import { type CalendarDate, isCalendarDate } from '@lido/pricing/calendar-date';
import type { FastifyBaseLogger } from 'fastify';
import { limitedAddress } from '../../http/client-address.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { EmailQueue } from '../email/index.ts';
import type { AuthRepository } from '../auth/index.ts';
import type { CustomerRow } from '../auth/index.ts';
import { hashPassword, verifyPassword } from '../auth/index.ts';
import type { Limit, RateLimiter } from '../auth/index.ts';
import { loginLimits, tooManyAttemptsMessage } from '../auth/index.ts';
import { hashToken, newToken } from '../auth/index.ts';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import { type CustomersRepository, emailInUse, setCustomerLanguage } from './customers.repository.ts';
import { passwordConfirmationMessage, passwordProblems } from './password-policy.ts';
import { resetEmail } from './reset-email.ts';

const hour = 3_600_000;
const resetLinkLifetimeMs = hour;
/** Lido's wording (the spec has none: registration lets accounts share an email, the desk does not). */
export const deskEmailInUseMessage =
  'A customer with this email address already exists. Search for them instead of creating another.';
/** Changing a customer's email at the desk to one another account holds (decision 0085). */
export const deskEmailTakenMessage =
  'Another customer already uses this email address. Search for them: they may have two accounts.';
export const deskDependantEmailMessage =
  'A family member uses their account holder’s email address: change it on the account holder’s page.';
export const forgottenPasswordAnswer =
  "If we find an account with those details, we'll email instructions for resetting its password.";

const limits = {
  registerClient: (address: string): Limit => ({
    key: `register:client:${limitedAddress(address)}`,
    max: 20,
    windowMs: hour,
  }),
  resetClient: (address: string): Limit => ({
    key: `reset:client:${limitedAddress(address)}`,
    max: 20,
    windowMs: hour,
  }),
  resetAccount: (value: string): Limit => ({
    key: `reset:account:${value.trim().toLowerCase()}`,
    max: 5,
    windowMs: hour,
  }),
};

function checkPasswordPair(password: string, confirmation: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const problems = passwordProblems(password);
  if (problems.length > 0) errors.password = problems;
  if (password !== confirmation) errors.passwordConfirmation = [passwordConfirmationMessage];
  return errors;
}

export function createCustomersService(deps: {
  db: Db;
  operators: OperatorRepository;
  customers: CustomersRepository;
  auth: AuthRepository;
  limiter: RateLimiter;
  email: EmailQueue;
  clock: () => Date;
  today: () => CalendarDate;
  log: FastifyBaseLogger;
}) {
  const { operators, customers, limiter, email, clock, today } = deps;

  /** Checks and counts atomically, so a burst of concurrent requests cannot all pass the check. */
  async function checkLimits(list: Limit[]) {
    if (!(await limiter.takeAll(list))) throw new HttpError(429, tooManyAttemptsMessage);
  }

  /** The data fields' checks beyond their shapes, shared by registration and the desk. */
  async function detailsProblems(
    operatorId: number,
    body: Pick<DeskCustomerBody, 'dateOfBirth'> & { homeVenueId?: number },
  ) {
    const errors: Record<string, string[]> = {};
    if (!isCalendarDate(body.dateOfBirth) || body.dateOfBirth < '1900-01-01')
      errors.dateOfBirth = [invalidDateMessage('Date of birth')];
    else if (body.dateOfBirth >= today()) errors.dateOfBirth = [pastDateMessage('Date of birth', false)];
    if (
      body.homeVenueId !== undefined &&
      !(await operators.venues(operatorId)).some((venue) => venue.id === body.homeVenueId)
    )
      errors.homeVenueId = ['Choose one of our centres.'];
    return errors;
  }

  const newCustomerValues = (
    operatorId: number,
    body: DeskCustomerBody & { homeVenueId?: number },
    passwordHash: string,
  ) => ({
    operatorId,
    email: body.email,
    passwordHash,
    firstName: body.firstName,
    lastName: body.lastName,
    dateOfBirth: body.dateOfBirth,
    phone: body.phone || null,
    addressLineOne: body.addressLineOne,
    addressLineTwo: body.addressLineTwo || null,
    town: body.town,
    postcode: normalisePostcode(body.postcode),
    homeVenueId: body.homeVenueId ?? null,
  });

  return {
    /** Creates an account; limits are checked before the password is hashed. */
    async register(body: RegisterBody, clientAddress: string) {
      const operator = await requireOperator(operators);
      const errors = {
        ...checkPasswordPair(body.password, body.passwordConfirmation),
        ...(await detailsProblems(operator.id, body)),
      };
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      await checkLimits([limits.registerClient(clientAddress)]);
      return customers.create(newCustomerValues(operator.id, body, await hashPassword(body.password)));
    },

    /**
     * A customer created at the desk (decision 0055): registration's checks and row, but no
     * password of theirs (a random one nobody knows: they choose theirs with "Forgotten
     * password"), and the staff audit row in the same transaction.
     */
    async createAtDesk(
      body: DeskCustomerBody,
      staff: { id: number; username: string },
    ): Promise<CustomerRow> {
      const operator = await requireOperator(operators);
      const errors = await detailsProblems(operator.id, body);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      if (await emailInUse(deps.db, operator.id, body.email)) throw new HttpError(409, deskEmailInUseMessage);
      return customers.createWith(
        newCustomerValues(operator.id, body, await hashPassword(newToken())),
        (tx, row) =>
          recordStaffAction(tx, {
            by: { staff },
            action: 'customer.create',
            customerId: row.id,
            details: { reference: row.reference },
          }),
      );
    },

    /**
     * A supervisor changes a customer's details at the desk (decision 0085): registration's checks,
     * an email no other account holds, and the audit row (what changed, from and to) in the same
     * transaction. A family member's email is their account holder's, so it is not theirs to change.
     */
    async updateAtDesk(
      customer: CustomerRow,
      body: DeskCustomerUpdateBody,
      staff: { id: number; username: string },
    ): Promise<CustomerRow> {
      const dependant = customer.accountHolderId !== null;
      const errors = await detailsProblems(customer.operatorId, body);
      if (dependant && body.email !== undefined) errors.email = [deskDependantEmailMessage];
      if (!dependant && body.email === undefined) errors.email = ['Email address is required.'];
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const wanted = {
        firstName: body.firstName,
        lastName: body.lastName,
        dateOfBirth: body.dateOfBirth,
        ...(dependant ? {} : { email: body.email }),
        phone: body.phone || null,
        addressLineOne: body.addressLineOne,
        addressLineTwo: body.addressLineTwo || null,
        town: body.town,
        postcode: normalisePostcode(body.postcode),
      } satisfies Partial<CustomerRow>;
      const changes = Object.fromEntries(
        Object.entries(wanted)
          .filter(([field, to]) => (customer as Record<string, unknown>)[field] !== to)
          .map(([field, to]) => [field, { from: (customer as Record<string, unknown>)[field] ?? null, to }]),
      );
      if (Object.keys(changes).length === 0) return customer;
      if (
        changes.email &&
        (await emailInUse(deps.db, customer.operatorId, String(wanted.email), customer.id))
      )
        throw new HttpError(409, deskEmailTakenMessage, { errors: { email: [deskEmailTakenMessage] } });
      return customers.updateWith(customer.id, wanted, (tx) =>
        recordStaffAction(tx, {
          by: { staff },
          action: 'customer.update',
          customerId: customer.id,
          details: { changes },
        }),
      );
    },

    /**
     * Always the same answer, whoever asks (quality.md S4). The work (tokens, the email) happens
     * after the answer, so its timing does not depend on whether an account exists. An email shared
     * by several accounts gets one message with a link per account: the "Multiple" case of the spec,
     * told only to the mailbox owner.
     */
    async forgottenPassword(
      emailOrReference: string,
      clientAddress: string,
      resetPageUrl: string,
    ): Promise<{ sent: Promise<void> }> {
      await checkLimits([limits.resetClient(clientAddress), limits.resetAccount(emailOrReference)]);
      const sent = (async () => {
        const operator = await requireOperator(operators);
        const accounts = await deps.auth.customersForLogin(operator.id, emailOrReference);
        if (accounts.length === 0) return;
        const now = clock();
        const links = [];
        for (const account of accounts) {
          const token = newToken();
          await customers.issueResetToken(
            account.id,
            hashToken(token),
            now,
            new Date(now.getTime() + resetLinkLifetimeMs),
          );
          // The reset page in the language the email is written in (the first account's).
          const page = urlInLanguage(resetPageUrl, accounts[0]!.language);
          links.push({ account, url: `${page}?token=${encodeURIComponent(token)}` });
        }
        await email.send(resetEmail(operator.name, accounts[0]!.email, links, accounts[0]!.language));
      })().catch((error: unknown) => deps.log.error({ err: error }, 'password reset email failed'));
      return { sent };
    },

    /** Saves the language the customer chose (decision 0108), for what they are sent. */
    async setLanguage(customer: CustomerRow, language: 'en' | 'cy') {
      await setCustomerLanguage(deps.db, customer.id, language);
    },

    /** Changes the fields sent; a new password needs the current one and follows the guidance. */
    async updateUser(customer: CustomerRow, body: UserUpdateBody) {
      const errors: Record<string, string[]> = {};
      const values: Partial<CustomerRow> = {};
      if (body.firstName) values.firstName = body.firstName;
      if (body.lastName) values.lastName = body.lastName;
      if (body.phone !== undefined) values.phone = body.phone || null;
      if (body.addressLineOne) values.addressLineOne = body.addressLineOne;
      if (body.addressLineTwo !== undefined) values.addressLineTwo = body.addressLineTwo || null;
      if (body.town) values.town = body.town;
      if (body.postcode) values.postcode = normalisePostcode(body.postcode);
      if (body.password !== undefined) {
        // Counted before the hash, atomically; a right current password gives its count back.
        const taken = await limiter.takeAll([
          { key: `password-change:${customer.id}`, max: 10, windowMs: hour },
        ]);
        if (!taken) throw new HttpError(429, tooManyAttemptsMessage);
        const problems = passwordProblems(body.password);
        if (problems.length > 0) errors.password = problems;
        if (body.password !== body.repeatNewPassword)
          errors.repeatNewPassword = [passwordConfirmationMessage];
        if (await verifyPassword(customer.passwordHash, body.currentPassword ?? ''))
          await limiter.giveBack(taken);
        else errors.currentPassword = ['Your current password is incorrect.'];
        if (Object.keys(errors).length === 0) values.passwordHash = await hashPassword(body.password);
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      if (Object.keys(values).length === 0) return customer;
      const updated = await customers.update(customer.id, values);
      // A new password logs out every other session; the caller starts a fresh one for this browser.
      if (values.passwordHash) await deps.auth.revokeAllSessions(customer.id, clock());
      return updated;
    },

    async resetPassword(input: { token: string; password: string; passwordConfirmation: string }) {
      const errors = checkPasswordPair(input.password, input.passwordConfirmation);
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      const now = clock();
      const customerId = await customers.consumeResetToken(
        hashToken(input.token),
        now,
        await hashPassword(input.password),
      );
      if (customerId === null) {
        throw new ValidationError({
          token: ['This reset link has expired or has already been used. Ask for a new one.'],
        });
      }
      // Anyone who was logged in with the old password is logged out.
      await deps.auth.revokeAllSessions(customerId, now);
      // The owner has shown they hold the mailbox, which got a reset link for every account sharing
      // it: a login lock on any of those accounts is lifted (quality.md S3's way back in).
      const account = await deps.auth.customerById(customerId);
      const sharing = account ? await deps.auth.customersForLogin(account.operatorId, account.email) : [];
      await limiter.clear(
        [customerId, ...sharing.map((other) => other.id)].map((id) => loginLimits.account(id).key),
      );
    },
  };
}
