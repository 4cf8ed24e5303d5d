/**
 * Soma cube classes, in process: the SAT blocking-clause loop (logic-solver,
 * and MiniSat WebAssembly when it is built) against dancing links on the same
 * 688 placements, with the same cubes and symmetries. Prints a Markdown table
 * of CPU times (meaningful when other jobs share the cores) and each SAT
 * backend's ratio to dancing links.
 *
 *   npx tsc && node dist/bench/soma.js
 */
import { soma, type SymmetryGroup } from '../encoders/polycube.js';
import { enumerate, type EnumerateSummary } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { logicSolver } from '../solvers/logic-solver.js';
import { loadMinisatWasm, minisatWasm } from '../solvers/minisat-wasm.js';
import type { SolverFactory } from '../solvers/types.js';

/** Classes of the 11520 solutions: no solution is symmetric, so every orbit is full. */
const EXPECTED: Record<SymmetryGroup, number> = { rotations: 480, isometries: 240 };

async function cpuTimed(run: () => Promise<EnumerateSummary>): Promise<{ summary: EnumerateSummary; ms: number }> {
  const start = process.cpuUsage();
  const summary = await run();
  const { user, system } = process.cpuUsage(start);
  return { summary, ms: (user + system) / 1000 };
}

function verify(backend: string, symmetry: SymmetryGroup, summary: EnumerateSummary): void {
  if (summary.count !== EXPECTED[symmetry] || summary.raw !== 11520 || !summary.complete) {
    throw new Error(`${backend}, ${symmetry}: ${summary.count} classes (${summary.raw} solutions), expected ${EXPECTED[symmetry]} (11520)`);
  }
}

const solvers: SolverFactory[] = [logicSolver];
if (await loadMinisatWasm()) solvers.push(minisatWasm);
else console.error('minisat-wasm is not built (npm run build:minisat-wasm): left out');

const header = ['symmetry', 'classes', 'cubes', 'dlx (CPU ms)', ...solvers.flatMap((s) => [`${s.name} (CPU ms)`, `${s.name}/dlx`])];
console.log(`| ${header.join(' | ')} |`);
console.log(
  `|---|${header
    .slice(1)
    .map(() => '---:')
    .join('|')}|`,
);
for (const symmetry of ['rotations', 'isometries'] as const) {
  const instance = soma({ symmetry });
  const dlx = await cpuTimed(() => enumerateExactCover(instance, { unique: true, onFound: () => {} }));
  verify('dlx', symmetry, dlx.summary);
  const cells: (string | number)[] = [symmetry, dlx.summary.count, dlx.summary.cubes, dlx.ms.toFixed(0)];
  for (const solver of solvers) {
    const sat = await cpuTimed(() => enumerate(instance, { createSolver: () => solver.create(), unique: true, onFound: () => {} }));
    verify(solver.name, symmetry, sat.summary);
    cells.push(sat.ms.toFixed(0), (sat.ms / dlx.ms).toFixed(1));
  }
  console.log(`| ${cells.join(' | ')} |`);
}
