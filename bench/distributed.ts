/**
 * Distributed runs against the local run of the same work, on this machine:
 * 6x10 --unique (cube-tree jobs, SAT) and a counting Genius Square sweep
 * (roll batches), each through a private redis-server with 1, 2 and 3
 * `puzzlesat worker` processes. CPU seconds of every party (coordinator,
 * workers, Redis) come from the kernel's per-process counters, so the queue's
 * own cost per job is what the distributed run spends beyond the local one.
 * Then redis-benchmark on the same Redis, for docs/distributed.md's estimate
 * of how many workers one Redis can feed.
 *
 *   npx tsc && node dist/bench/distributed.js [--rolls 1000] [--write]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { buildInstance } from '../encoders/index.js';
import { runSweep, sampleRolls } from '../src/enumerate/sweep.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { sweepExecutor } from '../src/distributed/runs.js';
import { type EnumeratePlan, resolvePlan, runPlan } from '../src/index.js';
import { QUEUE_NAME } from '../src/distributed/protocol.js';
import { pickSolver } from '../solvers/index.js';
import { option } from './args.js';
import { timed } from '../src/bench/timing.js';

const cli = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const argv = process.argv.slice(2);
const ROLLS = Number(option(argv, '--rolls') ?? 1000);
const WORKER_COUNTS = [1, 2, 3];
const TICKS = 100;
const IDLE_SECONDS = 4;

/** CPU seconds a process has used so far (all its threads), from /proc. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** This process's CPU seconds (all threads) during `run`, and its wall time. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Party {
  child: ChildProcess;
  cpu: () => number;
  stop: () => Promise<void>;
}

function party(command: string, args: string[], ready: (stderr: string) => boolean): Promise<Party> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (child.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`${command} exited: ${err}`));
      } else if (ready(err)) {
        clearInterval(poll);
        resolve({ child, cpu: () => cpuOf(child.pid!), stop: async () => void (child.kill('SIGTERM'), await exited) });
      }
    }, 50);
  });
}

async function startRedis(dir: string, port: number): Promise<{ party: Party; client: Redis }> {
  const redis = await party(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''],
    () => true,
  );
  const client = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: null, retryStrategy: (n) => Math.min(50 * n, 500) });
  for (;;) {
    try {
      if ((await client.ping()) === 'PONG') break;
    } catch {
      await sleep(50);
    }
  }
  return { party: redis, client };
}

const commandsProcessed = async (client: Redis) => Number(/total_commands_processed:(\d+)/.exec(await client.info('stats'))![1]);

interface QueueRow {
  workers: number;
  jobs: number;
  wall: number;
  coordinatorCpu: number;
  workerCpu: number;
  redisCpu: number;
  commands: number;
  /** Redis commands per second with the workers idle. */
  idlePerSecond: number;
}

/** One distributed run: start the workers, run the coordinator here, read everyone's CPU before the workers stop. */
async function queueRun(url: string, redis: { party: Party; client: Redis }, workers: number, work: () => Promise<void>): Promise<QueueRow> {
  const pool = await Promise.all(
    Array.from({ length: workers }, () => party(process.execPath, [cli, 'worker', '--queue', url], (e) => e.includes(' worker on '))),
  );
  // What idle workers cost Redis (blocking waits, lock and stall checks), apart from the jobs.
  const idleStart = await commandsProcessed(redis.client);
  await sleep(IDLE_SECONDS * 1000);
  const idlePerSecond = ((await commandsProcessed(redis.client)) - idleStart - 1) / IDLE_SECONDS;
  const workerBefore = pool.map((w) => w.cpu());
  const redisBefore = redis.party.cpu();
  const commandsBefore = await commandsProcessed(redis.client);
  const run = await timed(work);
  const commands = (await commandsProcessed(redis.client)) - commandsBefore;
  const queue = new Queue(QUEUE_NAME, { connection: redis.client });
  const jobs = await queue.getCompletedCount();
  await queue.close();
  const row = {
    workers,
    jobs,
    wall: run.wall,
    coordinatorCpu: run.cpu,
    workerCpu: pool.reduce((sum, w, i) => sum + w.cpu() - workerBefore[i]!, 0),
    redisCpu: redis.party.cpu() - redisBefore,
    commands,
    idlePerSecond,
  };
  await Promise.all(pool.map((w) => w.stop()));
  // A fresh queue for the next run: otherwise it would resume from this one.
  await redis.client.flushall();
  return row;
}

function redisBenchmark(port: number): { test: string; perSecond: number }[] {
  const tests = [
    ['-t', 'ping_mbulk,set,get,lpush,zadd'],
    [
      'eval',
      "redis.call('hset', KEYS[1], 'f', ARGV[1]); redis.call('zadd', 'z', ARGV[1], KEYS[1]); return redis.call('lpush', 'l', KEYS[1])",
      '1',
      'job:__rand_int__',
      '__rand_int__',
    ],
  ];
  return tests.flatMap((t) => {
    const r = spawnSync('redis-benchmark', ['-h', '127.0.0.1', '-p', String(port), '-q', '-n', '50000', '-c', '20', '-r', '100000', ...t], {
      encoding: 'utf8',
    });
    // -q prints progress lines ended by \r, then "<command>: <n> requests per second, ...".
    return r.stdout.split(/[\r\n]+/).flatMap((line) => {
      const m = /^(.*): ([\d.]+) requests per second/.exec(line.trim());
      return m ? [{ test: m[1]!.startsWith('eval') ? 'EVAL of a 3-write script (like one queue step)' : m[1]!, perSecond: Number(m[2]) }] : [];
    });
  });
}

