import type { MembershipType } from '@lido/contracts/membership';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionSummary } from '../src/app/session/use-session.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialJoiningState, joiningStore } from '../src/features/joining/joining-store.ts';
import type { JoiningData } from '../src/features/joining/use-joining-data.ts';
import { useJoiningSubmission } from '../src/features/joining/use-joining-submission.ts';
import { costsProblems } from '../src/features/joining/costs-problems.ts';
import { DatesSection } from '../src/features/joining/dates-section.tsx';
import { PaymentSummary } from '../src/features/joining/payment-summary.tsx';
import { ApiError } from '../src/lib/api/api-client.ts';
import { renderOnSite, stubFetch, testSettings } from './support/render.tsx';

afterEach(() => vi.unstubAllGlobals());

const membership = { id: 1, name: 'Gym Plus' } as MembershipType;

describe('a costs call that fails on the joining page', () => {
  it('puts the server’s start date and billing day messages under those fields (joining spec §5)', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetchStub);
    const failure = costsProblems(
      new ApiError(422, 'The given data was invalid.', {
        startDate: ['The start date must be between 23/11/2026 and 23/12/2026.'],
        billingDay: ['The billing day must be one of 1, 15, 28.'],
      }),
    );
    renderOnSite(
      <DatesSection
        state={{ ...initialJoiningState, paymentOptionId: 3, membershipTypeId: 1 }}
        today="2026-11-23"
        recurring
        promotionEnabled={false}
        hasBillingDate={false}
        availableBillingDates={[1, 15, 28]}
        serverMessages={failure.fields}
        onContinue={() => undefined}
      />,
    );
    // GOV.UK's date input: a fieldset named by its legend, the message tied to the group.
    const startDate = await screen.findByRole('group', { name: 'Start date' });
    expect(screen.getByLabelText('Day').getAttribute('aria-invalid')).toBe('true');
    expect(startDate.getAttribute('aria-describedby')).toContain('start-date-error');
    expect(document.getElementById('start-date-error')!.textContent).toContain(
      'The start date must be between 23/11/2026 and 23/12/2026.',
    );
    const billingDay = screen.getByLabelText('Billing day');
    expect(billingDay.getAttribute('aria-describedby')).toContain('billing-day-error');
    expect(document.getElementById('billing-day-error')!.textContent).toContain(
      'The billing day must be one of 1, 15, 28.',
    );
  });

  it('says "Could not calculate price." in the payment summary (platform spec §8)', () => {
    const failure = costsProblems(new ApiError(500, 'Server Error'));
    expect(failure).toEqual({ fields: {}, price: 'Could not calculate price.' });
    renderOnSite(
      <PaymentSummary
        membership={membership}
        costs={undefined}
        loading={false}
        priceProblem={failure.price}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Could not calculate price.');
  });

  it('says nothing while the costs call has not failed', () => {
    expect(costsProblems(null)).toEqual({ fields: {}, price: null });
  });
});

/** The joining submission with a one-off membership, as the confirmation section's button uses it. */
function Submitting({ data, user }: { data: JoiningData; user: NonNullable<SessionSummary['user']> }) {
  const submission = useJoiningSubmission(null, data, joiningStore.get(), user, testSettings, {
    min: '2026-11-23',
  });
  return (
    <>
      <button onClick={submission.submit}>Submit</button>
      <p data-testid="dates">{JSON.stringify(submission.dateServerMessages)}</p>
    </>
  );
}

describe('a membership submission the server turns down for its dates', () => {
  it('keeps the start date and billing day messages for their fields and opens the dates section', async () => {
    const billingDay = ['The billing day must be one of 1, 15, 28.'];
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/memberships/online-joining/store': {
          status: 422,
          body: { message: 'The given data was invalid.', errors: { billing_day: billingDay } },
        },
      }).fetchStub,
    );
    joiningStore.update({ ...initialJoiningState, membershipTypeId: 1, paymentOptionId: 3 });
    const data = {
      membership: membership,
      option: { id: 3 },
      recurring: false,
      allQuestions: [],
      venue: { data: { id: 9 } },
    } as unknown as JoiningData;
    const user = { hasInstruction: true, hasBillingDate: false } as NonNullable<SessionSummary['user']>;
    renderOnSite(<Submitting data={data} user={user} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('dates').textContent).toBe(JSON.stringify({ billingDay })));
    expect(joiningStore.get().openSection).toBe('dates');
  });
});
