import type { Argv } from 'yargs';
import { defaultCubeDepth, enumerate, type Found } from '../enumerate/blocking-loop.js';
import { enumerateExactCover } from '../enumerate/dlx.js';
import { defaultWorkers, enumerateParallel, parallelAvailable } from '../enumerate/parallel.js';
import { CubeTree, orbit } from '../enumerate/cube-tree.js';
import { colorWanted } from '../render/grid.js';
import { pickSolver } from '../../solvers/index.js';
import { enumerateNative, enumeratesNatively } from '../../solvers/external.js';
import type { SolverFactory } from '../../solvers/types.js';
import type { Instance } from '../core/puzzle.js';
import { type Args, JsonlOut, commonOptions, outputOption, guarded, interruptFlag, loadInstance, positiveInt, puzzleOptions, readKnown, seconds } from './common.js';
import { progressWanted, startProgress } from './progress.js';
import { UserError } from '../core/errors.js';

export const command = 'enumerate <puzzle>';
export const describe = 'find all solutions (or all symmetry classes with --unique), streaming them';

const enumerateOptions = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('puzzle', { type: 'string', describe: 'puzzle name' })
    .option('unique', { type: 'boolean', describe: 'one solution per symmetry class, and count the classes (soma, polycube: the group is --symmetry)' })
    .option('limit', { type: 'number', describe: 'stop after N solutions' })
    .option('resume', { type: 'boolean', describe: 'continue the enumeration saved in --output' })
    .option('show', { type: 'number', describe: 'draw the first N solutions on stdout (default 1)' })
    .option('native', { type: 'boolean', describe: 'let solvers that enumerate by themselves (clasp, picosat) do so (default; --no-native uses the blocking-clause loop)' })
    .option('workers', { type: 'number', describe: 'worker threads for SAT enumeration (default: all cores)' })
    .option('cube-depth', { type: 'number', describe: 'literals each cube fixes before the SAT solver takes over' })
    .group(['unique', 'limit', 'resume', 'show', 'native', 'workers', 'cube-depth'], 'Enumeration:')
    .example('$0 enumerate pentomino --preset 8x8-square --unique', 'the 16146 classes of the 8x8 board with the 2x2 square')
    .example('$0 enumerate soma --unique --symmetry isometries --solver dlx -o soma.jsonl', 'the 240 Soma classes, one JSON line each');

export const builder = (y: Argv) => outputOption(enumerateOptions(y), 'write solutions to FILE.jsonl, one per line, as found');

export interface EnumerationReport {
  count: number;
  raw: number;
  complete: boolean;
  seconds: number;
}