const f = (x: number, d = 1) => x.toFixed(d);

function table(title: string, unit: string, amount: number, local: { cpu: number; wall: number }, rows: QueueRow[]): string[] {
  const out = [
    `### ${title}`,
    '',
    `Local run of the same work in one thread: ${f(local.cpu)} CPU s, ${f(local.wall)} s wall, ${f(amount / local.cpu, 0)} ${unit}/CPU s.`,
    '',
    `| workers | jobs | wall s | ${unit}/s (wall) | worker CPU s | coordinator CPU s | Redis CPU s | total CPU / local | overhead CPU ms per job | Redis commands per job (all) | idle commands/s | commands per job beyond idle | Redis CPU ms per job |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const total = r.workerCpu + r.coordinatorCpu + r.redisCpu;
    out.push(
      `| ${r.workers} | ${r.jobs} | ${f(r.wall)} | ${f(amount / r.wall, 0)} | ${f(r.workerCpu)} | ${f(r.coordinatorCpu, 2)} | ${f(r.redisCpu, 2)} | ${f(total / local.cpu, 2)} | ${f((1000 * (total - local.cpu)) / r.jobs, 0)} | ${f(r.commands / r.jobs, 0)} | ${f(r.idlePerSecond, 1)} | ${f((r.commands - r.idlePerSecond * r.wall) / r.jobs, 0)} | ${f((1000 * r.redisCpu) / r.jobs, 1)} |`,
    );
  }
  return [...out, ''];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'puzzlesat-bench-distributed-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const redis = await startRedis(dir, port);
  try {
    // Enumeration: 6x10, every symmetry class, by MiniSat (wasm).
    const instance = buildInstance('pentomino', { preset: '6x10' });
    const factory = await pickSolver('minisat-wasm');
    const localEnum = await timed(() => enumerate(instance, { createSolver: () => factory.create(), unique: true, onFound: () => undefined }));
    const cubes = localEnum.value.cubes;
    const plan = (await resolvePlan('pentomino', {
      verb: 'enumerate',
      args: { preset: '6x10' },
      solver: 'minisat-wasm',
      unique: true,
      queue: url,
    })) as EnumeratePlan;
    const enumRows: QueueRow[] = [];
    for (const n of WORKER_COUNTS) {
      enumRows.push(
        await queueRun(url, redis, n, async () => {
          const summary = await runPlan(plan);
          if (summary.count !== 2339) throw new Error(`6x10 through the queue: ${summary.count} classes`);
        }),
      );
    }
    // Sweep: counting the solutions of a sample of rolls.
    const rolls = sampleRolls(ROLLS, 1);
    const localSweep = await timed(() => runSweep({ count: true, rolls, workers: 1 }));
    const sweepRows: QueueRow[] = [];
    for (const n of WORKER_COUNTS) {
      sweepRows.push(
        await queueRun(url, redis, n, async () => {
          const run = await runSweep({ count: true, rolls, executor: sweepExecutor(url) });
          if (run.results.size !== ROLLS) throw new Error('sweep through the queue lost rolls');
        }),
      );
    }
    const bench = redisBenchmark(port);
    const lines = [
      '# Distributed runs: BullMQ over Redis against a local run',
      '',
      `Generated by \`node dist/bench/distributed.js --rolls ${ROLLS}\` on ${cpus().length} × ${cpus()[0]?.model.trim()} (load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')} at the end: the machine is shared, so wall times are noisy; CPU seconds are the measure).`,
      'Every run is on this one machine: the workers are separate `puzzlesat worker` processes, the coordinator runs in the bench process,',
      'Redis is a private `redis-server --appendonly yes` on a loopback port. CPU seconds are per process from /proc, threads included.',
      '',
      ...table(`6x10 --unique (2339 classes, ${cubes} cubes), minisat-wasm`, 'cubes', cubes, localEnum, enumRows),
      ...table(`Genius Square sweep --count, ${ROLLS} sampled rolls`, 'rolls', ROLLS, localSweep, sweepRows),
      '### redis-benchmark on the same Redis (50000 requests, 20 clients)',
      '',
      '| command | requests/s |',
      '|---|---|',
      ...bench.map((b) => `| ${b.test} | ${f(b.perSecond, 0)} |`),
      '',
      'Overhead per job = (workers + coordinator + Redis CPU − local CPU) / jobs: process and thread start-up, loading the instance and the solver',
      'once per job, and the queue traffic. On 2 cores, 3 workers cannot be faster than 2; they show what contention costs.',
      '',
    ];
    const report = lines.join('\n');
    process.stdout.write(report);
    if (argv.includes('--write')) writeFileSync('bench/results/distributed.md', report);
  } finally {
    redis.client.disconnect();
    await redis.party.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
