import { clampStartDate, type StartDateLimits } from '@lido/pricing/membership-costs';
import type { ClientSettings } from '@lido/contracts/client-settings';
import { useState } from 'react';
import { useNavigate } from '../../router/index.ts';
import { needsCleanDocument } from '../../app/analytics/tag-scripts.ts';
import type { SessionSummary } from '../../app/session/use-session.ts';
import { showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { getBankDetails, markNewMandate } from './bank-details.ts';
import { bankMessagesFrom } from './bank-messages.ts';
import { type DateFieldMessages, dateFieldMessages } from './costs-problems.ts';
import { joiningStore, openSection, type JoiningState } from './joining-store.ts';
import { answersToSend, validateQuestionAnswers } from './question-answers.ts';
import {
  membershipDetailsBody,
  useSendAnswers,
  useSubmitChange,
  useSubmitMembership,
} from './submit-membership.ts';
import type { JoiningData } from './use-joining-data.ts';
import { joiningWords } from './words.ts';

/**
 * Joining spec, "Membership submission": the membership (or the change) goes in the basket, then its
 * answers, then the browser goes to checkout. A problem opens the section that can fix it; the
 * server's messages about the bank account are shown in the Direct Debit section (`bankServerMessages`),
 * those about the start date and billing day under those fields (`dateServerMessages`).
 */
export function useJoiningSubmission(
  changing: number | null,
  data: JoiningData,
  state: JoiningState,
  user: SessionSummary['user'],
  settings: ClientSettings,
  startDateLimits: Pick<StartDateLimits, 'min'>,
) {
  const navigate = useNavigate();
  const submitMembership = useSubmitMembership();
  const submitChange = useSubmitChange();
  const sendAnswers = useSendAnswers();
  const [bankServerMessages, setBankServerMessages] = useState<string[]>([]);
  const [dateServerMessages, setDateServerMessages] = useState<DateFieldMessages>({});
  const { membership, option, recurring, allQuestions, venue } = data;

  /** After the membership is in the basket: its answers, then checkout. */
  async function sendAnswersThenCheckout(typeId: number) {
    const answers = answersToSend(allQuestions, joiningStore.get().answers);
    if (answers.length > 0) {
      try {
        await sendAnswers.mutateAsync({ typeId, answers });
      } catch (error) {
        const messages = error instanceof ApiError ? error.validationMessages : null;
        showToast({
          content: messages ? joiningWords('answersNotSaved') : joiningWords('somethingWentWrong'),
          type: messages ? 'neutral' : 'danger',
          validationMessages: messages,
        });
        return openSection('additional');
      }
    }
    // Checkout shows card fields: once analytics tags are in this document it needs a fresh one
    // (and then, opened anew, it asks for any term not yet accepted rather than trusting this page).
    if (needsCleanDocument('/checkout')) window.location.assign('/checkout');
    // Checkout holds the joining page to its word that every term was accepted (joining spec §4).
    else await navigate('/checkout', { state: { fromJoiningPage: true } });
  }

  function submitFailed(error: Error) {
    const messages = error instanceof ApiError ? error.validationMessages : null;
    const bankMessages = bankMessagesFrom(error);
    if (bankMessages.length > 0) {
      setBankServerMessages(bankMessages);
      return openSection('directDebit');
    }
    const dateMessages = dateFieldMessages(error);
    if (Object.keys(dateMessages).length > 0) {
      setDateServerMessages(dateMessages);
      return openSection('dates');
    }
    showToast({
      content: messages ? joiningWords('validationErrors') : joiningWords('somethingWentWrong'),
      type: 'danger',
      validationMessages: messages,
      closeAfter: toastDurations.normal,
    });
  }

  function submit() {
    if (!user) return openSection('details');
    if (!membership || !option) return openSection('membership');
    if (Object.keys(validateQuestionAnswers(allQuestions, state.answers)).length > 0) {
      showToast({ content: joiningWords('fillInRequiredQuestions'), type: 'danger' });
      return openSection('additional');
    }
    const startDate = clampStartDate(joiningStore.get().startDate, startDateLimits);
    if (changing !== null) {
      submitChange.mutate(
        {
          membershipId: changing,
          membershipTypeId: membership.id,
          paymentOptionId: option.id,
          startDate,
          acceptedTerms: joiningStore.get().checkedTerms,
        },
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

  return {
    submit,
    submitting: submitMembership.isPending || submitChange.isPending || sendAnswers.isPending,
    bankServerMessages,
    clearBankServerMessages: () => setBankServerMessages([]),
    dateServerMessages,
    clearDateServerMessages: () => setDateServerMessages({}),
  };
}
