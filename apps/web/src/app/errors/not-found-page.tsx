import { Link } from '../../router/index.ts';

export const notFoundHeading = "Whoops! Looks like you've gone offside.";
export const notFoundText =
  "The page you're looking for doesn't exist. Return home to keep the ball rolling.";

/** `inRouter` false renders a plain link, for the case where the router never started. */
export function NotFoundPage({ inRouter = true }: { inRouter?: boolean }) {
  return (
    <div className="not-found">
      <h1>{notFoundHeading}</h1>
      <p>{notFoundText}</p>
      {inRouter ? (
        <Link className="button button--primary button--lg" to="/">
          Go home
        </Link>
      ) : (
        <a className="button button--primary button--lg" href="/">
          Go home
        </a>
      )}
    </div>
  );
}
