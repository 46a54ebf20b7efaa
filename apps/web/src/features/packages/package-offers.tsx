import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../router/index.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { Button } from '../../ui/button.tsx';
import { LoginDialog } from '../auth/index.ts';
import { type PackageForSale, packagesForSaleQuery, useAddPackage } from './packages-api.ts';
import { useVoice } from '../../app/site-mode/voice.ts';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';
import { packagesWords } from './words.ts';

/**
 * Packages for sale at a centre, each with "Add to basket" (decision 0049). On the centre's
 * Packages page all of them; on a session's page only those that would pay for it.
 */
export function PackageOffers({
  venue,
  covering,
  headingLevel,
  title,
}: {
  venue: { id: number; slug: string; name: string };
  /** only packages that pay for this session's category or activity */
  covering?: { categoryKey: string; activityId: number };
  headingLevel: 'h2' | 'h3';
  /** a section of its own, under this heading, shown only when a package is offered */
  title?: string;
}) {
  const packages = useQuery(packagesForSaleQuery(venue.slug));
  const { loggedIn } = useAuthState();
  const add = useAddPackage();
  const voice = useVoice();
  const [loggingIn, setLoggingIn] = useState(false);
  const Heading = headingLevel;
  const offered = (packages.data ?? []).filter(
    (item: PackageForSale) =>
      !covering ||
      item.coversCategories.includes(covering.categoryKey) ||
      item.coversActivityIds.includes(covering.activityId),
  );
  if (!packages.data || offered.length === 0) return null;
  const offers = (
    <>
      <ul className="card-grid package-offers">
        {offered.map((item) => (
          <li key={item.id} className="card">
            <Heading className="card__title">{item.name}</Heading>
            {item.description && <p>{item.description}</p>}
            <dl className="facts">
              <dt>{packagesWords('uses')}</dt>
              <dd>{packagesWords('bookings', { count: item.uses })}</dd>
              <dt>{packagesWords('paysFor')}</dt>
              <dd>{item.covers}</dd>
              <dt>{packagesWords('valid')}</dt>
              <dd>{packagesWords('validFor', { months: item.validMonths })}</dd>
              <dt>{packagesWords('price')}</dt>
              <dd>{item.price.formatted}</dd>
            </dl>
            {loggedIn ? (
              <Button
                variant="secondary"
                size="md"
                disabled={add.isPending}
                onClick={() => add.mutate({ packageId: item.id, venueId: venue.id })}
              >
                {packagesWords('buy')}
                <span className="visually-hidden"> {item.name}</span>
              </Button>
            ) : (
              <Button variant="secondary" size="md" aria-haspopup="dialog" onClick={() => setLoggingIn(true)}>
                {packagesWords('logInToBuy')}
                <span className="visually-hidden"> {item.name}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {/* Not a live region: the spec's toast announces the addition; this offers the way on. */}
      {add.isSuccess && (
        <div className="notice notice--success">
          <p className="notice__title">{voice.addedToBasket}</p>
          <p>
            {wordsWithParts(
              packagesWords,
              'goToBasketToPay',
              { link: <Link to="/basket">{voice.goToBasket}</Link> },
              { centre: venue.name },
            )}
          </p>
        </div>
      )}
      <LoginDialog open={loggingIn} onClose={() => setLoggingIn(false)} />
    </>
  );
  if (!title) return offers;
  return (
    <section aria-labelledby="package-offers-heading" className="package-offers-section">
      <h2 id="package-offers-heading">{title}</h2>
      <p>{packagesWords('paysForThisSession', { centre: venue.name })}</p>
      {offers}
    </section>
  );
}
