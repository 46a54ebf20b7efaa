import { type FormEvent, useState } from 'react';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { Button } from '../../ui/button.tsx';
import { DirectDebitGuarantee } from '../../ui/direct-debit-guarantee.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { CheckboxField, TextField } from '../../ui/form-fields.tsx';
import { getBankDetails, setBankDetails } from './bank-details.ts';
import { bankFieldErrorsFrom, bankMessagesFrom } from './bank-messages.ts';
import {
  bankCheckMessages,
  type BankDetails,
  type BankField,
  validateBankDetails,
} from '@lido/contracts/bank-details-rules';
import { useCheckBankDetails } from './submit-membership.ts';
import { useTerms } from './get-terms.ts';
import { setSectionProblems } from './section-problems.ts';
import { type JoiningState, joiningStore } from './joining-store.ts';
import { joiningWords } from './words.ts';

const fieldIds: Record<BankField, string> = {
  accountHolder: 'dd-account-holder',
  sortCode: 'dd-sort-code',
  accountNumber: 'dd-account-number',
  confirmHolder: 'dd-confirm-holder',
  ddTerms: 'dd-terms',
  billingAddressLineOne: 'dd-address-1',
  billingCity: 'dd-city',
  billingPostcode: 'dd-postcode',
};

/** The customer's own name as the account holder, where none is given yet. */
const withHolder = (details: BankDetails, name: string): BankDetails =>
  details.accountHolder.trim() ? details : { ...details, accountHolder: name.trim() };

/**
 * Monthly payment: the bank account the Direct Debit is collected from. Checked on Continue with
 * an error summary (quality.md A3), the bank check's refusals included, each on its field; other
 * server messages (the bank can't be reached, or checkout's) are listed under the form.
 */
