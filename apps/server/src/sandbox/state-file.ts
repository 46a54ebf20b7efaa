import fs from 'node:fs';
import path from 'node:path';

/**
 * A sandbox's state kept on disk across restarts without blocking the event loop on every call
 * (decision 0060). A change only marks the state dirty; one write follows after `delayMs`, however
 * many changes came in between, off the event loop (asynchronous I/O) and atomically: the whole
 * snapshot goes to a temporary file that is then renamed over the old one, so a crash mid-write
 * leaves the previous state whole rather than a torn file. `flush()` writes at once (shutdown).
 * What a crash can lose is at most the last `delayMs` of changes: fine for a sandbox, which is why
 * the real providers are never run this way.
 */
interface StateFile<T> {
  /** the state last written, or undefined when there is none; a file that can't be read stops the start */
  load(): T | undefined;
  /** the state has changed: write it soon */
  changed(): void;
  /** write any pending change now; resolves once it is on disk */
  flush(): Promise<void>;
}

export function createStateFile<T>(
  file: string | undefined,
  snapshot: () => T,
  options: { delayMs?: number; mode?: number } = {},
): StateFile<T> {
  if (!file) return { load: () => undefined, changed: () => {}, flush: async () => {} };
  const target = file;
  const delayMs = options.delayMs ?? 500;
  const temporary = `${target}.${process.pid}.tmp`;
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  // Writes never overlap: each waits for the one before (a rename must not race a write).
  let writing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    if (!dirty) return;
    dirty = false;
    const text = JSON.stringify(snapshot());
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(temporary, text, { mode: options.mode ?? 0o600 });
    await fs.promises.rename(temporary, target);
  }

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.then(write, write);
    return writing;
  };

  return {
    load() {
      let text: string;
      try {
        text = fs.readFileSync(target, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        return JSON.parse(text) as T;
      } catch {
        // Starting empty would quietly forget every mandate and card the sandbox has issued.
        throw new Error(`The sandbox state file ${target} is not valid JSON: fix or remove it`);
      }
    },
    changed() {
      dirty = true;
      if (timer) return;
      timer = setTimeout(() => void flush().catch(() => (dirty = true)), delayMs);
      // A pending write never keeps a process alive: shutdown flushes it.
      timer.unref();
    },
    flush,
  };
}
