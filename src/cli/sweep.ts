import { closeSync, existsSync, openSync, readFileSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Argv } from 'yargs';
import { ROLL_COUNT, RollSolver, parseBlockers, rollAt, rollIndex, symmetryClassKey } from '../../encoders/genius-square.js';
import { UserError } from '../core/errors.js';
import { seededRandom } from '../core/random.js';
import { renderHistogramSvg } from '../render/genius.js';
import type { SweepAnswer, SweepBatch } from '../enumerate/sweep-worker.js';
import { sweepExecutor } from '../distributed/runs.js';
import { type Args, guarded, interruptFlag, positiveInt, progressLine, seconds } from './common.js';

/**
 * `puzzlesat sweep genius-square`: every roll (or a sample), solvable or not
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
  run(count: boolean, batches: readonly (readonly number[])[], onBatch: (batch: number, answers: readonly number[]) => void, shouldStop: () => boolean): Promise<number>;
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
  /** Where it ran when not here (SweepExecutor.describe). */
  via?: string;
  seconds: number;
}

const DEFAULT_WORKER = new URL('../enumerate/sweep-worker.js', import.meta.url);
/** Classes per message: small enough for a prompt Ctrl-C, large enough to keep messaging cheap. */
const BATCH = { counting: 8, solvability: 128 };

