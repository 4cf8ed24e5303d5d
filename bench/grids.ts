/**
 * Published puzzles on every grid, counted up to the board's symmetry by our
 * SAT enumeration (MiniSat WebAssembly, the symmetry-breaking family, the
 * at-most-one encoding `enumerate` uses with that engine) and by our dancing
 * links on the same placements in the same run, beside the count and the
 * duration of Polyform Puzzler's own run log for the puzzle where its
 * solution file has one (Python dancing links, on its author's machine).
 * Each count is checked against the published one, and every solution is
 * checked by the puzzle's independent checker.
 *
 *   npx tsc && node dist/bench/grids.js [--only FAMILY] [--cpu-limit SECONDS] > bench/results/grids.md
 *
 * A run that passes the CPU limit (default 1800 s) stops and is reported as such.
 */
import { cpus } from 'node:os';
import { polyform, type PolyformOptions } from '../encoders/polyform.js';
import { cataloguePuzzle } from '../encoders/catalogue/index.js';
import { polyformJson } from '../encoders/catalogue/arguments.js';
import { SOMA_PIECES, readFigure } from '../encoders/polycube.js';
import { PACKING_DEFAULTS, type PackingInstance } from '../encoders/packing.js';
import { PENTOMINOES } from '../encoders/polyomino.js';
import { namedBoard } from '../src/geometry/board-shapes.js';
import { type Cell, cellKey } from '../src/geometry/cells.js';
import { GRIDS, type GridName, cellNumbers } from '../src/geometry/grids.js';
import { inlineArt, parsePieceArt } from '../src/geometry/shapes.js';
import type { EnumerateSummary } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { loadWasmSolvers } from '../solvers/index.js';
import type { EnumeratePlan } from '../src/core/plan.js';
import { resolvePlan } from '../src/plan.js';
import { runPlan } from '../src/run.js';
import { timed } from '../src/bench/timing.js';

interface Log {
  solutions: number;
  duration: string;
  /** The solution file of Polyform Puzzler whose last line this is. */
  file: string;
}

interface Puzzle {
  family: string;
  name: string;
  /** Where the count is published. */
  source: string;
  classes: number;
  /**
   * What the published count counts: classes under the board's symmetry
   * (--unique), or all solutions under the source's own per-piece
   * restriction, reproduced in the pieces (where the board's group does not
   * match the restriction, only that reproduces the source's count).
   */
  restricted?: string;
  log?: Log;
  options: PolyformOptions;
}

const board = (grid: GridName, cells: readonly Cell[]) => JSON.stringify({ grid, cells: cells.map((c) => cellNumbers(GRIDS[grid], c)) });
const named = (grid: GridName, name: string) => namedBoard(GRIDS[grid], name) as Cell[];
const shift = (cells: readonly Cell[], dx: number, dy: number): Cell[] => cells.map((c): Cell => [c[0] + dx, c[1] + dy, c[2]]);
const without = (cells: readonly Cell[], holes: readonly Cell[]) => {
  const out = new Set(holes.map(cellKey));
  return cells.filter((c) => !out.has(cellKey(c)));
};
/** A catalogue puzzle's board, as the polyform puzzle reads it. */
const catalogueBoard = (name: string) => JSON.stringify(cataloguePuzzle(name).board);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Polyform Puzzler's bordered m by n polystick grid (m by n lattice points) and its unbordered one. */
const bordered = (m: number, n: number) => named('square-edges', `${m - 1}x${n - 1}`);
const unbordered = (m: number, n: number): Cell[] =>
  range(n - 1).flatMap((y) =>
    range(m - 1).flatMap((x) => [0, 1].filter((z) => !((z === 1 && x === 0) || (z === 0 && y === 0))).map((z): Cell => [x, y, z])),
  );

const HEXIAMONDS = 'examples/hexiamonds.json';
const TETRAHEXES = 'examples/tetrahexes.json';
const SOMA = JSON.stringify({
  grid: 'cube',
  pieces: Object.entries(SOMA_PIECES).map(([name, art]) => ({ name, cells: parsePieceArt(inlineArt(art), name).map((c) => [...c]) })),
});
const somaFigure = (figure: string): PolyformOptions => ({ board: board('cube', readFigure(figure, figure)), pieces: SOMA });
const WIKI = 'Wikipedia, Pentomino';
const YASS = 'yass Soma solver (github.com/thanks4opensource/yass), tests/test.opt_cn';

