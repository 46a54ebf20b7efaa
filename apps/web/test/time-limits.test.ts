import { describe, expect, it } from 'vitest';
import { kioskAnswerMs, kioskWarningAfterMs } from '../src/features/kiosk/kiosk-timing.ts';
import { warningLeadMs } from '../src/features/session-timeout/session-timing.ts';
import { minimumWarningMs } from '../src/lib/time-limits.ts';

/** Issue 34 item 3 (WCAG 2.2.1): every time limit warns at least 20 s before it ends. */
describe('time limits', () => {
  it('warn of the end of a session 2 minutes before, half a short one, and never under 20 s', () => {
    expect(minimumWarningMs).toBe(20_000);
    expect(warningLeadMs(30 * 60_000)).toBe(2 * 60_000);
    expect(warningLeadMs(2 * 60_000)).toBe(60_000);
    // Half of 30 s was 15 s: too little to answer.
    expect(warningLeadMs(30_000)).toBe(20_000);
    expect(warningLeadMs(10_000)).toBe(10_000);
  });

  it("ask a kiosk's question at least 20 s before its reset, earlier than the operator's time if need be", () => {
    expect(kioskAnswerMs).toBe(minimumWarningMs);
    expect(kioskWarningAfterMs({ warningMs: 75_000, resetMs: 95_000 })).toBe(75_000);
    expect(kioskWarningAfterMs({ warningMs: 90_000, resetMs: 95_000 })).toBe(75_000);
    expect(kioskWarningAfterMs({ warningMs: 5_000, resetMs: 10_000 })).toBe(0);
  });
});
