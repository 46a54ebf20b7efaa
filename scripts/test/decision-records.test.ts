import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const decisionsDir = path.resolve(import.meta.dirname, '../../docs/decisions');
const files = fs.readdirSync(decisionsDir).filter((name) => name.endsWith('.md'));

/** Decision records (architecture.md §2 rule 10) say what became of them, as 0001 asks. */
describe('decision records', () => {
  it('are numbered once each, and the title carries the file number', () => {
    const numbers = files.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const name of files) {
      const title = fs.readFileSync(path.join(decisionsDir, name), 'utf8').split('\n')[0];
      expect(title, name).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\b`));
    }
  });

  it('each open with a status line: accepted, amended or superseded, with its date', () => {
    for (const name of files) {
      const lines = fs.readFileSync(path.join(decisionsDir, name), 'utf8').split('\n');
      expect(lines[2], name).toMatch(
        /^- Status: (proposed|accepted|superseded|amended)\b[^(]*\(\d{4}-\d{2}-\d{2}\)/,
      );
    }
  });

  it('refer only to decisions that exist', () => {
    const numbers = new Set(files.map((name) => name.slice(0, 4)));
    for (const name of files) {
      const status = fs.readFileSync(path.join(decisionsDir, name), 'utf8').split('\n')[2] ?? '';
      for (const [reference] of status.matchAll(/\b\d{4}\b(?!-)/g))
        expect(numbers.has(reference), `${name} names ${reference}`).toBe(true);
    }
  });
});