export async function runSweep(options: SweepOptions): Promise<SweepRun> {
  const start = performance.now();
  const planned = options.rolls ?? Array.from({ length: ROLL_COUNT }, (_, i) => i);
  const plannedSet = new Set(planned);
  const file = options.out === undefined ? undefined : SweepFile.open(options.out, options.resume === true);
  try {
    const results = new Map<number, SweepRow>();
    for (const [index, row] of file?.previous ?? []) {
      if (!plannedSet.has(index)) continue;
      if (options.count && row.solutions === null) {
        throw new UserError(`--resume: ${options.out} was written without --count; resume it without --count or start another file`);
      }
      results.set(index, row);
    }
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
    const script = options.workerScript ?? DEFAULT_WORKER;
    const executor = options.executor;
    const threads = !executor && existsSync(fileURLToPath(script)) ? Math.min(Math.max(1, options.workers ?? availableParallelism()), batches.length) : 0;
    const answered = executor
      ? await executor.run(options.count, batches.map((b) => b.map((u) => u.representative)), (b, answers) => onBatch(batches[b]!, answers), shouldStop)
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
      via: executor?.describe,
      seconds: seconds(start),
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
function plan(planned: readonly number[], results: ReadonlyMap<number, SweepRow>): { units: WorkUnit[]; settled: { members: number[]; answer: number }[] } {
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
function runInWorkers(
  script: URL,
  threads: number,
  count: boolean,
  batches: readonly WorkUnit[][],
  onBatch: (batch: readonly WorkUnit[], answers: readonly number[]) => void,
  shouldStop: () => boolean,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const pool = Array.from({ length: threads }, () => new Worker(script, { workerData: { count } }));
    let next = 0;
    let answered = 0;
    let inFlight = 0;
    let finished = false;
    const finish = (error?: unknown) => {
      if (finished) return;
      finished = true;
      for (const w of pool) void w.terminate();
      if (error === undefined) resolve(answered);
      else reject(error);
    };
    const feed = (worker: Worker) => {
      if (shouldStop() || next >= batches.length) {
        if (inFlight === 0) finish();
        return;
      }
      const batch: SweepBatch = { id: next++, rolls: batches[next - 1]!.map((u) => u.representative) };
      inFlight++;
      worker.postMessage(batch);
    };
    for (const worker of pool) {
      worker.on('message', ({ id, results }: SweepAnswer) => {
        inFlight--;
        answered++;
        try {
          onBatch(batches[id]!, results);
        } catch (e) {
          finish(e);
          return;
        }
        feed(worker);
      });
      worker.on('error', (e) => finish(e));
      worker.on('exit', (code) => finish(new Error(`a sweep worker exited with code ${code}`)));
    }
    pool.forEach(feed);
  });
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
    onBatch(batch, batch.map((u) => solver.solveRoll(u.representative, count)));
    answered++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return answered;
}

// ---- the TSV -------------------------------------------------------------------

const HEADER = 'roll\tsolvable\tsolutions';

const formatRow = (index: number, row: SweepRow): string => `${rollAt(index).join(',')}\t${row.solvable ? 'yes' : 'no'}\t${row.solutions ?? ''}`;

/** The rows of a sweep TSV by roll index, and how many characters of it are whole lines. */
export function readSweepTsv(path: string): { rows: Map<number, SweepRow>; wholeLines: number } {
  const text = readFileSync(path, 'utf8');
  const wholeLines = text.lastIndexOf('\n') + 1;
  const rows = new Map<number, SweepRow>();
  const lines = text.slice(0, wholeLines).split('\n').slice(0, -1);
  if (lines.length > 0 && lines[0] !== HEADER) throw new UserError(`${path}:1: not a sweep TSV (expected the header "${HEADER.replace(/\t/g, '\\t')}")`);
  lines.slice(1).forEach((line, i) => {
    const where = `${path}:${i + 2}`;
    const [roll, solvable, solutions, extra] = line.split('\t');
    if (roll === undefined || solutions === undefined || extra !== undefined || (solvable !== 'yes' && solvable !== 'no')) {
      throw new UserError(`${where}: expected "roll<TAB>yes|no<TAB>solutions"`);
    }
    if (solutions !== '' && !/^\d+$/.test(solutions)) throw new UserError(`${where}: solutions must be a whole number or empty, got "${solutions}"`);
    const count = solutions === '' ? null : Number(solutions);
    if (count !== null && count > 0 !== (solvable === 'yes')) throw new UserError(`${where}: "${solvable}" contradicts ${count} solutions`);
    rows.set(rollIndex(parseBlockers(roll, where)), { solvable: solvable === 'yes', solutions: count });
  });
  return { rows, wholeLines };
}

/** The output TSV, written line batch by line batch so that a stop loses nothing already solved. */
class SweepFile {
  private constructor(
    private readonly fd: number,
    readonly previous: ReadonlyMap<number, SweepRow>,
  ) {}

  static open(path: string, resume: boolean): SweepFile {
    let previous = new Map<number, SweepRow>();
    let fresh = true;
    if (resume && existsSync(path)) {
      const { rows, wholeLines } = readSweepTsv(path);
      // Cut an unfinished last line (a hard kill mid-write) before appending.
      truncateSync(path, wholeLines);
      previous = rows;
      fresh = wholeLines === 0;
    }
    let fd: number;
    try {
      fd = openSync(path, fresh ? 'w' : 'a');
    } catch (e) {
      throw new UserError(`--out: cannot write "${path}": ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
    if (fresh) writeSync(fd, HEADER + '\n');
    return new SweepFile(fd, previous);
  }

  append(lines: readonly string[]): void {
    if (lines.length > 0) writeSync(this.fd, lines.join('\n') + '\n');
  }

  close(): void {
    closeSync(this.fd);
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
  const summary: SweepSummary = { visited: entries.length, solvable: entries.length - unsolvable.length, unsolvable: unsolvable.sort().slice(0, 20), hardest: [], easiest: [] };
  if (entries.length === 0 || entries.some((e) => e.row.solutions === null)) return summary;
  const counted = entries.map((e) => ({ roll: e.roll, solutions: e.row.solutions! })).sort((a, b) => a.solutions - b.solutions || (a.roll < b.roll ? -1 : 1));
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

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function summaryText(run: SweepRun, s: SweepSummary): string {
  const how = run.via ?? (run.workers > 0 ? plural(run.workers, 'worker thread') : 'this thread');
  const lines = [
    `${s.visited} of ${run.planned} rolls visited${run.complete ? '' : ' (stopped early)'} in ${run.seconds.toFixed(1)} s with ${how} ` +
      `(${run.solved} boards solved, one per symmetry class${run.resumed ? `; ${plural(run.resumed, 'roll')} resumed from the file` : ''})`,
    `solvable: ${s.solvable} of ${s.visited}${s.unsolvable.length ? `; unsolvable: ${s.unsolvable.join(' ')}${s.visited - s.solvable > s.unsolvable.length ? ' ...' : ''}` : ''}`,
  ];
  if (s.solutions) {
    const { min, mean, median, max, total, rollsWithMin, rollsWithMax } = s.solutions;
    lines.push(`solutions per roll: min ${min} (${plural(rollsWithMin, 'roll')}), mean ${mean.toFixed(1)}, median ${median}, max ${max} (${plural(rollsWithMax, 'roll')}); ${total} in all`);
    lines.push(`hardest: ${s.hardest.map((h) => `${h.roll} (${h.solutions})`).join(', ')}`);
    lines.push(`easiest: ${s.easiest.map((h) => `${h.roll} (${h.solutions})`).join(', ')}`);
  }
  return lines.join('\n');
}

// ---- the command -------------------------------------------------------------------

/** `n` distinct roll indices drawn by a seeded shuffle. */
export function sampleRolls(n: number, seed: number): number[] {
  if (n > ROLL_COUNT) throw new UserError(`--sample: there are only ${ROLL_COUNT} rolls, got ${n}`);
  const random = seededRandom(seed);
  const order = Int32Array.from({ length: ROLL_COUNT }, (_, i) => i);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (ROLL_COUNT - i));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return Array.from(order.subarray(0, n));
}

function duration(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const t = Math.round(s);
  const hms = [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60];
  return (hms[0] ? `${hms[0]}:${String(hms[1]).padStart(2, '0')}` : String(hms[1])) + `:${String(hms[2]).padStart(2, '0')}`;
}

function progressText(p: SweepProgress, elapsed: number): string {
  const fraction = p.total ? p.done / p.total : 1;
  const width = 24;
  const filled = Math.round(fraction * width);
  const rate = (p.done - p.resumed) / Math.max(elapsed, 1e-3);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(100 * fraction).toFixed(1)}% ${p.done}/${p.total} rolls | ${rate.toFixed(0)} rolls/s | ETA ${duration(rate > 0 ? (p.total - p.done) / rate : Infinity)}`;
}

export const command = 'sweep <puzzle>';
export const describe = 'solve every roll of genius-square (or a sample): solvable or not, and with --count how many solutions';

export const builder = (y: Argv) =>
  y
    .positional('puzzle', { type: 'string', describe: 'genius-square' })
    .option('count', { type: 'boolean', describe: 'count the solutions of every roll (default: only whether it is solvable)' })
    .option('workers', { type: 'number', describe: `worker threads (default: all cores, here ${availableParallelism()})` })
    .option('out', { type: 'string', describe: 'stream the results to FILE.tsv (roll, solvable, solutions)' })
    .option('resume', { type: 'boolean', describe: 'keep the rolls already in --out and visit the others' })
    .option('histogram', { type: 'string', describe: 'draw the solutions per roll as an SVG histogram (needs --count)' })
    .option('sample', { type: 'number', describe: 'visit N random rolls instead of all' })
    .option('seed', { type: 'number', describe: 'seed for --sample (default 1)' })
    .option('json', { type: 'boolean', describe: 'machine-readable summary on stdout' })
    .option('queue', { type: 'string', describe: 'solve the rolls as jobs on a Redis queue for `puzzlesat worker`s: redis://[user:password@]host:port[/db]' });

export const handler = (args: Args) =>
  guarded(async () => {
    if (args.puzzle !== 'genius-square') throw new UserError(`sweep: only genius-square has rolls to sweep, got "${String(args.puzzle)}"`);
    const count = args.count === true;
    const workers = positiveInt(args.workers, '--workers');
    const sample = positiveInt(args.sample, '--sample');
    if (args.resume && !args.out) throw new UserError('--resume needs --out FILE.tsv to resume from');
    if (args.histogram !== undefined && !count) throw new UserError('--histogram needs --count (it draws the solutions per roll)');
    if (args.seed !== undefined && sample === undefined) throw new UserError('--seed applies to --sample');
    const seed = args.seed === undefined ? 1 : Number(args.seed);
    if (!Number.isInteger(seed) || seed < 0) throw new UserError(`--seed: expected a whole number, got "${String(args.seed)}"`);
    const stop = interruptFlag();
    const progress = progressLine();
    const start = performance.now();
    let run: SweepRun;
    try {
      run = await runSweep({
        count,
        rolls: sample === undefined ? undefined : sampleRolls(sample, seed),
        workers,
        executor: args.queue === undefined ? undefined : sweepExecutor(String(args.queue)),
        out: args.out === undefined ? undefined : String(args.out),
        resume: args.resume === true,
        shouldStop: stop.stopped,
        onProgress: (p) => progress.update(progressText(p, seconds(start))),
      });
    } finally {
      progress.done();
      stop.release();
    }
    const summary = summarizeSweep(run.results);
    const histogram = args.histogram === undefined ? undefined : String(args.histogram);
    if (histogram !== undefined) {
      const values = [...run.results.values()].map((r) => r.solutions ?? 0);
      const svg = renderHistogramSvg(values, { title: `The Genius Square: solutions per roll (${values.length} rolls)`, xLabel: 'solutions of a roll', yLabel: 'rolls' });
      try {
        writeFileSync(histogram, svg);
      } catch (e) {
        throw new UserError(`--histogram: cannot write "${histogram}": ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
    }
    if (args.json) {
      const { results: _, ...counters } = run;
      const report = { puzzle: 'genius-square', count: run.results.size, counted: count, ...counters, ...summary, ...(args.out ? { out: String(args.out) } : {}), ...(histogram ? { histogram } : {}), ...(sample ? { sample, seed } : {}) };
      process.stdout.write(JSON.stringify(report) + '\n');
    } else {
      process.stdout.write(summaryText(run, summary) + '\n');
      if (!run.complete && args.out) process.stdout.write(`continue with: --out ${String(args.out)} --resume\n`);
    }
    return 0;
  });
