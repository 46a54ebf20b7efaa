import type { DeskCustomer, DeskCustomerDetail } from '@lido/contracts/front-of-house';
import type { StaffUser } from '@lido/contracts/staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiGet, setCallAdjuster } from '../src/lib/api/api-client.ts';
import { getActingCustomerId, setActingCustomerId } from '../src/app/session/acting-customer.ts';
import { SiteLink } from '../src/app/site-mode/site-link.tsx';
import { Toaster } from '../src/app/toasts/toaster.tsx';
import { SiteOverridesContext } from '../src/app/site-mode/site-overrides.ts';
import { RequireStaff, staffSiteOverrides } from '../src/features/front-of-house/staff-layout.tsx';
import {
  actForSelectedCustomer,
  actForSelectedCustomerOnEveryCall,
} from '../src/features/front-of-house/acting-for.ts';
import { CustomerPage } from '../src/features/front-of-house/customer-page.tsx';
import { CustomerSearchResults } from '../src/features/front-of-house/customer-search-results.tsx';
import { FindCustomerPage } from '../src/features/front-of-house/find-customer-page.tsx';
import { SelectedCustomerBar } from '../src/features/front-of-house/selected-customer-bar.tsx';
import { StaffLoginForm } from '../src/features/front-of-house/staff-login-page.tsx';
import { formatStaffMoney } from '../src/features/front-of-house/staff-money.ts';
import { noteStaffState } from '../src/features/front-of-house/staff-session-state.ts';
import { renderOnSite, renderRoutesOnSite, stubFetch } from './support/render.tsx';

const alex: DeskCustomer = {
  id: 2,
  reference: 'C100002',
  firstName: 'Alex',
  lastName: 'Morgan',
  email: 'alex@example.org',
  postcode: 'BS8 1AB',
  dateOfBirth: '1990-03-12',
  payer: null,
};
const sam: DeskCustomer = {
  ...alex,
  id: 3,
  reference: 'C100003',
  firstName: 'Sam',
  email: null,
  dateOfBirth: '2015-07-01',
  payer: { id: 2, name: 'Alex Morgan', reference: 'C100002' },
};
const desk: StaffUser = {
  id: 1,
  username: 'desk',
  name: 'Dana Desk',
  role: 'desk',
  roleLabel: 'Desk staff',
  currencySymbol: '£',
  centres: [],
};

afterEach(() => {
  setActingCustomerId(null);
  noteStaffState(null); // a login in one test must not leave the next logged in
  setCallAdjuster((call) => call);
});

