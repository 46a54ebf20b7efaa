import type { CartTerms } from '@lido/contracts/cart';
import { useState } from 'react';
import { TermsCheck } from '../../ui/terms-check.tsx';
import { type Terms, TermsDialog } from '../../ui/terms-dialog.tsx';
import { checkoutWords } from './words.ts';

/** Said when a required term is not ticked; a function, so a Welsh page reads its words once they are in. */
export const termsMessage = () => checkoutWords('termsNotTicked');

/** The terms checkout asks for: those not accepted on the joining page (issue 21 item 5). */
export const termsToAsk = (terms: CartTerms[] | undefined): CartTerms[] =>
  (terms ?? []).filter((term) => !term.accepted);

/** The terms already accepted on the joining page, said once rather than asked again. */
export function AcceptedTerms({ terms }: { terms: CartTerms[] | undefined }) {
  const accepted = (terms ?? []).filter((term) => term.accepted);
  if (accepted.length === 0) return null;
  return (
    <ul className="terms-accepted">
      {accepted.map((term) => (
        <li key={term.id}>{checkoutWords('termsAgreed', { title: term.title })}</li>
      ))}
    </ul>
  );
}

/** The basket's terms as checkboxes that tick; each can be opened to read, and agreeing there ticks it. */
export function TermsChecks({
  terms,
  ticked,
  onChange,
}: {
  terms: Terms[];
  ticked: number[];
  onChange: (ticked: number[]) => void;
}) {
  const [reading, setReading] = useState<Terms | null>(null);
  return (
    <>
      {terms.map((term) => (
        <TermsCheck
          key={term.id}
          id={`checkout-terms-${term.id}`}
          terms={term}
          checked={ticked.includes(term.id)}
          onTick={(checked) =>
            onChange(checked ? [...ticked, term.id] : ticked.filter((id) => id !== term.id))
          }
          onRead={() => setReading(term)}
        />
      ))}
      <TermsDialog
        terms={reading}
        accepted={reading !== null && ticked.includes(reading.id)}
        onClose={() => setReading(null)}
        onAgree={() => {
          if (reading && !ticked.includes(reading.id)) onChange([...ticked, reading.id]);
          setReading(null);
        }}
      />
    </>
  );
}
