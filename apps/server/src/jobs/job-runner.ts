import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

export interface Job {
  name: string;
  run: () => Promise<unknown>;
  /**
   * `one-instance`: run under a database lock named after the job, so with N instances one runs it
   * and the others skip that turn (jobs that call providers row by row).
   * `every-instance`: safe to run everywhere at once because the job claims each row it works on
   * (the email sender), so no instance waits for another.
   */
  runs: 'one-instance' | 'every-instance';
}

/**
 * The background jobs (decision 0016): each runs at start-up, then every `intervalMs`, and when
 * nudged; a job never overlaps itself in this process (a nudge during a run asks for one more run).
 * `stop` ends the schedule and waits for the runs under way, so shutdown never cuts one short.
 */
export function createJobRunner(options: {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  intervalMs: number;
  jobs: Job[];
}) {
  const state = new Map(
    options.jobs.map((job) => [
      job.name,
      { job, running: undefined as Promise<void> | undefined, again: false },
    ]),
  );
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function runOnce(job: Job) {
    const started = Date.now();
    try {
      const outcome =
        job.runs === 'every-instance'
          ? { acquired: true as const, value: await job.run() }
          : await options.database.withLock(`job:${job.name}`, job.run, { wait: false });
      if (outcome.acquired)
        options.log.debug({ job: job.name, ms: Date.now() - started, result: outcome.value }, 'job ran');
      else options.log.debug({ job: job.name }, 'job skipped: another instance is running it');
    } catch (error) {
      options.log.error({ err: error, job: job.name }, 'job failed');
    }
  }

  function trigger(name: string): Promise<void> {
    const entry = state.get(name);
    if (!entry) throw new Error(`No job named ${name}`);
    if (stopped) return Promise.resolve();
    if (entry.running) {
      entry.again = true;
      return entry.running;
    }
    entry.running = (async () => {
      do {
        entry.again = false;
        await runOnce(entry.job);
      } while (entry.again && !stopped);
    })().finally(() => {
      entry.running = undefined;
    });
    return entry.running;
  }

  return {
    start() {
      for (const name of state.keys()) void trigger(name);
      timer = setInterval(() => {
        for (const name of state.keys()) void trigger(name);
      }, options.intervalMs);
      timer.unref();
    },
    /** Runs the job on this instance as soon as it is free (e.g. the email sender after a queue). */
    nudge: (name: string) => trigger(name),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([...state.values()].map((entry) => entry.running));
    },
  };
}
