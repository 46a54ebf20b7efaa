import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tillRoutes } from '../src/features/front-of-house/till/till-routes.tsx';
import { wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

/** Lazy route chunks take a while on a busy machine. */
const wait = { timeout: 5_000 };

const staffUser = (role: 'desk' | 'supervisor') => ({
  id: role === 'desk' ? 1 : 2,
  username: role,
  name: role === 'desk' ? 'Dee Desk' : 'Sue Supervisor',
  role,
  roleLabel: role,
  currencySymbol: '£',
});

const staffMembers = [
  { id: 1, name: 'Dee Desk', active: true },
  { id: 2, name: 'Sue Supervisor', active: true },
  { id: 3, name: 'Old Hand', active: false },
];

const entry = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  at: '2026-11-24T14:05:09.000Z',
  staff: { id: 1, name: 'Dee Desk' },
  who: 'Dee Desk',
  action: 'basket.add',
  description: 'Added to basket',
  customer: { id: 7, name: 'Alex Morgan', reference: 'C100007' },
  details: null,
  ...overrides,
});

const answer = (entries: unknown[], nextBefore: number | null = null) =>
  wire({ date: '2026-11-24', prettyDate: '24 Nov 2026', entries, nextBefore, staffMembers });

function renderAudit(role: 'desk' | 'supervisor', audit: (url: URL) => { status?: number; body: unknown }) {
  const stub = stubFetch({ '/api/staff/me': wire(staffUser(role)), '/api/staff/audit': audit });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite(tillRoutes, { site: 'front-of-house', path: '/audit' });
  return stub.calls;
}
const auditCalls = (calls: { url: string }[]) =>
  calls
    .filter((call) => call.url.startsWith('/api/staff/audit'))
    .map((call) => new URL(call.url, 'http://x'));

describe('the audit log page', () => {
  it('shows a supervisor who did what, when and for whom, in a captioned table with customer links', async () => {
    const calls = renderAudit('supervisor', () =>
      answer([
        entry(12, {
          staff: { id: 2, name: 'Sue Supervisor' },
          who: 'Sue Supervisor',
          action: 'order.void',
          description: 'Voided order LD-100035: £0.82 handed back',
          details: 'Reason: Wrong class',
        }),
        entry(11, {
          action: 'order.pay',
          description: 'Took payment £12.50 (cash) for order LD-100035',
          details: '£7.50 change given',
        }),
        entry(10, {
          staff: null,
          who: 'Command line',
          description: 'Unlocked staff account desk',
          customer: null,
        }),
      ]),
    );
    const table = await screen.findByRole('table', { name: /^What staff did on .*, newest first$/ }, wait);
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TimeMember of staffActionCustomerDetails',
      '14:05:09Sue SupervisorVoided order LD-100035: £0.82 handed backAlex Morgan C100007Reason: Wrong class',
      '14:05:09Dee DeskTook payment £12.50 (cash) for order LD-100035Alex Morgan C100007£7.50 change given',
      '14:05:09Command lineUnlocked staff account desk',
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.getAttribute('scope')),
    ).toEqual(Array(5).fill('col'));
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('14:05:09');
    expect(within(rows[1]!).getByRole('link', { name: 'Alex Morgan' }).getAttribute('href')).toBe(
      '/customers/7',
    );
    const [first] = auditCalls(calls);
    expect(first!.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first!.searchParams.has('staff_id')).toBe(false);
    // Closed accounts stay in the filter: they did things.
    const select = screen.getByRole('combobox', { name: 'Member of staff' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Dee Desk', 'Sue Supervisor', 'Old Hand (account closed)']);
  });

  it('filters by member of staff and by day, keeping the keyboard where it was', async () => {
    const calls = renderAudit('supervisor', (url) =>
      url.searchParams.get('staff_id') === '2'
        ? answer([
            entry(12, { who: 'Sue Supervisor', description: 'Voided order LD-100035: £0.82 handed back' }),
          ])
        : answer([entry(11)]),
    );
    await screen.findByRole('table', undefined, wait);
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Member of staff' });
    await user.selectOptions(select, 'Sue Supervisor');
    await screen.findByText('Voided order LD-100035: £0.82 handed back', undefined, wait);
    expect(document.activeElement).toBe(select);
    expect(auditCalls(calls).at(-1)!.searchParams.get('staff_id')).toBe('2');
    expect(screen.getByRole('status').textContent).toMatch(/^1 entry by Sue Supervisor on /);

    // GOV.UK's date input (decision 0083): the day, month and year typed as numbers.
    const date = screen.getByRole('group', { name: 'Date' });
    const day = within(date).getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '20');
    await user.clear(within(date).getByLabelText('Month'));
    await user.type(within(date).getByLabelText('Month'), '11');
    await user.clear(within(date).getByLabelText('Year'));
    const year = within(date).getByLabelText('Year');
    await user.type(year, '2026');
    await waitFor(() => expect(auditCalls(calls).at(-1)!.searchParams.get('date')).toBe('2026-11-20'));
    expect(auditCalls(calls).at(-1)!.searchParams.get('staff_id')).toBe('2');
    await screen.findByRole(
      'table',
      { name: 'What staff did by Sue Supervisor on 20 Nov 2026, newest first' },
      wait,
    );
    expect(document.activeElement).toBe(year);
  });

  it('shows older entries a page at a time and moves focus to the first one it brought', async () => {
    const calls = renderAudit('supervisor', (url) =>
      url.searchParams.get('before') === '11'
        ? answer([entry(9, { description: 'Created customer C100009' })])
        : answer([entry(12), entry(11)], 11),
    );
    await screen.findByRole('table', undefined, wait);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older entries' }));
    await screen.findByText('Created customer C100009', undefined, wait);
    expect(auditCalls(calls).at(-1)!.searchParams.get('before')).toBe('11');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('audit-entry-9'));
  });

  it('says when nothing was recorded', async () => {
    renderAudit('supervisor', () => answer([]));
    await screen.findByText(/^Nothing was recorded on /, undefined, wait);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the generic line when the log cannot be read', async () => {
    renderAudit('supervisor', () => ({ status: 500, body: { message: 'Server Error' } }));
    await screen.findByText('Something has gone wrong, please try again.', undefined, wait);
  });

  it('is not shown to desk staff, and asks the server nothing', async () => {
    const calls = renderAudit('desk', () => answer([entry(1)]));
    await screen.findByText('Only a supervisor can see the audit log.', undefined, wait);
    expect(auditCalls(calls)).toEqual([]);
  });
});
