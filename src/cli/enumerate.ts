import type { Argv } from 'yargs';
import {
  BRANCHING_RULES,
  type CubeExhausted,
  type CubeProgress,
  ENUM_MODES,
  type Found,
  PROPAGATIONS,
  parseBranching,
  parseEnumMode,
  parsePropagation,
} from '../enumerate/blocking-loop.js';
import { CubeTree } from '../enumerate/cube-tree.js';
import type { QueueProgress } from '../distributed/coordinator.js';
import { defaultWorkers } from '../enumerate/pool.js';
import { enumerateSolutions } from '../enumerate/strategy.js';
import { colorWanted } from '../render/grid.js';
import { buildInstance, withNativeEnumerationAmo } from '../../encoders/index.js';
import { type SymmetryBreaking, classSearchInstance, parseSymmetryBreaking } from '../symmetry/breaking.js';
import { type Args, commonOptions, guarded, interruptFlag, outputOption, positiveInt, puzzleOptions, seconds } from './common.js';
import { deadlineAfter } from './options.js';
import { progressWanted, startProgress } from './progress.js';
import { RunFile, runHeader } from './run-file.js';
import { UsageError, UserError } from '../core/errors.js';
import type { Instance } from '../core/puzzle.js';
import { certifyUnsat, pickProver } from '../proof/certify.js';
import { SOLVERS, defaultSolverName, loadWasmSolvers } from '../../solvers/index.js';

export const command = 'enumerate <puzzle>';
export const describe = 'find all solutions (or all symmetry classes with --unique), streaming them';

const enumerateOptions = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('puzzle', { type: 'string', describe: 'puzzle name' })
    .option('unique', {
      type: 'boolean',
      describe: 'one solution per symmetry class, and count the classes (soma, polycube: the group is --symmetry)',
    })
    .option('unique-by', {
      type: 'string',
      describe:
        'how --unique keeps one solution per class: clauses (default; the symmetry-breaking family in the formula) or orbits (cube-tree orbits and orbit blocking, the reference)',
    })
    .option('limit', { type: 'number', describe: 'stop after N solutions' })
    .option('resume', { type: 'boolean', describe: 'continue the enumeration saved in --output' })
    .option('force', { type: 'boolean', describe: 'overwrite an existing --output file instead of refusing' })
    .option('show', { type: 'number', describe: 'draw the first N solutions on stdout (default 1)' })
    .option('native', {
      type: 'boolean',
      describe: 'let solvers that enumerate by themselves (clasp, picosat) do so (default; --no-native uses the blocking-clause loop)',
    })
    .option('workers', { type: 'number', describe: 'worker threads for SAT enumeration (default: all cores)' })
    .option('cube-depth', { type: 'number', describe: 'literals each cube fixes before the SAT solver takes over' })
    .option('enum-mode', {
      type: 'string',
      choices: ENUM_MODES,
      describe: 'how the SAT solver enumerates a cube (default chrono where the solver can)',
    })
    .option('branching', { type: 'string', choices: BRANCHING_RULES, describe: 'SAT decisions (default cover where the puzzle and solver allow)' })
    .option('propagation', {
      type: 'string',
      choices: PROPAGATIONS,
      describe:
        'exactly-one groups (cells, pieces): native in the engine (default where it can: minisat-wasm, chrono, no auxiliary variables in their clauses) or by clauses',
    })
    .option('certify', {
      type: 'boolean',
      describe: 'check the UNSAT that closes each cube with a DRAT proof (our checker), or fail; runs the blocking-clause loop in this thread',
    })
    .option('queue', {
      type: 'string',
      describe: 'run as jobs on a Redis queue for `puzzlesat worker`s: redis://[user:password@]host:port[/db] (docs/distributed.md)',
    })
    .option('jobs', { type: 'number', describe: 'with --queue: jobs to split the cube tree into (default from its size)' })
    .group(
      ['unique', 'limit', 'resume', 'show', 'native', 'workers', 'cube-depth', 'enum-mode', 'branching', 'propagation', 'certify', 'queue', 'jobs'],
      'Enumeration:',
    )
    .example('$0 enumerate pentomino --preset 8x8-square --unique', 'the 16146 classes of the 8x8 board with the 2x2 square')
    .example('$0 enumerate soma --unique --symmetry isometries --solver dlx -o soma.jsonl', 'the 240 Soma classes, one JSON line each');

