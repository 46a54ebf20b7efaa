import { screen } from '@testing-library/react';
import type { CartItem } from '@lido/contracts/cart';
import type { HeldFreeze } from '@lido/contracts/membership-freeze';
import { sessionWhen as serverSessionWhen } from '@lido/pricing/booking-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingLine, money } from './support/activity-fixtures.ts';

/**
 * Dates the server writes in English (issue 38): a customer page builds them from the answer's raw
 * date or ISO times instead, so a Welsh page shows them in Welsh and an English page exactly as the
 * server wrote them.
 */
describe('dates the server wrote in English, on a page', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.resetModules();
  });

  const freeze: HeldFreeze = {
    id: 3,
    startsOn: '2026-12-01',
    prettyStartsOn: '01 Dec 2026',
    endsOn: '2027-02-01',
    prettyEndsOn: '01 Feb 2027',
    prettyLastDay: '31 Jan 2027',
    months: 2,
    monthlyFee: money(500),
    state: 'scheduled',
  };
  const days = [
    { date: '2026-11-24', label: 'Tue 24 Nov', sessions: [] },
    { date: '2026-11-25', label: 'Wed 25 Nov', sessions: [] },
  ];
  // The server's `when` of the line: its startsAt and endsAt in Europe/London.
  const line = bookingLine({ waiverRequired: true, waiverText: 'Take care.' }) as Extract<
    CartItem,
    { type: 'booking' }
  >;

  /** Renders a freeze's facts, the week strip and a waiver's session on a page at `path`. */
  async function renderOn(path: string) {
    window.history.replaceState(null, '', path);
    vi.resetModules();
    const { renderOnSite } = await import('./support/render.tsx');
    const { FreezeFacts } = await import('../src/features/account/freeze-on-card.tsx');
    const { WeekStrip } = await import('../src/features/activities/week-strip.tsx');
    const { Waivers } = await import('../src/features/checkout/waivers.tsx');
    const { messagesLoaded } = await import('../src/i18n/i18n.ts');
    await messagesLoaded();
    renderOnSite(
      <>
        <dl data-testid="freeze">
          <FreezeFacts freeze={freeze} />
        </dl>
        <WeekStrip days={days} selected="2026-11-24" controls="day-list" onSelect={() => {}} />
        <Waivers lines={[line]} agreed={[]} onChange={() => {}} />
      </>,
      { site: 'bookings' },
    );
    const strip = screen.getAllByRole('button').map((button) => button.textContent);
    return {
      freeze: screen.getByTestId('freeze').textContent,
      strip,
      waiver: (await screen.findByRole('heading', { level: 3 })).textContent,
    };
  }

  it('are word for word what the server wrote on an English page', async () => {
    const page = await renderOn('/basket');
    expect(page.freeze).toContain(`${freeze.prettyStartsOn} to ${freeze.prettyLastDay}`);
    expect(page.freeze).toContain(freeze.prettyEndsOn);
    expect(page.strip[0]).toMatch(/^Tue 24 Nov/);
    expect(page.strip[1]).toMatch(/^Wed 25 Nov/);
    expect(page.waiver).toBe(`${line.name} ${line.session.when}`);
  });

  it("build a session's when as the server's sessionWhen does, across the clock changes", async () => {
    window.history.replaceState(null, '', '/basket');
    vi.resetModules();
    const { sessionWhenOf } = await import('../src/i18n/session-when.ts');
    for (let hour = 0; hour < 24 * 400; hour += 7) {
      const starts = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000);
      const ends = new Date(starts.getTime() + 45 * 60_000);
      const session = { startsAt: starts.toISOString(), endsAt: ends.toISOString() };
      expect(sessionWhenOf(session, 'Europe/London')).toBe(serverSessionWhen(starts, ends, 'Europe/London'));
    }
  });

  it('are in Welsh on a Welsh page', async () => {
    const page = await renderOn('/cy/basket');
    expect(page.freeze).toContain('01 Rhag 2026');
    expect(page.freeze).toContain('31 Ion 2027');
    expect(page.freeze).toContain('01 Chwef 2027');
    expect(page.freeze).not.toContain('Dec');
    expect(page.strip[0]).toMatch(/^Maw 24 Tach/);
    expect(page.strip[1]).toMatch(/^Mer 25 Tach/);
    expect(page.waiver).toBe(`${line.name} Maw 24 Tach 2026, 18:00 i 18:45`);
  });
});
