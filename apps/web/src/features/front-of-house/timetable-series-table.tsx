import { priceBandLabels } from '@lido/contracts/activities';
import type { SeriesView, WeekdayName } from '@lido/contracts/timetable';
import { prettyDate } from '@lido/pricing/calendar-date';
import { formatPence } from '@lido/pricing/money';
import { Button } from '../../ui/button.tsx';
import { TableScroll } from '../../ui/table-scroll.tsx';

export const dayLabels: Record<WeekdayName, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The rules a series sets for itself (decision 0100), in a few words; empty when all are its activity's. */
function ownRules(series: SeriesView['series'], symbol: string): string {
  const { minAge, maxAge } = series;
  const words = [
    minAge !== undefined && maxAge !== undefined
      ? `ages ${minAge} to ${maxAge}`
      : minAge !== undefined
        ? `ages ${minAge} and over`
        : maxAge !== undefined
          ? `ages up to ${maxAge}`
          : '',
    series.waiverRequired === undefined ? '' : series.waiverRequired ? 'waiver' : 'no waiver',
    series.cancellationCutoffMinutes === undefined
      ? ''
      : `cancel up to ${series.cancellationCutoffMinutes} minutes before`,
    ...(series.prices ?? []).map(
      (price) =>
        `${priceBandLabels[price.band]} ${formatPence(price.pricePence, symbol)}, ${price.bookingWindowDays} days ahead`,
    ),
  ].filter(Boolean);
  return words.length > 0 ? `Own rules: ${words.join('; ')}.` : '';
}

/** The weekly series at a manager's centres, each with Change and Retire (decision 0092). */
export function SeriesTable({
  series,
  symbol,
  onChange,
  onRetire,
}: {
  series: SeriesView[];
  /** the operator's currency symbol, for a series' own prices */
  symbol: string;
  onChange: (view: SeriesView) => void;
  onRetire: (view: SeriesView) => void;
}) {
  if (series.length === 0) return <p>There are no weekly series at your centres yet.</p>;
  return (
    <TableScroll label="Weekly series at your centres">
      <table className="table">
        <caption>Weekly series at your centres</caption>
        <thead>
          <tr>
            <th scope="col">Series</th>
            <th scope="col">Where</th>
            <th scope="col">When</th>
            <th scope="col">Capacity</th>
            <th scope="col">Instructor</th>
            <th scope="col">Sessions to come</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {series.map((view) => (
            <tr key={view.series.key}>
              <th scope="row">
                {view.activityName}
                <br />
                <span className="field__hint">{view.series.key}</span>
                {ownRules(view.series, symbol) && (
                  <>
                    <br />
                    <span className="field__hint">{ownRules(view.series, symbol)}</span>
                  </>
                )}
              </th>
              <td>
                {view.centreName}, {view.placeName}
              </td>
              <td>
                {view.series.days.map((day) => dayLabels[day]).join(', ')} at {view.series.times.join(', ')} (
                {view.series.durationMinutes} min)
                {view.series.validFrom && `, from ${prettyDate(view.series.validFrom)}`}
                {view.series.validTo && `, until ${prettyDate(view.series.validTo)}`}
              </td>
              <td>{view.series.capacity ?? 1}</td>
              <td>{view.series.instructor ?? ''}</td>
              <td>
                {view.active
                  ? `${view.upcomingSessions} (${view.upcomingWithBookings} with bookings)`
                  : 'Retired'}
              </td>
              <td>
                {view.active && (
                  <>
                    <Button variant="link" size="sm" onClick={() => onChange(view)}>
                      Change<span className="visually-hidden"> {view.series.key}</span>
                    </Button>{' '}
                    <Button variant="link" size="sm" onClick={() => onRetire(view)}>
                      Retire<span className="visually-hidden"> {view.series.key}</span>
                    </Button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
