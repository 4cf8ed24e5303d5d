import type { Argv } from 'yargs';
import {
  COUNT_METHODS,
  COUNT_STRATEGIES,
  COUNT_UNIQUE_BY,
  type CountMethod,
  type CountPlan,
  type CountReport,
  DEFAULT_MAX_BYTES,
  type Instance,
  isCnfPath,
  RecordedCountConflict,
  ResumeConflict,
  mebibytes,
  planInstance,
  resolvePlan,
  runPlan,
  runStop,
} from '../index.js';
import { openCountFile } from './count-file.js';
import {
  type Args,
  counted,
  formulaOptions,
  formulaSize,
  guarded,
  outputOption,
  planRequest,
  puzzleOptions,
  resumeNeedsOutput,
  resumeOptions,
  runSeconds,
  stoppableRun,
  summaryOption,
} from './common.js';
import { wasInterrupted } from './interrupt.js';
import { sizeInBytes } from './options.js';
import { startProgress } from './progress.js';
import { nothingToResume, resumeRefusal, stoppedBeforeOutput } from './run-file.js';

/**
 * `puzzlesat count`: the number of solutions (or classes) without visiting
 * them, by the exact-cover counter or the CNF counter (src/count/).
 */
export const command = 'count <kind>';
export const describe = 'count the solutions (or with --unique the classes) without enumerating them; or the models of a .cnf file';

const countingOptions = (y: Argv) =>
  puzzleOptions(formulaOptions(y))
    .positional('kind', {
      type: 'string',
      describe: 'puzzle name, or a .cnf file (its models, projected on its c project / c p show / c ind variables)',
    })
    .option('unique', { type: 'boolean', describe: 'count the symmetry classes (soma, polycube: the group is --symmetry)' })
    .option('unique-by', {
      type: 'string',
      choices: COUNT_UNIQUE_BY,
      describe:
        "how classes are counted: burnside (default; Burnside's lemma pinned at the symmetry-breaking family's representatives, and pinned again below them where the board is wide), burnside-group (over the whole group), clauses (models of the symmetry-breaking family, by the cnf method)",
    })
    .option('method', {
      type: 'string',
      choices: COUNT_METHODS,
      describe: 'exact-cover (default where the puzzle is exact cover: the counter with a cache) or cnf (the projected model counter on the formula)',
    })
    .option('strategy', {
      type: 'string',
      choices: COUNT_STRATEGIES,
      describe:
        'exact cover: sweep (first empty cell along the longest axis), mrv (fewest options first), or auto (by parts where no piece placement joins two parts of the board, else the sweep where the front is short and nothing may stay uncovered (as the crossing points of sticks and trigs may), MRV elsewhere)',
    })
    .option('max-memory', {
      type: 'string',
      describe: `memory for the counter and its cache, in MiB or with a unit: 512M, 2G (default ${mebibytes(DEFAULT_MAX_BYTES)}M)`,
    })
    .option('workers', {
      type: 'number',
      describe:
        'exact cover: threads counting side by side, each term dealt into one share a thread, each thread with its part of --max-memory (default 1)',
    })
    .option('timeout', { type: 'number', describe: 'stop after this many seconds for the whole run, with the count so far marked incomplete' });

export const builder = (y: Argv) =>
  outputOption(
    summaryOption(resumeOptions(countingOptions(y), 'continue the count saved in --output (a finished one is reported as it is)'))
      .group(['unique', 'unique-by', 'method', 'strategy', 'max-memory', 'workers', 'timeout', 'resume'], 'Counting:')
      .example('$0 count pentomino --preset 8x8-square --unique', 'the 16146 classes of the 8x8 board with the 2x2 square')
      .example('$0 count examples/my.cnf --json', 'the models of a DIMACS file, projected on its c project variables'),
    'save each finished part of the count to FILE.jsonl, so that --resume continues it',
  );

