/**
 * The joining spec's password guidance (at least 8 characters with a lower-case letter, an upper-case
 * letter, a number and a special character), plus quality.md S2: long passwords are accepted whole
 * (argon2 does not truncate), and well-known passwords and their everyday variants are refused
 * (common-passwords.ts). Customer registration, password change and reset, and staff passwords all
 * come through here.
 */
import { commonPasswordProblem } from './common-passwords.ts';

const passwordMaxLength = 1024;

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
  // Only a password that meets the rules is looked up: the rest already has its reasons.
  const common = problems.length === 0 ? commonPasswordProblem(password) : undefined;
  if (common) problems.push(common);
  return problems;
}

export const passwordConfirmationMessage = 'The password confirmation does not match.';
