import nodemailer from 'nodemailer';
import type { EmailMessage, EmailProvider } from './email-provider.ts';

/** Real email through the operator's SMTP server (`LIDO_SMTP_URL`, e.g. smtps://user:pass@host:465). */
export function createSmtpEmail(smtpUrl: string, from: string): EmailProvider & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: EmailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      transport.close();
    },
  };
}
