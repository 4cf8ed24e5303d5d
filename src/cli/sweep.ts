import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Argv } from 'yargs';
import { lockOutput, nothingToResume } from './run-file.js';
import {
  type SweepPlan,
  type SweepRun,
  type SweepSummary,
  UsageError,
  UserError,
  renderHistogramSvg,
  svgToPng,
  resolvePlan,
  runPlan,
  summarizeSweep,
  writeReplacing,
  systemReason,
} from '../index.js';
import { type Args, counted, guarded, outputOption, positiveInt, resumeOptions, runSeconds, stoppableRun } from './common.js';
import { startProgress } from './progress.js';

/** `puzzlesat sweep genius-square`: parse, run the sweep (src/enumerate/sweep.ts), print. */

function summaryText(run: SweepRun, s: SweepSummary): string {
  const how = run.via ?? (run.workers > 0 ? counted(run.workers, 'worker thread') : 'this thread');
  const lines = [
    `${s.visited} of ${counted(run.planned, 'roll')} visited${run.complete ? '' : ' (stopped early)'} in ${run.seconds.toFixed(1)} s with ${how} ` +
      `(${counted(run.solved, 'board')} solved, one per symmetry class${run.resumed ? `; ${counted(run.resumed, 'roll')} resumed from the file` : ''})`,
    `solvable: ${s.solvable} of ${s.visited}${s.unsolvable.length ? `; unsolvable: ${s.unsolvable.join(' ')}${s.visited - s.solvable > s.unsolvable.length ? ' ...' : ''}` : ''}`,
  ];
  if (s.solutions) {
    const { min, mean, median, max, total, rollsWithMin, rollsWithMax } = s.solutions;
    lines.push(
      `solutions per roll: min ${min} (${counted(rollsWithMin, 'roll')}), mean ${mean.toFixed(1)}, median ${median}, max ${max} (${counted(rollsWithMax, 'roll')}); ${total} in all`,
    );
    lines.push(`hardest: ${s.hardest.map((h) => `${h.roll} (${h.solutions})`).join(', ')}`);
    lines.push(`easiest: ${s.easiest.map((h) => `${h.roll} (${h.solutions})`).join(', ')}`);
  }
  return lines.join('\n');
}

// ---- the command -------------------------------------------------------------------

export const command = 'sweep <kind>';
export const describe = 'solve every roll of genius-square (or a sample): solvable or not, and with --count how many solutions';

const sweepOptions = (y: Argv) =>
  resumeOptions(
    y
      .positional('kind', { type: 'string', describe: 'the kind of puzzle: genius-square' })
      .option('count', { type: 'boolean', describe: 'count the solutions of every roll (default: only whether it is solvable)' })
      .option('workers', { type: 'number', describe: `worker threads (default: all cores, here ${availableParallelism()})` }),
    'keep the rolls already in --output and visit the others',
  )
    .option('histogram', { type: 'string', describe: 'draw the solutions per roll as a histogram: FILE.svg, or FILE.png (needs --count)' })
    .option('sample', { type: 'number', describe: 'visit N random rolls instead of all' })
    .option('seed', { type: 'number', describe: 'seed for --sample (default 1)' })
    .option('timeout', {
      type: 'number',
      describe: 'stop after this many seconds for the whole run, as Ctrl-C would (the rolls visited are kept; --resume goes on)',
    })
    .option('json', { type: 'boolean', describe: 'machine-readable summary on stdout' })
    .option('queue', {
      type: 'string',
      describe: 'solve the rolls as jobs on a Redis queue for `puzzlesat worker`s: redis://[user:password@]host:port[/db]',
    })
    .example('$0 sweep genius-square', 'whether each of the 62208 rolls can be solved (all can)')
    .example('$0 sweep genius-square --count --sample 500 --histogram h.svg -o rolls.tsv', 'solutions of 500 random rolls, drawn and saved');

