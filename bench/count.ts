/**
 * Counting without enumerating (`puzzlesat count`, src/count/), timed beside
 * enumeration of the same puzzle in the same run: dancing links
 * (`enumerate --solver dlx`) and SAT enumeration (`enumerate`, the default
 * in-process solver, one thread), each under a CPU box, and beside the time
 * Polyform Puzzler's own exact-cover search logged for it. Then the CNF
 * counter on formulas we write, beside enumerating their models; and
 * packings with copies of a piece, by both counters and by enumeration.
 *
 * Every run is the CLI in a child process under `ulimit -t` (bench/cpu-limited.ts);
 * CPU seconds are the child's user + system time.
 *
 *   npx tsc && node dist/bench/count.js [--only 8x8,cornucopia,...,cnf,copies] [--box SECONDS] [--count-box SECONDS] [--max-memory 4G] [--jobs N] [--write [FILE]]
 *
 * --box is the CPU limit of each enumeration (default 300), --count-box that
 * of each count (default 3600); --jobs runs that many puzzles at once (CPU
 * seconds stay each child's own); --write puts the report into
 * bench/results/count.md (or the FILE.md named after it) as well as on stdout.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POLYOMINOES } from '../encoders/polyomino.js';
import { GRIDS } from '../src/geometry/grids.js';
import { polyforms, rotationsOf } from '../src/geometry/polyforms.js';
import { option } from './args.js';
import { runLimited } from './cpu-limited.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const RESULTS = 'bench/results/count.md';

// ---- the puzzles, as Polyform Puzzler (David Goodger) defines them ----------------------------
// Boards and pieces are facts read from Puzzler's source (the mirror github.com/tiwo/puzzler):
// puzzler/puzzles/polyominoes.py (piece coordinates, (0,0) implied), hexominoes.py (Cornucopia17x6),
// pentominoes.py (OneSidedPentominoes6x15 and 9x10, PentominoesPlusSquareTetromino8x8) and
// polyominoes2345.py (Polyominoes2345X1). Puzzler counts classes: it fixes one asymmetric piece's
// aspect (or checks for duplicate images) so that each class is found once.

type Coords = readonly (readonly [number, number])[];

/** A piece as --pieces art from Puzzler's coordinates ((0,0) implied). */
function art(coords: Coords): string {
  const all = [[0, 0] as const, ...coords];
  const [minX, minY] = [Math.min(...all.map((c) => c[0])), Math.min(...all.map((c) => c[1]))];
  const [w, h] = [Math.max(...all.map((c) => c[0])) - minX + 1, Math.max(...all.map((c) => c[1])) - minY + 1];
  const rows = Array.from({ length: h }, () => Array<string>(w).fill('.'));
  for (const [x, y] of all) rows[y - minY]![x - minX] = '#';
  return rows.map((r) => r.join('')).join('/');
}

/** A piece's mirror image, for the one-sided sets (Puzzler's lowercase pieces). */
const mirrored = (drawing: string): string =>
  drawing
    .split('/')
    .map((row) => [...row].reverse().join(''))
    .join('/');

/** Cornucopia: the 17 hexominoes with neither symmetry nor a 2x2 square (Stewart Coffin; Puzzler's Cornucopia class). */
const CORNUCOPIA: Record<string, Coords> = {
  G06: [
    [0, 1],
    [0, 2],
    [1, -1],
    [1, 0],
    [1, 2],
  ],
  H06: [
    [0, 1],
    [0, 2],
    [1, 1],
    [2, 0],
    [2, 1],
  ],
  L06: [
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
    [1, 0],
  ],
  N16: [
    [0, 1],
    [0, 2],
    [0, 3],
    [1, 3],
    [1, 4],
  ],
  T16: [
    [-1, 2],
    [0, 1],
    [0, 2],
    [1, 2],
    [2, 2],
  ],
  U06: [
    [0, 1],
    [1, 0],
    [2, 0],
    [2, 1],
    [3, 0],
  ],
  V06: [
    [1, 0],
    [2, 0],
    [2, 1],
    [2, 2],
    [2, 3],
  ],
  W06: [
    [1, 0],
    [1, 1],
    [2, 1],
    [2, 2],
    [2, 3],
  ],
  W26: [
    [1, 0],
    [1, 1],
    [2, 1],
    [2, 2],
    [3, 1],
  ],
  Y06: [
    [-1, 3],
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
  ],
  Z16: [
    [-1, 2],
    [0, 1],
    [0, 2],
    [1, 0],
    [2, 0],
  ],
  F06: [
    [-1, 2],
    [0, 1],
    [0, 2],
    [0, 3],
    [1, 3],
  ],
  F16: [
    [-1, 1],
    [0, 1],
    [0, 2],
    [0, 3],
    [1, 3],
  ],
  F26: [
    [-2, 1],
    [-1, 1],
    [0, 1],
    [0, 2],
    [1, 2],
  ],
  F36: [
    [-1, 1],
    [0, 1],
    [0, 2],
    [1, 2],
    [2, 2],
  ],
  J06: [
    [0, 1],
    [1, 0],
    [2, 0],
    [2, 1],
    [2, 2],
  ],
  M06: [
    [0, 1],
    [1, 1],
    [2, 1],
    [2, 2],
    [3, 2],
  ],
};

