import type { CustomerSearchAnswer, DeskCustomer, DeskCustomerDetail } from '@lido/contracts/front-of-house';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import {
  familyOf,
  listedCustomer,
  searchCustomers,
  type ListedCustomer,
} from './desk-customers.repository.ts';

const customerNotFoundMessage = 'That customer was not found.';

function deskView({ customer, payer }: ListedCustomer): DeskCustomer {
  return {
    id: customer.id,
    reference: customer.reference,
    firstName: customer.firstName,
    lastName: customer.lastName,
    // A dependant's row carries their payer's email for the record, not an address of theirs.
    email: payer || !customer.email ? null : customer.email,
    postcode: customer.postcode,
    dateOfBirth: customer.dateOfBirth,
    payer: payer
      ? { id: payer.id, name: `${payer.firstName} ${payer.lastName}`, reference: payer.reference }
      : null,
  };
}

/** The desk's customers (issue 19 item 3, decision 0055), always within the staff member's operator. */
export function createDeskCustomersService(deps: { db: Db }) {
  const { db } = deps;
  async function found(operatorId: number, customerId: number) {
    const row = await listedCustomer(db, operatorId, customerId);
    if (!row) throw new HttpError(404, customerNotFoundMessage);
    return row;
  }
  return {
    async search(operatorId: number, query: string): Promise<CustomerSearchAnswer> {
      const { rows, more } = await searchCustomers(db, operatorId, query);
      return { customers: rows.map(deskView), more };
    },

    async detail(operatorId: number, customerId: number): Promise<DeskCustomerDetail> {
      const row = await found(operatorId, customerId);
      const family = await familyOf(db, row.customer.accountHolderId ?? row.customer.id);
      return {
        ...deskView(row),
        family: family.filter((member) => member.customer.id !== customerId).map(deskView),
        phone: row.customer.phone,
        addressLineOne: row.customer.addressLineOne,
        addressLineTwo: row.customer.addressLineTwo,
        town: row.customer.town,
        language: row.customer.language,
      };
    },

    deskView: (customer: CustomerRow): DeskCustomer => deskView({ customer, payer: null }),

    /** The operator's customer with this id (a dependant too), or 404: what the desk changes. */
    customer: async (operatorId: number, customerId: number): Promise<CustomerRow> =>
      (await found(operatorId, customerId)).customer,

    /**
     * Whom the desk acts for when it selects a customer: themself, or for a dependant the account
     * holder who pays (the dependant stays the selected user, which the family checks accept).
     */
    async actingFor(operatorId: number, selectedUserId: number): Promise<CustomerRow> {
      const { customer } = await found(operatorId, selectedUserId);
      if (customer.accountHolderId === null) return customer;
      const payer = await listedCustomer(db, operatorId, customer.accountHolderId);
      if (!payer) throw new HttpError(404, itemNotFoundMessage);
      return payer.customer;
    },
  };
}