export function DirectDebitSection({
  state,
  collectAddress,
  serviceUserName,
  serverMessages,
  holderName,
  onContinue,
}: {
  state: JoiningState;
  collectAddress: boolean;
  /** the operator's name on the payer's statement, in the Direct Debit Guarantee */
  serviceUserName: string;
  /** the customer's name from "Your details": the account holder unless they change it (WCAG 3.3.7) */
  holderName: string;
  /** Messages for accountDetails.accountNumber, accountDetails.sortCode and accountDetails. */
  serverMessages: string[];
  onContinue: () => void;
}) {
  const [details, setDetails] = useState<BankDetails>(() => withHolder(getBankDetails(), holderName));
  // The name arrives with the user; it fills the holder only while nobody has typed one.
  const [seenName, setSeenName] = useState(holderName);
  if (seenName !== holderName) {
    setSeenName(holderName);
    setDetails((current) => withHolder(current, holderName));
  }
  const prefilled = holderName.trim() !== '' && details.accountHolder === holderName.trim();
  const [ownErrors, setErrors] = useState<Partial<Record<BankField, string>>>({});
  // The bank check's refusals, on their fields until the customer edits the account.
  const [bankErrors, setBankErrors] = useState<Partial<Record<BankField, string>>>({});
  const errors = { ...ownErrors, ...bankErrors };
  const [shownServerMessages, setShownServerMessages] = useState(serverMessages);
  const ddTerms = useTerms('direct-debit', null);
  const check = useCheckBankDetails();
  const change = (field: keyof BankDetails) => (event: { target: { value: string } }) => {
    setDetails((current) => ({ ...current, [field]: event.target.value }));
    // Editing a bank field clears the server's messages about the account (joining spec, section 4).
    if (field === 'accountNumber' || field === 'sortCode') {
      setShownServerMessages([]);
      setBankErrors({});
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateBankDetails(
      details,
      {
        holderConfirmed: state.accountHolderConfirmed,
        ddTermsAccepted: state.ddTermsAccepted,
        hasDdTerms: ddTerms.data !== undefined,
      },
      collectAddress,
    );
    setErrors(found);
    setSectionProblems('directDebit', Object.keys(found).length > 0);
    if (Object.keys(found).length > 0) return;
    // The bank's own check (modulus and reachability) before Continue, so a mistyped account is
    // caught here and not at checkout.
    setShownServerMessages([]);
    setBankErrors({});
    check.mutate(details, {
      onSuccess: () => {
        setBankDetails(details);
        joiningStore.update({ accountHolder: details.accountHolder.trim() });
        onContinue();
      },
      onError: (error) => {
        setSectionProblems('directDebit', true);
        const onFields = bankFieldErrorsFrom(error);
        if (Object.keys(onFields).length > 0) return setBankErrors(onFields);
        const messages = bankMessagesFrom(error);
        setShownServerMessages(
          messages.length > 0 ? messages : [error.message || bankCheckMessages.unavailable],
        );
      },
    });
  };
  const summary = (Object.keys(errors) as BankField[]).map((field) => ({
    fieldId: fieldIds[field],
    message: errors[field]!,
  }));
  return (
    <>
      <ErrorSummary errors={summary} />
      <form className="form" noValidate onSubmit={submit} aria-label={joiningWords('directDebitDetails')}>
        <TextField
          id={fieldIds.accountHolder}
          label={joiningWords('accountHolderName')}
          hint={prefilled ? joiningWords('accountHolderPrefilled') : undefined}
          autoComplete="name"
          value={details.accountHolder}
          error={errors.accountHolder}
          onChange={change('accountHolder')}
        />
        <TextField
          id={fieldIds.sortCode}
          label={joiningWords('sortCode')}
          hint={joiningWords('sortCodeHint')}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          className="field--short"
          value={details.sortCode}
          error={errors.sortCode}
          onChange={change('sortCode')}
        />
        <TextField
          id={fieldIds.accountNumber}
          label={joiningWords('accountNumber')}
          hint={joiningWords('accountNumberHint')}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          className="field--short"
          value={details.accountNumber}
          error={errors.accountNumber}
          onChange={change('accountNumber')}
        />
        {collectAddress && (
          <fieldset className="form-section">
            <legend className="form-section__title">{joiningWords('billingAddress')}</legend>
            <TextField
              id={fieldIds.billingAddressLineOne}
              label={joiningWords('addressLine1')}
              autoComplete="address-line1"
              value={details.billingAddressLineOne}
              error={errors.billingAddressLineOne}
              onChange={change('billingAddressLineOne')}
            />
            <TextField
              id="dd-address-2"
              label={joiningWords('addressLine2')}
              autoComplete="address-line2"
              value={details.billingAddressLineTwo}
              onChange={change('billingAddressLineTwo')}
            />
            <TextField
              id={fieldIds.billingCity}
              label={joiningWords('townOrCity')}
              autoComplete="address-level2"
              value={details.billingCity}
              error={errors.billingCity}
              onChange={change('billingCity')}
            />
            <TextField
              id={fieldIds.billingPostcode}
              label={joiningWords('postcode')}
              autoComplete="postal-code"
              className="field--short"
              value={details.billingPostcode}
              error={errors.billingPostcode}
              onChange={change('billingPostcode')}
            />
          </fieldset>
        )}
        <CheckboxField
          id={fieldIds.confirmHolder}
          label={joiningWords('confirmAccountHolder')}
          checked={state.accountHolderConfirmed}
          error={errors.confirmHolder}
          onChange={(event) => joiningStore.update({ accountHolderConfirmed: event.target.checked })}
        />
        {ddTerms.data && (
          <div className="dd-terms">
            <h3>{ddTerms.data.title}</h3>
            <div
              className="rich-text dd-terms__text"
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(ddTerms.data.html) }}
            />
            <CheckboxField
              id={fieldIds.ddTerms}
              label={joiningWords('acceptDirectDebitTerms', { title: ddTerms.data.title })}
              checked={state.ddTermsAccepted}
              error={errors.ddTerms}
              onChange={(event) => joiningStore.update({ ddTermsAccepted: event.target.checked })}
            />
          </div>
        )}
        <DirectDebitGuarantee name={serviceUserName} />
        {shownServerMessages.length > 0 && (
          <div role="alert">
            <ul className="server-messages">
              {shownServerMessages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="form__actions">
          <Button type="submit" variant="primary" size="lg" disabled={check.isPending}>
            {check.isPending ? joiningWords('checkingBankDetails') : joiningWords('continue')}
          </Button>
        </div>
      </form>
    </>
  );
}
