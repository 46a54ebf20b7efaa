/**
 * The readable `lido_authState` cookie: `in.<random>` while a session exists, `out.<random>` after a
 * logout. Scripts never see the session token itself (it is HttpOnly).
 */
const customerStateNames = ['__Secure-lido_authState', 'lido_authState'];

export function readAuthState(
  cookieString: string = typeof document === 'undefined' ? '' : document.cookie,
  names: string[] = customerStateNames,
): string | null {
  for (const part of cookieString.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName && names.includes(rawName)) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function isLoggedInState(state: string | null): boolean {
  return state?.startsWith('in.') ?? false;
}
