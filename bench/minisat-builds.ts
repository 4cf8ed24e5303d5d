/**
 * Three builds of MiniSat on the same CNFs: this project's WebAssembly build
 * (solvers/minisat-wasm.ts), logic-solver 2.0.1's asm.js build (heap fixed at
 * 64 MiB) and Debian's native /usr/bin/minisat (run with -no-pre, so that all
 * three do the same search). Prints a Markdown table of wall-clock times.
 *
 *   npm run build:minisat-wasm && npx tsc && node dist/bench/minisat-builds.js
 *
 * The formula generators are exported for test/minisat-wasm.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadMinisatWasm, minisatWasm, minisatWasmBuildDir } from '../solvers/minisat-wasm.js';
import { seededRandom } from '../src/core/random.js';

export type Clauses = number[][];

/** Uniform random 3-SAT: m clauses over n variables, three distinct variables each. */
export function randomThreeSat(n: number, m: number, seed: number): Clauses {
  const random = seededRandom(seed);
  const clauses: Clauses = [];
  while (clauses.length < m) {
    const vars = new Set<number>();
    while (vars.size < 3) vars.add(1 + Math.floor(random() * n));
    clauses.push([...vars].map((v) => (random() < 0.5 ? -v : v)));
  }
  return clauses;
}

/**
 * Pigeons into holes, each pigeon in some hole, no two in one: variable
 * p * holes + h + 1 says pigeon p sits in hole h. UNSAT iff pigeons > holes.
 */
export function pigeonhole(pigeons: number, holes: number): Clauses {
  const sits = (p: number, h: number) => p * holes + h + 1;
  const clauses: Clauses = [];
  for (let p = 0; p < pigeons; p++) clauses.push(Array.from({ length: holes }, (_, h) => sits(p, h)));
  for (let h = 0; h < holes; h++) {
    for (let p = 0; p < pigeons; p++) {
      for (let q = p + 1; q < pigeons; q++) clauses.push([-sits(p, h), -sits(q, h)]);
    }
  }
  return clauses;
}

function variableCount(clauses: Clauses): number {
  let n = 0;
  for (const clause of clauses) for (const lit of clause) n = Math.max(n, Math.abs(lit));
  return n;
}

type Answer = { status: 'SAT' | 'UNSAT'; ms: number } | { failure: string };

interface Instance {
  name: string;
  clauses: Clauses;
}

async function timeWasm(clauses: Clauses): Promise<Answer> {
  const started = performance.now();
  const solver = minisatWasm.create();
  try {
    for (const clause of clauses) solver.addClause(clause);
    const status = await solver.solve();
    if (status === 'UNKNOWN') return { failure: 'UNKNOWN' };
    return { status, ms: performance.now() - started };
  } finally {
    solver.dispose();
  }
}

interface LogicSolverMiniSat {
  ensureVar(v: number): void;
  addClause(lits: number[]): boolean;
  solve(): boolean;
}

function timeLogicSolver(clauses: Clauses): Answer {
  const MiniSat = createRequire(import.meta.url)('logic-solver/minisat_wrapper.js') as new () => LogicSolverMiniSat;
  // Its asm.js heap cannot grow past 64 MiB: on a big formula it logs
  // "Cannot enlarge memory arrays" through console.log and aborts.
  const logged: string[] = [];
  const consoleLog = console.log;
  console.log = (...args: unknown[]) => void logged.push(args.join(' '));
  const started = performance.now();
  try {
    const solver = new MiniSat();
    solver.ensureVar(variableCount(clauses));
    let consistent = true;
    for (const clause of clauses) consistent = solver.addClause(clause) && consistent;
    const sat = consistent && solver.solve();
    return { status: sat ? 'SAT' : 'UNSAT', ms: performance.now() - started };
  } catch (e) {
    if (logged.some((line) => line.includes('Cannot enlarge memory'))) return { failure: 'out of memory (64 MiB heap)' };
    return {
      failure: `failed (${String(e instanceof Error ? e.message : e)
        .split('\n')[0]!
        .slice(0, 60)})`,
    };
  } finally {
    console.log = consoleLog;
  }
}

const NATIVE_MINISAT = '/usr/bin/minisat';
const NATIVE_SAT_EXIT = 10;
const NATIVE_UNSAT_EXIT = 20;
const NATIVE_TIMEOUT_MS = 120_000;

function toDimacs(clauses: Clauses): string {
  const lines = [`p cnf ${variableCount(clauses)} ${clauses.length}`];
  for (const clause of clauses) lines.push(`${clause.join(' ')} 0`);
  return lines.join('\n') + '\n';
}

