/**
 * The joining spec's password guidance (at least 8 characters with a lower-case letter, an upper-case
 * letter, a number and a special character), plus quality.md S2: long passwords are accepted whole
 * (argon2 does not truncate), and well-known passwords are refused.
 */
export const passwordMaxLength = 1024;

// The most common passwords that still pass the character rules; a breached-password service would
// extend this in production.
const commonPasswords = new Set(
  [
    'Password1!',
    'Password123!',
    'P@ssw0rd',
    'P@ssword1',
    'Passw0rd!',
    'Welcome1!',
    'Welcome123!',
    'Qwerty123!',
    'Letmein1!',
    'Admin123!',
    'Summer2026!',
    'Winter2026!',
    'Football1!',
    'Iloveyou1!',
    'Abcd1234!',
    'Aa123456!',
    'Changeme1!',
    'Monkey123!',
    'Dragon123!',
    'Sunshine1!',
  ].map((p) => p.toLowerCase()),
);

export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if ([...password].length < 8) problems.push('The password must be at least 8 characters.');
  if (password.length > passwordMaxLength)
    problems.push(`The password must be at most ${passwordMaxLength} characters.`);
  if (!/\p{Ll}/u.test(password)) problems.push('The password must contain at least one lowercase letter.');
  if (!/\p{Lu}/u.test(password)) problems.push('The password must contain at least one uppercase letter.');
  if (!/\p{Nd}/u.test(password)) problems.push('The password must contain at least one number.');
  if (!/[^\p{L}\p{Nd}\s]/u.test(password))
    problems.push('The password must contain at least one special character.');
  if (commonPasswords.has(password.toLowerCase()))
    problems.push('This password is too common. Choose a less predictable one.');
  return problems;
}

export const passwordConfirmationMessage = 'The password confirmation does not match.';
