import type { Argv } from 'yargs';
import { buildInstance, isCnfPath } from '../../encoders/index.js';
import { UserError } from '../core/errors.js';
import type { Instance } from '../core/puzzle.js';
import {
  COUNT_METHODS,
  type CountMethod,
  type CountReport,
  UNIQUE_BY,
  type UniqueBy,
  countPuzzle,
  methodFor,
  requestProblem,
} from '../count/count.js';
import { DEFAULT_MAX_BYTES, ResumeConflict, mebibytes } from '../count/engine.js';
import { STRATEGIES, type StrategyChoice } from '../count/exact-cover.js';
import { CountFile, countHeader } from './count-file.js';
import { type Args, encodingOptions, guarded, interruptFlag, outputOption, puzzleOptions, seconds } from './common.js';
import { deadlineAfter, sizeInBytes } from './options.js';
import { startProgress } from './progress.js';

/**
 * `puzzlesat count`: the number of solutions (or classes) without visiting
 * them, by the exact-cover counter or the CNF counter (src/count/).
 */
export const command = 'count <puzzle>';
export const describe = 'count the solutions (or with --unique the classes) without enumerating them; or the models of a .cnf file';

export const builder = (y: Argv) =>
  outputOption(
    puzzleOptions(encodingOptions(y))
      .positional('puzzle', {
        type: 'string',
        describe: 'puzzle name, or a .cnf file (its models, projected on its c project / c p show / c ind variables)',
      })
      .option('unique', { type: 'boolean', describe: 'count the symmetry classes (soma, polycube: the group is --symmetry)' })
      .option('unique-by', {
        type: 'string',
        choices: UNIQUE_BY,
        describe:
          "how classes are counted: burnside (default; Burnside's lemma pinned at the symmetry-breaking family's representatives), burnside-group (over the whole group), clauses (models of the symmetry-breaking family, by the cnf method)",
      })
      .option('method', {
        type: 'string',
        choices: COUNT_METHODS,
        describe:
          'exact-cover (default where the puzzle is exact cover: the counter with a cache) or cnf (the projected model counter on the formula)',
      })
      .option('strategy', {
        type: 'string',
        choices: STRATEGIES,
        describe:
          'exact cover: sweep (first empty cell along the longest axis), mrv (fewest options first), or auto (sweep where the front is short)',
      })
      .option('max-memory', {
        type: 'string',
        describe: `memory for the counter and its cache, in MiB or with a unit: 512M, 2G (default ${mebibytes(DEFAULT_MAX_BYTES)}M)`,
      })
      .option('timeout', { type: 'number', describe: 'stop after this many seconds with the count so far, marked incomplete' })
      .option('resume', { type: 'boolean', describe: 'continue the count saved in --output' })
      .option('force', { type: 'boolean', describe: 'overwrite an existing --output file instead of refusing' })
      .option('json', { type: 'boolean', describe: 'machine-readable summary on stdout (docs/summary.schema.json)' })
      .group(['unique', 'unique-by', 'method', 'strategy', 'max-memory', 'timeout', 'resume'], 'Counting:')
      .example('$0 count pentomino --preset 8x8-square --unique', 'the 16146 classes of the 8x8 board with the 2x2 square')
      .example('$0 count examples/my.cnf --json', 'the models of a DIMACS file, projected on its c project variables'),
    'save each finished part of the count to FILE.jsonl, so that --resume continues it',
  );

