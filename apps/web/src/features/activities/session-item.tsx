import type { TimetableSession } from '@lido/contracts/activities';
import { Link } from '../../router/index.ts';
import { buttonClass } from '../../ui/button.tsx';
import { priceText, whereText } from './session-text.ts';

/** One session (or one court hour) of a day's list: when, what, where, price, places, action. */
export function SessionItem({ session }: { session: TimetableSession }) {
  const { availability } = session;
  const context = ` ${session.activity.name} at ${session.startTime}`;
  return (
    <li className="session-item" data-status={availability.status}>
      <p className="session-item__time">
        <time dateTime={session.startsAt}>{session.startTime}</time>
        <span className="session-item__end">
          <span className="visually-hidden"> to </span>
          <span aria-hidden="true">–</span>
          <time dateTime={session.endsAt}>{session.endTime}</time>
        </span>
      </p>
      <div className="session-item__body">
        <h3 className="session-item__name">{session.activity.name}</h3>
        <p className="session-item__where">{whereText(session)}</p>
        {session.ageLimit && <p className="session-item__age">{session.ageLimit}</p>}
      </div>
      <p className="session-item__price">{priceText(session)}</p>
      <p className={`availability availability--${availability.status}`}>{availability.label}</p>
      <p className="session-item__action">
        {availability.bookable ? (
          <Link to={`/sessions/${session.id}`} className={buttonClass('primary', 'md')}>
            Book<span className="visually-hidden">{context}</span>
          </Link>
        ) : (
          <Link to={`/sessions/${session.id}`} className={buttonClass('secondary', 'md')}>
            Details<span className="visually-hidden">{context}</span>
          </Link>
        )}
      </p>
    </li>
  );
}
