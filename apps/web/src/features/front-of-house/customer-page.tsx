import type { DeskCustomer } from '@lido/contracts/front-of-house';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { parseCustomerId } from '../../app/session/acting-customer.ts';
import { canCancel, canChange, canRenew, myMembershipsQuery, RenewButton } from '../account/index.ts';
import { CustomerBookings } from './customer-bookings.tsx';
import { CustomerStrikes } from './registers/customer-strikes.tsx';
import { CustomerPenaltyFees } from './registers/customer-penalty-fees.tsx';
import { customerName, prettyDateOfBirth } from './customer-text.ts';
import { useSelectCustomer, useSelectedCustomerId } from './selected-customer.ts';
import { deskCustomerQuery, staffMeQuery } from './staff-api.ts';

function SelectButton({ customer }: { customer: DeskCustomer }) {
  const selectedId = useSelectedCustomerId();
  const select = useSelectCustomer();
  if (selectedId === customer.id) return <p className="customer-selected-note">Selected</p>;
  return (
    <Button
      variant="secondary"
      size="md"
      aria-label={`Select ${customerName(customer)}`}
      onClick={() => select(customer.id)}
    >
      Select
    </Button>
  );
}

/**
 * The selected customer's memberships, read for them as My account reads them, with "Change
 * membership" and "Renew" where My account offers them.
 */
function CustomerMemberships({ customerId, supervisor }: { customerId: number; supervisor: boolean }) {
  const memberships = useQuery(myMembershipsQuery);
  if (memberships.isPending) return <Spinner label="Loading memberships" />;
  if (memberships.isError)
    return (
      <p className="error-line">
        {genericErrorLine(memberships.error instanceof ApiError ? memberships.error.status : null)}
      </p>
    );
  if (memberships.data.length === 0) return <p>No memberships.</p>;
  return (
    <ul className="desk-list">
      {memberships.data.map((membership) => (
        <li key={membership.id} className="desk-list__item">
          <span>
            <strong>{membership.name}</strong>, {membership.homeVenue.name}: {membership.statusLabel}
          </span>
          {canChange(membership) && (
            // The joining journey's change of membership, on this site (decision 0057).
            <Link
              to={`/centre/${membership.homeVenue.slug}?change=${membership.id}`}
              className="button button--secondary button--md"
            >
              Change membership<span className="visually-hidden"> from {membership.name}</span>
            </Link>
          )}
          {canRenew(membership) && <RenewButton membership={membership} />}
          {/* A supervisor's, for a customer present or on the phone (decision 0085). */}
          {supervisor && membership.canFreeze && !membership.freeze && (
            <Link
              to={`/customers/${customerId}/memberships/${membership.id}/freeze`}
              className="button button--secondary button--md"
            >
              Freeze membership<span className="visually-hidden"> {membership.name}</span>
            </Link>
          )}
          {supervisor && canCancel(membership) && (
            <Link
              to={`/customers/${customerId}/memberships/${membership.id}/cancel`}
              className="button button--secondary button--md"
            >
              Cancel membership<span className="visually-hidden"> {membership.name}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A customer at the desk: their details, their family (each selectable), and what to do for them. */
export function CustomerPage() {
  const id = parseCustomerId(useParams().customerId);
  const selectedId = useSelectedCustomerId();
  const customer = useQuery({ ...deskCustomerQuery(id ?? 0), enabled: id !== null });
  const supervisor = useQuery(staffMeQuery).data?.role === 'supervisor';
  // The tab names the customer, not "Customer" (WCAG 2.4.2; issue 34 item 4).
  const notFound = id === null || (customer.error instanceof ApiError && customer.error.status === 404);
  usePageTitle(notFound ? 'Customer not found' : customer.data ? customerName(customer.data) : null);
  if (id === null || (customer.error instanceof ApiError && customer.error.status === 404))
    return (
      <>
        <h1>Customer not found</h1>
        <p>
          <Link to="/">Find a customer</Link>
        </p>
      </>
    );
  if (customer.isPending) return <Spinner label="Loading the customer" />;
  if (customer.isError)
    return (
      <p className="error-line">
        {genericErrorLine(customer.error instanceof ApiError ? customer.error.status : null)}
      </p>
    );
  const data = customer.data;
  const family = data.family.filter((member) => member.id !== data.id);
  return (
    <>
      <h1>{customerName(data)}</h1>
      <dl className="customer-details">
        <div>
          <dt>Customer ID</dt>
          <dd>{data.reference}</dd>
        </div>
        <div>
          <dt>Date of birth</dt>
          <dd>{prettyDateOfBirth(data.dateOfBirth)}</dd>
        </div>
        <div>
          <dt>Email address</dt>
          <dd>{data.email ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>Postcode</dt>
          <dd>{data.postcode ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{data.phone ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            {[data.addressLineOne, data.addressLineTwo, data.town].filter(Boolean).join(', ') || 'Not given'}
          </dd>
        </div>
        <div>
          {/* The language they chose online, so the desk can answer in it (issue 38 item 5). */}
          <dt>Language</dt>
          <dd>
            {data.language === 'cy' ? (
              <>
                Welsh (<span lang="cy">Cymraeg</span>)
              </>
            ) : (
              'English'
            )}
          </dd>
        </div>
        {data.payer && (
          <div>
            <dt>Paid for by</dt>
            <dd>
              <Link to={`/customers/${data.payer.id}`}>{data.payer.name}</Link> ({data.payer.reference})
            </dd>
          </div>
        )}
      </dl>
      {supervisor && (
        <p>
          <Link to={`/customers/${data.id}/details`} className="button button--secondary button--md">
            Change details
          </Link>
        </p>
      )}
      <SelectButton customer={data} />
      {selectedId === data.id && (
        <>
          <h2>Serve {data.firstName}</h2>
          <ul className="desk-actions">
            <li>
              <Link to="/join" className="button button--primary button--md">
                Join or change a membership
              </Link>
            </li>
            <li>
              <Link to="/book" className="button button--primary button--md">
                Book an activity
              </Link>
            </li>
            <li>
              <Link to="/basket" className="button button--secondary button--md">
                Basket
              </Link>
            </li>
          </ul>
          <h2>Memberships</h2>
          <CustomerMemberships customerId={data.id} supervisor={supervisor} />
          {supervisor && (
            <>
              <h2>Upcoming bookings</h2>
              <CustomerBookings />
            </>
          )}
        </>
      )}
      <h2>Strikes</h2>
      <CustomerStrikes customerId={data.id} name={customerName(data)} />
      <h2>Fees</h2>
      <CustomerPenaltyFees customerId={data.id} name={customerName(data)} />
      <h2>Family</h2>
      {family.length === 0 ? (
        <p>No family members.</p>
      ) : (
        <ul className="desk-list">
          {family.map((member) => (
            <li key={member.id} className="desk-list__item">
              <span>
                <Link to={`/customers/${member.id}`}>{customerName(member)}</Link> ({member.reference}), born{' '}
                {prettyDateOfBirth(member.dateOfBirth)}
              </span>
              <SelectButton customer={member} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
