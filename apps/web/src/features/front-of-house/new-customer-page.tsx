import { customerDetailsShape } from '@lido/contracts/customer';
import type { DeskCustomerBody } from '@lido/contracts/front-of-house';
import { useNavigate } from '../../router/index.ts';
import { type DeskRegistration, RegistrationForm } from '../registration/index.ts';
import { useSelectCustomer } from './selected-customer.ts';
import { useCreateDeskCustomer } from './staff-api.ts';

/** The spec's data fields the desk asks for: the shared details, never a password. */
const deskFieldNames = Object.keys(customerDetailsShape);

/**
 * "New customer" (issue 19 item 3): registration's own fields and checks, sent to the staff call.
 * The new customer is selected at once, so the desk can go on to join or book for them.
 */
export function NewCustomerPage() {
  const create = useCreateDeskCustomer();
  const select = useSelectCustomer();
  const navigate = useNavigate();
  const desk: DeskRegistration = {
    fieldNames: deskFieldNames,
    create: {
      isPending: create.isPending,
      mutate: (body, options) =>
        create.mutate(body as DeskCustomerBody, {
          // The form shows the server's field messages, as registration does.
          onError: (error) => options?.onError?.(error, body, undefined, undefined as never),
          onSuccess: (customer) => {
            select(customer.id);
            void navigate(`/customers/${customer.id}`);
          },
        }),
    },
  };
  return (
    <>
      <h1 id="new-customer-heading">New customer</h1>
      <p>
        They have no password yet: they set one with “I have forgotten my password” when they want My account.
      </p>
      <RegistrationForm
        source="online-joining"
        submitLabel="Create customer"
        headingId="new-customer-heading"
        onRegistered={() => undefined}
        desk={desk}
      />
    </>
  );
}
