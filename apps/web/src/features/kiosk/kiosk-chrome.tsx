import type { ClientSettings } from '@lido/contracts/client-settings';
import { useState } from 'react';
import { useLocation } from '../../router/index.ts';
import { Button } from '../../ui/button.tsx';
import { LoginControl } from '../chrome/index.ts';
import { useSession } from '../../app/session/use-session.ts';
import { showToast } from '../../app/toasts/toast-store.ts';
import { type ThemeLogo, ThemeLogoImage } from '../../app/theme/theme-logo.tsx';
import { useResetKiosk } from './reset-kiosk.ts';
import { MoreTimeDialog } from './more-time-dialog.tsx';
import { StartOverDialog } from './start-over-dialog.tsx';
import { useIdleQuestion } from './use-idle-question.ts';
import { kioskWords } from './words.ts';

/**
 * The kiosk's own header on the joining site: logo, Log in / Log out and Home, plus the idle rules
 * (joining spec, section 4, with issue 21's 20 seconds to answer): "Do you need more time?" counting
 * down to the reset time, a reset with "Joining form cleared due to inactivity" when it ends, and on
 * the order-confirmed page the same question, after the confirmation time, counting down to home. Taps and typing also keep a kiosk login's server
 * session alive (the session timeout feature passes them on).
 */
export function KioskChrome({ settings, logo }: { settings: ClientSettings; logo: ThemeLogo }) {
  const { pathname } = useLocation();
  const session = useSession();
  const reset = useResetKiosk();
  const [askingToStartOver, setAskingToStartOver] = useState(false);
  const onKioskHome = pathname.replace(/\/$/, '') === '/kiosk';
  const onOrderConfirmed = pathname.startsWith('/order-confirmed');
  const question = useIdleQuestion({
    idle: settings.kioskIdle,
    // Kiosk home itself has nothing to clear, unless someone is logged in there.
    enabled: !onKioskHome || session.isLoggedIn,
    onConfirmationPage: onOrderConfirmed,
    onAsk: () => setAskingToStartOver(false),
  });
  const startOver = async () => {
    setAskingToStartOver(false);
    question.answered();
    await reset();
  };
  const clearForInactivity = () => {
    question.answered();
    // A confirmation page's time ending is the customer done, not a form cleared.
    if (onOrderConfirmed) return void reset();
    void reset().then(() => showToast({ content: kioskWords('clearedForInactivity'), type: 'neutral' }));
  };

  return (
    <header className="site-header kiosk-header">
      <div className="site-header__inner">
        <ThemeLogoImage className="site-header__logo" logo={logo} height={40} />
        <nav className="site-header__actions" aria-label={kioskWords('nav')}>
          {!onOrderConfirmed &&
            (session.isLoggedIn ? (
              <Button variant="secondary" size="lg" onClick={() => void reset()}>
                {kioskWords('logOut')}
              </Button>
            ) : (
              <LoginControl className="button button--secondary button--lg" />
            ))}
          <Button
            variant="primary"
            size="lg"
            onClick={() => (onKioskHome ? undefined : setAskingToStartOver(true))}
            aria-current={onKioskHome ? 'page' : undefined}
          >
            {kioskWords('home')}
          </Button>
        </nav>
      </div>
      <StartOverDialog
        open={askingToStartOver}
        onContinue={() => setAskingToStartOver(false)}
        onStartOver={() => void startOver()}
      />
      <MoreTimeDialog
        resetAt={question.resetAt}
        onMoreTime={question.answered}
        onStartOver={() => void startOver()}
        onTimeout={clearForInactivity}
      />
    </header>
  );
}
