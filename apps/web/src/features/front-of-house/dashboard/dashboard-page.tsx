import { allCentres, dashboardQuerySchema, type Dashboard } from '@lido/contracts/dashboard';
import type { DashboardTable } from '@lido/contracts/staff-exports';
import { dateFromParts, partsFromDate } from '@lido/contracts/date-input';
import { addDays, prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { formatPence } from '@lido/pricing/money';
import { useState, type FormEvent } from 'react';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { ApiError } from '../../../lib/api/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { DateInput } from '../../../ui/date-input.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { LoadFailed } from '../till/load-failed.tsx';
import { BarChart } from './bar-chart.tsx';
import { exportUrl, recordDownload, useDashboard, type DashboardFilter } from './dashboard-api.ts';
import { FigureTable } from './figure-table.tsx';
import '../till/till.css';
import './dashboard.css';

const pounds = (pence: number) => (pence / 100).toFixed(2);
const shortDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/**
 * /dashboard on the staff site (issue 37 items 1 and 2, decisions 0099 and 0102): a manager's figures
 * for one of their centres, or all of them, over a range of days, each group a table with a CSV
 * download, the main ones charted; then the orders and customers exports.
 */
export function DashboardPage() {
  const { timeZone } = useClientSettings();
  const today = todayIn(timeZone, new Date());
  const [filter, setFilter] = useState<DashboardFilter>({ from: addDays(today, -6), to: today, centre: '' });
  const [draft, setDraft] = useState({
    ...filter,
    from: partsFromDate(filter.from),
    to: partsFromDate(filter.to),
  });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const found = useDashboard(filter);
  const data = found.data;

  // The centres the manager may choose, kept from the last answer while a new one loads or fails.
  const [centres, setCentres] = useState<Dashboard['centres']>([]);
  if (data && data.centres !== centres) setCentres(data.centres);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const from = dateFromParts(draft.from.day, draft.from.month, draft.from.year);
    const to = dateFromParts(draft.to.day, draft.to.month, draft.to.year);
    // The server's own rules and words (decision 0099), checked here so no refused call is sent.
    const checked = from && to ? dashboardQuerySchema.safeParse({ from, to }) : null;
    const problem = checked?.success === false ? checked.error.issues[0]?.message : undefined;
    const found = {
      ...(from ? {} : { from: 'Enter the first day as a real date, for example 1 3 2027' }),
      ...(to ? {} : { to: 'Enter the last day as a real date, for example 31 3 2027' }),
      ...(problem ? { to: problem } : {}),
    };
    setErrors(found);
    if (!from || !to || problem) {
      document.getElementById(from ? 'dashboard-to' : 'dashboard-from')?.focus();
      return;
    }
    setFilter({ centre: draft.centre, from, to });
  };

  return (
    <section aria-labelledby="dashboard-heading" className="till dashboard">
      <h1 id="dashboard-heading">Dashboard</h1>
      <form className="dashboard__filter" onSubmit={submit} aria-label="Centre and dates">
        <div className="field">
          <label className="field__label" htmlFor="dashboard-centre">
            Centre
          </label>
          <select
            id="dashboard-centre"
            className="field__input"
            value={draft.centre || data?.centre.slug || centres[0]?.slug || ''}
            onChange={(event) => setDraft({ ...draft, centre: event.target.value })}
          >
            {centres.length > 1 && <option value={allCentres}>All my centres</option>}
            {centres.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <DateInput
          id="dashboard-from"
          legend="From"
          hint="For example, 1 3 2027"
          error={errors.from}
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <DateInput
          id="dashboard-to"
          legend="To"
          hint="For example, 31 3 2027"
          error={errors.to}
          value={draft.to}
          onChange={(to) => setDraft({ ...draft, to })}
        />
        <Button type="submit">Show figures</Button>
      </form>
      {found.isPending ? (
        <Spinner label="Loading the figures" />
      ) : found.isError ? (
        found.error instanceof ApiError && found.error.status === 422 ? (
          <p className="error-line" role="alert">
            {found.error.message}
          </p>
        ) : (
          <LoadFailed error={found.error} />
        )
      ) : (
        <Figures data={found.data} />
      )}
    </section>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const where = `${data.centre.name}, ${prettyDate(data.from)} to ${prettyDate(data.to)}`;
  const file = (name: string) => `${name}-${data.centre.slug}-${data.from}-to-${data.to}`;
  const range = { from: data.from, to: data.to, centre: data.centre.slug };
  // Each download is written in the staff audit log (decision 0102).
  const logged = (table: DashboardTable) => (rows: number) => recordDownload({ table, rows, ...range });
  const dd = data.directDebit;
  return (
    <div aria-live="polite" className="dashboard__figures">
      <h2>{where}</h2>

      {data.centre.slug === allCentres && (
        <>
          <h3>By centre</h3>
          <FigureTable
            caption={`Each centre, ${where}`}
            columns={[
              'Centre',
              'Sessions',
              'Capacity',
              'Booked',
              'Booked %',
              'Attended',
              'No-shows',
              'Money taken',
              'Members joined',
              'Members cancelled',
            ]}
            rows={data.perCentre.map((row) => {
              const counts = [row.sessions, row.capacity, row.booked, percent(row.booked, row.capacity)];
              const after = [row.attended, row.noShows];
              const members = [row.joined, row.cancelled];
              return {
                shown: [row.name, ...counts, ...after, formatPence(row.revenuePence), ...members],
                csv: [row.name, ...counts, ...after, pounds(row.revenuePence), ...members],
              };
            })}
            fileName={file('per-centre')}
            onDownload={logged('per-centre')}
            empty="You manage no centres."
          />
        </>
      )}

      <h3>Bookings per day</h3>
      <div className="dashboard__group">
        <BarChart
          title="Places booked per day"
          bars={data.bookingsPerDay.map((day) => ({ label: shortDay(day.date), value: day.places }))}
        />
        <FigureTable
          caption={`Places booked per day, ${where}`}
          columns={['Day', 'Places booked']}
          rows={data.bookingsPerDay.map((day) => ({
            shown: [shortDay(day.date), day.places],
            csv: [day.date, day.places],
          }))}
          fileName={file('bookings-per-day')}
          onDownload={logged('bookings-per-day')}
          empty="No days."
        />
      </div>

      <h3>Utilisation by activity</h3>
      <div className="dashboard__group">
        <BarChart
          title="Capacity booked, per cent"
          format={(value) => `${value}%`}
          bars={data.utilisation.map((row) => ({
            label: row.activity,
            value: percent(row.booked, row.capacity),
          }))}
        />
        <FigureTable
          caption={`Utilisation by activity, ${where}`}
          columns={['Activity', 'Sessions', 'Capacity', 'Booked', 'Booked %', 'Attended', 'No-shows']}
          rows={data.utilisation.map((row) => {
            const cells = [
              row.activity,
              row.sessions,
              row.capacity,
              row.booked,
              percent(row.booked, row.capacity),
              row.attended,
              row.noShows,
            ];
            return { shown: cells, csv: cells };
          })}
          fileName={file('utilisation')}
          onDownload={logged('utilisation')}
          empty="No sessions ran in these dates."
        />
      </div>

      <FigureTable
        caption={`Utilisation by hour of the week, ${where}`}
        columns={['Starts', 'Sessions', 'Capacity', 'Booked', 'Booked %']}
        rows={data.utilisationByHour.map((row) => {
          const when = `${weekdays[row.weekday - 1]} ${String(row.hour).padStart(2, '0')}:00`;
          const cells = [row.sessions, row.capacity, row.booked, percent(row.booked, row.capacity)];
          return { shown: [when, ...cells], csv: [when, ...cells] };
        })}
        fileName={file('utilisation-by-hour')}
        onDownload={logged('utilisation-by-hour')}
        empty="No sessions ran in these dates."
      />

      <h3>Revenue</h3>
      <div className="dashboard__group">
        <BarChart
          title="Revenue by tender"
          format={formatPence}
          bars={data.revenueByTender.map((row) => ({ label: row.label, value: row.pence }))}
        />
        <FigureTable
          caption={`Revenue by tender, ${where}`}
          columns={['Tender', 'Amount']}
          rows={data.revenueByTender.map((row) => ({
            shown: [row.label, formatPence(row.pence)],
            csv: [row.label, pounds(row.pence)],
          }))}
          fileName={file('revenue-by-tender')}
          onDownload={logged('revenue-by-tender')}
          empty="No money was taken."
        />
      </div>
      <FigureTable
        caption={`Revenue by product, ${where}`}
        columns={['Product', 'Amount']}
        rows={data.revenueByProduct.map((row) => ({
          shown: [row.label, formatPence(row.pence)],
          csv: [row.label, pounds(row.pence)],
        }))}
        fileName={file('revenue-by-product')}
        onDownload={logged('revenue-by-product')}
        empty="Nothing was sold."
      />

      <h3>Memberships</h3>
      <FigureTable
        caption={`Memberships by type, ${where}`}
        columns={['Membership', 'Joined', 'Changed', 'Frozen', 'Cancelled', 'Net']}
        rows={data.memberships.map((row) => {
          const cells = [row.type, row.joined, row.changed, row.frozen, row.cancelled, row.net];
          return { shown: cells, csv: cells };
        })}
        fileName={file('memberships')}
        onDownload={logged('memberships')}
        empty="No members joined, changed, froze or cancelled in these dates."
      />
      <FigureTable
        caption={`Direct Debit collections billed, ${where}`}
        columns={['Collections', 'Number', 'Amount']}
        rows={(
          [
            ['Expected', dd.expected],
            ['Collected', dd.collected],
            ['Failed', dd.failed],
          ] as const
        ).map(([label, figure]) => ({
          shown: [label, figure.count, formatPence(figure.pence)],
          csv: [label, figure.count, pounds(figure.pence)],
        }))}
        fileName={file('direct-debit')}
        onDownload={logged('direct-debit')}
        empty="No collections."
      />

      <h3>Waiting lists</h3>
      <FigureTable
        caption={`Waiting-list demand by activity, ${where}`}
        columns={['Activity', 'Joined a waiting list', 'Got a place']}
        rows={data.waitingList.map((row) => {
          const cells = [row.activity, row.joined, row.booked];
          return { shown: cells, csv: cells };
        })}
        fileName={file('waiting-lists')}
        onDownload={logged('waiting-lists')}
        empty="Nobody joined a waiting list for these dates."
      />

      <section aria-labelledby="dashboard-exports" className="dashboard__exports">
        <h2 id="dashboard-exports">Exports</h2>
        <p>
          Orders and customers of {where}, as CSV for your own systems. Each export is written in the staff
          audit log.
        </p>
        <ul>
          <li>
            <a href={exportUrl('orders', range)} download>
              Export orders (CSV)<span className="visually-hidden"> of {where}</span>
            </a>
            : completed orders with their lines, amounts in pence and pounds, and tenders.
          </li>
          <li>
            <a href={exportUrl('customers', range)} download>
              Export customers (CSV)<span className="visually-hidden"> of {where}</span>
            </a>
            : customers registered in these dates, with contact details and memberships.
          </li>
        </ul>
      </section>
    </div>
  );
}
