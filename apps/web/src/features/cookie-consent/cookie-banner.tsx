import { useEffect, useRef, useState } from 'react';
import { type AnalyticsConsent, setConsent, useConsent } from '../../app/analytics/consent.ts';
import { hasTags, withdrawTags } from '../../app/analytics/tag-scripts.ts';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { Button } from '../../ui/button.tsx';
import { setBannerReopened, useBannerReopened } from './banner-store.ts';
import './cookie-consent.css';
import { cookieWords } from './words.ts';

const focusMain = () => document.getElementById('main-content')?.focus({ preventScroll: true });

/**
 * The GOV.UK cookie banner pattern: analytics cookies are off until the customer accepts them; the
 * answer is confirmed in place (focus moves to it) and can be changed from the footer's "Cookie
 * settings", which brings the question back with focus on it. Shown only when the operator has
 * configured a tag, since otherwise Lido sets no cookie that needs asking about.
 */
export function CookieBanner() {
  const { name: siteName, analytics: tagIds } = useClientSettings();
  const consent = useConsent();
  const reopened = useBannerReopened();
  const [answered, setAnswered] = useState<AnalyticsConsent | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (reopened) heading.current?.focus();
  }, [reopened]);
  useEffect(() => {
    if (answered) confirmation.current?.focus();
  }, [answered]);
  if (!hasTags(tagIds)) return null;

  const choose = (choice: AnalyticsConsent) => {
    const withdrawing = consent === 'granted' && choice === 'denied';
    setConsent(choice);
    setBannerReopened(false);
    setAnswered(choice);
    if (withdrawing) withdrawTags();
  };
  const label = cookieWords('banner', { siteName });
  if (answered)
    return (
      <section className="cookie-banner" aria-label={label}>
        <div className="cookie-banner__inner">
          <p ref={confirmation} tabIndex={-1} className="cookie-banner__confirmation">
            {answered === 'granted'
              ? cookieWords('acceptedConfirmation')
              : cookieWords('rejectedConfirmation')}
          </p>
          <Button
            variant="secondary"
            size="md"
            onClick={() => {
              setAnswered(null);
              focusMain();
            }}
          >
            {cookieWords('hide')}
          </Button>
        </div>
      </section>
    );
  if (consent !== null && !reopened) return null;
  return (
    <section className="cookie-banner" aria-label={label}>
      <div className="cookie-banner__inner">
        <h2 ref={heading} tabIndex={-1} className="cookie-banner__title">
          {label}
        </h2>
        <p>{cookieWords('question', { siteName })}</p>
        {consent !== null && (
          <p>{consent === 'granted' ? cookieWords('currentlyAccepted') : cookieWords('currentlyRejected')}</p>
        )}
        <div className="form__actions">
          <Button variant="primary" size="md" onClick={() => choose('granted')}>
            {cookieWords('accept')}
          </Button>
          <Button variant="primary" size="md" onClick={() => choose('denied')}>
            {cookieWords('reject')}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The footer's way back to the question, present only when there is a question to ask. */
export function CookieSettingsButton() {
  if (!hasTags(useClientSettings().analytics)) return null;
  return (
    <button
      type="button"
      className="site-footer__button"
      onClick={() => {
        setBannerReopened(true);
      }}
    >
      {cookieWords('settings')}
    </button>
  );
}