const PENTOMINOES = ['F', 'I', 'L', 'N', 'P', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z'];
const ASYMMETRIC = new Set(['F', 'L', 'N', 'P', 'Y', 'Z']);
/** The 18 one-sided pentominoes: the 12, and a mirror image of each asymmetric one, never flipped. */
const ONE_SIDED = [
  ...PENTOMINOES,
  ...PENTOMINOES.filter((p) => ASYMMETRIC.has(p)).map((p) => `${p.toLowerCase()}=${mirrored(POLYOMINOES[p]!)}`),
].join(',');

/** Polyominoes2345X1: a 14x4 and a 4x14 bar crossing, less the 8 holes ringing the centre. */
function xBoard(): string {
  const holes = new Set(['5,6', '5,7', '6,5', '6,8', '7,5', '7,8', '8,6', '8,7']);
  const inBar = (x: number, y: number) => (y >= 5 && y < 9) || (x >= 5 && x < 9);
  return Array.from({ length: 14 }, (_, y) =>
    Array.from({ length: 14 }, (_, x) => (inBar(x, y) && !holes.has(`${x},${y}`) ? '.' : '#')).join(''),
  ).join('/');
}

/**
 * DorianCube5Towers (Torsten Sillke; Puzzler's DorianCube5Towers, never finished: at least
 * 1,511,920 solutions after 35 days): the 5x5x5 cube cut into five towers of height 5, four on
 * P-pentomino bases and one on an X-pentomino base, each filled by five of the 25 pentacubes that
 * fit in a 3x3x3 box (all 29 pentacubes, mirror pairs distinct, less I, L, N and Y). A piece stays
 * in one tower, so the towers are laid side by side with gaps between them: the same solutions.
 * The bases are facts from Puzzler's source.
 */
const TOWER_BASES = [
  [
    [0, 0],
    [0, 1],
    [0, 2],
    [1, 0],
    [1, 1],
  ],
  [
    [0, 3],
    [0, 4],
    [1, 3],
    [1, 4],
    [2, 4],
  ],
  [
    [2, 0],
    [3, 0],
    [3, 1],
    [4, 0],
    [4, 1],
  ],
  [
    [3, 3],
    [3, 4],
    [4, 2],
    [4, 3],
    [4, 4],
  ],
  [
    [1, 2],
    [2, 1],
    [2, 2],
    [2, 3],
    [3, 2],
  ],
] as const;

/** The Dorian towers' board and pieces as the polyform puzzle's JSON files, written into `dir`; their arguments. */
function dorianFiles(dir: string): string[] {
  const cells = TOWER_BASES.flatMap((base, t) => base.flatMap(([x, y]) => [0, 1, 2, 3, 4].map((z) => [x + 8 * t, y, z])));
  const fitsBox = (piece: readonly (readonly number[])[]) =>
    [0, 1, 2].every((axis) => Math.max(...piece.map((c) => c[axis]!)) - Math.min(...piece.map((c) => c[axis]!)) < 3);
  const pieces = polyforms(GRIDS.cube, 5, rotationsOf(GRIDS.cube))[4]!
    .filter(fitsBox)
    .map((c, k) => ({ name: `C${k + 1}`, cells: c, flip: false }));
  if (pieces.length !== 25) throw new Error(`Dorian towers: expected 25 pentacubes in a 3x3x3 box, found ${pieces.length}`);
  const board = join(dir, 'dorian-towers-board.json');
  const set = join(dir, 'dorian-towers-pieces.json');
  writeFileSync(board, JSON.stringify({ grid: 'cube', cells }));
  writeFileSync(set, JSON.stringify({ grid: 'cube', pieces }));
  return ['polyform', '--board', board, '--pieces-file', set];
}

const WORK = mkdtempSync(join(tmpdir(), 'puzzlesat-count-bench-'));

interface BenchPuzzle {
  key: string;
  name: string;
  args: string[];
  documented: number;
  /** Classes (--unique), as Puzzler counts them; false: all solutions. */
  unique?: boolean;
  /** What Puzzler's run log says about its own enumeration. */
  puzzlerLog: string;
  /** The documented count is only how far an unfinished run got. */
  lowerBound?: boolean;
}

const PUZZLES: BenchPuzzle[] = [
  {
    key: '8x8',
    name: 'PentominoesPlusSquareTetromino8x8 (`npm start`)',
    args: ['pentomino', '--preset', '8x8-square'],
    documented: 16146,
    puzzlerLog: '54 min',
  },
  {
    key: 'cornucopia',
    name: 'Cornucopia17x6',
    args: [
      'polyomino',
      '--board',
      '17x6',
      '--pieces',
      Object.entries(CORNUCOPIA)
        .map(([n, c]) => `${n}=${art(c)}`)
        .join(','),
    ],
    documented: 162086,
    puzzlerLog: '4 h 03 min, 1.3 billion searches',
  },
  {
    key: '6x15',
    name: 'OneSidedPentominoes6x15',
    args: ['polyomino', '--board', '15x6', '--pieces', ONE_SIDED, '--no-flip'],
    documented: 2567183,
    puzzlerLog: 'log stopped after 51 solutions',
  },
  {
    key: '9x10',
    name: 'OneSidedPentominoes9x10',
    args: ['polyomino', '--board', '10x9', '--pieces', ONE_SIDED, '--no-flip'],
    documented: 10440433,
    puzzlerLog: 'log stopped after 54 solutions',
  },
  {
    key: '2345x1',
    name: 'Polyominoes2345X1',
    args: ['polyomino', '--board', xBoard(), '--pieces', ['D2', 'I3', 'L3', 'I4', 'L4', 'O4', 'T4', 'S4', ...PENTOMINOES].join(',')],
    documented: 178355676,
    puzzlerLog: 'docstring only, no run log',
  },
  {
    key: 'obeirne',
    name: "O'Beirne's one-sided hexiamond hexagon",
    args: ['polyform', '--puzzle', 'one-sided-hexiamonds-obeirnes-hexagon'],
    documented: 124519,
    puzzlerLog: '1 day 12 h',
  },
  {
    key: 'polyiamonds',
    name: "OneSidedPolyiamonds12345SemiRegularHexagon4x2 (solutions under Puzzler's restriction: P5 in rotations 0-2)",
    args: ['polyform', '--puzzle', 'one-sided-polyiamonds-12345-semiregular-hexagon-4x2'],
    documented: 56524164,
    unique: false,
    puzzlerLog: '11 h 52 min',
  },
  {
    key: 'dorian',
    name: 'DorianCube5Towers (all solutions; documented: a lower bound)',
    args: dorianFiles(WORK),
    documented: 1511920,
    unique: false,
    lowerBound: true,
    puzzlerLog: 'never finished: at least 1,511,920 after 35 days',
  },
];

// ---- running the CLI under a CPU box ------------------------------------------------------

interface Run {
  cpu: number;
  /** The --json summary; undefined when the box stopped the run before it printed one. */
  summary?: Record<string, unknown>;
}

async function cli(args: string[], box: number): Promise<Run> {
  // --timeout a little inside the box, so that the run stops itself and still prints its summary; and, for a run
  // on more than one core, Ctrl-C's SIGINT a little before the box's CPU seconds are used (interruptAtCpu).
  const r = await runLimited(
    process.execPath,
    ['--max-old-space-size=8192', CLI, ...args, '--json', '--timeout', String(Math.max(1, box - 5))],
    box,
    {
      interruptAtCpu: Math.max(1, box - 3),
    },
  );
  const line = r.stdout.trim().split('\n').at(-1);
  let summary: Record<string, unknown> | undefined;
  try {
    // A count is a JSON integer however large (2^59 for the parity row): past 2^53 it is kept as its digits.
    summary = line ? (JSON.parse(line.replace(/("count":)(\d{16,})/, '$1"$2"')) as Record<string, unknown>) : undefined;
  } catch {
    summary = undefined;
  }
  return { cpu: r.cpu, summary };
}

const n = (x: unknown) =>
  typeof x === 'number' ? x.toLocaleString('en-US') : typeof x === 'string' && /^\d+$/.test(x) ? BigInt(x).toLocaleString('en-US') : '–';
const secs = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));

