/**
 * The in-process solvers (minisat-wasm, cadical-wasm, logic-solver) against
 * the native ones (cadical, minisat, cryptominisat5, picosat) on the same
 * CNFs, in one run: Dobble orders 5-9, pigeonhole, the first tiling of the
 * 8x8 square, one Genius Square roll, random 3-SAT near the threshold. CPU
 * seconds, and each as a ratio to native cadical on the same CNF.
 *
 * Every run is a child process under a CPU-time limit (`ulimit -t`). Native
 * solvers read the DIMACS file and are timed by their rusage (bash `times`,
 * so parsing counts); in-process solvers run in a copy of this script that
 * reads the file and times adding the clauses and solving with
 * process.cpuUsage. Every model is checked against the clauses and, for
 * puzzles, decoded and passed through the puzzle's own checker (the Dobble
 * deck checker). A solver that runs out of time on a Dobble order is not run
 * on the larger ones.
 *
 *   npm run bench:in-process-solvers [-- --timeout 60 --dobble-9-timeout 600 --only dobble-7,dobble-8 --solvers cadical,cadical-wasm --write]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dobbleInstance, type SymmetryStep } from '../encoders/dobble.js';
import { buildInstance } from '../encoders/index.js';
import { writeDimacsFile } from '../src/core/dimacs.js';
import { Cnf } from '../src/core/cnf.js';
import type { Instance } from '../src/core/puzzle.js';
import { loadWasmSolvers, solverByName } from '../solvers/index.js';
import { SIGNAL_EXIT, runInProcessLimited, runLimited } from './cpu-limited.js';
import { pigeonhole, randomThreeSat } from './minisat-builds.js';
import { trueVariables } from '../solvers/external/output.js';

const IN_PROCESS = ['cadical-wasm', 'minisat-wasm', 'logic-solver'] as const;

interface NativeSolver {
  name: string;
  /** Arguments for a DIMACS file, and where the model ends up: `v` lines on stdout, or MiniSat's result file. */
  args(cnfFile: string, modelFile: string): string[];
  modelIn: 'stdout' | 'file';
}

const NATIVE: NativeSolver[] = [
  { name: 'cadical', args: (cnf) => ['-q', cnf], modelIn: 'stdout' },
  { name: 'minisat', args: (cnf, model) => ['-verb=0', cnf, model], modelIn: 'file' },
  { name: 'cryptominisat5', args: (cnf) => ['--verb=0', '--threads=1', cnf], modelIn: 'stdout' },
  { name: 'picosat', args: (cnf) => [cnf], modelIn: 'stdout' },
];
const REFERENCE = 'cadical';

interface Problem {
  name: string;
  about: string;
  expected: 'SAT' | 'UNSAT';
  cnf: Cnf;
  /** For puzzles: the instance whose decode and check a model must pass. */
  instance?: Instance;
  /** Dobble order, for skipping solvers that timed out on a smaller one. */
  dobbleOrder?: number;
}

/** The symmetry steps of the order-9 run: see the report for why (bench --dobble-9-steps overrides). */
const DOBBLE_9_STEPS: readonly SymmetryStep[] = ['first-line', 'first-pencil', 'lex-lines', 'second-pencil', 'mols', 'latin'];

function clausesCnf(clauses: readonly (readonly number[])[]): Cnf {
  const cnf = new Cnf();
  const top = Math.max(0, ...clauses.flat().map(Math.abs));
  for (let v = 1; v <= top; v++) cnf.vars.named(`x${v}`);
  cnf.family('clauses', 'the formula');
  for (const clause of clauses) cnf.add([...clause]);
  return cnf;
}

