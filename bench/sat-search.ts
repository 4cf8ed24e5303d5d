/**
 * Issue 12: the regime where the SAT solver does the search. Packings are
 * enumerated with shallow cubes (depth 0, 1 or 2), so MiniSat, not the cube
 * tree, finds the tilings; beside each, in the same run, our dancing links
 * (`--solver dlx`) and the npm dancing-links peer. Plus the first tiling of
 * 8x8+2x2: the in-process MiniSat against native `minisat -no-pre` on the
 * very same DIMACS.
 *
 *   npx tsc && node dist/bench/sat-search.js [--box SECONDS] [--only PUZZLES] [--external-only] [--write]
 *
 * Every SAT run is time-boxed (--box, wall seconds, default 40); an
 * unfinished one is projected to all classes from its rate and marked so.
 * Times are CPU seconds of this process (child rusage for native minisat);
 * the machine is shared, so only ratios within one run mean much.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DancingLinks } from 'dancing-links';
import { soma } from '../encoders/polycube.js';
import { polyomino } from '../encoders/polyomino.js';
import { writeDimacsFile } from '../src/core/dimacs.js';
import type { Instance } from '../src/core/puzzle.js';
import type { PackingInstance, Placement } from '../encoders/packing.js';
import { type EnumMode, applyBranching, enumerate } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { type MinisatCubeOptions, type MinisatWasmSolver, loadMinisatWasm, minisatWasm } from '../solvers/minisat-wasm.js';
import { type BranchingRule, type SolverFactory, offersCubeBatch } from '../solvers/types.js';
import { EXTERNAL_SOLVERS } from '../solvers/external/adapter.js';
import { externalCubeDepth, enumerateSolutions } from '../src/enumerate/strategy.js';
import { nativeCubeDepth } from '../src/enumerate/native.js';
import { classSearchInstance } from '../src/symmetry/breaking.js';
import { machineDescription } from './encodings.js';
import { type Timed, timed } from './timing.js';

const REPORT = 'bench/results/sat-search.md';

interface Puzzle {
  name: string;
  command: string;
  instance: () => Instance;
  classes: number;
  /** The peer counts classes with the X pinned (else raw solutions). */
  pinX?: boolean;
}

const PUZZLES: Puzzle[] = [
  { name: '8x8 + 2x2', command: 'pentomino --preset 8x8-square --unique', instance: () => polyomino({ preset: '8x8-square' }), classes: 16146, pinX: true },
  { name: '6x10', command: 'pentomino --preset 6x10 --unique', instance: () => polyomino({ preset: '6x10' }), classes: 2339 },
  { name: '8x8 centre hole', command: 'pentomino --preset 8x8-centre-hole --unique', instance: () => polyomino({ preset: '8x8-centre-hole' }), classes: 65 },
  { name: 'Soma cube', command: 'soma --unique isometries', instance: () => soma({ symmetry: 'isometries' }), classes: 240 },
];

/**
 * The npm peer knows no symmetry: it counts raw solutions of the instance's
 * own exact-cover rows. On 8x8 + 2x2 (129168 of them) it gets the
 * fundamental-region restriction bench/pentomino-8x8.ts uses instead: the
 * X's centre in the triangle 1 <= x <= y <= 3, off the diagonal (each class
 * once) and on it (each class twice), so it counts classes too.
 */
function peerCount(instance: Instance, pinX: boolean): number {
  const packing = instance as PackingInstance;
  const x = packing.spec.pieces.findIndex((p) => p.name === 'X');
  if (!pinX) return countRows(instance.exactCover!.rows);
  const centre = (pl: Placement) => {
    const cells = pl.cells.map((c) => packing.spec.region[c]!);
    return [cells.reduce((n, c) => n + c[0], 0) / 5, cells.reduce((n, c) => n + c[1], 0) / 5] as const;
  };
  const rowsWhere = (keep: (cx: number, cy: number) => boolean) =>
    packing.placements.filter((pl) => pl.piece !== x || keep(...centre(pl))).map((pl) => [...pl.cells, packing.spec.region.length + pl.piece]);
  return countRows(rowsWhere((cx, cy) => cx < cy && cy <= 3)) + countRows(rowsWhere((cx, cy) => cx === cy && cy <= 3)) / 2;
}

function countRows(rows: number[][]): number {
  const primary = Math.max(...rows.flat()) + 1;
  const secondary = 0;
  const solver = new DancingLinks<number>().createSolver({ primaryColumns: primary, secondaryColumns: secondary });
  solver.addSparseConstraints(rows.map((cells, row) => ({ data: row, columnIndices: { primary: cells.filter((c) => c < primary), secondary: cells.filter((c) => c >= primary).map((c) => c - primary) } })));
  return solver.findAll().length;
}

