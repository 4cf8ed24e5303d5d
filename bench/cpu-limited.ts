/**
 * Solver runs in child processes under a CPU-time limit (`ulimit -t`), for
 * the benchmarks that compare solvers on the same DIMACS files: a native
 * program, or one of our in-process engines in a Node child (this module run
 * as a script), so that a run that exceeds its limit is stopped by the
 * kernel and every engine is measured the same way.
 */
import { runLimited } from '../src/core/cpu-limit.js';
import { fileURLToPath } from 'node:url';
import { dimacsClauses, readDimacsFile } from '../src/core/dimacs.js';
import { loadWasmSolvers, solverByName } from '../solvers/index.js';

export { SIGNAL_EXIT, runLimited } from '../src/core/cpu-limit.js';

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
