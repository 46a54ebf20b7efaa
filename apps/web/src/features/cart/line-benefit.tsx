import type { CartItem } from '@lido/contracts/cart';
import { Button } from '../../ui/button.tsx';

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
  return (
    <div className="line-benefit">
      <p className="line-benefit__text">
        Paid by your membership benefit <strong>{benefit.name}</strong> (−{benefit.discount.formatted})
      </p>
      <Button variant="link" size="md" disabled={busy} onClick={onRemove}>
        Remove benefit
        <span className="visually-hidden">
          {' '}
          {benefit.name} from {line.name}, {line.session.when}
        </span>
      </Button>
    </div>
  );
}
