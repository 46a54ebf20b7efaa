import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyRequest } from 'fastify';

/**
 * What the logs may say about an error or a request. A database error as thrown carries the values
 * of the failed query (an email, a name, a date of birth, a password hash) in its message, its
 * `params` and its `detail`; a URL's query string can carry a reset token or an email. The logs keep
 * what diagnoses a failure (the SQL state, constraint, table, the query text, the stack) and drop
 * the values.
 */

const databaseFields = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;
const emailPattern = /[^\s"'<>()@,;:]+@[^\s"'<>()@,;:]+\.[a-z]{2,}/gi;

function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string'
  );
}

/** Quoted text in a PostgreSQL message is a value unless it names the constraint, table or column. */
function maskQuotedValues(message: string, identifiers: Set<unknown>): string {
  return message.replace(/"([^"]*)"/g, (whole, inner: string) => (identifiers.has(inner) ? whole : '"…"'));
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function errorForLog(error: unknown, depth = 0, parentQuery?: string): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a thrown non-error', stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const type = error.name === 'Error' ? error.constructor.name : error.name;
  const logged: LoggedError = { type, message: '', stack: '' };
  let message = error.message;
  if (error instanceof DrizzleQueryError) {
    // Its message is "Failed query: …\nparams: …": the query text is kept, the values are not.
    message = 'Failed query';
  }
  if (typeof fields.query === 'string' && fields.query !== parentQuery)
    logged.query = fields.query.slice(0, 1000);
  if (isDatabaseError(fields)) {
    for (const name of databaseFields) if (fields[name] !== undefined) logged[name] = fields[name];
    message = maskQuotedValues(message, new Set(databaseFields.slice(2).map((name) => fields[name])));
  } else {
    if (typeof fields.code === 'string') logged.code = fields.code;
    if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  }
  message = message.replace(emailPattern, '[email]');
  logged.message = message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  logged.stack = [`${type}: ${message}`, ...frames].join('\n');
  if (error.cause !== undefined && depth < 3)
    logged.cause = errorForLog(
      error.cause,
      depth + 1,
      typeof fields.query === 'string' ? fields.query : undefined,
    );
  return logged;
}

/** A request in the logs: its path, never its query string. */
function requestForLog(request: FastifyRequest): Record<string, unknown> {
  const [path, query] = request.url.split('?', 2);
  return {
    method: request.method,
    url: query === undefined ? path : `${path}?…`,
    host: request.host,
    remoteAddress: request.ip,
  };
}

export const logSerializers = { err: (error: unknown) => errorForLog(error), req: requestForLog };
