import { createHash } from 'node:crypto';
import { existsSync, truncateSync } from 'node:fs';
import { parseJson } from '../core/json.js';
import { closeOutput, openOutput, writeOrExplain } from '../core/output.js';
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { ROLL_COUNT, RollSolver, SWEEP_COUNTER, parseBlockers, rollAt, rollIndex, symmetryClassKey } from '../../encoders/genius-square.js';
import { UsageError, UserError, systemReason } from '../core/errors.js';
import { fieldName, readingResumed } from '../core/field-names.js';
import { chained, followingSum, isSum, readWholeLines } from '../core/checksum.js';
import { seededRandom } from '../core/random.js';
import { type PoolControl, WORKER_SCRIPT, poolAvailable, runPool } from './pool.js';
import type { SweepAnswer, SweepBatch } from './worker-tasks.js';

/**
 * A sweep of genius-square (`puzzlesat sweep`): every roll (or a sample), solvable or not
 * and optionally its number of solutions, on worker threads, streamed to a
 * TSV that a stopped sweep resumes from.
 *
 * Rolls that are mirror or rotated images of one another have the same
 * solutions turned alike, so each symmetry class is solved once and its
 * answer recorded for every roll in it (28276 classes for the 62208 rolls).
 */

export interface SweepRow {
  solvable: boolean;
  /** Null when the sweep recorded solvability only. */
  solutions: number | null;
}

export interface SweepOptions {
  /** Count every roll's solutions; otherwise stop at the first one. */
  count: boolean;
  /** Roll indices to visit (default: all of them). */
  rolls?: readonly number[];
  /** The --sample that drew `rolls` (sampleRolls): recorded in the file, so that a resume of another one names what differs. */
  sample?: { rolls: number; seed: number };
  workers?: number;
  /** TSV to stream the results to. */
  out?: string;
  /** Keep the rows already in `out` and visit only the other rolls. */
  resume?: boolean;
  shouldStop?: () => boolean;
  onProgress?: (p: SweepProgress) => void;
  /** Solves the batches elsewhere (a job queue) instead of on worker threads: see src/distributed/runs.ts. */
  executor?: SweepExecutor;
  /** The compiled worker; when it is missing (running from TypeScript sources) the sweep runs in this thread. */
  workerScript?: URL;
}

export interface SweepExecutor {
  /** How the work ran, for the summary. */
  describe: string;
  /** Answers the batches (of representative rolls), calling onBatch as each comes back; resolves with the number answered. */
  run(
    count: boolean,
    batches: readonly (readonly number[])[],
    onBatch: (batch: number, answers: readonly number[]) => void,
    shouldStop: () => boolean,
  ): Promise<number>;
}

export interface SweepProgress {
  /** Planned rolls with a result, including resumed ones. */
  done: number;
  total: number;
  resumed: number;
}

export interface SweepRun {
  /** Result per visited roll index. */
  results: Map<number, SweepRow>;
  planned: number;
  resumed: number;
  /** Symmetry classes solved in this run. */
  solved: number;
  complete: boolean;
  /** Worker threads used; 0 when the sweep ran in this thread or elsewhere. */
  workers: number;
  /** What solved the rolls (RollSolver's counter). */
  solver: string;
  /** Where it ran when not here (SweepExecutor.describe). */
  via?: string;
  seconds: number;
}

/** Classes per message: small enough for a prompt Ctrl-C, large enough to keep messaging cheap. */
const BATCH = { counting: 8, solvability: 128 };