function countCell(run: Run, p: BenchPuzzle): string {
  const s = run.summary;
  if (!s) return `no answer in ${secs(run.cpu)} s`;
  const count = s.count as number;
  const done = typeof s.done === 'number' ? `, ${(100 * s.done).toFixed(1)}% of the search` : '';
  const fits = p.lowerBound ? count >= p.documented : count === p.documented;
  const agrees = s.complete
    ? fits
      ? p.lowerBound
        ? ' (complete; above the lower bound)'
        : ' ✓'
      : ` ✗ (documented ${n(p.documented)})`
    : ` (incomplete${done})`;
  return `${n(count)}${agrees}`;
}

/** What enumeration must reach: our count where it is complete, else the documented one. */
function target(count: Run, p: BenchPuzzle): number {
  return count.summary?.complete ? (count.summary.count as number) : p.documented;
}

/** An enumeration's cell: every class in so many seconds, or how far the box got, with the rate's projection. */
function enumerationCell(run: Run, total: number): string {
  const s = run.summary;
  if (!s) return `stopped at ${secs(run.cpu)} s before any output`;
  const count = s.count as number;
  if (s.complete) return `${n(count)} in ${secs(run.cpu)} s`;
  // The total as a double is only its size past 2^53: it is written as a size then (the exact count is in its own column).
  const all = Number.isSafeInteger(total) ? n(total) : `${total.toExponential(2)}`;
  const projected = count > 0 ? `, all ${all} in about ${hours((run.cpu * total) / count)}` : '';
  return `${n(count)} in ${secs(run.cpu)} s (box)${projected}`;
}

