import http from 'node:http';

/**
 * A small HTTP client for the benchmark: keep-alive connections to 127.0.0.1 only, a timeout on
 * every request, and each call's time recorded under a name for the percentiles.
 */
export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export function createClient(port: number, concurrency: number, timeoutMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  return {
    request(call: Call): Promise<Answer> {
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: call.method,
            path: call.path,
            agent,
            timeout: timeoutMs,
            headers: {
              host: `localhost:${port}`,
              ...(payload
                ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
                : {}),
              ...call.headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
                headers: res.headers,
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
        req.on('error', reject);
        if (payload) req.write(payload);
        req.end();
      });
    },
    close() {
      agent.destroy();
    },
  };
}
export type Client = ReturnType<typeof createClient>;

/** Times per call name, and what each answered. */
export class Recorder {
  private readonly times = new Map<string, number[]>();
  readonly outcomes = new Map<string, number>();

  async time<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      const list = this.times.get(name) ?? [];
      list.push(performance.now() - started);
      this.times.set(name, list);
    }
  }

  count(outcome: string): void {
    this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
  }

  requests(name?: string): number {
    if (name) return this.times.get(name)?.length ?? 0;
    return [...this.times.values()].reduce((sum, list) => sum + list.length, 0);
  }

  /** p50, p95 and p99 in milliseconds (nearest rank), or undefined with no calls. */
  percentiles(name: string): { p50: number; p95: number; p99: number; max: number } | undefined {
    const list = [...(this.times.get(name) ?? [])].sort((a, b) => a - b);
    if (list.length === 0) return undefined;
    const rank = (p: number) => list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!;
    return { p50: rank(50), p95: rank(95), p99: rank(99), max: list.at(-1)! };
  }
}

/** Runs `work` for each item with at most `concurrency` at once; stops starting new ones at `deadline`. */
export async function pool<T>(
  items: T[],
  concurrency: number,
  deadline: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<{ started: number }> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && Date.now() < deadline) {
      const index = next;
      next += 1;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return { started: next };
}

/** The session cookies an answer set, as a Cookie header ("name=value; ..."), if any. */
export function cookieFrom(answer: Answer): string | undefined {
  const setCookie = answer.headers['set-cookie'] ?? [];
  const pairs = setCookie.map((line) => line.split(';')[0]!).filter((pair) => !pair.endsWith('='));
  return pairs.length > 0 ? pairs.join('; ') : undefined;
}

/** An error answer's message, or the start of a body that isn't JSON. */
export function messageOf(answer: Answer): string {
  try {
    return String((JSON.parse(answer.body) as { message?: unknown }).message ?? '');
  } catch {
    return answer.body.slice(0, 80);
  }
}