function problems(dobble9Steps: readonly SymmetryStep[]): Problem[] {
  const dobble = (order: number, symmetry?: readonly SymmetryStep[]): Problem => {
    const instance = dobbleInstance(order, { symmetry });
    return {
      name: `dobble-${order}`,
      about: `Dobble order ${order} (${order * order + order + 1} cards), symmetry steps ${instance.params.symmetry}`,
      expected: order === 6 ? 'UNSAT' : 'SAT',
      cnf: instance.cnf,
      instance,
      dobbleOrder: order,
    };
  };
  const puzzle = (name: string, about: string, puzzleName: string, args: Record<string, unknown>): Problem => {
    const instance = buildInstance(puzzleName, args);
    return { name, about, expected: 'SAT', cnf: instance.cnf, instance };
  };
  return [
    ...[5, 6, 7, 8].map((order) => dobble(order)),
    dobble(9, dobble9Steps),
    { name: 'pigeonhole-9-8', about: '9 pigeons, 8 holes (pairwise)', expected: 'UNSAT', cnf: clausesCnf(pigeonhole(9, 8)) },
    puzzle('pentomino-8x8', 'the first tiling of the 8x8 square with the 2x2 hole (preset 8x8-square)', 'pentomino', { preset: '8x8-square' }),
    puzzle('genius-square', 'Genius Square roll A3,A5,C3,C6,D1,D5,F1', 'genius-square', { roll: 'A3,A5,C3,C6,D1,D5,F1' }),
    ...[1, 2].map((seed) => ({
      name: `random-3sat-${seed}`,
      about: `random 3-SAT, 350 variables, ratio 4.2, seed ${seed}`,
      expected: 'SAT' as const,
      cnf: clausesCnf(randomThreeSat(350, 1470, 350_000 + seed)),
    })),
  ];
}

interface Run {
  status: 'SAT' | 'UNSAT' | 'UNKNOWN' | 'timeout' | 'skipped' | 'error';
  cpu: number;
  detail?: string;
}

/** Null when the model satisfies every clause and, for puzzles, decodes to a solution its checker accepts. */
function modelProblem(problem: Problem, model: Set<number>): string | null {
  const check = problem.cnf.satisfiedBy((v) => model.has(v));
  if (!check.ok) return `model breaks a ${check.family} clause`;
  if (!problem.instance) return null;
  const solution = problem.instance.decode(problem.cnf.projection.filter((v) => model.has(v)));
  return problem.instance.check(solution);
}

function verdict(problem: Problem, code: number, stdout: string, cpu: number, cpuLimit: number): Run {
  if (code === 20) return { status: 'UNSAT', cpu };
  if (code === 10) {
    const wrong = modelProblem(problem, trueVariables(stdout));
    return wrong ? { status: 'error', cpu, detail: wrong } : { status: 'SAT', cpu };
  }
  if (code > SIGNAL_EXIT || cpu >= cpuLimit) return { status: 'timeout', cpu: cpuLimit };
  return { status: 'error', cpu, detail: `exit ${code}` };
}

async function runNative(solver: NativeSolver, problem: Problem, cnfFile: string, cpuLimit: number): Promise<Run> {
  const modelFile = `${cnfFile}.model`;
  rmSync(modelFile, { force: true });
  const { code, stdout, cpu } = await runLimited(solver.name, solver.args(cnfFile, modelFile), cpuLimit);
  const model = solver.modelIn === 'file' && code === 10 ? readFileSync(modelFile, 'utf8') : stdout;
  return verdict(problem, code, model, cpu, cpuLimit);
}

/** The in-process solver in a child (bench/cpu-limited.ts): its stdout is `c cpu SECONDS`, then the model. */
async function runInProcess(name: string, problem: Problem, cnfFile: string, cpuLimit: number): Promise<Run> {
  const { code, stdout, cpu } = await runInProcessLimited(name, cnfFile, cpuLimit);
  if (cpu === undefined) return code > SIGNAL_EXIT ? { status: 'timeout', cpu: cpuLimit } : { status: 'error', cpu: NaN, detail: `exit ${code}` };
  return verdict(problem, code, stdout, cpu, cpuLimit);
}

function cell(run: Run, reference: Run | undefined): string {
  if (run.status === 'skipped') return `— (${run.detail})`;
  if (run.status === 'timeout') return `> ${run.cpu.toFixed(0)} s`;
  if (run.status === 'error') return `error: ${run.detail ?? '?'}`;
  const ratio =
    reference && (reference.status === 'SAT' || reference.status === 'UNSAT') && reference.cpu > 0
      ? ` (${(run.cpu / reference.cpu).toFixed(1)}x)`
      : '';
  return `${run.cpu.toFixed(2)}${ratio}`;
}