const PUZZLES: Puzzle[] = [
  // Polyominoes: the 12 pentominoes.
  { family: 'polyominoes', name: 'pentominoes 3x20', source: WIKI, classes: 2, options: { board: '20x3', pieces: PENTOMINOES } },
  { family: 'polyominoes', name: 'pentominoes 4x15', source: WIKI, classes: 368, options: { board: '15x4', pieces: PENTOMINOES } },
  { family: 'polyominoes', name: 'pentominoes 5x12', source: WIKI, classes: 1010, options: { board: '12x5', pieces: PENTOMINOES } },
  {
    family: 'polyominoes',
    name: 'pentominoes 6x10',
    source: WIKI,
    classes: 2339,
    log: { solutions: 2339, duration: '0:19:10.133', file: 'Puzzler FAQ, "How should the solution files be interpreted?"' },
    options: { board: '10x6', pieces: PENTOMINOES },
  },
  {
    family: 'polyominoes',
    name: 'pentominoes 8x8, centre 2x2 hole',
    source: WIKI,
    classes: 65,
    options: { board: '......../......../......../...##.../...##.../......../......../........', pieces: PENTOMINOES },
  },
  // Polycubes: the seven Soma pieces, classes under rotations and reflections (the screws swap).
  {
    family: 'polycubes',
    name: 'Soma cube 3x3x3',
    source: 'Polyform Puzzler FAQ',
    classes: 240,
    log: { solutions: 240, duration: '0:00:02.193', file: 'solutions/cubes/soma-3x3x3.txt' },
    options: somaFigure('cube'),
  },
  { family: 'polycubes', name: 'Soma bathtub', source: YASS, classes: 79, options: somaFigure('bathtub') },
  { family: 'polycubes', name: 'Soma chair', source: YASS, classes: 130, options: somaFigure('chair') },
  { family: 'polycubes', name: 'Soma well', source: YASS, classes: 160, options: somaFigure('well') },
  { family: 'polycubes', name: 'Soma skyscraper', source: YASS, classes: 916, options: somaFigure('skyscraper') },
  // Polyiamonds: the 12 hexiamonds (Puzzler's pieces).
  {
    family: 'polyiamonds',
    name: 'hexiamonds 4x9',
    source: 'Puzzler docs/hexiamonds.txt',
    classes: 74,
    options: { board: '9x4', grid: 'triangle', piecesFile: HEXIAMONDS },
  },
  {
    family: 'polyiamonds',
    name: 'hexiamonds 6x6',
    source: 'Puzzler docs/hexiamonds.txt',
    classes: 156,
    log: { solutions: 156, duration: '0:02:54.240', file: 'solutions/hexiamonds-6x6.txt' },
    options: { board: '6x6', grid: 'triangle', piecesFile: HEXIAMONDS },
  },
  {
    family: 'polyiamonds',
    name: 'hexiamonds 3x12',
    source: 'Puzzler docs/hexiamonds.txt',
    classes: 0,
    options: { board: '12x3', grid: 'triangle', piecesFile: HEXIAMONDS },
  },
  {
    family: 'polyiamonds',
    name: 'hexiamonds 4x11 trapezium',
    source: 'Puzzler docs/hexiamonds.txt',
    classes: 76,
    options: { board: 'trapezoid:11x4', grid: 'triangle', piecesFile: HEXIAMONDS },
  },
  {
    family: 'polyiamonds',
    name: 'hexiamonds 6x9 trapezium',
    source: 'Puzzler hexiamonds.py (impossible by parity)',
    classes: 0,
    options: { board: 'trapezoid:9x6', grid: 'triangle', piecesFile: HEXIAMONDS },
  },
  // Polyhexes: the 7 tetrahexes (Puzzler's pieces), and the polyhexes of orders 1-4.
  {
    family: 'polyhexes',
    name: 'tetrahexes 4x7',
    source: 'Puzzler docs/polyhexes.txt',
    classes: 9,
    log: { solutions: 9, duration: '0:00:00.511', file: 'solutions/tetrahex-4x7.txt' },
    options: { board: '7x4', piecesFile: TETRAHEXES },
  },
  {
    family: 'polyhexes',
    name: 'tetrahexes coin',
    source: 'Puzzler docs/polyhexes.txt',
    classes: 4,
    options: {
      board: board('hexagon', without(named('hexagon', '7x5'), [[3, 2, 0], ...named('hexagon', '7x5').filter(([x, y]) => x + y <= 1 || x + y >= 9)])),
      piecesFile: TETRAHEXES,
    },
  },
  {
    family: 'polyhexes',
    name: 'tetrahexes 3x10 clipped',
    source: 'Puzzler docs/polyhexes.txt',
    classes: 2,
    options: {
      board: board(
        'hexagon',
        named('hexagon', '10x3').filter(([x, y]) => x + y !== 0 && x + y !== 11),
      ),
      piecesFile: TETRAHEXES,
    },
  },
  {
    family: 'polyhexes',
    name: 'tetrahexes triangle 7',
    source: 'Puzzler tetrahexes.py',
    classes: 0,
    options: { board: 'triangle:7', grid: 'hexagon', piecesFile: TETRAHEXES },
  },
  {
    family: 'polyhexes',
    name: 'polyhexes 1-4 hexagon ring 2',
    source: 'Puzzler polyhexes1234.py',
    classes: 6645,
    options: {
      board: board('hexagon', without(named('hexagon', 'hexagon:5'), [...shift(named('hexagon', 'hexagon:3'), 2, 2), [1, 4, 0], [7, 4, 0]])),
      pieces: 'free:1-4',
    },
  },
  // Polysticks: the polysticks of orders 1-3, and 15 of the 16 tetrasticks.
  {
    family: 'polysticks',
    name: 'polysticks 1-3 4x4, opposite corners clipped',
    source: 'Puzzler polysticks123.py',
    classes: 21,
    options: { board: catalogueBoard('polysticks-123-4x4-clipped-corners-1'), pieces: 'free:1-3' },
  },
  {
    family: 'polysticks',
    name: 'polysticks 1-3 4x4, two corners clipped',
    source: 'Puzzler polysticks123.py',
    classes: 132,
    options: { board: catalogueBoard('polysticks-123-4x4-clipped-corners-2'), pieces: 'free:1-3' },
  },
  {
    family: 'polysticks',
    name: 'tetrasticks 6x6 (15 of 16)',
    source: 'Puzzler tetrasticks.py',
    classes: 1795,
    log: { solutions: 1795, duration: '0:32:52.347', file: 'solutions/tetrasticks-6x6.txt' },
    options: { board: board('square-edges', bordered(6, 6)), pieces: 'free:4*0..1', use: '15' },
  },
  {
    family: 'polysticks',
    name: 'tetrasticks Aztec diamond (15 of 16)',
    source: 'Puzzler tetrasticks.py',
    classes: 3,
    options: {
      board: board(
        'square-edges',
        bordered(7, 7).filter(([x, y, z]) => x + y >= 2 && x + y <= 9 && y + z - x >= -3 && y + z - x <= 4),
      ),
      pieces: 'free:4*0..1',
      use: '15',
    },
  },
  {
    family: 'polysticks',
    name: 'tetrasticks 7x7 unbordered (15 of 16)',
    source: 'Puzzler tetrasticks.py',
    classes: 0,
    options: { board: board('square-edges', unbordered(7, 7)), pieces: 'free:4*0..1', use: '15' },
  },
  // Polytrigs: the 12 tritrigs.
  {
    family: 'polytrigs',
    name: 'tritrigs 5x2 parallelogram',
    source: 'Puzzler docs/polytrigs.txt',
    classes: 9,
    log: { solutions: 9, duration: '0:00:01.533', file: 'solutions/tritrigs-parallelogram-5x2.txt' },
    options: { board: board('triangle-edges', without(named('triangle-edges', '5x2'), [[2, 1, 0]])), pieces: 'free:3' },
  },
  {
    family: 'polytrigs',
    name: 'tritrigs 6x2 trapezoid',
    source: 'Puzzler docs/polytrigs.txt',
    classes: 8,
    options: { board: board('triangle-edges', without(named('triangle-edges', 'trapezoid:6x2'), [[2, 1, 0]])), pieces: 'free:3' },
  },
  {
    family: 'polytrigs',
    name: 'tritrigs 5x3 trapezoid ring',
    source: 'Puzzler docs/polytrigs.txt',
    classes: 1,
    options: {
      board: board(
        'triangle-edges',
        without(named('triangle-edges', 'trapezoid:5x3'), [
          [2, 1, 1],
          [2, 1, 2],
        ]),
      ),
      pieces: 'free:3',
    },
  },
  {
    family: 'polytrigs',
    name: 'tritrigs 5x3 jagged trapezoid',
    source: 'Puzzler docs/polytrigs.txt',
    classes: 1,
    options: {
      board: board(
        'triangle-edges',
        named('triangle-edges', 'trapezoid:5x3').filter(([, y]) => y !== 3),
      ),
      pieces: 'free:3',
    },
  },
  {
    family: 'polytrigs',
    name: 'tritrigs 3x1 hexagon ring',
    source: 'Puzzler docs/polytrigs.txt',
    classes: 1,
    options: {
      // Puzzler's semiregular hexagon 3x1: the bordered 4x4 parallelogram with 1 <= x + y <= 5 (only d = 2 at 5), less three edges.
      board: board(
        'triangle-edges',
        without(
          named('triangle-edges', '4x4').filter(([x, y, d]) => x + y >= 1 && (x + y < 5 || (x + y === 5 && d === 2))),
          [
            [1, 2, 0],
            [2, 1, 1],
            [2, 1, 2],
          ],
        ),
      ),
      pieces: 'free:3',
    },
  },
  // Polytwigs: the polytwigs of orders 1-4 (Puzzler's pieces) in the side-2 hexagon less two twigs, from the catalogue.
  // Puzzler restricts P4 to 3 of its 12 aspects (no flip, turns 0-2); on boards whose group is smaller than that, its
  // counts are of solutions under the restriction, which the catalogue gives the pieces (Puzzler's coordinates and aspects).
  ...(
    [{ solutions: 1175, duration: '0:00:18.193', file: 'solutions/polytwigs-1234-hex-1.txt' }, undefined, undefined, undefined, undefined] as (
      Log | undefined
    )[]
  ).map((log, i): Puzzle => {
    const p = cataloguePuzzle(`polytwigs-1234-hexagon-${i + 1}`);
    return {
      family: 'polytwigs',
      name: `polytwigs 1-4 hexagon ${i + 1}`,
      source: 'Puzzler polytwigs1234.py',
      classes: p.count,
      restricted: 'P4: no flip, turns 0-2',
      ...(log ? { log } : {}),
      options: polyformJson(p),
    };
  }),
];

