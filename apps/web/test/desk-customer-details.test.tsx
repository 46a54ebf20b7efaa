import type { DataField } from '@lido/contracts/data-fields';
import type { DeskCustomerDetail } from '@lido/contracts/front-of-house';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerDetailsPage } from '../src/features/front-of-house/customer-details-page.tsx';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

const field = (
  name: string,
  label: string,
  type: DataField['type'] = 'text',
  isRequired = true,
): DataField => ({
  path: name,
  name,
  label,
  type,
  options: [],
  placeholder: null,
  isRequired,
  isAuthorised: true,
  htmlAttributes: {},
  metadata: { description: null },
  answer: null,
});

const dataFields = {
  sections: [
    {
      sectionName: 'Your details',
      sectionReference: 'details',
      sectionFields: [
        field('firstName', 'First name'),
        field('lastName', 'Last name'),
        field('dateOfBirth', 'Date of birth', 'date'),
        field('email', 'Email address', 'email'),
        field('phone', 'Phone number', 'tel', false),
        field('password', 'Password', 'password'),
      ],
    },
    {
      sectionName: 'Your address',
      sectionReference: 'address',
      sectionFields: [
        field('addressLineOne', 'Address line 1'),
        field('addressLineTwo', 'Address line 2 (optional)', 'text', false),
        field('town', 'Town or city'),
        field('postcode', 'Postcode'),
      ],
    },
  ],
  checksum: 'x',
};

const priya: DeskCustomerDetail = {
  id: 2,
  reference: 'C100002',
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'priya.shah@example.org',
  postcode: 'M15 4PS',
  dateOfBirth: '1988-07-03',
  payer: null,
  family: [],
  phone: '0161 496 0000',
  addressLineOne: '8 Potato Wharf',
  addressLineTwo: null,
  town: 'Manchester',
  language: 'cy',
};

function renderDetails(role: 'desk' | 'supervisor', customer: DeskCustomerDetail = priya) {
  const stub = stubFetch({
    '/api/staff/me': {
      body: { data: { id: 1, name: 'Sam Supervisor', role, roleLabel: role, currencySymbol: '£' } },
    },
    '/api/staff/customers/2': (_url, init) =>
      init?.method === 'PUT'
        ? { body: { data: { ...customer, phone: '0161 496 0123' } } }
        : { body: { data: customer } },
    '/api/data-fields?onboarding_type=customer_account_online': { body: { data: dataFields } },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const rendered = renderRoutesOnSite(
    [
      { path: '/customers/:customerId/details', element: <CustomerDetailsPage /> },
      { path: '/customers/:customerId', element: <h1>Customer page</h1> },
    ],
    { site: 'front-of-house', path: '/customers/2/details' },
  );
  return { ...rendered, calls: stub.calls };
}

afterEach(() => vi.unstubAllGlobals());

/** Issue 34 item 8 (decision 0085): a supervisor changes a customer's details at the desk. */
describe('changing a customer’s details at the desk', () => {
  it('opens with their details, never a password, and sends every detail to the staff call', async () => {
    const { calls, router } = renderDetails('supervisor');
    await screen.findByRole('heading', { level: 1, name: 'Change Priya Shah’s details' }, { timeout: 5000 });
    const email = await screen.findByLabelText('Email address');
    expect((email as HTMLInputElement).value).toBe('priya.shah@example.org');
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe('7');
    expect(screen.queryByLabelText('Password')).toBeNull();
    const phone = screen.getByLabelText('Phone number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0161 496 0123');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByRole('heading', { name: 'Customer page' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/customers/2');
    const put = calls.find((call) => call.init?.method === 'PUT');
    expect(put?.url).toBe('/api/staff/customers/2');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      first_name: 'Priya',
      last_name: 'Shah',
      date_of_birth: '1988-07-03',
      email: 'priya.shah@example.org',
      phone: '0161 496 0123',
      address_line_one: '8 Potato Wharf',
      address_line_two: '',
      town: 'Manchester',
      postcode: 'M15 4PS',
    });
  });

  it('leaves a family member’s email out, and tells desk staff to ask a supervisor', async () => {
    const kit = { ...priya, email: null, payer: { id: 9, name: 'Morgan Family', reference: 'C100009' } };
    renderDetails('supervisor', kit);
    await screen.findByLabelText('First name', {}, { timeout: 5000 });
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(screen.getByRole('link', { name: 'Morgan Family’s page' }).getAttribute('href')).toBe(
      '/customers/9',
    );
  });

  it('does not offer the form to desk staff', async () => {
    renderDetails('desk');
    expect(
      (await screen.findByText(/Only a supervisor can change a customer’s details/, {}, { timeout: 5000 }))
        .textContent,
    ).toContain('Ask a supervisor');
    expect(screen.queryByRole('button', { name: 'Save details' })).toBeNull();
  });
});
