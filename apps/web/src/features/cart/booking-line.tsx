import type { CartItem } from '@lido/contracts/cart';
import { Button } from '../../ui/button.tsx';
import { clockTime } from './hold-time.ts';
import { LineBenefit } from './line-benefit.tsx';
import { useVoice } from '../../app/site-mode/voice.ts';
import { sessionWhenOf } from '../../i18n/session-when.ts';
import { cartWords } from './words.ts';

type BookingLine = Extract<CartItem, { type: 'booking' }>;

/**
 * A booked session in the basket: what, when, where, band, places (changeable), price, and until
 * when the places are held. The hold is shown as a time, not a ticking countdown: a countdown read
 * out by a screen reader every second (or even every minute) interrupts whatever the customer is
 * doing, and a time is just as clear (decision 0033).
 */
export function BookingLineItem({
  line,
  expired,
  timeZone,
  busy,
  onQuantity,
  onRemove,
  onRemovePackage,
  onRemoveBenefit,
}: {
  line: BookingLine;
  expired: boolean;
  timeZone: string;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /** takes the package's use off the line: it is paid for instead */
  onRemovePackage: () => void;
  onRemoveBenefit: () => void;
}) {
  const quantityId = `basket-quantity-${line.id}`;
  const held = clockTime(line.heldUntil, timeZone);
  const when = sessionWhenOf(line.session, timeZone);
  const voice = useVoice();
  return (
    <li className="card basket__item" data-expired={expired || undefined}>
      <h2 className="card__title">{line.name}</h2>
      <p className="basket__when">{when}</p>
      {line.purchasedForName && <p>{cartWords('forPerson', { name: line.purchasedForName })}</p>}
      <p className="card__meta">
        {line.venue.name}, {line.session.location}
        {line.session.instructor
          ? ` · ${cartWords('withInstructor', { instructor: line.session.instructor })}`
          : ''}
      </p>
      {line.guestName ? (
        <p>{cartWords('guestLine', { guest: line.guestName })}</p>
      ) : (
        <p>{cartWords('bandEach', { band: line.priceBand.label, price: line.unitPrice.formatted })}</p>
      )}
      {line.note && <p className="basket__note">{cartWords('noteForInstructor', { note: line.note })}</p>}
      {/* A guest pass brings one guest (decision 0050): no number of places to change. */}
      {!line.guestName && (
        <div className="field basket__quantity">
          <label className="field__label" htmlFor={quantityId}>
            {cartWords('places')}
          </label>
          <select
            id={quantityId}
            className="field__input"
            value={line.options.quantity}
            // Not disabled while the basket is busy: a focused select that turns disabled drops
            // focus to the page; a change made meanwhile waits its turn.
            disabled={expired}
            onChange={(event) => {
              if (!busy) onQuantity(Number(event.target.value));
            }}
          >
            {Array.from({ length: Math.max(10, line.options.quantity) }, (_, index) => index + 1).map(
              (count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ),
            )}
          </select>
        </div>
      )}
      <p className="basket__price">{line.price.formatted}</p>
      {line.packageUsage && (
        <div className="basket__package">
          <p>
            {cartWords('paidWithPackage', {
              package: line.packageUsage.name,
              count: line.packageUsage.usesLeft,
            })}
          </p>
          <Button variant="link" size="md" disabled={busy || expired} onClick={onRemovePackage}>
            {cartWords('payInstead')}
            <span className="visually-hidden"> {cartWords('forLine', { name: line.name, when })}</span>
          </Button>
        </div>
      )}
      <LineBenefit line={line} busy={busy || expired} onRemove={onRemoveBenefit} />
      {line.warnings.length > 0 && (
        // Before paying (issue 33 item 6): the cut-off, and the same person booked twice, for whom.
        <div className="notice notice--warning basket__warnings">
          <p className="notice__title">{cartWords('beforeYouPay')}</p>
          <ul>
            {line.warnings.map((warning) => (
              <li key={warning.kind}>{warning.text}</li>
            ))}
          </ul>
        </div>
      )}
      {expired ? (
        <p className="basket__hold basket__hold--expired">
          {voice.holdEnded(line.options.quantity, held)} {cartWords('removeAndRebook')}
        </p>
      ) : (
        <p className="basket__hold">{voice.heldUntil(held)}</p>
      )}
      <Button variant="link" size="md" disabled={busy} onClick={onRemove}>
        {cartWords('remove')}
        <span className="visually-hidden">
          {' '}
          {line.guestName
            ? cartWords('guestPlaceOn', { guest: line.guestName, name: line.name, when })
            : `${line.name}, ${when}`}
        </span>
      </Button>
    </li>
  );
}
