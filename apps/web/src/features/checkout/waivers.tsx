import type { CartItem } from '@lido/contracts/cart';
import { CheckboxField } from '../../ui/form-fields.tsx';
import { useSessionWhen } from '../../i18n/session-when.ts';
import { checkoutWords } from './words.ts';

type BookingLine = Extract<CartItem, { type: 'booking' }>;

/** Said when a waiver is not agreed; a function, so a Welsh page reads its words once they are in. */
export const waiverMessage = () => checkoutWords('waiverNotAgreed');
export const waiverFieldId = (cartItemId: number) => `checkout-waiver-${cartItemId}`;

/** The booking lines whose activity needs a signed waiver (platform spec §3 attendeeWaiversRequired). */
export function linesNeedingWaivers(items: CartItem[], required: boolean): BookingLine[] {
  if (!required) return [];
  return items.filter((item): item is BookingLine => item.type === 'booking' && item.waiverRequired);
}

/**
 * The waiver step of a bookings checkout (issue 17 item 6): each waiver's text, then a checkbox
 * that must be ticked before paying. The ticked lines' ids are sent as `completed_waivers`, and
 * the server stores who agreed and when.
 */
export function Waivers({
  lines,
  agreed,
  onChange,
}: {
  lines: BookingLine[];
  agreed: number[];
  onChange: (agreed: number[]) => void;
}) {
  const whenOf = useSessionWhen();
  if (lines.length === 0) return null;
  return (
    <section className="waivers" aria-labelledby="waivers-heading">
      <h2 id="waivers-heading">{checkoutWords('waivers')}</h2>
      <p>{checkoutWords('waiversIntro')}</p>
      {lines.map((line) => (
        <div key={line.id} className="waivers__item">
          <h3 className="waivers__name">
            {line.name} <span className="card__meta">{whenOf(line.session)}</span>
          </h3>
          {/* Long waivers scroll inside their box; it takes focus so a keyboard can scroll it. */}
          <div
            className="waivers__text"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
            tabIndex={0}
            role="region"
            aria-label={checkoutWords('waiverFor', { name: line.name })}
          >
            {line.waiverText.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <CheckboxField
            id={waiverFieldId(line.id)}
            label={checkoutWords('agreeToWaiver', { name: line.name })}
            checked={agreed.includes(line.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...agreed, line.id] : agreed.filter((id) => id !== line.id))
            }
          />
        </div>
      ))}
    </section>
  );
}
