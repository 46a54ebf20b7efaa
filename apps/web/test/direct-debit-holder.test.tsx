import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBankDetails } from '../src/features/joining/bank-details.ts';
import { DirectDebitSection } from '../src/features/joining/direct-debit-section.tsx';
import { initialJoiningState } from '../src/features/joining/joining-store.ts';
import { renderOnSite, stubFetch } from './support/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearBankDetails();
});

const section = (holderName: string) => (
  <DirectDebitSection
    state={initialJoiningState}
    collectAddress={false}
    serviceUserName="Brightwater Leisure Trust"
    serverMessages={[]}
    holderName={holderName}
    onContinue={() => undefined}
  />
);

/** The section before the user has loaded, then after. */
function Arriving() {
  const [name, setName] = useState('');
  return (
    <>
      <button onClick={() => setName('Priya Shah')}>Sign in</button>
      {section(name)}
    </>
  );
}

// Issue 34 item 5 (WCAG 3.3.7): the name given in "Your details" is not asked for again.
describe('the Direct Debit account holder', () => {
  it('is filled from Your details, saying so, and stays as the customer changes it', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetchStub);
    renderOnSite(section('Jordan Reed'));
    const holder = screen.getByLabelText('Account holder name') as HTMLInputElement;
    expect(holder.value).toBe('Jordan Reed');
    expect(holder.getAttribute('aria-describedby')).toBe('dd-account-holder-hint');
    expect(document.getElementById('dd-account-holder-hint')!.textContent).toContain(
      'Filled in from Your details',
    );
    const user = userEvent.setup();
    await user.clear(holder);
    await user.type(holder, 'J Reed');
    expect(holder.value).toBe('J Reed');
    expect(holder.getAttribute('aria-describedby')).toBeNull();
  });

  it('takes the name when it arrives after the form, and leaves an empty field for a guest', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetchStub);
    renderOnSite(<Arriving />);
    const holder = screen.getByLabelText('Account holder name') as HTMLInputElement;
    expect(holder.value).toBe('');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(holder.value).toBe('Priya Shah');
  });
});

// Issue 33 item 3: the Guarantee is shown where the mandate is given, in the scheme's words.
describe('the Direct Debit Guarantee', () => {
  it('is shown beside the bank details, naming the operator as the payer’s statement will', () => {
    vi.stubGlobal('fetch', stubFetch({}).fetchStub);
    renderOnSite(section('Jordan Reed'));
    const guarantee = screen.getByRole('region', { name: 'The Direct Debit Guarantee' });
    expect(guarantee.textContent).toContain(
      'If there are any changes to the amount, date or frequency of your Direct Debit Brightwater Leisure Trust will notify you 3 working days in advance of your account being debited or as otherwise agreed.',
    );
    expect(guarantee.textContent).toContain(
      'You can cancel a Direct Debit at any time by simply contacting your bank or building society.',
    );
  });
});
