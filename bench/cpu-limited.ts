/**
 * Solver runs in child processes under a CPU-time limit (`ulimit -t`), for
 * the benchmarks that compare solvers on the same DIMACS files: a native
 * program, or one of our in-process engines in a Node child (this module run
 * as a script), so that a run that exceeds its limit is stopped by the
 * kernel and every engine is measured the same way.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dimacsClauses, readDimacsFile } from '../src/core/dimacs.js';
import { loadWasmSolvers, solverByName } from '../solvers/index.js';

/** An exit code above this is a signal (the CPU limit's SIGXCPU, a kill). */
export const SIGNAL_EXIT = 128;

/**
 * Runs `command` (niced when asked) under a CPU limit with bash; resolves
 * with exit code, stdout and the children's CPU seconds.
 */
export function runLimited(
  command: string,
  args: string[],
  cpuLimit: number,
  options: { nice?: boolean } = {},
): Promise<{ code: number; stdout: string; cpu: number }> {
  // `times` prints the shell's then its children's user and system time.
  const script = `ulimit -t "$1"; shift; ${options.nice ? 'nice ' : ''}"$@"; code=$?; times >&2; exit $code`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script, 'bash', String(Math.ceil(cpuLimit)), command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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

/**
 * The in-process engine `name` on the DIMACS file, in a child under the CPU
 * limit: its exit code (10/20/0), its stdout (a `v` line when SAT), and the
 * CPU seconds of the solve alone as the child measured them (undefined when
 * it did not get that far: stopped at the limit, or failed).
 */
export async function runInProcessLimited(
  name: string,
  cnfFile: string,
  cpuLimit: number,
  options: { nice?: boolean } = {},
): Promise<{ code: number; stdout: string; cpu: number | undefined }> {
  const { code, stdout } = await runLimited(
    process.execPath,
    ['--max-old-space-size=4096', fileURLToPath(import.meta.url), name, cnfFile],
    cpuLimit,
    options,
  );
  const reported = stdout.match(/^c cpu ([\d.]+)$/m);
  return { code, stdout, cpu: reported ? Number(reported[1]) : undefined };
}

/** The child: reads the DIMACS file, loads and solves it in-process, prints `c cpu SECONDS` and the model, exits 10/20/0. */
async function child(name: string, cnfFile: string): Promise<number> {
  const formula = readDimacsFile(cnfFile);
  await loadWasmSolvers();
  const start = process.cpuUsage();
  const solver = solverByName(name).create();
  solver.ensureVars(formula.vars);
  for (const clause of dimacsClauses(formula)) solver.addClause(clause);
  const status = await solver.solve();
  const used = process.cpuUsage(start);
  let out = `c cpu ${((used.user + used.system) / 1e6).toFixed(3)}\n`;
  if (status === 'SAT') out += `v ${Array.from({ length: formula.vars }, (_, i) => (solver.value(i + 1) ? i + 1 : -(i + 1))).join(' ')} 0\n`;
  solver.dispose();
  process.stdout.write(out);
  return status === 'SAT' ? 10 : status === 'UNSAT' ? 20 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await child(process.argv[2]!, process.argv[3]!);
