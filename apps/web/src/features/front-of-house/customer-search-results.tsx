import type { DeskCustomer } from '@lido/contracts/front-of-house';
import { Button } from '../../ui/button.tsx';
import { customerName, prettyDateOfBirth } from './customer-text.ts';

/**
 * Customers found at the desk: enough to tell two of the same name apart (customer ID, date of
 * birth, postcode), and "Select" for the one standing there.
 */
export function CustomerSearchResults({
  customers,
  more,
  onSelect,
}: {
  customers: DeskCustomer[];
  more: boolean;
  onSelect: (customer: DeskCustomer) => void;
}) {
  if (customers.length === 0)
    return <p role="status">No customers match. Check the spelling, or create a new customer.</p>;
  return (
    <>
      <p role="status">
        {customers.length === 1 ? '1 customer found.' : `${customers.length} customers found.`}
        {more && ' There are more: search for more of the name, or the customer ID.'}
      </p>
      <ul className="customer-results">
        {customers.map((customer) => (
          <li key={customer.id} className="customer-results__item">
            <h2 className="customer-results__name">{customerName(customer)}</h2>
            <dl className="customer-results__facts">
              <div>
                <dt>Customer ID</dt>
                <dd>{customer.reference}</dd>
              </div>
              <div>
                <dt>Date of birth</dt>
                <dd>{prettyDateOfBirth(customer.dateOfBirth)}</dd>
              </div>
              <div>
                <dt>Postcode</dt>
                <dd>{customer.postcode ?? 'Not given'}</dd>
              </div>
              {customer.payer && (
                <div>
                  <dt>Paid for by</dt>
                  <dd>
                    {customer.payer.name} ({customer.payer.reference})
                  </dd>
                </div>
              )}
            </dl>
            <Button
              variant="primary"
              size="md"
              aria-label={`Select ${customerName(customer)}`}
              onClick={() => onSelect(customer)}
            >
              Select
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
