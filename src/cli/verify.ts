import type { Argv } from 'yargs';
import { fileURLToPath } from 'node:url';
import {
  CATALOGUE,
  type CataloguePuzzle,
  FAMILIES,
  SIGNAL_EXIT,
  UsageError,
  UserError,
  cataloguePuzzle,
  checkEngine,
  countCommand,
  runDeadlineAt,
  runLimited,
  secondsUntil,
} from '../index.js';
import { type Args, EXIT_INTERRUPTED, guarded, interruptFlag, runSeconds } from './common.js';
import { progressWanted } from './progress.js';

export const command = 'verify [names..]';
export const describe = 'count catalogue puzzles and compare with their documented counts (puzzlesat list puzzles names them)';

/** A puzzle's CPU allowance unless --max-seconds says otherwise: ten minutes, as the catalogue's report uses. */
const DEFAULT_CPU_SECONDS = 600;

/**
 * How each puzzle is counted: `count` (the exact-cover counter with its cache, which
 * reaches the catalogue's counts of millions in seconds) or `enumerate` (the SAT
 * solver visiting every solution, the independent second path).
 */
const METHODS = ['count', 'enumerate'] as const;
type Method = (typeof METHODS)[number];
const DEFAULT_METHOD: Method = 'count';

export const builder = (y: Argv) =>
  y
    .positional('names', { type: 'string', array: true, describe: 'catalogue puzzles (default: all, or all of --family)' })
    .option('family', { type: 'string', choices: FAMILIES as string[], describe: 'only the puzzles of this family' })
    .option('max-seconds', { type: 'number', describe: `CPU seconds each count may take (default ${DEFAULT_CPU_SECONDS})` })
    .option('timeout', {
      type: 'number',
      describe: 'stop after this many seconds for the whole run: the puzzle being counted did not finish, the rest are not started',
    })
    .option('method', {
      type: 'string',
      choices: METHODS as unknown as string[],
      describe: `count: the exact-cover counter, without visiting solutions; enumerate: a SAT solver visits every solution (default ${DEFAULT_METHOD})`,
    })
    .option('solver', { type: 'string', describe: 'solver for --method enumerate (puzzlesat solvers lists them)' })
    .option('json', { type: 'boolean', describe: 'machine-readable results: a JSON line per puzzle as it is counted, then the summary' })
    .example('$0 verify soma-cube pentominoes-6x10', 'two named puzzles')
    .example('$0 verify --family polycubes --max-seconds 60 --json', 'a family, a minute each, as JSON')
    .example('$0 verify --family polyhexes --method enumerate', 'counted again by SAT enumeration');

type Outcome = 'agrees' | 'disagrees' | 'did not finish' | 'unsupported';

interface Verified {
  name: string;
  family: string;
  counts: string;
  documented: number;
  /** The CPU seconds the count was allowed. */
  limit: number;
  method: Method;
  outcome: Outcome;
  count?: number;
  complete?: boolean;
  solver?: string;
  vars?: number;
  clauses?: number;
  seconds?: number;
  cpu?: number;
  reason?: string;
}

const MAIN = fileURLToPath(new URL('./main.js', import.meta.url));

function selection(args: Args): readonly CataloguePuzzle[] {
  // A puzzle named twice is verified once.
  const names = [...new Set((args.names as string[] | undefined) ?? [])];
  const family = args.family as string | undefined;
  const chosen = names.length ? names.map((n) => cataloguePuzzle(n, 'verify')) : CATALOGUE;
  if (!family) return chosen;
  // A named puzzle of another family would be dropped without a word, and nothing verified called a success.
  const other = names.length ? chosen.find((p) => p.family !== family) : undefined;
  if (other) throw new UsageError(`--family ${family}: ${other.name} is one of the ${other.family}; name puzzles of one family, or drop --family`);
  return chosen.filter((p) => p.family === family);
}

/**
 * The child's command line: `puzzlesat count` or `puzzlesat enumerate` (with --solver) on the puzzle's
 * arguments, and what is left of the run's --timeout as its own (the count stops then, incomplete).
 */
function childArgs(method: Method, args: readonly string[], solver: string | undefined): string[] {
  const left = secondsUntil(runDeadlineAt());
  // Written as the option's rule reads it (decimal, above 0): the child starts a moment after this is read.
  const timeout = left === undefined ? [] : ['--timeout', Math.max(0.001, left).toFixed(3)];
  if (method === 'count') return [MAIN, 'count', ...args, '--json', '--quiet', ...timeout];
  return [MAIN, 'enumerate', ...args, '--show', '0', '--json', '--quiet', ...timeout, ...(solver ? ['--solver', solver] : [])];
}

/** Whether the run's --timeout has passed: no puzzle is started after it. */
const outOfTime = (): boolean => Date.now() >= runDeadlineAt();

