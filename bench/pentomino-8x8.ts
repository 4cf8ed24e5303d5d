/**
 * Issue 2: the 16146 symmetry classes of the 8x8 board tiled by the 12
 * pentominoes and the 2x2 square (129168 solutions, none symmetric), in one
 * run, on the same placements:
 *
 * - the npm package dancing-links (a peer written by others), the reference;
 * - our dancing links (src/exact-cover.ts) on the very same matrix;
 * - our dlx backend as `enumerate --unique --solver dlx` runs it;
 * - the SAT cube-and-conquer loop (`enumerate --unique`), compact against
 *   pairwise non-overlap, at several cube depths. Shallow cubes leave the
 *   solver hours of search, so each configuration gets a time box and its
 *   total is projected; --complete then runs `npm start`'s enumeration to
 *   the end, on one thread and on the worker threads.
 *
 * Classes for the exact-cover engines: the X pentomino's centre is kept in
 * the fundamental region of the board's 8 symmetries (the triangle
 * 1 <= x <= y <= 3), so each class is met once — twice when the centre lies
 * on the diagonal, whose reflection keeps the X in place; those are counted
 * in a second problem and halved. Times are CPU seconds of this process
 * (single-threaded work, so they hold up when other jobs load the machine),
 * with wall clock alongside.
 *
 *   npx tsc && node dist/bench/pentomino-8x8.js [--sat-seconds 300] [--depths 6,8,10,11,12] [--complete] [--complete-depth D] [--solver NAME] [--write]
 *
 * --sat-seconds is the wall-clock budget of the time-boxed SAT part, shared
 * equally by its configurations (each cube-tree size count gets one share
 * too); --complete then enumerates every class by SAT as `npm start` does
 * (the encoding and cube depth enumerate defaults to), without a box;
 * --complete-depth D also at cube depth D; --write puts the report
 * into bench/results/pentomino-8x8.md as well.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { polyomino } from '../encoders/polyomino.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { type EnumeratePlan, resolvePlan, runPlan } from '../src/index.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { poolAvailable } from '../src/enumerate/pool.js';
import { solveExactCover } from '../solvers/dlx/exact-cover.js';
import { PACKING_DEFAULTS, type NonOverlap, type PackingInstance } from '../encoders/packing.js';
import { CubeTree } from '../src/enumerate/cube-tree.js';
import { pickSolver } from '../solvers/index.js';
import type { SolverFactory } from '../solvers/types.js';
import { machineDescription } from '../src/bench/encodings.js';
import { countWithPeer, fundamentalProblems } from './peer-dancing-links.js';
import { timed } from '../src/bench/timing.js';

const CLASSES = 16146;
const SOLUTIONS = 129168;
const RESULTS = 'bench/results';

interface Args {
  satSeconds: number;
  depths: number[];
  /** Run every class to the end as `npm start` does (at completeDepth when given). */
  complete: boolean;
  completeDepth?: number;
  solver?: string;
  write: boolean;
}

function parseArgs(argv: string[]): Args {
  const get = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const satSeconds = Number(get('--sat-seconds') ?? 300);
  const depths = (get('--depths') ?? '6,8,10,11,12').split(',').map(Number);
  if (!(satSeconds > 0)) throw new Error(`--sat-seconds: expected a positive number, got "${get('--sat-seconds')}"`);
  const completeDepth = get('--complete-depth') === undefined ? undefined : Number(get('--complete-depth'));
  if (![...depths, completeDepth ?? 0].every((d) => Number.isInteger(d) && d >= 0)) {
    throw new Error(`--depths, --complete-depth: expected whole numbers such as 4,5,6, got "${get('--depths')}", "${get('--complete-depth')}"`);
  }
  return {
    satSeconds,
    depths,
    complete: completeDepth !== undefined || argv.includes('--complete'),
    completeDepth,
    solver: get('--solver'),
    write: argv.includes('--write'),
  };
}

// ---- the exact-cover problems ---------------------------------------------------

