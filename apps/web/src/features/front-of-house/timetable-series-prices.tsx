import { priceBandLabels, type PriceBandName } from '@lido/contracts/activities';
import type { StaffTimetable } from '@lido/contracts/timetable';
import { formatPence } from '@lido/pricing/money';
import { TextField } from '../../ui/form-fields.tsx';
import type { Draft } from './timetable-series-draft.ts';

type Activity = StaffTimetable['activities'][number];

/** The id of the first price field, for the error summary's link. */
export const firstPriceFieldId = (activity: Activity | undefined) =>
  `series-price-${activity?.prices?.[0]?.band ?? 'adult'}`;

/**
 * A series' own price and booking window for each of its activity's bands (decision 0100): each
 * optional, the activity's own shown beside it and used for whatever is left empty.
 */
export function SeriesPricesFields({
  activity,
  prices,
  symbol,
  error,
  onChange,
}: {
  activity: Activity | undefined;
  prices: Draft['prices'];
  symbol: string;
  error: string | undefined;
  onChange: (prices: Draft['prices']) => void;
}) {
  if (!activity?.prices?.length) return null;
  const set = (band: PriceBandName, part: 'price' | 'window', value: string) =>
    onChange({ ...prices, [band]: { price: '', window: '', ...prices[band], [part]: value } });
  return (
    <fieldset className={`field${error ? ' field--error' : ''}`}>
      <legend className="field__label">Prices for this series</legend>
      <p className="field__hint">Leave a band empty for {activity.name}’s own price and booking window.</p>
      {error && (
        <p className="field__error">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      )}
      {activity.prices.map((own) => {
        const label = priceBandLabels[own.band];
        return (
          <div key={own.band}>
            <TextField
              id={`series-price-${own.band}`}
              label={`${label} price (optional)`}
              hint={`${activity.name}’s own: ${formatPence(own.pricePence, symbol)}.`}
              inputMode="decimal"
              value={prices[own.band]?.price ?? ''}
              onChange={(event) => set(own.band, 'price', event.target.value)}
            />
            <TextField
              id={`series-window-${own.band}`}
              label={`${label} booking window in days (optional)`}
              hint={`How many days ahead ${label.toLowerCase()} places can be booked; ${activity.name}’s own: ${own.bookingWindowDays}.`}
              inputMode="numeric"
              value={prices[own.band]?.window ?? ''}
              onChange={(event) => set(own.band, 'window', event.target.value)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