/**
 * Enumeration's CPU seconds over the count's, for the same classes: measured
 * when both finished, projected from the enumeration's rate ("≈") when its
 * box stopped it; none when the count did not finish.
 */
function speedup(count: Run, enumeration: Run, total: number): string {
  if (!count.summary?.complete) return '–';
  const e = enumeration.summary;
  if (e?.complete) return `${(enumeration.cpu / count.cpu).toFixed(1)}x`;
  const found = typeof e?.count === 'number' ? e.count : 0;
  return found > 0 ? `≈ ${large((enumeration.cpu * total) / found / count.cpu)}x` : '–';
}

const hours = (s: number) =>
  s < 60
    ? `${s.toFixed(0)} s`
    : s < 3600
      ? `${(s / 60).toFixed(0)} min`
      : s < 3600 * 1e6
        ? `${(s / 3600).toFixed(1)} h`
        : `${large(s / 3600 / 24 / 365)} years`;

/** A ratio or a span past a million as its size (8.87e18), where digits past the first few mean nothing. */
const large = (x: number): string => (x < 1e6 ? x.toFixed(0) : x.toExponential(2));

async function puzzleRow(p: BenchPuzzle, box: number, countBox: number, maxMemory: string): Promise<string> {
  const unique = p.unique === false ? [] : ['--unique'];
  process.stderr.write(`${p.name}: count\n`);
  const ours = await cli(['count', ...p.args, ...unique, '--max-memory', maxMemory], countBox);
  process.stderr.write(`${p.name}: dlx\n`);
  const dlx = await cli(['enumerate', ...p.args, ...unique, '--solver', 'dlx', '--show', '0'], box);
  process.stderr.write(`${p.name}: SAT enumeration\n`);
  const sat = await cli(['enumerate', ...p.args, ...unique, '--show', '0', '--workers', '1'], box);
  const s = ours.summary;
  const cache = s?.cache as { entries: number; bytes: number; hitRate: number; savedNodes: number } | undefined;
  const all = target(ours, p);
  const row =
    `| ${p.name} | ${n(p.documented)}${p.lowerBound ? ' (lower bound)' : ''} | ${countCell(ours, p)} | ${secs(ours.cpu)} | ${s ? String(s.method) : '–'} | ` +
    `${cache ? `${n(cache.entries)} (${(cache.bytes / 2 ** 20).toFixed(0)} MiB)` : '–'} | ${cache ? `${(100 * cache.hitRate).toFixed(1)}%` : '–'} | ` +
    `${cache ? n(cache.savedNodes) : '–'} | ${enumerationCell(dlx, all)} | ${enumerationCell(sat, all)} | ` +
    `${speedup(ours, dlx, all)} | ${speedup(ours, sat, all)} | ${p.puzzlerLog} |`;
  process.stderr.write(`${row}\n`);
  return row;
}

