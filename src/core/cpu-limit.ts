import { spawn } from 'node:child_process';

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
 * terminal or signalled alone.
 */
export function runLimited(
  command: string,
  args: string[],
  cpuLimit: number,
  options: { nice?: boolean; signal?: AbortSignal } = {},
): Promise<{ code: number; stdout: string; cpu: number }> {
  // `times` prints the shell's then its children's user and system time.
  const script = `ulimit -t "$1"; shift; ${options.nice ? 'nice ' : ''}"$@"; code=$?; times >&2; exit $code`;
  const { signal } = options;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script, 'bash', String(Math.ceil(cpuLimit)), command, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: signal !== undefined,
    });
    const interrupt = () => {
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        // The group is gone already.
      }
    };
    signal?.addEventListener('abort', interrupt, { once: true });
    child.on('close', () => signal?.removeEventListener('abort', interrupt));
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
