import type { MembershipCard } from '@lido/contracts/check-in';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { membershipCardQuery, useReplaceCard } from './membership-card-api.ts';
import { QrCode } from './qr-code.tsx';
import './membership-card.css';

const errorLine = (error: unknown) => genericErrorLine(error instanceof ApiError ? error.status : null);

/** The card itself: who it is, the customer ID in words, and the QR code the desk scans. */
function Card({ card }: { card: MembershipCard }) {
  return (
    <section className="membership-card" aria-labelledby="membership-card-name">
      <h2 id="membership-card-name" className="membership-card__name">
        {card.name}
      </h2>
      <dl className="membership-card__facts">
        <dt>Customer ID</dt>
        <dd className="membership-card__reference">{card.customerReference}</dd>
        <dt>Home centre</dt>
        <dd>{card.homeCentre ?? 'None chosen'}</dd>
      </dl>
      <QrCode
        text={card.qrText}
        label={`QR code of your membership card, for reception to scan. If it won't scan, give your customer ID, ${card.customerReference}.`}
      />
      <p className="membership-card__issued">{card.issued}</p>
    </section>
  );
}

/** "Replace my card", asked once more before the old card stops working. */
function ReplaceCard({ onReplaced }: { onReplaced: () => void }) {
  const replace = useReplaceCard();
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (wasAsking.current && !replace.isSuccess) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking, replace.isSuccess]);
  return (
    <section className="panel membership-card__replace" aria-labelledby="replace-card-heading">
      <h2 id="replace-card-heading">Lost your card?</h2>
      <p>
        Replace it and the old card, or any photo or screenshot of it, stops working straight away. Your
        customer ID stays the same.
      </p>
      {asking ? (
        <div ref={question} tabIndex={-1} className="membership-card__confirm">
          <p>
            <strong>Replace your card now? The old one will no longer let you in.</strong>
          </p>
          {replace.isError && <p className="error-line">{errorLine(replace.error)}</p>}
          <div className="button-row">
            <Button
              disabled={replace.isPending}
              onClick={() =>
                replace.mutate(undefined, {
                  onSuccess: () => {
                    setAsking(false);
                    onReplaced();
                  },
                })
              }
            >
              {replace.isPending ? 'Replacing…' : 'Yes, replace my card'}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Keep my card
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={opener} variant="secondary" onClick={() => setAsking(true)}>
          Replace my card
        </Button>
      )}
    </section>
  );
}

/**
 * My account → Membership card (issue 35 item 5, decision 0097): the customer's name, customer ID,
 * home centre and a QR code of a random code for reception to scan; "Replace my card" if it is lost.
 */
export function MembershipCardPage() {
  const card = useQuery(membershipCardQuery);
  const [replaced, setReplaced] = useState(0);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (replaced > 0) notice.current?.focus();
  }, [replaced]);
  return (
    <>
      <h1>Membership card</h1>
      {card.isPending ? (
        <Spinner label="Loading" />
      ) : card.isError ? (
        <p className="error-line">{errorLine(card.error)}</p>
      ) : (
        <>
          <p>Show this card at reception when you arrive: they scan the QR code to check you in.</p>
          {replaced > 0 && (
            <div ref={notice} tabIndex={-1} className="notice notice--success" role="status">
              <p className="notice__title">Your card has been replaced</p>
              <p>This is your new card. The old one no longer works.</p>
            </div>
          )}
          <Card card={card.data} />
          <ReplaceCard onReplaced={() => setReplaced((count) => count + 1)} />
        </>
      )}
    </>
  );
}
