import type { CheckIn } from '@lido/contracts/check-in';
import type { Ref } from 'react';

/**
 * What the desk sees at once after a scan (decision 0097): may they come in, whose card it is, why,
 * and today's bookings with those due now marked attended.
 */
export function CheckInResult({
  checkIn,
  headingRef,
}: {
  checkIn: CheckIn;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { customer } = checkIn;
  return (
    <section
      className={`check-in__result ${checkIn.mayComeIn ? 'check-in__result--in' : 'check-in__result--out'}`}
      aria-labelledby="check-in-verdict"
    >
      <h2 id="check-in-verdict" ref={headingRef} tabIndex={-1}>
        {checkIn.verdict}: {customer.name}
      </h2>
      <p className="check-in__reason">{checkIn.reason}</p>
      <dl className="check-in__facts">
        <dt>Customer ID</dt>
        <dd>{customer.customerReference}</dd>
        <dt>Home centre</dt>
        <dd>{customer.homeCentre ?? 'None chosen'}</dd>
        <dt>Checked in</dt>
        <dd>{checkIn.checkedInAt}</dd>
      </dl>
      <h3>Today&apos;s bookings</h3>
      {checkIn.bookings.length === 0 ? (
        <p>No bookings today.</p>
      ) : (
        <ul className="check-in__bookings">
          {checkIn.bookings.map((booking) => (
            <li key={booking.id}>
              <span>
                {booking.time} {booking.activityName}, {booking.venueName}
              </span>{' '}
              <strong className={booking.attended ? 'check-in__attended' : 'check-in__later'}>
                {booking.attended ? 'Attended' : 'Not yet: later today'}
              </strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
