import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerPenaltyFees } from '../src/features/front-of-house/registers/customer-penalty-fees.tsx';
import { gbp } from './support/booking-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

const fee = (overrides: Record<string, unknown> = {}) => ({
  id: 4,
  kind: 'no-show',
  about: 'No-show: Spin, Tue 1 Dec, 18:00',
  amount: gbp(500),
  givenAt: '2026-12-01T19:10:00.000Z',
  prettyGivenAt: '1 Dec 2026',
  status: 'owed',
  waivedReason: null,
  waivable: true,
  ...overrides,
});

function renderFees(waiveAnswer: { status?: number; body: unknown }) {
  let waived = false;
  const stub = stubFetch({
    '/api/staff/customers/9/penalty-fees': () => ({
      body: {
        data: {
          fees: [
            waived ? fee({ status: 'waived', waivedReason: 'Pool closed early', waivable: false }) : fee(),
          ],
        },
      },
    }),
    '/api/staff/penalty-fees/4/waive': () => {
      if ((waiveAnswer.status ?? 200) === 200) waived = true;
      return waiveAnswer;
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite(
    [{ path: 'customers/9', element: <CustomerPenaltyFees customerId={9} name="Owen Price" /> }],
    {
      site: 'front-of-house',
      path: '/customers/9',
    },
  );
  return stub.calls;
}

/** Issue 35 item 6 (decision 0101): a manager waives a customer's fee with a reason, at the desk. */
describe("a customer's penalty fees at the desk", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the fee and waives it with a reason, refusing an empty one at the field', async () => {
    const user = userEvent.setup();
    const calls = renderFees({ body: { data: { waived: true } } });
    const item = (
      await screen.findByText(/No-show: Spin, Tue 1 Dec, 18:00: £5.00, added 1 Dec 2026, to pay/)
    ).closest('li')!;
    await user.click(within(item).getByRole('button', { name: /^Waive fee/ }));
    const heading = await screen.findByRole('heading', { name: 'Waive Owen Price’s £5.00 fee' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await user.click(screen.getByRole('button', { name: 'Waive fee' }));
    expect(await screen.findByText('Enter why the fee is waived.')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/waive'))).toBe(false);
    await user.type(screen.getByLabelText('Reason'), 'Pool closed early');
    await user.click(screen.getByRole('button', { name: 'Waive fee' }));
    expect(await screen.findByText('The £5.00 fee is waived for Owen Price.')).toBeTruthy();
    const sent = calls.find((call) => call.url === '/api/staff/penalty-fees/4/waive')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ reason: 'Pool closed early' });
    expect(await screen.findByText(/waived \(Pool closed early\)/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('fee-4'));
  });

  it("says the server's refusal at the field", async () => {
    const user = userEvent.setup();
    renderFees({ status: 409, body: { message: 'This fee has already been paid or waived.' } });
    await user.click(await screen.findByRole('button', { name: /^Waive fee/ }));
    await user.type(screen.getByLabelText('Reason'), 'Goodwill');
    await user.click(screen.getByRole('button', { name: 'Waive fee' }));
    expect(await screen.findByText('This fee has already been paid or waived.')).toBeTruthy();
  });
});
