import type {
  StaffMembershipPrices,
  StaffPackage,
  StaffPrices,
  StaffPromotion,
} from '@lido/contracts/prices-offers';
import { prettyDate } from '@lido/pricing/calendar-date';
import { formatPence } from '@lido/pricing/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TableScroll } from '../../../ui/table-scroll.tsx';
import { staffMeQuery } from '../staff-api.ts';
import { useStaffCurrencySymbol } from '../staff-money.ts';
import { LoadFailed } from '../till/load-failed.tsx';
import { MembershipForm } from './membership-price-form.tsx';
import { PackageForm, PromotionForm } from './price-forms.tsx';
import { staffPricesQuery } from './prices-api.ts';
import '../till/till.css';

type Editing =
  | { kind: 'package'; entry: StaffPackage | null }
  | { kind: 'promotion'; entry: StaffPromotion | null }
  | { kind: 'membership'; entry: StaffMembershipPrices };

const appliesWords: Record<StaffPromotion['appliesTo'][number], string> = {
  joining_fee: 'joining fee',
  pro_rata: 'first part-month',
  month_in_hand: 'month in hand',
  fixed_price: 'fixed-term price',
};

function ChangeButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick}>
      Change<span className="visually-hidden"> {name}</span>
    </Button>
  );
}

