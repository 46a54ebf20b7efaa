import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tillRoutes } from '../src/features/front-of-house/till/till-routes.tsx';
import { wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';
import { lazyRouteWait, managerMe } from './support/staff-fixtures.ts';

const wait = lazyRouteWait;
const manager = managerMe;
const timetable = {
  centres: [
    {
      slug: 'castlefield-leisure-centre',
      name: 'Castlefield Leisure Centre',
      places: [{ key: 'coaching-studio', name: 'Coaching studio', kind: 'studio' }],
    },
  ],
  activities: [{ key: 'yoga', name: 'Yoga', kind: 'session', prices: [] }],
  series: [],
};

/** Issue 35 item 2: a manager adds a one-off session from the staff timetable. */
describe('the one-off session form', () => {
  it('tells each missing answer, then the server’s refusal in the form’s words, then sends the session once', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    const stub = stubFetch({
      '/api/staff/me': wire(manager),
      '/api/staff/timetable': wire(timetable),
      '/api/staff/timetable/sessions': (_url, init) => {
        posted.push(JSON.parse(String(init?.body)));
        return posted.length === 1
          ? {
              status: 422,
              body: {
                message: 'A one-off session must start later than now.',
                errors: { date: ['A one-off session must start later than now.'] },
              },
            }
          : { status: 201, ...wire({ sessionId: 91, startsAt: '2026-12-24T22:00:00.000Z' }) };
      },
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    renderRoutesOnSite(tillRoutes, { site: 'front-of-house', path: '/timetable' });

    await user.click(await screen.findByRole('button', { name: 'Add a one-off session' }, wait));
    const heading = screen.getByRole('heading', { name: 'Add a one-off session' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await user.clear(screen.getByLabelText('Duration (minutes)'));
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    const summary = await screen.findByRole('alert');
    for (const problem of [
      'Choose an activity.',
      'Choose a place.',
      'Date must be a real date, such as 24 12 2026.',
      'Start time must be a time such as 09:30 (24-hour clock).',
      'Duration (minutes) must be a whole number from 5 to 1440.',
      'Capacity must be a whole number from 1 to 10000.',
    ])
      expect(within(summary).getByRole('link', { name: problem })).toBeTruthy();
    expect(posted).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Activity'), 'yoga');
    await user.selectOptions(screen.getByLabelText('Place'), 'coaching-studio');
    const date = screen.getByRole('group', { name: /^Date/ });
    await user.type(within(date).getByLabelText('Day'), '24');
    await user.type(within(date).getByLabelText('Month'), '12');
    await user.type(within(date).getByLabelText('Year'), '2026');
    await user.type(screen.getByLabelText(/^Start time/), '22:00');
    await user.type(screen.getByLabelText('Duration (minutes)'), '45');
    await user.type(screen.getByLabelText('Capacity'), '8');
    await user.type(screen.getByLabelText(/^Instructor/), 'Nia Night');
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    expect(
      await screen.findAllByText('A one-off session must start later than now.', {}, wait),
    ).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add session' }));
    await screen.findByText('Added Yoga on 24 Dec 2026 at 22:00, Coaching studio.', {}, wait);
    // The list is back, its heading focused; the session was sent as the call's schema names it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Weekly series' })),
    );
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual({
      activity: 'yoga',
      venue: 'castlefield-leisure-centre',
      location: 'coaching-studio',
      date: '2026-12-24',
      time: '22:00',
      duration_minutes: 45,
      capacity: 8,
      instructor: 'Nia Night',
      online_booking: true,
    });
  }, 20_000);
});
