import { useId } from 'react';
import { directDebitGuarantee, directDebitGuaranteeTitle } from '@lido/contracts/direct-debit-guarantee';

/**
 * The Direct Debit Guarantee in the scheme's own words (decision 0087), beside the bank details it
 * protects: `name` is the operator's Service User name, as the payer's statement shows it.
 */
export function DirectDebitGuarantee({ name, headingLevel = 3 }: { name: string; headingLevel?: 2 | 3 }) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="dd-guarantee" aria-labelledby={id}>
      <Heading id={id} className="dd-guarantee__title">
        {directDebitGuaranteeTitle}
      </Heading>
      <ul>
        {directDebitGuarantee(name).map((point) => (
          <li key={point.text}>
            {point.text}
            {point.sub && (
              <ul>
                <li>{point.sub}</li>
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
