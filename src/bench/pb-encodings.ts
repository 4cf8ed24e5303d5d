/**
 * The pseudo-Boolean part of the encoding benchmark (`puzzlesat bench pb`):
 * each PB encoding on weighted workloads, and beside the cardinality
 * encodings where both apply (unit weights). Every run is one solve of one
 * formula by an in-process engine in this process, measured in CPU seconds
 * (process.cpuUsage: the machine is shared), boxed by a time limit; the
 * ratio columns compare encodings of the same problem on the same engine.
 *
 * Workloads, each with its answer known independently:
 * - knapsack: random items (encoders/knapsack.ts --random-items), capacity
 *   half the total weight; "worth ≥ opt" (SAT) and "worth ≥ opt+1" (UNSAT),
 *   opt by dynamic programming; and the whole maximisation (linear search).
 * - queens domination: the fewest queens that attack or occupy every square
 *   of an n×n board (OEIS A075458: 3, 4, 5, 5 for n = 6..9); "at most γ"
 *   (SAT) and "at most γ-1" (UNSAT), the bound a cardinality constraint, so
 *   the cardinality encodings run beside the PB ones with unit weights.
 */
import { loadavg } from 'node:os';
import { type Item, knapsack } from '../../encoders/knapsack.js';
import { type CardEncoding, CARD_ENCODINGS, atMostK } from '../card/index.js';
import { Cnf } from '../core/cnf.js';
import { type PbEncoding, PB_ENCODINGS, atMostWeighted } from '../pb/index.js';
import { maximize } from '../optimize/index.js';
import { SatSolver } from '../session/solver.js';
import { loadWasmSolvers, solverByName } from '../../solvers/index.js';
import type { Status } from '../../solvers/types.js';
import { type Machine, machineDescription } from './encodings.js';
import { timed } from './timing.js';

export interface PbSuiteSettings {
  suite: 'quick' | 'full';
  /** Knapsack sizes (items) and seeds per size. */
  knapsackItems: readonly number[];
  seeds: number;
  /** Board sides of the queens-domination rows. */
  queens: readonly number[];
  solvers: readonly string[];
  /** CPU-bounded by wall seconds per run: a run that reaches it is marked ">T". */
  timeoutSeconds: number;
}

export const PB_SUITES: Readonly<Record<PbSuiteSettings['suite'], PbSuiteSettings>> = {
  quick: { suite: 'quick', knapsackItems: [15], seeds: 1, queens: [6], solvers: ['minisat-wasm'], timeoutSeconds: 10 },
  full: { suite: 'full', knapsackItems: [20, 30, 40], seeds: 2, queens: [6, 7, 8, 9], solvers: ['minisat-wasm', 'cadical-wasm'], timeoutSeconds: 40 },
};

/** OEIS A075458, the queens domination number of the n×n board, n = 1..11. */
const QUEENS_DOMINATION = [1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5];

export interface PbRun {
  status: Status;
  /** CPU seconds, null when the run reached the box. */
  cpu: number | null;
}

export interface PbRow {
  workload: string;
  problem: string;
  /** 'pb' or 'card': which family the encoding is from. */
  kind: 'pb' | 'card';
  encoding: string;
  solver: string;
  vars: number;
  clauses: number;
  sat: PbRun;
  unsat: PbRun;
  /** knapsack: the whole maximisation, by linear search with this encoding for the bounds. */
  optimize?: PbRun & { value?: number };
  expected: { optimum: number };
}

export interface PbReport {
  date: string;
  machine: Machine;
  loadAverage: { start: number; end: number };
  settings: PbSuiteSettings;
  rows: PbRow[];
}

/** One solve of a formula, boxed, in CPU seconds; its answer kept so that rows can be checked. */
async function oneSolve(cnf: Cnf, solver: string, timeoutSeconds: number): Promise<PbRun> {
  const s = new SatSolver(cnf, solverByName(solver).create());
  try {
    const r = await timed(() => s.solve({ timeout: timeoutSeconds }));
    return { status: r.value, cpu: r.value === 'UNKNOWN' ? null : r.cpu };
  } finally {
    s.close();
  }
}

function bestValueByDp(items: readonly Item[], capacity: number): number {
  const best = new Array<number>(capacity + 1).fill(0);
  for (const it of items) for (let c = capacity; c >= it.weight; c--) best[c] = Math.max(best[c]!, best[c - it.weight]! + it.value);
  return best[capacity]!;
}

