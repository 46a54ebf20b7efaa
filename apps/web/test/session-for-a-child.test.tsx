import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import { SessionPage } from '../src/features/activities/session-page.tsx';
import { logIn, logOut, money, sessionDetails, testUser, wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

afterEach(() => {
  cleanup();
  logOut();
  act(() => clearToasts());
});

/** A swimming lesson for ages 4 to 11: as the server answers for the adult, and for a child. */
const lesson = (openToThisPerson: boolean) =>
  sessionDetails({
    activity: { id: 21, name: 'Stage 1 lesson', category: { key: 'swim-lessons', name: 'Swimming lessons' } },
    ageLimit: 'Ages 4 to 11',
    availability: openToThisPerson
      ? { status: 'available', label: '6 spaces left', spacesLeft: 6, opensAt: null, bookable: true }
      : { status: 'available', label: '6 spaces left', spacesLeft: 6, opensAt: null, bookable: false },
    prices: [
      {
        id: 81,
        band: 'junior',
        label: 'Junior',
        price: money(550),
        available: openToThisPerson,
        yourPrice: null,
      },
    ],
    price: openToThisPerson ? money(550) : null,
    pricingOptionId: openToThisPerson ? 81 : null,
  });

const child = (id: number, firstName: string) => ({
  id,
  firstName,
  lastName: 'Tester',
  dateOfBirth: '2018-05-01',
  prettyDateOfBirth: '1 May 2018',
  relationship: 'child',
  removable: true,
});

function render(family: ReturnType<typeof child>[], openTo: number[]) {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      '/api/activities/sessions/501': (url) =>
        wire(lesson(openTo.includes(Number(url.searchParams.get('selected_user_id') ?? 0)))),
      '/api/auth/user': wire(testUser),
      '/api/my-account/family': wire(family),
    }).fetchStub,
  );
  renderRoutesOnSite([{ path: '/sessions/:sessionId', element: <SessionPage /> }], { path: '/sessions/501' });
}

/** Issue 34 item 7: a children's lesson opens on a child who can book it, never on a dead end. */
describe("a children's lesson", () => {
  it('chooses the first child it is open to, with "Add to basket" ready', async () => {
    logIn();
    render([child(31, 'Ada'), child(32, 'Lily')], [32]);
    const who = await screen.findByRole('group', { name: 'Who is this booking for?' });
    await vi.waitFor(() =>
      expect(
        (within(who).getByRole('radio', { name: 'Lily Tester (child)' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect((within(who).getByRole('radio', { name: 'Myself' }) as HTMLInputElement).checked).toBe(false);
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to basket' }).getAttribute('aria-disabled')).not.toBe(
        'true',
      ),
    );
    expect((screen.getByRole('radio', { name: 'Junior £5.50' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says how to add a child when the customer has none', async () => {
    logIn();
    render([], []);
    const notice = (await screen.findByText(/None of this session’s prices is open to you/)).closest(
      '.notice',
    )!;
    expect(notice.textContent).toContain('(ages 4 to 11)');
    expect(notice.textContent).toContain('To book it for a child, add them to your family in My details');
    expect(
      within(notice as HTMLElement)
        .getByRole('link', { name: 'Go to My details' })
        .getAttribute('href'),
    ).toBe('http://m.test/user-details');
  });
});
