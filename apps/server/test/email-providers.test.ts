import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage } from '../src/providers/email/email-provider.ts';
import { createSmtpEmail } from '../src/providers/email/smtp-email.ts';
import { type SmtpCatcher, startSmtpCatcher } from './support/smtp-catcher.ts';

const message: EmailMessage = {
  to: 'member@example.org',
  subject: 'Reset your Brightwater Leisure password',
  text: 'Reset link: http://localhost:3001/reset-password?token=abc',
  html: '<p><a href="http://localhost:3001/reset-password?token=abc">Reset your password</a></p>',
};

describe('SMTP email', () => {
  let catcher: SmtpCatcher;
  let smtp: ReturnType<typeof createSmtpEmail>;
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    smtp = createSmtpEmail(catcher.url, 'Brightwater Leisure <no-reply@brightwater.example>');
  });
  afterAll(async () => {
    smtp.close();
    await catcher.close();
  });

  it('delivers the message with its recipient, subject and link', async () => {
    await smtp.send(message);
    expect(catcher.messages).toHaveLength(1);
    expect(catcher.messages[0]).toContain('member@example.org');
    expect(catcher.messages[0]).toContain('Reset your Brightwater Leisure password');
    expect(catcher.messages[0]).toContain('reset-password?token=abc');
  });
});
