import { prettyDate } from '@lido/pricing/calendar-date';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { RequireLogin } from '../auth/index.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useDiscardCart, useRemoveFromCart } from './change-cart.ts';
import { useCart } from './get-cart.ts';

function Basket() {
  const cart = useCart();
  const remove = useRemoveFromCart();
  const discard = useDiscardCart();
  if (cart.isPending) return <Spinner label="Loading your basket" />;
  if (cart.isError)
    return (
      <p className="error-line">
        {genericErrorLine(cart.error instanceof ApiError ? cart.error.status : null)}
      </p>
    );
  const { items, totals } = cart.data;
  return (
    <section aria-labelledby="basket-heading" className="basket">
      <h1 id="basket-heading">Shopping basket</h1>
      {items.length === 0 ? (
        <div className="panel">
          <h2>Your basket is empty</h2>
          <p>Book an activity, or buy a membership at your centre.</p>
          <SiteLink site="online-joining" to="/" className="button button--primary button--lg">
            Buy a membership
          </SiteLink>
        </div>
      ) : (
        <>
          <ul className="basket__items">
            {items.map((item) => (
              <li key={item.id} className="card basket__item">
                <h2 className="card__title">{item.description}</h2>
                <p className="card__meta">
                  {item.venue.name} ·{' '}
                  {item.type === 'booking'
                    ? item.session.when
                    : `starts ${prettyDate(item.options.startDate)}`}
                </p>
                <p className="basket__price">{item.price.formatted}</p>
                <Button
                  variant="link"
                  size="md"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(item.id)}
                >
                  Remove<span className="visually-hidden"> {item.description}</span>
                </Button>
              </li>
            ))}
          </ul>
          <p className="basket__total">
            Total to pay now <strong>{totals.formattedTotal}</strong>
          </p>
          <div className="form__actions">
            <SiteLink site="online-joining" to="/checkout" className="button button--primary button--lg">
              Checkout
            </SiteLink>
            <Button
              variant="secondary"
              size="lg"
              disabled={discard.isPending}
              onClick={() => discard.mutate()}
            >
              Empty basket
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** /basket on the bookings site: what the customer is about to pay for. */
export function BasketPage() {
  return (
    <RequireLogin>
      <Basket />
    </RequireLogin>
  );
}
