import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/form-fields.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CustomerSearchResults } from './customer-search-results.tsx';
import { useSelectCustomer } from './selected-customer.ts';
import { customerSearchQuery } from './staff-api.ts';

const tooShort = 'Enter at least 2 characters of a name, email, customer ID or postcode.';

/** "Find a customer" (issue 19 item 3): the search is in the address, so Back returns to the results. */
export function FindCustomerPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [error, setError] = useState<string | undefined>();
  const results = useQuery(customerSearchQuery(q));
  const select = useSelectCustomer();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < 2) return setError(tooShort);
    setError(undefined);
    setParams({ q: text.trim() });
  };

  return (
    <>
      <h1>Find a customer</h1>
      <form className="form customer-search" role="search" noValidate onSubmit={submit}>
        <TextField
          id="customer-search"
          label="Name, email, customer ID or postcode"
          name="q"
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="form__actions">
          <Button type="submit" variant="primary" size="lg">
            Search
          </Button>
          <Link to="/customers/new" className="button button--secondary button--lg">
            New customer
          </Link>
        </div>
      </form>
      {q.trim().length >= 2 &&
        (results.isPending ? (
          <Spinner label="Searching" />
        ) : results.isError ? (
          <p className="error-line" role="alert">
            {results.error instanceof ApiError && results.error.status === 422
              ? results.error.message
              : genericErrorLine(results.error instanceof ApiError ? results.error.status : null)}
          </p>
        ) : (
          <CustomerSearchResults
            customers={results.data.customers}
            more={results.data.more}
            onSelect={(customer) => {
              select(customer.id);
              void navigate(`/customers/${customer.id}`);
            }}
          />
        ))}
    </>
  );
}
