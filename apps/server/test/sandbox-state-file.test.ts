import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStateFile } from '../src/sandbox/state-file.ts';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-state-file-'));
  dirs.push(dir);
  return path.join(dir, 'state.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a sandbox state file', () => {
  it('has no state before the first write, and the latest state after a flush', async () => {
    const file = tempFile();
    let state = { mandates: 1 };
    const stateFile = createStateFile(file, () => state);
    expect(stateFile.load()).toBeUndefined();
    stateFile.changed();
    state = { mandates: 2 };
    stateFile.changed();
    await stateFile.flush();
    expect(createStateFile(file, () => state).load()).toEqual({ mandates: 2 });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['state.json']);
  });

  it('refuses to start from a file it cannot read as JSON, rather than forgetting what it issued', () => {
    const file = tempFile();
    fs.writeFileSync(file, '{"mandates": [');
    expect(() => createStateFile(file, () => ({})).load()).toThrow(/not valid JSON: fix or remove it/);
  });
});