export const handler = (args: Args) =>
  guarded(args, async () => {
    const puzzle = String(args.kind);
    resumeNeedsOutput(args);
    const plan = (await resolvePlan(puzzle, {
      verb: 'count',
      ...planRequest(args),
      method: args.method === undefined ? undefined : String(args.method),
      strategy: args.strategy === undefined ? undefined : String(args.strategy),
      maxBytes: args['max-memory'] === undefined ? undefined : sizeInBytes(args['max-memory'], '--max-memory'),
    })) as CountPlan;
    const instance = planInstance(plan);
    // Every option is checked by now: only from here is the output file touched.
    const out = args.output
      ? await openCountFile(
          String(args.output),
          instance,
          { counter: plan.method, unique: plan.unique, uniqueBy: plan.uniqueBy },
          { resume: args.resume === true, force: args.force === true },
          runStop(plan, { shouldStop: wasInterrupted }),
        )
      : undefined;
    // Stopped (--timeout, Ctrl-C) while the problem was hashed: the count below stops at once, incomplete, and the file is as it was.
    if (args.output && !out) process.stderr.write(stoppedBeforeOutput(String(args.output)));
    else if (out?.nothingResumed !== undefined) process.stderr.write(nothingToResume(out, 'count'));
    // Said once the count has found the file's records its own (onResumeChecked): a refusal then came after it.
    const resuming = () =>
      process.stderr.write(
        out?.done !== undefined
          ? `puzzlesat: resuming: the count in ${out.path} is finished\n`
          : `puzzlesat: resuming: ${counted(out!.resumedUnits, 'finished part')} from ${out!.path}\n`,
      );
    let report: CountReport;
    /** Units finished in this run (written to --output when given): none, and a resume under the same --timeout gets no further. */
    let newUnits = 0;
    try {
      report = await stoppableRun(
        () => startProgress(args, { unit: plan.unique ? 'of the classes counted' : 'of the count', who: plan.method, total: 1, share: true }),
        () => out?.close(),
        async (progress, stopped) => {
          const result = await runPlan(plan, {
            shouldStop: stopped,
            onCountProgress: (fraction) => progress.update(fraction),
            ...(out
              ? {
                  countResume: {
                    finished: out.finished,
                    strategies: out.strategies,
                    recheck: out.recheck(),
                    total: out.done,
                    onResumeChecked: resuming,
                  },
                }
              : {}),
            onCountUnit: (u) => {
              newUnits++;
              out?.writeUnit(u);
            },
          }).catch((e: unknown) => {
            // Refused once the count went on: what it added stands on the refused records, and the file goes back to what was read.
            if (e instanceof RecordedCountConflict) out?.discardAdded();
            throw e;
          });
          out?.finish(result.complete ? result.count : undefined);
          return result;
        },
      );
    } catch (e) {
      if (e instanceof ResumeConflict && out) {
        const [term] = e.term !== undefined ? [e.term] : ([...out.finished].find(([, units]) => units.has(e.unit)) ?? ['?']);
        if (e.missing)
          throw resumeRefusal(
            `${out.closedAt}: the count is closed as finished, but unit "${e.unit}" of term ${term} is not in the file; cannot resume`,
          );
        throw resumeRefusal(`${out.where(term, e.unit)}: ${e.message}; the file is of another count (or of another version of the counter)`);
      }
      if (e instanceof RecordedCountConflict && out && e.recorded === undefined)
        throw resumeRefusal(`${out.path}: the units in the file make ${e.made}; cannot resume`);
      if (e instanceof RecordedCountConflict && out)
        throw resumeRefusal(
          `${out.closedAt}: the count is closed as finished with ${e.recorded}, but the units in the file make ${e.made}; cannot resume`,
        );
      throw e;
    }
    const summary = summaryOf(report, instance, puzzle, plan.unique, runSeconds(), out?.path);
    process.stdout.write(args.json ? `${jsonLine(summary)}\n` : `${summaryText(summary, report)}\n`);
    const note =
      args.timeout === undefined || wasInterrupted() ? undefined : timedOutUnitless(report, Number(args.timeout), newUnits, out !== undefined);
    if (note) process.stderr.write(note);
    if (report.memory) {
      process.stderr.write(`puzzlesat: --max-memory: ${report.memory.message}; the count above is incomplete (give more with --max-memory)\n`);
      return 1;
    }
    return { code: 0, complete: report.complete };
  });

/**
 * What a count stopped by --timeout says when it finished no unit: a resume
 * keeps finished units only, and does the set-up again (the formula, the
 * terms, their problems, the counter's arrays), so under the same --timeout
 * it stops where this run did, again and again. Without an output file
 * (`resumable` false) there is nothing to resume, and the note says only
 * what a longer --timeout is for. Undefined when the count is complete,
 * stopped at the memory bound, or finished a unit.
 */
export function timedOutUnitless(
  report: Pick<CountReport, 'complete' | 'memory' | 'searched'>,
  timeout: number,
  newUnits: number,
  resumable: boolean,
): string | undefined {
  if (report.complete || report.memory || newUnits > 0) return undefined;
  const where = report.searched ? 'before the count finished any unit' : "in the count's set-up, which alone takes longer,";
  const advice = resumable ? 'resuming with the same --timeout will not get further (give it a longer one)' : 'give it a longer one';
  return `puzzlesat: --timeout ${timeout} ran out ${where} and no unit was counted: ${advice}\n`;
}

interface CountSummary {
  status: 'SAT' | 'UNSAT' | 'UNKNOWN';
  puzzle: string;
  params: Record<string, unknown>;
  count: bigint;
  complete: boolean;
  unique: boolean;
  method: string;
  counter: CountMethod;
  vars: number;
  clauses: number;
  solver: string;
  seconds: number;
  nodes: number;
  cache: CountReport['cache'] & { hitRate: number };
  terms?: { key: string; fixed: bigint; complete: boolean; strategy?: string; nodes: number }[];
  /** An incomplete count: the share of the search tree behind it, its branches weighed alike (the progress bar's measure), when known (shareKnown). */
  done?: number;
  /** An incomplete count: why it stopped, as the library's count says (the memory bound, or a timeout or Ctrl-C). */
  stopped?: 'memory' | 'stopped';
  out?: string;
}