export const handler = (args: Args) =>
  guarded(async () => {
    const puzzle = String(args.puzzle);
    const instance = loadInstance(puzzle, args);
    const unique = args.unique === true;
    const factory = args.solver === 'dlx' ? undefined : await pickSolver(args.solver);
    const solverName = factory?.name ?? 'dlx';
    const limit = positiveInt(args.limit, '--limit');
    const show = args.show === undefined ? 1 : Number(args.show);
    if (args.resume && !args.out) throw new UserError('--resume needs --output FILE.jsonl to resume from');
    const known = args.resume ? readKnown(String(args.out), instance) : [];
    const out = args.out ? new JsonlOut(String(args.out), Boolean(args.resume)) : undefined;
    const json = args.json === true;
    const color = colorWanted(process.stdout);
    const stop = interruptFlag();
    const start = performance.now();
    let shown = 0;
    let index = known.length;
    const onFound = (f: Found) => {
      const solution = instance.decode(f.trueVars);
      const problem = instance.check(solution);
      if (problem) throw new Error(`solution ${index + 1} fails the independent check: ${problem}`);
      index++;
      out?.write({ index, orbit: f.orbitSize, vars: f.trueVars, solution: instance.toJson(solution) });
      if (!json && shown < show) {
        shown++;
        progress.above(() => process.stdout.write(`${instance.render(solution, { color })}\n\n`));
      }
      found[unique ? 'classes' : 'solutions'] = index;
      // Modes that report no cubes count solutions under a spinner.
      if (!byCubes) progress.update(index, found);
    };
    const shouldStop = stop.stopped;
    const workers = args.workers === undefined ? defaultWorkers() : positiveInt(args.workers, '--workers')!;
    // An external solver pays a process start per solve: one big cube beats many small ones.
    const cubeDepth = args['cube-depth'] !== undefined ? Number(args['cube-depth']) : factory?.kind === 'external' ? 0 : undefined;
    const timeoutSeconds = args.timeout as number | undefined;
    let summary;
    let mode = solverName === 'dlx' ? 'exact-cover' : 'blocking-loop';
    const native = solverName !== 'dlx' && args.native !== false && known.length === 0 && offersNative(factory!, instance);
    // The SAT loops walk the cube tree and report each cube done: a bar over an estimate of their number.
    const byCubes = solverName !== 'dlx' && !native;
    const found: Record<string, number> = { [unique ? 'classes' : 'solutions']: known.length };
    const progress = startProgress(args, byCubes ? { unit: 'subtrees', who: solverName } : { unit: unique ? 'classes' : 'solutions', who: solverName });
    // The bar counts the cube tree's subtrees (units): a walk no deeper than the dealing depth counts them
    // exactly (0.1-1.6 s on the pentomino boards), so only when the bar is shown, and while workers start up.
    const countSubtrees = () => {
      if (byCubes && progressWanted(args)) progress.setTotal(new CubeTree(instance, unique).countUnits(cubeDepth ?? defaultCubeDepth(instance)));
    };
    const onProgress = (p: { cubes: number; unit?: number; units?: number }) => progress.update(p.units ?? p.unit ?? 0, { cubes: p.cubes, ...found });
    try {
      if (solverName === 'dlx') summary = await enumerateExactCover(instance, { unique, limit, known, onFound, shouldStop });
      else if (native) {
        summary = await enumerateNative(instance, solverName, { unique, limit, onFound, shouldStop, timeoutSeconds });
        mode = summary.mode;
      } else if (workers > 1 && parallelAvailable()) {
        const job = { puzzle, args: plainArgs(args), solver: solverName, unique, known, cubeDepth, timeoutSeconds };
        const knownRaw = known.reduce((n, k) => n + (unique ? orbit(instance.symmetries, k).length : 1), 0);
        const running = enumerateParallel(job, workers, { limit, knownRaw, onFound, shouldStop, onProgress });
        countSubtrees();
        summary = await running;
      } else {
        countSubtrees();
        summary = await enumerate(instance, { createSolver: () => factory!.create(), unique, limit, known, onFound, onProgress, shouldStop, cubeDepth, timeoutSeconds });
      }
    } finally {
      progress.stop();
      out?.close();
      stop.release();
    }
    const report = {
      status: summary.count > 0 ? 'SAT' : summary.complete ? 'UNSAT' : 'UNKNOWN',
      puzzle,
      params: instance.params,
      count: summary.count,
      raw: summary.raw,
      complete: summary.complete,
      unique,
      vars: instance.cnf.varCount,
      clauses: instance.cnf.clauseCount,
      families: instance.cnf.familyCounts(),
      solver: solverName,
      mode,
      cubes: summary.cubes,
      seconds: seconds(start),
      ...(out ? { out: out.path } : {}),
    };
    if (json) process.stdout.write(JSON.stringify(report) + '\n');
    else process.stdout.write(summaryLine(report) + '\n');
    return 0;
  });

/** Whether the solver would enumerate this instance by itself (it checks on a throwaway solver). */
function offersNative(factory: SolverFactory, instance: Instance): boolean {
  const probe = factory.create();
  try {
    return enumeratesNatively(probe, instance);
  } finally {
    probe.dispose();
  }
}

/** The options as plain data for a worker thread (yargs adds a few extras). */
function plainArgs(args: Args): Record<string, unknown> {
  return JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
}

export function summaryLine(r: { count: number; raw: number; complete: boolean; unique: boolean; seconds: number; solver: string; vars: number; clauses: number }): string {
  const what = r.unique ? `${r.count} classes (${r.raw} solutions)` : `${r.count} solutions`;
  return `${what}${r.complete ? '' : ' so far (incomplete)'} in ${r.seconds.toFixed(2)} s with ${r.solver} [${r.vars} vars, ${r.clauses} clauses]`;
}
