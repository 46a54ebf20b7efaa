import type { PrepareResponse } from '@lido/contracts/payments';

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
      <legend>How would you like to pay?</legend>
      <label className="choice">
        <input
          type="radio"
          name="payment-option"
          checked={paySaved}
          disabled={savedCard.expired || disabled}
          onChange={() => onChoose(true)}
        />
        Saved card: {savedCard.cardType} ending {savedCard.lastFourDigits} (expires{' '}
        {String(savedCard.expiryMonth).padStart(2, '0')}/{String(savedCard.expiryYear).slice(-2)})
        {savedCard.expired ? ', expired' : ''}
      </label>
      <label className="choice">
        <input
          type="radio"
          name="payment-option"
          checked={!paySaved}
          disabled={disabled}
          onChange={() => onChoose(false)}
        />
        A different card
      </label>
    </fieldset>
  );
}
