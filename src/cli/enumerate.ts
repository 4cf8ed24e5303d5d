import type { Argv } from 'yargs';
import {
  BRANCHING_RULES,
  ENUM_MODES,
  type EnumeratePlan,
  type EnumerationResult,
  type Instance,
  PROPAGATIONS,
  isCnfPath,
  type RunHooks,
  colorWanted,
  cubeTreeUnitSizes,
  resolvePlan,
  runPlan,
  runStop,
  planInstance,
  searchedInstance,
} from '../index.js';
import {
  type Args,
  commonOptions,
  counted,
  formulaSize,
  guarded,
  outputOption,
  planRequest,
  puzzleOptions,
  resumeNeedsOutput,
  resumeOptions,
  runSeconds,
  stoppableRun,
} from './common.js';
import { progressWanted, startProgress } from './progress.js';
import { wasInterrupted } from './interrupt.js';
import { nothingToResume, openRunFile, stoppedBeforeOutput } from './run-file.js';

export const command = 'enumerate <kind>';
export const describe = 'find all solutions (or all symmetry classes with --unique), streaming them';

const enumerateOptions = (y: Argv) =>
  resumeOptions(
    puzzleOptions(commonOptions(y))
      .positional('kind', { type: 'string', describe: 'the kind of puzzle (puzzlesat list puzzles), or a .cnf file' })
      .option('unique', {
        type: 'boolean',
        describe: 'one solution per symmetry class, and count the classes (soma, polycube: the group is --symmetry)',
      })
      .option('unique-by', {
        type: 'string',
        describe:
          'how --unique keeps one solution per class: clauses (default; the symmetry-breaking family in the formula) or orbits (cube-tree orbits and orbit blocking, the reference)',
      })
      .option('limit', { type: 'number', describe: 'stop after N solutions' }),
    'continue the enumeration saved in --output',
  )
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

export const handler = (args: Args) =>
  guarded(args, async () => {
    const puzzle = String(args.kind);
    resumeNeedsOutput(args);
    const plan = (await resolvePlan(puzzle, { verb: 'enumerate', ...planRequest(args), resuming: args.resume === true })) as EnumeratePlan;
    // With the family when classes are counted by its clauses, so that the report counts them.
    const instance = searchedInstance(plan);
    const unique = plan.unique;
    // A DIMACS file's solutions are models, as count calls them (isCnfPath, the rule that read it).
    const item = isCnfPath(puzzle) ? 'model' : 'solution';
    const noun = unique ? 'classes' : `${item}s`;
    // Every option is checked by now: only from here is the output file touched.
    const out = args.out
      ? await openRunFile(
          String(args.out),
          // The puzzle's formula and how classes are kept: dancing links builds no family, and either engine resumes the other's file.
          planInstance(plan),
          unique && plan.symmetryBreaking,
          { resume: args.resume === true, force: args.force === true },
          runStop(plan, { shouldStop: wasInterrupted }),
        )
      : undefined;
    const known = out?.known ?? [];
    // Stopped (--timeout, Ctrl-C) while the formula was hashed: the run below stops at once, incomplete, and the file is as it was.
    if (args.out && !out) process.stderr.write(stoppedBeforeOutput(String(args.out)));
    else if (out?.nothingResumed !== undefined) process.stderr.write(nothingToResume(out, 'enumeration'));
    else if (out && args.resume)
      process.stderr.write(
        `puzzlesat: resuming: ${counted(known.length, item)} from ${out.path} (${counted(out.finishedCubes.size, 'cube')} finished)\n`,
      );
    const show = args.show === undefined ? 1 : Number(args.show);
    const color = colorWanted(process.stdout);
    const result = await stoppableRun(
      () => enumerationProgress(args, plan, noun, known.length),
      () => out?.close(),
      async (progress, stopped) => {
        const run = await runPlan(plan, {
          known,
          finishedCubes: out?.finishedCubes,
          onCubeDone: out && ((key) => out.writeCube(key)),
          shouldStop: stopped,
          ...progress.hooks,
          onSolution: (f) => {
            out?.writeSolution({ orbit: f.orbitSize, vars: f.trueVars, solution: instance.toJson(f.solution) });
            if (!args.json && f.index - known.length <= show)
              progress.above(() => process.stdout.write(`${instance.render(f.solution, { color })}\n\n`));
            progress.found(f.index);
          },
        });
        out?.finish();
        return run;
      },
    );
    const report = enumerationReport(plan, instance, result, runSeconds(), out?.path);
    process.stdout.write((args.json ? JSON.stringify(report) : summaryLine(report, item) + certifiedLine(result)) + '\n');
    return { code: 0, complete: report.complete };
  });

