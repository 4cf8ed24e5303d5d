import type { Worker } from 'node:worker_threads';
import type { CountPlan } from './core/plan.js';
import type { Instance } from './core/puzzle.js';
import { UserError } from './core/errors.js';
import { MemoryBoundExceeded, ResumeConflict, Stopped, type Strategy, setUpUnlessStopped, unlessStopped } from './count/engine.js';
import { resolveStrategy } from './count/exact-cover.js';
import type { RunResult } from './count/exact-cover.js';
import { type CountTerms, type ShareJob, setUpTerms } from './count/shares.js';
import {
  type CountInstanceOptions,
  type InstanceCount,
  type TermResult,
  assembled,
  combined,
  lightFirst,
  notBegun,
  recordedRun,
  stoppableSetUp,
  stoppedBeforeTerms,
  strategyOf,
  termResult,
  termWeights,
} from './count/solutions.js';
import { runPool } from './enumerate/pool.js';
import type { CountThreadMessage } from './enumerate/worker-tasks.js';

/**
 * The exact-cover count on worker threads: the terms handed out light ones
 * first to whichever thread is free, whole or dealt into shares
 * (src/count/shares.ts, sharesPerTerm below), each thread with its part of
 * the memory bound. The same terms, units and sums as countInstance, so the
 * counts, the resume file and the spot checks are the same; only the memos
 * are per thread, so a thread misses what another has cached. `script`
 * is the threads' script (a test's stands in for a thread that does not answer).
 */
export function countInThreads(
  plan: Pick<CountPlan, 'puzzle' | 'args' | 'unique' | 'uniqueBy' | 'maxBytes'>,
  workers: number,
  script?: URL,
): (instance: Instance, options: CountInstanceOptions) => Promise<InstanceCount> {
  return async (instance, options) => {
    const stop = new SharedArrayBuffer(4);
    const stopFlag = new Int32Array(stop);
    const shouldStop = () => Atomics.load(stopFlag, 0) !== 0 || options.shouldStop?.() === true;
    // The main thread's own terms, not a thread's kept ones: they are worked out, and their rows built, polling this count's stop.
    const set = await stoppableSetUp(options, shouldStop, (poll) => setUpTerms(instance, options, poll));
    if (!set) return stoppedBeforeTerms(options);
    const { terms, problem } = set;
    const weights = termWeights(terms);
    const shares = sharesPerTerm(weights, workers);
    const totalBytes = options.maxBytes ?? plan.maxBytes;
    const maxBytes = Math.floor(totalBytes / workers);

    // Each term's rows are built here, a set-up too.
    const strategies = await setUpUnlessStopped(() => strategiesOf(terms, problem, options, maxBytes, shouldStop));
    // Stopped while the terms were set up: no thread is started, every term is reported as countInstance reports one not begun.
    if (!strategies) {
      const notStarted = terms.map((term) => notBegun(term, options));
      return assembled(terms, notStarted, options, undefined, false);
    }
    const queue: ShareJob[] = lightFirst(weights).flatMap((k) =>
      Array.from({ length: shares }, (_, index) => ({
        term: k,
        share: { index, of: shares },
        strategy: strategies[k]!,
        maxBytes,
        finished: [...(options.finished?.get(terms[k]!.key) ?? [])],
        recheck: [...(options.recheck?.get(terms[k]!.key) ?? [])],
      })),
    );
    const runs: (RunResult | undefined)[][] = terms.map(() => new Array<RunResult | undefined>(shares));
    const fractions: number[][] = terms.map(() => new Array<number>(shares).fill(0));
    let running = 0;
    let memory: MemoryBoundExceeded | undefined;
    const tick = () => options.onTick?.(fractions.reduce((sum, f, k) => sum + weights[k]! * f.reduce((a, b) => a + b, 0), 0));

    const handOut = (worker: Worker, pool: { stop(): void }) => {
      const next = shouldStop() ? takeRecorded(queue) : queue.shift();
      if (next) {
        running++;
        worker.postMessage(next);
      } else if (running === 0) pool.stop();
    };
    /**
     * The units known finished, by term: those its resumed file records and
     * those the threads post, each an exact subtree. An incomplete term counts
     * at least their sum, which keeps them when a thread ended before it
     * answered (STOP_GRACE_MS) takes its share's run with it.
     */
    const known = terms.map((term) => new Map(options.finished?.get(term.key)));
    let stoppedAt: number | undefined;
    /**
     * The caller's stop (a deadline, Ctrl-C) reaches the threads through the
     * flag, and they end their shares, incomplete, at their next poll; a
     * thread that polls nothing (rebuilding its instance from the plan, 15 s
     * of a 20x20 board past a --timeout of 6) is ended STOP_GRACE_MS after it.
     */
    const graceOver = (): boolean => {
      if (options.shouldStop?.()) Atomics.store(stopFlag, 0, 1);
      if (Atomics.load(stopFlag, 0) !== 0) stoppedAt ??= performance.now();
      return stoppedAt !== undefined && performance.now() - stoppedAt >= STOP_GRACE_MS;
    };
    await runPool<CountThreadMessage>({
      tasks: Array.from({ length: workers }, () => ({ task: 'count', job: { plan, stop } })),
      script,
      shouldStop: graceOver,
      onStart: handOut,
      onMessage: (m, worker, pool) => {
        if (m.type === 'tick') {
          fractions[m.term]![m.share] = m.fraction;
          tick();
          return;
        }
        if (m.type === 'unit') {
          known[m.term]!.set(m.unit.unit, m.unit.count);
          return options.onUnit?.(terms[m.term]!.key, strategies[m.term]!, m.unit);
        }
        if (m.type === 'error') {
          if (m.unit !== undefined) throw new ResumeConflict(m.unit, m.message);
          throw m.user ? new UserError(m.message) : new Error(m.message);
        }
        running--;
        if (m.type === 'memory') {
          // In the user's terms: what the threads need together, against the whole --max-memory.
          memory ??= new MemoryBoundExceeded(m.needed * workers, totalBytes);
          Atomics.store(stopFlag, 0, 1);
        } else {
          runs[m.term]![m.share] = m.run;
          fractions[m.term]![m.share] = m.fraction;
          tick();
        }
        handOut(worker, pool);
        // A thread with no share left waits idle; the last one to finish ends the pool.
      },
    });
    const results: TermResult[] = terms.map((term, k) =>
      termResult(term, problem(k).rowIds.length, strategies[k]!, atLeastKnown(summed(runs[k]!), known[k]!)),
    );
    return assembled(
      terms,
      results,
      options,
      memory,
      runs.some((shares) => shares.some((r) => r?.searched === true)),
    );
  };
}