function argument(argv: string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(argv: string[]): Promise<void> {
  const timeout = Number(argument(argv, '--timeout') ?? 60);
  const dobble9Timeout = Number(argument(argv, '--dobble-9-timeout') ?? 600);
  const only = argument(argv, '--only')?.split(',');
  const steps = argument(argv, '--dobble-9-steps')?.split(',') as SymmetryStep[] | undefined;
  const chosen = argument(argv, '--solvers')?.split(',');
  await loadWasmSolvers();
  const inProcess = IN_PROCESS.filter((name) => solverAvailable(name) && (!chosen || chosen.includes(name)));
  const natives = NATIVE.filter((s) => (!chosen || chosen.includes(s.name)) && solverAvailable(s.name));
  const solvers = [...inProcess, ...natives.map((s) => s.name)];
  const list = problems(steps ?? DOBBLE_9_STEPS).filter((p) => !only || only.includes(p.name));
  const dir = mkdtempSync(join(tmpdir(), 'in-process-solvers-'));
  const rows: string[] = [];
  const timedOutAt = new Map<string, number>();
  const started = new Date().toISOString();
  try {
    for (const problem of list) {
      const cnfFile = join(dir, `${problem.name}.cnf`);
      writeDimacsFile(cnfFile, problem.cnf, { puzzle: problem.name, params: {}, names: false });
      const limit = problem.name === 'dobble-9' ? dobble9Timeout : timeout;
      const runs = new Map<string, Run>();
      for (const name of solvers) {
        const earlier = timedOutAt.get(name);
        let run: Run;
        if (problem.dobbleOrder !== undefined && earlier !== undefined && earlier < problem.dobbleOrder) {
          run = { status: 'skipped', cpu: NaN, detail: `out of time on order ${earlier}` };
        } else {
          const native = natives.find((s) => s.name === name);
          run = native ? await runNative(native, problem, cnfFile, limit) : await runInProcess(name, problem, cnfFile, limit);
          if (run.status === 'SAT' || run.status === 'UNSAT') {
            if (run.status !== problem.expected) run = { status: 'error', cpu: run.cpu, detail: `answered ${run.status}` };
          } else if (problem.dobbleOrder !== undefined && !timedOutAt.has(name)) {
            timedOutAt.set(name, problem.dobbleOrder);
          }
        }
        runs.set(name, run);
        process.stderr.write(
          `${problem.name} ${name}: ${run.status} ${Number.isFinite(run.cpu) ? run.cpu.toFixed(2) : ''}${run.detail ? ` (${run.detail})` : ''}\n`,
        );
      }
      const reference = runs.get(REFERENCE);
      rows.push(
        `| ${problem.name} | ${problem.expected} | ${problem.cnf.varCount} | ${problem.cnf.clauseCount} | ${solvers.map((s) => cell(runs.get(s)!, reference)).join(' | ')} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const report = [
    '# In-process solvers against native ones',
    '',
    `Generated by \`npm run bench:in-process-solvers\` (bench/in-process-solvers.ts), started ${started}, one run on a shared 2-core machine (other jobs running: compare ratios, not absolute times).`,
    '',
    `CPU seconds; in brackets the ratio to native ${REFERENCE} on the same CNF. Native solvers: rusage of the process, parsing included. In-process: process.cpuUsage around adding the clauses and solving (reading the DIMACS file not counted). CPU limit ${timeout} s per run (${dobble9Timeout} s for dobble-9); "> N s" ran out of it. Every model was checked against the clauses and by the puzzle's checker (Dobble: the deck checker).`,
    '',
    `| problem | answer | vars | clauses | ${solvers.join(' | ')} |`,
    `|---|---|---|---|${solvers.map(() => '---').join('|')}|`,
    ...rows,
    '',
    'Problems:',
    '',
    ...list.map((p) => `- ${p.name}: ${p.about}`),
    '',
  ].join('\n');
  process.stdout.write(report);
  if (argv.includes('--write')) writeFileSync(join('bench', 'results', 'in-process-solvers.md'), report);
}

function solverAvailable(name: string): boolean {
  try {
    return solverByName(name).available().ok;
  } catch {
    return false;
  }
}

const argv = process.argv.slice(2);
await main(argv);