/** One puzzle counted by `puzzlesat count` or `enumerate` in a child under the CPU limit. */
async function verifyOne(p: CataloguePuzzle, cpuLimit: number, method: Method, solver: string | undefined, signal: AbortSignal): Promise<Verified> {
  const base = { name: p.name, family: p.family, counts: p.counts, documented: p.count, limit: cpuLimit, method };
  const cmd = countCommand(p);
  if ('unsupported' in cmd) return { ...base, outcome: 'unsupported', reason: cmd.unsupported };
  const { code, stdout, cpu } = await runLimited(process.execPath, childArgs(method, cmd.args, solver), cpuLimit, { signal });
  // Stopped by Ctrl-C, the child printed its summary with what it had counted, and exited 130: kept (it was dropped).
  const stopped = signal.aborted && code === EXIT_INTERRUPTED ? childSummary(stdout) : undefined;
  if (!stopped && (code > SIGNAL_EXIT || (signal.aborted && code !== 0))) return { ...base, outcome: 'did not finish', cpu };
  // runLimited gives -1 when the shell around the child was itself killed (by a signal from outside).
  if (!stopped && code !== 0)
    throw new UserError(`verify ${p.name}: puzzlesat ${method} ${code < 0 ? 'was killed by a signal' : `failed (exit ${code})`}`);
  const summary = stopped ?? (JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildSummary);
  const outcome: Outcome = !summary.complete ? 'did not finish' : summary.count === p.count ? 'agrees' : 'disagrees';
  const { count, complete, vars, clauses, seconds } = summary;
  return { ...base, outcome, count, complete, solver: summary.solver, vars, clauses, seconds, cpu };
}

/** What answered the puzzles counted: the solvers their children named, each once (the exact-cover counter when none was given); undefined before any answered. */
const answeredBy = (rows: readonly { solver?: string }[]): string | undefined =>
  [...new Set(rows.flatMap((r) => (r.solver ? [r.solver] : [])))].join(', ') || undefined;

/** What verify reads of a child's --json summary. */
interface ChildSummary {
  count: number;
  complete: boolean;
  solver: string;
  vars: number;
  clauses: number;
  seconds: number;
}

/** The summary a child printed last, when it printed one (a child stopped in its start-up may not have). */
function childSummary(stdout: string): ChildSummary | undefined {
  try {
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildSummary;
  } catch {
    return undefined;
  }
}

const TABLE_HEADER = 'puzzle\tfamily\tcounts\tours\tdocumented\tCPU s\tmethod\tsolver\tresult\n';

/** One row of the table, tab-separated. */
function tableRow(r: Verified): string {
  return (
    [
      r.name,
      r.family,
      r.counts,
      r.count ?? '',
      r.documented,
      // A run stopped by Ctrl-C has no CPU time from its shell.
      r.cpu !== undefined && Number.isFinite(r.cpu) ? r.cpu.toFixed(1) : '',
      r.method,
      r.solver ?? '',
      r.outcome + (r.reason ? `: ${r.reason}` : ''),
    ].join('\t') + '\n'
  );
}

export const handler = (args: Args) =>
  guarded(args, async () => {
    const cpuLimit = (args['max-seconds'] as number | undefined) ?? DEFAULT_CPU_SECONDS;
    const method = (args.method as Method | undefined) ?? DEFAULT_METHOD;
    const solver = args.solver as string | undefined;
    if (solver !== undefined && method !== 'enumerate')
      throw new UsageError(`--solver ${solver}: the exact-cover counter of --method ${method} uses no solver; add --method enumerate`);
    // Checked here, once: each puzzle's child would otherwise fail on it, reported as that puzzle's failure.
    if (solver !== undefined) await checkEngine(solver);
    const puzzles = selection(args);
    const rows: Verified[] = [];
    // Each puzzle's line goes out as it is counted (a long run shows its progress, and Ctrl-C keeps what was
    // verified: the puzzle being counted stops as at Ctrl-C, the rest are not started), the summary last.
    const stop = await interruptFlag();
    // The line of progress follows the rule of every bar: a terminal, and no --quiet.
    const drawing = progressWanted(args);
    if (!args.json) process.stdout.write(TABLE_HEADER);
    try {
      for (const p of puzzles) {
        if (stop.stopped() || outOfTime()) break;
        rows.push(await verifyOne(p, cpuLimit, method, solver, stop.signal));
        process.stdout.write(args.json ? JSON.stringify(rows.at(-1)) + '\n' : tableRow(rows.at(-1)!));
        if (drawing) process.stderr.write(`\r${rows.length}/${puzzles.length} ${p.name}: ${rows.at(-1)!.outcome}\x1b[K`);
      }
    } finally {
      stop.release();
    }
    if (drawing) process.stderr.write('\n');
    const tally = (o: Outcome) => rows.filter((r) => r.outcome === o).length;
    const unfinished = tally('did not finish') + puzzles.length - rows.length;
    if (args.json) {
      const summary = {
        agrees: tally('agrees'),
        disagrees: tally('disagrees'),
        unfinished,
        unsupported: tally('unsupported'),
      };
      // The shared summary fields (docs/summary.schema.json): count is the puzzles whose count agrees; each puzzle's formula is its own line's.
      const shared = {
        puzzle: 'catalogue',
        params: { ...(args.family ? { family: String(args.family) } : {}), method, puzzles: puzzles.length },
        count: summary.agrees,
        complete: summary.unfinished === 0,
        vars: null,
        clauses: null,
        solver: answeredBy(rows) ?? solver ?? null,
        seconds: runSeconds(),
      };
      process.stdout.write(JSON.stringify({ status: tally('disagrees') ? 'DISAGREE' : 'OK', ...summary, ...shared }) + '\n');
    } else if (rows.length < puzzles.length)
      process.stdout.write(`stopped by ${stop.stopped() ? 'Ctrl-C' : '--timeout'} after ${rows.length} of ${puzzles.length} puzzles\n`);
    return { code: tally('disagrees') ? 1 : 0, complete: unfinished === 0 };
  });
