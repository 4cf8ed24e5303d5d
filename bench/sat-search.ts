/**
 * Issue 12: the regime where the SAT solver does the search. Packings are
 * enumerated with shallow cubes (depth 0, 1 or 2), so MiniSat, not the cube
 * tree, finds the tilings; beside each, in the same run, our dancing links
 * (`--solver dlx`) and the npm dancing-links peer. Plus the first tiling of
 * 8x8+2x2: the in-process MiniSat against native `minisat -no-pre` on the
 * very same DIMACS. 8x8+2x2 runs on 2 worker threads too, and two Genius
 * Square rolls are counted solution by solution (no symmetry).
 *
 *   npx tsc && node dist/bench/sat-search.js [--box SECONDS] [--only WORD,...] [--quick] [--external-only] [--write]
 *
 * --external-only runs only the solver programs' rows, into bench/results/sat-search-external.md.
 *
 * Every SAT run is time-boxed (--box, wall seconds, default 40); an
 * unfinished one is projected to all classes from its rate after the first
 * class (src/bench/encodings.ts projectCpu) and marked so.
 * Times are CPU seconds of this process (child rusage for native minisat);
 * the machine is shared, so only ratios within one run mean much.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { geniusSquare } from '../encoders/genius-square.js';
import { soma } from '../encoders/polycube.js';
import { polyomino } from '../encoders/polyomino.js';
import { writeDimacsFile } from '../src/core/dimacs.js';
import type { Instance } from '../src/core/puzzle.js';
import type { AmoEncoding } from '../src/card/index.js';
import type { PackingInstance } from '../encoders/packing.js';
import { type EnumMode, type Propagation, applyBranching, enumerate } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { type MinisatCubeOptions, type MinisatWasmSolver, loadMinisatWasm, minisatWasm } from '../solvers/minisat-wasm.js';
import type { BranchingRule, SolverFactory } from '../solvers/types.js';
import { EXTERNAL_SOLVERS } from '../solvers/external/adapter.js';
import { claspWasm } from '../solvers/clasp-wasm.js';
import { resolvePlan, runPlan, type EnumeratePlan } from '../src/index.js';
import { poolAvailable } from '../src/enumerate/pool.js';
import { type BoxedSearch, boxedSearch, machineDescription } from '../src/bench/encodings.js';
import { countWithPeer, fundamentalProblems } from './peer-dancing-links.js';
import { type Timed, timed } from '../src/bench/timing.js';
import { UserError } from '../src/core/errors.js';

const REPORT = 'bench/results/sat-search.md';
const EXTERNAL_REPORT = 'bench/results/sat-search-external.md';

interface Puzzle {
  name: string;
  command: string;
  /** Built with the puzzle's default at-most-one encoding, or the one given (native propagation needs pairwise). */
  instance: (amo?: AmoEncoding) => Instance;
  classes: number;
  /** The peer counts classes with the X pinned (else raw solutions). */
  pinX?: boolean;
  /** Every solution is counted, not classes (no --unique): `classes` is the number of solutions. */
  allSolutions?: true;
  /** The SAT configurations run (default SAT_CONFIGS). */
  configs?: readonly SatConfig[];
  /** How a worker thread rebuilds the instance: given, the puzzle also runs on WORKERS worker threads. */
  rebuild?: { puzzle: string; args: Record<string, unknown> };
}

type SatConfig = readonly [depth: number, branching: BranchingRule, mode: EnumMode, conflicts: ConflictRule, propagation: Propagation];

const SAT_CONFIGS: readonly SatConfig[] = [
  [0, 'cover', 'chrono', 'default', 'native'],
  [2, 'cover', 'chrono', 'default', 'native'],
  [4, 'cover', 'chrono', 'default', 'native'],
  [0, 'cover', 'chrono', 'default', 'clauses'],
  [1, 'cover', 'chrono', 'default', 'clauses'],
  [2, 'cover', 'chrono', 'default', 'clauses'],
  [2, 'cover', 'chrono', 'learn', 'clauses'],
  [2, 'cover', 'blocking', 'default', 'clauses'],
  [2, 'vsids', 'chrono', 'default', 'clauses'],
  [2, 'vsids', 'blocking', 'default', 'clauses'],
];

/** The configuration that searches fastest (the default of `enumerate`), at each shallow depth: what the Genius Square rolls and the worker threads run. */
const COVER_CHRONO: readonly SatConfig[] = SAT_CONFIGS.filter(
  ([, branching, mode, conflicts, propagation]) => branching === 'cover' && mode === 'chrono' && conflicts === 'default' && propagation === 'native',
);

