import type { Argv } from 'yargs';
import { DEFAULT_LOCK_SECONDS, parseQueueUrl, startWorker } from '../index.js';
import { type Args, guarded, positiveInt } from './common.js';

export const command = 'worker';
export const describe = 'take enumeration and sweep jobs from a Redis queue (see docs/distributed.md) until stopped';

export const builder = (y: Argv) =>
  y
    .option('queue', {
      type: 'string',
      demandOption: true,
      describe: 'redis://[user:password@]host:port[/db] or rediss:// (password also from PUZZLESAT_REDIS_PASSWORD)',
    })
    .option('concurrency', { type: 'number', describe: 'jobs at a time, each on its own thread (default 1; one per core to use them all)' })
    .option('lock-seconds', {
      type: 'number',
      describe: `a job's lock between heartbeats; a killed worker's job is retried after about twice this (default ${DEFAULT_LOCK_SECONDS})`,
    })
    .example('$0 worker --queue redis://localhost:6379', 'serve jobs of `enumerate --queue` and `sweep --queue`, one at a time')
    .example('$0 worker --queue redis://queue.example:6379 --concurrency 2', 'two jobs at a time on a two-core machine');

/**
 * The first SIGTERM or SIGINT finishes the active jobs and stops; a second
 * one puts them back in the queue for other workers and stops at once.
 */
export const handler = (args: Args) =>
  guarded(args, async () => {
    const address = parseQueueUrl(String(args.queue));
    const concurrency = positiveInt(args.concurrency, '--concurrency') ?? 1;
    const lockSeconds = positiveInt(args['lock-seconds'], '--lock-seconds') ?? DEFAULT_LOCK_SECONDS;
    const log = (line: string) => process.stderr.write(`puzzlesat worker: ${line}\n`);
    const worker = await startWorker(address, { concurrency, lockSeconds, log });
    await new Promise<void>((resolve) => {
      let signals = 0;
      const onSignal = (signal: string) => {
        signals++;
        if (signals === 1) {
          log(`${signal}: finishing the active jobs (again to put them back in the queue and stop now)`);
          void worker.finish().then(resolve);
        } else if (signals === 2) {
          log(`${signal}: putting the active jobs back in the queue`);
          // The job threads would keep the process alive to the end of their jobs: leave now.
          void worker.release().finally(() => {
            log('stopped');
            process.exit(0);
          });
        }
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
    });
    log('stopped');
    return 0;
  });
