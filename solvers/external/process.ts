/**
 * Running solver programs: each run gets a fresh temporary directory, the
 * program runs without blocking the event loop, its stdout streams line by
 * line, and processes and directories are cleaned up however we end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { UserError } from '../../src/core/errors.js';

const liveDirs = new Set<string>();
const liveChildren = new Set<ChildProcess>();
const CLEANUP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Run directories carry the process id, so that the main thread can find those of every thread. */
const RUN_DIR_PREFIX = `puzzlesat-${process.pid}-`;
/** In a run directory: the id of the solver process running on it. */
const PID_FILE = 'solver.pid';

/** This thread's solver processes and run directories. */
function cleanUpThread(): void {
  for (const child of liveChildren) child.kill('SIGKILL');
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
}

/**
 * Everything this process left, in any thread: a worker thread stopped by
 * terminate() runs no cleanup of its own, so the main thread finds its run
 * directories by name, kills the solvers they record, and removes them.
 */
function cleanUpProcess(): void {
  cleanUpThread();
  let names: string[];
  try {
    names = readdirSync(tmpdir()).filter((name) => name.startsWith(RUN_DIR_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = join(tmpdir(), name);
    try {
      process.kill(Number(readFileSync(join(dir, PID_FILE), 'latin1')), 'SIGKILL');
    } catch {
      // No solver recorded, or it has ended.
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

process.on('exit', isMainThread ? cleanUpProcess : cleanUpThread);

/**
 * On a signal that nobody else handles, the process would die without running
 * `finally` blocks or 'exit' hooks: clean up, then re-raise it so the default
 * action still happens. When another handler is installed (the CLI's Ctrl-C),
 * it decides: either the work winds down through `finally`, or it calls
 * process.exit and the 'exit' hook cleans up. (Signals reach the main thread only.)
 */
function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  cleanUpProcess();
  for (const s of CLEANUP_SIGNALS) process.off(s, onSignal);
  process.kill(process.pid, signal);
}

function track(add: () => void): void {
  const idle = liveDirs.size + liveChildren.size === 0;
  add();
  if (idle) for (const s of CLEANUP_SIGNALS) process.on(s, onSignal);
}

function untrack(remove: () => void): void {
  remove();
  if (liveDirs.size + liveChildren.size === 0) for (const s of CLEANUP_SIGNALS) process.off(s, onSignal);
}

export async function withTempDir<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), RUN_DIR_PREFIX));
  track(() => liveDirs.add(dir));
  try {
    return await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
    untrack(() => liveDirs.delete(dir));
  }
}

export async function writeChunks(path: string, chunks: Iterable<string>): Promise<void> {
  const file = await open(path, 'w');
  try {
    for (const chunk of chunks) await file.write(chunk, null, 'latin1');
  } finally {
    await file.close();
  }
}


/** After SIGTERM, how long a solver may take to write its statistics and exit before SIGKILL. */
const TERM_GRACE_MS = 1000;
const STDERR_KEPT = 2000;

export interface ProcessOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when we stopped it: its time ran out, or the caller asked. */
  stoppedBy?: 'timeout' | 'request';
  stderr: string;
}

interface RunOptions {
  timeoutSeconds?: number;
  signal?: AbortSignal;
  /** Each line of stdout as it arrives; a throw stops the process and rejects the run. */
  onLine: (line: string) => void;
}

/** Runs a solver program whose files are in `runDir`, streaming its stdout line by line. */
export function runProcess(solver: string, path: string, args: readonly string[], runDir: string, options: RunOptions): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    track(() => liveChildren.add(child));
    const pidFile = join(runDir, PID_FILE);
    if (child.pid !== undefined) writeFileSync(pidFile, String(child.pid));
    let stoppedBy: ProcessOutcome['stoppedBy'];
    let failure: unknown;
    let settled = false;
    let stderr = '';
    let partial = '';
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (why: 'timeout' | 'request') => {
      if (stoppedBy || child.exitCode !== null || child.signalCode !== null) return;
      stoppedBy = why;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), TERM_GRACE_MS);
    };
    const timer = options.timeoutSeconds === undefined ? undefined : setTimeout(() => stop('timeout'), Math.max(0, options.timeoutSeconds * 1000));
    const onAbort = () => stop('request');
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const deliver = (line: string) => {
      if (failure !== undefined) return;
      try {
        options.onLine(line);
      } catch (e) {
        failure = e;
        stop('request');
      }
    };
    child.stdout.setEncoding('latin1');
    child.stdout.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) deliver(line);
    });
    child.stderr.setEncoding('latin1');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      rmSync(pidFile, { force: true });
      untrack(() => liveChildren.delete(child));
      settle();
    };
    child.on('error', (e: NodeJS.ErrnoException) => finish(() => reject(new UserError(`${solver}: cannot run ${path}: ${e.code ?? e.message}`))));
    child.on('close', (code, signal) => {
      if (partial) deliver(partial);
      finish(() => (failure !== undefined ? reject(failure) : resolve({ code, signal, stoppedBy, stderr })));
    });
  });
}

/** Where `binary` is on PATH (or the path itself when it has a slash), if it is an executable file. */
export function findOnPath(binary: string): string | undefined {
  const candidates = binary.includes('/') ? [binary] : (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, binary));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}
