import type { Argv } from 'yargs';
import { enumerate, type Found } from '../enumerate/blocking-loop.js';
import { enumerateExactCover } from '../enumerate/dlx.js';
import { defaultWorkers, enumerateParallel, parallelAvailable } from '../enumerate/parallel.js';
import { orbit } from '../enumerate/cube-tree.js';
import { colorWanted } from '../render/grid.js';
import { pickSolver } from '../../solvers/index.js';
import { enumerateNative, enumeratesNatively } from '../../solvers/external.js';
import type { SolverFactory } from '../../solvers/types.js';
import type { Instance } from '../core/puzzle.js';
import { type Args, commonOptions, guarded, interruptFlag, loadInstance, positiveInt, progressLine, puzzleOptions, seconds } from './common.js';
import { RunFile, runHeader } from './run-file.js';
import { deadlineAfter } from './options.js';
import { UserError } from '../core/errors.js';

export const command = 'enumerate <puzzle>';
export const describe = 'find all solutions (or all symmetry classes with --unique), streaming them';

export const builder = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('puzzle', { type: 'string', describe: 'puzzle name' })
    .option('unique', { type: 'string', describe: 'count symmetry classes (one solution per class); soma: --unique rotations|isometries' })
    .option('limit', { type: 'number', describe: 'stop after N solutions' })
    .option('out', { type: 'string', describe: 'write solutions to FILE.jsonl, one per line, as found' })
    .option('resume', { type: 'boolean', describe: 'continue the enumeration saved in --out' })
    .option('force', { type: 'boolean', describe: 'overwrite an existing --out file instead of refusing' })
    .option('show', { type: 'number', describe: 'draw the first N solutions on stdout (default 1)' })
    .option('native', { type: 'boolean', describe: 'let solvers that enumerate by themselves (clasp, picosat) do so (default; --no-native uses the blocking-clause loop)' })
    .option('workers', { type: 'number', describe: 'worker threads for SAT enumeration (default: all cores)' })
    .option('cube-depth', { type: 'number', describe: 'literals each cube fixes before the SAT solver takes over' });

export interface EnumerationReport {
  count: number;
  raw: number;
  complete: boolean;
  seconds: number;
}

export const handler = (args: Args) =>
  guarded(async () => {
    const puzzle = String(args.puzzle);
    const instance = loadInstance(puzzle, withSymmetry(args));
    const unique = args.unique !== undefined;
    const factory = args.solver === 'dlx' ? undefined : await pickSolver(args.solver);
    const solverName = factory?.name ?? 'dlx';
    const limit = positiveInt(args.limit, '--limit');
    const show = args.show === undefined ? 1 : Number(args.show);
    if (args.resume && !args.out) throw new UserError('--resume needs --out FILE.jsonl to resume from');
    const workers = args.workers === undefined ? defaultWorkers() : positiveInt(args.workers, '--workers')!;
    // An external solver pays a process start per solve: one big cube beats many small ones.
    const cubeDepth = args['cube-depth'] !== undefined ? Number(args['cube-depth']) : factory?.kind === 'external' ? 0 : undefined;
    // Every option is checked above: only now is the output file (lazily) touched.
    const out = args.out ? new RunFile(String(args.out), instance, runHeader(instance, unique), { resume: args.resume === true, force: args.force === true }) : undefined;
    const known = out?.known ?? [];
    if (out && args.resume) process.stderr.write(`puzzlesat: resuming: ${known.length} solutions from ${out.path} (${out.finishedCubes.size} cubes finished)\n`);
    const json = args.json === true;
    const color = colorWanted(process.stdout);
    const stop = interruptFlag();
    const progress = progressLine();
    const start = performance.now();
    let shown = 0;
    let index = known.length;
    const onFound = (f: Found) => {
      const solution = instance.decode(f.trueVars);
      const problem = instance.check(solution);
      if (problem) throw new Error(`solution ${index + 1} fails the independent check: ${problem}`);
      index++;
      out?.writeSolution({ orbit: f.orbitSize, vars: f.trueVars, solution: instance.toJson(solution) });
      if (!json && shown < show) {
        shown++;
        process.stdout.write(`${instance.render(solution, { color })}\n\n`);
      }
      const rate = index / Math.max(seconds(start), 1e-3);
      progress.update(`${index} ${unique ? 'classes' : 'solutions'} | ${rate.toFixed(1)}/s | ${seconds(start).toFixed(1)} s`);
    };
    // --timeout is one limit for the whole run: a deadline every strategy polls.
    const deadline = deadlineAfter(args.timeout as number | undefined);
    const shouldStop = () => stop.stopped() || Date.now() >= deadline;
    const timeoutSeconds = args.timeout === undefined ? undefined : Math.max(0, (deadline - Date.now()) / 1000);
    const finishedCubes = out?.finishedCubes;
    const onCubeDone = out ? (key: string) => out.writeCube(key) : undefined;
    let summary;
    let mode = solverName === 'dlx' ? 'exact-cover' : 'blocking-loop';
    try {
      if (solverName === 'dlx') summary = await enumerateExactCover(instance, { unique, limit, known, onFound, shouldStop, finishedCubes, onCubeDone });
      else if (args.native !== false && known.length === 0 && offersNative(factory!, instance)) {
        summary = await enumerateNative(instance, solverName, { unique, limit, onFound, shouldStop, timeoutSeconds });
        mode = summary.mode;
      } else if (workers > 1 && parallelAvailable()) {
        const job = { puzzle, args: plainArgs(withSymmetry(args)), solver: solverName, unique, known, cubeDepth, timeoutSeconds, finishedCubes: [...(finishedCubes ?? [])] };
        const knownRaw = known.reduce((n, k) => n + (unique ? orbit(instance.symmetries, k).length : 1), 0);
        summary = await enumerateParallel(job, workers, { limit, knownRaw, onFound, shouldStop, onCubeDone });
      } else {
        summary = await enumerate(instance, { createSolver: () => factory!.create(), unique, limit, known, onFound, shouldStop, cubeDepth, timeoutSeconds, finishedCubes, onCubeDone });
      }
      out?.finish();
    } finally {
      progress.done();
      out?.close();
      stop.release();
    }
    const report = {
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

/**
 * `--unique rotations|isometries` names the symmetry group of puzzles that
 * offer a choice (their `--symmetry` option); bare `--unique` takes the default.
 */
function withSymmetry(args: Args): Args {
  const group = args.unique;
  if (group === undefined || group === '' || group === true) return args;
  if (args.symmetry !== undefined && args.symmetry !== group) throw new UserError(`--unique ${String(group)} contradicts --symmetry ${String(args.symmetry)}`);
  return { ...args, symmetry: String(group) };
}

export function summaryLine(r: { count: number; raw: number; complete: boolean; unique: boolean; seconds: number; solver: string; vars: number; clauses: number }): string {
  const what = r.unique ? `${r.count} classes (${r.raw} solutions)` : `${r.count} solutions`;
  return `${what}${r.complete ? '' : ' so far (incomplete)'} in ${r.seconds.toFixed(2)} s with ${r.solver} [${r.vars} vars, ${r.clauses} clauses]`;
}