/** What a row's engine propagates: the groups natively (on the pairwise encoding, which they need), or the default encoding's clauses. */
const propagationText = (instance: Instance, propagation: Propagation) =>
  propagation === 'native' ? 'native groups (pairwise)' : `clauses (${String(instance.params.amo)})`;

/** Two rolls counted completely, solution by solution: one with few solutions, one with many. */
const geniusRoll = (roll: string, solutions: number): Puzzle => ({
  name: `Genius Square ${roll.replaceAll(',', ' ')}`,
  command: `genius-square --roll ${roll}`,
  instance: (amo) => geniusSquare({ roll, amo }),
  classes: solutions,
  allSolutions: true,
  configs: COVER_CHRONO,
});

const PUZZLES: Puzzle[] = [
  {
    name: '8x8 + 2x2',
    command: 'pentomino --preset 8x8-square --unique',
    instance: (amo) => polyomino({ preset: '8x8-square', amo }),
    classes: 16146,
    pinX: true,
    rebuild: { puzzle: 'pentomino', args: { preset: '8x8-square' } },
  },
  { name: '6x10', command: 'pentomino --preset 6x10 --unique', instance: (amo) => polyomino({ preset: '6x10', amo }), classes: 2339 },
  {
    name: '8x8 centre hole',
    command: 'pentomino --preset 8x8-centre-hole --unique',
    instance: (amo) => polyomino({ preset: '8x8-centre-hole', amo }),
    classes: 65,
  },
  { name: 'Soma cube', command: 'soma --unique isometries', instance: (amo) => soma({ symmetry: 'isometries', amo }), classes: 240 },
  geniusRoll('A3,A5,B4,C6,E2,E6,F1', 11),
  geniusRoll('B3,B4,F1,F2,F3,F4,F6', 22317),
];

/** The npm peer's count: all raw solutions, or on 8x8 + 2x2 the classes, with the X pinned (bench/peer-dancing-links.ts). */
function peerCount(instance: Instance, pinX: boolean): number {
  const cover = instance.exactCover!;
  if (!pinX) return countWithPeer(cover);
  const { offDiagonal, diagonal } = fundamentalProblems(instance as PackingInstance);
  return countWithPeer(offDiagonal) + countWithPeer(diagonal) / 2;
}

/** How a chrono enumeration meets conflicts: the engine's default, or learning forced on (the rule before plain backtracking). */
type ConflictRule = 'default' | 'learn';

/** A minisat-wasm solver whose enumerateCube always learns from conflicts. */
function learningSolver(): MinisatWasmSolver {
  const solver = minisatWasm.create() as MinisatWasmSolver;
  const enumerateCube = solver.enumerateCube.bind(solver);
  solver.enumerateCube = (assumptions, projection, onModel, options: MinisatCubeOptions = {}) =>
    enumerateCube(assumptions, projection, onModel, { ...options, learn: true });
  return solver;
}

interface SatRun {
  depth: number;
  branching: BranchingRule;
  mode: EnumMode;
  propagation: string;
  classes: number;
  complete: boolean;
  cpu: number;
  wall: number;
  /** CPU seconds for all classes: measured when complete, else from the rate. */
  total: number;
}

async function satRun(puzzle: Puzzle, instance: Instance, [depth, branching, mode, conflicts, propagation]: SatConfig, box: number): Promise<SatRun> {
  const run = await boxedSearch(
    (shouldStop, onFound) =>
      enumerate(instance, {
        createSolver: conflicts === 'learn' ? learningSolver : () => minisatWasm.create(),
        unique: puzzle.allSolutions !== true,
        cubeDepth: depth,
        enumMode: mode,
        branching,
        propagation,
        onFound,
        shouldStop,
        timeoutSeconds: box,
      }),
    box,
    puzzle.classes,
  );
  return checkedRun(puzzle, puzzle.name, run, [depth, branching, mode, propagationText(instance, propagation)]);
}

/** The run as a row's record, once its classes, if complete, are the puzzle's (`who` names the run in the error). */
function checkedRun(
  puzzle: Puzzle,
  who: string,
  run: BoxedSearch,
  [depth, branching, mode, propagation]: [number, BranchingRule, EnumMode, string],
): SatRun {
  if (run.complete && run.found !== puzzle.classes) throw new Error(`${who}: ${run.found} classes, expected ${puzzle.classes}`);
  return {
    depth,
    branching,
    mode,
    propagation,
    classes: run.found,
    complete: run.complete,
    cpu: run.cpu,
    wall: run.wall,
    total: run.allCpu ?? Infinity,
  };
}