export async function runSweep(options: SweepOptions): Promise<SweepRun> {
  const start = performance.now();
  const planned = options.rolls ?? Array.from({ length: ROLL_COUNT }, (_, i) => i);
  const plannedSet = new Set(planned);
  const file =
    options.out === undefined ? undefined : SweepFile.open(options.out, options.resume === true, sweepParams(options, planned), plannedSet);
  try {
    const results = new Map<number, SweepRow>();
    // The file is this sweep's (SweepFile.open checked its parameters and that every row is one of the planned rolls), counted as asked.
    for (const [index, row] of file?.previous ?? []) results.set(index, row);
    const resumed = results.size;
    const shouldStop = options.shouldStop ?? (() => false);
    const report = () => options.onProgress?.({ done: results.size, total: planned.length, resumed });
    const record = (entries: { members: readonly number[]; answer: number }[]) => {
      const lines: string[] = [];
      for (const { members, answer } of entries) {
        const row: SweepRow = { solvable: answer > 0, solutions: options.count ? answer : null };
        for (const index of members) {
          results.set(index, row);
          lines.push(formatRow(index, row));
        }
      }
      file?.append(lines);
      report();
    };

    const { units, settled } = plan(planned, results);
    record(settled);
    const size = options.count ? BATCH.counting : BATCH.solvability;
    const batches = Array.from({ length: Math.ceil(units.length / size) }, (_, b) => units.slice(b * size, (b + 1) * size));
    let solved = 0;
    const onBatch = (batch: readonly WorkUnit[], answers: readonly number[]) => {
      solved += batch.length;
      record(batch.map((u, i) => ({ members: u.members, answer: answers[i]! })));
    };
    const script = options.workerScript ?? WORKER_SCRIPT;
    const executor = options.executor;
    const threads = !executor && poolAvailable(script) ? Math.min(Math.max(1, options.workers ?? availableParallelism()), batches.length) : 0;
    const answered = executor
      ? await executor.run(
          options.count,
          batches.map((b) => b.map((u) => u.representative)),
          (b, answers) => onBatch(batches[b]!, answers),
          shouldStop,
        )
      : threads > 0
        ? await runInWorkers(script, threads, options.count, batches, onBatch, shouldStop)
        : await runInThread(options.count, batches, onBatch, shouldStop);
    return {
      results,
      planned: planned.length,
      resumed,
      solved,
      complete: answered === batches.length,
      workers: threads,
      solver: SWEEP_COUNTER,
      via: executor?.describe,
      seconds: Math.round(performance.now() - start) / 1000,
    };
  } finally {
    file?.close();
  }
}

// ---- the plan: one solve per symmetry class ------------------------------------

interface WorkUnit {
  /** The roll that is solved. */
  representative: number;
  /** The planned rolls without a result in its class, which get its answer. */
  members: number[];
}

/**
 * Groups the planned rolls without a result by symmetry class. A class that
 * already has a result (a resumed file may hold part of one) passes it on to
 * its other members without solving.
 */
function plan(
  planned: readonly number[],
  results: ReadonlyMap<number, SweepRow>,
): { units: WorkUnit[]; settled: { members: number[]; answer: number }[] } {
  const known = new Map<number, SweepRow>();
  const pending = new Map<number, number[]>();
  for (const index of planned) {
    const key = symmetryClassKey(rollAt(index));
    const row = results.get(index);
    if (row) known.set(key, row);
    else if (pending.has(key)) pending.get(key)!.push(index);
    else pending.set(key, [index]);
  }
  const units: WorkUnit[] = [];
  const settled: { members: number[]; answer: number }[] = [];
  for (const [key, members] of pending) {
    const row = known.get(key);
    if (row) settled.push({ members, answer: row.solutions ?? Number(row.solvable) });
    else units.push({ representative: members[0]!, members });
  }
  return { units, settled };
}

/** Answers batches on worker threads until done or stopped; resolves with the number of batches answered. */
async function runInWorkers(
  script: URL,
  threads: number,
  count: boolean,
  batches: readonly WorkUnit[][],
  onBatch: (batch: readonly WorkUnit[], answers: readonly number[]) => void,
  shouldStop: () => boolean,
): Promise<number> {
  let next = 0;
  let answered = 0;
  let inFlight = 0;
  // A stop lets the batches in flight come back (and be recorded) before the workers end.
  const feed = (worker: Worker, pool: PoolControl) => {
    if (shouldStop() || next >= batches.length) {
      if (inFlight === 0) pool.stop();
      return;
    }
    const batch: SweepBatch = { id: next, rolls: batches[next]!.map((u) => u.representative) };
    next++;
    inFlight++;
    worker.postMessage(batch);
  };
  await runPool<SweepAnswer>({
    script,
    tasks: Array.from({ length: threads }, () => ({ task: 'sweep' as const, count })),
    onStart: feed,
    onMessage({ id, results }, worker, pool) {
      inFlight--;
      answered++;
      onBatch(batches[id]!, results);
      feed(worker, pool);
    },
  });
  return answered;
}

