import type { FreezeAnswer, FreezeOffer } from '@lido/contracts/membership-freeze';
import { addDays } from '@lido/pricing/calendar-date';
import { planFreeze } from '@lido/pricing/membership-freeze';
import { formatPence } from '@lido/pricing/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from '../../router/index.ts';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { prettyDate } from '../../i18n/dates.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { freezeOfferQuery, useFreezeChange } from './membership-freeze.ts';
import { accountWords } from './words.ts';

const refusalText = (error: Error | null) =>
  error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : accountWords('somethingWrong');

/** What the chosen freeze does, from the same rule the server applies (packages/pricing). */
function FreezeSummary({
  offer,
  startsOn,
  months,
}: {
  offer: FreezeOffer;
  startsOn: string;
  months: number;
}) {
  const { currencySymbol } = useClientSettings();
  const answer = planFreeze(
    { today: offer.today, startsOn, months },
    { billingDay: offer.billingDay, pricePence: offer.price.raw.amount, endDate: offer.endDate },
    { ...offer.rules, monthlyFeePence: offer.rules.monthlyFee.raw.amount },
  );
  if (!answer.ok) return <p className="notice notice--warning">{answer.message}</p>;
  const { plan } = answer;
  const pay = (pence: number) => (pence === 0 ? accountWords('nothing') : formatPence(pence, currencySymbol));
  return (
    <dl className="facts">
      <dt>{accountWords('frozen')}</dt>
      <dd>
        {accountWords('dateRange', {
          from: prettyDate(plan.startsOn),
          to: prettyDate(addDays(plan.endsOn, -1)),
        })}
      </dd>
      <dt>{accountWords('startsAgain')}</dt>
      <dd>{prettyDate(plan.endsOn)}</dd>
      <dt>{accountWords('payWhileFrozen')}</dt>
      <dd>
        {plan.collections
          .map((line) =>
            accountWords('amountOnDate', {
              amount: pay(line.amountPence),
              date: prettyDate(line.billingDate),
            }),
          )
          .join(', ')}
      </dd>
      {plan.newEndDate && (
        <>
          <dt>{accountWords('newEndDate')}</dt>
          <dd>{prettyDate(plan.newEndDate)}</dd>
        </>
      )}
    </dl>
  );
}

