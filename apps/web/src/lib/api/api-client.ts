import { camelToSnake, convertKeys, snakeToCamel } from '@lido/contracts/case';
import { pageLanguage } from '../../i18n/i18n.ts';

/** A failed call: its status, the server's message and, on a 422, the field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly validationMessages: Record<string, string[]> | null = null,
    /** the error answer's body (camelCase), for flags beside the message */
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 normally ends the session; calls that expect one (logging in) opt out. */
  handleUnauthorized?: boolean;
  /** Sent even if the page is left at once (a link's click that also tells the server something). */
  keepalive?: boolean;
}

let unauthorizedHandler: () => void = () => window.location.reload();

/** The server has already revoked the session and cleared its cookie; the page just starts again. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** A call as it is about to be made: what a site-wide adjuster may add to. */
export interface OutgoingCall {
  path: string;
  method: NonNullable<RequestOptions['method']>;
  query: Record<string, QueryValue> | undefined;
  body: unknown;
}

let adjustCall: (call: OutgoingCall) => OutgoingCall = (call) => call;

/**
 * One place that changes every call a site makes (the staff site names the customer it acts for,
 * issue 19); the customer sites set none.
 */
export function setCallAdjuster(adjuster: (call: OutgoingCall) => OutgoingCall): void {
  adjustCall = adjuster;
}

/** `memberships/types` and `/api/memberships/types` both mean the API path `/api/memberships/types`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.replace(/^\/+/, '');
  const base = clean.startsWith('api/') ? `/${clean}` : `/api/${clean}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(camelToSnake(key), String(value));
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

function unwrap(payload: unknown): unknown {
  if (payload !== null && typeof payload === 'object' && !Array.isArray(payload) && 'data' in payload) {
    return (payload as { data: unknown }).data;
  }
  return payload;
}

/** One server call: snake_case keys out, camelCase keys back, `data` unwrapped, failures as ApiError. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { signal, handleUnauthorized = true } = options;
  // The staff site may send a call elsewhere too (a supervisor's write, decision 0085).
  const {
    path: sentTo,
    method,
    query,
    body,
  } = adjustCall({
    path,
    method: options.method ?? 'GET',
    query: options.query,
    body: options.body,
  });
  // The page's language, not the browser's: a Welsh page gets Welsh refusals (decision 0110).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': pageLanguage };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (options.keepalive) init.keepalive = true;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(convertKeys(body, camelToSnake));
  }
  const response = await fetch(apiUrl(sentTo, query), init);
  const contentType = response.headers.get('content-type') ?? '';
  const raw: unknown =
    response.status === 204
      ? undefined
      : contentType.includes('json')
        ? await response.json()
        : await response.text();
  const payload = convertKeys(raw, snakeToCamel);

  if (!response.ok) {
    if (response.status === 401 && handleUnauthorized) unauthorizedHandler();
    const record = (payload ?? {}) as { message?: unknown; errors?: unknown };
    const message =
      typeof record.message === 'string' ? record.message : response.statusText || 'Request failed';
    const errors =
      response.status === 422 && record.errors && typeof record.errors === 'object'
        ? (record.errors as Record<string, string[]>)
        : null;
    const body = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
    throw new ApiError(response.status, message, errors, body);
  }
  return { status: response.status, data: unwrap(payload) as T };
}

export async function apiGet<T>(
  path: string,
  query?: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<T> {
  return (await apiFetch<T>(path, { query, ...(signal ? { signal } : {}) })).data;
}
