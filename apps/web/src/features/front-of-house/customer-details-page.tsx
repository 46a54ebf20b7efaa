import { customerDetailsShape } from '@lido/contracts/customer';
import type { DeskCustomerUpdateBody } from '@lido/contracts/desk-account';
import type { DeskCustomerDetail } from '@lido/contracts/front-of-house';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '../../router/index.ts';
import { parseCustomerId } from '../../app/session/acting-customer.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { type DeskRegistration, RegistrationForm } from '../registration/index.ts';
import { customerName } from './customer-text.ts';
import { deskCustomerQuery, staffMeQuery, useUpdateDeskCustomer } from './staff-api.ts';
import { usePageTitle } from '../../app/page-title.ts';

/** The details the form asks for; a family member's email is their account holder's, so not theirs. */
const fieldNamesFor = (customer: DeskCustomerDetail) =>
  Object.keys(customerDetailsShape).filter((name) => name !== 'email' || customer.payer === null);

/** What the form opens with: the customer's details as they are (a date as its three parts). */
function answersOf(customer: DeskCustomerDetail): Record<string, string> {
  const [year = '', month = '', day = ''] = (customer.dateOfBirth ?? '').split('-');
  return Object.fromEntries(
    Object.entries({
      firstName: customer.firstName,
      lastName: customer.lastName,
      'dateOfBirth.day': day.replace(/^0/, ''),
      'dateOfBirth.month': month.replace(/^0/, ''),
      'dateOfBirth.year': year,
      email: customer.payer === null ? customer.email : null,
      phone: customer.phone,
      addressLineOne: customer.addressLineOne,
      addressLineTwo: customer.addressLineTwo,
      town: customer.town,
      postcode: customer.postcode,
    }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function DetailsForm({ customer }: { customer: DeskCustomerDetail }) {
  const update = useUpdateDeskCustomer(customer.id);
  const navigate = useNavigate();
  const desk: DeskRegistration = {
    fieldNames: fieldNamesFor(customer),
    initialAnswers: answersOf(customer),
    pendingLabel: 'Saving the details…',
    create: {
      isPending: update.isPending,
      mutate: (body, options) =>
        update.mutate(
          // Optional fields left empty are sent empty, so clearing one clears it.
          { phone: '', addressLineTwo: '', ...body } as DeskCustomerUpdateBody,
          {
            onError: (error) => options?.onError?.(error, body, undefined, undefined as never),
            onSuccess: () => void navigate(`/customers/${customer.id}`, { state: { detailsSaved: true } }),
          },
        ),
    },
  };
  return (
    <RegistrationForm
      source="online-joining"
      submitLabel="Save details"
      headingId="customer-details-heading"
      onRegistered={() => undefined}
      desk={desk}
    />
  );
}

/**
 * /customers/:customerId/details (issue 34 item 8, decision 0085): a supervisor changes a
 * customer's details for them, present or on the phone, with registration's fields and checks; the
 * email must not be another account's. The change is written to the audit log.
 */
export function CustomerDetailsPage() {
  const id = parseCustomerId(useParams().customerId);
  const customer = useQuery({ ...deskCustomerQuery(id ?? 0), enabled: id !== null });
  const staff = useQuery(staffMeQuery);
  // The tab names the customer too (WCAG 2.4.2; issue 34 item 4).
  usePageTitle(customer.data ? `Change details: ${customerName(customer.data)}` : null);
  if (id === null || (customer.error instanceof ApiError && customer.error.status === 404))
    return (
      <>
        <h1>Customer not found</h1>
        <p>
          <Link to="/">Find a customer</Link>
        </p>
      </>
    );
  if (customer.isPending || staff.isPending) return <Spinner label="Loading the customer" />;
  if (customer.isError)
    return (
      <p className="error-line">
        {genericErrorLine(customer.error instanceof ApiError ? customer.error.status : null)}
      </p>
    );
  const back = (
    <p>
      <Link to={`/customers/${id}`}>Back to {customerName(customer.data)}</Link>
    </p>
  );
  if (staff.data?.role !== 'supervisor')
    return (
      <>
        <h1 id="customer-details-heading">Change details</h1>
        <p>Only a supervisor can change a customer’s details. Ask a supervisor to help.</p>
        {back}
      </>
    );
  return (
    <>
      <h1 id="customer-details-heading">Change {customerName(customer.data)}’s details</h1>
      <p>
        Check who you are speaking to before changing anything. The change is recorded in the audit log under
        your name.
      </p>
      {customer.data.payer && (
        <p>
          Their email address is their account holder’s, {customer.data.payer.name}: change it on{' '}
          <Link to={`/customers/${customer.data.payer.id}`}>{customer.data.payer.name}’s page</Link>.
        </p>
      )}
      <DetailsForm key={customer.data.id} customer={customer.data} />
      {back}
    </>
  );
}
