import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatesSection } from '../src/features/joining/dates-section.tsx';
import { initialJoiningState, joiningStore } from '../src/features/joining/joining-store.ts';
import { DateInput, type DateParts } from '../src/ui/date-input.tsx';
import { renderOnSite, stubFetch } from './support/render.tsx';

afterEach(() => vi.unstubAllGlobals());

function Birthday({ error }: { error?: string }) {
  const [value, setValue] = useState<DateParts>({ day: '', month: '', year: '' });
  return (
    <>
      <DateInput id="dob" legend="Date of birth" birthday error={error} value={value} onChange={setValue} />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

// Issue 34 item 5: GOV.UK's date pattern wherever a date is asked (decision 0083).
describe('the date input', () => {
  it('asks Day, Month and Year in a fieldset named by its legend, with a hint and numeric keyboards', async () => {
    render(<Birthday />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group.getAttribute('aria-describedby')).toBe('dob-hint');
    expect(document.getElementById('dob-hint')!.textContent).toBe('For example, 27 3 2007');
    const fields = ['Day', 'Month', 'Year'].map((name) => within(group).getByLabelText(name));
    expect(fields.map((field) => field.getAttribute('inputmode'))).toEqual(['numeric', 'numeric', 'numeric']);
    expect(fields.map((field) => field.getAttribute('autocomplete'))).toEqual([
      'bday-day',
      'bday-month',
      'bday-year',
    ]);
    // The day keeps the input's id, so an error summary's link lands on the first field.
    expect(fields[0]!.id).toBe('dob');
    const user = userEvent.setup();
    await user.type(fields[0]!, '27');
    await user.type(fields[1]!, '3');
    await user.type(fields[2]!, '1990');
    expect(screen.getByRole('status').textContent).toBe('{"day":"27","month":"3","year":"1990"}');
  });

  it('ties its error, which names the date, to the group and marks each field', () => {
    render(<Birthday error="Date of birth must include a month." />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group.getAttribute('aria-describedby')).toBe('dob-hint dob-error');
    expect(document.getElementById('dob-error')!.textContent).toBe(
      'Error: Date of birth must include a month.',
    );
    expect(within(group).getByLabelText('Month').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the joining start date', () => {
  it('is three fields, not a browser date control, and a date before the first day settles on it when left', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetchStub);
    joiningStore.update({ ...initialJoiningState, paymentOptionId: 3, membershipTypeId: 1, startDate: null });
    renderOnSite(
      <DatesSection
        state={{ ...initialJoiningState, paymentOptionId: 3, membershipTypeId: 1 }}
        today="2026-11-23"
        recurring={false}
        promotionEnabled={false}
        hasBillingDate={false}
        availableBillingDates={[]}
        onContinue={() => undefined}
      />,
    );
    const group = await screen.findByRole('group', { name: 'Start date' });
    expect(group.querySelector('input[type="date"]')).toBeNull();
    expect(document.getElementById('start-date-hint')!.textContent).toBe(
      'Between 23 Nov 2026 and 23 Dec 2026. For example, 23 11 2026',
    );
    const day = within(group).getByLabelText('Day');
    expect((day as HTMLInputElement).value).toBe('23');
    const user = userEvent.setup();
    await user.clear(day);
    await user.type(day, '2');
    expect(joiningStore.get().startDate).toBe('2026-11-23');
    await user.tab();
    await user.tab();
    await user.tab();
    expect((day as HTMLInputElement).value).toBe('23');
    await user.clear(day);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.getElementById('start-date-error')!.textContent).toBe(
      'Error: Start date must include a day.',
    );
  });
});
