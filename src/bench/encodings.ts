/**
 * The encoding benchmark: a matrix of encodings x solvers x puzzles. Each cell
 * records the formula's size, the time to a first solution (one solve of the
 * whole formula, as `puzzlesat solve` does), and the time to enumerate the
 * first N symmetry classes and, where that is feasible, all of them (the
 * cube-and-conquer loop of `puzzlesat enumerate --unique`). Our dancing links
 * backend (dlx) runs on the same placements as the yardstick.
 *
 * Timing is wall clock, because external solvers spend theirs in other
 * processes; the machine description and load average go into the report.
 * Every run has a time box: the enumeration polls it between solves and each
 * solve gets it as its own limit, so one slow cell cannot hold up the matrix
 * (logic-solver cannot stop inside a solve, so a single long solve of its can
 * overrun the box).
 *
 * Beside these, the searching regime (SearchRegime): every class with a
 * shallow cube tree, so that MiniSat does the search, in CPU seconds, boxed
 * and projected from the rate; encodings are compared where the solver works.
 *
 * This module holds the suites, the runner and the pure renderers (Markdown,
 * JSON, SVG); `puzzlesat bench` (src/cli/bench.ts) drives it.
 */
import { availableParallelism, arch, cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { geniusSpec, parseBlockers } from '../../encoders/genius-square.js';
import { soma } from '../../encoders/polycube.js';
import { polyomino } from '../../encoders/polyomino.js';
import { AMO_ENCODINGS, type AmoEncoding } from '../card/index.js';
import { enumerate } from '../enumerate/blocking-loop.js';
import { enumerateExactCover } from '../enumerate/dlx.js';
import { UsageError, UserError } from '../core/errors.js';
import { buildPacking, type NonOverlap } from '../../encoders/packing.js';
import type { Instance } from '../core/puzzle.js';
import { claspWasm } from '../../solvers/clasp-wasm.js';
import { SOLVERS, loadWasmSolvers } from '../../solvers/index.js';
import type { BranchingRule, SolverFactory } from '../../solvers/types.js';
import { type EnumerateSummary, type EnumMode, type Propagation } from '../enumerate/blocking-loop.js';
import { timed } from './timing.js';

// ---- what is measured --------------------------------------------------------

export interface Encoding {
  name: string;
  amo: AmoEncoding;
  nonOverlap: NonOverlap;
  about: string;
}

/** Every at-most-one encoding with the compact (per-cell) non-overlap family, then the pairwise non-overlap family. */
export const ENCODINGS: readonly Encoding[] = [
  ...AMO_ENCODINGS.map((e): Encoding => ({ name: e.name, amo: e.name as AmoEncoding, nonOverlap: 'compact', about: `--amo ${e.name}: ${e.fits}` })),
  {
    name: 'pairwise-nonoverlap',
    amo: 'pairwise',
    nonOverlap: 'pairwise',
    about:
      '--non-overlap pairwise --amo pairwise: one clause per pair of clashing placements, each pair once (compact pairwise repeats a pair for every cell the two share)',
  },
];

export interface BenchPuzzle {
  name: string;
  about: string;
  build(encoding: Encoding): Instance;
  /** Enumerate every class, not only the first N (only where that fits in the time box). */
  all: boolean;
  /** Cube depth of the enumeration runs; undefined: the instance's default. */
  cubeDepth?: number;
  /** The known totals: classes, and the solutions they stand for (none is symmetric, so raw / classes each). */
  expected: { classes: number; raw: number };
  /** Where every class is enumerated instead, for a puzzle the matrix only samples. */
  completeRuns?: string;
}

/** A roll with a few hundred solutions: small enough to enumerate completely in every cell. */
export const GENIUS_ROLL = 'A3,A5,C3,C6,D1,D5,F1';

export const PUZZLES: readonly BenchPuzzle[] = [
  {
    name: '8x8-square',
    about: '8x8 board, the 12 pentominoes and the 2x2 square',
    build: (e) => polyomino({ preset: '8x8-square', amo: e.amo, nonOverlap: e.nonOverlap }, 'pentomino'),
    all: false,
    // One less than the 13 pieces: the solver places the last piece. Shallower cubes
    // leave it more search but are much slower here (bench/results/pentomino-8x8.md).
    cubeDepth: 12,
    expected: { classes: 16146, raw: 129168 },
    completeRuns:
      'bench/results/pentomino-8x8.md (`npm run bench:pentomino-8x8`) enumerates every class in one run with the npm dancing-links peer, our dlx backend and the best SAT configuration (compact bimander, minisat-wasm, cube depth 12), on one thread and on all worker threads',
  },
  {
    name: '6x10',
    about: '6x10 rectangle, the 12 pentominoes',
    build: (e) => polyomino({ preset: '6x10', amo: e.amo, nonOverlap: e.nonOverlap }, 'pentomino'),
    all: false,
    cubeDepth: 11,
    expected: { classes: 2339, raw: 9356 },
  },
  {
    name: 'soma',
    about: 'the Soma cube, classes under rotations',
    build: (e) => soma({ amo: e.amo, nonOverlap: e.nonOverlap }),
    all: true,
    expected: { classes: 480, raw: 11520 },
  },
  {
    name: 'genius-square',
    about: `The Genius Square, roll ${GENIUS_ROLL}`,
    // geniusSquare() fixes the compact family; the spec lets us choose.
    build: (e) => {
      const params = { roll: GENIUS_ROLL, amo: e.amo, nonOverlap: e.nonOverlap };
      return buildPacking({ ...geniusSpec(parseBlockers(GENIUS_ROLL, 'roll'), params, { amo: e.amo }), nonOverlap: e.nonOverlap });
    },
    all: true,
    expected: { classes: 316, raw: 316 },
  },
];

// ---- the searching regime ---------------------------------------------------------

/**
 * Issue 12: where the SAT solver, not the cube tree, does the search. Every
 * class by `enumerate --unique` at a shallow cube depth, branching on the
 * cover clauses and enumerating inside MiniSat by chronological backtracking,
 * the configuration in which MiniSat comes closest to dancing links
 * (bench/results/sat-search.md). Only minisat-wasm offers cover branching
 * and chrono enumeration. Each run is boxed and, unfinished, projected to
 * all classes from its rate, so the whole matrix stays short.
 */
export interface SearchRegime {
  solver: string;
  cubeDepth: number;
  branching: BranchingRule;
  enumMode: EnumMode;
  /**
   * Always 'clauses' here, so that encodings are compared by their clauses;
   * native groups (which replace the cover, non-overlap and piece clauses,
   * and need pairwise) are measured in bench/results/sat-search.md.
   */
  propagation: Propagation;
  /** Wall seconds per run before it stops and is projected. */
  boxSeconds: number;
}

const SEARCH_REGIME: Omit<SearchRegime, 'boxSeconds'> = {
  solver: 'minisat-wasm',
  cubeDepth: 2,
  branching: 'cover',
  enumMode: 'chrono',
  propagation: 'clauses',
};

/** One boxed enumeration in CPU seconds of this process (worker threads included). */
export interface BoxedSearch {
  /** Classes (or solutions) found, all of them when complete. */
  found: number;
  raw: number;
  complete: boolean;
  cpu: number;
  /** CPU seconds to the first class: the set-up (instance, solver, clauses) and one search. */
  firstCpu: number | null;
  wall: number;
  /** CPU seconds for all `total` classes: measured when complete, else projected (projectCpu); null: none found. */
  allCpu: number | null;
}

/**
 * CPU seconds for all `total` classes from a run stopped after `found` of
 * them: the time to the first, then the rate after it for the rest, so that
 * the set-up, paid once, is not scaled up with the classes (with one class
 * found, the plain rate).
 */
export function projectCpu(cpu: number, firstCpu: number, found: number, total: number): number {
  return found > 1 ? firstCpu + ((cpu - firstCpu) * (total - 1)) / (found - 1) : (cpu * total) / found;
}

/** CPU seconds of this process since `start` (process.cpuUsage: every thread, worker threads too). */
const cpuSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
};

