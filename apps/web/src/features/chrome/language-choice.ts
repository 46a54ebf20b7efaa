import type { CustomerLanguage } from '@lido/contracts/customer';
import type { Language } from '@lido/messages/languages';
import { useEffect, useRef } from 'react';
import { pageLanguage } from '../../i18n/i18n.ts';
import { apiFetch } from '../../lib/api/api-client.ts';

/**
 * Tells the customer's account which language they chose (issue 38 item 3, decision 0108), so the
 * emails and receipts any instance or background job sends them are in it. Sent with keepalive: the
 * switch is a link, and the page is being left as this goes.
 */
export function saveLanguageChoice(language: Language): void {
  void apiFetch('/api/my-account/language', {
    method: 'PUT',
    body: { language } satisfies CustomerLanguage,
    keepalive: true,
    handleUnauthorized: false,
  }).catch(() => undefined);
}

/**
 * Logging in or registering on a Welsh page is choosing Welsh: the account is told once, when the
 * customer becomes logged in on this page. (English is the default, so an English page says nothing.)
 */
export function useWelshOnLogin(isLoggedIn: boolean): void {
  const wasLoggedIn = useRef(isLoggedIn);
  useEffect(() => {
    if (isLoggedIn && !wasLoggedIn.current && pageLanguage !== 'en') saveLanguageChoice(pageLanguage);
    wasLoggedIn.current = isLoggedIn;
  }, [isLoggedIn]);
}