/** Classes from the two counts: the diagonal's solutions come in pairs. */
function classesOf(offDiagonal: number, diagonal: number, engine: string): number {
  const classes = offDiagonal + diagonal / 2;
  if (classes !== CLASSES) throw new Error(`${engine}: ${offDiagonal} + ${diagonal}/2 = ${classes} classes, expected ${CLASSES}`);
  return classes;
}

// ---- SAT -------------------------------------------------------------------------

interface SatRow {
  nonOverlap: NonOverlap;
  depth: number;
  vars: number;
  clauses: number;
  /** Leaves of the cube tree at this depth; `complete` false: the count ran out of time at `leaves`. */
  tree: { leaves: number; complete: boolean };
  cubes: number;
  classes: number;
  cpu: number;
  wall: number;
  /** Projected CPU seconds for all classes: from the rate of classes, and from the share of cubes done. */
  byRate: number | null;
  byCubes: number | null;
}

function countLeaves(instance: PackingInstance, depth: number, seconds: number): { leaves: number; complete: boolean } {
  const deadline = performance.now() + seconds * 1000;
  let leaves = 0;
  for (const _ of new CubeTree(instance, true).leaves(depth)) {
    leaves++;
    if ((leaves & 1023) === 0 && performance.now() > deadline) return { leaves, complete: false };
  }
  return { leaves, complete: true };
}

async function satRow(instance: PackingInstance, factory: SolverFactory, depth: number, tree: SatRow['tree'], seconds: number): Promise<SatRow> {
  const deadline = performance.now() + seconds * 1000;
  let cubes = 0;
  const run = await timed(() =>
    enumerate(instance, {
      createSolver: () => factory.create(),
      unique: true,
      cubeDepth: depth,
      onFound: () => {},
      onProgress: (p) => (cubes = p.cubes),
      shouldStop: () => performance.now() >= deadline,
      timeoutSeconds: seconds,
    }),
  );
  const { count } = run.value;
  if (run.value.complete && count !== CLASSES) throw new Error(`SAT depth ${depth}: ${count} classes, expected ${CLASSES}`);
  return {
    nonOverlap: instance.spec.nonOverlap,
    depth,
    vars: instance.cnf.varCount,
    clauses: instance.cnf.clauseCount,
    tree,
    cubes,
    classes: count,
    cpu: run.cpu,
    wall: run.wall,
    byRate: count > 0 ? (run.cpu * CLASSES) / count : null,
    byCubes: cubes > 0 && tree.complete ? (run.cpu * tree.leaves) / cubes : null,
  };
}

// ---- report ----------------------------------------------------------------------

const fmt = (x: number, digits = 1) => x.toFixed(digits);