export const builder = (y: Argv) => outputOption(enumerateOptions(y), 'write solutions to FILE.jsonl, one per line, as found');

/**
 * Whether this run's engine will propagate the exactly-one groups natively
 * (blocking-loop.ts resolvePropagation decides for sure; this is what the
 * encoding default follows): not asked off, chrono enumeration, an engine
 * that can.
 */
async function groupsPropagatedNatively(args: Args): Promise<boolean> {
  if (args.propagation === 'clauses' || args['enum-mode'] === 'blocking' || args.certify || args.solver === 'dlx') return false;
  await loadWasmSolvers();
  const name = args.solver === undefined ? defaultSolverName('enumerate') : String(args.solver);
  return SOLVERS.find((f) => f.name === name)?.propagatesExactlyOne === true;
}

export const handler = (given: Args) =>
  guarded(async () => {
    const puzzle = String(given.puzzle);
    const args: Args = (await groupsPropagatedNatively(given)) ? (withNativeEnumerationAmo(puzzle, given) as Args) : given;
    const unique = args.unique === true;
    const symmetryBreaking = symmetryBreakingOption(args, unique);
    // With the family when classes are counted by it, so the report counts its clauses.
    const built = buildInstance(puzzle, args);
    const instance = unique ? classSearchInstance(built, symmetryBreaking) : built;
    const limit = positiveInt(args.limit, '--limit');
    const show = args.show === undefined ? 1 : Number(args.show);
    if (args.resume && !args.out) throw new UsageError('--resume needs --output FILE.jsonl to resume from');
    const workers = args.workers === undefined ? defaultWorkers() : positiveInt(args.workers, '--workers')!;
    // The prover may be a WebAssembly engine, which must be loaded before it creates solvers.
    if (args.certify) await loadWasmSolvers();
    const certifier = args.certify ? cubeCertifier(instance, args.solver) : undefined;
    // Every option is checked by now (options.ts, above): only from here is the output file touched, and lazily.
    const out = args.out
      ? new RunFile(String(args.out), instance, runHeader(instance, unique), { resume: args.resume === true, force: args.force === true })
      : undefined;
    const known = out?.known ?? [];
    if (out && args.resume)
      process.stderr.write(`puzzlesat: resuming: ${known.length} solutions from ${out.path} (${out.finishedCubes.size} cubes finished)\n`);
    const json = args.json === true;
    const color = colorWanted(process.stdout);
    const stop = interruptFlag();
    const solverName = args.solver === undefined ? undefined : String(args.solver);
    const found: Record<string, number> = { [unique ? 'classes' : 'solutions']: known.length };
    // A spinner counting solutions, until the blocking-clause loop says it walks a cube tree: then a bar over its units.
    const progress = startProgress(args, { unit: unique ? 'classes' : 'solutions', who: solverName });
    // Resumed solutions show from the start, while the workers catch up on them.
    progress.update(known.length, found);
    let byCubes = false;
    const onCubeTree = (cubeDepth: number, solver: string) => {
      byCubes = true;
      // A walk no deeper than the dealing depth counts the units and weighs each by Knuth's estimate
      // of the search below it (0.1-1.6 CPU s on the pentomino boards, while the workers start): only for a bar.
      if (!progressWanted(args)) return;
      const weights = new CubeTree(instance, unique && symmetryBreaking === 'orbits').unitSizes(cubeDepth);
      progress.restart({ unit: 'subtrees', who: solver, total: weights.length, weights });
      progress.update(0, { cubes: 0, ...found });
    };
    const onProgress = (p: CubeProgress) => progress.update(p.units, { cubes: p.cubes, ...found });
    // On a queue the work is counted in jobs.
    const onQueueProgress = (p: QueueProgress) => {
      if (!byCubes) progress.restart({ unit: 'jobs', who: 'queue', total: p.total });
      byCubes = true;
      progress.update(p.done, { ...found, ...(p.resumed ? { resumed: p.resumed } : {}) });
    };
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
        progress.above(() => process.stdout.write(`${instance.render(solution, { color })}\n\n`));
      }
      found[unique ? 'classes' : 'solutions'] = index;
      if (!byCubes) progress.update(index, found);
    };
    // --timeout is one limit for the whole run: a deadline every strategy polls.
    const deadline = deadlineAfter(args.timeout as number | undefined);
    let summary;
    try {
      summary = await enumerateSolutions({
        instance,
        solver: solverName,
        unique,
        symmetryBreaking,
        limit,
        known,
        native: args.native !== false,
        workers,
        rebuild: { puzzle, args: plainArgs(withDrawnSeed(args, instance)) },
        cubeDepth: args['cube-depth'] === undefined ? undefined : Number(args['cube-depth']),
        timeoutSeconds: args.timeout as number | undefined,
        enumMode: parseEnumMode(args['enum-mode']),
        branching: parseBranching(args.branching),
        propagation: parsePropagation(args.propagation),
        onFound,
        shouldStop: () => stop.stopped() || Date.now() >= deadline,
        finishedCubes: out?.finishedCubes,
        onCubeDone: out ? (key) => out.writeCube(key) : undefined,
        onCubeTree,
        onProgress,
        onCubeExhausted: certifier?.check,
        queue:
          args.queue === undefined ? undefined : { url: String(args.queue), jobs: positiveInt(args.jobs, '--jobs'), onProgress: onQueueProgress },
      });
      out?.finish();
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
      solver: summary.solver,
      mode: summary.mode,
      cubes: summary.cubes,
      ...(certifier ? { certified: true, proofs: certifier.verified(), prover: certifier.prover } : {}),
      seconds: seconds(start),
      ...(out ? { out: out.path } : {}),
    };
    if (json) process.stdout.write(JSON.stringify(report) + '\n');
    else
      process.stdout.write(
        summaryLine(report) + (certifier ? `; ${certifier.verified()} UNSAT answers VERIFIED by DRAT proofs from ${certifier.prover}` : '') + '\n',
      );
    return 0;
  });

