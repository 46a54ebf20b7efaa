// The site chrome's public surface: what the app shell and other features may import from it.
export { AccountNav } from './account-nav.tsx';
export { Breadcrumbs, type HandleText, handleText, type RouteHandle } from './breadcrumbs.tsx';
export { LoginControl } from './login-control.tsx';
export { SiteHeader } from './site-header.tsx';
export { LanguageSwitch } from './language-switch.tsx';
export { chromeWords } from './words.ts';
