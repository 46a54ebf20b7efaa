import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { createJobRunner, type Job } from '../src/jobs/job-runner.ts';
import { createTestDatabase } from './support/test-database.ts';

const quiet = { debug() {}, error() {} } as unknown as FastifyBaseLogger;

/** A job that records how many runs overlap, and finishes when told. */
function gatedJob(name: string, runs: Job['runs']) {
  const state = { started: 0, finished: 0, running: 0, mostAtOnce: 0, release: () => {} };
  let gate = Promise.resolve();
  const job: Job = {
    name,
    runs,
    async run() {
      state.started += 1;
      state.running += 1;
      state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
      await gate;
      state.running -= 1;
      state.finished += 1;
    },
  };
  const hold = () => {
    gate = new Promise<void>((resolve) => (state.release = resolve));
  };
  return { job, state, hold };
}

const until = async (check: () => boolean) => {
  await expect.poll(check, { timeout: 10_000 }).toBe(true);
};

describe('the job runner', () => {
  let first: DatabaseHandle;
  /** a second connection pool on the same schema, standing for a second instance (PostgreSQL only) */
  let second: DatabaseHandle;
  beforeAll(async () => {
    first = await createTestDatabase();
    const [{ schema }] = (await first.query<{ schema: string }>('SELECT current_schema() AS schema')) as [
      { schema: string },
    ];
    second =
      first.kind === 'postgres'
        ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, schemaName: schema })
        : first;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  it('runs a one-instance job on one of two instances at a time', async () => {
    const { job, state, hold } = gatedJob('reconcile', 'one-instance');
    hold();
    const runners = [first, second].map((database) =>
      createJobRunner({ database, log: quiet, intervalMs: 3_600_000, jobs: [job] }),
    );
    const [one, two] = runners as [ReturnType<typeof createJobRunner>, ReturnType<typeof createJobRunner>];
    const running = one.nudge('reconcile');
    await until(() => state.started === 1);
    // The other instance's turn finds the lock held and skips.
    await two.nudge('reconcile');
    expect(state).toMatchObject({ started: 1, mostAtOnce: 1 });
    state.release();
    await running;
    await two.nudge('reconcile');
    expect(state).toMatchObject({ started: 2, finished: 2, mostAtOnce: 1 });
  });

  it('never overlaps a job with itself; a nudge during a run asks for one more run', async () => {
    const { job, state, hold } = gatedJob('send-email', 'every-instance');
    hold();
    const runner = createJobRunner({ database: first, log: quiet, intervalMs: 3_600_000, jobs: [job] });
    const running = runner.nudge('send-email');
    await until(() => state.started === 1);
    void runner.nudge('send-email');
    void runner.nudge('send-email');
    const release = state.release;
    hold();
    release();
    await until(() => state.started === 2);
    state.release();
    await running;
    expect(state).toMatchObject({ started: 2, finished: 2, mostAtOnce: 1 });
  });

  it('waits for a running job when stopped, and starts none after', async () => {
    const { job, state, hold } = gatedJob('settle', 'one-instance');
    hold();
    const runner = createJobRunner({ database: first, log: quiet, intervalMs: 3_600_000, jobs: [job] });
    runner.start();
    await until(() => state.started === 1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    state.release();
    await stopping;
    expect(state.finished).toBe(1);
    await runner.nudge('settle');
    expect(state.started).toBe(1);
  });

  it('keeps running after a job fails', async () => {
    let calls = 0;
    const runner = createJobRunner({
      database: first,
      log: quiet,
      intervalMs: 3_600_000,
      jobs: [
        {
          name: 'flaky',
          runs: 'one-instance',
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('provider down');
          },
        },
      ],
    });
    await runner.nudge('flaky');
    await runner.nudge('flaky');
    expect(calls).toBe(2);
  });
});
