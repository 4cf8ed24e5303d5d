import type { CacheStats, CountCache } from './cache.js';
import type { CountProblem } from './problem.js';
import { UserError } from '../core/errors.js';
import { fieldName } from '../core/field-names.js';
import { DeadlineReached, inSetUp, kindOf, shownValue } from '../core/limits.js';

/**
 * What the counting engines (sweep.ts, mrv.ts, and components.ts for
 * boards in parts) share: how the caller drives them, how they stop, and
 * how they say how far they got.
 */
export type Strategy = 'sweep' | 'mrv' | 'components';

export interface CountEngine {
  readonly strategy: Strategy;
  /** What the engine keeps between subproblems: the memo's statistics, or for counting by parts its tables'. */
  memory(): CacheStats;
  /** Search nodes visited so far, over every call. */
  readonly nodes: number;
  /**
   * The search is at a node, the root at first; push(row) takes one of the
   * node's children() and goes down to it, pop() goes back up.
   */
  push(row: number): void;
  pop(): void;
  /** The rows the search branches on at the current node, ascending; empty at a leaf (nothing left to cover, or a dead end). */
  children(): number[];
  /** The solutions below the current node. Throws Stopped when shouldStop says so (the engine is unusable afterwards). */
  count(): number;
  /** The share of the running count() call's tree already behind it (0 when none runs). */
  fraction(): number;
  /**
   * Starts a count() call that may be taken back (UnitRunner): what ends it,
   * with true undoing what the call did (its nodes, its memo's entries and
   * figures, its steps down the tree) so that the node counts again as it
   * would have the first time.
   */
  checkpoint(): (undo: boolean) => void;
}

export interface EngineOptions {
  /** Bytes the memo may take. */
  cacheBytes: number;
  /** A memo to go on with: one an earlier engine of the same strategy filled on the same problem. */
  cache?: CountCache;
  /** Polled every few thousand nodes; true stops the count (Stopped is thrown). What it throws (UnitRunner's OverBudget) passes through the count. */
  shouldStop?: () => boolean;
  /** The engine will be pinned (pin): the sweep's key then has a word for the pinned row. */
  pinnable?: boolean;
  /** A lane of a wide count (wide.ts): counts kept modulo this prime, or left to round ('approximate'). Absent, counts are exact and refused past 2^53. */
  lane?: number | 'approximate';
}

/** Thrown out of a count that shouldStop ended; the engine is unusable afterwards. */
export class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

export const MAX_EXACT = Number.MAX_SAFE_INTEGER;

/**
 * An engine's counts are float64: exact up to 2^53, and refused beyond
 * rather than rounded. The units' sum, and Burnside's, are bigints, so it
 * is one unit of the search that passes the bound; the sweep and MRV then
 * count it again in lanes (wide.ts), and what is still refused is the
 * input's doing, not a fault of ours (a count past what the lanes tell
 * apart, or counting by parts, which has no lanes), so a user's error,
 * which names what counts past it (by the caller's name for the field:
 * --method, --strategy in the CLI).
 */
export class CountOverflow extends UserError {
  /** `beyond`: the lanes' count of the part, about, and the most they tell apart; 'parts' when counting by parts refused it. */
  constructor(beyond?: 'parts' | { about: number; most: number }) {
    const cnf = `${fieldName('method')} cnf counts without that bound`;
    super(
      beyond === undefined
        ? `count: one part of the search has more than ${MAX_EXACT} solutions (2^53 - 1), beyond what the exact-cover counter keeps exactly; ${cnf}`
        : beyond === 'parts'
          ? `count: one part of the search has more than ${MAX_EXACT} solutions (2^53 - 1), beyond what counting by parts keeps exactly; ${fieldName('strategy')} sweep or mrv counts past it`
          : `count: one part of the search has about ${beyond.about.toExponential(2)} solutions, more than the exact-cover counter tells apart (about ${beyond.most.toExponential(1)}); ${cnf}`,
    );
  }
}

/**
 * A resumed count's record does not fit this count: a unit it does not
 * have, or a count that recounting contradicts; or, in a file closed as
 * finished, a unit of the count that it lacks (`missing`).
 */
export class ResumeConflict extends Error {
  constructor(
    readonly unit: string,
    message: string,
    /** The term the unit is of, when the conflict knows it. */
    readonly term?: string,
    readonly missing = false,
  ) {
    super(message);
  }