/** The worker threads of `enumerate --workers 2`. */
const WORKERS = 2;

/**
 * The puzzle on WORKERS worker threads, as `enumerate --workers 2` runs it:
 * each thread rebuilds the instance and walks its share of the cube tree's
 * subtrees. The CPU seconds are the whole process's, worker threads
 * included (process.cpuUsage counts every thread). Rows as satRow writes them.
 */
async function workerRows(puzzle: Puzzle, box: number, ratios: (cpu: number) => string): Promise<string[]> {
  if (!puzzle.rebuild) return [];
  const solver = `minisat-wasm, ${WORKERS} worker threads`;
  if (!poolAvailable()) return [`| ${puzzle.name} | ${solver} | - | - | - | - | no worker script (run from dist/) | - | - | - | - | - |`];
  const rows: string[] = [];
  const instance = puzzle.instance('pairwise');
  const rebuild = { ...puzzle.rebuild, args: { ...puzzle.rebuild.args, amo: 'pairwise' } };
  for (const [depth, branching, mode, , propagation] of COVER_CHRONO.filter(([depth]) => depth > 0)) {
    const run = await boxedSearch(
      (shouldStop, onFound) =>
        resolvePlan(rebuild.puzzle, {
          verb: 'enumerate',
          args: rebuild.args,
          workers: WORKERS,
          solver: 'minisat-wasm',
          unique: true,
          cubeDepth: depth,
          enumMode: mode,
          branching,
          propagation,
          timeout: box,
        }).then((plan) => runPlan(plan as EnumeratePlan, { onSolution: onFound, shouldStop })),
      box,
      puzzle.classes,
    );
    rows.push(
      satRow(
        puzzle,
        solver,
        checkedRun(puzzle, `${puzzle.name} on ${WORKERS} workers`, run, [depth, branching, mode, propagationText(instance, propagation)]),
        'default',
        ratios,
      ),
    );
  }
  // Dancing links has no worker-thread mode: its parts are dealt only to queue workers (`enumerate --queue`).
  rows.push(
    `| ${puzzle.name} | dlx (ours), ${WORKERS} worker threads | - | MRV (exact cover) | - | not supported: dlx runs in one thread (parts only for \`--queue\` workers) | - | - | - | - | - | - |`,
  );
  return rows;
}

/** A table row for one SAT run. */
function satRow(puzzle: Puzzle, solver: string, r: SatRun, conflicts: ConflictRule, ratios: (cpu: number) => string): string {
  const total = r.complete ? fmt(r.total) : `${duration(r.total)} projected`;
  const how = r.mode === 'chrono' && r.branching === 'cover' ? (conflicts === 'learn' ? 'chrono, learning' : 'chrono, plain backtracking') : r.mode;
  return `| ${puzzle.name} | ${solver} | ${r.depth} | ${r.branching} | ${r.propagation} | ${how} | ${r.classes}${r.complete ? '' : ' (boxed)'} | ${fmt(r.cpu)} | ${fmt(r.wall)} | ${total} | ${ratios(r.total)} |`;
}

/** Native minisat's own CPU figure for one solve of the file. */
function nativeMinisat(file: string): { cpu: number; status: string } | undefined {
  const r = spawnSync('minisat', ['-no-pre', file], { encoding: 'utf8' });
  if (r.error) return undefined;
  const cpu = /CPU time\s*:\s*([\d.]+)/.exec(r.stdout);
  return { cpu: cpu ? Number(cpu[1]) : NaN, status: /UNSATISFIABLE/.test(r.stdout) ? 'UNSAT' : /SATISFIABLE/.test(r.stdout) ? 'SAT' : 'UNKNOWN' };
}

/** One in-process solve of the whole formula, as `puzzlesat solve` does it. */
async function inProcessSolve(instance: Instance, branching: BranchingRule): Promise<Timed<{ status: string; conflicts: number }>> {
  return timed(async () => {
    const solver = minisatWasm.create();
    solver.ensureVars(instance.cnf.varCount);
    for (const clause of instance.cnf.clauses()) solver.addClause(clause);
    applyBranching(instance, solver, branching);
    const status = await solver.solve();
    if (status === 'SAT' && !instance.cnf.satisfiedBy((v) => solver.value(v)).ok) throw new Error('model breaks a clause');
    const conflicts = solver.stats().conflicts!;
    solver.dispose();
    return { status, conflicts };
  });
}

