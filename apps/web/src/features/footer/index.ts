// The footer's public surface.
export { SiteFooter } from './site-footer.tsx';
