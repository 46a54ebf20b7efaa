import type { MembershipType } from '@lido/contracts/membership';
import { prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { changeWindow } from '@lido/pricing/change-and-renewal';
import { myMembershipsQuery } from '../account/index.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { pushToDataLayer } from '../../app/analytics/data-layer.ts';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { dataFieldsQuery } from '../data-fields/index.ts';
import { showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { useSession } from '../../app/session/use-session.ts';
import { venueQuery } from '../venues/index.ts';
import { getBankDetails, markNewMandate } from './bank-details.ts';
import { bankMessagesFrom, bankSummary } from './bank-messages.ts';
import { CentreSection } from './centre-section.tsx';
import { ConfirmationSection } from './confirmation-section.tsx';
import { DatesSection } from './dates-section.tsx';
import { DetailsSection } from './details-section.tsx';
import { DirectDebitSection } from './direct-debit-section.tsx';
import { optionFor } from './filter-memberships.ts';
import { useChangeCosts, useChangeOptions } from './get-change-options.ts';
import { useCosts } from './get-costs.ts';
import { useMembershipTypes } from './get-membership-types.ts';
import { useQuestions } from './get-questions.ts';
import {
  chooseMembership,
  completeSection,
  enterCentre,
  joiningStore,
  openSection,
  useJoining,
} from './joining-store.ts';
import { MembershipSection } from './membership-section.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { answersToSend, validateQuestionAnswers } from './question-answers.ts';
import { QuestionsSection } from './questions-section.tsx';
import { SectionFrame } from './section-frame.tsx';
import { useSectionProblems } from './section-problems.ts';
import { displayedSections, nextSection, progressSteps, type SectionKey, sectionState } from './sections.ts';
import {
  membershipDetailsBody,
  useSendAnswers,
  useSubmitChange,
  useSubmitMembership,
} from './submit-membership.ts';

/** The operator's local date decides start dates and prices (architecture.md, "Database"). */
const operatorTimeZone = 'Europe/London';

const paymentTypeFromUrl = (value: string | undefined) =>
  value === 'recurring' || value === 'monthly'
    ? 'recurring'
    : value === 'fixed' || value === 'single'
      ? 'fixed'
      : null;

/**
 * /centre/{slug} and /centre/{slug}/membership/{membershipSlug}/{paymentType}: the joining page,
 * its numbered sections and the payment summary beside them.
 */
export function JoiningPage() {
  const { centreSlug = '', selectedMembershipSlug, selectedPaymentType } = useParams();
  const navigate = useNavigate();
  const settings = useClientSettings();
  const session = useSession();
  const user = session.user;
  const venue = useQuery(venueQuery('online-joining', centreSlug));
  const state = useJoining();
  // ?change={membershipId}: changing a held monthly membership (from the account's Memberships page).
  const [searchParams] = useSearchParams();
  const changing = /^\d+$/.test(searchParams.get('change') ?? '') ? Number(searchParams.get('change')) : null;
  const changeSearch = changing !== null ? `?change=${changing}` : '';
  const joinTypes = useMembershipTypes(changing === null ? venue.data?.id : undefined);
  const changeTypes = useChangeOptions(changing);
  const types = changing === null ? joinTypes : changeTypes;
  const questions = useQuestions(state.membershipTypeId);
  // A guest will need the account form: its fields load alongside the memberships, not after them.
  useQuery({ ...dataFieldsQuery('customer_account_online'), enabled: !session.isLoggedIn });
  const submitMembership = useSubmitMembership();
  const submitChange = useSubmitChange();
  const sendAnswers = useSendAnswers();
  const [bankServerMessages, setBankServerMessages] = useState<string[]>([]);
  const problems = useSectionProblems();
  const today = todayIn(operatorTimeZone, new Date());

  useEffect(() => {
    if (venue.data) enterCentre(venue.data.slug, changing);
  }, [venue.data, changing]);

  const membership = types.data?.find((type) => type.id === state.membershipTypeId);
  const option = membership?.paymentOptions.find((candidate) => candidate.id === state.paymentOptionId);
  const recurring = option?.paymentType === 'recurring';
  const allQuestions = questions.data?.flatMap((group) => group.questions) ?? [];
  const context = {
    // Until a membership's questions have loaded, its Additional details section is assumed, so
    // Continue cannot skip past it; it drops out if there turn out to be none.
    hasQuestions: state.membershipTypeId !== null && (questions.isPending || allQuestions.length > 0),
    recurring,
    hasInstruction: user?.hasInstruction ?? false,
  };
  const sections = displayedSections(context);
  const open: SectionKey = sections.some((section) => section.key === state.openSection)
    ? state.openSection
    : nextSection(state.openSection, context);

  // A membership preselected by the URL (joining spec, "Choosing a membership").
  const preselected = useRef<string | null>(null);
  useEffect(() => {
    if (!types.data || !venue.data || !selectedMembershipSlug) return;
    const key = `${selectedMembershipSlug}/${selectedPaymentType}`;
    if (preselected.current === key) return;
    preselected.current = key;
    const paymentType = paymentTypeFromUrl(selectedPaymentType);
    const type = types.data.find((candidate) => candidate.slug === selectedMembershipSlug);
    const chosen = type && paymentType ? optionFor(type, paymentType) : undefined;
    if (!type || !paymentType || !chosen) {
      showToast({ content: 'Could not find selected membership', type: 'danger' });
      navigate(`/centre/${venue.data.slug}${changeSearch}`, { replace: true });
      return;
    }
    if (state.membershipTypeId === type.id && state.paymentOptionId === chosen.id) return;
    if (!chosen.isPurchasable.canPurchase) {
      showToast({ content: 'You are ineligible for the membership you selected.', type: 'danger' });
      navigate(`/centre/${venue.data.slug}${changeSearch}`, { replace: true });
      return;
    }
    joiningStore.update({ paymentType });
    chooseMembership(type.id, chosen.id);
    completeSection('membership', 'details');
  }, [
    types.data,
    venue.data,
    selectedMembershipSlug,
    selectedPaymentType,
    navigate,
    state.membershipTypeId,
    state.paymentOptionId,
    changeSearch,
  ]);

  // After logging in or creating an account, the list carries this customer's eligibility.
  useEffect(() => {
    if (!option || option.isPurchasable.canPurchase || !venue.data) return;
    showToast({ content: 'You are ineligible for the membership you selected.', type: 'danger' });
    joiningStore.update({
      membershipTypeId: null,
      paymentOptionId: null,
      edited: ['centre'],
      openSection: 'membership',
    });
    navigate(`/centre/${venue.data.slug}${changeSearch}`, { replace: true });
  }, [option, venue.data, navigate, changeSearch]);

  // Progress analytics: steps 1–7 as sections open.
  useEffect(() => {
    const step = progressSteps[open];
    if (step) pushToDataLayer({ event: 'joiningProgress', step, section: open });
  }, [open]);

  const billingDayForCosts = recurring
    ? (user?.billingDay ??
      state.billingDay ??
      [...settings.availableBillingDates].sort((a, b) => a - b)[0] ??
      1)
    : null;
  const heldMemberships = useQuery({ ...myMembershipsQuery, enabled: changing !== null });
  const heldStart = heldMemberships.data?.find((held) => held.id === changing)?.startDate;
  const changeDates = changing !== null ? changeWindow(today, heldStart) : undefined;
  const changeCosts = useChangeCosts(
    changing !== null && option
      ? {
          membershipId: changing,
          optionId: option.id,
          startsAt:
            state.startDate && changeDates && state.startDate >= changeDates.min
              ? state.startDate
              : (changeDates?.min ?? today),
        }
      : null,
  );
  const costs = useCosts(
    changing === null && membership && option && venue.data
      ? {
          typeId: membership.id,
          optionId: option.id,
          venueId: venue.data.id,
          startDate: state.startDate && state.startDate >= today ? state.startDate : today,
          billingDay: billingDayForCosts,
          promotionCodeId: state.promotion?.id ?? null,
        }
      : null,
  );

  if (changing !== null && !session.isLoggedIn)
    return (
      <Navigate
        to={`/login?redirect=${encodeURIComponent(`/centre/${centreSlug}${changeSearch}`)}`}
        replace
      />
    );
  // A membership named in the URL is chosen before the sections show, so they do not jump (CLS).
  const urlType = selectedMembershipSlug
    ? types.data?.find((type) => type.slug === selectedMembershipSlug)
    : undefined;
  const awaitingPreselection =
    selectedMembershipSlug !== undefined &&
    (types.isPending || (urlType !== undefined && state.membershipTypeId !== urlType.id));
  if (venue.isPending || awaitingPreselection)
    return (
      <div className="membership-loading">
        <Spinner label="Loading centre" />
      </div>
    );
  if (venue.isError) {
    const status = venue.error instanceof ApiError ? venue.error.status : null;
    if (status === 404 || status === 422) return <Navigate to="/" replace />;
    return <p className="error-line">{genericErrorLine(status)}</p>;
  }

  const proceed = (key: SectionKey) => {
    const next = nextSection(key, context);
    if (next === 'checkout') {
      completeSection(key, key);
      submit();
    } else completeSection(key, next);
  };

  const choose = (type: MembershipType) => {
    const chosen = optionFor(type, state.paymentType);
    if (!chosen?.isPurchasable.canPurchase) return;
    chooseMembership(type.id, chosen.id);
    completeSection('membership', 'details');
    preselected.current = `${type.slug}/${state.paymentType}`;
    navigate(`/centre/${venue.data.slug}/membership/${type.slug}/${state.paymentType}${changeSearch}`, {
      replace: true,
    });
  };

  /** After the membership is in the basket: its answers, then checkout. */
  async function sendAnswersThenCheckout(typeId: number) {
    const answers = answersToSend(allQuestions, joiningStore.get().answers);
    if (answers.length > 0) {
      try {
        await sendAnswers.mutateAsync({ typeId, answers });
      } catch (error) {
        const messages = error instanceof ApiError ? error.validationMessages : null;
        showToast({
          content: messages
            ? 'Error occurred while submitting your answers.'
            : 'Something went wrong, please try again',
          type: messages ? 'neutral' : 'danger',
          validationMessages: messages,
        });
        return openSection('additional');
      }
    }
    await navigate('/checkout');
  }

  function submitFailed(error: Error) {
    const messages = error instanceof ApiError ? error.validationMessages : null;
    const bankMessages = bankMessagesFrom(error);
    if (bankMessages.length > 0) {
      setBankServerMessages(bankMessages);
      return openSection('directDebit');
    }
    showToast({
      content: messages ? 'Validation errors' : 'Something went wrong, please try again',
      type: 'danger',
      validationMessages: messages,
      closeAfter: toastDurations.normal,
    });
  }

  /** Joining spec, "Membership submission": the membership (or the change), then its answers. */
  function submit() {
    if (!user) return openSection('details');
    if (!membership || !option) return openSection('membership');
    if (Object.keys(validateQuestionAnswers(allQuestions, state.answers)).length > 0) {
      showToast({ content: 'Please fill in required questions', type: 'danger' });
      return openSection('additional');
    }
    const startDate = joiningStore.get().startDate ?? changeDates?.min ?? today;
    if (changing !== null) {
      submitChange.mutate(
        { membershipId: changing, membershipTypeId: membership.id, paymentOptionId: option.id, startDate },
        { onSuccess: () => void sendAnswersThenCheckout(membership.id), onError: submitFailed },
      );
      return;
    }
    const needsBank = recurring && !user.hasInstruction;
    const bank = needsBank ? getBankDetails() : null;
    // Bank details live in memory only: after a refresh they must be entered again.
    if (bank && !bank.accountNumber) return openSection('directDebit');
    const body = membershipDetailsBody({ ...joiningStore.get(), startDate }, venue.data!.id, {
      bank,
      collectAddress: settings.collectDirectDebitBillingAddress,
      keepsBillingDay: user.hasBillingDate,
    });
    markNewMandate(needsBank);
    submitMembership.mutate(body, {
      onSuccess: () => void sendAnswersThenCheckout(body.membershipTypeId),
      onError: submitFailed,
    });
  }

  const frame = (key: SectionKey) => {
    const section = sections.find((candidate) => candidate.key === key);
    if (!section) return null;
    return {
      section,
      state: sectionState(key, open, state.edited),
      onEdit: () => openSection(key),
      hasProblems: problems.has(key),
    };
  };
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
        <h1 className="joining-title">{changing !== null ? 'Change your membership' : 'Buy a membership'}</h1>
        <SectionFrame {...centreFrame} summary={<p>{venue.data.name}</p>}>
          <CentreSection venue={venue.data} onContinue={() => proceed('centre')} />
        </SectionFrame>
        <SectionFrame {...membershipFrame} summary={membership && <p>{membership.name}</p>}>
          {types.isPending && (
            <div className="membership-loading">
              <Spinner label="Loading memberships" />
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
          <SectionFrame {...additionalFrame} summary={<p>Answered</p>}>
            {questions.data ? (
              <QuestionsSection
                groups={questions.data}
                answers={state.answers}
                onContinue={() => proceed('additional')}
              />
            ) : (
              <Spinner label="Loading the questions" />
            )}
          </SectionFrame>
        )}
        <SectionFrame
          {...datesFrame}
          summary={state.startDate && <p>Starting {prettyDate(state.startDate)}</p>}
        >
          {recurring && user?.hasInstruction && (
            <p className="notice notice--success" role="note">
              You already have a Direct Debit set up
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
            onContinue={() => proceed('dates')}
          />
        </SectionFrame>
        {ddFrame && (
          <SectionFrame
            {...ddFrame}
            hasProblems={ddFrame.hasProblems || bankServerMessages.length > 0}
            summary={<p>{bankSummary(getBankDetails())}</p>}
          >
            <DirectDebitSection
              state={state}
              collectAddress={settings.collectDirectDebitBillingAddress}
              serverMessages={bankServerMessages}
              onContinue={() => {
                setBankServerMessages([]);
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
              submitting={submitMembership.isPending || submitChange.isPending || sendAnswers.isPending}
              onSubmit={submit}
            />
          </SectionFrame>
        )}
        <SectionFrame {...checkoutFrame} state="locked" />
      </div>
      <PaymentSummary
        membership={membership}
        costs={costs.data}
        change={changing !== null ? changeCosts.data : undefined}
        loading={costs.isFetching || changeCosts.isFetching}
      />
    </div>
  );
}
