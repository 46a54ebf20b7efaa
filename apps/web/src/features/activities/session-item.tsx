import type { TimetableSession } from '@lido/contracts/activities';
import type { BookingOpening } from '@lido/contracts/booking-openings';
import { Link } from '../../router/index.ts';
import { buttonClass } from '../../ui/button.tsx';
import { priceText, whereText } from './session-text.ts';
import { activitiesWords } from './words.ts';

/** One session (or one court hour) of a day's list: when, what, where, price, places, action. */
export function SessionItem({ session, opening }: { session: TimetableSession; opening?: BookingOpening }) {
  const { availability } = session;
  // Before an announced opening: when booking opens, and its details page (decision 0098).
  const waiting =
    availability.bookable && opening && (opening.state === 'announced' || opening.state === 'lobby');
  const context = ` ${activitiesWords('sessionContext', { activity: session.activity.name, time: session.startTime })}`;
  return (
    <li className="session-item" data-status={availability.status}>
      <p className="session-item__time">
        <time dateTime={session.startsAt}>{session.startTime}</time>
        <span className="session-item__end">
          <span className="visually-hidden"> {activitiesWords('timeTo')} </span>
          <span aria-hidden="true">–</span>
          <time dateTime={session.endsAt}>{session.endTime}</time>
        </span>
      </p>
      <div className="session-item__body">
        <h3 className="session-item__name">{session.activity.name}</h3>
        <p className="session-item__where">{whereText(session)}</p>
        {session.ageLimit && <p className="session-item__age">{session.ageLimit}</p>}
      </div>
      {session.notForThem ? (
        // Who may book is said before any price or button (issue 33 item 5).
        <p className="session-item__price session-item__not-for-them">{session.notForThem}</p>
      ) : (
        <p className="session-item__price">
          {priceText(session)}
          {session.yourPrice?.because && (
            <span className="session-item__because">{session.yourPrice.because}</span>
          )}
        </p>
      )}
      <p className={`availability availability--${availability.status}`}>{availability.label}</p>
      {waiting && <p className="session-item__opening">{opening.opensText}</p>}
      <p className="session-item__action">
        {availability.bookable && !session.notForThem && !waiting ? (
          <Link to={`/sessions/${session.id}`} className={buttonClass('primary', 'md')}>
            {activitiesWords('book')}
            <span className="visually-hidden">{context}</span>
          </Link>
        ) : (
          <Link to={`/sessions/${session.id}`} className={buttonClass('secondary', 'md')}>
            {activitiesWords('details')}
            <span className="visually-hidden">{context}</span>
          </Link>
        )}
      </p>
    </li>
  );
}
