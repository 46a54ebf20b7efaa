import { describe, expect, it } from 'vitest';
import { refundSplit, refundText } from '../src/modules/order-refunds/refund-split.ts';
import { calendarFile, foldLine, icsText, icsTime } from '../src/modules/bookings/calendar-file.ts';

describe('the calendar file (RFC 5545)', () => {
  const file = calendarFile({
    operatorName: 'Lido Leisure',
    now: new Date('2026-11-23T10:15:30.123Z'),
    events: [
      {
        uid: 'booking-7@lido',
        startsAt: new Date('2026-11-24T18:00:00Z'),
        endsAt: new Date('2026-11-24T18:45:00Z'),
        summary: 'Spin; beginners, 45 min',
        location: 'Studio 1, Castlefield Leisure Centre, 88 Deansgate, Manchester, M3 2BW',
        description: 'Spin at Castlefield Leisure Centre. Bring water\\a towel.',
      },
    ],
  });

  it('writes UTC times, escapes text and ends every line with CRLF', () => {
    expect(icsTime(new Date('2026-11-24T18:00:00.000Z'))).toBe('20261124T180000Z');
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const unfolded = file.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nUID:booking-7@lido\r\n');
    expect(unfolded).toContain('\r\nDTSTAMP:20261123T101530Z\r\n');
    expect(unfolded).toContain('\r\nDTSTART:20261124T180000Z\r\nDTEND:20261124T184500Z\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:Spin\\; beginners\\, 45 min\r\n');
    expect(unfolded).toContain(
      '\r\nLOCATION:Studio 1\\, Castlefield Leisure Centre\\, 88 Deansgate\\, Manchester\\, M3 2BW\r\n',
    );
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('folds lines longer than 75 octets, never inside a character', () => {
    for (const line of file.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const long = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});

describe('where a cancelled booking’s money goes', () => {
  const order = { orderTotalPence: 1300, orderCreditPence: 0, paidByCard: true };

  it('goes to account credit when the operator says credit, or nothing was paid by card', () => {
    expect(refundSplit({ amountPence: 650, operatorMethod: 'credit', ...order })).toEqual({
      cardPence: 0,
      creditPence: 650,
      method: 'credit',
    });
    expect(
      refundSplit({ amountPence: 650, operatorMethod: 'card', ...order, paidByCard: false }),
    ).toMatchObject({ creditPence: 650, method: 'credit' });
  });

  it('goes back in the proportions paid: the card never gets more than it paid', () => {
    // £13 order, £3 of it credit: a £6.50 booking gives £5.00 to the card (rounded down) and £1.50 credit.
    const split = refundSplit({ amountPence: 650, operatorMethod: 'card', ...order, orderCreditPence: 300 });
    expect(split).toEqual({ cardPence: 500, creditPence: 150, method: 'card' });
    expect(refundText(split, { symbol: '£', cardLastFour: '4242', done: false })).toBe(
      '£5.00 will be refunded to your card ending 4242 and £1.50 added to your account credit.',
    );
    const odd = refundSplit({
      amountPence: 333,
      operatorMethod: 'card',
      orderTotalPence: 999,
      orderCreditPence: 1,
      paidByCard: true,
    });
    expect(odd.cardPence + odd.creditPence).toBe(333);
    expect(odd.cardPence).toBe(332);
  });

  it('says it in words, before and after', () => {
    const card = { cardPence: 650, creditPence: 0, method: 'card' as const };
    expect(refundText(card, { symbol: '£', cardLastFour: '4242', done: false })).toBe(
      '£6.50 will be refunded to your card ending 4242.',
    );
    expect(
      refundText(
        { cardPence: 0, creditPence: 650, method: 'credit' },
        { symbol: '£', cardLastFour: null, done: true },
      ),
    ).toBe('£6.50 was added to your account credit.');
    expect(
      refundText(
        { cardPence: 0, creditPence: 0, method: 'credit' },
        { symbol: '£', cardLastFour: null, done: false },
      ),
    ).toBe('This booking was free, so there is nothing to refund.');
  });
});