/**
 * A spinner counting solutions, until the run says it walks a cube tree
 * (then a bar over its subtrees) or runs on a queue (a bar over jobs).
 */
function enumerationProgress(args: Args, plan: EnumeratePlan, noun: string, resumed: number) {
  const found: Record<string, number> = { [noun]: resumed };
  const progress = startProgress(args, { unit: noun, who: args.solver === undefined ? undefined : String(args.solver) });
  // Resumed solutions show from the start, while the workers catch up on them.
  progress.update(resumed, found);
  let byCubes = false;
  const hooks: RunHooks = {
    onCubeTree: (_depth, engine) => {
      byCubes = true;
      // A walk no deeper than the dealing depth counts the units and weighs each by Knuth's estimate
      // of the search below it (0.1-1.6 CPU s on the pentomino boards, while the workers start): only for a bar.
      if (!progressWanted(args)) return;
      const weights = cubeTreeUnitSizes(plan);
      progress.restart({ unit: 'subtrees', who: engine, total: weights.length, weights });
      progress.update(0, { cubes: 0, ...found });
    },
    onProgress: (p) => progress.update(p.units, { cubes: p.cubes, ...found }),
    onQueueProgress: (p) => {
      if (!byCubes) progress.restart({ unit: 'jobs', who: 'queue', total: p.total });
      byCubes = true;
      progress.update(p.done, { ...found, ...(p.resumed ? { resumed: p.resumed } : {}) });
    },
  };
  return {
    hooks,
    above: progress.above,
    stop: progress.stop,
    found(index: number) {
      found[noun] = index;
      if (!byCubes) progress.update(index, found);
    },
  };
}

/** The summary, in the --json contract's fields. */
function enumerationReport(plan: EnumeratePlan, instance: Instance, r: EnumerationResult, time: number, out: string | undefined) {
  return {
    status: r.count > 0 ? 'SAT' : r.complete ? 'UNSAT' : 'UNKNOWN',
    puzzle: plan.puzzle,
    params: instance.params,
    count: r.count,
    raw: r.raw,
    complete: r.complete,
    unique: plan.unique,
    vars: instance.cnf.varCount,
    clauses: instance.cnf.clauseCount,
    families: instance.cnf.familyCounts(),
    solver: r.solver,
    mode: r.mode,
    cubes: r.cubes,
    ...(r.certified ? { certified: true, proofs: r.certified.proofs, prover: r.certified.prover } : {}),
    seconds: time,
    ...(out ? { out } : {}),
  };
}

const certifiedLine = (r: EnumerationResult): string =>
  r.certified ? `; ${r.certified.proofs} UNSAT answers VERIFIED by DRAT proofs from ${r.certified.prover}` : '';

export function summaryLine(
  r: {
    count: number;
    raw: number;
    complete: boolean;
    unique: boolean;
    seconds: number;
    solver: string;
    vars: number;
    clauses: number;
  },
  item: 'model' | 'solution',
): string {
  const what = r.unique ? `${counted(r.count, 'class', 'classes')} (${counted(r.raw, item)})` : counted(r.count, item);
  return `${what}${r.complete ? '' : ' so far (incomplete)'} in ${r.seconds.toFixed(2)} s with ${r.solver} [${formulaSize(r)}]`;
}
