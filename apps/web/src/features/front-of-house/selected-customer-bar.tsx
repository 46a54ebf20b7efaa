import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { deskCustomerQuery } from './staff-api.ts';
import { useSelectCustomer, useSelectedCustomerId } from './selected-customer.ts';

/**
 * The customer being served, under the header on every staff page (issue 19 item 3): who every
 * basket, joining and booking call is made for, and "Change customer".
 */
export function SelectedCustomerBar() {
  const customerId = useSelectedCustomerId();
  const select = useSelectCustomer();
  const customer = useQuery({ ...deskCustomerQuery(customerId ?? 0), enabled: customerId !== null });
  const gone = customer.error instanceof ApiError && customer.error.status === 404;
  useEffect(() => {
    // A customer that no longer exists (or a hand-made ?customer=) is not kept selected.
    if (gone) select(null);
  }, [gone, select]);

  return (
    <section className="selected-customer" aria-label="Selected customer">
      <div className="selected-customer__inner">
        {customerId === null ? (
          <p className="selected-customer__none">No customer selected.</p>
        ) : customer.data ? (
          <p className="selected-customer__who">
            <span className="selected-customer__label">Serving</span>{' '}
            <Link to={`/customers/${customer.data.id}`} className="selected-customer__name">
              {customer.data.firstName} {customer.data.lastName}
            </Link>{' '}
            <span className="selected-customer__reference">
              <span className="visually-hidden">Customer ID </span>
              {customer.data.reference}
            </span>
            {customer.data.payer && (
              <span className="selected-customer__payer"> (paid for by {customer.data.payer.name})</span>
            )}
          </p>
        ) : (
          <p className="selected-customer__who">Loading the selected customer…</p>
        )}
        <Link to="/" className="button button--secondary button--md">
          {customerId === null ? 'Find a customer' : 'Change customer'}
        </Link>
      </div>
    </section>
  );
}
