import type { CheckIn } from '@lido/contracts/check-in';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/api-client.ts';
import { genericErrorLine } from '../../../lib/api/generic-error.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { CameraScanner } from './camera-scanner.tsx';
import { useCheckIn } from './check-in-api.ts';
import { CheckInResult } from './check-in-result.tsx';
import './check-in.css';

/** The server's words for a refused card or customer ID, or the generic line. */
function refusal(error: unknown, field: 'card' | 'customerReference'): string {
  if (error instanceof ApiError) return error.validationMessages?.[field]?.[0] ?? error.message;
  return genericErrorLine(null);
}

/**
 * The staff site's check-in (issue 35 item 5, decision 0097): a member's card read by the camera,
 * or their customer ID typed, says at once whether they may come in and marks the bookings due now
 * attended. Focus moves to the answer's heading; a refused card is announced, a refused ID is shown
 * by its field.
 */
export function CheckInPage() {
  const checkIn = useCheckIn();
  const [result, setResult] = useState<CheckIn | null>(null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const [idProblem, setIdProblem] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const verdict = useRef<HTMLHeadingElement>(null);
  const idInput = useRef<HTMLInputElement>(null);
  const [focusTo, setFocusTo] = useState<{ to: 'verdict' | 'id'; n: number } | null>(null);

  useEffect(() => {
    if (focusTo?.to === 'verdict') verdict.current?.focus();
    if (focusTo?.to === 'id') idInput.current?.focus();
  }, [focusTo]);

  const shown = (answer: CheckIn) => {
    setResult(answer);
    setCardProblem(null);
    setIdProblem(null);
    setFocusTo((last) => ({ to: 'verdict', n: (last?.n ?? 0) + 1 }));
  };

  const onCard = (card: string) =>
    checkIn.mutate(
      { card },
      {
        onSuccess: shown,
        onError: (error) => {
          setResult(null);
          setCardProblem(refusal(error, 'card'));
        },
      },
    );

  const onTyped = (event: FormEvent) => {
    event.preventDefault();
    if (reference.trim() === '') {
      setIdProblem('Enter the customer ID.');
      setFocusTo((last) => ({ to: 'id', n: (last?.n ?? 0) + 1 }));
      return;
    }
    checkIn.mutate(
      { customerReference: reference.trim() },
      {
        onSuccess: (answer) => {
          setReference('');
          shown(answer);
        },
        onError: (error) => {
          setIdProblem(refusal(error, 'customerReference'));
          setFocusTo((last) => ({ to: 'id', n: (last?.n ?? 0) + 1 }));
        },
      },
    );
  };

  return (
    <div className="check-in">
      <h1>Check in</h1>
      <p>Scan the customer&apos;s membership card, or enter their customer ID.</p>
      <div className="check-in__ways">
        <section className="panel" aria-labelledby="scan-card-heading">
          <h2 id="scan-card-heading">Scan a membership card</h2>
          <CameraScanner busy={checkIn.isPending} onRead={onCard} />
          <div role="alert" className="check-in__card-problem">
            {cardProblem && <p className="error-line">{cardProblem}</p>}
          </div>
        </section>
        <section className="panel" aria-labelledby="type-id-heading">
          <h2 id="type-id-heading">Enter a customer ID</h2>
          <form onSubmit={onTyped} noValidate>
            <TextField
              ref={idInput}
              label="Customer ID"
              hint="As printed on the card, like C100003"
              autoComplete="off"
              spellCheck={false}
              value={reference}
              error={idProblem ?? undefined}
              onChange={(event) => setReference(event.target.value)}
            />
            <Button type="submit" disabled={checkIn.isPending}>
              {checkIn.isPending ? 'Checking…' : 'Check in'}
            </Button>
          </form>
        </section>
      </div>
      {result && <CheckInResult checkIn={result} headingRef={verdict} />}
    </div>
  );
}
