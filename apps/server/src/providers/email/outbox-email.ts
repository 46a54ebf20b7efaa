import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EmailMessage, EmailProvider } from './email-provider.ts';

export interface OutboxEntry extends EmailMessage {
  id: string;
  sentAt: string;
}

const idPattern = /^[0-9]{8}T[0-9]{9}-[0-9]{6}-[0-9a-f]{8}$/;
// Orders messages written within the same millisecond (or under a fixed test clock).
let sequence = 0;

/**
 * Email kept as JSON files under `LIDO_DATA_DIR/outbox/`, newest first when listed: the demo and the
 * tests read what would have been sent, and nothing leaves the machine.
 */
export function createOutboxEmail(dataDir: string, clock: () => Date) {
  const dir = path.join(dataDir, 'outbox');
  const provider: EmailProvider & { list(): OutboxEntry[]; read(id: string): OutboxEntry | undefined } = {
    async send(message) {
      fs.mkdirSync(dir, { recursive: true });
      const sentAt = clock().toISOString();
      sequence = (sequence + 1) % 1_000_000;
      const id = `${sentAt.replace(/[-:.Z]/g, '')}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const entry: OutboxEntry = { id, sentAt, ...message };
      await fs.promises.writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2));
    },
    list() {
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .reverse()
        .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as OutboxEntry);
    },
    read(id) {
      if (!idPattern.test(id)) return undefined;
      const file = path.join(dir, `${id}.json`);
      return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as OutboxEntry) : undefined;
    },
  };
  return provider;
}
export type OutboxEmail = ReturnType<typeof createOutboxEmail>;