  /** The same conflict, known to be of `term` (a term's run does not know its term: countTerms does). */
  of(term: string): ResumeConflict {
    return this.term === undefined ? new ResumeConflict(this.unit, this.message, term, this.missing) : this;
  }
}

/**
 * Every term a resumed file names is one of this count's (`keys`): a record
 * of another term would be neither counted nor counted again, only silently
 * left in the file. A file of the same problem counted by terms cut another
 * way (puzzlesat before nesting, termsOf), or a forged one, is not this
 * count's, and must not be taken for one with nothing done.
 */
export function checkResumedTerms(keys: ReadonlySet<string>, finished: ReadonlyMap<string, ReadonlyMap<string, unknown>> | undefined): void {
  for (const [key, units] of finished ?? [])
    if (!keys.has(key)) throw new ResumeConflict(units.keys().next().value ?? '', `term "${key}" is not a term of this count`, key);
}

/** Every unit a resumed file names is one of this term's (`keys`): a unit of another tree would be added as if it were a part of this one. */
export function checkResumedUnits(keys: ReadonlySet<string>, finished: ReadonlyMap<string, unknown> | undefined): void {
  for (const key of finished?.keys() ?? []) if (!keys.has(key)) throw new ResumeConflict(key, `unit "${key}" is not a subtree of this count`);
}

/** The memory a count may take unless told otherwise: 1 GiB. */
export const DEFAULT_MAX_BYTES = 1024 * 1024 * 1024;

/** The smallest memo worth running with. */
export const MIN_CACHE_BYTES = 1 << 20;

/** What a count needs beyond its memo is more than the memory bound allows: before it starts, or (`need`, in words) as its search goes deeper. */
export class MemoryBoundExceeded extends Error {
  constructor(
    readonly needed: number,
    readonly bound: number,
    need = `about ${miB(needed)} MiB before any caching`,
  ) {
    super(`the problem needs ${need}, beyond the bound of ${miB(bound)} MiB`);
  }
}

/** Bytes in MiB, rounded up (the counter's own amounts, which are numbers). */
const miB = (bytes: number): number => Math.ceil(bytes / 2 ** 20);

/** Bytes in MiB, rounded up, for a caller; NaN, a negative amount or Infinity is refused (NaN MiB was shown as a bound). */
export function mebibytes(bytes: number): number {
  if (typeof bytes !== 'number') throw new TypeError(`mebibytes: bytes: expected a number, got ${kindOf(bytes)}`);
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`mebibytes: bytes: expected a number ≥ 0, got ${shownValue(bytes)}`);
  return miB(bytes);
}

/**
 * The least subtree (in nodes) worth a memo entry. A node whose subtree is
 * itself (solved, or a dead end found at once) costs less to search again
 * than to store and find: on the 8x8 board with the 2x2 square, storing only
 * larger subtrees kept 465 thousand entries instead of 2.1 million, searched
 * 1% more nodes and took 20% less CPU; 6x10 likewise. MRV (--strategy mrv,
 * same run): 8x8 + 2x2 236 thousand entries instead of 310, 1% more nodes,
 * 2% less CPU; 6x10 530 instead of 691 thousand, 3% less CPU.
 */
export const MIN_STORED_COST = 2;

/** Nodes between two polls of shouldStop. */
export const POLL_NODES = 1 << 14;

/** What a count's set-up calls as it goes, with the steps of work (rows, clauses) done since its last call. */
export type SetUpPoll = (steps?: number) => void;

/**
 * The poll of a count's set-up (the group's closure and restricted rows of
 * Burnside's terms, the CNF counter's arrays): loops that visit no node, but
 * took seconds on large problems past a --timeout. It asks `shouldStop` at
 * its first call and then every POLL_NODES steps, and throws Stopped when told.
 */
export function setUpPoll(shouldStop: (() => boolean) | undefined): SetUpPoll {
  let left = 0;
  return (steps = 1) => {
    left -= steps;
    if (left > 0) return;
    left = POLL_NODES;
    if (shouldStop?.() === true) throw new Stopped();
  };
}