/** The puzzles' rows in the table's order, `jobs` puzzles at a time (each child's CPU seconds are its own). */
async function puzzleRows(only: Set<string> | undefined, box: number, countBox: number, maxMemory: string, jobs: number): Promise<string[]> {
  const chosen = PUZZLES.filter((p) => !only || only.has(p.key));
  const rows: string[] = new Array<string>(chosen.length);
  let next = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const k = next++;
      rows[k] = await puzzleRow(chosen[k]!, box, countBox, maxMemory);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return rows;
}

// ---- the CNF counter on our own formulas ------------------------------------------------------

/**
 * A formula: a puzzle's, written by `encode` with these arguments; random
 * 3-CNF (vars, clauses, seed), with `c p show` on the first `projected`
 * variables when given; or the parity of `parity` variables by a chain of
 * hidden Tseitin links, projected on them.
 */
type Formula =
  | { name: string; args: string[] }
  | { name: string; random: { vars: number; clauses: number; seed: number; projected?: number } }
  | { name: string; parity: number };

const FORMULAS: Formula[] = [
  { name: 'polyomino 10x3, P U V L Y N', args: ['polyomino', '--board', '10x3', '--pieces', 'P,U,V,L,Y,N'] },
  { name: 'polyomino 5x4, the 5 tetrominoes (none)', args: ['polyomino', '--board', '5x4', '--pieces', 'I4,L4,T4,S4,O4'] },
  { name: 'genius-square, roll A3 A5 C3 C6 D1 D5 F1', args: ['genius-square', '--roll', 'A3,A5,C3,C6,D1,D5,F1'] },
  { name: 'pentomino 3x20', args: ['pentomino', '--preset', '3x20'] },
  { name: 'pentomino 3x20, classes (the symmetry-breaking family)', args: ['pentomino', '--preset', '3x20', '--unique'] },
  { name: 'pentomino 8x8 centre hole, classes (the symmetry-breaking family)', args: ['pentomino', '--preset', '8x8-centre-hole', '--unique'] },
  { name: 'pentomino 6x10 (pairwise at-most-one)', args: ['pentomino', '--preset', '6x10', '--amo', 'pairwise'] },
  { name: 'random 3-CNF, 50 vars, 150 clauses (seed 7)', random: { vars: 50, clauses: 150, seed: 7 } },
  { name: 'random 3-CNF, 75 vars, 225 clauses (seed 7)', random: { vars: 75, clauses: 225, seed: 7 } },
  { name: 'random 3-CNF, 90 vars, 300 clauses (seed 11)', random: { vars: 90, clauses: 300, seed: 11 } },
  { name: 'random 3-CNF, 100 vars, 420 clauses (seed 7)', random: { vars: 100, clauses: 420, seed: 7 } },
  { name: 'random 3-CNF, 75 vars, 225 clauses (seed 7), projected on 30', random: { vars: 75, clauses: 225, seed: 7, projected: 30 } },
  { name: 'x1 ⊕ … ⊕ x60 = 1 by 59 hidden links, projected on the 60', parity: 60 },
];

