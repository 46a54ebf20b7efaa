import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The simulated issuer's challenge answer. Opayo's real cRes is opaque and encrypted; ours is
 * base64url JSON with an HMAC, so a tampered answer is caught (payments-reference.md §5.6).
 */
export interface ChallengeResult {
  messageType: 'CRes';
  threeDSServerTransID: string;
  acsTransID: string;
  transStatus: 'Y' | 'N' | 'U';
  challengeCancel?: '01' | '04';
}

export function signCres(result: ChallengeResult, secret: string): string {
  const body = Buffer.from(JSON.stringify(result)).toString('base64url');
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyCres(cres: string, secret: string): ChallengeResult | undefined {
  const [body, mac, extra] = cres.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ChallengeResult;
  } catch {
    return undefined;
  }
}

interface ChallengeRequest {
  messageType: 'CReq';
  messageVersion: '2.2.0';
  threeDSServerTransID: string;
  acsTransID: string;
  challengeWindowSize: '01' | '02' | '03' | '04' | '05';
}

export function encodeCreq(request: ChallengeRequest): string {
  return Buffer.from(JSON.stringify(request)).toString('base64url');
}

export function decodeCreq(creq: string): ChallengeRequest | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(creq, 'base64url').toString('utf8')) as ChallengeRequest;
    return parsed.messageType === 'CReq' && typeof parsed.acsTransID === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Opayo's challengeWindowSize names to the EMV 3DS window codes. */
export const windowSizeCodes: Record<string, ChallengeRequest['challengeWindowSize']> = {
  Small: '01',
  Medium: '02',
  Large: '03',
  ExtraLarge: '04',
  FullScreen: '05',
};