/**
 * Runs `run` until it finishes or `boxSeconds` of wall time pass (it polls
 * the given shouldStop, and calls onFound per class) and projects an
 * unfinished run to `total` classes.
 */
export async function boxedSearch(
  run: (shouldStop: () => boolean, onFound: () => void) => Promise<EnumerateSummary>,
  boxSeconds: number,
  total: number,
): Promise<BoxedSearch> {
  const deadline = performance.now() + boxSeconds * 1000;
  const start = process.cpuUsage();
  let firstCpu: number | null = null;
  const r = await timed(() =>
    run(
      () => performance.now() >= deadline,
      () => void (firstCpu ??= cpuSince(start)),
    ),
  );
  const { count, raw, complete } = r.value;
  const allCpu = complete ? r.cpu : count > 0 ? projectCpu(r.cpu, firstCpu ?? 0, count, total) : null;
  return { found: count, raw, complete, cpu: r.cpu, firstCpu, wall: r.wall, allCpu };
}

/** A search cell's run, with the configuration it ran in stated beside it. */
export interface SearchMeasure extends BoxedSearch {
  /** null for dlx, which has no cube tree. */
  cubeDepth: number | null;
  branching: string;
  enumeration: string;
}

export interface SuiteSettings {
  suite: 'quick' | 'full';
  puzzles: readonly string[];
  encodings: readonly string[];
  /** Solver names to use when available. */
  solvers: readonly string[];
  /** N, the number of classes timed as "first N". */
  limit: number;
  repeat: number;
  timeoutSeconds: number;
  /** The encoding every SAT cell is compared with (same puzzle, same solver). */
  baseline: string;
  search: SearchRegime;
}