const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '∞');

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '∞';
  if (seconds < 120) return `${fmt(seconds)} s`;
  if (seconds < 7200) return `${fmt(seconds / 60)} min`;
  return `${fmt(seconds / 3600)} h`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const boxArg = argv.indexOf('--box');
  const box = boxArg >= 0 ? Number(argv[boxArg + 1]) : 40;
  if (!(box > 0)) throw new Error(`--box: expected a positive number of seconds, got "${argv[boxArg + 1]}"`);
  const onlyArg = argv.indexOf('--only');
  // Puzzles whose names contain one of these (comma-separated) words.
  const only = onlyArg >= 0 ? argv[onlyArg + 1]!.split(',') : undefined;
  // Just the solver programs' rows (see externalSolverRows), in a report of their own.
  if (argv.includes('--external-only')) return externalReport(box, only, argv.includes('--write'));
  // Only the fastest configuration (cover, chrono) at each depth: a short run.
  const quick = argv.includes('--quick');
  if (!(await loadMinisatWasm())) throw new Error('minisat-wasm is not built: npm run build:minisat-wasm');
  const machine = machineDescription();
  const out: string[] = [];
  const say = (line = '') => {
    out.push(line);
    console.log(line);
  };
  say('# The SAT solver does the search');
  say();
  say(
    `${new Date().toISOString().slice(0, 10)}; ${machine.cpu}, ${machine.cores} cores; ${machine.os}; Node ${machine.node}. ` +
      `Load average ${fmt(loadavg()[0]!, 2)} at the start: the machine is shared, so CPU seconds of this process are the measure; only ratios within this run compare.`,
  );
  say();
  say(
    `Packings enumerated with \`--unique\` at cube depth 0 to 4, so that MiniSat (minisat-wasm, one thread) does the search, beside \`--solver dlx\` (our dancing links, ` +
      `src/enumerate/dlx.ts, also with --unique) and the npm \`dancing-links\` peer, which knows no symmetry and counts every raw solution of the same exact-cover rows. ` +
      `Each SAT run is boxed at ${box} s wall; an unfinished one is projected to all classes (marked "projected"): its CPU seconds to the first class (set-up included), then its classes per CPU second after that for the rest. ` +
      `Branching: cover = the not-yet-satisfied clause of the \`cover\` family (one per cell) with the fewest literals left, its first free literal decided true; ` +
      `vsids = MiniSat's own. Enumeration: chrono = inside MiniSat by chronological backtracking after each model, no blocking clauses ` +
      `(under cover branching a conflict just flips the deepest decision not yet flipped, "plain backtracking", the default; "learning" = MiniSat's conflict analysis and a learnt clause, as under VSIDS); ` +
      `blocking = a solve per model and a blocking clause for it. ` +
      `Propagation: native groups = the exactly-one groups (one per cell, one per piece) propagated by the engine itself, by counts over live members (a true member falsifies the rest, the last member left is made true), ` +
      `with their families' clauses left out of the engine and cover branching choosing among cells and pieces, as dancing links does; it needs their encoding without auxiliary variables (pairwise), ` +
      `and every model is still checked against the whole CNF. This is \`enumerate\`'s default on minisat-wasm (cube depth 4). clauses = MiniSat propagates the formula's clauses (the puzzle's default encoding). ` +
      `Rows "${WORKERS} worker threads" run as \`enumerate --workers ${WORKERS}\`: each thread rebuilds the instance and enumerates its share of the cube tree; their CPU seconds are the whole process's, every thread included. ` +
      `The Genius Square rows count every solution of one roll (no --unique, no symmetry), the "classes" column then counting solutions.`,
  );
  say();
  say(
    '| puzzle | solver | cube depth | branching | propagation | enumeration | classes | CPU s | wall s | CPU s, all classes | × dlx | × dancing-links |',
  );
  say('|---|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|');
  for (const puzzle of PUZZLES.filter((p) => !only || only.some((word) => p.name.includes(word)))) {
    const instance = puzzle.instance();
    const dlx = await timed(() => enumerateExactCover(instance, { unique: puzzle.allSolutions !== true, onFound: () => {} }));
    if (dlx.value.count !== puzzle.classes) throw new Error(`dlx on ${puzzle.name}: ${dlx.value.count} classes`);
    const peer = await timed(() => peerCount(instance, puzzle.pinX === true));
    const peerWants = puzzle.pinX ? puzzle.classes : dlx.value.raw;
    if (peer.value !== peerWants) throw new Error(`dancing-links on ${puzzle.name}: ${peer.value}, expected ${peerWants}`);
    const peerCounts = puzzle.pinX ? `${peer.value} classes, X pinned to the fundamental triangle` : `all ${peer.value} raw solutions`;
    const ratios = (cpu: number) => `${fmt(cpu / dlx.cpu, 1)} | ${fmt(cpu / peer.cpu, 1)}`;
    say(
      `| ${puzzle.name} | dlx (ours) | 2 | MRV (exact cover) | - | dancing links | ${dlx.value.count} | ${fmt(dlx.cpu, 2)} | ${fmt(dlx.wall, 2)} | ${fmt(dlx.cpu, 2)} | 1.0 | ${fmt(dlx.cpu / peer.cpu, 2)} |`,
    );
    say(
      `| ${puzzle.name} | dancing-links (npm) | - | MRV (exact cover) | - | dancing links, ${peerCounts} | - | ${fmt(peer.cpu, 2)} | ${fmt(peer.wall, 2)} | ${fmt(peer.cpu, 2)} | ${fmt(peer.cpu / dlx.cpu, 2)} | 1.0 |`,
    );
    const pairwise = puzzle.instance('pairwise');
    for (const config of puzzle.configs ?? (quick ? COVER_CHRONO : SAT_CONFIGS)) {
      const r = await satRun(puzzle, config[4] === 'native' ? pairwise : instance, config, box);
      say(satRow(puzzle, 'minisat-wasm', r, config[3], ratios));
    }
    for (const row of await workerRows(puzzle, box, ratios)) say(row);
  }
  say();

  await externalSolverRows(say, box, only);

  say('## First tiling of 8x8 + 2x2');
  say();
  say(
    '`solve pentomino --preset 8x8-square` with its default encoding, in-process, against native Debian `minisat -no-pre` (its own "CPU time" line) on the same formula exported as DIMACS. ' +
      'The in-process figure includes loading the clauses into the engine.',
  );
  say();
  const first = polyomino({ preset: '8x8-square' });
  const dir = mkdtempSync(join(tmpdir(), 'sat-search-'));
  const file = join(dir, '8x8-square.cnf');
  writeDimacsFile(file, first.cnf, { puzzle: first.puzzle, params: first.params });
  say('| engine | branching | status | conflicts | CPU s | × native |');
  say('|---|---|---|---:|---:|---:|');
  // Native minisat rounds to 10 ms; the best of five readings, and of three in-process runs.
  const natives = Array.from({ length: 5 }, () => nativeMinisat(file));
  rmSync(dir, { recursive: true, force: true });
  const native = natives.every((n) => n && Number.isFinite(n.cpu)) ? Math.max(0.005, Math.min(...natives.map((n) => n!.cpu))) : undefined;
  for (const branching of ['cover', 'vsids'] as const) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await inProcessSolve(first, branching));
    const best = runs.reduce((a, b) => (b.cpu < a.cpu ? b : a));
    say(
      `| minisat-wasm (in-process) | ${branching} | ${best.value.status} | ${best.value.conflicts} | ${fmt(best.cpu, 3)} | ${native ? fmt(best.cpu / native, 1) : 'n/a'} |`,
    );
  }
  say(
    native
      ? `| minisat -no-pre (native) | vsids | ${natives[0]!.status} | - | ${fmt(native, 3)} | 1.0 |`
      : '| minisat (native) | - | not installed | - | - | - |',
  );
  say();
  if (argv.includes('--write')) {
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(REPORT, out.join('\n') + '\n');
    console.error(`wrote ${REPORT}`);
  }
}

