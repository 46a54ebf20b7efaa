import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, EmailProvider } from '../src/providers/email/email-provider.ts';
import { createOutboxEmail } from '../src/providers/email/outbox-email.ts';
import { createSmtpEmail } from '../src/providers/email/smtp-email.ts';

const message: EmailMessage = {
  to: 'member@example.org',
  subject: 'Reset your Brightwater Leisure password',
  text: 'Reset link: http://localhost:3001/reset-password?token=abc',
  html: '<p><a href="http://localhost:3001/reset-password?token=abc">Reset your password</a></p>',
};

/** One contract for every email provider: what is sent arrives with its recipient, subject and body. */
function emailContract(
  name: string,
  setup: () => Promise<{
    provider: EmailProvider;
    received: () => Promise<string[]>;
    close: () => Promise<void>;
  }>,
) {
  describe(`${name} email`, () => {
    let context: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      context = await setup();
    });
    afterAll(async () => {
      await context.close();
    });

    it('delivers the message with its recipient, subject and link', async () => {
      await context.provider.send(message);
      const received = await context.received();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('member@example.org');
      expect(received[0]).toContain('Reset your Brightwater Leisure password');
      expect(received[0]).toContain('reset-password?token=abc');
    });
  });
}

emailContract('outbox', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-outbox-'));
  const outbox = createOutboxEmail(dir, () => new Date());
  return {
    provider: outbox,
    received: async () => outbox.list().map((entry) => JSON.stringify(entry)),
    close: async () => undefined,
  };
});

emailContract('SMTP', async () => {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = `RCPT ${session.envelope.rcptTo.map((r) => r.address).join(',')}\n`;
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        messages.push(data.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const smtp = createSmtpEmail(
    `smtp://127.0.0.1:${port}`,
    'Brightwater Leisure <no-reply@brightwater.example>',
  );
  return {
    provider: smtp,
    received: async () => messages,
    close: async () => {
      smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
});
