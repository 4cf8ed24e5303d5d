/**
 * Time to find (or refute) a projective plane of order n with the Dobble SAT
 * encoding, per solver, with and without symmetry breaking, as a Markdown
 * table. Every run is a child process killed after the timeout: the
 * in-process solver in a copy of this script, the native ones on a DIMACS
 * file. Models are decoded and checked with checkDeck.
 *
 *   node dist/bench/dobble.js [--orders 2-8] [--timeout 60] [--pairs exactly-one|at-most-one]
 *                             [--solvers logic-solver,minisat,cadical,cryptominisat5]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DobbleCnf, checkDeck, decodeDobble, encodeDobble, type PairEncoding } from '../encoders/dobble.js';
import { writeDimacsFile } from '../src/core/dimacs.js';
import { createLogicSolver } from '../solvers/logic-solver.js';
import { loadFormula } from '../src/enumerate/solve-once.js';
import { trueVariables } from '../solvers/external/output.js';

interface Run {
  status: 'SAT' | 'UNSAT' | 'timeout' | 'error';
  seconds: number;
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
  { name: 'cryptominisat5', args: (cnf) => ['--verb=0', cnf], modelIn: 'stdout' },
];
const IN_PROCESS = 'logic-solver';

function parseArgs(argv: string[]): { orders: number[]; timeout: number; pairs: PairEncoding; solvers: string[] } {
  const get = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const [lo, hi] = (get('--orders') ?? '2-8').split('-').map(Number);
  return {
    orders: Array.from({ length: (hi ?? lo!) - lo! + 1 }, (_, i) => lo! + i),
    timeout: Number(get('--timeout') ?? 60),
    pairs: (get('--pairs') ?? 'exactly-one') as PairEncoding,
    solvers: (get('--solvers') ?? [IN_PROCESS, ...NATIVE.map((s) => s.name)].join(',')).split(','),
  };
}

function installed(name: string): boolean {
  if (name === IN_PROCESS) return true;
  return !spawnSync('sh', ['-c', `command -v ${name}`]).status;
}

/** Runs a process with a wall-clock limit; resolves with its exit code (null when killed), stdout and time. */
function runLimited(command: string, args: string[], timeoutSeconds: number): Promise<{ code: number | null; stdout: string; seconds: number }> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutSeconds * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(chunks).toString(), seconds: (performance.now() - start) / 1000 });
    });
  });
}

const checks = (cnf: DobbleCnf, value: (v: number) => boolean) => checkDeck(decodeDobble(cnf, value)).ok;

async function runNative(solver: NativeSolver, cnf: DobbleCnf, dir: string, timeout: number): Promise<Run> {
  const cnfFile = join(dir, 'dobble.cnf');
  const modelFile = join(dir, 'model.txt');
  rmSync(modelFile, { force: true });
  writeDimacsFile(cnfFile, cnf, { puzzle: 'dobble', params: {}, names: false });
  const { code, stdout, seconds } = await runLimited(solver.name, solver.args(cnfFile, modelFile), timeout);
  if (code === null) return { status: 'timeout', seconds };
  if (code === 20) return { status: 'UNSAT', seconds };
  if (code !== 10) return { status: 'error', seconds, detail: `exit ${code}` };
  const model = trueVariables(solver.modelIn === 'file' ? readFileSync(modelFile, 'utf8') : stdout);
  return { status: 'SAT', seconds, checked: checks(cnf, (v) => model.has(v)) };
}

async function runInProcess(order: number, symmetryBreaking: boolean, pairs: PairEncoding, timeout: number): Promise<Run> {
  const self = fileURLToPath(import.meta.url);
  const args = [self, '--child', String(order), String(symmetryBreaking), pairs];
  const { code, stdout, seconds } = await runLimited(process.execPath, args, timeout);
  if (code === null) return { status: 'timeout', seconds };
  if (code !== 0) return { status: 'error', seconds, detail: `exit ${code}` };
  return JSON.parse(stdout) as Run;
}

/** The child: encode, solve in-process, print a Run as JSON (time of the solve alone). */
async function child(order: number, symmetryBreaking: boolean, pairs: PairEncoding): Promise<void> {
  const cnf = encodeDobble(order, { symmetryBreaking, pairs });
  const solver = createLogicSolver();
  loadFormula(solver, cnf);
  const start = performance.now();
  const status = await solver.solve();
  const seconds = (performance.now() - start) / 1000;
  const run: Run = status === 'SAT' ? { status, seconds, checked: checks(cnf, (v) => solver.value(v)) } : { status: status === 'UNSAT' ? 'UNSAT' : 'error', seconds };
  process.stdout.write(JSON.stringify(run));
}

function cell(run: Run, timeout: number): string {
  if (run.status === 'timeout') return `> ${timeout} s`;
  if (run.status === 'error') return `error (${run.detail ?? '?'})`;
  const mark = run.status === 'SAT' ? (run.checked ? ' ✓' : ' ✗ bad deck') : '';
  return `${run.seconds.toFixed(2)} s ${run.status}${mark}`;
}

async function main(): Promise<void> {
  const { orders, timeout, pairs, solvers } = parseArgs(process.argv.slice(2));
  const available = solvers.filter(installed);
  const missing = solvers.filter((s) => !available.includes(s));
  const dir = mkdtempSync(join(tmpdir(), 'dobble-bench-'));
  const columns = available.flatMap((s) => [`${s} SB`, `${s} no SB`]);
  console.log(`Dobble SAT: time per order, pairs ${pairs}, timeout ${timeout} s (SB = symmetry breaking)${missing.length ? `; not installed: ${missing.join(', ')}` : ''}\n`);
  console.log(`| order | cards | vars (SB) | clauses (SB) | ${columns.join(' | ')} |`);
  console.log(`|---|---|---|---|${columns.map(() => '---').join('|')}|`);
  try {
    for (const order of orders) {
      const cells: string[] = [];
      let size = '';
      for (const name of available) {
        for (const symmetryBreaking of [true, false]) {
          const cnf = encodeDobble(order, { symmetryBreaking, pairs });
          if (symmetryBreaking) size = `${order * order + order + 1} | ${cnf.varCount} | ${cnf.clauseCount}`;
          const native = NATIVE.find((s) => s.name === name);
          const run = native ? await runNative(native, cnf, dir, timeout) : await runInProcess(order, symmetryBreaking, pairs, timeout);
          cells.push(cell(run, timeout));
        }
      }
      console.log(`| ${order} | ${size} | ${cells.join(' | ')} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') await child(Number(argv[1]), argv[2] === 'true', argv[3] as PairEncoding);
else await main();