// ---- External solver programs (issue 12, point 4) ----

/** CPU seconds of the children this process has waited for (Linux: cutime + cstime of /proc/self/stat, in clock ticks). */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'latin1');
  // Fields after the parenthesised command name; cutime and cstime are fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/**
 * `enumerate --unique --solver X` for each solver program installed, the way
 * the strategy dispatcher runs it (its mode and cube depth), on the 8x8 board
 * with the centre hole and on 6x10, beside `--solver dlx` in the same run.
 * CPU of this process and of the solver processes are given apart.
 */
async function externalSolverRows(say: (line?: string) => void, box: number, only: string[] | undefined): Promise<void> {
  const programs = ['clasp', 'cryptominisat5', 'cadical', 'minisat', 'picosat'].map(installedProgram).filter((f) => f !== undefined);
  // clasp in WebAssembly (clingo-wasm, an optional dependency) runs in this process: its CPU is ours.
  if (claspWasm.available().ok) programs.push(claspWasm);
  const puzzles = PUZZLES.filter((p) => (p.name === '8x8 centre hole' || p.name === '6x10') && (!only || only.some((word) => p.name.includes(word))));
  if (programs.length === 0 || puzzles.length === 0) return;
  say('## Solver programs');
  say();
  say(
    `\`enumerate --unique --solver X\` through the strategy dispatcher (src/enumerate/by-name.ts): native = the program enumerates projected models itself, one run per cube; ` +
      `blocking-loop = a run per model (cadical: cubes batched in one \`p inccnf\` run, until one is satisfiable) or per model and cube (minisat, picosat). ` +
      `CPU s of this process (process.cpuUsage; clasp-wasm runs in it) and of the solver processes (child rusage), boxed at ${box} s wall.`,
  );
  say();
  say('| puzzle | solver | mode | cube depth | cubes | classes | our CPU s | solvers CPU s | total CPU s | × dlx |');
  say('|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const puzzle of puzzles) {
    const instance = puzzle.instance();
    const dlx = await timed(() => enumerateExactCover(instance, { unique: true, onFound: () => {} }));
    say(`| ${puzzle.name} | dlx (ours) | exact cover | - | - | ${dlx.value.count} | ${fmt(dlx.cpu, 2)} | 0 | ${fmt(dlx.cpu, 2)} | 1.0 |`);
    for (const factory of programs) {
      const children = childCpuSeconds();
      const deadline = performance.now() + box * 1000;
      const plan = (await resolvePlan(instance, { verb: 'enumerate', solver: factory.name, unique: true, timeout: box })) as EnumeratePlan;
      const run = await refusedOr(timed(() => runPlan(plan, { shouldStop: () => performance.now() >= deadline })));
      if (typeof run === 'string') {
        // A solver that cannot take this puzzle (clasp-wasm's 1 MiB input stack) gets a row saying why, not a crash.
        say(`| ${puzzle.name} | ${factory.name} | not run: ${run.replaceAll('|', '/')} | - | - | - | - | - | - | - |`);
        continue;
      }
      const childCpu = childCpuSeconds() - children;
      const { count, complete, mode, cubes } = run.value;
      if (complete && count !== puzzle.classes) throw new Error(`${factory.name} on ${puzzle.name}: ${count} classes, expected ${puzzle.classes}`);
      const depth = plan.cubeDepth;
      const total = run.cpu + childCpu;
      say(
        `| ${puzzle.name} | ${factory.name} | ${mode} | ${depth} | ${cubes} | ${count}${complete ? '' : ' (boxed)'} | ${fmt(run.cpu, 2)} | ${fmt(childCpu, 2)} | ${fmt(total, 2)} | ${fmt(total / dlx.cpu, 1)} |`,
      );
    }
  }
  say();
}

