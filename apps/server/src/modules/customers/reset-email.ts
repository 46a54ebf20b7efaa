import { serverWords } from '@lido/messages/server-words';
import type { Language } from '@lido/messages/languages';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import type { CustomerRow } from '../auth/index.ts';
import { escapeHtml } from '../../http/escape-html.ts';

/**
 * The reset email: one link, or one per account when several accounts share the address. It is in
 * `language`, the first account's (decision 0108), with each link to that language's reset page.
 */
export function resetEmail(
  operatorName: string,
  to: string,
  links: { account: CustomerRow; url: string }[],
  language: Language = 'en',
): EmailMessage {
  const words = serverWords(language);
  const several = links.length > 1;
  const intro = several
    ? words('email.resetIntroSeveral')
    : words('email.resetIntroOne', { operator: operatorName });
  const nameOf = (account: CustomerRow) => `${account.firstName} ${account.lastName}`;
  const lines = links.map(({ account, url }) =>
    several
      ? words('email.resetAccountLine', { name: nameOf(account), reference: account.reference, url })
      : url,
  );
  const text = [
    words('email.hello'),
    '',
    intro,
    '',
    ...lines,
    '',
    words('email.resetExpiry'),
    words('email.resetIgnore'),
    '',
    operatorName,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(words('email.hello'))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...links.map(
      ({ account, url }) =>
        `<li><a href="${escapeHtml(url)}">${escapeHtml(
          several
            ? words('email.resetLinkSeveral', { name: nameOf(account), reference: account.reference })
            : words('email.resetLinkOne'),
        )}</a></li>`,
    ),
    '</ul>',
    `<p>${escapeHtml(words('email.resetExpiry'))}</p>`,
    `<p>${escapeHtml(words('email.resetIgnore'))}</p>`,
    `<p>${escapeHtml(operatorName)}</p>`,
  ].join('\n');
  const body = language === 'en' ? html : `<div lang="${language}">\n${html}\n</div>`;
  return { to, subject: words('email.resetSubject', { operator: operatorName }), text, html: body };
}