function timeNative(clauses: Clauses, workDir: string): Answer {
  if (!existsSync(NATIVE_MINISAT)) return { failure: 'not installed' };
  const input = join(workDir, 'in.cnf');
  writeFileSync(input, toDimacs(clauses));
  const started = performance.now();
  const run = spawnSync(NATIVE_MINISAT, ['-no-pre', '-verb=0', input, join(workDir, 'out.txt')], { timeout: NATIVE_TIMEOUT_MS });
  const ms = performance.now() - started;
  if (run.status === NATIVE_SAT_EXIT) return { status: 'SAT', ms };
  if (run.status === NATIVE_UNSAT_EXIT) return { status: 'UNSAT', ms };
  return { failure: `exit ${run.status}` };
}

/**
 * Random 3-SAT whose every clause has a negative literal, so all-false
 * satisfies it. MiniSat branches on false first, so its search is trivial: a
 * big one measures loading and memory, not search.
 */
export function negativelyPlantedThreeSat(n: number, m: number, seed: number): Clauses {
  const random = seededRandom(seed);
  const literal = () => (1 + Math.floor(random() * n)) * (random() < 0.5 ? -1 : 1);
  const clauses: Clauses = [];
  while (clauses.length < m) {
    const clause = [literal(), literal(), literal()];
    if (clause.some((lit) => lit < 0)) clauses.push(clause);
  }
  return clauses;
}

/**
 * Random 3-SAT at and just below the threshold (ratio 4.26, 4.0, 4.1). Hardness
 * at these sizes swings by 100x between seeds, so the seeds are fixed ones whose
 * runs together stay under two minutes.
 */
const RANDOM_INSTANCES = [
  { n: 250, ratio: 4.26, seeds: [1, 2, 3] },
  { n: 300, ratio: 4.0, seeds: [1, 2] },
  { n: 350, ratio: 4.0, seeds: [1, 3] },
  { n: 350, ratio: 4.1, seeds: [1] },
];

function benchInstances(): Instance[] {
  const instances: Instance[] = RANDOM_INSTANCES.flatMap(({ n, ratio, seeds }) =>
    seeds.map((seed) => ({
      name: `random 3-SAT n=${n} ratio=${ratio} seed=${seed}`,
      clauses: randomThreeSat(n, Math.round(ratio * n), seed),
    })),
  );
  instances.push({ name: 'pigeonhole 9 into 8', clauses: pigeonhole(9, 8) });
  instances.push({ name: 'all-false-satisfiable 3-SAT, 1M clauses', clauses: negativelyPlantedThreeSat(100_000, 1_000_000, 7) });
  return instances;
}

const formatMs = (answer: Answer): string => ('failure' in answer ? answer.failure : answer.ms.toFixed(0));

function ratio(numerator: Answer, denominator: Answer): string {
  if ('failure' in numerator || 'failure' in denominator) return '–';
  return (numerator.ms / denominator.ms).toFixed(2);
}

function statusOf(answers: Answer[]): string {
  const statuses = new Set(answers.flatMap((a) => ('status' in a ? [a.status] : [])));
  return statuses.size === 1 ? [...statuses][0]! : `DISAGREE (${[...statuses].join('/')})`;
}

async function main(): Promise<void> {
  if (!(await loadMinisatWasm())) {
    console.error('minisat-wasm is not built: run npm run build:minisat-wasm');
    process.exit(1);
  }
  const workDir = mkdtempSync(join(tmpdir(), 'minisat-builds-'));
  const wasmBytes = statSync(join(minisatWasmBuildDir(), 'minisat.wasm')).size;
  console.log(`MiniSat builds, wall-clock ms per instance (load + solve). wasm build: ${wasmBytes} bytes.\n`);
  console.log('| instance | vars | clauses | result | wasm ms | logic-solver ms | native -no-pre ms | logic-solver / wasm | wasm / native |');
  console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  try {
    for (const { name, clauses } of benchInstances()) {
      const wasm = await timeWasm(clauses);
      const logic = timeLogicSolver(clauses);
      const native = timeNative(clauses, workDir);
      const cells = [name, variableCount(clauses), clauses.length, statusOf([wasm, logic, native])];
      cells.push(formatMs(wasm), formatMs(logic), formatMs(native), ratio(logic, wasm), ratio(wasm, native));
      console.log(`| ${cells.join(' | ')} |`);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
