/**
 * Running solver programs: each run gets a fresh temporary directory, the
 * program runs without blocking the event loop, its stdout streams line by
 * line, and processes and directories are cleaned up however we end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { type Worker, getEnvironmentData, isMainThread, setEnvironmentData } from 'node:worker_threads';
import { UserError, systemReason } from '../../src/core/errors.js';
import { writeReplacing } from '../../src/core/output.js';
import { processAlive } from '../../src/core/process.js';

const liveDirs = new Set<string>();
/** This thread's solver processes, each with what passing a signal on to it does (onSignal; runProcess notes it). */
const liveChildren = new Map<ChildProcess, (signal: NodeJS.Signals) => void>();
/** Worker threads that may run solvers: their run directories are the main thread's to clean up on a signal (see watchWorker). */
const liveWorkers = new Set<Worker>();
const CLEANUP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * When a process started (clock ticks since boot, /proc/PID/stat field 22):
 * with its pid it names one process for good, whatever pids are reused.
 * Undefined where there is no /proc, or no such process.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/**
 * This process as its run directories name it: the user's id (none on
 * Windows: run directories are only ever taken for ours when this user owns
 * them), and its start time (0 where it cannot be read: such a record is never
 * trusted to name a process). Run directories carry the user, the process id
 * and its start time, so that the main thread can find those of every thread,
 * and a later run can tell a directory whose process is gone from one whose
 * pid was merely reused. Read on first use, not on import: a browser bundle
 * (the playground's dev server) imports this module and has no process.
 */
let own: { uid: number | undefined; start: string; prefix: string } | undefined;
function ownRun(): { uid: number | undefined; start: string; prefix: string } {
  if (own) return own;
  const uid = process.getuid?.();
  const start = processStartTime(process.pid) ?? '0';
  return (own = { uid, start, prefix: `puzzlesat-${uid ?? 'u'}-${process.pid}-${start}-` });
}
const RUN_DIR_NAME = /^puzzlesat-(\d+|u)-(\d+)-(\d+)-/;
/** In a run directory: the solver process running on it, as "pid start-time". */
const PID_FILE = 'solver.pid';
/** Pids 0 and 1 (and negatives) address groups or init, never a solver of ours. */
const MIN_PID = 2;

/**
 * A solver runs as the leader of its own process group, so that a wrapper
 * script and everything it started go down together; a kill of the group
 * that finds it gone is not an error.
 */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * The gate every thread passes to make a run directory or start a solver, and
 * that the main thread closes as the process ends. Its cleanup looks for run
 * directories by name while worker threads go on: without the gate, one made
 * (or a solver started, its record not yet written) just after it looked
 * outlived the process. Closing is the Dekker handshake on sequentially
 * consistent atomics: a thread counts itself in, then looks whether the gate
 * is closed; the main thread closes it, then waits for the count to fall to
 * nought. Either the thread sees it closed and makes nothing, or the main
 * thread waits for it to finish, and then finds what it made. Shared through
 * the environment data every worker thread is given a copy of as it starts
 * (a SharedArrayBuffer copies as shared memory).
 */
const GATE_KEY = 'puzzlesat.run-dir-gate';
const CLOSED = 0;
const INSIDE = 1;
/** How long the main thread waits for threads inside the gate: each does one mkdir, or one spawn and a small write. */
const GATE_WAIT_MS = 2000;
let gate: Int32Array | undefined;

function runDirGate(): Int32Array | undefined {
  if (gate) return gate;
  const shared = getEnvironmentData(GATE_KEY);
  if (shared instanceof SharedArrayBuffer) gate = new Int32Array(shared);
  return gate;
}

/** Runs `make` (synchronous) unless the process is ending, in which case it throws. */
function throughGate<T>(what: string, make: () => T): T {
  const g = runDirGate();
  if (!g) return make();
  Atomics.add(g, INSIDE, 1);
  try {
    if (Atomics.load(g, CLOSED) !== 0) throw new UserError(`cannot ${what}: the process is ending`);
    return make();
  } finally {
    Atomics.sub(g, INSIDE, 1);
    Atomics.notify(g, INSIDE);
  }
}

