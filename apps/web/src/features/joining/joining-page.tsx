import { startDateLimits } from '@lido/pricing/membership-costs';
import { useDeferredValue } from 'react';
import { Navigate } from '../../router/index.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { useOperatorToday } from '../../app/client-settings/use-operator-today.ts';
import { useSession } from '../../app/session/use-session.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { prettyDate } from '../../i18n/dates.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { getBankDetails } from './bank-details.ts';
import { bankSummary } from './bank-messages.ts';
import { CentreSection } from './centre-section.tsx';
import { ConfirmationSection } from './confirmation-section.tsx';
import { costsProblems } from './costs-problems.ts';
import { DatesSection } from './dates-section.tsx';
import { DetailsSection } from './details-section.tsx';
import { DirectDebitSection } from './direct-debit-section.tsx';
import { useJoining } from './joining-store.ts';
import { MembershipSection } from './membership-section.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { QuestionsSection } from './questions-section.tsx';
import { SectionFrame } from './section-frame.tsx';
import { useEligibilityCheck } from './use-eligibility-check.ts';
import { useJoiningCosts } from './use-joining-costs.ts';
import { useJoiningData } from './use-joining-data.ts';
import { useJoiningRoute } from './use-joining-route.ts';
import { useJoiningSections } from './use-joining-sections.ts';
import { useJoiningSubmission } from './use-joining-submission.ts';
import { useMembershipInUrl } from './use-membership-in-url.ts';
import { useProgressAnalytics } from './use-progress-analytics.ts';
import { useBasketToRestore, useRestoreFromBasket } from './use-restore-from-basket.ts';
import { joiningWords } from './words.ts';

/**
 * /centre/{slug} and /centre/{slug}/membership/{membershipSlug}/{paymentType}: the joining page,
 * its numbered sections and the payment summary beside them. The page lays them out; what they
 * read and do lives in its hooks (the URL, the data, the costs, the submission, the sections).
 */
