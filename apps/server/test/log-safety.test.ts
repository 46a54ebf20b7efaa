import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { errorForLog } from '../src/http/log-safety.ts';

/** What a logged error may carry (issue 15, item 8): the diagnosis, never the values. */
describe('errors in the logs', () => {
  const pgError = (message: string, fields: Record<string, unknown>) =>
    Object.assign(new Error(message), { severity: 'ERROR', ...fields });

  it('keeps a failed query’s text and SQL state, never its parameters or detail', () => {
    const cause = pgError('invalid input syntax for type date: "1987-06-05x"', {
      code: '22007',
      detail: 'Failing row contains (7, jo@example.org, Jo Bloggs)',
      where: "unnamed portal parameter $3 = '1987-06-05x'",
      params: ['jo@example.org', 'Jo', '1987-06-05x'],
      query: 'insert into customers (email, first_name, date_of_birth) values ($1, $2, $3)',
    });
    const error = new DrizzleQueryError(
      'insert into customers (email, first_name, date_of_birth) values ($1, $2, $3)',
      ['jo@example.org', 'Jo', '1987-06-05x'],
      cause,
    );
    const logged = errorForLog(error);
    const text = JSON.stringify(logged);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: 'insert into customers (email, first_name, date_of_birth) values ($1, $2, $3)',
      cause: { code: '22007', message: 'invalid input syntax for type date: "…"' },
    });
    for (const secret of ['jo@example.org', 'Jo Bloggs', '1987-06-05x', 'Failing row'])
      expect(text).not.toContain(secret);
  });

  it('names the constraint, table and column a database error is about', () => {
    const logged = errorForLog(
      pgError('duplicate key value violates unique constraint "customers_reference_key"', {
        code: '23505',
        table: 'customers',
        constraint: 'customers_reference_key',
        detail: 'Key (reference)=(C100002) already exists.',
      }),
    );
    expect(logged.message).toBe('duplicate key value violates unique constraint "customers_reference_key"');
    expect(logged).toMatchObject({
      code: '23505',
      table: 'customers',
      constraint: 'customers_reference_key',
    });
    expect(JSON.stringify(logged)).not.toContain('C100002');
  });

  it('hides email addresses in any error message, and copies no other fields', () => {
    const error = Object.assign(new Error('550 mailbox unavailable for priya.shah@example.org'), {
      response: 'priya.shah@example.org rejected',
      code: 'EENVELOPE',
    });
    const logged = errorForLog(error);
    expect(logged.message).toBe('550 mailbox unavailable for [email]');
    expect(logged.code).toBe('EENVELOPE');
    expect(JSON.stringify(logged)).not.toContain('priya');
  });
});
