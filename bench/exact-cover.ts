/**
 * Our dancing links (src/exact-cover.ts) against the npm package
 * dancing-links on identical rows: counts all solutions with each and prints
 * a Markdown table. Times include building the matrix on both sides and are
 * CPU time, which stays meaningful when other jobs share the cores.
 *
 * Then the symmetry classes of presets, `enumerate --unique --solver dlx`
 * (pinned by the symmetry-breaking plan, src/symmetry/breaking.ts) against
 * the peer driven the same way: per orbit representative of the pinned
 * piece, the matrix without the piece's other rows, all solutions found,
 * those not least under the representative's stabiliser dropped.
 *
 *   npx tsc && node dist/bench/exact-cover.js [--classes 8x8-square,6x10] [--skip-counts]
 */
import { DancingLinks } from 'dancing-links';
import { solveExactCover, type ExactCoverProblem } from '../solvers/dlx/exact-cover.js';
import { PENTOMINO_SHAPES, queensProblem, SQUARE_TETROMINO, tilingProblem } from './exact-cover-problems.js';
import { polyomino } from '../encoders/polyomino.js';
import type { Instance as Puzzle } from '../src/core/puzzle.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { isLexLeader } from '../src/enumerate/lex-leader.js';
import { breakingPlan } from '../src/symmetry/breaking.js';

interface Instance {
  name: string;
  problem: ExactCoverProblem;
  /** The count from the literature, when there is one. */
  known?: number;
}

/** The X pentomino with its centre on (row 2, column 2) of the 8x8 board. */
const X_AT_2_2 = [1 * 8 + 2, 2 * 8 + 1, 2 * 8 + 2, 2 * 8 + 3, 3 * 8 + 2].join();

const INSTANCES: Instance[] = [
  { name: 'pentominoes 6x10, all', problem: tilingProblem(10, 6, PENTOMINO_SHAPES), known: 9356 },
  {
    name: 'pentominoes + 2x2 square on 8x8, X centred at (2,2)',
    problem: tilingProblem(8, 8, { ...PENTOMINO_SHAPES, O: SQUARE_TETROMINO }, ({ piece, cells }) => {
      return piece !== 'X' || [...cells].sort((a, b) => a - b).join() === X_AT_2_2;
    }),
  },
  { name: '12 queens (secondary diagonals)', problem: queensProblem(12), known: 14200 },
];

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = process.cpuUsage();
  const value = run();
  const { user, system } = process.cpuUsage(start);
  return { value, ms: (user + system) / 1000 };
}

function countWithPeer(problem: ExactCoverProblem): number {
  return solveWithPeer(problem).length;
}

/** Every solution by the peer, as lists of row indices. */
function solveWithPeer({ primary, secondary, rows }: ExactCoverProblem): number[][] {
  const solver = new DancingLinks<number>().createSolver({ primaryColumns: primary, secondaryColumns: secondary });
  solver.addSparseConstraints(
    rows.map((cells, row) => ({
      data: row,
      columnIndices: {
        primary: cells.filter((c) => c < primary),
        secondary: cells.filter((c) => c >= primary).map((c) => c - primary),
      },
    })),
  );
  return solver.findAll().map((solution) => solution.map((r) => r.data));
}

/** Classes by the peer under the same pinning as our dlx: one matrix per representative, the lex filter on its solutions. */
function peerClasses(puzzle: Puzzle): number {
  const plan = breakingPlan(puzzle)!;
  const { primary, secondary, rows, rowVars } = puzzle.exactCover!;
  const pinned = new Set(plan.members);
  let classes = 0;
  for (const r of plan.representatives) {
    const kept = rows.flatMap((_, row) => (pinned.has(rowVars[row]!) && rowVars[row] !== r.variable ? [] : [row]));
    for (const solution of solveWithPeer({ primary, secondary, rows: kept.map((row) => rows[row]!) })) {
      const vars = solution.map((i) => rowVars[kept[i]!]!).sort((a, b) => a - b);
      if (isLexLeader(r.stabilizer, vars)) classes++;
    }
  }
  return classes;
}

async function timedAsync<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = process.cpuUsage();
  const value = await run();
  const { user, system } = process.cpuUsage(start);
  return { value, ms: (user + system) / 1000 };
}

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

if (!argv.includes('--skip-counts')) {
  console.log('| instance | rows | solutions | search nodes | ours (CPU ms) | dancing-links (CPU ms) | ours/peer |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { name, problem, known } of INSTANCES) {
    const ours = timed(() => solveExactCover(problem));
    const peer = timed(() => countWithPeer(problem));
    const count = ours.value.count;
    if (count !== peer.value || (known !== undefined && count !== known)) {
      throw new Error(`${name}: ours found ${count}, dancing-links ${peer.value}, literature ${known ?? 'n/a'}`);
    }
    const cells = [name, problem.rows.length, count, ours.value.nodes, ours.ms.toFixed(0), peer.ms.toFixed(0)];
    console.log(`| ${cells.join(' | ')} | ${(ours.ms / peer.ms).toFixed(2)} |`);
  }
  console.log();
}

console.log(
  '| preset, --unique | pinned piece: representatives (with a stabiliser) | classes | ours: --solver dlx (CPU s) | dancing-links, same pinning (CPU s) | ours/peer |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const preset of (flag('--classes') ?? '8x8-square,6x10,8x8-centre-hole').split(',')) {
  const puzzle = polyomino({ preset });
  const plan = breakingPlan(puzzle)!;
  const ours = await timedAsync(() => enumerateExactCover(puzzle, { unique: true, onFound: () => {} }));
  const peer = timed(() => peerClasses(puzzle));
  if (ours.value.count !== peer.value) throw new Error(`${preset}: ours found ${ours.value.count} classes, the peer ${peer.value}`);
  const pins = `${plan.representatives.length} (${plan.representatives.filter((r) => r.stabilizer.length > 0).length})`;
  console.log(
    `| ${preset} | ${pins} | ${ours.value.count} | ${(ours.ms / 1000).toFixed(2)} | ${(peer.ms / 1000).toFixed(2)} | ${(ours.ms / peer.ms).toFixed(2)} |`,
  );
}
