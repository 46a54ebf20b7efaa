import type { EmailMessage } from '../../providers/email/email-provider.ts';
import type { CustomerRow } from '../auth/index.ts';
import { escapeHtml } from '../../http/escape-html.ts';

/** The reset email: one link, or one per account when several accounts share the address. */
export function resetEmail(
  operatorName: string,
  to: string,
  links: { account: CustomerRow; url: string }[],
): EmailMessage {
  const several = links.length > 1;
  const intro = several
    ? `Multiple accounts use this email address. Choose the account whose password you want to reset:`
    : `We received a request to reset the password for your ${operatorName} account.`;
  const lines = links.map(({ account, url }) =>
    several ? `${account.firstName} ${account.lastName} (customer ID ${account.reference}): ${url}` : url,
  );
  const text = [
    `Hello,`,
    '',
    intro,
    '',
    ...lines,
    '',
    'Each link works once and expires in 60 minutes.',
    "If you didn't ask for this, you can ignore this email: your password has not changed.",
    '',
    operatorName,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...links.map(
      ({ account, url }) =>
        `<li><a href="${escapeHtml(url)}">${several ? `Reset the password for ${escapeHtml(account.firstName)} ${escapeHtml(account.lastName)} (customer ID ${escapeHtml(account.reference)})` : 'Reset your password'}</a></li>`,
    ),
    '</ul>',
    '<p>Each link works once and expires in 60 minutes.</p>',
    "<p>If you didn't ask for this, you can ignore this email: your password has not changed.</p>",
    `<p>${escapeHtml(operatorName)}</p>`,
  ].join('\n');
  return { to, subject: `Reset your ${operatorName} password`, text, html };
}
