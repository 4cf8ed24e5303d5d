import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * A command run in a child process under a CPU-time limit (`ulimit -t`), so
 * that a run past its limit is stopped by the kernel and every run is
 * measured the same way: for benchmarks, and for `puzzlesat verify`.
 */

/** An exit code above this is a signal (the CPU limit's SIGXCPU, a kill). */
export const SIGNAL_EXIT = 128;

/**
 * Runs `command` (niced when asked) under a CPU limit with bash; resolves
 * with exit code, stdout and the children's CPU seconds. With a `signal`,
 * the shell and the command get a process group of their own and an abort
 * sends them SIGINT: the command stops as at Ctrl-C (puzzlesat's verbs print
 * what they have and exit 130), whether the caller was pressed at a
 * terminal or signalled alone. With `interruptAtCpu`, the same SIGINT goes
 * once the group has used that many CPU seconds: a command that runs on more
 * than one core (a solver's threads, the garbage collector's) reaches the
 * kernel's limit before a --timeout in wall seconds stops it, and the kernel's
 * kill leaves no summary.
 */
export function runLimited(
  command: string,
  args: string[],
  cpuLimit: number,
  options: { nice?: boolean; signal?: AbortSignal; interruptAtCpu?: number } = {},
): Promise<{ code: number; stdout: string; cpu: number }> {
  // `times` prints the shell's then its children's user and system time.
  const script = `ulimit -t "$1"; shift; ${options.nice ? 'nice ' : ''}"$@"; code=$?; times >&2; exit $code`;
  const { signal, interruptAtCpu } = options;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script, 'bash', String(Math.ceil(cpuLimit)), command, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: signal !== undefined || interruptAtCpu !== undefined,
    });
    const interrupt = () => {
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        // The group is gone already.
      }
    };
    signal?.addEventListener('abort', interrupt, { once: true });
    const watch =
      interruptAtCpu === undefined
        ? undefined
        : setInterval(() => {
            if (groupCpuSeconds(child.pid!) < interruptAtCpu) return;
            interrupt();
            clearInterval(watch);
          }, CPU_POLL_MS);
    child.on('close', () => {
      signal?.removeEventListener('abort', interrupt);
      clearInterval(watch);
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      const times = (Buffer.concat(err).toString().trim().split('\n').at(-1) ?? '').match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/);
      const cpu = times ? 60 * Number(times[1]) + Number(times[2]) + 60 * Number(times[3]) + Number(times[4]) : NaN;
      resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString(), cpu });
    });
  });
}

/** How often interruptAtCpu reads the group's CPU time. */
const CPU_POLL_MS = 250;

/** The unit of /proc's CPU times (USER_HZ, 100 on Linux whatever the kernel's own tick). */
const USER_HZ = 100;

/**
 * The CPU seconds (user and system, every thread) used so far by the live
 * processes of the process group `pgid`, from /proc: 0 where there is none.
 */
function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    } catch {
      continue; // Ended since the listing.
    }
    // After the command's name (in parentheses, which may hold spaces): state, ppid, pgrp, ... utime (14th field), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / USER_HZ;
}