export const builder = (y: Argv) =>
  outputOption(sweepOptions(y), "stream the results to FILE.tsv (roll, solvable, solutions, and each row's checksum, which --resume checks)");

export const handler = (args: Args) =>
  guarded(args, async () => {
    const count = args.count === true;
    const sample = positiveInt(args.sample, '--sample');
    if (args.histogram !== undefined && !count) throw new UsageError('--histogram needs --count (it draws the solutions per roll)');
    if (args.histogram !== undefined && !/\.(svg|png)$/i.test(String(args.histogram)))
      throw new UsageError(`--histogram: "${String(args.histogram)}" names neither an .svg nor a .png file`);
    const plan = (await resolvePlan(String(args.kind), {
      verb: 'sweep',
      count,
      sample,
      seed: args.seed === undefined ? undefined : Number(args.seed),
      workers: positiveInt(args.workers, '--workers'),
      queue: args.queue === undefined ? undefined : String(args.queue),
      out: args.out === undefined ? undefined : String(args.out),
      resume: args.resume === true,
      timeout: args.timeout as number | undefined,
    })) as SweepPlan;
    const seed = plan.sample?.seed;
    const lock = args.out === undefined ? undefined : lockOutput(String(args.out), { resume: args.resume === true, force: args.force === true });
    // Looked at once the file is locked, as count's and enumerate's are (ChainedFile.open): the sweep starts from the beginning.
    if (args.out !== undefined && args.resume === true && !existsSync(String(args.out)))
      process.stderr.write(nothingToResume({ path: String(args.out), nothingResumed: 'no such file' }, 'sweep'));
    let run = await stoppableRun(
      () => startProgress(args, { unit: 'rolls', who: 'genius-square' }),
      () => lock?.release(),
      (progress, stopped) =>
        runPlan(plan, {
          shouldStop: stopped,
          onSweepProgress: (p) => {
            progress.setTotal(p.total);
            progress.update(p.done, p.resumed ? { resumed: p.resumed } : undefined);
          },
        }),
    );
    // From the run's start, as every verb's summary (runSeconds): run.seconds is the sweep's own, without start-up and the plan.
    run = { ...run, seconds: runSeconds() };
    const summary = summarizeSweep(run.results);
    const histogram = args.histogram === undefined ? undefined : String(args.histogram);
    if (histogram !== undefined) {
      const values = [...run.results.values()].map((r) => r.solutions ?? 0);
      const svg = renderHistogramSvg(values, {
        title: `The Genius Square: solutions per roll (${values.length} rolls)`,
        xLabel: 'solutions of a roll',
        yLabel: 'rolls',
      });
      // A .png file gets PNG: SVG text under that name opened as a broken image.
      const bytes = /\.png$/i.test(histogram) ? await svgToPng(svg) : svg;
      try {
        writeReplacing(histogram, [bytes]);
      } catch (e) {
        throw new UserError(`--histogram: cannot write "${histogram}": ${systemReason(e)}`);
      }
    }
    if (args.json) {
      const { results: _, ...counters } = run;
      // No formula (the roll solver places pieces itself): vars and clauses are null.
      const shared = {
        status: run.complete ? 'DONE' : 'STOPPED',
        puzzle: 'genius-square',
        params: { count, ...(sample ? { sample, seed } : {}) },
        count: run.results.size,
        vars: null,
        clauses: null,
        solver: run.solver,
      };
      const report = {
        ...shared,
        counted: count,
        ...counters,
        ...summary,
        ...(args.out ? { out: String(args.out) } : {}),
        ...(histogram ? { histogram } : {}),
        ...(sample ? { sample, seed } : {}),
      };
      process.stdout.write(JSON.stringify(report) + '\n');
    } else {
      process.stdout.write(summaryText(run, summary) + '\n');
      if (!run.complete && args.out) process.stdout.write(`continue with: --output ${String(args.out)} --resume\n`);
    }
    return { code: 0, complete: run.complete };
  });