/** x1 ⊕ … ⊕ xn = 1 as DIMACS: link tᵢ ⇔ tᵢ₋₁ ⊕ xᵢ (t₁ is x1; tᵢ is variable n + i - 1), the last link a unit, `c p show` on x1..xn. */
function parityChain(n: number): { text: string; vars: number; clauses: number } {
  const clauses: number[][] = [];
  for (let i = 2, previous = 1; i <= n; previous = n + i - 1, i++) {
    const [t, a, b] = [n + i - 1, previous, i];
    clauses.push([-t, a, b], [-t, -a, -b], [t, -a, b], [t, a, -b]);
  }
  clauses.push([2 * n - 1]);
  const lines = [`p cnf ${2 * n - 1} ${clauses.length}`, `c p show ${Array.from({ length: n }, (_, i) => i + 1).join(' ')} 0`];
  for (const c of clauses) lines.push(`${c.join(' ')} 0`);
  return { text: `${lines.join('\n')}\n`, vars: 2 * n - 1, clauses: clauses.length };
}

/** Random 3-CNF as DIMACS: three distinct variables a clause, each negated with probability 1/2 (a 32-bit linear congruential generator, exact in any JavaScript, so a seed is the same formula everywhere). */
function random3Cnf({ vars, clauses, seed, projected }: { vars: number; clauses: number; seed: number; projected?: number }): string {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const lines = [`p cnf ${vars} ${clauses}`];
  if (projected) lines.push(`c p show ${Array.from({ length: projected }, (_, i) => i + 1).join(' ')} 0`);
  for (let k = 0; k < clauses; k++) {
    const picked = new Set<number>();
    while (picked.size < 3) picked.add(1 + Math.floor(next() * vars));
    lines.push(`${[...picked].map((v) => (next() < 0.5 ? -v : v)).join(' ')} 0`);
  }
  return `${lines.join('\n')}\n`;
}

async function writeFormula(f: Formula, file: string): Promise<{ vars: number; clauses: number }> {
  if ('random' in f) {
    writeFileSync(file, random3Cnf(f.random));
    return { vars: f.random.vars, clauses: f.random.clauses };
  }
  if ('parity' in f) {
    const { text, ...shape } = parityChain(f.parity);
    writeFileSync(file, text);
    return shape;
  }
  const encoded = await runLimited(process.execPath, [CLI, 'encode', ...f.args, '-o', file, '--json'], 600);
  return JSON.parse(encoded.stdout.trim().split('\n').at(-1)!) as { vars: number; clauses: number };
}