/** What `build` gives, or undefined when a set-up poll in it stopped it. */
export function unlessStopped<T>(build: () => T): T | undefined {
  try {
    return build();
  } catch (e) {
    if (e instanceof Stopped) return undefined;
    throw e;
  }
}

/**
 * `build`, a piece of a count's synchronous set-up, run as the front end runs
 * set-ups (inSetUp): undefined when stopped there, by its poll (Stopped) or by
 * the runner cutting it short (DeadlineReached). The CLI's runner does so at
 * Ctrl-C: its handler gets no turn inside synchronous work, so the stop a
 * poll reads was not set until the set-up had ended (seconds of a large
 * board's Burnside terms).
 */
export async function setUpUnlessStopped<T>(build: () => T): Promise<T | undefined> {
  try {
    return await inSetUp(() => unlessStopped(build));
  } catch (e) {
    if (e instanceof DeadlineReached) return undefined;
    throw e;
  }
}

/** A set-up step quicker than this needs no runner that can cut it short: a press during it is heard as soon as it ends. */
const QUICK_SET_UP_MS = 50;

/**
 * Runs a count's repeated set-up steps (each term's rows): through the front
 * end's runner (setUpUnlessStopped) until one takes under QUICK_SET_UP_MS,
 * plainly (unlessStopped) from then on. The terms of one count are alike in
 * size, and the CLI's runner waits a moment after each step (its grace for a
 * late press): through it, the 79 quick terms of Hexiamonds6x6 took 3.5 s of
 * wall time for 2.3 s. `now` is the clock (a seam for tests).
 */
export function repeatedSetUp(now: () => number = () => performance.now()): <T>(build: () => T) => Promise<T | undefined> {
  let quick = false;
  return async <T>(build: () => T) => {
    if (quick) return unlessStopped(build);
    return setUpUnlessStopped(() => {
      const start = now();
      const built = build();
      quick = now() - start < QUICK_SET_UP_MS;
      return built;
    });
  };
}

/** How long a unit runs plainly before it is undone and counted again through the front end's runner (UnitRunner). */
export const PLAIN_UNIT_MS = 250;

/** A unit run plainly past its time (UnitRunner.poll), or whose memo's journal would take it past the memory bound (CountCache.journal). */
export class OverBudget extends Error {}

/**
 * Runs a count's units (the exact-cover counter's, the CNF counter's) so
 * that the CLI's Ctrl-C cuts a unit short however long it runs. The search
 * polls a stop, but the CLI's handler gets no turn inside synchronous work
 * to set it: a long unit ran on for minutes after the press, and so did a
 * second press. The front end's runner (setUpUnlessStopped) can cut it
 * short, at a cost of a moment's grace a call, so a unit runs plainly for
 * `plainMs` and, still running then (OverBudget, thrown at a poll of its
 * search), is undone (its `checkpoint`) and counted again through the
 * runner. A unit cut short by the runner throws Stopped, its counter left
 * unusable.
 *
 * The units after a slow one go through the runner at once, until the time
 * the runner added to quick ones (its grace, and the turns of the event
 * loop before it) comes to `plainMs`, what a plain run that turns out slow
 * throws away; a slow one through the runner starts that tally again. Sent
 * back to plain runs at once, slow and quick units that alternate threw
 * away up to `plainMs` a unit (the CNF counter's formulas); never sent
 * back, every unit after one slow one paid the runner: on a loaded machine
 * pentomino 8x8-square --unique had a unit run past 250 ms and 3,710 units
 * after it, at the CLI's 10 ms of grace each 37 s on a count of 11.
 */
export class UnitRunner {
  /** Units undone at their time limit and counted again through the runner. */
  redone = 0;
  /** A unit has run past plainMs: the units after it go through the runner. */
  private slow = false;
  /** What the runner added to the quick units sent through it since the last slow one, in ms. */
  private added = 0;
  /** When a unit run plainly is stopped to go through the runner (performance.now()); Infinity otherwise. */
  private plainUntil = Infinity;

