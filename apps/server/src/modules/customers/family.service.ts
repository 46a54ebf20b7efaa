import type { DependantBody, Family } from '@lido/contracts/family';
import { type CalendarDate, ageOn, prettyDate } from '@lido/pricing/calendar-date';
import type { Db } from '../../db/client.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import {
  dependantOf,
  dependantsOf,
  familyIds,
  insertDependant,
  removeDependant,
  updateDependant,
} from './family.repository.ts';

const dependantAddedMessage = 'Your family member has been added.';
const dependantSavedMessage = 'Your family member’s details have been saved.';
const dependantRemovedMessage = 'Your family member has been removed.';
const dependantBusyMessage =
  'This family member has upcoming bookings, a membership or items in your basket. Cancel or remove those first, then remove them.';

/** The oldest a date of birth may make someone: an older date is almost surely a typing slip. */
const oldestAge = 120;

/**
 * My account → My details → Family (issue 18 item 4, decision 0051): the account holder's
 * dependants, and the one question every basket and booking call asks: may this customer act for
 * that one? Anyone outside the family is "not found", exactly like an id that does not exist.
 */
export function createFamilyService(deps: { db: Db; today: () => CalendarDate }) {
  const { db } = deps;

  function checkDateOfBirth(dateOfBirth: string) {
    const today = deps.today();
    if (dateOfBirth > today)
      throw new ValidationError({ dateOfBirth: ['Their date of birth must be in the past.'] });
    if (ageOn(dateOfBirth, today) > oldestAge)
      throw new ValidationError({
        dateOfBirth: ['Check their date of birth: it is more than 120 years ago.'],
      });
  }

  async function list(holder: CustomerRow): Promise<Family> {
    const rows = await dependantsOf(db, holder.id, deps.today());
    return rows.map(({ dependant, busy }) => ({
      id: dependant.id,
      firstName: dependant.firstName,
      lastName: dependant.lastName,
      dateOfBirth: dependant.dateOfBirth ?? '',
      prettyDateOfBirth: dependant.dateOfBirth ? prettyDate(dependant.dateOfBirth) : '',
      relationship: dependant.relationship ?? 'other',
      removable: !busy,
    }));
  }

  /** Dependants have no family of their own: only an account holder adds them. */
  function requireHolder(customer: CustomerRow) {
    if (customer.accountHolderId !== null) throw new HttpError(404, itemNotFoundMessage);
  }

  return {
    list,

    /** The names of the holder's dependants, by id. */
    async dependantNames(holderId: number): Promise<Map<number, string>> {
      const rows = await dependantsOf(db, holderId, deps.today());
      return new Map(
        rows.map(({ dependant }) => [dependant.id, `${dependant.firstName} ${dependant.lastName}`]),
      );
    },

    async add(holder: CustomerRow, body: DependantBody) {
      requireHolder(holder);
      checkDateOfBirth(body.dateOfBirth);
      await insertDependant(db, holder, body);
      return { family: await list(holder), message: dependantAddedMessage };
    },

    async update(holder: CustomerRow, dependantId: number, body: DependantBody) {
      checkDateOfBirth(body.dateOfBirth);
      const row = await updateDependant(db, holder.id, dependantId, body);
      if (!row) throw new HttpError(404, itemNotFoundMessage);
      return { family: await list(holder), message: dependantSavedMessage };
    },

    async remove(holder: CustomerRow, dependantId: number) {
      if (await removeDependant(db, holder.id, dependantId, deps.today()))
        return { family: await list(holder), message: dependantRemovedMessage };
      // Not removed: someone else's (or gone) is not found; the holder's own has things to come.
      if (!(await dependantOf(db, holder.id, dependantId))) throw new HttpError(404, itemNotFoundMessage);
      throw new ValidationError({ dependantId: [dependantBusyMessage] });
    },

    /**
     * The customer a basket line or checkout call is for: the holder themself (no id, or their
     * own) or one of their dependants. Any other id answers 404, as the spec's calls always have.
     */
    async member(holder: CustomerRow, userId: number | undefined): Promise<CustomerRow> {
      if (userId === undefined || userId === holder.id) return holder;
      const dependant = await dependantOf(db, holder.id, userId);
      if (!dependant) throw new HttpError(404, itemNotFoundMessage);
      return dependant;
    },

    /** Refuses (404) unless every id given is the holder or one of their dependants. */
    async checkFamily(holder: CustomerRow, ...userIds: (number | undefined)[]): Promise<void> {
      const others = userIds.filter((id): id is number => id !== undefined && id !== holder.id);
      if (others.length === 0) return;
      const family = await familyIds(db, holder.id);
      if (others.some((id) => !family.has(id))) throw new HttpError(404, itemNotFoundMessage);
    },
  };
}
export type FamilyService = ReturnType<typeof createFamilyService>;