/** The same work in this thread, yielding between batches so Ctrl-C gets through. */
async function runInThread(
  count: boolean,
  batches: readonly WorkUnit[][],
  onBatch: (batch: readonly WorkUnit[], answers: readonly number[]) => void,
  shouldStop: () => boolean,
): Promise<number> {
  const solver = new RollSolver();
  let answered = 0;
  for (const batch of batches) {
    if (shouldStop()) break;
    onBatch(
      batch,
      batch.map((u) => solver.solveRoll(u.representative, count)),
    );
    answered++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return answered;
}

// ---- the TSV -------------------------------------------------------------------

/**
 * The file: the sweep's parameters, the TSV header, then a row per roll
 * whose last column is its checksum, chained over the rows above it from the
 * parameters line (src/core/checksum.ts, as enumerate's and count's files
 * do): a row edited, deleted, moved or added breaks the chain at its line,
 * and a resume refuses the file there.
 */
const HEADER = 'roll\tsolvable\tsolutions\tsum';
/** The header of the files of an older puzzlesat, whose rows carry no checksum. */
const UNSUMMED_HEADER = 'roll\tsolvable\tsolutions';

/**
 * What a sweep is, on the first line of its file ("# puzzlesat sweep {...}",
 * above the TSV header): a resume must be the same sweep, or the file would
 * mix the rows of two (another sample, or counted and not).
 */
export interface SweepParams {
  count: boolean;
  sample: number | null;
  seed: number | null;
  /** The planned rolls themselves (16 hex digits of SHA-256 of their sorted indices), however they were chosen. */
  rolls: string;
}
const PARAMS_PREFIX = '# puzzlesat sweep ';

function sweepParams(options: SweepOptions, planned: readonly number[]): SweepParams {
  const sorted = [...planned].sort((a, b) => a - b);
  return {
    count: options.count,
    sample: options.sample?.rolls ?? null,
    seed: options.sample?.seed ?? null,
    rolls: createHash('sha256').update(sorted.join(',')).digest('hex').slice(0, 16),
  };
}

/**
 * Refuses to resume a file of another sweep, naming the first parameter that
 * differs (as enumerate --resume does), in the caller's fields (fieldName: a
 * library caller gave resume, count, sample and seed, the CLI's user --resume, ...).
 */
function checkParams(path: string, theirs: Partial<SweepParams>, ours: SweepParams): void {
  const resume = fieldName('resume');
  const again = 'resume it with the options it was started with, or start another file';
  if (theirs.count !== ours.count)
    throw new UserError(
      `${resume}: ${path}:1 was written ${theirs.count ? 'with' : 'without'} ${fieldName('count')}; resume it the same way or start another file`,
    );
  const shown = (v: unknown) => (v === null || v === undefined ? 'none' : JSON.stringify(v));
  for (const key of ['sample', 'seed'] as const)
    if (theirs[key] !== ours[key])
      throw new UserError(
        `${resume}: ${path}:1 was written for another sample (${fieldName(key)}: ${shown(theirs[key])} in the file, ${shown(ours[key])} now); ${again}`,
      );
  if (theirs.rolls !== ours.rolls) throw new UserError(`${resume}: ${path}:1 was written for other rolls than this sweep's; ${again}`);
}

/** The parameters on a sweep file's first line. */
function parseParams(line: string, where: string): Partial<SweepParams> {
  try {
    const value: unknown = parseJson(line.slice(PARAMS_PREFIX.length), where);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Partial<SweepParams>;
  } catch {
    // reported below
  }
  throw new UserError(`${where}: not the parameters of a sweep (expected ${PARAMS_PREFIX.trim()} {...})`);
}

/** Whether text without a newline is what a kill can leave of a sweep file: part of its parameters line (a crash may pad it with NULs). */
function tornParams(text: string): boolean {
  const head = text.replace(/\0+$/, '');
  return PARAMS_PREFIX.startsWith(head) || head.startsWith(PARAMS_PREFIX);
}

/** What a kill can leave of a row: its first characters (a roll's blockers, the columns, the hex sum). */
const TORN_ROW = /^[A-Za-z0-9,\t]*$/;

/** A row's text, without its checksum. */
const formatRow = (index: number, row: SweepRow): string => `${rollAt(index).join(',')}\t${row.solvable ? 'yes' : 'no'}\t${row.solutions ?? ''}`;

/** A row's text and checksum, when its last column is one. */
function splitSum(line: string): { body: string; sum: string } | undefined {
  const tab = line.lastIndexOf('\t');
  const sum = line.slice(tab + 1);
  return tab >= 0 && isSum(sum) ? { body: line.slice(0, tab), sum } : undefined;
}

export interface SweepTsv {
  /** The rows by roll index. */
  rows: Map<number, SweepRow>;
  /** The line of each roll's row. */
  lineOf: Map<number, number>;
  /** How many bytes of the file are whole lines (0: none, the file starts afresh). */
  wholeLines: number;
  /** The sweep's parameters (none when there are no whole lines). */
  params?: Partial<SweepParams>;
  /** The checksum the next row chains from. */
  sum: string;
}

/**
 * A sweep TSV as a resume reads it: its parameters, then its rows, each
 * checked against its checksum before it is read, a torn last line left out.
 * Anything else is refused in one line naming FILE:LINE.
 */
export function readSweepTsv(path: string): SweepTsv {
  const rows = new Map<number, SweepRow>();
  const lineOf = new Map<number, number>();
  let params: Partial<SweepParams> | undefined;
  let sum = '';
  let n = 0;
  // Whole lines only, a line at a time: a torn or NUL-padded tail is what a kill leaves, cut before appending; past the
  // header it must be the start of a row, before it (the two are written at once) anything.
  // The request's out, which the command line also takes as --out (its --output's older name).
  const lines = readWholeLines(path, fieldName('out'), (head) => n < 2 || TORN_ROW.test(head));
  let next = lines.next();
  for (; !next.done; next = lines.next()) {
    const line = next.value;
    const where = `${path}:${++n}`;
    if (n === 1) {
      if (!line.startsWith(PARAMS_PREFIX))
        throw new UserError(
          `${fieldName('resume')}: ${path}:1 records no sweep parameters (written by an older puzzlesat, or by hand): cannot tell it is this sweep's; start another file`,
        );
      params = parseParams(line, where);
      sum = chained('', line);
    } else if (n === 2) {
      if (line === UNSUMMED_HEADER)
        throw new UserError(`${where}: a sweep TSV without checksums (written by an older puzzlesat); cannot resume from it, start another file`);
      if (line !== HEADER) throw new UserError(`${where}: not a sweep TSV (expected the header "${HEADER.replace(/\t/g, '\\t')}")`);
    } else {
      sum = readRow(line, path, n, sum, rows, lineOf);
    }
  }
  // No whole line: a first line torn by a kill (started afresh), or a file that is not a sweep's, which is not ours to replace.
  if (n === 0 && !tornParams(next.value.tail.toString('utf8')))
    throw new UserError(`${path}:1: not a sweep TSV (no "${PARAMS_PREFIX.trim()}" line); cannot resume from it`);
  // The parameters and the header are written at once: without the header the file holds no row yet, and starts afresh.
  if (n < 2) return { rows, lineOf, wholeLines: 0, sum: '' };
  return { rows, lineOf, wholeLines: next.value.length, params, sum };
}

/** Line n of a sweep TSV, a row checked against its checksum, into `rows`; the checksum the next row chains from. */
function readRow(line: string, path: string, n: number, previous: string, rows: Map<number, SweepRow>, lineOf: Map<number, number>): string {
  const where = `${path}:${n}`;
  const record = splitSum(line);
  const sum = followingSum(record, previous, where);
  const [roll, solvable, solutions, extra] = record!.body.split('\t');
  if (roll === undefined || solutions === undefined || extra !== undefined || (solvable !== 'yes' && solvable !== 'no')) {
    throw new UserError(`${where}: expected "roll<TAB>yes|no<TAB>solutions<TAB>sum"`);
  }
  // Past 2^53 a count is no longer exact (a row of 400 digits was read as Infinity, and listed with the most solutions).
  if (solutions !== '' && !(/^\d+$/.test(solutions) && Number.isSafeInteger(Number(solutions))))
    throw new UserError(`${where}: solutions must be empty or a whole number of at most ${Number.MAX_SAFE_INTEGER}, got "${solutions}"`);
  const count = solutions === '' ? null : Number(solutions);
  if (count !== null && count > 0 !== (solvable === 'yes')) throw new UserError(`${where}: "${solvable}" contradicts ${count} solutions`);
  const index = rollIndex(parseBlockers(roll, where));
  const row = { solvable: solvable === 'yes', solutions: count };
  const before = rows.get(index);
  if (before && (before.solvable !== row.solvable || before.solutions !== row.solutions))
    throw new UserError(`${where}: roll ${roll} is on line ${lineOf.get(index)} too, with another answer`);
  rows.set(index, row);
  lineOf.set(index, n);
  return sum;
}

/** The output TSV, written line batch by line batch so that a stop loses nothing already solved. */
class SweepFile {
  private constructor(
    private readonly path: string,
    private readonly fd: number,
    readonly previous: ReadonlyMap<number, SweepRow>,
    /** The checksum of the last line written (or kept): the next row's chains from it. */
    private sum: string,
  ) {}

  /** `planned`: the sweep's rolls, by index; a resumed row of another roll is refused. */
  static open(path: string, resume: boolean, params: SweepParams, planned: ReadonlySet<number>): SweepFile {
    let previous = new Map<number, SweepRow>();
    let sum = '';
    if (resume && existsSync(path)) {
      const tsv = readingResumed(path, () => readSweepTsv(path));
      // Checked before the file is touched: another sweep's file is left as it was.
      if (tsv.params) checkParams(path, tsv.params, params);
      // A row of a roll the sweep does not visit would be kept in the file and left out of the results, unsaid.
      for (const [index, line] of tsv.lineOf)
        if (!planned.has(index))
          throw new UserError(
            `${fieldName('resume')}: ${path}:${line}: roll ${rollAt(index).join(',')} is not one of this sweep's rolls; the file does not belong to this sweep`,
          );
      // Cut an unfinished last line (a hard kill mid-write) before appending. With no whole line the file is written
      // afresh below (opened 'w'): a device such as /dev/null cannot be truncated (EINVAL, an internal error).
      if (tsv.wholeLines > 0) truncateSync(path, tsv.wholeLines);
      previous = tsv.rows;
      sum = tsv.sum;
    }
    const fresh = sum === '';
    let fd: number;
    try {
      fd = openOutput(path, fresh ? 'w' : 'a');
    } catch (e) {
      throw new UserError(`${fieldName('out')}: cannot write "${path}": ${systemReason(e)}`);
    }
    if (fresh) {
      const first = `${PARAMS_PREFIX}${JSON.stringify(params)}`;
      writeOrExplain(fd, `${first}\n${HEADER}\n`, path);
      sum = chained('', first);
    }
    return new SweepFile(path, fd, previous, sum);
  }

  append(rows: readonly string[]): void {
    if (rows.length === 0) return;
    const lines = rows.map((body) => `${body}\t${(this.sum = chained(this.sum, body))}`);
    writeOrExplain(this.fd, lines.join('\n') + '\n', this.path);
  }

  close(): void {
    closeOutput(this.fd, this.path);
  }
}

// ---- the summary -----------------------------------------------------------------

export interface RollCount {
  roll: string;
  solutions: number;
}

export interface SweepSummary {
  visited: number;
  solvable: number;
  /** The first unsolvable rolls (at most 20). */
  unsolvable: string[];
  /** When every visited roll was counted. */
  solutions?: { min: number; mean: number; median: number; max: number; total: number; rollsWithMin: number; rollsWithMax: number };
  /** Fewest solutions first. */
  hardest: RollCount[];
  /** Most solutions first. */
  easiest: RollCount[];
}

export function summarizeSweep(results: ReadonlyMap<number, SweepRow>, top = 5): SweepSummary {
  const entries = [...results].map(([index, row]) => ({ roll: rollAt(index).join(','), row }));
  const unsolvable = entries.filter((e) => !e.row.solvable).map((e) => e.roll);
  const summary: SweepSummary = {
    visited: entries.length,
    solvable: entries.length - unsolvable.length,
    unsolvable: unsolvable.sort().slice(0, 20),
    hardest: [],
    easiest: [],
  };
  if (entries.length === 0 || entries.some((e) => e.row.solutions === null)) return summary;
  const counted = entries
    .map((e) => ({ roll: e.roll, solutions: e.row.solutions! }))
    .sort((a, b) => a.solutions - b.solutions || (a.roll < b.roll ? -1 : 1));
  const n = counted.length;
  const total = counted.reduce((sum, c) => sum + c.solutions, 0);
  const at = (i: number) => counted[i]!.solutions;
  const min = at(0);
  const max = at(n - 1);
  summary.solutions = {
    min,
    mean: total / n,
    median: n % 2 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2,
    max,
    total,
    rollsWithMin: counted.filter((c) => c.solutions === min).length,
    rollsWithMax: counted.filter((c) => c.solutions === max).length,
  };
  summary.hardest = counted.slice(0, top);
  summary.easiest = counted.slice(-top).reverse();
  return summary;
}

export function sampleRolls(n: number, seed: number): number[] {
  if (n > ROLL_COUNT) throw new UsageError(`${fieldName('sample')}: there are only ${ROLL_COUNT} rolls, got ${n}`);
  const random = seededRandom(seed);
  const order = Int32Array.from({ length: ROLL_COUNT }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (ROLL_COUNT - i));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return Array.from(order.subarray(0, n));
}
