import { screen, within } from '@testing-library/react';
import type { DeskCustomerDetail } from '@lido/contracts/front-of-house';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerPage } from '../src/features/front-of-house/customer-page.tsx';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

const customer = (language: 'en' | 'cy'): DeskCustomerDetail => ({
  id: 2,
  reference: 'C100002',
  firstName: 'Rhian',
  lastName: 'Evans',
  email: 'rhian.evans@example.org',
  postcode: 'CF10 1AA',
  dateOfBirth: '1990-02-14',
  payer: null,
  family: [],
  phone: null,
  addressLineOne: null,
  addressLineTwo: null,
  town: null,
  language,
});

afterEach(() => vi.unstubAllGlobals());

/** Issue 38 item 5: the staff site stays in English, but says which language the customer chose. */
describe('a customer’s language at the desk', () => {
  it.each([
    ['cy', 'Welsh (Cymraeg)'],
    ['en', 'English'],
  ] as const)('shows a customer who chose %s as "%s"', async (language, shown) => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ '/api/staff/customers/2': { body: { data: customer(language) } } }).fetchStub,
    );
    renderRoutesOnSite([{ path: '/customers/:customerId', element: <CustomerPage /> }], {
      site: 'front-of-house',
      path: '/customers/2',
    });
    await screen.findByRole('heading', { level: 1, name: 'Rhian Evans' });
    const term = screen.getByText('Language', { selector: 'dt' });
    const value = within(term.parentElement!).getByText((_text, element) => element?.tagName === 'DD');
    expect(value.textContent).toBe(shown);
    if (language === 'cy') expect(within(value).getByText('Cymraeg').getAttribute('lang')).toBe('cy');
  });
});
