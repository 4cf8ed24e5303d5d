/**
 * Our dancing links (src/exact-cover.ts) against the npm package
 * dancing-links on identical rows: counts all solutions with each and prints
 * a Markdown table. Times include building the matrix on both sides and are
 * CPU time, which stays meaningful when other jobs share the cores.
 *
 *   npx tsc && node dist/bench/exact-cover.js
 */
import { DancingLinks } from 'dancing-links';
import { solveExactCover, type ExactCoverProblem } from '../src/enumerate/exact-cover.js';
import { PENTOMINO_SHAPES, queensProblem, SQUARE_TETROMINO, tilingProblem } from './exact-cover-problems.js';

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

function countWithPeer({ primary, secondary, rows }: ExactCoverProblem): number {
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
  return solver.findAll().length;
}

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