async function knapsackRows(settings: PbSuiteSettings, log: (row: PbRow) => void): Promise<PbRow[]> {
  const rows: PbRow[] = [];
  for (const n of settings.knapsackItems) {
    for (let seed = 1; seed <= settings.seeds; seed++) {
      const base = knapsack({ randomItems: n, seed });
      const optimum = bestValueByDp(base.items, base.capacity);
      for (const { name } of PB_ENCODINGS) {
        const pb = name as PbEncoding;
        const at = (minValue: number) => knapsack({ randomItems: n, seed, minValue, pb });
        for (const solver of settings.solvers) {
          const unsatFormula = at(optimum + 1);
          const sat = await oneSolve(at(optimum).cnf, solver, settings.timeoutSeconds);
          const unsat = await oneSolve(unsatFormula.cnf, solver, settings.timeoutSeconds);
          const plain = knapsack({ randomItems: n, seed, pb });
          const opt = await timed(() =>
            maximize(plain, plain.objective!.terms, plain.objective!.weights, { solver, encoding: pb, timeout: settings.timeoutSeconds }),
          );
          const row: PbRow = {
            workload: 'knapsack',
            problem: `${n} items, seed ${seed}`,
            kind: 'pb',
            encoding: pb,
            solver,
            vars: unsatFormula.cnf.varCount,
            clauses: unsatFormula.cnf.clauseCount,
            sat,
            unsat,
            // Only a proved optimum counts: a search the box stopped has the best it found, not the optimum.
            optimize:
              opt.value.status === 'OPTIMUM'
                ? { status: 'SAT', cpu: opt.cpu, value: opt.value.solutions[0]!.value }
                : { status: 'UNKNOWN', cpu: null },
            expected: { optimum },
          };
          rows.push(row);
          log(row);
        }
      }
    }
  }
  return rows;
}

/** Queens on an n×n board attacking or occupying every square, at most k of them, the bound in the given encoding. */
function queensDomination(n: number, k: number, encode: (cnf: Cnf, queens: number[], k: number) => void): Cnf {
  const cnf = new Cnf();
  const q = Array.from({ length: n * n }, (_, i) => cnf.vars.named(`queen (${i % n},${Math.floor(i / n)})`));
  cnf.projection = [...q];
  cnf.family('dominated', 'every square holds or is attacked by a queen');
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const attackers = q.filter((_, i) => {
        const [ax, ay] = [i % n, Math.floor(i / n)];
        return ax === x || ay === y || ax - ay === x - y || ax + ay === x + y;
      });
      cnf.add(attackers);
    }
  }
  cnf.family('queens', `at most ${k} queens`);
  encode(cnf, q, k);
  return cnf;
}

async function queensRows(settings: PbSuiteSettings, log: (row: PbRow) => void): Promise<PbRow[]> {
  const rows: PbRow[] = [];
  const encodings: { kind: 'pb' | 'card'; name: string; encode: (cnf: Cnf, lits: number[], k: number) => void }[] = [
    ...PB_ENCODINGS.map((e) => ({
      kind: 'pb' as const,
      name: e.name,
      encode: (cnf: Cnf, lits: number[], k: number) =>
        void atMostWeighted(
          cnf,
          lits.map((lit) => ({ lit, weight: 1 })),
          k,
          e.name as PbEncoding,
          'queens',
        ),
    })),
    ...CARD_ENCODINGS.map((e) => ({
      kind: 'card' as const,
      name: e.name,
      encode: (cnf: Cnf, lits: number[], k: number) => void atMostK(cnf, lits, k, e.name as CardEncoding, 'queens'),
    })),
  ];
  for (const n of settings.queens) {
    const gamma = QUEENS_DOMINATION[n - 1]!;
    for (const e of encodings) {
      for (const solver of settings.solvers) {
        const unsatFormula = queensDomination(n, gamma - 1, e.encode);
        const row: PbRow = {
          workload: 'queens domination',
          problem: `${n}×${n}, γ = ${gamma}`,
          kind: e.kind,
          encoding: e.name,
          solver,
          vars: unsatFormula.varCount,
          clauses: unsatFormula.clauseCount,
          sat: await oneSolve(queensDomination(n, gamma, e.encode), solver, settings.timeoutSeconds),
          unsat: await oneSolve(unsatFormula, solver, settings.timeoutSeconds),
          expected: { optimum: gamma },
        };
        rows.push(row);
        log(row);
      }
    }
  }
  return rows;
}

export async function runPbSuite(settings: PbSuiteSettings, log: (line: string) => void = () => {}): Promise<PbReport> {
  await loadWasmSolvers();
  const solvers = settings.solvers.filter((name) => solverByName(name).available().ok);
  const run = { ...settings, solvers };
  const say = (r: PbRow) => log(`${r.workload} ${r.problem} · ${r.encoding} · ${r.solver}: SAT ${cpuText(r.sat)}, UNSAT ${cpuText(r.unsat)}`);
  const loadStart = loadavg()[0]!;
  const rows = [...(await knapsackRows(run, say)), ...(await queensRows(run, say))];
  return {
    date: new Date().toISOString(),
    machine: machineDescription(),
    loadAverage: { start: loadStart, end: loadavg()[0]! },
    settings: run,
    rows,
  };
}