/** How a chrono enumeration meets conflicts: the engine's default, or learning forced on (the rule before plain backtracking). */
type ConflictRule = 'default' | 'learn';

/** A minisat-wasm solver whose enumerateCube always learns from conflicts. */
function learningSolver(): MinisatWasmSolver {
  const solver = minisatWasm.create() as MinisatWasmSolver;
  const enumerateCube = solver.enumerateCube.bind(solver);
  solver.enumerateCube = (assumptions, projection, onModel, options: MinisatCubeOptions = {}) => enumerateCube(assumptions, projection, onModel, { ...options, learn: true });
  return solver;
}

interface SatRun {
  depth: number;
  branching: BranchingRule;
  mode: EnumMode;
  classes: number;
  complete: boolean;
  cpu: number;
  wall: number;
  /** CPU seconds for all classes: measured when complete, else from the rate. */
  total: number;
}

async function satRun(puzzle: Puzzle, instance: Instance, depth: number, branching: BranchingRule, mode: EnumMode, conflicts: ConflictRule, box: number): Promise<SatRun> {
  const deadline = performance.now() + box * 1000;
  const run = await timed(() =>
    enumerate(instance, {
      createSolver: conflicts === 'learn' ? learningSolver : () => minisatWasm.create(),
      unique: true,
      cubeDepth: depth,
      enumMode: mode,
      branching,
      onFound: () => {},
      shouldStop: () => performance.now() >= deadline,
      timeoutSeconds: box,
    }),
  );
  const { count, complete } = run.value;
  if (complete && count !== puzzle.classes) throw new Error(`${puzzle.name}: ${count} classes, expected ${puzzle.classes}`);
  const total = complete ? run.cpu : count > 0 ? (run.cpu * puzzle.classes) / count : Infinity;
  return { depth, branching, mode, classes: count, complete, cpu: run.cpu, wall: run.wall, total };
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
  const only = onlyArg >= 0 ? argv[onlyArg + 1]!.split(',') : undefined;
  // Just the solver programs' rows (see externalSolverRows).
  if (argv.includes('--external-only')) return externalSolverRows((line = '') => console.log(line), box, only);
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
    `Packings enumerated with \`--unique\` at cube depth 0, 1 or 2, so that MiniSat (minisat-wasm, one thread) does the search, beside \`--solver dlx\` (our dancing links, ` +
      `src/enumerate/dlx.ts, also with --unique) and the npm \`dancing-links\` peer, which knows no symmetry and counts every raw solution of the same exact-cover rows. ` +
      `Each SAT run is boxed at ${box} s wall; an unfinished one is projected to all classes from its rate of classes per CPU second (marked "projected"). ` +
      `Branching: cover = the not-yet-satisfied clause of the \`cover\` family (one per cell) with the fewest literals left, its first free literal decided true; ` +
      `vsids = MiniSat's own. Enumeration: chrono = inside MiniSat by chronological backtracking after each model, no blocking clauses ` +
      `(under cover branching a conflict just flips the deepest decision not yet flipped, "plain backtracking", the default; "learning" = MiniSat's conflict analysis and a learnt clause, as under VSIDS); ` +
      `blocking = a solve per model and a blocking clause for it.`,
  );
  say();
  say('| puzzle | solver | cube depth | branching | enumeration | classes | CPU s | wall s | CPU s, all classes | × dlx | × dancing-links |');
  say('|---|---|---:|---|---|---:|---:|---:|---:|---:|---:|');
  for (const puzzle of PUZZLES.filter((p) => !only || only.includes(p.name))) {
    const instance = puzzle.instance();
    const dlx = await timed(() => enumerateExactCover(instance, { unique: true, onFound: () => {} }));
    if (dlx.value.count !== puzzle.classes) throw new Error(`dlx on ${puzzle.name}: ${dlx.value.count} classes`);
    const peer = await timed(() => peerCount(instance, puzzle.pinX === true));
    const peerWants = puzzle.pinX ? puzzle.classes : dlx.value.raw;
    if (peer.value !== peerWants) throw new Error(`dancing-links on ${puzzle.name}: ${peer.value}, expected ${peerWants}`);
    const peerCounts = puzzle.pinX ? `${peer.value} classes, X pinned to the fundamental triangle` : `all ${peer.value} raw solutions`;
    const ratios = (cpu: number) => `${fmt(cpu / dlx.cpu, 1)} | ${fmt(cpu / peer.cpu, 1)}`;
    say(`| ${puzzle.name} | dlx (ours) | 2 | MRV (exact cover) | dancing links | ${dlx.value.count} | ${fmt(dlx.cpu, 2)} | ${fmt(dlx.wall, 2)} | ${fmt(dlx.cpu, 2)} | 1.0 | ${fmt(dlx.cpu / peer.cpu, 2)} |`);
    say(`| ${puzzle.name} | dancing-links (npm) | - | MRV (exact cover) | dancing links, ${peerCounts} | - | ${fmt(peer.cpu, 2)} | ${fmt(peer.wall, 2)} | ${fmt(peer.cpu, 2)} | ${fmt(peer.cpu / dlx.cpu, 2)} | 1.0 |`);
    const configs: [number, BranchingRule, EnumMode, ConflictRule][] = [
      [0, 'cover', 'chrono', 'default'],
      [1, 'cover', 'chrono', 'default'],
      [2, 'cover', 'chrono', 'default'],
      [2, 'cover', 'chrono', 'learn'],
      [2, 'cover', 'blocking', 'default'],
      [2, 'vsids', 'chrono', 'default'],
      [2, 'vsids', 'blocking', 'default'],
    ];
    for (const [depth, branching, mode, conflicts] of configs) {
      const r = await satRun(puzzle, instance, depth, branching, mode, conflicts, box);
      const total = r.complete ? fmt(r.total) : `${duration(r.total)} projected`;
      const how = mode === 'chrono' && branching === 'cover' ? (conflicts === 'learn' ? 'chrono, learning' : 'chrono, plain backtracking') : mode;
      say(`| ${puzzle.name} | minisat-wasm | ${depth} | ${branching} | ${how} | ${r.classes}${r.complete ? '' : ' (boxed)'} | ${fmt(r.cpu)} | ${fmt(r.wall)} | ${total} | ${ratios(r.total)} |`);
    }
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
    say(`| minisat-wasm (in-process) | ${branching} | ${best.value.status} | ${best.value.conflicts} | ${fmt(best.cpu, 3)} | ${native ? fmt(best.cpu / native, 1) : 'n/a'} |`);
  }
  say(native ? `| minisat -no-pre (native) | vsids | ${natives[0]!.status} | - | ${fmt(native, 3)} | 1.0 |` : '| minisat (native) | - | not installed | - | - | - |');
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
  const puzzles = PUZZLES.filter((p) => (p.name === '8x8 centre hole' || p.name === '6x10') && (!only || only.includes(p.name)));
  if (programs.length === 0 || puzzles.length === 0) return;
  say('## Solver programs');
  say();
  say(
    `\`enumerate --unique --solver X\` through the strategy dispatcher (src/enumerate/strategy.ts): native = the program enumerates projected models itself, one run per cube; ` +
      `blocking-loop = a run per model (cadical: cubes batched in one \`p inccnf\` run, until one is satisfiable) or per model and cube (minisat, picosat). ` +
      `CPU s of this process (process.cpuUsage) and of the solver processes (child rusage), boxed at ${box} s wall.`,
  );
  say();
  say('| puzzle | solver | mode | cube depth | cubes | classes | our CPU s | solvers CPU s | total CPU s | × dlx |');
  say('|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const puzzle of puzzles) {
    const instance = puzzle.instance();
    const dlx = await timed(() => enumerateExactCover(instance, { unique: true, onFound: () => {} }));
    say(`| ${puzzle.name} | dlx (ours) | exact cover | - | - | ${dlx.value.count} | ${fmt(dlx.cpu, 2)} | 0 | ${fmt(dlx.cpu, 2)} | 1.0 |`);
    const classes = classSearchInstance(instance);
    for (const factory of programs) {
      const children = childCpuSeconds();
      const deadline = performance.now() + box * 1000;
      const run = await timed(() => enumerateSolutions({ instance, solver: factory.name, unique: true, onFound: () => {}, shouldStop: () => performance.now() >= deadline, timeoutSeconds: box }));
      const childCpu = childCpuSeconds() - children;
      const { count, complete, mode, cubes } = run.value;
      if (complete && count !== puzzle.classes) throw new Error(`${factory.name} on ${puzzle.name}: ${count} classes, expected ${puzzle.classes}`);
      const probe = factory.create();
      const depth = mode === 'native' ? nativeCubeDepth(classes) : externalCubeDepth(classes, offersCubeBatch(probe));
      probe.dispose();
      const total = run.cpu + childCpu;
      say(`| ${puzzle.name} | ${factory.name} | ${mode} | ${depth} | ${cubes} | ${count}${complete ? '' : ' (boxed)'} | ${fmt(run.cpu, 2)} | ${fmt(childCpu, 2)} | ${fmt(total, 2)} | ${fmt(total / dlx.cpu, 1)} |`);
    }
  }
  say();
}

function installedProgram(name: string): SolverFactory | undefined {
  const factory = EXTERNAL_SOLVERS.find((f) => f.name === name);
  return factory?.available().ok ? factory : undefined;
}

await main();
