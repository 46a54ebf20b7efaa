import type { OfflinePayment } from '@lido/contracts/offline-payments';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  cardWithCreditOnly,
  nothingLeftForCard,
  TenderPanel,
} from '../src/features/front-of-house/till/tender-panel.tsx';
import { renderOnSite } from './support/render.tsx';

/** The panel as the basket holds it, with the card step the basket opens (decision 0058). */
function Panel({ balance, credit = 0, onCard }: { balance: number; credit?: number; onCard?: () => void }) {
  const [payments, setPayments] = useState<OfflinePayment[]>([]);
  return (
    <TenderPanel
      balance={balance}
      formattedBalance={`£${(balance / 100).toFixed(2)}`}
      availableCredit={credit}
      symbol="£"
      payments={payments}
      onChange={setPayments}
      onCard={onCard}
    />
  );
}

async function addPayment(u: ReturnType<typeof userEvent.setup>, tender: string, amount: string) {
  await u.click(screen.getByRole('radio', { name: tender }));
  const input = screen.getByLabelText('Amount (£)');
  await u.clear(input);
  await u.type(input, amount);
  await u.click(screen.getByRole('button', { name: 'Add payment' }));
}

describe('the Card choice of the tender panel (decision 0058)', () => {
  it('is not offered when the operator has no card provider', () => {
    renderOnSite(<Panel balance={1540} />);
    expect(screen.getByRole('radio', { name: 'Cash' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Card' })).toBeNull();
  });

  it('opens the card step for the balance left after account credit, by button or Enter', async () => {
    const onCard = vi.fn();
    renderOnSite(<Panel balance={4000} credit={1000} onCard={onCard} />);
    const u = userEvent.setup();
    await addPayment(u, 'Account credit', '10');
    await u.click(screen.getByRole('radio', { name: 'Card' }));
    // No amount to type: the card pays what is left.
    expect(screen.queryByLabelText('Amount (£)')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Pay £30.00 by card' }));
    expect(onCard).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Pay £30.00 by card' }).focus();
    await u.keyboard('{Enter}');
    expect(onCard).toHaveBeenCalledTimes(2);
  });

  it('refuses a card beside cash, vouchers or cheques, saying why where focus is', async () => {
    const onCard = vi.fn();
    renderOnSite(<Panel balance={4000} onCard={onCard} />);
    const u = userEvent.setup();
    await addPayment(u, 'Cash', '5');
    await u.click(screen.getByRole('radio', { name: 'Card' }));
    const pay = screen.getByRole('button', { name: 'Pay £35.00 by card' });
    await u.click(pay);
    expect(onCard).not.toHaveBeenCalled();
    const error = screen.getByText(cardWithCreditOnly);
    expect(document.activeElement).toBe(pay);
    expect(pay.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('has nothing to take by card when account credit pays it all', async () => {
    const onCard = vi.fn();
    renderOnSite(<Panel balance={1000} credit={1000} onCard={onCard} />);
    const u = userEvent.setup();
    await addPayment(u, 'Account credit', '10');
    await u.click(screen.getByRole('radio', { name: 'Card' }));
    await u.click(screen.getByRole('button', { name: 'Pay £0.00 by card' }));
    expect(screen.getByText(nothingLeftForCard)).toBeTruthy();
    expect(onCard).not.toHaveBeenCalled();
  });
});
