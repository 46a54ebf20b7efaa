import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, visit, waitForPage } from './support/browser.ts';
import { acceptWhatCheckoutAsks, bookingCentre } from './support/booking.ts';
import { useE2E } from './support/fixture.ts';
import { expectFocusOn } from './support/focus.ts';
import { logIn } from './support/log-in.ts';
import { fillBilling, fillCard } from './support/pay-by-card.ts';

interface TimetableSession {
  id: number;
  activity: { name: string };
  availability: { status: string; spacesLeft: number };
}

/** The demo's junior lesson for ages 7 to 11 (the catalogue's swim-lessons-stage-4). */
const juniorLesson = 'Swimming lessons: Stage 4';

describe('family accounts (issue 18 item 4)', () => {
  const e2e = useE2E();

  it('lets a parent add a child under My details and book the child into a junior lesson', async () => {
    const page = await e2e.page();
    await visit(page, `${e2e.server.urls.myAccount}/login?redirect=%2Fuser-details`);
    await logIn(page, 'C100001'); // Alex: an adult, so a junior lesson is not his to book
    await page.getByRole('heading', { name: 'My details', level: 1 }).waitFor();
    await waitForPage(page);
    const family = page.getByRole('region', { name: 'Family' });
    await family.getByText('You have not added any family members yet.').waitFor();
    await expectNoAxeViolations(page);

    // The form opens with focus on its heading; an empty form says what is missing.
    await family.getByRole('button', { name: 'Add a family member' }).click();
    await expectFocusOn(page.getByRole('heading', { name: 'Add a family member', level: 3 }));
    await family.getByRole('button', { name: 'Add family member' }).click();
    await family.getByText('Enter their first name.').first().waitFor();
    await expectNoAxeViolations(page);

    // Maya turns 9 this year: the lesson's 7 to 11 band is hers.
    const born = new Date().getUTCFullYear() - 9;
    await family.getByLabel('First name').fill('Maya');
    await family.getByLabel('Last name').fill('Jones');
    await family.getByLabel('Day').fill('15');
    await family.getByLabel('Month').fill('1');
    await family.getByLabel('Year').fill(String(born));
    await family.getByRole('radio', { name: 'Child' }).check();
    await family.getByRole('button', { name: 'Add family member' }).click();
    await page.getByText('Your family member has been added.').waitFor();
    await family.getByRole('heading', { name: 'Maya Jones', level: 3 }).waitFor();
    await expectFocusOn(page.getByRole('heading', { name: 'Family', level: 2 }));
    expect(await family.innerText()).toContain(`15 Jan ${born}`);
    await expectNoAxeViolations(page);

    // A junior lesson at Castlefield within its junior booking window (5 days).
    const bookings = e2e.server.urls.bookings;
    const answer = await page.request.get(
      `${bookings}/api/activities/venues/${bookingCentre}/timetable?days=5`,
      { headers: { origin: bookings } },
    );
    const timetable = (await answer.json()) as {
      data: { days: { sessions: TimetableSession[] }[] };
    };
    // From the day after tomorrow: well before the lesson's 24-hour cancellation cut-off.
    const lesson = timetable.data.days
      .slice(2)
      .flatMap((day) => day.sessions)
      .find(
        (session) =>
          session.activity.name === juniorLesson &&
          // Not bookable by Alex himself (no band is his), but open with places left.
          ['available', 'few'].includes(session.availability.status) &&
          session.availability.spacesLeft > 0,
      );
    expect(lesson, 'a junior lesson at Castlefield in the next days').toBeDefined();

    // The session page asks who the booking is for; Maya's prices are hers (junior).
    await visit(page, `${bookings}/sessions/${lesson!.id}`);
    const who = page.getByRole('group', { name: 'Who is this booking for?' });
    await who.waitFor();
    // No band is Alex's, so the booking opens on the child it is open to (issue 34 item 7).
    await expect.poll(() => who.getByRole('radio', { name: 'Maya Jones (child)' }).isChecked()).toBe(true);
    expect(await who.getByRole('radio', { name: 'Myself' }).isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('radio', { name: /^Junior/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    // Choosing himself says why he can't, and how to book it for a child; then back to Maya.
    await who.getByRole('radio', { name: 'Myself' }).check();
    // The age rule says so for the person chosen, before any button (issue 33 item 5).
    await page.getByText(/so you can’t book it for yourself\. Choose someone else\./).waitFor();
    expect(await page.getByRole('radio', { name: /^Junior/ }).isDisabled()).toBe(true);
    await who.getByRole('radio', { name: 'Maya Jones (child)' }).check();
    await expect.poll(() => page.getByRole('radio', { name: /^Junior/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await page.getByText('Successfully added item to the basket.').waitFor();

    // The basket says whom the place is for; paying by card books it.
    await page.getByRole('link', { name: 'Go to your basket' }).click();
    await page.waitForURL(`${bookings}/basket`);
    await waitForPage(page);
    await page.getByText('For Maya Jones').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await page.waitForURL(`${bookings}/checkout`);
    await waitForPage(page);
    await page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ }).waitFor();
    await fillBilling(page);
    await fillCard(page, { name: 'ALEX MORGAN', number: '4929000000006' });
    await acceptWhatCheckoutAsks(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Pay £\d+\.\d\d now$/ }).click();
    await page.waitForURL(/\/booking-confirmed\/\d+$/);
    await waitForPage(page);
    await page.getByRole('heading', { name: 'Your booking is confirmed', level: 1 }).waitFor();
    await expectNoAxeViolations(page);

    // My account → Bookings lists Maya's lesson with her name; Alex can cancel it.
    await page.getByRole('link', { name: 'See my bookings' }).click();
    await page.waitForURL(/\/bookings\/upcoming$/);
    await waitForPage(page);
    const card = page.getByRole('listitem').filter({ hasText: juniorLesson });
    expect(await card.innerText()).toContain('Maya Jones');
    expect(
      await card.getByRole('button', { name: new RegExp(`^Cancel booking for ${juniorLesson}`) }).count(),
    ).toBe(1);
    await expectNoAxeViolations(page);

    // With an upcoming booking Maya cannot be removed from the family.
    await visit(page, `${e2e.server.urls.myAccount}/user-details`);
    await family.getByRole('heading', { name: 'Maya Jones', level: 3 }).waitFor();
    expect(await family.getByRole('button', { name: 'Remove Maya Jones' }).count()).toBe(0);
    await family.getByText('Maya has upcoming bookings').waitFor();
    await expectNoAxeViolations(page);
  }, 180_000);

  it('offers a parent the junior membership for a child of 13 on the joining page', async () => {
    const page = await e2e.page();
    const joining = e2e.server.urls.onlineJoining;
    await visit(page, `${joining}/login?redirect=${encodeURIComponent('/')}`);
    await logIn(page, 'C100003'); // Sam: an adult, for whom Junior Active is not open
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const added = await page.request.post(`${joining}/api/my-account/family`, {
      headers: { origin: joining },
      data: {
        first_name: 'Leo',
        last_name: 'Carter',
        date_of_birth: `${new Date().getUTCFullYear() - 13}-01-10`,
        relationship: 'child',
      },
    });
    expect(added.status()).toBe(201);

    await visit(page, `${joining}/centre/castlefield-leisure-centre`);
    const junior = page.locator('.membership-card').filter({ hasText: 'Junior Active' });
    const who = page.getByRole('group', { name: 'Who is this membership for?' });
    await who.waitFor();
    expect(await junior.count()).toBe(0);
    await expectNoAxeViolations(page);

    // Chosen for Leo, the list is his: Junior Active is offered and can be chosen.
    await who.getByRole('radio', { name: 'Leo Carter (child)' }).check();
    await junior.first().waitFor();
    expect(
      await junior
        .first()
        .getByRole('button', { name: /Choose this membership/ })
        .isEnabled(),
    ).toBe(true);
    await expectNoAxeViolations(page);
  });
});