export function JoiningPage() {
  const route = useJoiningRoute();
  const { centreSlug, changing, changeSearch } = route;
  const settings = useClientSettings();
  const session = useSession();
  const user = session.user;
  const state = useJoining();
  const today = useOperatorToday();
  const data = useJoiningData(route, state, session.isLoggedIn);
  const { venue, types, questions, membership, option, recurring, allQuestions } = data;
  const { awaitingPreselection, choose } = useMembershipInUrl(route, data, state);
  const basket = useBasketToRestore(route, state, session.isLoggedIn);
  const { awaitingBasket } = basket;
  useEligibilityCheck(route, data);
  const { costs, changeCosts, changeDates } = useJoiningCosts(changing, data, state, user, settings, today);
  const costsFailure = costsProblems(changing !== null ? changeCosts.error : costs.error);
  const submission = useJoiningSubmission(
    changing,
    data,
    state,
    user,
    settings,
    changeDates ?? startDateLimits(today),
  );
  const { open, proceed, frame, stepTitle } = useJoiningSections(
    state,
    {
      // Until a membership's questions have loaded, its Additional details section is assumed, so
      // Continue cannot skip past it; it drops out if there turn out to be none.
      hasQuestions: state.membershipTypeId !== null && (questions.isPending || allQuestions.length > 0),
      recurring,
      hasInstruction: user?.hasInstruction ?? false,
    },
    submission.submit,
  );
  useProgressAnalytics(open);
  // The title names the step and the centre, not "Membership Options" throughout (issue 21 item 8).
  usePageTitle(venue.data ? `${stepTitle ?? joiningWords('checkout')}: ${venue.data.name}` : null);
  // The sections are the page's one big render (some 50 ms of main thread on a mid-range phone).
  // Shown through a deferred value, from the first mount on, React renders them in short slices
  // that input can interrupt, not in one long task (decision 0066); the spinner stays meanwhile.
  const ready = !(venue.isPending || awaitingPreselection || awaitingBasket);
  const sectionsShown = useDeferredValue(ready, false) && ready;
  useRestoreFromBasket(route, data, state, basket.line, sectionsShown);

  if (changing !== null && !session.isLoggedIn)
    return (
      <Navigate
        to={`/login?redirect=${encodeURIComponent(`/centre/${centreSlug}${changeSearch}`)}`}
        replace
      />
    );
  // A membership named in the URL is chosen before the sections show, so they do not jump (CLS).
  if (!sectionsShown)
    return (
      <div className="membership-loading">
        <Spinner label={joiningWords('loadingCentre')} />
      </div>
    );
  if (venue.isError) {
    const status = venue.error instanceof ApiError ? venue.error.status : null;
    if (status === 404 || status === 422) return <Navigate to="/" replace />;
    return <p className="error-line">{genericErrorLine(status)}</p>;
  }

  const centreFrame = frame('centre')!;
  const membershipFrame = frame('membership')!;
  const detailsFrame = frame('details')!;
  const additionalFrame = frame('additional');
  const datesFrame = frame('dates')!;
  const ddFrame = frame('directDebit');
  const confirmFrame = frame('confirmation');
  const checkoutFrame = frame('checkout')!;

  return (
    <div className="joining-layout">
      <div className="joining-layout__main">
        <h1 className="joining-title">
          {changing !== null ? joiningWords('changeYourMembership') : joiningWords('buyMembership')}
        </h1>
        <SectionFrame {...centreFrame} summary={<p>{venue.data.name}</p>}>
          <CentreSection venue={venue.data} onContinue={() => proceed('centre')} />
        </SectionFrame>
        <SectionFrame {...membershipFrame} summary={membership && <p>{membership.name}</p>}>
          {types.isPending && (
            <div className="membership-loading">
              <Spinner label={joiningWords('loadingMemberships')} />
            </div>
          )}
          {types.isError && (
            <p className="error-line">
              {genericErrorLine(types.error instanceof ApiError ? types.error.status : null)}
            </p>
          )}
          {types.data && (
            <MembershipSection
              venue={venue.data}
              types={types.data}
              state={state}
              loggedIn={session.isLoggedIn}
              changing={changing !== null}
              onChoose={choose}
            />
          )}
        </SectionFrame>
        <SectionFrame
          {...detailsFrame}
          summary={
            user && (
              <p>
                {user.firstName} {user.lastName}
              </p>
            )
          }
        >
          <DetailsSection user={user} onContinue={() => proceed('details')} />
        </SectionFrame>
        {additionalFrame && (
          <SectionFrame {...additionalFrame} summary={<p>{joiningWords('answered')}</p>}>
            {questions.data ? (
              <QuestionsSection
                groups={questions.data}
                answers={state.answers}
                onContinue={() => proceed('additional')}
              />
            ) : (
              <Spinner label={joiningWords('loadingQuestions')} />
            )}
          </SectionFrame>
        )}
        <SectionFrame
          {...datesFrame}
          summary={
            state.startDate && <p>{joiningWords('starting', { date: prettyDate(state.startDate) })}</p>
          }
        >
          {recurring && user?.hasInstruction && (
            <p className="notice notice--success" role="note">
              {joiningWords('hasDirectDebit')}
            </p>
          )}
          <DatesSection
            state={state}
            today={today}
            recurring={recurring}
            promotionEnabled={option?.promotionEnabled ?? false}
            hasBillingDate={user?.hasBillingDate ?? false}
            availableBillingDates={settings.availableBillingDates}
            window={changeDates}
            serverMessages={{ ...costsFailure.fields, ...submission.dateServerMessages }}
            onContinue={() => {
              submission.clearDateServerMessages();
              proceed('dates');
            }}
          />
        </SectionFrame>
        {ddFrame && (
          <SectionFrame
            {...ddFrame}
            hasProblems={ddFrame.hasProblems || submission.bankServerMessages.length > 0}
            summary={<p>{bankSummary(getBankDetails())}</p>}
          >
            <DirectDebitSection
              state={state}
              collectAddress={settings.collectDirectDebitBillingAddress}
              serviceUserName={settings.directDebitServiceUserName}
              serverMessages={submission.bankServerMessages}
              holderName={user ? `${user.firstName} ${user.lastName}` : ''}
              onContinue={() => {
                submission.clearBankServerMessages();
                proceed('directDebit');
              }}
            />
          </SectionFrame>
        )}
        {confirmFrame && (
          <SectionFrame {...confirmFrame}>
            <ConfirmationSection
              state={state}
              membershipName={membership?.name ?? ''}
              venueName={venue.data.name}
              submitting={submission.submitting}
              onSubmit={submission.submit}
            />
          </SectionFrame>
        )}
        <SectionFrame {...checkoutFrame} state="locked" />
      </div>
      <PaymentSummary
        membership={membership}
        costs={costs.data}
        change={changing !== null ? changeCosts.data : undefined}
        takesMonthInHand={option?.takesMonthInHand}
        loading={costs.isFetching || changeCosts.isFetching}
        priceProblem={costsFailure.price}
      />
    </div>
  );
}