/** Closes the gate, and waits (bounded) until no thread is inside it. */
function closeGate(): void {
  const g = runDirGate();
  if (!g) return;
  Atomics.store(g, CLOSED, 1);
  const deadline = Date.now() + GATE_WAIT_MS;
  for (let inside = Atomics.load(g, INSIDE); inside !== 0 && Date.now() < deadline; inside = Atomics.load(g, INSIDE)) {
    Atomics.wait(g, INSIDE, inside, Math.max(1, deadline - Date.now()));
  }
}

/** This thread's solver processes and run directories. */
function cleanUpThread(): void {
  for (const child of liveChildren.keys()) killGroup(child, 'SIGKILL');
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
}

/** The run directories in the temporary directory that are ours: named as we name them, made by this user, private. */
function ourRunDirs(): { dir: string; pid: number; start: string }[] {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return [];
  }
  const dirs = [];
  for (const name of names) {
    const m = RUN_DIR_NAME.exec(name);
    if (!m || m[1] !== String(ownRun().uid ?? 'u')) continue;
    const dir = join(tmpdir(), name);
    if (isPrivateDirOfOurs(dir)) dirs.push({ dir, pid: Number(m[2]), start: m[3]! });
  }
  return dirs;
}

/** A real directory (not a link to one) owned by this user, closed to everyone else: mkdtemp makes them so. */
function isPrivateDirOfOurs(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    const { uid } = ownRun();
    return st.isDirectory() && (uid === undefined || st.uid === uid) && (st.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/**
 * Everything this process left, in any thread: a worker thread stopped by
 * terminate() runs no cleanup of its own, so the main thread finds its run
 * directories by name, kills the solvers they record (the groups this run
 * created), and removes them.
 */
function cleanUpProcess(): void {
  closeGate();
  cleanUpThread();
  for (const run of ourRunDirs()) if (run.pid === process.pid && run.start === ownRun().start) removeRunDir(run.dir, 'group');
}

/**
 * Kills the solver a run directory records and removes the directory with its
 * CNF copy. The record is believed only when the process it names is still
 * the one that was started: same pid, same start time. A solver of this run
 * goes down with its group; one of an earlier run alone (its group is not
 * one this run created).
 */
function removeRunDir(dir: string, reach: 'group' | 'process'): void {
  const solver = recordedSolver(dir);
  if (solver !== undefined) {
    try {
      process.kill(reach === 'group' ? -solver : solver, 'SIGKILL');
    } catch {
      // It has ended.
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** The pid in a run directory's record, when it is a plausible solver pid that still names the process started then. */
function recordedSolver(dir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, PID_FILE), 'latin1');
  } catch {
    return undefined;
  }
  const m = /^(\d{1,10}) (\d{1,20})$/.exec(text);
  if (!m) return undefined;
  const pid = Number(m[1]);
  if (pid < MIN_PID || pid === process.pid || m[2] === '0') return undefined;
  return processStartTime(pid) === m[2] ? pid : undefined;
}

/**
 * Run directories of processes that are gone (a SIGKILL runs no cleanup):
 * found at start-up among our own private directories, their orphaned
 * solvers killed and their full CNF copies removed. A process is gone when
 * its pid is free or now names a process that started at another time.
 */
function removeStaleRunDirs(): void {
  for (const run of ourRunDirs()) {
    const sameProcess = processAlive(run.pid) && (run.start === '0' || processStartTime(run.pid) === run.start);
    if (!sameProcess) removeRunDir(run.dir, 'process');
  }
}

// Node only: the playground's dev server runs this module in a browser, which has no process to hook or run directories to sweep.
if (typeof process !== 'undefined') {
  process.on('exit', isMainThread ? cleanUpProcess : cleanUpThread);
  if (isMainThread) {
    // Before any worker thread starts: each is given a copy of the environment data as it is made.
    setEnvironmentData(GATE_KEY, new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    removeStaleRunDirs();
  }
}

/**
 * On a signal that nobody else handles, the process would die without running
 * `finally` blocks or 'exit' hooks: clean up, then re-raise it so the default
 * action still happens. When another handler is installed (the CLI's Ctrl-C),
 * it decides: either the work winds down through `finally`, or it calls
 * process.exit and the 'exit' hook cleans up. (Signals reach the main thread only.)
 */
function onSignal(signal: NodeJS.Signals): void {
  // Solvers run in their own process groups, out of the terminal's reach: pass the signal on.
  for (const passOn of liveChildren.values()) passOn(signal);
  if (process.listenerCount(signal) > 1) return;
  cleanUpProcess();
  for (const s of CLEANUP_SIGNALS) process.off(s, onSignal);
  process.kill(process.pid, signal);
}

/**
 * The signals are heard only while there is something to clean up: a
 * listener puts a signal's default action off until the event loop's next
 * turn, and a Ctrl-C during synchronous work (reading a large file) would
 * wait for the work to end.
 */
const idle = (): boolean => liveDirs.size + liveChildren.size + liveWorkers.size === 0;

function track(add: () => void): void {
  const wasIdle = idle();
  add();
  if (wasIdle) for (const s of CLEANUP_SIGNALS) process.on(s, onSignal);
}

function untrack(remove: () => void): void {
  remove();
  if (idle()) for (const s of CLEANUP_SIGNALS) process.off(s, onSignal);
}

/**
 * Called by the main thread (signals reach it only) as it starts `worker`:
 * the signals are heard while the worker lives, since a signal nobody hears
 * kills the process with no 'exit' hook, and the run directories and solvers
 * of the worker's runs would stay behind. Heard from the worker's start, not
 * from its first run directory, which this thread would learn of too late.
 * A worker stopped by terminate() leaves its directories for the 'exit' hook
 * (cleanUpProcess) to remove.
 */
export function watchWorker(worker: Worker): void {
  if (!isMainThread) return;
  track(() => liveWorkers.add(worker));
  worker.once('exit', () => untrack(() => liveWorkers.delete(worker)));
}

export async function withTempDir<T>(body: (dir: string) => Promise<T>): Promise<T> {
  let dir: string;
  try {
    // Synchronous, inside the gate: a directory whose making was under way as the process ended would be found by nobody.
    dir = throughGate('make a run directory', () => mkdtempSync(join(tmpdir(), ownRun().prefix)));
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot make a run directory for the solver in ${tmpdir()} (TMPDIR): ${systemReason(e)}`);
  }
  track(() => liveDirs.add(dir));
  try {
    return await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
    untrack(() => liveDirs.delete(dir));
  }
}

/** Writes the pieces of a file in one gathered write (the formula's cached text is never copied into one buffer). */
export async function writeChunks(path: string, chunks: readonly Uint8Array[]): Promise<void> {
  const file = await open(path, 'w');
  try {
    let { bytesWritten } = await file.writev(chunks);
    // A gathered write may stop short (a full disk answers with an error on the next write).
    for (const chunk of chunks) {
      if (bytesWritten >= chunk.length) {
        bytesWritten -= chunk.length;
        continue;
      }
      await file.write(chunk, bytesWritten);
      bytesWritten = 0;
    }
  } finally {
    await file.close();
  }
}

/** After SIGTERM, how long a solver may take to write its statistics and exit before SIGKILL. */
const TERM_GRACE_MS = 1000;
/** After the solver exits, how long its output may take to drain before a descendant holding the pipe is killed. */
const DRAIN_GRACE_MS = 1000;
/** setTimeout's largest delay (2^31-1 ms); longer ones would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const STDERR_KEPT = 2000;

export interface ProcessOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when we stopped it: its time ran out, the caller asked, or a signal to this process was passed on to it (onSignal). */
  stoppedBy?: 'timeout' | 'request' | 'signal';
  stderr: string;
}

interface RunOptions {
  timeoutSeconds?: number;
  signal?: AbortSignal;
  /** Each line of stdout as it arrives; a throw stops the process and rejects the run. */
  onLine: (line: string) => void;
}

/**
 * Splits a stream into lines. The unfinished last line is kept as a list of
 * chunks, joined once its newline arrives: a 50 MB line costs one copy, not
 * one per chunk (re-joining the whole tail on every chunk was quadratic).
 */
export class LineSplitter {
  private partial: string[] = [];

  push(chunk: string, deliver: (line: string) => void): void {
    const newline = chunk.indexOf('\n');
    if (newline < 0) {
      this.partial.push(chunk);
      return;
    }
    this.partial.push(chunk.slice(0, newline));
    const rest = chunk.slice(newline + 1).split('\n');
    const first = this.partial.join('');
    this.partial = [rest.pop()!];
    deliver(first);
    for (const line of rest) deliver(line);
  }

  /** The last line, when the stream did not end with a newline. */
  end(deliver: (line: string) => void): void {
    const last = this.partial.join('');
    this.partial = [];
    if (last) deliver(last);
  }
}

/** Runs a solver program whose files are in `runDir`, streaming its stdout line by line. */
export function runProcess(solver: string, path: string, args: readonly string[], runDir: string, options: RunOptions): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const pidFile = join(runDir, PID_FILE);
    // A solver that catches the signal passed on (cryptominisat5 exits 1 at Ctrl-C, "*** INTERRUPTED ***") often ends before the
    // caller's stop reaches it: its exit is then the signal's doing, not a failure (it was "failed with exit code 1").
    let passedOn = false;
    // The start and its record inside the gate: the main thread's cleanup finds the solver by its record.
    const child = throughGate(`start ${solver}`, () => {
      const started = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      track(() =>
        liveChildren.set(started, (signal) => {
          passedOn = true;
          killGroup(started, signal);
        }),
      );
      // Written whole or not at all (writeReplacing): a reader between its creation and its write found it empty.
      if (started.pid !== undefined) writeReplacing(pidFile, [`${started.pid} ${processStartTime(started.pid) ?? 0}`]);
      return started;
    });
    let stoppedBy: ProcessOutcome['stoppedBy'];
    let failure: unknown;
    let settled = false;
    let stderr = '';
    const lines = new LineSplitter();
    let killTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    const stop = (why: 'timeout' | 'request') => {
      if (stoppedBy || child.exitCode !== null || child.signalCode !== null) return;
      stoppedBy = why;
      killGroup(child, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child, 'SIGKILL'), TERM_GRACE_MS);
    };
    const timer =
      options.timeoutSeconds === undefined
        ? undefined
        : setTimeout(() => stop('timeout'), Math.min(MAX_TIMER_MS, Math.max(0, options.timeoutSeconds * 1000)));
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
    child.stdout.on('data', (chunk: string) => lines.push(chunk, deliver));
    child.stderr.setEncoding('latin1');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      clearTimeout(drainTimer);
      options.signal?.removeEventListener('abort', onAbort);
      rmSync(pidFile, { force: true });
      untrack(() => liveChildren.delete(child));
      settle();
    };
    child.on('error', (e: NodeJS.ErrnoException) => finish(() => reject(new UserError(`${solver}: cannot run ${path}: ${systemReason(e)}`))));
    // A descendant that keeps stdout open would hold 'close' back for ever: once
    // the solver itself has exited, its group gets a moment to finish writing, then is killed.
    child.on('exit', () => {
      drainTimer = setTimeout(() => {
        killGroup(child, 'SIGKILL');
        child.stdout.destroy();
        child.stderr.destroy();
      }, DRAIN_GRACE_MS);
    });
    child.on('close', (code, signal) => {
      lines.end(deliver);
      const by = stoppedBy ?? (passedOn ? 'signal' : undefined);
      finish(() => (failure !== undefined ? reject(failure) : resolve({ code, signal, stoppedBy: by, stderr })));
    });
  });
}

/** Where `binary` is on PATH (or the path itself when it has a slash), if it is an executable file. */
export function findOnPath(binary: string): string | undefined {
  const candidates = binary.includes('/')
    ? [binary]
    : (process.env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, binary));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}
