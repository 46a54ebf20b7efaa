/**
 * The auth module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { type AuthRepository, createAuthRepository, type CustomerRow } from './auth.repository.ts';
export { authRoutes } from './auth.routes.ts';
export {
  type AuthenticatedSession,
  createAuthService,
  loginLimits,
  tooManyAttemptsMessage,
} from './auth.service.ts';
export { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
export { createRateLimitRepository, type RateLimitRepository } from './rate-limit.repository.ts';
export {
  createRateLimiter,
  type Limit,
  longestLimitWindowMs,
  type RateLimiter,
  type Taken,
} from './rate-limiter.ts';
export { createSessionEngine, type SessionStore } from './session-engine.ts';
export { hashToken, newToken } from './tokens.ts';
