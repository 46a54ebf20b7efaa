// jsdom joins a link's visible word and its visually hidden context without the space Chromium
// puts between them, so names with hidden context are matched allowing for either.

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Timetable } from '../src/features/activities/index.ts';
import { timetable, wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

const timetablePath = '/api/activities/venues/castlefield/timetable';

function renderTimetable(answer = timetable(), path = '/location/castlefield') {
  const stub = stubFetch({
    [timetablePath]: (url) => wire(url.searchParams.has('category') ? filteredEmpty : answer),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const rendered = renderRoutesOnSite(
    [{ path: '/location/:slug', element: <Timetable slug="castlefield" /> }],
    {
      path,
    },
  );
  return { ...rendered, calls: stub.calls };
}

const filteredEmpty = timetable({
  days: timetable().days.map((day) => ({ ...day, sessions: [] })),
});

describe("a centre's timetable", () => {
  it("lists the first day's sessions with time, activity, place, price, places left and an action", async () => {
    renderTimetable();
    const day = await screen.findByRole('region', { name: 'Tue 24 Nov' });
    expect(within(day).getByRole('heading', { level: 2, name: 'Tue 24 Nov' })).toBeTruthy();
    const items = within(within(day).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const spin = items[1]!;
    expect(within(spin).getByRole('heading', { level: 3, name: 'Spin' })).toBeTruthy();
    expect(spin.textContent).toContain('18:00');
    expect(spin.textContent).toContain('Studio 1 · with Sam Patel');
    expect(spin.textContent).toContain('£6.50');
    expect(spin.textContent).toContain('3 spaces left');
    const book = within(spin).getByRole('link', { name: /^Book ?Spin at 18:00$/ });
    expect(book.getAttribute('href')).toBe('/sessions/501');
    // A full class says so in words and offers its details, not a booking.
    const yoga = items[0]!;
    expect(yoga.textContent).toContain('Full');
    expect(within(yoga).queryByRole('link', { name: /^Book/ })).toBeNull();
    expect(within(yoga).getByRole('link', { name: /^Details ?Yoga at 07:00$/ })).toBeTruthy();
  });

  it('asks for one week from the first day, as the customer sees it', async () => {
    const { calls } = renderTimetable();
    await screen.findByRole('region', { name: 'Tue 24 Nov' });
    expect(calls.map((call) => call.url)).toContain(`${timetablePath}?days=7`);
  });

  it('moves along the week strip with the arrow keys, Home and End, choosing the day it reaches', async () => {
    const user = userEvent.setup();
    renderTimetable();
    const strip = await screen.findByRole('list', { name: 'Days' });
    const first = within(strip).getByRole('button', { name: /^Tue 24 Nov/ });
    expect(first.getAttribute('aria-pressed')).toBe('true');
    expect(first.getAttribute('aria-controls')).toBe('timetable-day');
    first.focus();
    await user.keyboard('{ArrowRight}');
    const second = within(strip).getByRole('button', { name: /^Wed 25 Nov/ });
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    expect(first.getAttribute('aria-pressed')).toBe('false');
    // The change is said once, politely, without moving focus.
    expect(screen.getByText('1 session on Wed 25 Nov').getAttribute('role')).toBe('status');
    // A court hour counts its free courts.
    const wednesday = screen.getByRole('region', { name: 'Wed 25 Nov' });
    expect(wednesday.textContent).toContain('3 courts free');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(within(strip).getByRole('button', { name: /^Mon 30 Nov/ }));
    expect(await screen.findByText('No sessions on this day.')).toBeTruthy();
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
    // Each day's button says how many sessions it has, after its visible date.
    expect(first.textContent).toContain('2 sessions');
  });

  it('filters by activity and time of day when the form is sent, and clears the filters', async () => {
    const user = userEvent.setup();
    const { calls } = renderTimetable();
    await screen.findByRole('region', { name: 'Tue 24 Nov' });
    const form = screen.getByRole('form', { name: 'Filter sessions' });
    await user.selectOptions(within(form).getByLabelText('Activity'), 'Swimming');
    await user.selectOptions(within(form).getByLabelText('Time of day'), 'Morning');
    // Choosing changes nothing until the form is sent.
    expect(calls.some((call) => call.url.includes('category='))).toBe(false);
    await user.click(within(form).getByRole('button', { name: 'Show sessions' }));
    expect(await screen.findByText('No sessions match these filters')).toBeTruthy();
    // The form shows what is applied without being drawn anew, so its button keeps focus (issue 34).
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Show sessions' }));
    expect(calls.map((call) => call.url)).toContain(
      `${timetablePath}?days=7&category=swimming&time_of_day=morning`,
    );
    const day = screen.getByRole('region', { name: 'Tue 24 Nov' });
    await user.click(within(day).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: /^Book ?Spin at 18:00$/ })).toBeTruthy();
    expect((screen.getByLabelText('Activity') as HTMLSelectElement).value).toBe('');
    // The pressed button went with the empty list: focus is on the day's heading above it.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Tue 24 Nov' }));
    // The form's own "Clear filters" hands focus to "Show sessions" beside it as it goes.
    await user.selectOptions(within(form).getByLabelText('Activity'), 'Swimming');
    await user.click(within(form).getByRole('button', { name: 'Show sessions' }));
    await user.click(await within(form).findByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: /^Book ?Spin at 18:00$/ })).toBeTruthy();
    expect(within(form).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Show sessions' }));
  });

  it('keeps its day and filters in the address, so coming back shows the same view', async () => {
    renderTimetable(timetable(), '/location/castlefield?day=2026-11-25');
    expect(await screen.findByRole('region', { name: 'Wed 25 Nov' })).toBeTruthy();
  });

  it("tells a customer who can't book online why, above the timetable", async () => {
    renderTimetable(
      timetable({ bookingBlocked: 'You have an unpaid penalty. Please speak to reception to book.' }),
    );
    const title = await screen.findByText("You can't book online at the moment");
    const notice = title.closest('[role="status"]')!;
    expect(notice.textContent).toContain('You have an unpaid penalty. Please speak to reception to book.');
  });

  it('shows the error line when the timetable cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ [timetablePath]: { status: 500, body: { message: 'Server error' } } }).fetchStub,
    );
    renderRoutesOnSite([{ path: '/location/:slug', element: <Timetable slug="castlefield" /> }], {
      path: '/location/castlefield',
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something has gone wrong, please try again.',
    );
  });
});