/** How long a stopped count waits for its threads to answer before it ends them (they answer within a poll of the search). */
const STOP_GRACE_MS = 1000;

/**
 * Once stopped, the next share that a resumed file has units of: its thread
 * counts nothing and reports them, exact subtrees of the count, so that the
 * lower bound keeps what the file holds. Shares with none are left.
 */
function takeRecorded(queue: ShareJob[]): ShareJob | undefined {
  const k = queue.findIndex((job) => job.finished.length > 0);
  return k < 0 ? undefined : queue.splice(k, 1)[0];
}

/**
 * Shares a term is dealt into: whole terms when there are enough heavy ones
 * to keep every thread busy, since a thread's memo then sees its whole term
 * (8x8 with the 2x2 square, 6 heavy terms on 2 threads: 12.4 and 15.1 CPU s
 * whole, 16.7 and 14.4 in two shares each, dealt round-robin as they were
 * then; 11.1-12.4 on one thread); else one share a thread, so that a count
 * of one term still spreads (bench/results/count-threads.md).
 */
const sharesPerTerm = (weights: readonly number[], workers: number): number => (weights.filter((w) => w > 0).length >= 2 * workers ? 1 : workers);

/**
 * Each term's strategy, resolved here once so that every share walks the
 * same units; undefined when the count is stopped first. Resolving compiles
 * every term, 13 s for the 80 pinned terms of a 20x20 board, so the stop is
 * heard between terms and while a term's rows are built.
 */
function strategiesOf(
  terms: CountTerms['terms'],
  problem: CountTerms['problem'],
  options: CountInstanceOptions,
  maxBytes: number,
  shouldStop: () => boolean,
): Strategy[] | undefined {
  return unlessStopped(() =>
    terms.map((t, k) => {
      if (shouldStop()) throw new Stopped();
      return resolveStrategy(problem(k), strategyOf(t, options), maxBytes, shouldStop);
    }),
  );
}

/**
 * A term's run, counting at least its known units: the runs of an
 * incomplete term lack the shares whose threads were ended before they
 * answered (the units those posted, and the file's units they were given)
 * and the shares no thread took.
 */
function atLeastKnown(run: Omit<RunResult, 'strategy'> | undefined, known: ReadonlyMap<string, bigint>): Omit<RunResult, 'strategy'> | undefined {
  const recorded = recordedRun(known);
  if (!recorded || run?.complete) return run;
  return run ? { ...run, count: run.count > recorded.count ? run.count : recorded.count } : recorded;
}

/** A term's run from its shares' runs: complete when every share is; absent when none answered. */
function summed(shares: readonly (RunResult | undefined)[]): Omit<RunResult, 'strategy'> | undefined {
  const ran = shares.filter((r): r is RunResult => r !== undefined);
  if (ran.length === 0) return undefined;
  return {
    count: ran.reduce((n, r) => n + r.count, 0n),
    complete: ran.length === shares.length && ran.every((r) => r.complete),
    nodes: ran.reduce((n, r) => n + r.nodes, 0),
    // The shares' memos lived side by side: their sizes add up, as their events do.
    cache: {
      ...combined(ran.map((r) => r.cache)),
      entries: ran.reduce((n, r) => n + r.cache.entries, 0),
      bytes: ran.reduce((n, r) => n + r.cache.bytes, 0),
    },
    units: ran.reduce((n, r) => n + r.units, 0),
    resumed: ran.reduce((n, r) => n + r.resumed, 0),
    searched: ran.some((r) => r.searched),
  };
}