/** The JSON body a stubbed call sent, with the keys as they went (snake_case). */
const sentBody = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('the staff login form', () => {
  it('asks for both fields before calling the server', async () => {
    const { fetchStub, calls } = stubFetch({});
    vi.stubGlobal('fetch', fetchStub);
    const onLoggedIn = vi.fn();
    renderOnSite(<StaffLoginForm onLoggedIn={onLoggedIn} />, { site: 'front-of-house' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByText('Enter your staff username.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Enter your password.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Staff username').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('posts the username and password and reports the login', async () => {
    const { fetchStub, calls } = stubFetch({
      '/api/staff/login': { body: { data: { token: 'in.abc', user: desk } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const onLoggedIn = vi.fn();
    renderOnSite(<StaffLoginForm onLoggedIn={onLoggedIn} />, { site: 'front-of-house' });
    await userEvent.type(screen.getByLabelText('Staff username'), ' desk ');
    await userEvent.type(screen.getByLabelText('Password'), 'Desk-Staff-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(calls[0]?.url).toBe('/api/staff/login');
    expect(sentBody(calls[0]?.init)).toEqual({ username: 'desk', password: 'Desk-Staff-2026!' });
  });

  it("shows the server's lockout message in the form, as the customer login does", async () => {
    const message = 'Too many failed attempts. Try again in 15 minutes.';
    const { fetchStub } = stubFetch({ '/api/staff/login': { status: 429, body: { message } } });
    vi.stubGlobal('fetch', fetchStub);
    const onLoggedIn = vi.fn();
    renderOnSite(
      <>
        <StaffLoginForm onLoggedIn={onLoggedIn} />
        <Toaster />
      </>,
      { site: 'front-of-house' },
    );
    await userEvent.type(screen.getByLabelText('Staff username'), 'desk');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // In the error summary and under the username field: twice on the page.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    // Announced once: only the summary is a live region saying it, no toast too (issue 34 item 4).
    const saying = screen.getAllByRole('alert').filter((region) => region.textContent?.includes(message));
    expect(saying).toHaveLength(1);
    expect(saying[0]!.textContent).toContain('There is a problem');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});

describe('customer search results', () => {
  it('lists name, customer ID, date of birth and postcode, and selects the one chosen', async () => {
    const onSelect = vi.fn();
    renderOnSite(<CustomerSearchResults customers={[alex, sam]} more={false} onSelect={onSelect} />);
    expect(screen.getByRole('status').textContent).toContain('2 customers found.');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Alex Morgan' })).toBeTruthy();
    expect(first.getByText('C100002')).toBeTruthy();
    expect(first.getByText('12 March 1990')).toBeTruthy();
    expect(first.getByText('BS8 1AB')).toBeTruthy();
    expect(within(items[1]!).getByText('Alex Morgan (C100002)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Select Sam Morgan' }));
    expect(onSelect).toHaveBeenCalledWith(sam);
  });

  it('says when nothing matched', () => {
    renderOnSite(<CustomerSearchResults customers={[]} more={false} onSelect={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain('No customers match.');
  });

  it('searches by what was typed, selects the customer and opens their page', async () => {
    const { fetchStub, calls } = stubFetch({
      '/api/staff/customers': { body: { data: { customers: [alex], more: false } } },
    });
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderRoutesOnSite(
      [
        { path: '/', element: <FindCustomerPage /> },
        { path: '/customers/:customerId', element: <h1>Customer page</h1> },
      ],
      { site: 'front-of-house' },
    );
    await userEvent.type(screen.getByLabelText('Name, email, customer ID or postcode'), 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getAllByText(/Enter at least 2 characters/).length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('Name, email, customer ID or postcode'), 'lex');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Select Alex Morgan' }));
    expect(calls[0]?.url).toBe('/api/staff/customers?q=Alex');
    expect(getActingCustomerId()).toBe(2);
    expect(router.state.location.pathname).toBe('/customers/2');
  });
});

describe('the selected customer bar', () => {
  it('shows the selected customer with their customer ID and "Change customer"', async () => {
    const detail: DeskCustomerDetail = {
      ...alex,
      family: [sam],
      phone: null,
      addressLineOne: null,
      addressLineTwo: null,
      town: null,
      language: 'en',
    };
    const { fetchStub } = stubFetch({ '/api/staff/customers/2': { body: { data: detail } } });
    vi.stubGlobal('fetch', fetchStub);
    setActingCustomerId(2);
    renderOnSite(<SelectedCustomerBar />, { site: 'front-of-house' });
    const bar = screen.getByRole('region', { name: 'Selected customer' });
    expect((await within(bar).findByRole('link', { name: 'Alex Morgan' })).getAttribute('href')).toBe(
      '/customers/2',
    );
    expect(bar.textContent).toContain('C100002');
    expect(within(bar).getByRole('link', { name: 'Change customer' }).getAttribute('href')).toBe('/');
  });

  it('says nobody is selected, and offers the search', () => {
    renderOnSite(<SelectedCustomerBar />, { site: 'front-of-house' });
    const bar = screen.getByRole('region', { name: 'Selected customer' });
    expect(bar.textContent).toContain('No customer selected.');
    expect(within(bar).getByRole('link', { name: 'Find a customer' }).getAttribute('href')).toBe('/');
  });

  it('drops a selected customer the server does not know', async () => {
    const { fetchStub } = stubFetch({});
    vi.stubGlobal('fetch', fetchStub);
    setActingCustomerId(999);
    renderOnSite(<SelectedCustomerBar />, { site: 'front-of-house' });
    await waitFor(() => expect(getActingCustomerId()).toBeNull());
    expect(screen.getByRole('region', { name: 'Selected customer' }).textContent).toContain(
      'No customer selected.',
    );
  });
});

describe('acting for the selected customer', () => {
  it('names the customer in the query of basket, joining, booking and terms calls and of reads, never in a body', () => {
    const call = (path: string, method: 'GET' | 'POST', body?: unknown) =>
      actForSelectedCustomer({ path, method, query: undefined, body }, 7);
    const added = call('/api/cart/add', 'POST', { sessionId: 1 });
    expect(added.body).toEqual({ sessionId: 1 });
    expect(added.query).toEqual({ selectedUserId: 7 });
    // The joining body is strict: a field it does not have would be refused.
    const stored = call('memberships/online-joining/store', 'POST', {});
    expect(stored.body).toEqual({});
    expect(stored.query).toEqual({ selectedUserId: 7 });
    expect(call('terms', 'GET').query).toEqual({ selectedUserId: 7 });
    expect(call('terms/membership/3', 'GET').query).toBe(undefined);
    expect(call('activities/sessions/4', 'GET').query).toEqual({ selectedUserId: 7 });
    expect(call('my-account/memberships', 'GET').query).toEqual({ selectedUserId: 7 });
    expect(call('memberships/5/renew', 'POST').query).toEqual({ selectedUserId: 7 });
    expect(call('custom-questions/memberships/3', 'POST', { answers: [] }).query).toEqual({
      selectedUserId: 7,
    });
  });

  it('sends My account’s cancel and freeze to the supervisor’s staff routes for the selected customer', () => {
    const call = (path: string, method: 'GET' | 'POST') =>
      actForSelectedCustomer({ path, method, query: undefined, body: {} }, 7);
    expect(call('my-account/bookings/12/cancel', 'POST').path).toBe('staff/customers/7/bookings/12/cancel');
    expect(call('/api/my-account/memberships/5/cancel', 'POST').path).toBe(
      'staff/customers/7/memberships/5/cancel',
    );
    const freeze = call('my-account/memberships/5/freeze', 'POST');
    expect(freeze.path).toBe('staff/customers/7/memberships/5/freeze');
    expect(freeze.query).toBeUndefined();
    // Reads stay My account's, for the selected customer; ending a freeze is not the desk's.
    expect(call('my-account/memberships/5/freeze', 'GET')).toMatchObject({
      path: 'my-account/memberships/5/freeze',
      query: { selectedUserId: 7 },
    });
    expect(call('my-account/memberships/5/freeze/end', 'POST').path).toBe(
      'my-account/memberships/5/freeze/end',
    );
    expect(
      actForSelectedCustomer(
        { path: 'my-account/bookings/12/cancel', method: 'POST', query: undefined, body: {} },
        null,
      ).path,
    ).toBe('my-account/bookings/12/cancel');
  });

  it('keeps a family member the page chose, and leaves settings and staff calls alone', () => {
    const chosen = actForSelectedCustomer(
      { path: 'activities/sessions/4', method: 'GET', query: { selectedUserId: 9 }, body: undefined },
      7,
    );
    expect(chosen.query).toEqual({ selectedUserId: 9 });
    for (const path of ['client', 'frontend/theme', 'staff/customers', 'terms/direct-debit', 'data-fields'])
      expect(
        actForSelectedCustomer({ path, method: 'GET', query: undefined, body: undefined }, 7).query,
      ).toBe(undefined);
    expect(
      actForSelectedCustomer({ path: 'cart', method: 'GET', query: undefined, body: undefined }, null).query,
    ).toBe(undefined);
  });

  it('is applied to every call once the staff site installs it', async () => {
    const { fetchStub, calls } = stubFetch({
      '/api/cart/add': { body: { data: {} } },
      '/api/cart': { body: { data: {} } },
      '/api/client': { body: { data: {} } },
    });
    vi.stubGlobal('fetch', fetchStub);
    actForSelectedCustomerOnEveryCall();
    setActingCustomerId(7);
    await apiFetch('cart/add', { method: 'POST', body: { sessionId: 1 } });
    await apiGet('cart');
    await apiGet('client');
    expect(sentBody(calls[0]?.init)).toEqual({ session_id: 1 });
    expect(calls[0]?.url).toBe('/api/cart/add?selected_user_id=7');
    expect(calls[1]?.url).toBe('/api/cart?selected_user_id=7');
    expect(calls[2]?.url).toBe('/api/client');
    // Another customer selected: the very next call is for them.
    setActingCustomerId(8);
    await apiGet('cart');
    expect(calls[3]?.url).toBe('/api/cart?selected_user_id=8');
    // My account's cancel goes to the supervisor's staff route for them (decision 0085).
    await apiFetch('my-account/bookings/12/cancel', { method: 'POST', body: {} }).catch(() => undefined);
    expect(calls[4]?.url).toBe('/api/staff/customers/8/bookings/12/cancel');
  });
});

describe('the staff site', () => {
  it("keeps the sites' links on itself: joining and booking homes, and checkout is the till's basket", () => {
    renderOnSite(
      <SiteOverridesContext.Provider value={staffSiteOverrides}>
        <SiteLink site="online-joining" to="/">
          Join
        </SiteLink>
        <SiteLink site="bookings" to="/">
          Book
        </SiteLink>
        <SiteLink site="bookings" to="/checkout">
          Checkout
        </SiteLink>
        <SiteLink site="online-joining" to="/centre/clifton" extraParams={{ change: '4' }}>
          Centre
        </SiteLink>
      </SiteOverridesContext.Provider>,
      { site: 'front-of-house' },
    );
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join');
    expect(screen.getByRole('link', { name: 'Book' }).getAttribute('href')).toBe('/book');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/basket');
    expect(screen.getByRole('link', { name: 'Centre' }).getAttribute('href')).toBe(
      '/centre/clifton?change=4',
    );
  });

  it("shows money in the staff user's own currency symbol", () => {
    expect(formatStaffMoney(1540, '£')).toBe('£15.40');
    expect(formatStaffMoney(-460, '€')).toBe('-€4.60');
  });
});

describe('the customer page', () => {
  const money = { raw: { amount: 3000, currency: 'GBP' }, decimal: '30.00', formatted: '£30.00' };
  const membership = {
    id: 11,
    name: 'Gym Anytime',
    slug: 'gym-anytime',
    categories: [],
    status: 'active',
    statusLabel: 'Active',
    startDate: '2026-01-01',
    prettyStartDate: '1 January 2026',
    endDate: null,
    prettyEndDate: null,
    billingDay: 1,
    paymentType: 'recurring',
    fixedDuration: null,
    fixedPeriod: null,
    price: money,
    homeVenue: { name: 'Castlefield', slug: 'castlefield-leisure-centre' },
    paymentProblem: null,
    freeze: null,
    canFreeze: true,
    priceChange: null,
    cancelKind: null,
  };

  it("selects a family member, and for the selected customer offers joining, booking and their memberships' changes", async () => {
    const { fetchStub, calls } = stubFetch({
      '/api/staff/customers/2': { body: { data: { ...alex, family: [alex, sam] } } },
      '/api/my-account/memberships': { body: { data: [membership] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    actForSelectedCustomerOnEveryCall();
    setActingCustomerId(2);
    renderRoutesOnSite([{ path: '/customers/:customerId', element: <CustomerPage /> }], {
      site: 'front-of-house',
      path: '/customers/2',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Join or change a membership' }).getAttribute('href')).toBe(
      '/join',
    );
    expect(screen.getByRole('link', { name: 'Book an activity' }).getAttribute('href')).toBe('/book');
    const change = await screen.findByRole('link', { name: /^Change membership/ });
    expect(change.getAttribute('href')).toBe('/centre/castlefield-leisure-centre?change=11');
    // His memberships are read for him, the customer the desk selected.
    expect(calls.map((call) => call.url)).toContain('/api/my-account/memberships?selected_user_id=2');
    await userEvent.click(screen.getByRole('button', { name: 'Select Sam Morgan' }));
    expect(getActingCustomerId()).toBe(3);
  });
});

describe('the staff pages', () => {
  it('send a visitor without a staff session to the login, coming back after it', async () => {
    const { router } = renderRoutesOnSite(
      [
        { path: '/login', element: <h1>Staff log in</h1> },
        { element: <RequireStaff />, children: [{ path: '/customers/new', element: <h1>New customer</h1> }] },
      ],
      { site: 'front-of-house', path: '/customers/new' },
    );
    expect(await screen.findByRole('heading', { name: 'Staff log in' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?redirect=%2Fcustomers%2Fnew',
    );
  });
});
