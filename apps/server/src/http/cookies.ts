import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The auth cookie (HttpOnly: scripts never see it) and a non-secret state cookie that changes on
 * every login and logout, which the browser's 5-second check compares (quality.md, decisions).
 */
export function cookieNames(config: Config) {
  const prefix = config.auth.secureCookies ? '__Secure-' : '';
  return {
    auth: `${prefix}lido_authToken`,
    state: `${prefix}lido_authState`,
    promotions: `${prefix}lido_promotions`,
  };
}

/**
 * The state cookie's value: `in.` or `out.` plus a random part. Scripts learn whether a session
 * exists (without learning the session) and notice every change, even a logout and login between
 * two checks.
 */
function newAuthState(loggedIn: boolean): string {
  return `${loggedIn ? 'in' : 'out'}.${randomBytes(12).toString('base64url')}`;
}

export function readCookies(request: FastifyRequest): Record<string, string> {
  const header = request.headers.cookie;
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    try {
      cookies[name] ??= decodeURIComponent(value);
    } catch {
      /* a malformed cookie is ignored */
    }
  }
  return cookies;
}

function serialise(
  config: Config,
  name: string,
  value: string,
  options: { httpOnly: boolean; maxAgeSeconds?: number },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (config.auth.cookieDomain) parts.push(`Domain=${config.auth.cookieDomain}`);
  if (config.auth.secureCookies) parts.push('Secure');
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  return parts.join('; ');
}

/** A side's session cookie pair: customers' and staff's are written by the same rules, under their own names. */
interface SessionCookieNames {
  auth: string;
  state: string;
}

/** Sets the HttpOnly token and a new state value, both lasting as long as the session can. */
function setSessionPair(
  reply: FastifyReply,
  config: Config,
  names: SessionCookieNames,
  token: string,
  lifetimeMs: number,
  state: string,
): string {
  const maxAge = Math.floor(lifetimeMs / 1000);
  reply.header('set-cookie', [
    serialise(config, names.auth, token, { httpOnly: true, maxAgeSeconds: maxAge }),
    serialise(config, names.state, state, { httpOnly: false, maxAgeSeconds: maxAge }),
  ]);
  return state;
}

/** Clears the token and moves the state cookie on, so other tabs notice the logout. */
function clearSessionPair(
  reply: FastifyReply,
  config: Config,
  names: SessionCookieNames,
  state: string,
): void {
  reply.header('set-cookie', [
    serialise(config, names.auth, '', { httpOnly: true, maxAgeSeconds: 0 }),
    serialise(config, names.state, state, { httpOnly: false }),
  ]);
}

export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  token: string,
  state = newAuthState(true),
): string {
  return setSessionPair(reply, config, cookieNames(config), token, config.auth.absoluteTimeoutMs, state);
}

/** Clears the auth cookie and moves the state cookie on, so other tabs notice the logout. */
export function clearSessionCookies(reply: FastifyReply, config: Config, state = newAuthState(false)): void {
  clearSessionPair(reply, config, cookieNames(config), state);
}

/**
 * The staff site's own cookies (issue 19): a staff session is never carried by the customer's
 * cookie, nor a customer's by the staff one.
 */
export function staffCookieNames(config: Config) {
  const prefix = config.auth.secureCookies ? '__Secure-' : '';
  return { auth: `${prefix}lido_staffToken`, state: `${prefix}lido_staffState` };
}

export function setStaffSessionCookies(reply: FastifyReply, config: Config, token: string): string {
  return setSessionPair(
    reply,
    config,
    staffCookieNames(config),
    token,
    config.staff.absoluteTimeoutMs,
    newAuthState(true),
  );
}

export function clearStaffSessionCookies(reply: FastifyReply, config: Config): void {
  clearSessionPair(reply, config, staffCookieNames(config), newAuthState(false));
}

const promotionCookieSeconds = 24 * 60 * 60;
const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');

/** This browser's key for the promotion codes it checked (a hash of its cookie), if it has one. */
export function promotionBrowserKey(request: FastifyRequest, config: Config): string | null {
  const value = readCookies(request)[cookieNames(config).promotions];
  return value ? hashed(value) : null;
}

/**
 * The promotion cookie a guest's browser is known by when it checks a code (issue 15): set when
 * missing, HttpOnly, and kept only as a hash on the server.
 */
export function ensurePromotionBrowser(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const existing = readCookies(request)[cookieNames(config).promotions];
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return hashed(existing);
  const value = randomBytes(24).toString('base64url');
  reply.header(
    'set-cookie',
    serialise(config, cookieNames(config).promotions, value, {
      httpOnly: true,
      maxAgeSeconds: promotionCookieSeconds,
    }),
  );
  return hashed(value);
}