async function formulaRows(box: number): Promise<string[]> {
  const rows: string[] = [];
  for (const [k, f] of FORMULAS.entries()) {
    const file = join(WORK, `f${k}.cnf`);
    const shape = await writeFormula(f, file);
    process.stderr.write(`${f.name}: count\n`);
    const counted = await cli(['count', file], box);
    process.stderr.write(`${f.name}: enumerate\n`);
    const enumerated = await cli(['enumerate', file, '--show', '0', '--workers', '1'], box);
    const c = counted.summary;
    const e = enumerated.summary;
    const cache = c?.cache as { entries: number; hitRate: number } | undefined;
    const cell = (s: Record<string, unknown> | undefined, cpu: number) =>
      s ? `${n(s.count)}${s.complete ? '' : ' (box)'} in ${secs(cpu)} s` : `no answer in ${secs(cpu)} s`;
    rows.push(
      `| ${f.name} | ${n(shape.vars)} | ${n(shape.clauses)} | ${cell(c, counted.cpu)} | ${c ? n(c.nodes) : '–'} | ` +
        `${cache ? `${n(cache.entries)}, ${(100 * cache.hitRate).toFixed(1)}%` : '–'} | ${cell(e, enumerated.cpu)} | ${e ? String(e.solver) : '–'} |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  return rows;
}

// ---- pieces with copies ----------------------------------------------------------------------

/** A packing whose pieces have copies, and its count where one is published. */
interface CopiesPuzzle {
  name: string;
  args: string[];
  /** Digits, as counts past 2^53 are. */
  documented?: { count: string; source: string };
  /** Classes (--unique) rather than solutions. */
  unique?: boolean;
}

/** The domino tilings of `board` (as --board takes it, named `shown` in the report) and their published count. */
function dominoes(board: string, count: string, source = 'OEIS A004003', shown = board): CopiesPuzzle {
  const [w, h] = board.split('x').map(Number) as [number, number];
  return { name: `dominoes on ${shown}`, args: ['polyomino', '--board', board, '--pieces', `D2*${(w * h) / 2}`], documented: { count, source } };
}

const COPIES: CopiesPuzzle[] = [
  dominoes('8x8', '12988816'),
  dominoes('10x10', '258584046368'),
  // Past 2^53: 12x12 in units below it, 14x14 and 4x80 in units past it, counted in lanes (src/count/wide.ts).
  dominoes('12x12', '53060477521960000'),
  dominoes('14x14', '112202208776036178000000'),
  dominoes('80x4', '986796323042850159960076741139149345', "Kasteleyn's product formula", '4x80'),
  { name: 'dominoes on 8x8, classes', args: ['polyomino', '--board', '8x8', '--pieces', 'D2*32'], unique: true },
  { name: '20 L pentominoes on 10x10', args: ['polyomino', '--board', '10x10', '--pieces', 'L*20'] },
  { name: '20 L pentominoes on 10x10, classes', args: ['polyomino', '--board', '10x10', '--pieces', 'L*20'], unique: true },
  { name: 'T and L tetrominoes on 6x6, up to 9 of each', args: ['polyomino', '--board', '6x6', '--pieces', 'T4*0..9,L4*0..9'] },
];

/** Each puzzle counted by the exact-cover counter, by the CNF counter on its formula, and enumerated by SAT and by dancing links, one after the other. */
async function copiesRows(box: number): Promise<string[]> {
  const rows: string[] = [];
  for (const c of COPIES) {
    const args = [...c.args, ...(c.unique ? ['--unique'] : [])];
    process.stderr.write(`${c.name}: count\n`);
    const ours = await cli(['count', ...args], box);
    process.stderr.write(`${c.name}: count --method cnf\n`);
    const cnf = await cli(['count', ...args, '--method', 'cnf'], box);
    process.stderr.write(`${c.name}: SAT enumeration\n`);
    const sat = await cli(['enumerate', ...args, '--show', '0', '--workers', '1'], box);
    process.stderr.write(`${c.name}: dancing links\n`);
    const dlx = await cli(['enumerate', ...args, '--show', '0', '--solver', 'dlx'], box);
    const s = ours.summary;
    const agrees = !c.documented || !s?.complete ? '' : String(s.count) === c.documented.count ? ' ✓' : ` ✗ (documented ${n(c.documented.count)})`;
    // Enumeration's projections need only the count's size.
    const total = Number(s?.complete ? s.count : (c.documented?.count ?? 0));
    const cnfCell = cnf.summary
      ? `${n(cnf.summary.count)}${cnf.summary.complete ? '' : ` (box, ${(100 * (cnf.summary.done as number)).toFixed(1)}% of the search)`} in ${secs(cnf.cpu)} s`
      : `no answer in ${secs(cnf.cpu)} s`;
    rows.push(
      `| ${c.name} | ${c.documented ? `${n(c.documented.count)} (${c.documented.source})` : '–'} | ${s ? `${n(s.count)}${s.complete ? '' : ' (incomplete)'}${agrees}` : '–'} | ` +
        `${secs(ours.cpu)} | ${s ? `${String(s.method)}, ${n(s.nodes)} nodes` : '–'} | ${cnfCell} | ${enumerationCell(dlx, total)} | ${enumerationCell(sat, total)} | ` +
        `${speedup(ours, dlx, total)} | ${speedup(ours, sat, total)} |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  return rows;
}

// ---- the report ------------------------------------------------------------------------------

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const only = option(argv, '--only') ? new Set(option(argv, '--only')!.split(',')) : undefined;
  const box = Number(option(argv, '--box') ?? 300);
  const countBox = Number(option(argv, '--count-box') ?? 3600);
  const maxMemory = option(argv, '--max-memory') ?? '4G';
  const jobs = Number(option(argv, '--jobs') ?? 1);
  const started = new Date().toISOString().slice(0, 10);
  const load = loadavg()[0]!.toFixed(1);
  const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}`;
  const puzzles = await puzzleRows(only, box, countBox, maxMemory, jobs);
  const formulas = only && !only.has('cnf') ? [] : await formulaRows(box);
  const copies = only && !only.has('copies') ? [] : await copiesRows(box);
  const report = [
    '# Counting without enumerating',
    '',
    `${started}; ${machine}. Load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end: the machine is shared, so CPU seconds of each child process are the measure. \`node dist/bench/count.js${argv.length ? ` ${argv.join(' ')}` : ''}\`.`,
    '',
    ...(puzzles.length
      ? [
          '## Classes of the reference puzzles (all solutions where the row says so)',
          '',
          `What does the search: **count** is \`puzzlesat count … --unique --max-memory ${maxMemory}\` (the exact-cover counter with its cache, classes by Burnside's lemma; CPU limit ${countBox} s; an incomplete count says what share of its search tree it finished, its branches weighed alike); **dlx** is \`enumerate --unique --solver dlx\` (dancing links visiting every class) and **SAT** \`enumerate --unique --workers 1\` (the default in-process solver), each under a CPU box of ${box} s and a --timeout of ${box - 5} wall seconds (on a loaded machine the timeout stops a run first: its CPU seconds are then below the box), projected from their rate when the box stops them; the ÷ columns are enumeration's CPU seconds over the count's (≈: projected). Documented counts and boards from Polyform Puzzler's source; its logged times from its run logs.`,
          '',
          '| puzzle | documented | count | CPU s | method | cache entries | hit rate | nodes saved | dlx | SAT | dlx ÷ count | SAT ÷ count | Puzzler |',
          '|---|---:|---:|---:|---|---:|---:|---:|---|---|---:|---:|---|',
          ...puzzles,
          '',
        ]
      : []),
    ...(formulas.length
      ? [
          '## The CNF counter on our own formulas',
          '',
          `What does the search: **count** is \`puzzlesat count FILE.cnf\` (projected model counting with component caching, on the projection the file names; it branches on the projection variable (or hidden variable the clauses define in terms of the projection, a Tseitin link) in the most open clauses of three or more literals, each weighing 1 + 2^-k for its k open literals, clauses with an auxiliary variable (\`c aux\`) left out); **enumerate** is \`enumerate FILE.cnf --workers 1\` (every model by the SAT solver named). Both under a CPU box of ${box} s and a --timeout of ${box - 5} wall seconds (on a loaded machine the timeout stops a run first: its CPU seconds are then below the box).`,
          '',
          '| formula | vars | clauses | count | nodes | cache entries, hit rate | enumerate | solver |',
          '|---|---:|---:|---|---:|---|---|---|',
          ...formulas,
          '',
        ]
      : []),
    ...(copies.length
      ? [
          '## Pieces with copies',
          '',
          `What does the search: **count** is \`puzzlesat count\` (the exact-cover counter, an item per copy, copies placed in the order the search meets them; classes by Burnside's lemma over the whole group, an orbit of placements taking the next copies); **cnf** the same with \`--method cnf\` (the projected model counter on the puzzle's formula, classes as models of the symmetry-breaking family); **SAT** \`enumerate --workers 1\` (every solution, or every class with \`--unique\`, by the default in-process solver); **dlx** \`enumerate --solver dlx\` (dancing links on the same copy cover, visiting every solution or class). Each under a CPU box of ${box} s and a --timeout of ${box - 5} wall seconds; the ÷ columns are enumeration's CPU seconds over the count's (≈: projected from its rate when the box stopped it).`,
          '',
          '| puzzle | documented | count | CPU s | method | cnf | dlx | SAT | dlx ÷ count | SAT ÷ count |',
          '|---|---:|---:|---:|---|---|---|---|---:|---:|',
          ...copies,
          '',
        ]
      : []),
  ].join('\n');
  process.stdout.write(`${report}\n`);
  if (argv.includes('--write')) {
    // --write FILE.md names another report (a longer run of a few puzzles beside the main one).
    const named = option(argv, '--write');
    writeFileSync(named?.endsWith('.md') ? named : RESULTS, `${report}\n`);
  }
}

try {
  await main();
} finally {
  rmSync(WORK, { recursive: true, force: true });
}
