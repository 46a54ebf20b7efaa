import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptWhatCheckoutAsks } from './support/booking.ts';
import { expectNoAxeViolations, launchBrowser, openPage, visit, waitForPage } from './support/browser.ts';
import { useE2E } from './support/fixture.ts';
import { expectFocusOn } from './support/focus.ts';
import { logIn, staffLogIn } from './support/log-in.ts';

/** London's date and clock time `minutesAhead` from now, the time rounded up to 5 minutes. */
function londonSoon(minutesAhead: number) {
  const at = new Date(Math.ceil((Date.now() + minutesAhead * 60_000) / 300_000) * 300_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The card's QR code as the member's page draws it: grey levels, `size` by `size`. */
async function qrPixels(page: Page, size: number): Promise<number[]> {
  return page.evaluate(async (side) => {
    const svg = document.querySelector('svg.qr-code')!;
    const image = new Image();
    image.src = `data:image/svg+xml;base64,${btoa(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d')!;
    context.imageSmoothingEnabled = false;
    context.drawImage(image, 0, 0, side, side);
    const { data } = context.getImageData(0, 0, side, side);
    return Array.from({ length: side * side }, (_, i) => data[i * 4]!);
  }, size);
}

/**
 * A Y4M video (a text header, then raw I420 frames) of the QR code on white, for Chromium's fake
 * camera: the luma plane is the picture, the two chroma planes neutral grey.
 */
function y4mOf(qr: number[], qrSize: number, file: string) {
  const width = 640;
  const height = 480;
  const luma = Buffer.alloc(width * height, 255);
  const left = (width - qrSize) / 2;
  const top = (height - qrSize) / 2;
  for (let y = 0; y < qrSize; y++)
    for (let x = 0; x < qrSize; x++) luma[(top + y) * width + left + x] = qr[y * qrSize + x]!;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

/** Issue 35 item 5 (decision 0097): the member's card in My account, and the desk's check-in by camera. */
describe('check-in by membership card', () => {
  const e2e = useE2E();
  let cameraBrowser: Browser | undefined;
  afterAll(() => cameraBrowser?.close());

  it(
    'a member shows their card; the desk reads it with the camera, lets them in and marks today’s booking attended',
    { timeout: 180_000 },
    async () => {
      const staffSite = e2e.server.urls.frontOfHouse;
      const bookings = e2e.server.urls.bookings;

      // A public swim at Castlefield starting soon, added by the manager (the one-off session call).
      const manager = await e2e.page();
      await staffLogIn(manager, staffSite, 'manager', 'Pool-Manager-2026!');
      const soon = londonSoon(20);
      let sessionId = 0;
      for (const location of ['learner-pool', 'main-pool']) {
        const made = await manager.request.post(`${staffSite}/api/staff/timetable/sessions`, {
          headers: { origin: staffSite },
          data: {
            activity: 'public-swim',
            venue: 'castlefield-leisure-centre',
            location,
            date: soon.date,
            time: soon.time,
            duration_minutes: 45,
            capacity: 10,
          },
        });
        if (made.status() === 201) {
          sessionId = ((await made.json()) as { data: { sessionId: number } }).data.sessionId;
          break;
        }
      }
      expect(sessionId).toBeGreaterThan(0);

      // Priya books it; her membership's swim benefit pays, so nothing is charged.
      const member = await e2e.page();
      await visit(member, `${bookings}/login`);
      await logIn(member, 'C100002');
      await member.waitForURL((url) => !url.pathname.startsWith('/login'));
      await member.goto(`${bookings}/sessions/${sessionId}`);
      await waitForPage(member);
      await member.getByRole('button', { name: 'Add to basket' }).click();
      await member.getByText('Successfully added item to the basket.').waitFor();
      await member.goto(`${bookings}/checkout`);
      await waitForPage(member);
      await acceptWhatCheckoutAsks(member);
      await member.getByRole('button', { name: 'Confirm order' }).click();
      await member.waitForURL(/\/booking-confirmed\/\d+$/);

      // My account → Membership card: name, customer ID, home centre and the QR code, axe clean.
      await member.goto(e2e.server.urls.myAccount);
      await waitForPage(member);
      await member
        .getByRole('navigation', { name: 'My account' })
        .getByRole('link', { name: 'Membership card' })
        .click();
      await member.getByRole('heading', { name: 'Membership card', level: 1 }).waitFor();
      await waitForPage(member);
      const card = member.getByRole('region', { name: 'Priya Shah' });
      expect(await card.innerText()).toMatch(/Customer ID\s+C100002/);
      expect(await card.innerText()).toMatch(/Home centre\s+Castlefield Leisure Centre/);
      const qr = card.getByRole('img', { name: /^QR code of your membership card.*C100002\.$/ });
      await qr.waitFor();
      await expectNoAxeViolations(member);

      // "Replace my card", by keyboard: asked once more, then the new card, focus on the notice.
      const before = await qrPixels(member, 240);
      const replace = member.getByRole('button', { name: 'Replace my card' });
      await replace.focus();
      await member.keyboard.press('Enter');
      await expectFocusOn(member.locator('.membership-card__confirm'));
      await expectNoAxeViolations(member);
      await member.keyboard.press('Tab');
      await expectFocusOn(member.getByRole('button', { name: 'Yes, replace my card' }));
      await member.keyboard.press('Enter');
      await expectFocusOn(member.getByRole('status').filter({ hasText: 'Your card has been replaced' }));
      await expectNoAxeViolations(member);
      const pixels = await qrPixels(member, 240);
      expect(pixels).not.toEqual(before);

      // The desk's camera is shown the new card (Chromium's fake camera plays a video of it).
      const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lido-card-')), 'card.y4m');
      y4mOf(pixels, 240, video);
      cameraBrowser = await launchBrowser([
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
        '--use-fake-ui-for-media-stream',
      ]);
      const { page: desk, context, problems } = await openPage(cameraBrowser, { expectedHttpErrors: [422] });
      await context.grantPermissions(['camera'], { origin: staffSite });
      await staffLogIn(desk, staffSite, 'desk', 'Desk-Staff-2026!');
      await desk.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Check in' }).click();
      await desk.waitForURL(`${staffSite}/check-in`);
      await waitForPage(desk);
      await expectNoAxeViolations(desk);
      // By keyboard; once the card is read, focus moves to the answer.
      await desk.getByRole('button', { name: 'Start camera' }).focus();
      await desk.keyboard.press('Enter');
      const verdict = desk.getByRole('heading', { name: 'May come in: Priya Shah', level: 2 });
      await verdict.waitFor({ timeout: 30_000 });
      await expectFocusOn(verdict);
      const result = desk.getByRole('region', { name: 'May come in: Priya Shah' });
      expect(await result.innerText()).toContain('Gym Anytime is valid');
      const swim = result.getByRole('listitem').filter({ hasText: 'Public swim' });
      expect(await swim.innerText()).toContain('Attended');
      await expectNoAxeViolations(desk);
      await desk.getByRole('button', { name: 'Stop camera' }).click();

      // Typing the customer ID works too, by keyboard; an unknown one is named by its field.
      await desk.getByRole('textbox', { name: 'Customer ID' }).focus();
      await desk.keyboard.type('C999999');
      await desk.keyboard.press('Enter');
      await desk.getByText('No customer has that customer ID. Check it and try again.').waitFor();
      await expectFocusOn(desk.getByRole('textbox', { name: 'Customer ID' }));
      await expectNoAxeViolations(desk);
      await desk.getByRole('textbox', { name: 'Customer ID' }).fill('');
      await desk.keyboard.type('c100002');
      await desk.keyboard.press('Enter');
      await expect.poll(() => desk.getByRole('textbox', { name: 'Customer ID' }).inputValue()).toBe('');
      await expectFocusOn(verdict);
      expect(await swim.innerText()).toContain('Attended');
      await expectNoAxeViolations(desk);

      // Robin's Direct Debit payment failed: not allowed in until it is paid.
      await desk.getByRole('textbox', { name: 'Customer ID' }).fill('C100009');
      await desk.getByRole('button', { name: 'Check in', exact: true }).click();
      const refused = desk.getByRole('heading', { name: /^Not allowed in: Robin / });
      await refused.waitFor();
      await expectFocusOn(refused);
      expect(await desk.getByRole('region', { name: /^Not allowed in/ }).innerText()).toMatch(
        /£30\.00 is overdue on .*: a Direct Debit payment failed\./,
      );
      await expectNoAxeViolations(desk);
      await context.close();
      expect(problems).toEqual([]);

      // Each check-in is in the staff audit log, in words.
      const supervisor = await e2e.page();
      await staffLogIn(supervisor, staffSite, 'supervisor', 'Supervisor-2026!');
      await supervisor.goto(`${staffSite}/audit`);
      await supervisor.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
      await waitForPage(supervisor);
      const entries = supervisor.getByRole('main').getByRole('row');
      await entries.filter({ hasText: 'Checked in C100009: not allowed in' }).waitFor();
      expect(await entries.filter({ hasText: 'Checked in C100002' }).count()).toBe(2);
      expect(await entries.filter({ hasText: 'Membership valid; card scanned' }).count()).toBe(1);
    },
  );
});
