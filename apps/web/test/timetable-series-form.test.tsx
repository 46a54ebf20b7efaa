import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tillRoutes } from '../src/features/front-of-house/till/till-routes.tsx';
import { wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';
import { lazyRouteWait, managerMe } from './support/staff-fixtures.ts';

const wait = lazyRouteWait;
const manager = managerMe;
const series = {
  key: 'castlefield-teen-yoga',
  activity: 'yoga',
  venue: 'castlefield-leisure-centre',
  location: 'coaching-studio',
  days: ['tue'],
  times: ['18:00'],
  durationMinutes: 45,
  capacity: 12,
  onlineBooking: true,
  validFrom: '2027-01-05',
  minAge: 13,
  maxAge: 17,
  waiverRequired: true,
  waiverText: 'A parent agrees.',
  cancellationCutoffMinutes: 1440,
  prices: [{ band: 'member', pricePence: 100, bookingWindowDays: 10 }],
};
const view = {
  series,
  activityName: 'Yoga',
  centreName: 'Castlefield Leisure Centre',
  placeName: 'Coaching studio',
  active: true,
  version: 'v1',
  upcomingSessions: 3,
  upcomingWithBookings: 0,
};
const timetable = {
  centres: [
    {
      slug: 'castlefield-leisure-centre',
      name: 'Castlefield Leisure Centre',
      places: [{ key: 'coaching-studio', name: 'Coaching studio', kind: 'studio' }],
    },
  ],
  activities: [
    {
      key: 'yoga',
      name: 'Yoga',
      kind: 'session',
      prices: [
        { band: 'adult', pricePence: 800, bookingWindowDays: 5 },
        { band: 'member', pricePence: 0, bookingWindowDays: 7 },
      ],
    },
  ],
  series: [view],
};
const saved = { series: view, sessionsCreated: 3, sessionsChanged: 0, sessionsRemoved: 0, bookersTold: 0 };

function renderPage() {
  const stub = stubFetch({
    '/api/staff/me': wire(manager),
    '/api/staff/timetable': wire(timetable),
    '/api/staff/timetable/series': wire(saved),
    '/api/staff/timetable/series/castlefield-teen-yoga': wire(saved),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite(tillRoutes, { site: 'front-of-house', path: '/timetable' });
  return (path: string) =>
    stub.calls
      .filter((call) => call.url === path && ['POST', 'PUT'].includes(call.init?.method ?? ''))
      .map((call) => (JSON.parse(String(call.init!.body)) as { series: Record<string, unknown> }).series);
}

/** Issue 35 item 2 (decisions 0092 and 0100): the series form's first and last day and its own booking rules. */
describe('the weekly series form', () => {
  it('sends the first and last day and the series’ own rules, and refuses a day that is not a date', async () => {
    const user = userEvent.setup();
    const sent = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add a weekly series' }, wait));
    await user.type(screen.getByLabelText(/^Key/), 'castlefield-late-yoga');
    await user.selectOptions(screen.getByLabelText('Activity'), 'yoga');
    await user.selectOptions(screen.getByLabelText('Place'), 'coaching-studio');
    await user.click(screen.getByLabelText('Friday'));
    await user.type(screen.getByLabelText(/^Start times/), '21:00');
    await user.type(screen.getByLabelText('Capacity'), '10');
    const firstDay = screen.getByRole('group', { name: /^First day \(optional\)/ });
    await user.type(within(firstDay).getByLabelText('Day'), '31');
    await user.type(within(firstDay).getByLabelText('Month'), '2');
    await user.type(within(firstDay).getByLabelText('Year'), '2027');
    await user.click(screen.getByRole('button', { name: 'Add series' }));
    expect(await screen.findAllByText('First day must be a real date, such as 31 1 2027.')).not.toHaveLength(
      0,
    );
    expect(sent('/api/staff/timetable/series')).toEqual([]);

    await user.clear(within(firstDay).getByLabelText('Day'));
    await user.type(within(firstDay).getByLabelText('Day'), '5');
    await user.clear(within(firstDay).getByLabelText('Month'));
    await user.type(within(firstDay).getByLabelText('Month'), '1');
    const lastDay = screen.getByRole('group', { name: /^Last day \(optional\)/ });
    await user.type(within(lastDay).getByLabelText('Day'), '30');
    await user.type(within(lastDay).getByLabelText('Month'), '3');
    await user.type(within(lastDay).getByLabelText('Year'), '2027');
    await user.type(screen.getByLabelText(/^Youngest age/), '16');
    await user.type(screen.getByLabelText(/^Cancellation cut-off in minutes/), '60');
    await user.selectOptions(screen.getByLabelText('Waiver'), 'required');
    // Only the activity's own bands are offered; a price that is not an amount is told.
    expect(screen.queryByLabelText(/^Junior price/)).toBeNull();
    await user.type(screen.getByLabelText(/^Adult price/), 'twelve');
    await user.click(screen.getByRole('button', { name: 'Add series' }));
    expect(
      await screen.findAllByText('Adult price: Enter the amount in pounds and pence, like £20.00.'),
    ).not.toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Adult price/));
    await user.type(screen.getByLabelText(/^Adult price/), '12.50');
    await user.click(screen.getByRole('button', { name: 'Add series' }));
    // The one schema, in the form's words: a required waiver needs its text.
    expect(
      await screen.findAllByText(
        'Waiver text must be given when a waiver is required (waiverRequired: true).',
      ),
    ).not.toHaveLength(0);
    expect(sent('/api/staff/timetable/series')).toEqual([]);

    await user.type(screen.getByLabelText(/^Waiver text/), 'I am fit to exercise.');
    await user.click(screen.getByRole('button', { name: 'Add series' }));
    await waitFor(() => expect(sent('/api/staff/timetable/series')).toHaveLength(1));
    const [body] = sent('/api/staff/timetable/series');
    // (The API client sends names in snake_case; the server reads them back as the schema names them.)
    expect(body).toMatchObject({
      key: 'castlefield-late-yoga',
      valid_from: '2027-01-05',
      valid_to: '2027-03-30',
      min_age: 16,
      waiver_required: true,
      waiver_text: 'I am fit to exercise.',
      cancellation_cutoff_minutes: 60,
      // the window left empty is the activity's own
      prices: [{ band: 'adult', price_pence: 1250, booking_window_days: 5 }],
    });
    // Left empty, a rule is the activity's: not sent at all.
    expect(body).not.toHaveProperty('max_age');
  }, 20_000);

  it('opens a series with its own rules filled in, and sends them back unchanged', async () => {
    const user = userEvent.setup();
    const sent = renderPage();
    // The list says which rules are the series' own.
    await screen.findByText(
      'Own rules: ages 13 to 17; waiver; cancel up to 1440 minutes before; Member £1.00, 10 days ahead.',
      {},
      wait,
    );
    await user.click(screen.getByRole('button', { name: /^Change ?castlefield-teen-yoga$/ }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Youngest age/).value).toBe('13');
    expect(screen.getByLabelText<HTMLInputElement>(/^Oldest age/).value).toBe('17');
    expect(screen.getByLabelText<HTMLSelectElement>('Waiver').value).toBe('required');
    expect(screen.getByLabelText<HTMLInputElement>(/^Waiver text/).value).toBe('A parent agrees.');
    expect(screen.getByLabelText<HTMLInputElement>(/^Member price/).value).toBe('1.00');
    expect(screen.getByLabelText<HTMLInputElement>(/^Member booking window/).value).toBe('10');
    const firstDay = screen.getByRole('group', { name: /^First day \(optional\)/ });
    expect(within(firstDay).getByLabelText<HTMLInputElement>('Year').value).toBe('2027');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent('/api/staff/timetable/series/castlefield-teen-yoga')).toHaveLength(1));
    const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    expect(sent('/api/staff/timetable/series/castlefield-teen-yoga')[0]).toEqual(
      Object.fromEntries(
        Object.entries(series).map(([name, value]) => [
          snake(name),
          name === 'prices' ? [{ band: 'member', price_pence: 100, booking_window_days: 10 }] : value,
        ]),
      ),
    );
  }, 20_000);
});
