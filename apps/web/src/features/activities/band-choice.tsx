import type { SessionPrice } from '@lido/contracts/activities';
import { bandUnavailableText } from './session-text.ts';
import { activitiesWords } from './words.ts';

/**
 * The price bands as a radio group: the bands open to the customer can be chosen; the others stay
 * listed, disabled, each with why (so a customer turning 18 next week knows why junior is gone).
 */
export function BandChoice({
  prices,
  chosen,
  loggedIn,
  onChoose,
}: {
  prices: SessionPrice[];
  chosen: number | undefined;
  loggedIn: boolean;
  onChoose: (priceId: number) => void;
}) {
  return (
    <fieldset className="band-choice">
      <legend className="field__label">{activitiesWords('price')}</legend>
      {prices.map((price) => {
        const id = `band-${price.id}`;
        const whyId = `${id}-why`;
        return (
          <div key={price.id} className="band-choice__option">
            <input
              id={id}
              type="radio"
              name="price-band"
              className="band-choice__input"
              value={price.id}
              checked={chosen === price.id}
              disabled={!price.available}
              aria-describedby={price.available ? undefined : whyId}
              onChange={() => onChoose(price.id)}
            />
            <label htmlFor={id} className="band-choice__label">
              {price.label} <strong>{(price.yourPrice?.price ?? price.price).formatted}</strong>
              {price.yourPrice?.because && (
                // What this person pays, and why: never the band's price they won't be charged (decision 0088).
                <span className="band-choice__because">
                  {activitiesWords('usualPrice', {
                    because: price.yourPrice.because,
                    price: price.price.formatted,
                  })}
                </span>
              )}
            </label>
            {!price.available && (
              <p id={whyId} className="band-choice__why">
                {bandUnavailableText(price.band, loggedIn)}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
