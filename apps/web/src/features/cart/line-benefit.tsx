import type { CartItem } from '@lido/contracts/cart';
import { Button } from '../../ui/button.tsx';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';
import { useSessionWhen } from '../../i18n/session-when.ts';
import { cartWords } from './words.ts';

type BookingLine = Extract<CartItem, { type: 'booking' }>;

/**
 * The membership benefit paying for a booking line (issue 18): its name and what it takes off, and
 * "Remove benefit" to pay the price instead (keeping the benefit's use for another booking). The
 * button's name says which benefit and which line, for a screen reader's list of buttons.
 */
export function LineBenefit({
  line,
  busy,
  onRemove,
}: {
  line: BookingLine;
  busy: boolean;
  onRemove: () => void;
}) {
  const { benefit } = line;
  if (!benefit) return null;
  return <BenefitOnLine line={line} benefit={benefit} busy={busy} onRemove={onRemove} />;
}

/** A line's benefit; its own component, so a line without one reads no client settings. */
function BenefitOnLine({
  line,
  benefit,
  busy,
  onRemove,
}: {
  line: BookingLine;
  benefit: NonNullable<BookingLine['benefit']>;
  busy: boolean;
  onRemove: () => void;
}) {
  const whenOf = useSessionWhen();
  return (
    <div className="line-benefit">
      <p className="line-benefit__text">
        {wordsWithParts(
          cartWords,
          'paidByBenefit',
          { benefit: <strong>{benefit.name}</strong> },
          { discount: benefit.discount.formatted },
        )}
      </p>
      <Button variant="link" size="md" disabled={busy} onClick={onRemove}>
        {cartWords('removeBenefit')}
        <span className="visually-hidden">
          {' '}
          {cartWords('benefitFromLine', {
            benefit: benefit.name,
            name: line.name,
            when: whenOf(line.session),
          })}
        </span>
      </Button>
    </div>
  );
}