/**
 * Worker threads rebuild the instance from the options: a seed this thread
 * drew (--random without --seed) must go with them, or each worker would
 * roll its own board and send back solutions of another puzzle.
 */
function withDrawnSeed(args: Args, instance: Instance): Args {
  const seed = instance.params.seed;
  return seed === undefined || args.seed !== undefined ? args : { ...args, seed };
}

/** Checks each cube's closing UNSAT: re-solved with a proof-writing solver, the proof checked by ours. */
function cubeCertifier(instance: Instance, solver: unknown) {
  if (solver === 'dlx') throw new UserError('--certify: dlx gives no UNSAT answers to certify; choose a SAT solver with --solver');
  const prover = pickProver('--certify');
  let verified = 0;
  return {
    prover: prover.name,
    verified: () => verified,
    check: async (claim: CubeExhausted) => {
      const clauses = (function* () {
        yield* instance.cnf.clauses();
        yield* claim.blocking;
      })();
      await certifyUnsat({ varCount: instance.cnf.varCount, clauses, assumptions: claim.assumptions, answeredBy: claim.solver }, prover, '--certify');
      verified++;
    },
  };
}

/**
 * --unique-by, validated; it only means something with --unique. (Not named
 * --symmetry-breaking: dobble's boolean option of that name is taken.)
 */
function symmetryBreakingOption(args: Args, unique: boolean): SymmetryBreaking {
  const given = args['unique-by'];
  if (given !== undefined && !unique) throw new UserError('--unique-by applies to --unique (it says how classes are counted)');
  return parseSymmetryBreaking(given, '--unique-by');
}

/** The options as plain data for a worker thread (yargs adds a few extras). */
function plainArgs(args: Args): Record<string, unknown> {
  return JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
}

export function summaryLine(r: {
  count: number;
  raw: number;
  complete: boolean;
  unique: boolean;
  seconds: number;
  solver: string;
  vars: number;
  clauses: number;
}): string {
  const what = r.unique ? `${r.count} classes (${r.raw} solutions)` : `${r.count} solutions`;
  return `${what}${r.complete ? '' : ' so far (incomplete)'} in ${r.seconds.toFixed(2)} s with ${r.solver} [${r.vars} vars, ${r.clauses} clauses]`;
}
