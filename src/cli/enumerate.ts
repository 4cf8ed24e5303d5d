import type { Argv } from 'yargs';
import type { CubeExhausted, Found } from '../enumerate/blocking-loop.js';
import { defaultWorkers } from '../enumerate/pool.js';
import { enumerateSolutions } from '../enumerate/strategy.js';
import { colorWanted } from '../render/grid.js';
import { buildInstance } from '../../encoders/index.js';
import { type Args, JsonlOut, commonOptions, guarded, interruptFlag, positiveInt, progressLine, puzzleOptions, readKnown, seconds } from './common.js';
import { UserError } from '../core/errors.js';
import type { Instance } from '../core/puzzle.js';
import { certifyUnsat, pickProver } from '../proof/certify.js';

export const command = 'enumerate <puzzle>';
export const describe = 'find all solutions (or all symmetry classes with --unique), streaming them';

export const builder = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('puzzle', { type: 'string', describe: 'puzzle name' })
    .option('unique', { type: 'string', describe: 'count symmetry classes (one solution per class); soma: --unique rotations|isometries' })
    .option('limit', { type: 'number', describe: 'stop after N solutions' })
    .option('out', { type: 'string', describe: 'write solutions to FILE.jsonl, one per line, as found' })
    .option('resume', { type: 'boolean', describe: 'continue the enumeration saved in --out' })
    .option('show', { type: 'number', describe: 'draw the first N solutions on stdout (default 1)' })
    .option('native', { type: 'boolean', describe: 'let solvers that enumerate by themselves (clasp, picosat) do so (default; --no-native uses the blocking-clause loop)' })
    .option('workers', { type: 'number', describe: 'worker threads for SAT enumeration (default: all cores)' })
    .option('cube-depth', { type: 'number', describe: 'literals each cube fixes before the SAT solver takes over' })
    .option('certify', { type: 'boolean', describe: 'check the UNSAT that closes each cube with a DRAT proof (our checker), or fail; runs the blocking-clause loop in this thread' })
    .option('queue', { type: 'string', describe: 'run as jobs on a Redis queue for `puzzlesat worker`s: redis://[user:password@]host:port[/db] (docs/distributed.md)' })
    .option('jobs', { type: 'number', describe: 'with --queue: jobs to split the cube tree into (default from its size)' });

export const handler = (args: Args) =>
  guarded(async () => {
    const puzzle = String(args.puzzle);
    const buildArgs = withSymmetry(args);
    const instance = buildInstance(puzzle, buildArgs);
    const unique = args.unique !== undefined;
    const limit = positiveInt(args.limit, '--limit');
    const show = args.show === undefined ? 1 : Number(args.show);
    if (args.resume && !args.out) throw new UserError('--resume needs --out FILE.jsonl to resume from');
    const known = args.resume ? readKnown(String(args.out), instance) : [];
    const out = args.out ? new JsonlOut(String(args.out), Boolean(args.resume)) : undefined;
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
      out?.write({ index, orbit: f.orbitSize, vars: f.trueVars, solution: instance.toJson(solution) });
      if (!json && shown < show) {
        shown++;
        process.stdout.write(`${instance.render(solution, { color })}\n\n`);
      }
      const rate = index / Math.max(seconds(start), 1e-3);
      progress.update(`${index} ${unique ? 'classes' : 'solutions'} | ${rate.toFixed(1)}/s | ${seconds(start).toFixed(1)} s`);
    };
    const workers = args.workers === undefined ? defaultWorkers() : positiveInt(args.workers, '--workers')!;
    const certifier = args.certify ? cubeCertifier(instance, args.solver) : undefined;
    let summary;
    try {
      summary = await enumerateSolutions({
        instance,
        solver: args.solver === undefined ? undefined : String(args.solver),
        unique,
        limit,
        known,
        native: args.native !== false,
        workers,
        rebuild: { puzzle, args: plainArgs(buildArgs) },
        cubeDepth: args['cube-depth'] === undefined ? undefined : Number(args['cube-depth']),
        timeoutSeconds: args.timeout as number | undefined,
        onFound,
        shouldStop: stop.stopped,
        onCubeExhausted: certifier?.check,
        queue: args.queue === undefined ? undefined : { url: String(args.queue), jobs: positiveInt(args.jobs, '--jobs'), onProgress: progress.update },
      });
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
      solver: summary.solver,
      mode: summary.mode,
      cubes: summary.cubes,
      ...(certifier ? { certified: true, proofs: certifier.verified(), prover: certifier.prover } : {}),
      seconds: seconds(start),
      ...(out ? { out: out.path } : {}),
    };
    if (json) process.stdout.write(JSON.stringify(report) + '\n');
    else process.stdout.write(summaryLine(report) + (certifier ? `; ${certifier.verified()} UNSAT answers VERIFIED by DRAT proofs from ${certifier.prover}` : '') + '\n');
    return 0;
  });

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
