import type { Instance } from '../core/puzzle.js';
import type { BurnsideTerm } from './burnside.js';
import type { SetUpPoll, Strategy } from './engine.js';
import { type RunResult, type UnitCount, runCount } from './exact-cover.js';
import { type CountProblem, type ItemOrder, compileProblem } from './problem.js';
import { type CountInstanceOptions, type PinnedSlot, itemOrderOf, pinnedOr, termsOf } from './solutions.js';

/**
 * A count split for threads: each term's units cut into shares, runs of
 * neighbouring units, each share counted by runCount (a thread keeps one
 * engine and memo for the pinned terms of one problem, as countInstance does).
 * The shares of a term sum to its count; what is shared between threads is
 * only this plain description, so that a worker that rebuilt the instance
 * from its plan counts exactly the units the main thread means.
 */
export interface ShareJob {
  /** The term's index in termsOf(instance, options). */
  term: number;
  share: { index: number; of: number };
  /** Resolved by the main thread, so that every share walks the same units. */
  strategy: Strategy;
  maxBytes: number;
  /** Units of the term already counted (resume): this share adds those that are its own. */
  finished: [string, bigint][];
  /** Finished units to count again and compare. */
  recheck: string[];
}

export interface ShareHooks {
  shouldStop: () => boolean;
  onTick: (fraction: number) => void;
  onUnit: (unit: UnitCount) => void;
}

/** The terms of one instance's count, kept while a thread counts its shares; each problem compiled when first wanted. */
let cached: { instance: Instance; unique: boolean; unpinned: boolean; terms: CountTerms } | undefined;

export interface CountTerms {
  terms: BurnsideTerm[];
  problem(k: number): CountProblem;
  order: ItemOrder;
  /** The engine this thread's pinned terms share (PinnedTerms), kept from share to share. */
  pinning: PinnedSlot;
}

/**
 * The instance's terms in termsOf's order, and their compiled problems, each
 * compiled when first wanted; working out the terms and building a term's
 * rows poll `poll` (a stopped count throws Stopped out of this call, as
 * termsOf does, or out of problem(k)).
 */
export function setUpTerms(
  instance: Instance,
  options: Pick<CountInstanceOptions, 'unique' | 'unpinned' | 'finished'>,
  poll?: SetUpPoll,
): CountTerms {
  const order = itemOrderOf(instance);
  const terms = termsOf(instance, options, poll);
  const problems = new Map<number, CountProblem>();
  const problem = (k: number) => problems.get(k) ?? problems.set(k, compileProblem(terms[k]!.problem, order, terms[k]!.forced)).get(k)!;
  return { terms, problem, order, pinning: {} };
}

/** A thread's terms (setUpTerms), kept from share to share of the same instance. */
export function compiledTerms(instance: Instance, options: Pick<CountInstanceOptions, 'unique' | 'unpinned'>): CountTerms {
  const unique = options.unique === true;
  const unpinned = options.unpinned === true;
  if (cached?.instance !== instance || cached.unique !== unique || cached.unpinned !== unpinned)
    cached = { instance, unique, unpinned, terms: setUpTerms(instance, { unique, unpinned }) };
  return cached.terms;
}

/** Counts one share of one term. */
export function countShare(
  instance: Instance,
  options: Pick<CountInstanceOptions, 'unique' | 'unpinned'>,
  job: ShareJob,
  hooks: ShareHooks,
): Promise<RunResult> {
  const { terms, problem, order, pinning } = compiledTerms(instance, options);
  const counted = pinnedOr(terms[job.term]!, problem(job.term), job.strategy, order, pinning);
  return runCount(counted.problem, {
    pinned: counted.pinned,
    strategy: job.strategy,
    maxBytes: job.maxBytes,
    share: job.share,
    finished: new Map(job.finished),
    recheck: new Set(job.recheck),
    ...hooks,
  });
}
