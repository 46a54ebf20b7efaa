import { pageBasename } from '../../i18n/i18n.ts';
import { appWords } from '../words.ts';

/** Shown when a page cannot load at all. A plain link (not in-app) so it also works without a router. */
export function FullPageError({ text = appWords('errorText') }: { text?: string }) {
  return (
    <main className="full-page-state" id="main-content">
      <h1>{appWords('errorHeadline')}</h1>
      <p>{text}</p>
      <a className="button button--primary button--lg" href={`${pageBasename}/`}>
        {appWords('goHome')}
      </a>
    </main>
  );
}
