import type { CartItem } from '@lido/contracts/cart';
import { Button } from '../../ui/button.tsx';
import { prettyDate } from '../../i18n/dates.ts';
import { cartWords } from './words.ts';

type MembershipLine = Exclude<CartItem, { type: 'booking' | 'package' }>;

/**
 * A membership, renewal, change, failed Direct Debit or penalty fee line in the basket (also on the
 * staff site's till).
 */
export function MembershipLineItem({
  item,
  busy,
  onRemove,
}: {
  item: MembershipLine;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <li className="card basket__item">
      <h2 className="card__title">{item.description}</h2>
      <p className="card__meta">
        {item.type === 'outstanding_balance'
          ? `${item.venue.name} · ${cartWords('failedDirectDebit')}`
          : item.type === 'penalty_fee' || item.type === 'course_enrolment'
            ? `${item.venue.name} · ${item.name}`
            : `${item.venue.name} · ${cartWords('startsOn', { date: prettyDate(item.options.startDate) })}`}
      </p>
      {item.type !== 'outstanding_balance' &&
        item.type !== 'penalty_fee' &&
        item.type !== 'course_enrolment' &&
        item.purchasedForName && <p>{cartWords('forPerson', { name: item.purchasedForName })}</p>}
      <p className="basket__price">{item.price.formatted}</p>
      <Button variant="link" size="md" disabled={busy} onClick={onRemove}>
        {cartWords('remove')}
        <span className="visually-hidden"> {item.description}</span>
      </Button>
    </li>
  );
}