const argument = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const only = argument('--only');
const cpuLimit = Number(argument('--cpu-limit') ?? 1800);

/** Stops a run once this process has used `limit` CPU seconds since `start`. */
const stopAfter = (limit: number) => {
  const start = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(start);
    return (user + system) / 1e6 > limit;
  };
};

async function counted(
  instance: PackingInstance,
  run: (onFound: (f: { trueVars: number[] }) => void, shouldStop: () => boolean) => Promise<EnumerateSummary>,
) {
  return timed(() =>
    run((f) => {
      const problem = instance.check(instance.decode(f.trueVars));
      if (problem) throw new Error(`${instance.puzzle}: a solution fails the independent check: ${problem}`);
    }, stopAfter(cpuLimit)),
  );
}

await loadWasmSolvers();
const seconds = (t: { cpu: number }) => t.cpu.toFixed(1);
const countCell = (s: EnumerateSummary, expected: number) => `${s.complete ? '' : '≥ '}${s.count}${s.complete && s.count !== expected ? ' ✘' : ''}`;

console.log(`# Published puzzles on every grid: our SAT enumeration and dancing links\n`);
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; shared with other jobs, so times are CPU seconds of this process. ` +
    `Counts are classes under the board's symmetry (--unique); both engines keep the same model per class (src/symmetry/breaking.ts). ` +
    `SAT: what \`enumerate --unique --workers 1\` runs, the plan resolved for each puzzle (its engine and settings in the last column), with the symmetry-breaking family and at-most-one ${PACKING_DEFAULTS.nativeEnumerationAmo}; ` +
    `dlx: our dancing links on the same placements, crossings and optional pieces as secondary items. ` +
    `Puzzler: the last line of Polyform Puzzler's solution file (Python dancing links on its author's machine, wall time). ` +
    `A run past ${cpuLimit} CPU s stops (≥: the count so far).\n`,
);
console.log(
  '| family | puzzle | published | counts | source | Puzzler log: solutions, time | dlx: count | dlx CPU s | SAT: count | SAT CPU s | SAT / dlx | SAT engine |',
);
console.log('|---|---|---:|---|---|---|---:|---:|---:|---:|---:|---|');
for (const p of PUZZLES) {
  if (only && p.family !== only) continue;
  const forDlx = polyform(p.options);
  const forSat = polyform({ ...p.options, amo: PACKING_DEFAULTS.nativeEnumerationAmo });
  const dlx = await counted(forDlx, (onFound, shouldStop) => enumerateExactCover(forDlx, { unique: true, onFound, shouldStop }));
  // What `enumerate --unique --workers 1` runs: the plan picks the engine and its best settings for this instance.
  const plan = (await resolvePlan(forSat, { verb: 'enumerate', unique: true, workers: 1 })) as EnumeratePlan;
  const engine = `${plan.engine} (propagation ${plan.propagation}, cube depth ${plan.cubeDepth}, ${plan.enumMode})`;
  const sat = await counted(forSat, (onFound, shouldStop) => runPlan(plan, { onSolution: (f) => onFound(f), shouldStop }));
  const log = p.log ? `${p.log.solutions}, ${p.log.duration} (${p.log.file})` : '—';
  console.log(
    `| ${p.family} | ${p.name} | ${p.classes} | ${p.restricted ? `all, ${p.restricted}` : 'classes'} | ${p.source} | ${log} | ${countCell(dlx.value, p.classes)} | ${seconds(dlx)} | ${countCell(sat.value, p.classes)} | ${seconds(sat)} | ${(sat.cpu / Math.max(dlx.cpu, 0.01)).toFixed(1)} | ${engine} |`,
  );
}
