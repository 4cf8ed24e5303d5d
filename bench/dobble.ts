/**
 * Time to find (or refute) a projective plane of order n with the Dobble SAT
 * encodings, per solver, as Markdown. Every run is a child process under a
 * CPU-time limit (`ulimit -t`), timed in CPU seconds: native solvers by their
 * rusage (bash `times`, parsing included), in-process solvers in a copy of
 * this script by process.cpuUsage around loading and solving. Models are
 * decoded and passed through the deck checker.
 *
 * Two tables:
 * - per order (default): the default encoding with and without symmetry
 *   breaking, per solver;
 *     node dist/bench/dobble.js [--orders 2-8] [--timeout 60] [--pairs exactly-one|at-most-one]
 *                               [--solvers logic-solver,cadical-wasm,minisat,cadical,cryptominisat5]
 * - per configuration (--configs): one or more orders (--order 9 or
 *   --order 9,10), each configuration a choice of variables,
 *   symmetry-breaking steps and pair encoding, separated by `;`, as
 *   `variables:steps:pairs` (steps comma-separated, `default` or `none`);
 *   with --write FILE the table goes to FILE with the machine and its load.
 *     node dist/bench/dobble.js --order 9 --timeout 600 --solvers cadical
 *       --configs 'incidence:default:exactly-one;mols:default:exactly-one' [--write bench/results/dobble-order9.md]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkDeck,
  type DobbleCnf,
  type DobbleSatOptions,
  type DobbleVariables,
  encodeDobble,
  type PairEncoding,
  parseSymmetrySteps,
} from '../encoders/dobble.js';
import { writeDimacsFile } from '../src/core/dimacs.js';
import { SIGNAL_EXIT, runInProcessLimited, runLimited } from './cpu-limited.js';
import { trueVariables } from '../solvers/external/output.js';
import { option } from './args.js';

interface Run {
  status: 'SAT' | 'UNSAT' | 'timeout' | 'error';
  cpu: number;
  /** For SAT: whether the decoded deck passed checkDeck. */
  checked?: boolean;
  detail?: string;
}

interface NativeSolver {
  name: string;
  /** Arguments for a DIMACS file, and where the model ends up. */
  args(cnfFile: string, modelFile: string): string[];
  modelIn: 'stdout' | 'file';
}

const NATIVE: NativeSolver[] = [
  { name: 'minisat', args: (cnf, model) => ['-verb=0', cnf, model], modelIn: 'file' },
  { name: 'cadical', args: (cnf) => ['-q', cnf], modelIn: 'stdout' },
  { name: 'cryptominisat5', args: (cnf) => ['--verb=0', '--threads=1', cnf], modelIn: 'stdout' },
];
const IN_PROCESS = ['logic-solver', 'cadical-wasm', 'minisat-wasm'];

function installed(name: string): boolean {
  if (IN_PROCESS.includes(name)) return true;
  return !spawnSync('sh', ['-c', `command -v ${name}`]).status;
}

function verdict(cnf: DobbleCnf, code: number, modelText: string, cpu: number, cpuLimit: number): Run {
  if (code === 20) return { status: 'UNSAT', cpu };
  if (code === 10) {
    const model = trueVariables(modelText);
    if (!cnf.satisfiedBy((v) => model.has(v)).ok) return { status: 'error', cpu, detail: 'model breaks a clause' };
    return { status: 'SAT', cpu, checked: checkDeck(cnf.deckOf((v) => model.has(v))).ok };
  }
  if (code > SIGNAL_EXIT || cpu >= cpuLimit) return { status: 'timeout', cpu: cpuLimit };
  return { status: 'error', cpu, detail: `exit ${code}` };
}

async function run(solver: string, cnf: DobbleCnf, cnfFile: string, cpuLimit: number): Promise<Run> {
  const native = NATIVE.find((s) => s.name === solver);
  if (native) {
    const modelFile = `${cnfFile}.model`;
    rmSync(modelFile, { force: true });
    const { code, stdout, cpu } = await runLimited(native.name, native.args(cnfFile, modelFile), cpuLimit, { nice: true });
    return verdict(cnf, code, native.modelIn === 'file' && code === 10 ? readFileSync(modelFile, 'utf8') : stdout, cpu, cpuLimit);
  }
  const { code, stdout, cpu } = await runInProcessLimited(solver, cnfFile, cpuLimit, { nice: true });
  if (cpu === undefined) return code > SIGNAL_EXIT ? { status: 'timeout', cpu: cpuLimit } : { status: 'error', cpu: NaN, detail: `exit ${code}` };
  return verdict(cnf, code, stdout, cpu, cpuLimit);
}

function cell(r: Run, cpuLimit: number): string {
  if (r.status === 'timeout') return `> ${cpuLimit} s, not found`;
  if (r.status === 'error') return `error (${r.detail ?? '?'})`;
  const mark = r.status === 'SAT' ? (r.checked ? ' ✓ deck checked' : ' ✗ bad deck') : '';
  return `${r.cpu.toFixed(2)} s ${r.status}${mark}`;
}