  /** `now` is the clock (a seam for tests). */
  constructor(
    private readonly plainMs = PLAIN_UNIT_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Asked at the polls of a unit's search: throws OverBudget once a plain run is past its time. */
  poll(): void {
    if (this.now() > this.plainUntil) throw new OverBudget();
  }

  /** `count`, one unit's count; `checkpoint` starts a plain run of it and gives what ends it (CountEngine.checkpoint). */
  async run<T>(count: () => T, checkpoint: () => (undo: boolean) => void): Promise<T> {
    if (!this.slow) {
      const end = checkpoint();
      let undo = false;
      this.plainUntil = this.now() + this.plainMs;
      try {
        return count();
      } catch (e) {
        if (!(e instanceof OverBudget)) throw e;
        undo = true;
        this.redone++;
        this.slow = true;
      } finally {
        this.plainUntil = Infinity;
        end(undo);
      }
    }
    const called = this.now();
    let counting = 0;
    const c = await setUpUnlessStopped(() => {
      const start = this.now();
      const counted = count();
      counting = this.now() - start;
      return counted;
    });
    if (c === undefined) throw new Stopped();
    if (counting >= this.plainMs) this.added = 0;
    else if ((this.added += this.now() - called - counting) >= this.plainMs) {
      this.slow = false;
      this.added = 0;
    }
    return c;
  }
}

/** Time between two turns a count's loop of units gives the event loop (progress, Ctrl-C). */
const YIELD_MS = 50;

/** A unit of a count (runUnits): its key on file, its share of the search tree if every branch weighed the same. */
export interface LoopUnit {
  key: string;
  weight: number;
}

/**
 * A resumed file checked against the count's units, nothing counted but
 * the units due for their recount (runUnits): 'finished', a file closed as
 * finished, must hold every unit (one missing throws ResumeConflict);
 * 'started' leaves out those it lacks, the count's to do.
 */
export type RecordCheck = 'finished' | 'started';

/** What a count's loop of units takes beyond its units; C is the counter's number (number, bigint). */
export interface UnitLoopOptions<C> {
  /** Units already counted (resume), by key: skipped, their counts added. */
  finished?: ReadonlyMap<string, C>;
  /** Finished units to count again all the same: a different count throws ResumeConflict (the resume's spot check). */
  recheck?: ReadonlySet<string>;
  /** Count nothing but the recounts: only check the units on file against the count's (RecordCheck). */
  check?: RecordCheck;
  shouldStop: () => boolean;
  onUnit?: (u: { unit: string; count: C; nodes: number }) => void;
  /** The counter's nodes so far. */
  nodes: () => number;
  /** What is counted, for a recount's conflict: solutions, models. */
  noun: string;
  zero: C;
  add: (a: C, b: C) => C;
}

/** Where a count's loop of units is, for its counter's polls: the weight of the units behind it, and of the one running. */
export interface LoopProgress {
  done: number;
  running: number;
  /** The share of the running unit's search its runs have reached (shownShare). */
  reached: number;
}

/**
 * The share of a count done at a poll, `partial` of the running unit's search
 * behind it. A unit undone at its time limit and counted again (UnitRunner)
 * searches from its start, and its share fell back there: the bar went
 * backwards once per redone unit, its ETA jumping. The share holds where the
 * unit's first run got to until the second passes it: a stalled bar, whose
 * ETA grows rather than promising what the lost run did.
 */
export function shownShare(progress: LoopProgress, partial: number): number {
  progress.reached = Math.max(progress.reached, partial);
  return progress.done + progress.running * progress.reached;
}

export interface UnitLoopResult<C> {
  /** The exact count when complete; else the sum over the finished units, a lower bound. */
  count: C;
  complete: boolean;
  /** Units taken from the file rather than counted (or counted again and found as recorded). */
  resumed: number;
  /**
   * Nodes of the units counted to their end: those of a unit a stop cut
   * short are no more in them than its solutions are in the count (a
   * stopped run reported the nodes of a part it did not count).
   */
  nodes: number;
  /** Set when a unit stopped at the memory bound: the count stopped there. */
  memory?: MemoryBoundExceeded;
  /** A unit's search began (fresh or a recount): a count stopped without it stopped in its set-up. */
  searched: boolean;
}

/**
 * The loop over a count's units, the exact-cover counter's (runCount) and
 * the CNF counter's alike: each unit `count`ed unless a resumed file holds
 * it, written (onUnit) once finished, the event loop given a turn now and
 * then. A stop (Stopped) or the memory bound ends the counting; the units
 * on file further on still add to the count, each an exact subtree.
 */
export async function runUnits<U extends LoopUnit, C>(
  units: readonly U[],
  count: (u: U) => Promise<C>,
  progress: LoopProgress,
  o: UnitLoopOptions<C>,
): Promise<UnitLoopResult<C>> {
  let total = o.zero;
  /** A stop, or the memory bound, ended the counting; a check leaves out units not on file (`skipped`). */
  let stopped = false;
  let skipped = false;
  let resumed = 0;
  let nodes = 0;
  let memory: MemoryBoundExceeded | undefined;
  let searched = false;
  let lastYield = performance.now();
  for (const u of units) {
    const { key } = u;
    const known = o.finished?.get(key);
    if (known === undefined && o.check === 'finished') throw new ResumeConflict(key, `unit "${key}" is not in the file`, undefined, true);
    // Once stopped, the units on file further on still count: each is an exact subtree of the count.
    if (known !== undefined && (stopped || !o.recheck?.has(key))) {
      total = o.add(total, known);
      resumed++;
      progress.done += u.weight;
      continue;
    }
    if (known === undefined && (stopped || o.check !== undefined)) {
      skipped = true;
      continue;
    }
    // A unit to count: one not on file, or one on file due for its recount (whose record stands if a stop cuts it short).
    if (o.shouldStop()) {
      stopped = true;
      if (known !== undefined) total = o.add(total, known);
      continue;
    }
    progress.running = u.weight;
    progress.reached = 0;
    const before = o.nodes();
    searched = true;
    try {
      const c = await count(u);
      if (known !== undefined && c !== known)
        throw new ResumeConflict(key, `unit "${key}" was recorded with ${known} ${o.noun}, recounting gives ${c}`);
      total = o.add(total, c);
      nodes += o.nodes() - before;
      if (known === undefined) o.onUnit?.({ unit: key, count: c, nodes: o.nodes() - before });
      else resumed++;
    } catch (e) {
      // At the bound the count stops as at a stop: the units finished are its lower bound.
      if (e instanceof MemoryBoundExceeded) memory = e;
      else if (!(e instanceof Stopped)) throw e;
      stopped = true;
      if (known !== undefined) total = o.add(total, known);
      continue;
    }
    progress.done += u.weight;
    progress.running = 0;
    if (performance.now() - lastYield > YIELD_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      lastYield = performance.now();
    }
  }
  const complete = !stopped && !skipped;
  return { count: total, complete, resumed, nodes, searched, ...(memory ? { memory } : {}) };
}

/**
 * The share of a search tree behind the current node, as the branches
 * taken near the root say (Knuth's progress measure in his dlx programs):
 * at depth d the search is in branch k_d of n_d, and the subtrees already
 * done weigh k_d / (n_1 ... n_d) if every branch were as large as every
 * other. A level may weigh its branches by what is known of their sizes
 * instead (enter with weights): the CNF counter's independent components,
 * searched one after the other. Only the first DEPTH levels are tracked:
 * deeper ones move the figure by too little to show.
 */
export class TreeProgress {
  static readonly DEPTH = 12;
  private readonly index = new Int32Array(TreeProgress.DEPTH);
  private readonly width = new Int32Array(TreeProgress.DEPTH);
  /** A weighted level's shares before each branch (its weights summed and scaled to 1), by level; undefined for a level of branches alike. */
  private readonly before: (Float64Array | undefined)[] = new Array<Float64Array | undefined>(TreeProgress.DEPTH);
  private depth = 0;
  running = false;

