import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmailMessage } from '../src/providers/email/email-provider.ts';
import { type SmtpCatcher, startSmtpCatcher } from './support/smtp-catcher.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const message = (n: number): EmailMessage => ({
  to: `member${n}@example.org`,
  subject: `Message ${n}`,
  text: `Hello ${n}`,
  html: `<p>Hello ${n}</p>`,
});

/** Two apps on one database stand for two instances; their outboxes share the table. */
describe('the email outbox', () => {
  let catcher: SmtpCatcher;
  let a: TestApp;
  let b: TestApp;
  const received = (n: number) => catcher.messages.filter((data) => data.includes(`Subject: Message ${n}\r`));
  const rows = () =>
    a.database.query<{
      subject: string;
      attempts: number;
      sent_at: Date | null;
      delivered_by: string | null;
    }>('SELECT subject, attempts, sent_at, delivered_by FROM email_outbox ORDER BY id');

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    a = await createTestApp({ env: { LIDO_SMTP_URL: catcher.url } });
    b = await createTestApp({ env: { LIDO_SMTP_URL: catcher.url }, database: a.database, seed: false });
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
    await catcher.close();
  });
  beforeEach(async () => {
    await a.database.query('DELETE FROM email_outbox');
    catcher.messages.length = 0;
  });

  it('queues with the caller’s transaction: a rolled-back one queues nothing, a dedupe key queues once', async () => {
    const email = a.services().email;
    await a.database.db
      .transaction(async (tx) => {
        await email.send(message(1), { tx });
        throw new Error('the order failed');
      })
      .catch(() => undefined);
    await a.database.db.transaction(async (tx) => {
      await email.send(message(2), { tx, dedupeKey: 'receipt:2' });
      await email.send(message(2), { tx, dedupeKey: 'receipt:2' });
    });
    await email.send(message(2), { dedupeKey: 'receipt:2' });
    expect((await rows()).map((row) => row.subject)).toEqual(['Message 2']);
  });

  it('sends each message once when two instances’ senders run at the same moment', async () => {
    for (let n = 1; n <= 45; n += 1) await a.services().email.send(message(n));
    const counts = await Promise.all([
      a.services().email.deliverDue(),
      b.services().email.deliverDue(),
      a.services().email.deliverDue(),
      b.services().email.deliverDue(),
    ]);
    expect(counts.reduce((sum, count) => sum + count.sent, 0)).toBe(45);
    expect(catcher.messages).toHaveLength(45);
    for (let n = 1; n <= 45; n += 1) expect(received(n)).toHaveLength(1);
    expect((await rows()).every((row) => row.sent_at !== null && row.delivered_by === 'smtp')).toBe(true);
    // A sent message's body (it may hold a reset link) does not stay in the database.
    expect(
      await a.database.query(`SELECT id FROM email_outbox WHERE text_body <> '' OR html_body <> ''`),
    ).toEqual([]);
  });

  it('keeps a message the SMTP server refused and sends it once it is due again', async () => {
    await a.services().email.send(message(1));
    catcher.failNext(1);
    expect(await a.services().email.deliverDue()).toEqual({ sent: 0, failed: 1 });
    // Backing off: not due again at once.
    expect(await b.services().email.deliverDue()).toEqual({ sent: 0, failed: 0 });
    const [failed] = await a.database.query<{ attempts: number; last_error: string; wait: number }>(
      `SELECT attempts, last_error, extract(epoch FROM next_attempt_at - now()) AS wait FROM email_outbox`,
    );
    expect(failed).toMatchObject({ attempts: 1 });
    expect(failed!.last_error).toContain('Mailbox unavailable');
    expect(Number(failed!.wait)).toBeGreaterThan(20);
    await a.database.query(`UPDATE email_outbox SET next_attempt_at = now()`);
    expect(await b.services().email.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(received(1)).toHaveLength(1);
  });

  it('leaves a message claimed by a sender that died until its claim runs out, then sends it', async () => {
    await a.services().email.send(message(1));
    // What a process killed mid-send leaves behind: a claim, no send.
    await a.database.query(
      `UPDATE email_outbox SET claimed_until = now() + interval '2 minutes', attempts = 1`,
    );
    expect(await b.services().email.deliverDue()).toEqual({ sent: 0, failed: 0 });
    await a.database.query(`UPDATE email_outbox SET claimed_until = now() - interval '1 second'`);
    expect(await b.services().email.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(received(1)).toHaveLength(1);
  });
});

describe('the email outbox without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks a message delivered to the outbox, where the outbox page lists it', async () => {
    await t.services().email.send(message(7));
    expect(await t.services().email.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const [row] = await t.database.query<{ delivered_by: string }>('SELECT delivered_by FROM email_outbox');
    expect(row!.delivered_by).toBe('outbox');
    const page = await t.app.inject({ url: '/dev/outbox', headers: { host: 'localhost:3001' } });
    expect(page.body).toContain('Message 7');
  });
});
