import type { CartItem } from '@lido/contracts/cart-answers';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteOverridesContext } from '../src/app/site-mode/site-overrides.ts';
import { customerVoice, deskVoice } from '../src/app/site-mode/voice.ts';
import { BookingLineItem } from '../src/features/cart/booking-line.tsx';
import { staffSiteOverrides } from '../src/features/front-of-house/staff-layout.tsx';
import { bookingLine } from './support/activity-fixtures.ts';

const held = bookingLine({ heldUntil: '2099-11-24T18:15:00.000Z' }) as Extract<CartItem, { type: 'booking' }>;

const line = (expired: boolean) => (
  <ul>
    <BookingLineItem
      line={held}
      expired={expired}
      timeZone="Europe/London"
      busy={false}
      onQuantity={() => undefined}
      onRemove={() => undefined}
      onRemoveBenefit={() => undefined}
      onRemovePackage={() => undefined}
    />
  </ul>
);

// Issue 34 item 4: the staff site spoke to the clerk as the customer ("Held for you until").
describe('who the shared pages talk to', () => {
  it('tells the customer online that the places are held for them', () => {
    render(line(false));
    expect(screen.getByText('Held for you until 18:15')).toBeTruthy();
  });

  it('tells the clerk at the desk that the places are held for the customer', () => {
    render(
      <SiteOverridesContext.Provider value={staffSiteOverrides}>
        {line(false)}
        {line(true)}
      </SiteOverridesContext.Provider>,
    );
    expect(screen.getByText('Held for the customer until 18:15')).toBeTruthy();
    expect(screen.getByText(/^The hold on th(is place|ese places) ended at 18:15\./)).toBeTruthy();
    expect(screen.queryByText(/for you|Your hold/)).toBeNull();
  });

  it('has desk words for every customer phrase, none of them speaking to the customer', () => {
    const keys = Object.keys(customerVoice) as (keyof typeof customerVoice)[];
    expect(Object.keys(deskVoice).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const desk = deskVoice[key];
      const text =
        key === 'holdEnded'
          ? deskVoice.holdEnded(2, '18:15')
          : typeof desk === 'function'
            ? (desk as (time: string) => string)('18:15')
            : desk;
      expect(text, key).not.toMatch(/\byour?\b/i);
    }
  });
});