function summaryOf(report: CountReport, instance: Instance, puzzle: string, unique: boolean, secs: number, out: string | undefined): CountSummary {
  const cnf = report.counted.cnf;
  const { lookups, hits } = report.cache;
  return {
    status: report.count > 0n ? 'SAT' : report.complete ? 'UNSAT' : 'UNKNOWN',
    puzzle,
    params: instance.params,
    count: report.count,
    complete: report.complete,
    unique,
    method: report.method,
    counter: report.counter,
    vars: cnf.varCount,
    clauses: cnf.clauseCount,
    solver: `${report.counter} counter`,
    seconds: secs,
    nodes: report.nodes,
    cache: { ...report.cache, hitRate: lookups ? Math.round((1e4 * hits) / lookups) / 1e4 : 0 },
    ...(report.terms
      ? { terms: report.terms.map((t) => ({ key: t.key, fixed: t.fixed, complete: t.complete, strategy: t.strategy, nodes: t.nodes })) }
      : {}),
    ...(report.complete
      ? {}
      : { ...(shareKnown(report) ? { done: Math.round(1e4 * report.done) / 1e4 } : {}), stopped: report.memory ? 'memory' : 'stopped' }),
    ...(out ? { out } : {}),
  };
}

/**
 * Whether an incomplete count knows the share of the search tree behind it.
 * A count stopped before it cut its terms into units still counts the units
 * a resumed file holds, but weighs none of them (a unit's share is its place
 * among the others): its count is above 0, each unit a share above 0, and its
 * share done is the 0 of no report.
 */
const shareKnown = (report: Pick<CountReport, 'count' | 'done'>): boolean => report.count === 0n || report.done > 0;

/**
 * The summary as JSON, count first, every bigint (the count, the terms'
 * fixed counts) written as an exact integer however large: JSON numbers
 * have no size limit, JavaScript's do, and JSON.stringify refuses bigints.
 * Each is written as a string holding a token that nothing else in the
 * summary holds (a puzzle's name is the user's), then the token's quotes
 * are taken off.
 */
function jsonLine(summary: CountSummary): string {
  const { count, ...rest } = summary;
  const ordered = { count, ...rest };
  const without = JSON.stringify(ordered, (_, v: unknown) => (typeof v === 'bigint' ? '' : v));
  let token = 'bigint:';
  while (without.includes(token)) token += '~';
  const text = JSON.stringify(ordered, (_, v: unknown) => (typeof v === 'bigint' ? `${token}${v}` : v));
  return text.replace(new RegExp(`"${token}(-?\\d+)"`, 'g'), '$1');
}

const grouped = (n: number | bigint): string => n.toLocaleString('en-US');

function summaryText(s: CountSummary, report: CountReport): string {
  // A DIMACS file is one by its name or as an existing path (isCnfPath, the rule that read it): its solutions are models.
  const noun = s.unique ? 'class' : isCnfPath(s.puzzle) ? 'model' : 'solution';
  const what = counted(grouped(s.count), noun, noun === 'class' ? 'classes' : undefined);
  // Stopped (--timeout, Ctrl-C) before any unit was searched or read back from a file (one left unread): "at least 0" would pass for a count.
  if (s.stopped === 'stopped' && !report.searched && s.count === 0n)
    return `stopped before counting any ${noun} (the count is unknown) in ${s.seconds.toFixed(2)} s by ${s.method} [${formulaSize(s)}]`;
  return (
    `${s.complete ? what : `at least ${what} (incomplete, ${shareText(s.done)})`} in ${s.seconds.toFixed(2)} s by ${s.method} [${formulaSize(s)}]; ` +
    `${grouped(s.nodes)} nodes, ${memoText(s, report)}`
  );
}

/** An incomplete count's share of the search tree, in words: how much is behind it, or that it is not known. */
const shareText = (done: number | undefined): string =>
  done === undefined
    ? 'the share of the search tree behind it not known'
    : `${(100 * done).toFixed(1)}% of the search tree behind it, branches weighed alike`;

/** What the counter kept: a count by parts keeps tables of the parts' fillings by piece set, looked up by no one; the others a memo. */
function memoText(s: CountSummary, report: CountReport): string {
  const cache = report.cache;
  const size = `${grouped(cache.entries)} entries (${mebibytes(cache.bytes)} MiB)`;
  if (report.terms?.length && report.terms.every((t) => t.strategy === 'components')) return `tables by piece set ${size}`;
  const saved = cache.savedNodes === undefined ? '' : `, ${grouped(cache.savedNodes)} nodes saved`;
  return `cache ${size}, ${(100 * s.cache.hitRate).toFixed(1)}% hits${saved}`;
}