function PackagesTable({
  prices,
  symbol,
  onChange,
}: {
  prices: StaffPrices;
  symbol: string;
  onChange: (entry: StaffPackage) => void;
}) {
  if (prices.packages.length === 0) return <p>No packages are on sale.</p>;
  return (
    <TableScroll label="Packages">
      <table className="table">
        <caption>Packages</caption>
        <thead>
          <tr>
            <th scope="col">Package</th>
            <th scope="col">Uses</th>
            <th scope="col">Valid for</th>
            <th scope="col">Price</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {prices.packages.map((entry) => (
            <tr key={entry.key}>
              <th scope="row">{entry.name}</th>
              <td>{entry.uses}</td>
              <td>
                {entry.validMonths} month{entry.validMonths === 1 ? '' : 's'}
              </td>
              <td>{formatPence(entry.pricePence, symbol)}</td>
              <td>
                {entry.editable ? (
                  <ChangeButton name={entry.name} onClick={() => onChange(entry)} />
                ) : (
                  'Not sold at your centres'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function PromotionsTable({
  prices,
  symbol,
  onChange,
}: {
  prices: StaffPrices;
  symbol: string;
  onChange: (entry: StaffPromotion) => void;
}) {
  if (prices.promotions.length === 0) return <p>There are no promotions.</p>;
  const nameOf = new Map(prices.memberships.map((type) => [type.slug, type.name]));
  return (
    <TableScroll label="Promotions">
      <table className="table">
        <caption>Promotions</caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Discount</th>
            <th scope="col">Dates</th>
            <th scope="col">Limits</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {prices.promotions.map((promo) => (
            <tr key={promo.code}>
              <th scope="row">{promo.code}</th>
              <td>
                {promo.kind === 'percent' ? `${promo.value}%` : formatPence(promo.value, symbol)} off the{' '}
                {promo.appliesTo.map((part) => appliesWords[part]).join(', ')}
                {promo.types ? ` (${promo.types.map((slug) => nameOf.get(slug) ?? slug).join(', ')})` : ''}
              </td>
              <td>
                {promo.validFrom ? `From ${prettyDate(promo.validFrom)}` : 'Running'}
                {promo.validTo ? ` to ${prettyDate(promo.validTo)}` : ''}
              </td>
              <td>
                {promo.maxRedemptions === undefined ? 'No limit' : `${promo.maxRedemptions} uses`}
                {promo.oncePerCustomer ? ', once per customer' : ''}
              </td>
              <td>
                <ChangeButton name={promo.code} onClick={() => onChange(promo)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function MembershipsTable({
  prices,
  symbol,
  onChange,
}: {
  prices: StaffPrices;
  symbol: string;
  onChange: (entry: StaffMembershipPrices) => void;
}) {
  return (
    <TableScroll label="Membership prices">
      <table className="table">
        <caption>Membership prices</caption>
        <thead>
          <tr>
            <th scope="col">Membership</th>
            <th scope="col">Prices and joining fees</th>
            <th scope="col">Guest passes</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {prices.memberships.map((type) => (
            <tr key={type.slug}>
              <th scope="row">{type.name}</th>
              <td>
                <ul>
                  {type.paymentOptions.map((option) => (
                    <li key={option.key}>
                      {option.key}: {formatPence(option.pricePence, symbol)}
                      {option.paymentType === 'recurring' ? ' a month' : ''}, joining fee{' '}
                      {formatPence(option.joiningFeePence, symbol)}
                      {option.priceChange
                        ? `; current members ${formatPence(option.priceChange.pricePence, symbol)} from ${prettyDate(option.priceChange.effectiveFrom)}`
                        : ''}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                {type.guestPasses ? `${type.guestPasses.totalUses} a ${type.guestPasses.frequency}` : 'None'}
              </td>
              <td>
                {type.editable ? (
                  <ChangeButton name={type.name} onClick={() => onChange(type)} />
                ) : (
                  'Not sold at your centres'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function ManagerPrices({ prices }: { prices: StaffPrices }) {
  const symbol = useStaffCurrencySymbol();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);
  // The form is gone: once the lists are back, focus goes to their first heading.
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    heading.current?.focus();
  }, [editing]);
  const backToLists = (text: string) => {
    refocus.current = true;
    setEditing(null);
    setMessage(text);
  };
  const edit = (next: Editing) => {
    setMessage('');
    setEditing(next);
  };
  const done = (_prices: StaffPrices, name: string) => backToLists(`Saved ${name}. Customers see it now.`);
  const cancel = () => backToLists('');

  return (
    <>
      <p role="status" className={message ? '' : 'visually-hidden'}>
        {message}
      </p>
      {editing?.kind === 'package' ? (
        <PackageForm
          editing={editing.entry}
          symbol={symbol}
          centres={prices.centres}
          categories={prices.categories}
          takenKeys={prices.packages.map((entry) => entry.key)}
          onDone={done}
          onCancel={cancel}
        />
      ) : editing?.kind === 'promotion' ? (
        <PromotionForm
          editing={editing.entry}
          symbol={symbol}
          memberships={prices.memberships}
          onDone={done}
          onCancel={cancel}
        />
      ) : editing?.kind === 'membership' ? (
        <MembershipForm
          editing={editing.entry}
          symbol={symbol}
          noticeDays={prices.priceChangeNoticeDays}
          onDone={done}
          onCancel={cancel}
        />
      ) : (
        <>
          <h2 ref={heading} tabIndex={-1}>
            Packages
          </h2>
          <div className="till-toolbar">
            <Button variant="primary" size="md" onClick={() => edit({ kind: 'package', entry: null })}>
              Add a package
            </Button>
          </div>
          <PackagesTable
            prices={prices}
            symbol={symbol}
            onChange={(entry) => edit({ kind: 'package', entry })}
          />
          <h2>Promotions</h2>
          <div className="till-toolbar">
            <Button variant="primary" size="md" onClick={() => edit({ kind: 'promotion', entry: null })}>
              Start a promotion
            </Button>
          </div>
          <PromotionsTable
            prices={prices}
            symbol={symbol}
            onChange={(entry) => edit({ kind: 'promotion', entry })}
          />
          <h2>Membership prices</h2>
          <MembershipsTable
            prices={prices}
            symbol={symbol}
            onChange={(entry) => edit({ kind: 'membership', entry })}
          />
        </>
      )}
    </>
  );
}

/**
 * /prices on the staff site (a manager's, issue 37 item 3, decision 0103): packages, promotions,
 * membership prices, joining fees and guest passes changed without the catalogue file, each checked
 * by the file's own rules and seen by customers at once.
 */
export function PricesPage() {
  const staff = useQuery(staffMeQuery);
  const prices = useQuery({ ...staffPricesQuery, enabled: staff.data?.role === 'manager' });
  return (
    <section aria-labelledby="prices-heading" className="till">
      <h1 id="prices-heading">Prices and offers</h1>
      {staff.isPending ? (
        <Spinner label="Loading" />
      ) : staff.data?.role !== 'manager' ? (
        <p>Only a manager can change prices and offers.</p>
      ) : prices.isPending ? (
        <Spinner label="Loading the prices" />
      ) : prices.isError ? (
        <LoadFailed error={prices.error} />
      ) : (
        <ManagerPrices prices={prices.data} />
      )}
    </section>
  );
}