export const handler = (args: Args) =>
  guarded(async () => {
    const puzzle = String(args.puzzle);
    const unique = args.unique === true;
    const uniqueBy = args['unique-by'] as UniqueBy | undefined;
    if (uniqueBy !== undefined && !unique) throw new UserError('--unique-by applies to --unique (it says how classes are counted)');
    if (args.resume && !args.output) throw new UserError('--resume needs --output FILE.jsonl to resume from');
    if (unique && isCnfPath(puzzle)) throw new UserError('--unique: a .cnf file has no symmetries to count classes under');
    const maxBytes = args['max-memory'] === undefined ? undefined : sizeInBytes(args['max-memory'], '--max-memory');
    const start = performance.now();
    const instance = buildInstance(puzzle, args);
    const request = {
      unique,
      uniqueBy,
      method: args.method as CountMethod | undefined,
      strategy: args.strategy as StrategyChoice | undefined,
      maxBytes,
    };
    const problem = requestProblem(instance, request);
    if (problem) throw new UserError(`--method: ${problem}`);
    const counter = methodFor(instance, request);
    // Every option is checked by now: only from here is the output file touched.
    const out = args.output
      ? new CountFile(String(args.output), countHeader(instance, counter, unique, uniqueBy), {
          resume: args.resume === true,
          force: args.force === true,
        })
      : undefined;
    if (out?.resumedUnits) process.stderr.write(`puzzlesat: resuming: ${out.resumedUnits} finished parts from ${out.path}\n`);
    const stop = interruptFlag();
    const deadline = deadlineAfter(args.timeout as number | undefined);
    const progress = startProgress(args, { unit: unique ? 'of the classes counted' : 'of the count', who: counter, total: 1, share: true });
    let report: CountReport;
    try {
      report = await countPuzzle(instance, {
        ...request,
        shouldStop: () => stop.stopped() || Date.now() >= deadline,
        onTick: (fraction) => progress.update(fraction),
        finished: out?.finished,
        strategies: out?.strategies,
        recheck: out?.recheck(),
        onUnit: (u) => out?.writeUnit(u),
      });
      out?.finish(report.complete ? report.count : undefined);
    } catch (e) {
      if (e instanceof ResumeConflict && out) {
        const [term] = [...out.finished].find(([, units]) => units.has(e.unit)) ?? ['?'];
        throw new UserError(`--resume: ${out.where(term, e.unit)}: ${e.message}; the file does not belong to this count`);
      }
      throw e;
    } finally {
      progress.stop();
      out?.close();
      stop.release();
    }
    const summary = summaryOf(report, instance, puzzle, unique, seconds(start), out?.path);
    process.stdout.write(args.json ? `${jsonLine(summary)}\n` : `${summaryText(summary, report)}\n`);
    if (report.memory) {
      process.stderr.write(`puzzlesat: --max-memory: ${report.memory.message}; the count above is incomplete (give more with --max-memory)\n`);
      return 1;
    }
    return 0;
  });

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
  terms?: { key: string; fixed: number; complete: boolean; strategy: string; nodes: number }[];
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
    ...(out ? { out } : {}),
  };
}

/** The summary as JSON, the count written as an exact integer however large (JSON numbers have no size limit; JavaScript's do). */
function jsonLine(summary: CountSummary): string {
  const { count, ...rest } = summary;
  return `{"count":${count.toString()},${JSON.stringify(rest).slice(1)}`;
}

const grouped = (n: number | bigint): string => n.toLocaleString('en-US');

function summaryText(s: CountSummary, report: CountReport): string {
  const what = `${grouped(s.count)} ${s.unique ? 'classes' : s.counter === 'cnf' && s.puzzle.match(/\.(cnf|dimacs)/i) ? 'models' : 'solutions'}`;
  const cache = report.cache;
  const saved = cache.savedNodes === undefined ? '' : `, ${grouped(cache.savedNodes)} nodes saved`;
  return (
    `${s.complete ? what : `at least ${what} (incomplete)`} in ${s.seconds.toFixed(2)} s by ${s.method} [${s.vars} vars, ${s.clauses} clauses]; ` +
    `${grouped(s.nodes)} nodes, cache ${grouped(cache.entries)} entries (${mebibytes(cache.bytes)} MiB), ${(100 * s.cache.hitRate).toFixed(1)}% hits${saved}`
  );
}
