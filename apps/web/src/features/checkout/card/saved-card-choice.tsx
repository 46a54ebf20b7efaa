import type { PrepareResponse } from '@lido/contracts/payments';
import { checkoutWords } from '../words.ts';

type SavedCard = NonNullable<PrepareResponse['savedCard']>;

/** "How would you like to pay?": the saved card (unless expired) or a different card. */
export function SavedCardChoice({
  savedCard,
  paySaved,
  disabled,
  onChoose,
}: {
  savedCard: SavedCard;
  paySaved: boolean;
  disabled: boolean;
  onChoose: (useSaved: boolean) => void;
}) {
  return (
    <fieldset className="choice-group">
      <legend>{checkoutWords('howToPay')}</legend>
      <label className="choice">
        <input
          type="radio"
          name="payment-option"
          checked={paySaved}
          disabled={savedCard.expired || disabled}
          onChange={() => onChoose(true)}
        />
        {checkoutWords(savedCard.expired ? 'savedCardExpired' : 'savedCard', {
          cardType: savedCard.cardType,
          lastFour: savedCard.lastFourDigits,
          expiry: `${String(savedCard.expiryMonth).padStart(2, '0')}/${String(savedCard.expiryYear).slice(-2)}`,
        })}
      </label>
      <label className="choice">
        <input
          type="radio"
          name="payment-option"
          checked={!paySaved}
          disabled={disabled}
          onChange={() => onChoose(false)}
        />
        {checkoutWords('differentCard')}
      </label>
    </fieldset>
  );
}
