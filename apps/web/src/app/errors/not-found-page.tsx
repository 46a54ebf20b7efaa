import { Link } from '../../router/index.ts';
import { pageBasename } from '../../i18n/i18n.ts';
import { appWords } from '../words.ts';

/** `inRouter` false renders a plain link, for the case where the router never started. */
export function NotFoundPage({ inRouter = true }: { inRouter?: boolean }) {
  return (
    <div className="not-found">
      <h1>{appWords('notFoundHeading')}</h1>
      <p>{appWords('notFoundText')}</p>
      {inRouter ? (
        <Link className="button button--primary button--lg" to="/">
          {appWords('goHome')}
        </Link>
      ) : (
        <a className="button button--primary button--lg" href={`${pageBasename}/`}>
          {appWords('goHome')}
        </a>
      )}
    </div>
  );
}
