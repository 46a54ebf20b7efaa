import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** An error that is safe to show: its status and message go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type FieldErrors = Record<string, string[]>;

/** 422 with `{message, errors: {field: [messages]}}`, the shape the browser lists as "Validation errors". */
export class ValidationError extends HttpError {
  constructor(readonly errors: FieldErrors) {
    super(422, firstMessage(errors) ?? 'The given data was invalid.', { errors });
    this.name = 'ValidationError';
  }
}

function firstMessage(errors: FieldErrors): string | undefined {
  for (const messages of Object.values(errors)) if (messages[0]) return messages[0];
  return undefined;
}

function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'request';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses input with a contract schema, turning failures into a 422 with one entry per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ValidationError(fieldErrorsFromZod(result.error));
  return result.data;
}

const genericErrorMessage = 'Something has gone wrong, please try again.';

/**
 * PostgreSQL's refusals of a value it cannot hold: 22003 a number out of range, 22007 and 22008 a
 * date it cannot read or hold, 22P02 text that is no number. The contracts keep such values out
 * (decision 0071); one that slips past a schema is still the client's bad input, so a 422, not a 500.
 */
const valueOutOfRangeCodes = new Set(['22003', '22007', '22008', '22P02']);
export const valueOutOfRangeMessage = 'A number or date in the request is out of range.';

/** The database's own error, or one a query builder wrapped it in (`cause`), a few levels down. */
function isValueOutOfRange(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && valueOutOfRangeCodes.has(code)) return true;
    current = current.cause;
  }
  return false;
}

const statusMessages: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'Unauthenticated.',
  403: 'Unauthorised.',
  404: 'Unable to complete request, item not found.',
  405: 'That method is not allowed here.',
  413: 'The request is too large.',
  415: 'Requests must be sent as JSON.',
  429: 'Too many requests, please wait a moment and try again.',
  503: 'Unable to access the site due to planned maintenance.',
};

/** Every error leaves as `{message}` (plus `errors` for 422); stack traces never leave the server. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
    }
    if (isValueOutOfRange(error)) {
      // Logged: a schema let this value through, and should be the one refusing it.
      request.log.warn({ err: error }, 'a value out of range reached the database');
      return reply
        .status(422)
        .send({ message: valueOutOfRangeMessage, errors: { request: [valueOutOfRangeMessage] } });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: genericErrorMessage });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: statusMessages[415] });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is not valid JSON.' });
    }
    return reply
      .status(status)
      .send({ message: statusMessages[status] ?? 'The request could not be completed.' });
  });
}