const IN_PROCESS_MINISATS = ['minisat-wasm', 'logic-solver'];

export const SUITES: Readonly<Record<SuiteSettings['suite'], SuiteSettings>> = {
  quick: {
    suite: 'quick',
    puzzles: ['6x10', 'genius-square'],
    encodings: ['pairwise', 'sequential', 'bimander'],
    solvers: IN_PROCESS_MINISATS,
    limit: 20,
    repeat: 1,
    timeoutSeconds: 30,
    baseline: 'pairwise',
    search: { ...SEARCH_REGIME, boxSeconds: 2 },
  },
  full: {
    suite: 'full',
    puzzles: PUZZLES.map((p) => p.name),
    encodings: ENCODINGS.map((e) => e.name),
    solvers: SOLVERS.map((s) => s.name),
    // Short boxes keep the whole matrix within about ten minutes on two cores;
    // an unfinished run is an estimate from its rate, marked as such.
    limit: 200,
    repeat: 3,
    timeoutSeconds: 3,
    baseline: 'pairwise',
    search: { ...SEARCH_REGIME, boxSeconds: 6 },
  },
};

/** The yardstick's name in the solver column. */
export const DLX = 'dlx';

/**
 * Solvers that take the whole formula afresh at every solve() (a file for a
 * program, a copy for clasp-wasm's worker) get only the first-solution
 * measure: in the blocking-clause loop they would spend their time re-reading it.
 */
const rereadsFormula = (f: SolverFactory): boolean => f.kind === 'external' || f.name === claspWasm.name;

// ---- results -----------------------------------------------------------------

/** A median over repeated runs; null seconds: the runs did not get there within the time box. */
export interface Measure {
  seconds: number | null;
  /** The solutions those seconds count; for a run stopped by the box, what it had found by then. */
  found: number;
  runs: number;
}

export interface Cell {
  puzzle: string;
  encoding: string;
  solver: string;
  /** Formula size; null for dlx, which works on the placements. */
  vars: number | null;
  clauses: number | null;
  /** Seconds to build the instance (placements, CNF, symmetries), once per encoding. */
  buildSeconds: number;
  first?: Measure;
  /** Time to the first N classes. */
  firstN?: Measure;
  /** Time to all classes, for puzzles enumerated completely. */
  all?: Measure;
  /** Classes and solutions counted by the enumeration (its first run). */
  count?: number;
  raw?: number;
  /** Every class in the searching regime (dlx, and the regime's solver). */
  search?: SearchMeasure;
  error?: string;
}

export interface Machine {
  os: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
}

export interface BenchReport {
  date: string;
  machine: Machine;
  loadAverage: { start: number; end: number };
  settings: SuiteSettings;
  puzzles: { name: string; about: string; all: boolean; cubeDepth: number | null; expected: { classes: number; raw: number } }[];
  cells: Cell[];
}

export function machineDescription(): Machine {
  return {
    os: `${osType()} ${release()} ${arch()}`,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
  };
}

// ---- pure helpers --------------------------------------------------------------

