import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildInstance } from '../encoders/index.js';
import { image, orbit } from '../src/enumerate/cube-tree.js';
import { QUEUE_NAME, fingerprint, validateJob } from '../src/distributed/protocol.js';
import { runJob } from '../src/distributed/execute.js';
import { enumerationJobs } from '../src/distributed/runs.js';
import { DEFAULT_LIMITS, setSizeLimits } from '../src/core/limits.js';
import type { EnumeratePlan } from '../src/core/plan.js';
import { resolvePlan } from '../src/plan.js';
import { toolVersion } from '../src/core/version.js';
import { parseQueueUrl } from '../src/distributed/connection.js';
import { checkNumericOptions, optionName } from '../src/cli/options.js';
import { withFieldNames } from '../src/core/field-names.js';
import { faultPlan, injectedFault } from '../src/distributed/fault-injection.js';
import { missing } from './helpers/requires.js';

/**
 * Distributed runs end to end: a private redis-server on a loopback port
 * (temporary directory, append-only file, an ACL user), `puzzlesat worker`
 * processes and coordinators driven through the compiled CLI, as users run them.
 */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');

const USER = 'puzzler';
const PASSWORD = 'pentomino-secret';
let dir = '';
let port = 0;
let redis: ChildProcess | undefined;
const children = new Set<ChildProcess>();
/** The coordinator's URL carries the password; workers take it from the environment. */
const url = () => `redis://${USER}:${PASSWORD}@127.0.0.1:${port}`;
const bareUrl = () => `redis://${USER}@127.0.0.1:${port}`;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as { port: number };
      server.close(() => resolve(p));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, test: () => boolean | Promise<boolean>, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function startRedis(): Promise<void> {
  redis = spawn('redis-server', [join(dir, 'redis.conf')], { stdio: 'ignore' });
  await until('redis-server to answer', async () => {
    const client = new Redis({ host: '127.0.0.1', port, username: USER, password: PASSWORD, lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  });
}

/** SIGTERM makes redis-server flush the append-only file and exit. */
async function stopRedis(): Promise<void> {
  const r = redis;
  if (!r || r.exitCode !== null) return;
  const exited = new Promise((resolve) => r.once('exit', resolve));
  r.kill('SIGTERM');
  await exited;
}

interface Run {
  child: ChildProcess;
  out: string;
  err: string;
  done: Promise<number | null>;
}

function start(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const run: Run = { child, out: '', err: '', done: new Promise((resolve) => child.once('exit', (code) => (children.delete(child), resolve(code)))) };
  child.stdout!.on('data', (d) => (run.out += d));
  child.stderr!.on('data', (d) => (run.err += d));
  return run;
}

/** A worker that logs in with the password from the environment; a short lock so a killed worker's job comes back soon. */
async function startWorker(extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const w = start(['worker', '--queue', bareUrl(), '--lock-seconds', '2', ...extra], { PUZZLESAT_REDIS_PASSWORD: PASSWORD, ...env });
  await until('the worker to connect', () => w.err.includes(' worker on ') || w.child.exitCode !== null);
  expect(w.err).toContain(' worker on ');
  return w;
}

async function stopWorkers(workers: Run[]): Promise<void> {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
  for (const w of workers) await w.done;
}

function queueClient() {
  const connection = new Redis({ host: '127.0.0.1', port, username: USER, password: PASSWORD, maxRetriesPerRequest: null });
  return { queue: new Queue(QUEUE_NAME, { connection }), close: async () => connection.disconnect() };
}

/** Each solution of a JSONL file named by its class: the least image of its variables under the puzzle's symmetries. */
function classesOf(path: string): string[] {
  const instance = buildInstance('pentomino', { preset: '6x10' });
  return (
    readFileSync(join(dir, path), 'utf8')
      .trim()
      .split('\n')
      // Solution lines only: the file also holds its run header and finished-cube records.
      .filter((line) => line.includes('"vars"'))
      .map((line) => {
        const vars = (JSON.parse(line) as { vars: number[] }).vars;
        return [vars, ...instance.symmetries.map((p) => image(p, vars))].map((v) => v.join(',')).sort()[0]!;
      })
  );
}

const lines = (path: string) => readFileSync(join(dir, path), 'utf8').trim().split('\n');

/** The command line of a queue enumeration of a pentomino board's classes as most tests start it: `options` (--jobs, --out ...) on the summary in JSON, no solution drawn. */
const enumerateOnQueue = (preset: string, ...options: string[]) => [
  'enumerate',
  'pentomino',
  '--preset',
  preset,
  '--unique',
  '--queue',
  url(),
  ...options,
  '--json',
  '--show',
  '0',
];

/** An enumeration plan as a job carries it (src/core/plan.ts), for jobs written by hand; `args` added per job. */
const JOB_PLAN = {
  verb: 'enumerate',
  puzzle: 'pentomino',
  rebuildable: true,
  engine: 'minisat-wasm',
  strategy: 'cubes',
  unique: true,
  symmetryBreaking: 'clauses',
  enumMode: 'chrono',
  propagation: 'native',
  branching: 'cover',
  cubeDepth: 4,
  workers: 1,
};

describe('queue protocol and addresses (no Redis needed)', () => {
  const fp = fingerprint({ run: 1 });
  const plan = { ...JOB_PLAN, args: { preset: '6x10' } };
  const work = { kind: 'enumerate', plan, part: { index: 2, of: 5 }, limits: { ...DEFAULT_LIMITS } };
  const planned = (change: Record<string, unknown>) => ({ ...work, plan: { ...plan, ...change } });
  const reason = (data: unknown) => {
    try {
      validateJob(data);
      return 'accepted';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('accepts a well-formed job and names the first problem of a malformed one', () => {
    expect(validateJob({ fingerprint: fp, work })).toEqual({ fingerprint: fp, work });
    expect(reason('text')).toBe('malformed job: the data is not an object');
    expect(reason({ fingerprint: fp, work: { ...work, part: { index: 5, of: 5 } } })).toMatch(/part must be \{index, of\}/);
    expect(reason({ fingerprint: fp, work: planned({ puzzle: 'chess' }) })).toMatch(/puzzle must be one of pentomino/);
    expect(reason({ fingerprint: fp, work: planned({ args: { board: '../../etc/passwd' } }) })).toMatch(/: board must be given by value/);
    expect(reason({ fingerprint: fp, work: planned({ args: { board: '../.#/..##' } }) })).toBe('accepted');
    // A bare name is a file too (./secret was read, and quoted in the failure): refused before any read (issue 26).
    expect(reason({ fingerprint: fp, work: planned({ args: { board: 'secret' } }) })).toMatch(/: board must be given by value/);
    expect(reason({ fingerprint: fp, work: planned({ puzzle: 'polycube', args: { figure: 'secret' } }) })).toMatch(/: figure must be given by value/);
    expect(reason({ fingerprint: fp, work: planned({ puzzle: 'polycube', args: { figure: 'cube' } }) })).not.toMatch(/given by value/);
    expect(reason({ fingerprint: fp, work: planned({ args: { out: 'x' } }) })).toMatch(/unknown option "out"/);
    expect(reason({ fingerprint: fp, work: { kind: 'sweep', count: true, rolls: [0, 62208] } })).toMatch(
      /every roll must be an index from 0 to 62207/,
    );
    expect(reason({ fingerprint: fp, work: planned({ symmetryBreaking: 'orbits' }) })).toBe('accepted');
    expect(reason({ fingerprint: fp, work: planned({ symmetryBreaking: 'magic' }) })).toBe(
      'malformed job: plan.symmetryBreaking must be one of clauses, orbits',
    );
    // Every setting of the plan is checked as it comes off the queue: none can reach a worker as something else.
    expect(reason({ fingerprint: fp, work: planned({ enumMode: 'fast' }) })).toBe('malformed job: plan.enumMode must be one of chrono, blocking');
    expect(reason({ fingerprint: fp, work: planned({ propagation: 'magic' }) })).toBe(
      'malformed job: plan.propagation must be one of native, clauses',
    );
    expect(reason({ fingerprint: fp, work: planned({ branching: 'random' }) })).toBe('malformed job: plan.branching must be one of cover, vsids');
    expect(reason({ fingerprint: fp, work: planned({ strategy: 'native' }) })).toBe('malformed job: plan.strategy must be one of exact-cover, cubes');
    expect(reason({ fingerprint: fp, work: planned({ cubeDepth: undefined }) })).toMatch(/plan.cubeDepth must be a whole number/);
    expect(reason({ fingerprint: fingerprint({ run: 1 }, '0.0.1'), work })).toMatch(/^job made by puzzlesat 0\.0\.1; this worker runs /);
  });

  it('refuses a job without its size limits, or with one that is not a whole number ≥ 1', () => {
    expect(reason({ fingerprint: fp, work: { ...work, limits: undefined } })).toBe('malformed job: limits must be an object of size limits');
    expect(reason({ fingerprint: fp, work: { ...work, limits: { ...DEFAULT_LIMITS, cells: 0 } } })).toBe(
      'malformed job: limits.cells must be a whole number ≥ 1',
    );
    expect(reason({ fingerprint: fp, work: { ...work, limits: { ...DEFAULT_LIMITS, rows: 5 } } })).toMatch(/^malformed job: unknown limit "rows"/);
  });

  describe('the size limits in force at the coordinator', () => {
    afterEach(() => setSizeLimits({}));
    const lowered = { ...DEFAULT_LIMITS, literals: 1000 };

    it('travel with every job, and are part of the run (regression: a job carried none, and a new run under others retried it)', async () => {
      const queued = (await resolvePlan('pentomino', { verb: 'enumerate', args: { preset: '3x20' }, queue: 'redis://127.0.0.1:1' })) as EnumeratePlan;
      const asBuilt = enumerationJobs(queued, 2);
      expect(asBuilt.jobs.map((j) => j.work.limits)).toEqual([DEFAULT_LIMITS, DEFAULT_LIMITS]);
      // A library caller's setSizeLimits (the CLI's --max-literals sets the same), which its own thread holds only.
      setSizeLimits({ literals: 1000 });
      const limited = enumerationJobs(queued, 2);
      expect(limited.jobs.map((j) => j.work.limits)).toEqual([lowered, lowered]);
      expect(validateJob({ fingerprint: limited.fingerprint, work: limited.jobs[0]!.work }).work).toMatchObject({ limits: lowered });
      expect(limited.fingerprint).not.toBe(asBuilt.fingerprint);
    });

    it('are those the job runs under, whatever the thread it lands on holds (regression: the worker ran it under the defaults)', async () => {
      const limited = validateJob({
        fingerprint: fp,
        work: { ...planned({ args: { preset: '3x20', amo: 'pairwise' } }), part: { index: 0, of: 1 }, limits: lowered },
      });
      await expect(runJob(limited)).rejects.toThrow(/than the limit of 1000 \(raise it with .*maxLiterals/);
      // The next job of another run, on the same thread, under its own (the defaults): the lowered limits do not linger.
      const whole = validateJob({ fingerprint: fp, work: { ...planned({ args: { preset: '3x20', amo: 'pairwise' } }), part: { index: 0, of: 1 } } });
      expect(await runJob(whole)).toMatchObject({ kind: 'enumerate', complete: true, found: [{}, {}] });
    });

    it('hold for a job whose instance the thread built before under higher ones (regression: the kept instance was reused unchecked)', async () => {
      const args = { preset: '3x20', amo: 'pairwise' };
      const job = (limits?: typeof lowered) =>
        validateJob({ fingerprint: fp, work: { ...planned({ args }), part: { index: 0, of: 1 }, ...(limits ? { limits } : {}) } });
      // What a fresh thread says of the job: its build refused under the lowered limits.
      setSizeLimits(lowered);
      const fresh = (() => {
        try {
          buildInstance('pentomino', args);
        } catch (e) {
          return (e as Error).message;
        }
      })();
      setSizeLimits({});
      expect(fresh).toMatch(/than the limit of 1000/);
      // The same thread first runs the job under the defaults, and keeps the instance it built...
      expect(await runJob(job())).toMatchObject({ kind: 'enumerate', complete: true });
      // ...then the same job under the lowered limits is refused as in a fresh thread.
      await expect(runJob(job(lowered))).rejects.toThrow(fresh);
    });
  });

  it("names the job's options as its caller spells them: the library's fields, or the command line's options", () => {
    // Regression: "--pieces-file names a file" and "--board must be ..." reached library callers, who gave piecesFile and board.
    const cases: [Record<string, unknown>, string, string][] = [
      [{ 'pieces-file': 'p.txt' }, 'piecesFile names a file', '--pieces-file names a file'],
      [{ board: 'secret' }, 'board must be given by value', '--board must be given by value'],
      [{ board: ['4x4'] }, 'board must be a string, number or boolean', '--board must be a string, number or boolean'],
      [{ 'non-overlap': 'x'.repeat(2 ** 20 + 1) }, 'nonOverlap is longer than', '--non-overlap is longer than'],
    ];
    for (const [args, library, cli] of cases) {
      const data = { fingerprint: fp, work: planned({ args }) };
      expect(reason(data)).toMatch(new RegExp(`^malformed job: ${library}`));
      expect(withFieldNames(optionName, () => reason(data))).toMatch(new RegExp(`^malformed job: ${cli}`));
    }
  });

  it('fingerprints a run by content, whatever the order of its options', () => {
    expect(fingerprint({ a: 1, b: [2, 3] })).toBe(fingerprint({ b: [2, 3], a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
    expect(fingerprint({ a: 1 })).toMatch(new RegExp(`^v${toolVersion().replace(/\./g, '\\.')}-[0-9a-f]{16}$`));
  });

  it('reads user, password, database and TLS from the URL or the environment, and never shows the password', () => {
    const a = parseQueueUrl('rediss://alice:s%40cret@queue.example:6380/3', {});
    expect(a).toMatchObject({
      host: 'queue.example',
      port: 6380,
      db: 3,
      username: 'alice',
      password: 's@cret',
      tls: true,
      shown: 'rediss://alice:***@queue.example:6380/3',
    });
    const b = parseQueueUrl('redis://10.0.0.5', { PUZZLESAT_REDIS_PASSWORD: 'from-env', PUZZLESAT_REDIS_USER: 'bob' });
    expect(b).toMatchObject({ port: 6379, db: 0, username: 'bob', password: 'from-env', tls: false });
    expect(b.shown).not.toContain('from-env');
    // Called from the library, it names the field as the library spells it; the command lines below, --queue.
    expect(() => parseQueueUrl('http://alice:hunter2@host', {})).toThrow(
      /^queue: expected a redis:\/\/ or rediss:\/\/ URL, got "http:\/\/alice:\*\*\*@host"$/,
    );
    expect(() => parseQueueUrl('redis://alice:hunter2@host/x', {})).toThrow(/database number/);
    // A malformed URL is a bad option value: a usage error, exit 2, for the worker and the coordinator alike (regression: exit 1).
    for (const args of [
      ['worker', '--queue', 'notaurl'],
      ['enumerate', 'pentomino', '--preset', '3x20', '--queue', 'http://host'],
    ]) {
      const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: tmpdir() });
      expect(r.stderr, args.join(' ')).toMatch(/^puzzlesat: --queue: expected (a )?redis:\/\/.*\n$/);
      expect(r.status, args.join(' ')).toBe(2);
    }
  });

  it('reads the fault-injection test hook only when set, and fails a job once per job (by its attempts) or always', () => {
    expect(faultPlan({})).toBeUndefined();
    expect(faultPlan({ PUZZLESAT_FAULT_INJECT: '' })).toBeUndefined();
    expect(() => faultPlan({ PUZZLESAT_FAULT_INJECT: 'fail-twice:part1' })).toThrow(
      /^PUZZLESAT_FAULT_INJECT: expected fail-once:<part of a job id> or fail-always:<part of a job id>, got "fail-twice:part1"$/,
    );
    const once = faultPlan({ PUZZLESAT_FAULT_INJECT: 'fail-once:-part1of' });
    expect(injectedFault(once, 'v1-abc-part1of3', 0)?.message).toBe('injected fault (PUZZLESAT_FAULT_INJECT=fail-once:-part1of) on attempt 1');
    expect(injectedFault(once, 'v1-abc-part1of3', 1)).toBeUndefined();
    expect(injectedFault(once, 'v1-abc-part2of3', 0)).toBeUndefined();
    const always = faultPlan({ PUZZLESAT_FAULT_INJECT: 'fail-always:-part1of' });
    expect(injectedFault(always, 'v1-abc-part1of3', 2)?.message).toMatch(/on attempt 3$/);
    expect(injectedFault(undefined, 'v1-abc-part1of3', 0)).toBeUndefined();
  });

  it('refuses --jobs without --queue as a usage error, instead of running locally and ignoring it', () => {
    const enumerate = ['enumerate', 'pentomino', '--preset', '3x20', '--unique', '--solver', 'dlx', '--show', '0'];
    const alone = spawnSync(process.execPath, [cli, ...enumerate, '--jobs', '4'], { encoding: 'utf8', cwd: tmpdir() });
    expect(alone.status).toBe(2);
    expect(alone.stderr).toBe('puzzlesat: --jobs: splits a run into jobs on a queue: it needs --queue URL\n');
    expect(alone.stdout).toBe('');
    const zero = spawnSync(process.execPath, [cli, ...enumerate, '--jobs', '0', '--queue', 'redis://127.0.0.1:1'], {
      encoding: 'utf8',
      cwd: tmpdir(),
    });
    expect(zero.status).toBe(2);
    expect(zero.stderr).toMatch(/^puzzlesat: --jobs: expected a whole number ≥ 1, got "0"\n$/);
    expect(() => checkNumericOptions({ jobs: 4, queue: 'redis://127.0.0.1', _: [] })).not.toThrow();
  });

  it('refuses, in one line naming both options and before any connection, what a queued run cannot carry', () => {
    const enumerate = ['enumerate', 'pentomino', '--preset', '3x20', '--unique', '--queue', 'redis://127.0.0.1:1', '--show', '0'];
    for (const [extra, message] of [
      [['--workers', '2'], '--workers does not go with --queue: each queue worker takes its own jobs (puzzlesat worker --concurrency)'],
      [['--limit', '1'], '--queue runs to the end: drop --limit'],
      [['--certify'], '--certify checks proofs in this process: it does not go with --queue'],
    ] as const) {
      const r = spawnSync(process.execPath, [cli, ...enumerate, ...extra], { encoding: 'utf8', cwd: tmpdir() });
      expect(r.stderr).toBe(`puzzlesat: ${message}\n`);
      // Options that do not go together: a usage error.
      expect(r.status).toBe(2);
    }
  }, 60_000);
});

describe.skipIf(missing('redis-server', 'minisat-wasm'))('distributed enumeration and sweeps over a Redis queue', { timeout: 240_000 }, () => {
  let localClasses: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'puzzlesat-distributed-'));
    port = await freePort();
    // The default user is off but keeps its permissions: Redis 7.0 replays the append-only file's
    // transactions (every BullMQ script) as that user, and drops them all if it may do nothing.
    writeFileSync(
      join(dir, 'redis.conf'),
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        'appendonly yes',
        'save ""',
        'user default off resetpass ~* &* +@all',
        `user ${USER} on >${PASSWORD} ~* &* +@all`,
      ].join('\n') + '\n',
    );
    await startRedis();
    // The peer: a local run, by dancing links (another engine than the workers' SAT solver).
    // With the encoding enumerate builds for the workers' minisat-wasm (native groups need pairwise), so that a queue run can resume this file.
    const local = start([
      'enumerate',
      'pentomino',
      '--preset',
      '6x10',
      '--unique',
      '--solver',
      'dlx',
      '--amo',
      'pairwise',
      '--out',
      'local.jsonl',
      '--show',
      '0',
    ]);
    expect(await local.done).toBe(0);
    localClasses = classesOf('local.jsonl').sort();
    expect(localClasses).toHaveLength(2339);
  }, 120_000);

  // A test that failed half-way leaves its workers running: they must not take the next test's jobs.
  afterEach(async () => {
    const left = [...children].map(
      (c) => new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve(undefined) : c.once('exit', resolve))),
    );
    for (const c of children) c.kill('SIGKILL');
    await Promise.all(left);
  });

  afterAll(async () => {
    await stopRedis();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('enumerates 6x10 --unique on three workers: the 2339 classes of a local run; a malformed job fails alone', async () => {
    const { queue, close } = queueClient();
    const fingerprint = `v${toolVersion()}-0123456789abcdef`;
    const work = (args: Record<string, unknown>) => ({ kind: 'enumerate', plan: { ...JOB_PLAN, args }, part: { index: 0, of: 1 } });
    await queue.add('enumerate', { fingerprint, work: work({ 'pieces-file': 'secrets.txt' }) }, { jobId: 'malformed', attempts: 3 });
    await queue.add('enumerate', { fingerprint: 'v9.9.9-0123456789abcdef', work: work({}) }, { jobId: 'other-version', attempts: 3 });
    // One of them takes two jobs at a time, on two threads.
    const workers = [await startWorker(['--concurrency', '2']), await startWorker(), await startWorker()];
    const run = start(enumerateOnQueue('6x10', '--out', 'queue.jsonl'));
    expect(await run.done).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ count: 2339, raw: 9356, complete: true, mode: 'queue', solver: 'minisat-wasm' });
    expect(classesOf('queue.jsonl').sort()).toEqual(localClasses);
    expect(run.err).not.toContain(PASSWORD);

    const malformed = (await Job.fromId(queue, 'malformed'))!;
    expect(await malformed.getState()).toBe('failed');
    expect(malformed.failedReason).toMatch(/^malformed job: --pieces-file names a file/);
    expect(malformed.attemptsMade).toBe(1);
    const other = (await Job.fromId(queue, 'other-version'))!;
    expect(other.failedReason).toMatch(/job made by puzzlesat 9\.9\.9; this worker runs/);
    // The workers outlived the bad jobs, and stop cleanly on SIGTERM.
    expect(workers.every((w) => w.child.exitCode === null)).toBe(true);
    await stopWorkers(workers);
    expect(workers.map((w) => w.child.exitCode)).toEqual([0, 0, 0]);
    expect(workers[0]!.err).toMatch(/stopped\n$/);
    // The same command again, with no worker left: it can only finish from the completed jobs in Redis.
    const again = start(enumerateOnQueue('6x10', '--out', 'again.jsonl'));
    await until('the re-run to finish without workers', () => again.child.exitCode !== null, 60);
    expect(again.child.exitCode).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ count: 2339, complete: true });
    expect(lines('again.jsonl').filter((l) => l.includes('"vars"'))).toEqual(lines('queue.jsonl').filter((l) => l.includes('"vars"')));
    await queue.close();
    await close();
  });

  it('survives a worker SIGKILLed mid-job, a coordinator killed and restarted, and a Redis restart: exactly 2339, no duplicate', async () => {
    const { queue, close } = queueClient();
    const args = enumerateOnQueue('6x10', '--jobs', '12', '--out', 'faults.jsonl');
    const victim = await startWorker();
    const first = start(args);
    let taken: Job | undefined;
    await until('a job of the run to start', async () => {
      taken = (await queue.getActive()).find((j) => j.id!.endsWith('of12'));
      return taken !== undefined;
    });
    victim.child.kill('SIGKILL');
    await victim.done;
    expect(await queue.getJobState(taken!.id!)).toBe('active');

    const workers = [await startWorker(), await startWorker()];
    const finishedOnOfRun = async () =>
      new Map((await queue.getCompleted(0, -1)).filter((j) => j.id!.endsWith('of12')).map((j) => [j.id!, j.finishedOn]));
    await until('three jobs to complete', async () => (await finishedOnOfRun()).size >= 3);
    // The coordinator dies once it has written some solutions (the first job's, in job order: after the killed worker's job came back).
    await until(
      'the coordinator to write solutions',
      () => existsSync(join(dir, 'faults.jsonl')) && lines('faults.jsonl').some((l) => l.includes('"vars"')),
      120,
    );
    first.child.kill('SIGKILL');
    await first.done;
    const written = lines('faults.jsonl').filter((l) => l.includes('"vars"')).length;
    const beforeRestart = await finishedOnOfRun();
    await stopRedis();
    await startRedis();
    // The append-only file kept them (Redis can lose them on loading it: see the configuration above).
    const afterRestart = await finishedOnOfRun();
    for (const [id, at] of beforeRestart) expect(afterRestart.get(id)).toBe(at);

    const second = start([...args, '--resume']);
    expect(await second.done).toBe(0);
    expect(second.err).toMatch(new RegExp(`^puzzlesat: resuming: ${written} solutions from faults\\.jsonl`));
    expect(JSON.parse(second.out)).toMatchObject({ count: 2339, raw: 9356, complete: true });
    const solutions = lines('faults.jsonl').filter((l) => l.includes('"vars"'));
    expect(solutions).toHaveLength(2339);
    expect(new Set(solutions.map((l) => JSON.stringify((JSON.parse(l) as { vars: number[] }).vars))).size).toBe(2339);
    expect(classesOf('faults.jsonl').sort()).toEqual(localClasses);
    // The killed worker's job was found stalled and done again by another worker.
    expect(await queue.getJobState(taken!.id!)).toBe('completed');
    // Both workers lived through the restart, saw it and said so.
    for (const w of workers) expect(w.err).toMatch(/queue trouble, retrying: .*\n(.*\n)*puzzlesat worker: queue connection back\n/);
    // What had completed when the coordinator came back was collected, not done again.
    for (const [id, at] of afterRestart) expect((await Job.fromId(queue, id))!.finishedOn).toBe(at);
    await stopWorkers(workers);
    await queue.close();
    await close();
  });

  it('retries a job that throws once, resuming a file begun by a local run: exactly the 2339 classes, each once', async () => {
    const { queue, close } = queueClient();
    // The local run (dancing links) holds other members of some classes than the workers' SAT solver finds: resume matches classes.
    // A run stopped after its 500th solution leaves a prefix of its file (each line's checksum chains from the lines above).
    const begun = lines('local.jsonl');
    const cut = begun.findIndex((l, i) => begun.slice(0, i + 1).filter((m) => m.includes('"vars"')).length === 500);
    writeFileSync(join(dir, 'retry.jsonl'), begun.slice(0, cut + 1).join('\n') + '\n');
    // The retry may land on either worker: "once" is counted in Redis, not by a worker.
    const faulty = { PUZZLESAT_FAULT_INJECT: 'fail-once:-part3of8' };
    const workers = [await startWorker([], faulty), await startWorker([], faulty)];
    expect(workers[0]!.err).toContain('test hook PUZZLESAT_FAULT_INJECT is set: jobs whose id contains "-part3of8" throw (fail-once)');
    const run = start(enumerateOnQueue('6x10', '--jobs', '8', '--out', 'retry.jsonl', '--resume'));
    expect(await run.done).toBe(0);
    await stopWorkers(workers);
    expect(run.err).toMatch(/^puzzlesat: resuming: 500 solutions from retry\.jsonl/);
    expect(JSON.parse(run.out)).toMatchObject({ count: 2339, raw: 9356, complete: true, mode: 'queue' });
    expect(
      lines('retry.jsonl')
        .filter((l) => l.includes('"vars"'))
        .slice(0, 500),
    ).toEqual(begun.filter((l) => l.includes('"vars"')).slice(0, 500));
    expect(classesOf('retry.jsonl').sort()).toEqual(localClasses);
    // The job failed on its first attempt and completed on its second; the others took one attempt.
    const jobs = (await queue.getCompleted(0, -1)).filter((j) => j.id!.endsWith('of8'));
    expect(jobs).toHaveLength(8);
    const retried = jobs.find((j) => j.id!.endsWith('-part3of8'))!;
    expect(retried.attemptsMade).toBe(2);
    expect(jobs.filter((j) => j !== retried).every((j) => j.attemptsMade === 1)).toBe(true);
    expect(workers.map((w) => w.err).join('')).toContain(
      `failed ${retried.id}: injected fault (PUZZLESAT_FAULT_INJECT=fail-once:-part3of8) on attempt 1`,
    );
    await queue.close();
    await close();
  });

  it('stops the coordinator with one line naming a job that throws on every attempt, and no count; a new run retries it', async () => {
    const { queue, close } = queueClient();
    const workers = [await startWorker([], { PUZZLESAT_FAULT_INJECT: 'fail-always:-part1of3' })];
    const run = start(enumerateOnQueue('3x20', '--jobs', '3', '--out', 'always.jsonl'));
    expect(await run.done).toBe(1);
    await stopWorkers(workers);
    expect(run.out).toBe('');
    expect(run.err).toMatch(
      /^puzzlesat: job v[\w.+-]+-part1of3 failed: injected fault \(PUZZLESAT_FAULT_INJECT=fail-always:-part1of3\) on attempt \d+\n$/,
    );
    const id = run.err.split(' ')[2]!;
    const job = (await Job.fromId(queue, id))!;
    expect(await job.getState()).toBe('failed');
    // It failed for good only after its retries.
    expect(job.attemptsMade).toBeGreaterThan(1);
    expect(run.err).toContain(`on attempt ${job.attemptsMade}\n`);
    // The same command once the workers are fixed: the failed job is tried again, and the run completes.
    const fixed = await startWorker();
    const again = start(enumerateOnQueue('3x20', '--jobs', '3', '--out', 'always.jsonl', '--force'));
    expect(await again.done).toBe(0);
    await stopWorkers([fixed]);
    expect(JSON.parse(again.out)).toMatchObject({ count: 2, raw: 8, complete: true });
    expect(await job.getState()).toBe('completed');
    await queue.close();
    await close();
  });

  it('carries --unique-by to the jobs, and resumes a file that holds another member of a class than the workers find', async () => {
    const { queue, close } = queueClient();
    const workers = [await startWorker()];
    const args = enumerateOnQueue('3x20', '--unique-by', 'orbits');
    const first = start([...args, '--out', 'orbits.jsonl']);
    expect(await first.done).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({ count: 2, raw: 8, complete: true });
    const jobs = (await queue.getCompleted(0, -1)).filter(
      (j) => (j.data as { work: { plan?: { args?: { preset?: string } } } }).work.plan?.args?.preset === '3x20',
    );
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.map((j) => (j.data as { work: { plan: { symmetryBreaking?: string } } }).work.plan.symmetryBreaking)).toContain('orbits');

    // The first class, as another of its members.
    const instance = buildInstance('pentomino', { preset: '3x20' });
    const [header, line] = lines('orbits.jsonl').filter((l, i) => i === 0 || l.includes('"vars"'));
    const record = JSON.parse(line!) as { vars: number[] };
    const found = [...record.vars].sort((a, b) => a - b).join(',');
    const other = orbit(instance.symmetries, record.vars).find((m) => m.join(',') !== found)!;
    // The record as the run file writes one: its text, then a checksum chained from the header's (SHA-256, 32 hex digits).
    const sum = (previous: string, body: string) => createHash('sha256').update(`${previous}\n${body}`).digest('hex').slice(0, 32);
    const { sum: _dropped, ...fields } = record as { sum?: string; vars: number[] };
    const body = JSON.stringify({ ...fields, vars: other, solution: instance.toJson(instance.decode(other)) }).slice(0, -1);
    writeFileSync(join(dir, 'moved.jsonl'), `${header}\n${body},"sum":"${sum(sum('', header!), body)}"}\n`);
    const resumed = start([...args, '--out', 'moved.jsonl', '--resume']);
    expect(await resumed.done).toBe(0);
    await stopWorkers(workers);
    expect(JSON.parse(resumed.out)).toMatchObject({ count: 2, raw: 8, complete: true });
    const kept = lines('moved.jsonl')
      .filter((l) => l.includes('"vars"'))
      .map((l) => (JSON.parse(l) as { vars: number[] }).vars);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toEqual(other);
    const classOf = (vars: number[]) =>
      orbit(instance.symmetries, vars)
        .map((m) => m.join(','))
        .sort()[0];
    expect(new Set(kept.map(classOf)).size).toBe(2);
    await queue.close();
    await close();
  });

  it('runs the enumeration settings given to the coordinator on the workers: --enum-mode, --propagation, --branching, --cube-depth, --unique-by', async () => {
    const { queue, close } = queueClient();
    const workers = [await startWorker()];
    const settings = ['--propagation', 'clauses', '--branching', 'vsids', '--enum-mode', 'blocking', '--cube-depth', '3', '--unique-by', 'orbits'];
    const args = enumerateOnQueue('3x20', ...settings);
    const run = start(args);
    expect(await run.done).toBe(0);
    await stopWorkers(workers);
    // The two classes of the 3x20 strip (the count of a local run by dancing links, in the cli tests).
    expect(JSON.parse(run.out)).toMatchObject({ count: 2, raw: 8, complete: true, mode: 'queue' });
    const jobs = (await queue.getCompleted(0, -1)).filter((j) => {
      const plan = (j.data as { work: { plan?: { args?: { preset?: string }; cubeDepth?: number } } }).work.plan;
      return plan?.args?.preset === '3x20' && plan.cubeDepth === 3;
    });
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      const { plan } = (job.data as { work: { plan: Record<string, unknown> } }).work;
      expect(plan).toMatchObject({ enumMode: 'blocking', propagation: 'clauses', branching: 'vsids', cubeDepth: 3, symmetryBreaking: 'orbits' });
    }
    // What the workers did shows it too: by blocking clauses every cube costs a solve per solution plus the UNSAT closing it
    // (chrono, the default here, makes one enumeration call per cube).
    const results = jobs.map((j) => j.returnvalue as { found: unknown[]; cubes: number; solves: number });
    const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((n, r) => n + f(r), 0);
    expect(sum((r) => r.solves)).toBe(sum((r) => r.cubes) + sum((r) => r.found.length));
    await queue.close();
    await close();
  });

  it('stops a busy worker on SIGTERM after its job, and on a second signal puts the job back: still exactly 2339', async () => {
    const { queue, close } = queueClient();
    const activeOfRun = async () => (await queue.getActive()).filter((j) => j.id!.endsWith('of3')).map((j) => j.id!);
    const run = start(enumerateOnQueue('6x10', '--jobs', '3', '--out', 'signals.jsonl'));

    const finisher = await startWorker();
    await until('the first worker to take a job', async () => (await activeOfRun()).length > 0);
    const finished = await activeOfRun();
    finisher.child.kill('SIGTERM');
    expect(await finisher.done).toBe(0);
    expect(finisher.err).toContain('SIGTERM: finishing the active jobs');
    for (const id of finished) expect(finisher.err).toContain(`done ${id} `);
    // It took no job after the signal.
    expect(finisher.err.match(/^puzzlesat worker: done /gm)).toHaveLength(finished.length);

    const releaser = await startWorker();
    await until('the second worker to take a job', async () => (await activeOfRun()).length > 0);
    const released = await activeOfRun();
    releaser.child.kill('SIGTERM');
    await until('the worker to start finishing', () => releaser.err.includes('finishing'));
    releaser.child.kill('SIGTERM');
    expect(await releaser.done).toBe(0);
    expect(releaser.err).toContain('SIGTERM: putting the active jobs back in the queue');
    for (const id of released) expect(await queue.getJobState(id)).toBe('waiting');

    const last = await startWorker();
    expect(await run.done).toBe(0);
    await stopWorkers([last]);
    expect(JSON.parse(run.out)).toMatchObject({ count: 2339, raw: 9356, complete: true });
    expect(new Set(lines('signals.jsonl').filter((l) => l.includes('"vars"'))).size).toBe(2339);
    expect(classesOf('signals.jsonl').sort()).toEqual(localClasses);
    // Putting a job back is not a failed attempt.
    for (const id of released) expect((await Job.fromId(queue, id))!.attemptsMade).toBe(1);
    await queue.close();
    await close();
  });

  it('sweeps a Genius Square sample with --count through the queue, line for line as the local sweep', async () => {
    const sweep = ['sweep', 'genius-square', '--count', '--sample', '500'];
    const local = start([...sweep, '--workers', '1', '--out', 'local.tsv']);
    expect(await local.done).toBe(0);
    const workers = [await startWorker(), await startWorker()];
    const queued = start([...sweep, '--queue', url(), '--out', 'queue.tsv']);
    expect(await queued.done).toBe(0);
    await stopWorkers(workers);
    expect(lines('queue.tsv')).toEqual(lines('local.tsv'));
    // The sweep's parameters, the TSV header and 500 rows.
    expect(lines('queue.tsv')).toHaveLength(502);
    // The same summary, but for where the work ran.
    expect(queued.out.split('\n').slice(1)).toEqual(local.out.split('\n').slice(1));
    expect(queued.out).toMatch(/^500 of 500 rolls visited in .* with jobs on redis:\/\/puzzler:\*\*\*@127\.0\.0\.1:\d+ /);
  });

  it.skipIf(missing('openssl'))('runs over rediss:// (TLS) with a private CA, and refuses a server it does not trust in one line', async () => {
    const tls = join(dir, 'tls');
    mkdirSync(tls);
    const openssl = (...args: string[]) => expect(spawnSync('openssl', args, { cwd: tls, stdio: 'ignore' }).status).toBe(0);
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=puzzlesat test CA');
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
    writeFileSync(join(tls, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
    openssl(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.crt',
      '-days',
      '2',
      '-extfile',
      'san.ext',
    );
    const tlsPort = await freePort();
    writeFileSync(
      join(tls, 'redis.conf'),
      [
        'port 0',
        `tls-port ${tlsPort}`,
        'bind 127.0.0.1',
        `dir ${tls}`,
        `tls-cert-file ${join(tls, 'server.crt')}`,
        `tls-key-file ${join(tls, 'server.key')}`,
        `tls-ca-cert-file ${join(tls, 'ca.crt')}`,
        'tls-auth-clients no',
        'user default off resetpass ~* &* +@all',
        `user ${USER} on >${PASSWORD} ~* &* +@all`,
      ].join('\n') + '\n',
    );
    const server = spawn('redis-server', [join(tls, 'redis.conf')], { stdio: 'ignore' });
    const serverExit = new Promise((resolve) => server.once('exit', resolve));
    try {
      await until(
        'the TLS redis-server to listen',
        () =>
          new Promise<boolean>((resolve) => {
            const socket = tcpConnect(tlsPort, '127.0.0.1');
            socket.once('connect', () => (socket.destroy(), resolve(true)));
            socket.once('error', () => resolve(false));
          }),
      );
      // An address, not a name: also no TLS-server-name warning on stderr (RFC 6066 allows only names there).
      const tlsUrl = `rediss://${USER}@127.0.0.1:${tlsPort}`;
      const untrusting = start(['worker', '--queue', tlsUrl], { PUZZLESAT_REDIS_PASSWORD: PASSWORD });
      expect(await untrusting.done).toBe(1);
      expect(untrusting.err).toMatch(
        /^puzzlesat: rediss:\/\/puzzler:\*\*\*@127\.0\.0\.1:\d+: the server's TLS certificate is not trusted \([A-Z_]+; PUZZLESAT_REDIS_CA names a PEM file of the authority that signed it\)\n$/,
      );

      const env = { PUZZLESAT_REDIS_PASSWORD: PASSWORD, PUZZLESAT_REDIS_CA: join(tls, 'ca.crt') };
      const worker = start(['worker', '--queue', tlsUrl], env);
      await until('the worker to connect over TLS', () => worker.err.includes(' worker on ') || worker.child.exitCode !== null);
      expect(worker.err).toMatch(/^puzzlesat worker: puzzlesat \S+ worker on rediss:\/\/puzzler:\*\*\*@127\.0\.0\.1:\d+, 1 at a time\n/);
      const run = start(['enumerate', 'pentomino', '--preset', '3x20', '--unique', '--queue', tlsUrl, '--json', '--show', '0'], env);
      expect(await run.done).toBe(0);
      expect(JSON.parse(run.out)).toMatchObject({ count: 2, raw: 8, complete: true, mode: 'queue' });
      expect(run.err).toBe('');
      await stopWorkers([worker]);
      expect(worker.err).toMatch(/done .*\n/);
    } finally {
      server.kill('SIGTERM');
      await serverExit;
    }
  });

  it('refuses a worker and a coordinator with the wrong password in one line that does not show it', async () => {
    const w = start(['worker', '--queue', `redis://${USER}:not-the-password@127.0.0.1:${port}`]);
    expect(await w.done).toBe(1);
    expect(w.err.trim().split('\n')).toHaveLength(1);
    expect(w.err).toMatch(/^puzzlesat: redis:\/\/puzzler:\*\*\*@127\.0\.0\.1:\d+: Redis refused the login/);
    expect(w.err).not.toContain('not-the-password');
    const coordinator = start([
      'enumerate',
      'pentomino',
      '--preset',
      '3x20',
      '--unique',
      '--queue',
      `redis://${USER}:not-the-password@127.0.0.1:${port}`,
      '--show',
      '0',
    ]);
    expect(await coordinator.done).toBe(1);
    expect(coordinator.err).toMatch(/^puzzlesat: redis:\/\/puzzler:\*\*\*@127\.0\.0\.1:\d+: Redis refused the login \(.*\)\n$/);
    expect(coordinator.out).toBe('');
  });
});
