import type { MembershipCard } from '@lido/contracts/check-in';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { membershipCardQuery, useReplaceCard } from './membership-card-api.ts';
import { QrCode } from './qr-code.tsx';
import { accountWords } from './words.ts';
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
        <dt>{accountWords('customerId')}</dt>
        <dd className="membership-card__reference">{card.customerReference}</dd>
        <dt>{accountWords('homeCentre')}</dt>
        <dd>{card.homeCentre ?? accountWords('noHomeCentre')}</dd>
      </dl>
      <QrCode text={card.qrText} label={accountWords('qrCodeLabel', { reference: card.customerReference })} />
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
      <h2 id="replace-card-heading">{accountWords('lostCard')}</h2>
      <p>{accountWords('replaceCardText')}</p>
      {asking ? (
        <div ref={question} tabIndex={-1} className="membership-card__confirm">
          <p>
            <strong>{accountWords('replaceCardQuestion')}</strong>
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
              {replace.isPending ? accountWords('replacing') : accountWords('yesReplaceCard')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {accountWords('keepCard')}
            </Button>
          </div>
        </div>
      ) : (
        <Button ref={opener} variant="secondary" onClick={() => setAsking(true)}>
          {accountWords('replaceCard')}
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
      <h1>{accountWords('membershipCardTitle')}</h1>
      {card.isPending ? (
        <Spinner label={accountWords('loading')} />
      ) : card.isError ? (
        <p className="error-line">{errorLine(card.error)}</p>
      ) : (
        <>
          <p>{accountWords('showCardAtReception')}</p>
          {replaced > 0 && (
            <div ref={notice} tabIndex={-1} className="notice notice--success" role="status">
              <p className="notice__title">{accountWords('cardReplaced')}</p>
              <p>{accountWords('newCardText')}</p>
            </div>
          )}
          <Card card={card.data} />
          <ReplaceCard onReplaced={() => setReplaced((count) => count + 1)} />
        </>
      )}
    </>
  );
}