/** Rows whose answers contradict the known optimum (a wrong encoding or solver), one line each. */
export function pbDisagreements(report: PbReport): string[] {
  const problems: string[] = [];
  for (const r of report.rows) {
    const where = `${r.workload} ${r.problem} ${r.encoding} ${r.solver}`;
    if (r.sat.status === 'UNSAT') problems.push(`${where}: UNSAT at the optimum`);
    if (r.unsat.status === 'SAT') problems.push(`${where}: SAT beyond the optimum`);
    if (r.optimize?.value !== undefined && r.optimize.value !== r.expected.optimum)
      problems.push(`${where}: optimised to ${r.optimize.value}, the optimum is ${r.expected.optimum}`);
  }
  return problems;
}

// ---- rendering -------------------------------------------------------------------

const fixed = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const cpuText = (r: PbRun | undefined) => (!r ? '–' : r.cpu === null ? '>T' : fixed(r.cpu));
/** Below this many CPU seconds a run is mostly set-up and timer noise: no ratio is given for it. */
const NOISE_CPU = 0.05;
const ratio = (r: PbRun | undefined, base: PbRun | undefined) =>
  r?.cpu == null || base?.cpu == null || r.cpu < NOISE_CPU || base.cpu < NOISE_CPU ? '–' : fixed(r.cpu / base.cpu);

/** The baseline each row's ratio is against: the default PB encoding (bdd) on the same problem and engine. */
const BASELINE = 'bdd';

export function renderPbMarkdown(report: PbReport): string {
  const { settings, machine } = report;
  const out: string[] = [];
  out.push(`# Pseudo-Boolean encodings (${settings.suite} suite)`, '');
  out.push(
    `Generated by \`puzzlesat bench pb${settings.suite === 'quick' ? ' --quick' : ''}\` (src/bench/pb-encodings.ts), ${report.date}; ${machine.cpu}, ${machine.cores} cores; ${machine.os}; Node ${machine.node}. ` +
      `The machine is shared: every figure is CPU seconds of this process (process.cpuUsage around one solve by an in-process engine, adding the clauses included), one run each, boxed at ${settings.timeoutSeconds} s wall (">T": reached the box). ` +
      `**×${BASELINE}**: CPU against the ${BASELINE} encoding on the same problem and engine, in the same run ("–" where either is under ${NOISE_CPU} s, mostly set-up and timer noise). ` +
      `Load average ${report.loadAverage.start.toFixed(1)} at the start, ${report.loadAverage.end.toFixed(1)} at the end: with other jobs on the machine, the wall-clock box is reached at fewer CPU seconds than it says.`,
    '',
  );
  for (const workload of [...new Set(report.rows.map((r) => r.workload))]) {
    const rows = report.rows.filter((r) => r.workload === workload);
    const knapsack = workload === 'knapsack';
    out.push(`## ${workload}`, '');
    out.push(
      knapsack
        ? 'Random items (weights and values 1-100), capacity half the total weight. SAT: worth at least the optimum (by dynamic programming); UNSAT: worth one more. Vars and clauses are those of the UNSAT formula (both weighted sums). optimize: the whole maximisation, linear search with the same encoding for its bounds.'
        : 'The fewest queens attacking or occupying every square (OEIS A075458). SAT: at most γ queens; UNSAT: at most γ-1. The bound is a cardinality constraint: the PB encodings take it with unit weights, beside the cardinality encodings.',
      '',
    );
    const head = [
      'problem',
      'encoding',
      'solver',
      'vars',
      'clauses',
      'SAT CPU s',
      `×${BASELINE}`,
      'UNSAT CPU s',
      `×${BASELINE}`,
      ...(knapsack ? ['optimize CPU s', `×${BASELINE}`] : []),
    ];
    out.push(`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 3 ? '---' : '---:')).join('|')}|`);
    for (const r of rows) {
      const base = rows.find((b) => b.problem === r.problem && b.solver === r.solver && b.encoding === BASELINE);
      const cells = [
        r.problem,
        `${r.encoding}${r.kind === 'card' ? ' (card)' : ''}`,
        r.solver,
        r.vars,
        r.clauses,
        cpuText(r.sat),
        ratio(r.sat, base?.sat),
        cpuText(r.unsat),
        ratio(r.unsat, base?.unsat),
        ...(knapsack ? [cpuText(r.optimize), ratio(r.optimize, base?.optimize)] : []),
      ];
      out.push(`| ${cells.join(' | ')} |`);
    }
    out.push('');
  }
  out.push('## Encodings', '');
  for (const e of PB_ENCODINGS) out.push(`- **${e.name}** (pb): ${e.fits}`);
  for (const e of CARD_ENCODINGS) out.push(`- **${e.name}** (card): ${e.fits}`);
  out.push('');
  return out.join('\n');
}
