import type { FreezeAnswer } from '@lido/contracts/membership-freeze';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from '../../router/index.ts';
import { parseCustomerId } from '../../app/session/acting-customer.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import {
  CancelMembershipForm,
  ExitTerms,
  FreezeForm,
  freezeOfferQuery,
  membershipExitQuery,
  useCancelMembership,
} from '../account/index.ts';
import { customerName } from './customer-text.ts';
import { useSelectedCustomerId } from './selected-customer.ts';
import { deskCustomerQuery, staffMeQuery } from './staff-api.ts';
import { usePageTitle } from '../../app/page-title.ts';

/** A refusal's words: the server's message for a 4xx (the same as online), the generic line otherwise. */
const refusalText = (error: Error) =>
  error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : genericErrorLine(error instanceof ApiError ? error.status : null);

/** Focus moves to what was done once it is shown. */
function useFocusWhen(done: boolean) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) ref.current?.focus();
  }, [done]);
  return ref;
}

/**
 * What both pages need first: a supervisor, and the customer of the address selected at the desk
 * (My account's reads answer for the selected customer). Otherwise it says why, with a way back.
 */
function ForCustomer({ title, children }: { title: string; children: (name: string) => ReactNode }) {
  const customerId = parseCustomerId(useParams().customerId);
  const selectedId = useSelectedCustomerId();
  const staff = useQuery(staffMeQuery);
  const customer = useQuery({ ...deskCustomerQuery(customerId ?? 0), enabled: customerId !== null });
  // The tab names the customer too (WCAG 2.4.2; issue 34 item 4).
  usePageTitle(customer.data ? `${title}: ${customerName(customer.data)}` : null);
  if (staff.isPending || customer.isPending) return <Spinner label="Loading the customer" />;
  const back = customerId !== null && (
    <p>
      <Link to={`/customers/${customerId}`}>
        Back to {customer.data ? customerName(customer.data) : 'the customer'}
      </Link>
    </p>
  );
  const refusal =
    staff.data?.role !== 'supervisor'
      ? 'Only a supervisor can do this. Ask a supervisor to help.'
      : customer.isError
        ? refusalText(customer.error)
        : selectedId !== customerId
          ? 'Select this customer on their page first.'
          : null;
  if (refusal || !customer.data)
    return (
      <>
        <h1>{title}</h1>
        <p className="error-line">{refusal}</p>
        {back}
      </>
    );
  return (
    <>
      {children(customerName(customer.data))}
      {back}
    </>
  );
}

function CancelMembership({ name }: { name: string }) {
  const { membershipId = '' } = useParams();
  const exit = useQuery(membershipExitQuery(membershipId));
  const cancel = useCancelMembership(membershipId);
  const confirmed = useFocusWhen(cancel.isSuccess);
  const data = exit.data;
  return (
    <>
      <h1>Cancel {name}’s membership</h1>
      {exit.isPending && <Spinner label="Loading what cancelling means" />}
      {exit.isError && <p className="error-line">{refusalText(exit.error)}</p>}
      {data && data.cancelledAt !== null && (
        <div className="panel">
          <h2 ref={confirmed} tabIndex={-1}>
            {name}’s {data.membershipName} membership is cancelled
          </h2>
          <p>They have been emailed the details, as when they cancel online.</p>
          <ExitTerms exit={data} />
        </div>
      )}
      {data && data.cancelledAt === null && (
        <CancelMembershipForm
          exit={data}
          cancel={cancel}
          words={{
            heading: data.membershipName,
            intro: 'Read this to the customer before confirming: it is what My account shows them.',
            reason: 'Why are they leaving? (optional)',
            submit: 'Cancel membership',
          }}
        />
      )}
    </>
  );
}

function FreezeMembership({ name }: { name: string }) {
  const membershipId = Number(useParams().membershipId);
  const offer = useQuery({ ...freezeOfferQuery(membershipId), enabled: Number.isInteger(membershipId) });
  const [done, setDone] = useState<FreezeAnswer | null>(null);
  const doneHeading = useFocusWhen(done !== null);
  if (done)
    return (
      <>
        <h1 ref={doneHeading} tabIndex={-1}>
          {name}’s membership freeze is confirmed
        </h1>
        <div className="panel">
          <p>{done.message}</p>
          {done.prettyEndDate && <p>The membership now ends on {done.prettyEndDate}.</p>}
          <p>They have been emailed the details, as when they freeze online.</p>
        </div>
      </>
    );
  return (
    <>
      <h1>Freeze {name}’s membership</h1>
      {offer.isPending && <Spinner label="Loading the membership" />}
      {offer.isError && <p className="error-line">{refusalText(offer.error)}</p>}
      {offer.data && (
        <>
          <p className="lead">
            {offer.data.name}: it can be frozen for {offer.data.rules.minMonths} to{' '}
            {offer.data.rules.maxMonths} whole months from a billing date, asked for at least{' '}
            {offer.data.rules.noticeDays} days ahead. While it is frozen they pay{' '}
            {offer.data.rules.monthlyFee.raw.amount === 0
              ? 'nothing'
              : `${offer.data.rules.monthlyFee.formatted} a month`}{' '}
            instead of {offer.data.price.formatted}. Payments already made are not changed.
          </p>
          <p>Read what the freeze does to the customer before confirming.</p>
          <FreezeForm offer={offer.data} onDone={setDone} />
        </>
      )}
    </>
  );
}

/** /customers/:customerId/memberships/:membershipId/cancel: a supervisor cancels for the customer. */
export function DeskCancelMembershipPage() {
  return <ForCustomer title="Cancel membership">{(name) => <CancelMembership name={name} />}</ForCustomer>;
}

/** /customers/:customerId/memberships/:membershipId/freeze: a supervisor freezes for the customer. */
export function DeskFreezeMembershipPage() {
  return <ForCustomer title="Freeze membership">{(name) => <FreezeMembership name={name} />}</ForCustomer>;
}