/** The run's result, or the one-line reason a solver refused the puzzle (a UserError). */
async function refusedOr<T>(run: Promise<T>): Promise<T | string> {
  try {
    return await run;
  } catch (error) {
    if (error instanceof UserError) return error.message;
    throw error;
  }
}

/** The solver programs' rows alone, as bench/results/sat-search-external.md (with --write). */
async function externalReport(box: number, only: string[] | undefined, write: boolean): Promise<void> {
  const out: string[] = [];
  const say = (line = '') => {
    out.push(line);
    console.log(line);
  };
  const machine = machineDescription();
  say('# Solver programs enumerating');
  say();
  say(
    `${new Date().toISOString().slice(0, 10)}; ${machine.cpu}, ${machine.cores} cores; ${machine.os}; Node ${machine.node}. Load average ${fmt(loadavg()[0]!, 2)} at the start: only ratios within this run compare.`,
  );
  say();
  await externalSolverRows(say, box, only);
  if (!write) return;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(EXTERNAL_REPORT, out.join('\n') + '\n');
  console.error(`wrote ${EXTERNAL_REPORT}`);
}

function installedProgram(name: string): SolverFactory | undefined {
  const factory = EXTERNAL_SOLVERS.find((f) => f.name === name);
  return factory?.available().ok ? factory : undefined;
}

await main();