  /** A node of `branches` alike, or of branches weighing `branches` each. */
  enter(branches: number | readonly number[]): void {
    if (this.depth < TreeProgress.DEPTH) {
      this.index[this.depth] = 0;
      this.width[this.depth] = typeof branches === 'number' ? branches : branches.length;
      this.before[this.depth] = typeof branches === 'number' ? undefined : sharesBefore(branches);
    }
    this.depth++;
  }

  /** The search moves on by `branches` of the current node's branches. */
  next(branches = 1): void {
    if (this.depth - 1 < TreeProgress.DEPTH) this.index[this.depth - 1] += branches;
  }

  leave(): void {
    this.depth--;
  }

  reset(): void {
    this.depth = 0;
  }

  fraction(): number {
    if (!this.running) return 0;
    let done = 0;
    let weight = 1;
    for (let d = 0; d < Math.min(this.depth, TreeProgress.DEPTH); d++) {
      const w = this.width[d]!;
      if (w === 0) break;
      const before = this.before[d];
      if (before) {
        // Past the last branch the share left below is before's last step, nothing.
        const k = Math.min(this.index[d]!, w);
        done += before[k]! * weight;
        weight *= before[k + 1]! - before[k]!;
      } else {
        weight /= w;
        done += this.index[d]! * weight;
      }
    }
    return Math.min(1, done);
  }
}

/** The share of a node before each of its branches and after the last, from their weights (all alike when they sum to nothing). */
function sharesBefore(weights: readonly number[]): Float64Array {
  const total = weights.reduce((a, b) => a + b, 0);
  const before = new Float64Array(weights.length + 2);
  weights.forEach((w, k) => (before[k + 1] = before[k]! + (total > 0 ? w / total : 1 / weights.length)));
  before[weights.length + 1] = 1;
  return before;
}

/**
 * What the two engines do alike around their own search: the path that
 * push and pop walk, the rows a node branches on, in order, and the
 * progress of a count() call. Each engine brings how a row is taken and
 * given back, what it branches on, and the search from the root.
 */
export abstract class CountSearch implements CountEngine {
  abstract readonly strategy: Strategy;
  abstract readonly cache: CountCache;
  nodes = 0;
  protected readonly progress = new TreeProgress();
  /** The rows pushed, to pop. */
  private readonly path: number[] = [];

