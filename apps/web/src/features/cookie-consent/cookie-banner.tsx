import { useEffect, useRef, useState } from 'react';
import { type AnalyticsConsent, setConsent, useConsent } from '../../app/analytics/consent.ts';
import { hasTags, withdrawTags } from '../../app/analytics/tag-scripts.ts';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { Button } from '../../ui/button.tsx';
import { setBannerReopened, useBannerReopened } from './banner-store.ts';
import './cookie-consent.css';

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
  const label = `Cookies on ${siteName}`;
  if (answered)
    return (
      <section className="cookie-banner" aria-label={label}>
        <div className="cookie-banner__inner">
          <p ref={confirmation} tabIndex={-1} className="cookie-banner__confirmation">
            You’ve {answered === 'granted' ? 'accepted' : 'rejected'} analytics cookies. You can change your
            cookie settings at any time from “Cookie settings” at the bottom of the page.
          </p>
          <Button
            variant="secondary"
            size="md"
            onClick={() => {
              setAnswered(null);
              focusMain();
            }}
          >
            Hide cookie message
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
        <p>
          We’d like to use analytics cookies (Google Analytics and Google Tag Manager) to understand how you
          use {siteName} and to make it better. They are set only if you accept, and never on pages where you
          enter card details.
        </p>
        {consent !== null && (
          <p>You have currently {consent === 'granted' ? 'accepted' : 'rejected'} analytics cookies.</p>
        )}
        <div className="form__actions">
          <Button variant="primary" size="md" onClick={() => choose('granted')}>
            Accept analytics cookies
          </Button>
          <Button variant="primary" size="md" onClick={() => choose('denied')}>
            Reject analytics cookies
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
      Cookie settings
    </button>
  );
}