export function FreezeForm({
  offer,
  onDone,
}: {
  offer: FreezeOffer;
  onDone: (answer: FreezeAnswer) => void;
}) {
  const [startsOn, setStartsOn] = useState(offer.startDates[0]?.date ?? '');
  const [months, setMonths] = useState(offer.rules.minMonths);
  const freeze = useFreezeChange(offer.membershipId, 'freeze');
  const monthChoices = Array.from(
    { length: offer.rules.maxMonths - offer.rules.minMonths + 1 },
    (_, index) => offer.rules.minMonths + index,
  );
  return (
    <form
      className="panel form"
      onSubmit={(event) => {
        event.preventDefault();
        freeze.mutate({ startsOn, months }, { onSuccess: onDone });
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor="freeze-start">
          {accountWords('startFreezeOn')}
        </label>
        <select
          id="freeze-start"
          className="field__input"
          value={startsOn}
          onChange={(event) => setStartsOn(event.target.value)}
        >
          {offer.startDates.map((start) => (
            <option key={start.date} value={start.date}>
              {prettyDate(start.date)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="freeze-months">
          {accountWords('freezeFor')}
        </label>
        <select
          id="freeze-months"
          className="field__input"
          value={months}
          onChange={(event) => setMonths(Number(event.target.value))}
        >
          {monthChoices.map((count) => (
            <option key={count} value={count}>
              {accountWords('monthCount', { count })}
            </option>
          ))}
        </select>
      </div>
      <div aria-live="polite">
        <FreezeSummary offer={offer} startsOn={startsOn} months={months} />
      </div>
      {freeze.isError && (
        <p className="error-line" role="alert">
          {refusalText(freeze.error)}
        </p>
      )}
      <Button type="submit" variant="primary" size="lg" disabled={freeze.isPending}>
        {accountWords('freezeMembership')}
      </Button>
    </form>
  );
}

/** A freeze not yet over, and ending it early (before it starts, that withdraws it). */
function CurrentFreeze({ offer, onDone }: { offer: FreezeOffer; onDone: (answer: FreezeAnswer) => void }) {
  const end = useFreezeChange(offer.membershipId, 'end');
  const freeze = offer.freeze!;
  return (
    <div className="panel">
      <h2>{freeze.state === 'active' ? accountWords('membershipFrozen') : accountWords('freezeBooked')}</h2>
      <dl className="facts">
        <dt>{accountWords('frozen')}</dt>
        <dd>
          {accountWords('dateRange', {
            from: prettyDate(freeze.startsOn),
            to: prettyDate(addDays(freeze.endsOn, -1)),
          })}
        </dd>
        <dt>{accountWords('startsAgain')}</dt>
        <dd>{prettyDate(freeze.endsOn)}</dd>
        <dt>{accountWords('freezeFee')}</dt>
        <dd>
          {freeze.monthlyFee.raw.amount === 0
            ? accountWords('none')
            : accountWords('perMonth', { amount: freeze.monthlyFee.formatted })}
        </dd>
      </dl>
      {end.isError && (
        <p className="error-line" role="alert">
          {refusalText(end.error)}
        </p>
      )}
      <Button
        variant="secondary"
        size="md"
        disabled={end.isPending}
        onClick={() => end.mutate(undefined, { onSuccess: onDone })}
      >
        {freeze.state === 'active' ? accountWords('endFreezeEarly') : accountWords('cancelFreeze')}
      </Button>
    </div>
  );
}

/** /memberships/:membershipId/freeze: pause a monthly membership for whole months, or end a freeze. */
export function FreezeMembershipPage() {
  const membershipId = Number(useParams().membershipId);
  const offer = useQuery({ ...freezeOfferQuery(membershipId), enabled: Number.isInteger(membershipId) });
  const [done, setDone] = useState<FreezeAnswer | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  if (done)
    return (
      <>
        <h1 ref={doneHeading} tabIndex={-1}>
          {done.freeze ? accountWords('freezeConfirmed') : accountWords('freezeEnded')}
        </h1>
        <div className="panel">
          <p>{done.message}</p>
          {done.freeze && (
            <dl className="facts">
              <dt>{accountWords('frozen')}</dt>
              <dd>
                {accountWords('dateRange', {
                  from: prettyDate(done.freeze.startsOn),
                  to: prettyDate(addDays(done.freeze.endsOn, -1)),
                })}
              </dd>
              <dt>{accountWords('startsAgain')}</dt>
              <dd>{prettyDate(done.freeze.endsOn)}</dd>
              {done.endDate && (
                <>
                  <dt>{accountWords('newEndDate')}</dt>
                  <dd>{prettyDate(done.endDate)}</dd>
                </>
              )}
            </dl>
          )}
          <p>{accountWords('emailSentDetails')}</p>
          <Link to="/memberships">{accountWords('backToMemberships')}</Link>
        </div>
      </>
    );

  return (
    <>
      <h1>{accountWords('freezeMembership')}</h1>
      {offer.isPending && <Spinner label={accountWords('loadingMembership')} />}
      {offer.isError && (
        <p className="error-line" role="alert">
          {offer.error instanceof ApiError && offer.error.status === 409
            ? offer.error.message
            : genericErrorLine(offer.error instanceof ApiError ? offer.error.status : null)}
        </p>
      )}
      {offer.data && (
        <>
          <p className="lead">
            {accountWords('freezeRules', {
              name: offer.data.name,
              min: offer.data.rules.minMonths,
              max: offer.data.rules.maxMonths,
              days: offer.data.rules.noticeDays,
              fee:
                offer.data.rules.monthlyFee.raw.amount === 0
                  ? accountWords('nothing')
                  : accountWords('perMonth', { amount: offer.data.rules.monthlyFee.formatted }),
              price: offer.data.price.formatted,
            })}
          </p>
          {offer.data.freeze ? (
            <CurrentFreeze offer={offer.data} onDone={setDone} />
          ) : (
            <FreezeForm offer={offer.data} onDone={setDone} />
          )}
        </>
      )}
      {!done && (
        <p>
          <Link to="/memberships">{accountWords('backToMemberships')}</Link>
        </p>
      )}
    </>
  );
}
