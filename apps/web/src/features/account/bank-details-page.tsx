import { bankMessages, digitsOf } from '@lido/contracts/bank-details-rules';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from '../../router/index.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { CheckboxField, TextField } from '../../ui/form-fields.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { type BankDetailsChange, useChangeBankDetails } from './bank-details.ts';
import { type DirectDebitView, myDirectDebitQuery } from './get-direct-debit.ts';
import { useFormErrors } from '../../lib/forms/use-form-errors.ts';
import { accountWords } from './words.ts';

const fields = [
  'accountHolder',
  'accountDetails.sortCode',
  'accountDetails.accountNumber',
  'holderConfirmed',
];
const fieldId = (name: string) => `field-${name.replace('.', '-')}`;

/** The account the Direct Debit uses now, masked as the server keeps it. */
function CurrentAccount({ instruction }: { instruction: NonNullable<DirectDebitView['instruction']> }) {
  return (
    <dl className="facts">
      <dt>{accountWords('accountHolder')}</dt>
      <dd>{instruction.accountHolder}</dd>
      {instruction.bankName && (
        <>
          <dt>{accountWords('bank')}</dt>
          <dd>{instruction.bankName}</dd>
        </>
      )}
      <dt>{accountWords('sortCode')}</dt>
      <dd>{instruction.sortCode}</dd>
      <dt>{accountWords('accountNumber')}</dt>
      <dd>{instruction.accountNumber}</dd>
      <dt>{accountWords('status')}</dt>
      <dd>{instruction.statusLabel}</dd>
    </dl>
  );
}

/** A version 4 UUID; `crypto.randomUUID` exists only on https pages, `getRandomValues` everywhere. */
function newChangeKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function checkLocally(values: BankDetailsChange): Record<string, string> {
  const found: Record<string, string> = {};
  if (values.accountHolder.trim().length < 2) found.accountHolder = bankMessages.accountHolder;
  if (!/^\d{6}$/.test(digitsOf(values.accountDetails.sortCode)))
    found['accountDetails.sortCode'] = bankMessages.sortCode;
  if (!/^\d{8,}$/.test(digitsOf(values.accountDetails.accountNumber)))
    found['accountDetails.accountNumber'] = bankMessages.accountNumber;
  if (!values.holderConfirmed) found.holderConfirmed = bankMessages.confirmHolder;
  return found;
}

function BankDetailsForm({ onDone }: { onDone: (view: DirectDebitView) => void }) {
  const [values, setValues] = useState({
    accountHolder: '',
    sortCode: '',
    accountNumber: '',
    holderConfirmed: false,
  });
  // One key for this form: pressing twice, or again after a lost answer, is the same change.
  const [changeKey] = useState(newChangeKey);
  const { errors, setErrors, fromServer } = useFormErrors();
  const change = useChangeBankDetails();
  const set =
    (name: 'accountHolder' | 'sortCode' | 'accountNumber') => (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: BankDetailsChange = {
      accountHolder: values.accountHolder.trim(),
      accountDetails: { sortCode: values.sortCode, accountNumber: values.accountNumber },
      holderConfirmed: values.holderConfirmed,
      changeKey,
    };
    const found = checkLocally(body);
    setErrors(found);
    // checkLocally refuses an unconfirmed holder; the second test tells the type the server's `true`.
    if (Object.keys(found).length > 0 || !body.holderConfirmed) return;
    change.mutate(
      { ...body, holderConfirmed: body.holderConfirmed },
      { onSuccess: onDone, onError: (error) => fromServer(error, fields) },
    );
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="new-details-heading">
      <h2 id="new-details-heading">{accountWords('newBankDetails')}</h2>
      <ErrorSummary
        errors={Object.entries(errors).map(([name, message]) => ({
          fieldId: name === 'form' ? 'new-details-heading' : fieldId(name),
          message,
        }))}
      />
      <TextField
        id={fieldId('accountHolder')}
        label={accountWords('accountHolderName')}
        autoComplete="name"
        value={values.accountHolder}
        error={errors.accountHolder}
        onChange={set('accountHolder')}
      />
      <TextField
        id={fieldId('accountDetails.sortCode')}
        label={accountWords('sortCode')}
        hint={accountWords('sortCodeHint')}
        inputMode="numeric"
        autoComplete="off"
        value={values.sortCode}
        error={errors['accountDetails.sortCode']}
        onChange={set('sortCode')}
      />
      <TextField
        id={fieldId('accountDetails.accountNumber')}
        label={accountWords('accountNumber')}
        hint={accountWords('accountNumberHint')}
        inputMode="numeric"
        autoComplete="off"
        value={values.accountNumber}
        error={errors['accountDetails.accountNumber']}
        onChange={set('accountNumber')}
      />
      <CheckboxField
        id={fieldId('holderConfirmed')}
        label={accountWords('holderConfirm')}
        checked={values.holderConfirmed}
        error={errors.holderConfirmed}
        onChange={(event) => setValues((current) => ({ ...current, holderConfirmed: event.target.checked }))}
      />
      <div className="form__actions">
        <Button type="submit" variant="primary" size="lg" disabled={change.isPending}>
          {accountWords('changeBankDetails')}
        </Button>
      </div>
    </form>
  );
}

/**
 * /user-details/bank-details: a member with a Direct Debit replaces the account it collects from.
 * A new mandate is set up, future payments move to it and the old one is cancelled (decision 0046).
 */
export function BankDetailsPage() {
  const directDebit = useQuery(myDirectDebitQuery);
  const [done, setDone] = useState<DirectDebitView | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  if (done?.instruction)
    return (
      <>
        <h1 ref={doneHeading} tabIndex={-1}>
          {accountWords('bankDetailsChanged')}
        </h1>
        <div className="panel">
          <p>{accountWords('bankDetailsChangedText')}</p>
          <CurrentAccount instruction={done.instruction} />
          <p>{accountWords('bankDetailsChangedEmail')}</p>
          <Link to="/payments">{accountWords('seeDirectDebitPayments')}</Link>
        </div>
      </>
    );

  const instruction = directDebit.data?.instruction;
  return (
    <>
      <h1>{accountWords('bankDetailsTitle')}</h1>
      {directDebit.isPending && <Spinner label={accountWords('loadingDirectDebit')} />}
      {directDebit.isError && <p className="error-line">{accountWords('somethingWrong')}</p>}
      {directDebit.data && !instruction && <p>{accountWords('noDirectDebit')}</p>}
      {instruction && (
        <div className="two-columns">
          <section className="panel" aria-labelledby="current-details-heading">
            <h2 id="current-details-heading">{accountWords('directDebitNow')}</h2>
            <CurrentAccount instruction={instruction} />
            <p>{accountWords('changingBankDetailsText')}</p>
          </section>
          <section className="panel">
            <BankDetailsForm onDone={setDone} />
          </section>
        </div>
      )}
      <p>
        <Link to="/user-details">{accountWords('backToMyDetails')}</Link>
      </p>
    </>
  );
}
