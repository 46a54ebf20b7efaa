// The cookie consent banner's public surface (issue 21 item 12).
export { CookieBanner, CookieSettingsButton } from './cookie-banner.tsx';