  /** Past this a node's count is refused (CountOverflow): 2^53 - 1, unless the lane rounds. */
  private readonly overflowAt: number;
  /** A modular lane's prime; Infinity keeps counts whole. */
  private readonly modulus: number;

  constructor(
    protected readonly p: CountProblem,
    lane: EngineOptions['lane'],
  ) {
    this.overflowAt = lane === 'approximate' ? Infinity : MAX_EXACT;
    this.modulus = typeof lane === 'number' ? lane : Infinity;
  }

  /**
   * A node's count as the engine keeps it: refused past 2^53 - 1, or
   * reduced modulo the lane's prime (below 2^44, so that a node of fewer
   * than 512 branches sums its residues exactly; one of more is refused
   * all the same), or, in the approximate lane, left as a double rounds it.
   */
  protected kept(total: number): number {
    if (total > this.overflowAt) throw new CountOverflow();
    return total >= this.modulus ? total % this.modulus : total;
  }

  push(row: number): void {
    this.path.push(row);
    this.take(row);
  }

  pop(): void {
    this.giveBack(this.path.pop()!);
  }

  /**
   * Takes `rows` before the count, below every push: a Burnside term's
   * pinned representatives, on the problem the other pinned terms share
   * (exact-cover.ts, PinnedTerms). A memo keyed by every covered item (MRV)
   * needs nothing more; the sweep's key does (sweep.ts).
   */
  pin(rows: readonly number[]): void {
    for (const r of rows) this.take(r);
  }

  /** Gives back what pin took, last first (a row taken later may hide what one taken earlier left). */
  unpin(rows: readonly number[]): void {
    for (let k = rows.length - 1; k >= 0; k--) this.giveBack(rows[k]!);
  }

  children(): number[] {
    return this.p.impossible ? [] : this.branchRows().sort((a, b) => a - b);
  }

  count(): number {
    if (this.p.impossible) return 0;
    this.progress.reset();
    this.progress.running = true;
    try {
      return this.countFromHere();
    } finally {
      this.progress.running = false;
    }
  }

  fraction(): number {
    return this.progress.fraction();
  }

  memory(): CacheStats {
    return this.cache.snapshot();
  }

  checkpoint(): (undo: boolean) => void {
    const nodes = this.nodes;
    const endJournal = this.cache.journal();
    const rewind = this.rewinder();
    return (undo) => {
      endJournal(undo);
      if (!undo) return;
      this.nodes = nodes;
      rewind();
    };
  }

  /** What takes the engine back from wherever a count() call stopped to the node it was called at. */
  protected abstract rewinder(): () => void;
  protected abstract take(row: number): void;
  protected abstract giveBack(row: number): void;
  /** The rows the current node branches on, in any order. */
  protected abstract branchRows(): number[];
  /** The solutions below the current node, by the engine's own search. */
  protected abstract countFromHere(): number;
}