/** Seconds as s, min or h, whichever reads best. */
function duration(seconds: number): string {
  if (seconds < 120) return `${fmt(seconds)} s`;
  if (seconds < 7200) return `${fmt(seconds / 60)} min`;
  return `${fmt(seconds / 3600)} h`;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const factory = await pickSolver(args.solver, 'enumerate');
  const machine = machineDescription();
  const out: string[] = [];
  const say = (line = '') => {
    out.push(line);
    console.log(line);
  };
  say('# Pentominoes and the 2x2 square on the 8x8 board: all 16146 classes');
  say();
  say(
    `${new Date().toISOString().slice(0, 10)}; ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB; ${machine.os}; Node ${machine.node}. ` +
      `Load average ${fmt(loadavg()[0]!, 2)} at the start: the machine is shared, so CPU seconds of this process are the measure and wall clock is shown beside them.`,
  );
  say();

  const compact = polyomino({ preset: '8x8-square', nonOverlap: 'compact' }, 'pentomino');
  const { offDiagonal, diagonal } = fundamentalProblems(compact);
  say('## Exact cover');
  say();
  say(
    `The peer and our solveExactCover count the same two matrices: the ${compact.placements.length} placements with the X's centre in the fundamental triangle ` +
      `1 <= x <= y <= 3, off its diagonal (${offDiagonal.rows.length} rows, each class once) and on it (${diagonal.rows.length} rows, each class twice); classes = off + on/2. ` +
      `Our dlx backend (\`enumerate --unique --solver dlx\`) instead pins the piece the symmetry-breaking family pins (src/symmetry/breaking.ts), one search per orbit representative, and keeps the least solution under each representative's stabiliser.`,
  );
  say();
  const peer = await timed(() => [countWithPeer(offDiagonal), countWithPeer(diagonal)] as const);
  classesOf(peer.value[0], peer.value[1], 'dancing-links');
  const ours = await timed(() => [solveExactCover(offDiagonal).count, solveExactCover(diagonal).count] as const);
  classesOf(ours.value[0], ours.value[1], 'solveExactCover');
  const dlx = await timed(() => enumerateExactCover(compact, { unique: true, onFound: () => {} }));
  if (dlx.value.count !== CLASSES || dlx.value.raw !== SOLUTIONS)
    throw new Error(`dlx backend: ${dlx.value.count} classes (${dlx.value.raw}), expected ${CLASSES} (${SOLUTIONS})`);

  say('| engine | solutions counted | CPU s | wall s | × dancing-links |');
  say('|---|---:|---:|---:|---:|');
  say(`| dancing-links (npm) | ${peer.value[0]} + ${peer.value[1]} | ${fmt(peer.cpu)} | ${fmt(peer.wall)} | 1.00 |`);
  say(
    `| ours: solveExactCover, same matrices | ${ours.value[0]} + ${ours.value[1]} | ${fmt(ours.cpu)} | ${fmt(ours.wall)} | ${fmt(ours.cpu / peer.cpu, 2)} |`,
  );
  say(
    `| ours: dlx backend, --unique | ${dlx.value.count} classes (${dlx.value.raw}) | ${fmt(dlx.cpu)} | ${fmt(dlx.wall)} | ${fmt(dlx.cpu / peer.cpu, 2)} |`,
  );
  say();

  const configs = args.depths.length * 2;
  const share = args.satSeconds / (configs + args.depths.length);
  say(`## SAT: cube-and-conquer with ${factory.name}, time-boxed`);
  say();
  say(
    `\`enumerate --unique\` with --non-overlap compact (${compact.spec.amo} at-most-one per cell) and pairwise (a clause per clashing pair), ` +
      `at cube depths ${args.depths.join(', ')}. Each run stops after ${fmt(share)} s wall (${fmt(args.satSeconds)} s for the SAT part, counting the tree sizes). ` +
      `Projections to all ${CLASSES} classes, in CPU time: from the rate of classes found, and from the share of the cube tree's leaves solved. ` +
      `Both extrapolate from the first cubes in the tree's order, which need not be typical.`,
  );
  say();
  const trees = new Map(args.depths.map((d) => [d, countLeaves(compact, d, share)]));
  const rows: SatRow[] = [];
  for (const nonOverlap of ['compact', 'pairwise'] as const) {
    const instance = nonOverlap === 'compact' ? compact : polyomino({ preset: '8x8-square', nonOverlap }, 'pentomino');
    for (const depth of args.depths) {
      const row = await satRow(instance, factory, depth, trees.get(depth)!, share);
      rows.push(row);
      console.error(`${nonOverlap} depth ${depth}: ${row.classes} classes, ${row.cubes} cubes in ${fmt(row.cpu)} CPU s`);
    }
  }
  say(
    '| non-overlap | vars | clauses | cube depth | leaves | cubes solved | classes | CPU s | wall s | classes / CPU s | projected (rate) | projected (cubes) | × dancing-links (rate) |',
  );
  say('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const leaves = r.tree.complete ? String(r.tree.leaves) : `>${r.tree.leaves}`;
    const cells = [
      r.nonOverlap,
      r.vars,
      r.clauses,
      r.depth,
      leaves,
      r.cubes,
      r.classes,
      fmt(r.cpu),
      fmt(r.wall),
      fmt(r.classes / r.cpu, 2),
      r.byRate === null ? 'none found' : duration(r.byRate),
      r.byCubes === null ? '–' : duration(r.byCubes),
      r.byRate === null ? '–' : fmt(r.byRate / peer.cpu, 0),
    ];
    say(`| ${cells.join(' | ')} |`);
  }
  say();
  for (const nonOverlap of ['compact', 'pairwise'] as const) {
    const best = rows.filter((r) => r.nonOverlap === nonOverlap && r.byRate !== null).sort((a, b) => a.byRate! - b.byRate!)[0];
    if (best)
      say(
        `Best depth for ${nonOverlap}: ${best.depth} (${fmt(best.classes / best.cpu, 2)} classes per CPU second; all classes in about ${duration(best.byRate!)}, ${fmt(best.byRate! / peer.cpu, 0)}× dancing-links).`,
      );
    else say(`${nonOverlap}: no class found within the box at any depth.`);
  }
  say();
  if (args.complete) {
    // What `npm start` builds and runs: enumerate's encoding for an engine that propagates the groups natively, and its default depth.
    const amo = factory.propagatesExactlyOne ? PACKING_DEFAULTS.nativeEnumerationAmo : undefined;
    const startArgs = { preset: '8x8-square', ...(amo ? { amo } : {}) };
    const start = polyomino(startArgs, 'pentomino');
    // The plan enumerate resolves for this engine: its propagation and default depth.
    const plan = (await resolvePlan('pentomino', { verb: 'enumerate', args: startArgs, solver: factory.name, unique: true })) as EnumeratePlan;
    const { propagation, cubeDepth: depth } = plan;
    say(`### Every class by SAT`);
    say();
    // The default depth, and the one asked for beside it (e.g. a shallower one, where MiniSat does more of the search).
    for (const d of [...new Set([depth, args.completeDepth ?? depth])]) {
      const all = await timed(() => enumerate(start, { createSolver: () => factory.create(), unique: true, cubeDepth: d, onFound: () => {} }));
      const { count, raw, cubes } = all.value;
      if (count !== CLASSES || raw !== SOLUTIONS) throw new Error(`SAT depth ${d}: ${count} classes (${raw}), expected ${CLASSES} (${SOLUTIONS})`);
      say(
        `${d === depth ? 'As `npm start` runs it' : 'The same'} (${start.spec.amo} at-most-one, ${propagation === 'native' ? 'exactly-one groups propagated natively' : 'clauses propagated'}, cover branching, chrono enumeration), ` +
          `cube depth ${d}${d === depth ? ' (the default)' : ''}, one thread, no box: ${count} classes (${raw} solutions) in ${cubes} cubes, ${duration(all.cpu)} CPU (${duration(all.wall)} wall), ` +
          `${fmt(count / all.cpu, 2)} classes per CPU second: ${fmt(all.cpu / peer.cpu, 1)}× dancing-links, ${fmt(all.cpu / dlx.cpu, 1)}× our dlx backend.`,
      );
      say();
    }
    const workers = availableParallelism();
    if (workers > 1 && poolAvailable()) {
      // As `npm start` runs it: each worker thread walks its share of the subtrees.
      const par = await timed(() => runPlan({ ...plan, workers }));
      if (par.value.count !== CLASSES || par.value.raw !== SOLUTIONS)
        throw new Error(`SAT on ${workers} workers: ${par.value.count} classes (${par.value.raw})`);
      say(
        `The same on ${workers} worker threads (as \`npm start\`): ${duration(par.wall)} wall, ${fmt(par.wall / peer.wall, 1)}× the dancing-links peer's wall time ` +
          `(${fmt(peer.wall)} s, one thread) and ${fmt(par.wall / peer.cpu, 1)}× its CPU time.`,
      );
      say();
    }
  }
  say(`Load average at the end: ${fmt(loadavg()[0]!, 2)}.`);
  if (args.write) {
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(`${RESULTS}/pentomino-8x8.md`, out.join('\n') + '\n');
  }
}

await main();