/** A configuration `variables:steps:pairs` of --configs. */
interface Config {
  label: string;
  options: DobbleSatOptions;
}

function parseConfig(text: string): Config {
  const [variables = 'incidence', steps = 'default', pairs = 'exactly-one'] = text.trim().split(':');
  const symmetry = steps === 'default' ? undefined : parseSymmetrySteps(steps);
  return {
    label: `${variables} | ${steps} | ${pairs}`,
    options: { variables: variables as DobbleVariables, symmetry, pairs: pairs as PairEncoding },
  };
}

function machine(): string {
  const cores = cpus();
  return `${cores[0]?.model ?? 'unknown CPU'}, ${cores.length} cores; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

async function byConfiguration(argv: string[], dir: string): Promise<void> {
  const orders = (option(argv, '--order') ?? '9').split(',').map(Number);
  const timeout = Number(option(argv, '--timeout') ?? 600);
  const solvers = (option(argv, '--solvers') ?? 'cadical').split(',').filter(installed);
  const configs = option(argv, '--configs')!
    .split(';')
    .filter((c) => c.trim() !== '')
    .map(parseConfig);
  const lines = [
    `Dobble order ${orders.join(', ')} (${orders.map((n) => n * n + n + 1).join(', ')} cards) by SAT, per configuration: CPU seconds under nice, one run at a time, CPU limit ${timeout} s.`,
    '',
    `Machine at the start: ${machine()}.`,
    '',
    '| order | variables | steps | pairs | vars | clauses | solver | CPU s, result |',
    '|---|---|---|---|---|---|---|---|',
  ];
  console.log(lines.join('\n'));
  for (const order of orders) {
    for (const config of configs) {
      const cnf = encodeDobble(order, config.options);
      const cnfFile = join(dir, 'dobble.cnf');
      writeDimacsFile(cnfFile, cnf, { puzzle: 'dobble', params: {}, names: false });
      for (const solver of solvers) {
        const line = `| ${order} | ${config.label} | ${cnf.varCount} | ${cnf.clauseCount} | ${solver} | ${cell(await run(solver, cnf, cnfFile, timeout), timeout)} |`;
        console.log(line);
        lines.push(line);
      }
    }
  }
  lines.push('', `Machine at the end: ${machine()}.`);
  const file = option(argv, '--write');
  if (file) writeFileSync(file, lines.join('\n') + '\n');
}

async function byOrder(argv: string[], dir: string): Promise<void> {
  const [lo, hi] = (option(argv, '--orders') ?? '2-8').split('-').map(Number);
  const orders = Array.from({ length: (hi ?? lo!) - lo! + 1 }, (_, i) => lo! + i);
  const timeout = Number(option(argv, '--timeout') ?? 60);
  const pairs = (option(argv, '--pairs') ?? 'exactly-one') as PairEncoding;
  const solvers = (option(argv, '--solvers') ?? ['logic-solver', ...NATIVE.map((s) => s.name)].join(',')).split(',');
  const available = solvers.filter(installed);
  const missing = solvers.filter((s) => !available.includes(s));
  const columns = available.flatMap((s) => [`${s} SB`, `${s} no SB`]);
  console.log(
    `Dobble SAT: CPU seconds per order, pairs ${pairs}, CPU limit ${timeout} s (SB = symmetry breaking)${missing.length ? `; not installed: ${missing.join(', ')}` : ''}\n`,
  );
  console.log(`| order | cards | vars (SB) | clauses (SB) | ${columns.join(' | ')} |`);
  console.log(`|---|---|---|---|${columns.map(() => '---').join('|')}|`);
  for (const order of orders) {
    const cells: string[] = [];
    let size = '';
    for (const symmetryBreaking of [true, false]) {
      const cnf = encodeDobble(order, { symmetryBreaking, pairs });
      if (symmetryBreaking) size = `${order * order + order + 1} | ${cnf.varCount} | ${cnf.clauseCount}`;
      const cnfFile = join(dir, `dobble-${symmetryBreaking}.cnf`);
      writeDimacsFile(cnfFile, cnf, { puzzle: 'dobble', params: {}, names: false });
      for (const [i, solver] of available.entries())
        cells[2 * i + (symmetryBreaking ? 0 : 1)] = cell(await run(solver, cnf, cnfFile, timeout), timeout);
    }
    console.log(`| ${order} | ${size} | ${cells.join(' | ')} |`);
  }
}

const argv = process.argv.slice(2);
{
  const dir = mkdtempSync(join(tmpdir(), 'dobble-bench-'));
  try {
    await (argv.includes('--configs') ? byConfiguration(argv, dir) : byOrder(argv, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
