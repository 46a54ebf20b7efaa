import nodemailer from 'nodemailer';
import type { EmailMessage, EmailProvider } from './email-provider.ts';

/** Real email through the operator's SMTP server (`LIDO_SMTP_URL`, e.g. smtps://user:pass@host:465). */
export function createSmtpEmail(smtpUrl: string, from: string): EmailProvider & { close(): void } {
  // Bounded waits, well inside the outbox's claim on a message (modules/email/email-outbox.ts), so
  // a slow server fails a send rather than outlive the claim and let another instance send it too.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 45_000,
  });
  return {
    async send(message: EmailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: Buffer.from(file.contentBase64, 'base64'),
              })),
            }
          : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
