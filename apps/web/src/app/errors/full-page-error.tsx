export const fullPageErrorHeadline = 'We may have dropped the ball on this one.';
export const fullPageErrorDefaultText =
  'The page failed to load correctly. Try refreshing the page or return to the home page.';

/** Shown when a page cannot load at all. A plain link (not in-app) so it also works without a router. */
export function FullPageError({ text = fullPageErrorDefaultText }: { text?: string }) {
  return (
    <main className="full-page-state" id="main-content">
      <h1>{fullPageErrorHeadline}</h1>
      <p>{text}</p>
      <a className="button button--primary button--lg" href="/">
        Go home
      </a>
    </main>
  );
}
