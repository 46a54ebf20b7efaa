import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server that keeps every message it receives (envelope recipients, then the data). */
export async function startSmtpCatcher(options: { failNext?: number } = {}) {
  const messages: string[] = [];
  let failures = options.failNext ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = `RCPT ${session.envelope.rcptTo.map((r) => r.address).join(',')}\n`;
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
          return;
        }
        messages.push(data.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** the next `count` messages are refused with a temporary failure */
    failNext(count: number) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
