import { tenderTypeLabels } from '@lido/contracts/front-of-house';
import type { OfflinePayment, TenderType } from '@lido/contracts/offline-payments';
import { formatPence } from '@lido/pricing/money';
import { useRef, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import {
  addTender,
  parsePounds,
  removeTender,
  tenderName,
  tenderOrder,
  tenderSummary,
  voucherCodeOf,
} from './tenders.ts';

interface TenderPanelProps {
  /** the cart's balance in pence */
  balance: number;
  /** the cart's `formattedBalance`: what the customer owes before any tender */
  formattedBalance: string;
  /** the account credit that may pay for this basket, in pence */
  availableCredit: number;
  symbol: string;
  payments: OfflinePayment[];
  onChange: (payments: OfflinePayment[]) => void;
  /**
   * Opens the card step for the balance left (decision 0058); given only when the operator has a
   * card provider, so Card is offered only then.
   */
  onCard?: (() => void) | undefined;
}

/** The online card checkout takes account credit beside a card, nothing else (decision 0058). */
export const cardWithCreditOnly =
  'A card can pay what is left after account credit only: remove the cash, voucher and cheque entries first.';
export const nothingLeftForCard = 'Nothing is left to pay by card.';

/**
 * The desk's tender panel (issue 19 item 4): cash, voucher, cheque and account credit, split as
 * the customer likes. A cash or credit entry replaces the earlier one and 0 removes it (platform
 * spec §3); what is left and the change for cash are announced as they change.
 */
export function TenderPanel({
  balance,
  formattedBalance,
  availableCredit,
  symbol,
  payments,
  onChange,
  onCard,
}: TenderPanelProps) {
  const offered = tenderOrder.filter((type) => type !== 'credit' || availableCredit > 0);
  const [tender, setTender] = useState<TenderType | 'card'>('cash');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const amountRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const balanceRef = useRef<HTMLDivElement>(null);
  const money = (pence: number) => formatPence(pence, symbol);
  const summary = tenderSummary(balance, payments);

  const payByCard = () => {
    const problem = payments.some((payment) => payment.tenderType !== 'credit')
      ? cardWithCreditOnly
      : summary.left === 0
        ? nothingLeftForCard
        : undefined;
    setError(problem);
    if (problem) document.getElementById('tender-card-pay')?.focus();
    else onCard?.();
  };

  const add = (type: TenderType) => {
    // A voucher names its code, so that one voucher pays once (decision 0072).
    const voucher = type === 'offline-voucher' ? voucherCodeOf(code, payments) : undefined;
    if (voucher && 'error' in voucher) {
      setCodeError(voucher.error);
      setError(undefined);
      codeRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    const parsed = parsePounds(amount, symbol);
    const result =
      'error' in parsed
        ? parsed
        : addTender(
            payments,
            { tenderType: type, amount: parsed.pence, ...(voucher ? { voucherCode: voucher.code } : {}) },
            { balance, availableCredit, symbol },
          );
    if ('error' in result) {
      setError(result.error);
      amountRef.current?.focus();
      return;
    }
    setError(undefined);
    setAmount('');
    setCode('');
    onChange(result.payments);
  };

  return (
    <section className="panel tender-panel" aria-labelledby="tender-heading">
      <h2 id="tender-heading">Take payment</h2>
      <p>
        To pay: <strong>{formattedBalance}</strong>
      </p>
      <form
        className="tender-panel__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (tender === 'card') payByCard();
          else add(tender);
        }}
      >
        <fieldset className="choice-group">
          <legend>Tender</legend>
          <div className="tender-panel__tenders">
            {offered.map((type) => (
              <label key={type} className="choice">
                <input
                  type="radio"
                  name="tender"
                  value={type}
                  checked={tender === type}
                  onChange={() => setTender(type)}
                />
                {tenderTypeLabels[type]}
              </label>
            ))}
            {onCard && (
              <label className="choice">
                <input
                  type="radio"
                  name="tender"
                  value="card"
                  checked={tender === 'card'}
                  onChange={() => {
                    setError(undefined);
                    setTender('card');
                  }}
                />
                Card
              </label>
            )}
          </div>
          {availableCredit > 0 && (
            <p className="field__hint">Account credit to use: up to {money(availableCredit)}</p>
          )}
        </fieldset>
        {tender === 'card' ? (
          <>
            <p id="tender-card-hint" className="field__hint">
              The balance left is paid with the customer&apos;s card in the card form, with their bank&apos;s
              check as online; account credit taken goes with it.
            </p>
            {error && (
              <p className="error-line" id="tender-card-error">
                {error}
              </p>
            )}
            <Button
              id="tender-card-pay"
              type="submit"
              variant="secondary"
              size="md"
              aria-describedby={error ? 'tender-card-error' : 'tender-card-hint'}
            >
              Pay {money(summary.left)} by card
            </Button>
          </>
        ) : (
          <>
            {tender === 'offline-voucher' && (
              <TextField
                ref={codeRef}
                id="tender-voucher-code"
                label="Voucher code"
                hint="As printed on the voucher. Each voucher can pay once."
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={code}
                error={codeError}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
            <TextField
              ref={amountRef}
              id="tender-amount"
              label={`Amount (${symbol})`}
              hint={`In pounds and pence, like ${money(2000)}. 0 takes off the ${tenderTypeLabels[tender].toLowerCase()} entry.`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              error={error}
              onChange={(event) => setAmount(event.target.value)}
            />
            <Button type="submit" variant="secondary" size="md">
              Add payment
            </Button>
          </>
        )}
      </form>
      {payments.length > 0 && (
        <>
          <h3>Payments taken</h3>
          <ul className="tender-panel__list">
            {payments.map((payment, index) => (
              <li key={`${payment.tenderType}-${index}`}>
                <span>
                  {tenderName(payment)} {money(payment.amount)}
                </span>{' '}
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => {
                    onChange(removeTender(payments, index));
                    // The button goes with its line: focus moves to the balance it changed.
                    balanceRef.current?.focus();
                  }}
                >
                  Remove
                  <span className="visually-hidden">{` ${tenderName(payment)} ${money(payment.amount)}`}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div ref={balanceRef} tabIndex={-1} className="tender-panel__status" role="status" aria-live="polite">
        <p>
          Balance left: <strong>{money(summary.left)}</strong>
        </p>
        {summary.change > 0 && (
          <p className="tender-panel__change">
            Change due: <strong>{money(summary.change)}</strong>
          </p>
        )}
      </div>
    </section>
  );
}