/** The median, with null (a timed-out run) ranked above every time; null if that is where the middle falls. */
export function median(values: readonly (number | null)[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.map((v) => v ?? Infinity).sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const m = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Number.isFinite(m) ? m : null;
}

/**
 * Time per solution of a measure: its seconds over the solutions they count,
 * or, for a run stopped by the box, the box over what it found by then.
 * Null when the box ran out before any solution.
 */
export function timePerSolution(m: Measure, timeoutSeconds: number): number | null {
  if (m.seconds !== null) return m.seconds / m.found;
  return m.found > 0 ? timeoutSeconds / m.found : null;
}

/**
 * cell / reference as text. Both finished: the ratio of their times ("1.52").
 * A run stopped by the box: the ratio of times per solution, marked as an
 * estimate ("≈3.1"), or a bound when it found nothing (">3.4": at least that).
 */
export function ratioText(cell: Measure | undefined, reference: Measure | undefined, timeoutSeconds: number): string {
  if (!cell || !reference) return '–';
  const [c, r] = [timePerSolution(cell, timeoutSeconds), timePerSolution(reference, timeoutSeconds)];
  if (c !== null && r !== null) return `${cell.seconds === null || reference.seconds === null ? '≈' : ''}${fixed(c / r)}`;
  if (c === null && reference.seconds !== null) return `>${fixed(timeoutSeconds / reference.seconds)}`;
  if (r === null && cell.seconds !== null) return `<${fixed(cell.seconds / timeoutSeconds)}`;
  return '–';
}

/** Rounded to suit the size: two decimals below 10, one below 100, none above. */
function fixed(x: number): string {
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

function secondsText(m: Measure | undefined, timeoutSeconds: number): string {
  if (!m) return '–';
  if (m.seconds === null) return `>${timeoutSeconds} s (${m.found})`;
  return m.seconds < 10 ? m.seconds.toFixed(2) : m.seconds.toFixed(1);
}

/**
 * Cells whose counts disagree with the puzzle's: an enumeration that got to
 * the end must find its known number of classes and solutions, and any other
 * must have found a full orbit of solutions per class (no solution of these
 * puzzles is symmetric). Returns one line per problem.
 */
export function countDisagreements(report: BenchReport): string[] {
  const problems: string[] = [];
  for (const { name, expected } of report.puzzles) {
    const orbit = expected.raw / expected.classes;
    for (const cell of report.cells.filter((c) => c.puzzle === name && c.count !== undefined)) {
      const where = `${cell.puzzle} ${cell.encoding} ${cell.solver}`;
      if (cell.all?.seconds != null) {
        if (cell.count !== expected.classes || cell.raw !== expected.raw) {
          problems.push(`${where}: ${cell.count} classes (${cell.raw} solutions), expected ${expected.classes} (${expected.raw})`);
        }
      } else if (cell.raw !== cell.count! * orbit) {
        problems.push(`${where}: ${cell.count} classes stand for ${cell.raw} solutions, expected ${cell.count! * orbit}`);
      }
    }
    for (const cell of report.cells.filter((c) => c.puzzle === name && c.search)) {
      const { found, raw, complete } = cell.search!;
      const where = `${cell.puzzle} ${cell.encoding} ${cell.solver} searching`;
      if (complete && (found !== expected.classes || raw !== expected.raw)) {
        problems.push(`${where}: ${found} classes (${raw} solutions), expected ${expected.classes} (${expected.raw})`);
      } else if (!complete && raw !== found * orbit) {
        problems.push(`${where}: ${found} classes stand for ${raw} solutions, expected ${found * orbit}`);
      }
    }
  }
  return problems;
}

const geometricMean = (xs: readonly number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/**
 * Per encoding, the geometric mean over puzzles and solvers of its ratio to
 * the baseline in time per solution (the time ratio where both finished).
 */
export function encodingSummary(
  report: BenchReport,
): { encoding: string; first: number | null; firstN: number | null; search: number | null; cells: number }[] {
  const { baseline, timeoutSeconds } = report.settings;
  const sat = report.cells.filter((c) => c.solver !== DLX);
  const baseOf = (c: Cell) => sat.find((b) => b.puzzle === c.puzzle && b.solver === c.solver && b.encoding === baseline);
  const ratios = (cells: Cell[], key: 'first' | 'firstN') =>
    cells.flatMap((c) => {
      const [m, b] = [c[key], baseOf(c)?.[key]];
      const [x, y] = [m && timePerSolution(m, timeoutSeconds), b && timePerSolution(b, timeoutSeconds)];
      return x != null && y != null ? [x / y] : [];
    });
  // The searching regime: CPU seconds for all classes, measured or projected.
  const searchRatios = (cells: Cell[]) =>
    cells.flatMap((c) => {
      const [x, y] = [c.search?.allCpu, baseOf(c)?.search?.allCpu];
      return x != null && y != null ? [x / y] : [];
    });
  const mean = (xs: number[]) => (xs.length ? geometricMean(xs) : null);
  return report.settings.encodings.map((encoding) => {
    const cells = sat.filter((c) => c.encoding === encoding);
    return {
      encoding,
      first: mean(ratios(cells, 'first')),
      firstN: mean(ratios(cells, 'firstN')),
      search: mean(searchRatios(cells)),
      cells: cells.length,
    };
  });
}

// ---- rendering -------------------------------------------------------------------

export function renderMarkdown(report: BenchReport): string {
  const { settings, machine } = report;
  const T = settings.timeoutSeconds;
  const out: string[] = [];
  out.push(`# Encoding benchmark (${settings.suite} suite)`, '');
  out.push(
    `${report.date}; ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}. ` +
      `Load average ${report.loadAverage.start.toFixed(2)} at the start and ${report.loadAverage.end.toFixed(2)} at the end: the machine is shared, so times are wall clock and upper bounds.`,
    '',
  );
  out.push(
    `Times in seconds, ${settings.repeat > 1 ? `median of up to ${settings.repeat} runs` : 'one run'} (a run that hits the ${T} s box is not repeated, nor one once the runs have used ${T} s between them; ` +
      `">${T} s (k)" means k were found by then). **first**: one solve of the whole formula, no cubes (as \`puzzlesat solve\`). ` +
      `**first N**: the first N = ${settings.limit} symmetry classes by \`enumerate --unique\` (cube-and-conquer at the cube depth given per puzzle, clauses propagated). ` +
      `**all**: every class, where feasible. Ratios are cell time / reference time: **×${settings.baseline}** against the ${settings.baseline} encoding with the same solver, **×dlx** against our dancing links on the same placements; ` +
      `"≈" marks an estimate from times per class when a run was stopped by the box, ">" a bound when it found nothing. ` +
      `Solvers that re-read the formula at every solve (external programs, clasp-wasm) are timed on the first solution only. build: seconds to build the instance.`,
    '',
  );
  out.push(...searchIntro(settings), '');
  out.push('## Encodings against the baseline', '');
  out.push(
    `Geometric mean, over every puzzle and solver, of the ratio to ${settings.baseline} in time per solution (the time ratio where both finished; below 1: faster); ` +
      `**searching**: over every puzzle, of the ratio in CPU seconds for all classes in the searching regime (${regimeText(settings.search)}).`,
    '',
  );
  out.push(
    `| encoding | first ×${settings.baseline} | first N ×${settings.baseline} | searching ×${settings.baseline} | cells |`,
    '|---|---:|---:|---:|---:|',
  );
  const text = (x: number | null) => (x === null ? '–' : fixed(x));
  for (const s of encodingSummary(report)) out.push(`| ${s.encoding} | ${text(s.first)} | ${text(s.firstN)} | ${text(s.search)} | ${s.cells} |`);
  out.push('');
  for (const puzzle of report.puzzles) {
    out.push(...puzzleTable(report, puzzle), ...searchTable(report, puzzle));
  }
  const errors = report.cells.filter((c) => c.error);
  if (errors.length) {
    out.push('## Cells that failed', '');
    for (const c of errors) out.push(`- ${c.puzzle}, ${c.encoding}, ${c.solver}: ${c.error}`);
    out.push('');
  }
  out.push('## Encodings', '');
  for (const e of ENCODINGS.filter((e) => settings.encodings.includes(e.name))) out.push(`- **${e.name}**: ${e.about}`);
  out.push('');
  return out.join('\n');
}

function puzzleTable(report: BenchReport, puzzle: BenchReport['puzzles'][number]): string[] {
  const { settings } = report;
  const T = settings.timeoutSeconds;
  const cells = report.cells.filter((c) => c.puzzle === puzzle.name);
  const dlx = cells.find((c) => c.solver === DLX);
  const base = (c: Cell) => cells.find((b) => b.solver === c.solver && b.encoding === settings.baseline);
  const depth = puzzle.cubeDepth === null ? 'the default cube depth' : `cube depth ${puzzle.cubeDepth}`;
  const out = [`## ${puzzle.name}: ${puzzle.about}`, ''];
  out.push(
    `${puzzle.expected.classes} classes (${puzzle.expected.raw} solutions); enumerated with ${depth}${puzzle.all ? ', all classes timed' : ''}.`,
    '',
  );
  const completeRuns = PUZZLES.find((p) => p.name === puzzle.name)?.completeRuns;
  if (completeRuns && !puzzle.all) out.push(`All classes: ${completeRuns}.`, '');
  const b = `×${settings.baseline}`;
  out.push(
    `| encoding | solver | vars | clauses | build | first | ${b} | ×dlx | first N | ${b} | ×dlx | all | ${b} | ×dlx | classes |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const c of cells) {
    const row = [
      c.encoding,
      c.solver,
      c.vars ?? '–',
      c.clauses ?? '–',
      c.buildSeconds.toFixed(2),
      secondsText(c.first, T),
      c.solver === DLX ? '–' : ratioText(c.first, base(c)?.first, T),
      ratioText(c.first, dlx?.first, T),
      secondsText(c.firstN, T),
      c.solver === DLX ? '–' : ratioText(c.firstN, base(c)?.firstN, T),
      ratioText(c.firstN, dlx?.firstN, T),
      puzzle.all ? secondsText(c.all, T) : '–',
      puzzle.all && c.solver !== DLX ? ratioText(c.all, base(c)?.all, T) : '–',
      puzzle.all ? ratioText(c.all, dlx?.all, T) : '–',
      c.error ? 'failed' : (c.count ?? '–'),
    ];
    out.push(`| ${row.join(' | ')} |`);
  }
  out.push('');
  return out;
}

/** The regime in words, as the CLI would be asked for it. */
export const regimeText = (r: SearchRegime) =>
  `${r.solver}, cube depth ${r.cubeDepth}, ${r.branching} branching, ${r.enumMode} enumeration, ${r.propagation} propagated`;

function searchIntro(settings: SuiteSettings): string[] {
  const r = settings.search;
  return [
    `**Searching** (issue 12): every class by \`enumerate --unique --solver ${r.solver} --cube-depth ${r.cubeDepth} --branching ${r.branching} --enum-mode ${r.enumMode} --propagation ${r.propagation}\`, ` +
      `so that MiniSat, not the cube tree, does the search: cover = decide on the not-yet-satisfied \`cover\` clause with the fewest free literals, ` +
      `chrono = enumerate inside MiniSat by chronological backtracking, no blocking clauses (a conflict flips the deepest unflipped decision). ` +
      `Only ${r.solver} offers both. Beside it, dlx enumerates every class the same way it always does. ` +
      `Times are CPU seconds of this process; each run is boxed at ${r.boxSeconds} s wall and, unfinished, projected to all classes ("≈", marked "(boxed)"): ` +
      `its CPU to the first class (set-up included), then its classes per CPU second after that for the rest.`,
  ];
}

/** A CPU figure for all classes: measured, or "≈" projected. */
const allCpuText = (m: SearchMeasure) => (m.allCpu === null ? '–' : `${m.complete ? '' : '≈'}${fixed(m.allCpu)}`);

function searchRatio(m: SearchMeasure, reference: SearchMeasure | undefined): string {
  if (m === reference) return '1.00';
  if (m.allCpu === null || !reference || reference.allCpu === null) return '–';
  return `${m.complete && reference.complete ? '' : '≈'}${fixed(m.allCpu / reference.allCpu)}`;
}

function searchTable(report: BenchReport, puzzle: BenchReport['puzzles'][number]): string[] {
  const { settings } = report;
  const cells = report.cells.filter((c) => c.puzzle === puzzle.name && c.search);
  if (!cells.length) return [];
  const dlx = cells.find((c) => c.solver === DLX)?.search;
  const base = cells.find((c) => c.solver !== DLX && c.encoding === settings.baseline)?.search;
  const out = [`### ${puzzle.name}, the SAT solver searching`, ''];
  out.push(
    `All ${puzzle.expected.classes} classes; ${regimeText(settings.search)}; boxed at ${settings.search.boxSeconds} s wall, CPU seconds.`,
    '',
    `| encoding | solver | cube depth | branching | enumeration | classes | CPU s | wall s | CPU s, all classes | ×${settings.baseline} | ×dlx |`,
    '|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const c of cells) {
    const m = c.search!;
    const row = [
      c.encoding,
      c.solver,
      m.cubeDepth ?? '–',
      m.branching,
      m.enumeration,
      `${m.found}${m.complete ? '' : ' (boxed)'}`,
      fixed(m.cpu),
      fixed(m.wall),
      allCpuText(m),
      c.solver === DLX ? '–' : searchRatio(m, base),
      searchRatio(m, dlx),
    ];
    out.push(`| ${row.join(' | ')} |`);
  }
  out.push('');
  return out;
}

// ---- running ---------------------------------------------------------------------

export type Backend = { kind: 'sat'; factory: SolverFactory } | { kind: 'dlx' };

export interface Run {
  /** Seconds to the first and the Nth solution, and to the end of a complete enumeration; null: not reached. */
  first: number | null;
  nth: number | null;
  end: number | null;
  count: number;
  raw: number;
  /** Seconds the run took in all. */
  seconds: number;
}

export interface RunSpec {
  unique: boolean;
  /** The solution whose time is `nth`. */
  n: number;
  /** Stop after this many; undefined: enumerate everything. */
  limit?: number;
  cubeDepth?: number;
  timeoutSeconds: number;
}

/** One enumeration, time-boxed, with the times at which it reached its marks. */
export async function timedRun(instance: Instance, backend: Backend, spec: RunSpec): Promise<Run> {
  const start = performance.now();
  const deadline = start + spec.timeoutSeconds * 1000;
  const elapsed = () => (performance.now() - start) / 1000;
  const run: Run = { first: null, nth: null, end: null, count: 0, raw: 0, seconds: 0 };
  const onFound = () => {
    run.count++;
    if (run.count === 1) run.first = elapsed();
    if (run.count === spec.n) run.nth = elapsed();
  };
  const shouldStop = () => performance.now() >= deadline;
  const common = { unique: spec.unique, limit: spec.limit, onFound, shouldStop };
  const summary =
    backend.kind === 'dlx'
      ? await enumerateExactCover(instance, common)
      : // Clauses propagated, as in the searching regime: encodings are compared by their clauses (native groups would replace pairwise's).
        await enumerate(instance, {
          ...common,
          createSolver: () => backend.factory.create(),
          cubeDepth: spec.cubeDepth,
          timeoutSeconds: spec.timeoutSeconds,
          propagation: 'clauses',
        });
  run.seconds = elapsed();
  if (summary.complete) run.end = run.seconds;
  run.raw = summary.raw;
  return run;
}

/**
 * Runs up to `repeat` times and takes medians; once if the first run times
 * out, and no more once the runs have used one time box between them (short
 * runs are repeated, long ones would only lengthen the matrix).
 */
async function repeated(repeat: number, timeoutSeconds: number, once: () => Promise<Run>): Promise<Run[]> {
  const runs = [await once()];
  const timedOut = (r: Run) => r.nth === null && r.end === null;
  const spent = () => runs.reduce((s, r) => s + r.seconds, 0);
  while (runs.length < repeat && !timedOut(runs[0]!) && spent() < timeoutSeconds) runs.push(await once());
  return runs;
}

/** The median of `pick` over the runs; `mark` is how many solutions that time counts. */
function measure(runs: readonly Run[], pick: (r: Run) => number | null, mark: number): Measure {
  const seconds = median(runs.map(pick));
  return { seconds, found: seconds === null ? runs[runs.length - 1]!.count : mark, runs: runs.length };
}

async function measureBackend(
  instance: Instance,
  backend: Backend,
  puzzle: BenchPuzzle,
  settings: SuiteSettings,
): Promise<Pick<Cell, 'first' | 'firstN' | 'all' | 'count' | 'raw'>> {
  const T = settings.timeoutSeconds;
  const firstRuns = await repeated(settings.repeat, T, () =>
    timedRun(instance, backend, { unique: false, n: 1, limit: 1, cubeDepth: 0, timeoutSeconds: T }),
  );
  const first = measure(firstRuns, (r) => r.first, 1);
  if (backend.kind === 'sat' && rereadsFormula(backend.factory)) return { first };
  const n = Math.min(settings.limit, puzzle.expected.classes);
  const runs = await repeated(settings.repeat, T, () =>
    timedRun(instance, backend, { unique: true, n, limit: puzzle.all ? undefined : n, cubeDepth: puzzle.cubeDepth, timeoutSeconds: T }),
  );
  return {
    first,
    firstN: measure(runs, (r) => r.nth, n),
    ...(puzzle.all ? { all: measure(runs, (r) => r.end, runs[0]!.count) } : {}),
    count: runs[0]!.count,
    raw: runs[0]!.raw,
  };
}

/** Every class in the searching regime, boxed: dlx as it always runs, a SAT solver with the regime's cube depth, branching and enumeration. */
async function measureSearch(instance: Instance, backend: Backend, puzzle: BenchPuzzle, regime: SearchRegime): Promise<SearchMeasure> {
  const { classes } = puzzle.expected;
  if (backend.kind === 'dlx') {
    const run = await boxedSearch(
      (shouldStop, onFound) => enumerateExactCover(instance, { unique: true, onFound, shouldStop }),
      regime.boxSeconds,
      classes,
    );
    return { ...run, cubeDepth: null, branching: 'MRV (exact cover)', enumeration: 'dancing links' };
  }
  const { factory } = backend;
  const run = await boxedSearch(
    (shouldStop, onFound) =>
      enumerate(instance, {
        createSolver: () => factory.create(),
        unique: true,
        cubeDepth: regime.cubeDepth,
        branching: regime.branching,
        enumMode: regime.enumMode,
        propagation: regime.propagation,
        onFound,
        shouldStop,
        timeoutSeconds: regime.boxSeconds,
      }),
    regime.boxSeconds,
    classes,
  );
  return { ...run, cubeDepth: regime.cubeDepth, branching: regime.branching, enumeration: regime.enumMode };
}

function cellLine(c: Cell, T: number): string {
  const parts = [`${c.puzzle} · ${c.encoding} · ${c.solver}:`];
  if (c.error) parts.push(`failed: ${c.error}`);
  if (c.first) parts.push(`first ${secondsText(c.first, T)}`);
  if (c.firstN) parts.push(`first N ${secondsText(c.firstN, T)}`);
  if (c.all) parts.push(`all ${secondsText(c.all, T)}`);
  if (c.count !== undefined) parts.push(`(${c.count} classes)`);
  if (c.search) parts.push(`searching: ${c.search.found} classes in ${fixed(c.search.cpu)} CPU s, all ${allCpuText(c.search)}`);
  return parts.join(' ');
}

/**
 * The first setting, other than the puzzles, two reports differ in: the
 * refusal quoted both settings whole, cut to "…(467 chars)…" just where
 * they differed.
 */
function differingSetting(a: SuiteSettings, b: SuiteSettings): keyof SuiteSettings | undefined {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])] as (keyof SuiteSettings)[];
  return keys.find((k) => k !== 'puzzles' && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/**
 * One report from reports of the same suite settings on different puzzles
 * (parts of a suite run side by side): puzzles and cells in order, the
 * latest date, and the highest load averages. Every ratio in a report is
 * between cells of one puzzle, so each still compares runs of one process.
 */
export function mergeReports(reports: readonly BenchReport[]): BenchReport {
  const [first, ...rest] = reports;
  if (!first) throw new UserError('--merge: no reports given');
  for (const [i, r] of rest.entries()) {
    const differs = differingSetting(first.settings, r.settings);
    if (differs)
      throw new UserError(
        `--merge: report ${i + 2} was run with different settings from report 1: settings.${differs} is ${JSON.stringify(r.settings[differs])} there, ${JSON.stringify(first.settings[differs])} in report 1`,
      );
  }
  const names = reports.flatMap((r) => r.puzzles.map((p) => p.name));
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new UserError(`--merge: puzzle ${twice} is in more than one report`);
  return {
    date: reports
      .map((r) => r.date)
      .sort()
      .at(-1)!,
    machine: first.machine,
    loadAverage: { start: Math.max(...reports.map((r) => r.loadAverage.start)), end: Math.max(...reports.map((r) => r.loadAverage.end)) },
    settings: { ...first.settings, puzzles: reports.flatMap((r) => r.settings.puzzles) },
    puzzles: reports.flatMap((r) => r.puzzles),
    cells: reports.flatMap((r) => r.cells),
  };
}

/** The suite's puzzles, encodings and solvers that exist and can run here; a UserError for unknown names. */
export async function resolveSuite(settings: SuiteSettings): Promise<{ puzzles: BenchPuzzle[]; encodings: Encoding[]; solvers: SolverFactory[] }> {
  const pick = <T extends { name: string }>(all: readonly T[], names: readonly string[], what: string): T[] =>
    names.map((name) => {
      const found = all.find((x) => x.name === name);
      if (!found) throw new UsageError(`bench: unknown ${what} "${name}"; choose from: ${all.map((x) => x.name).join(', ')}`);
      return found;
    });
  const puzzles = pick(PUZZLES, settings.puzzles, 'puzzle');
  const encodings = pick(ENCODINGS, settings.encodings, 'encoding');
  if (!settings.encodings.includes(settings.baseline)) {
    throw new UsageError(`--baseline: "${settings.baseline}" is not one of the suite's encodings (${settings.encodings.join(', ')})`);
  }
  await loadWasmSolvers();
  const solvers = pick(SOLVERS, settings.solvers, 'solver').filter((s) => s.available().ok);
  return { puzzles, encodings, solvers };
}

/**
 * Runs the matrix: per puzzle, dlx, then every encoding with every solver.
 * A run that throws (a solver that fails, an input a solver refuses) is
 * recorded in its cell; the rest of the matrix goes on.
 */
export async function runSuite(
  settings: SuiteSettings,
  log: (line: string, progress: { done: number; total: number }) => void = () => {},
): Promise<BenchReport> {
  const { puzzles, encodings, solvers } = await resolveSuite(settings);
  const loadStart = loadavg()[0]!;
  const cells: Cell[] = [];
  // Per puzzle: dlx once, then every encoding with every solver.
  const total = puzzles.length * (1 + encodings.length * solvers.length);
  const record = (cell: Cell) => {
    cells.push(cell);
    log(cellLine(cell, settings.timeoutSeconds), { done: cells.length, total });
  };
  for (const puzzle of puzzles) {
    for (const [i, encoding] of encodings.entries()) {
      const start = performance.now();
      const instance = puzzle.build(encoding);
      const buildSeconds = (performance.now() - start) / 1000;
      // The placements do not depend on the encoding: dlx runs once, on the first instance.
      // The searching regime is run where its solver is; dlx is its yardstick.
      const searching = solvers.some((s) => s.name === settings.search.solver);
      if (i === 0) {
        const dlx = { kind: 'dlx' } as const;
        const cell: Cell = {
          puzzle: puzzle.name,
          encoding: 'exact cover',
          solver: DLX,
          vars: null,
          clauses: null,
          buildSeconds,
          ...(await measureBackend(instance, dlx, puzzle, settings)),
        };
        if (searching) cell.search = await measureSearch(instance, dlx, puzzle, settings.search);
        record(cell);
      }
      for (const factory of solvers) {
        const cell: Cell = {
          puzzle: puzzle.name,
          encoding: encoding.name,
          solver: factory.name,
          vars: instance.cnf.varCount,
          clauses: instance.cnf.clauseCount,
          buildSeconds,
        };
        try {
          Object.assign(cell, await measureBackend(instance, { kind: 'sat', factory }, puzzle, settings));
          if (factory.name === settings.search.solver) cell.search = await measureSearch(instance, { kind: 'sat', factory }, puzzle, settings.search);
        } catch (e) {
          cell.error = (e as Error).message.split('\n')[0];
        }
        record(cell);
      }
    }
  }
  return {
    date: new Date().toISOString(),
    machine: machineDescription(),
    loadAverage: { start: loadStart, end: loadavg()[0]! },
    settings,
    puzzles: puzzles.map((p) => ({ name: p.name, about: p.about, all: p.all, cubeDepth: p.cubeDepth ?? null, expected: p.expected })),
    cells,
  };
}
