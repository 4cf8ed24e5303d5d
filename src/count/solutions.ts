import { type Instance, countedCover } from '../core/puzzle.js';
import type { CacheStats } from './cache.js';
import { type BurnsideTerm, blockSums, burnsideSum, classTerms, copyClassTerms, solutionTerms } from './burnside.js';
import {
  MemoryBoundExceeded,
  type RecordCheck,
  ResumeConflict,
  type SetUpPoll,
  Stopped,
  type Strategy,
  UnitRunner,
  checkResumedTerms,
  repeatedSetUp,
  setUpPoll,
  setUpUnlessStopped,
} from './engine.js';
import type { StrategyChoice } from '../core/plan.js';
import { PinnedTerms, type RunOptions, type RunResult, type UnitCount, runCount, stoppableStrategy, wideBoard } from './exact-cover.js';
import { type CountProblem, type ExactCoverInput, type ItemOrder, boardOrder, compileProblem, inputOrder } from './problem.js';

/**
 * The solutions, or the classes, of a puzzle posed as exact cover, counted
 * without visiting them: every term (one for the solutions; Burnside's for
 * the classes) counted by runCount, one after the other, with one progress
 * figure over all of them.
 */
export interface CountInstanceOptions {
  /** Count classes under the puzzle's symmetries rather than solutions. */
  unique?: boolean;
  /** Burnside over the whole group instead of pinned at the representatives (the cross-check). */
  unpinned?: boolean;
  strategy?: StrategyChoice;
  maxBytes?: number;
  shouldStop?: () => boolean;
  /** The share of the whole count done, at every poll. */
  onTick?: (fraction: number) => void;
  /** Units already counted, by term key then unit key (resume). */
  finished?: ReadonlyMap<string, ReadonlyMap<string, bigint>>;
  /** Count nothing but the units due for their recount: check the units on file against this count's (RecordCheck). */
  check?: RecordCheck;
  /** Finished units to count again and compare, by term key (resume's spot check). */
  recheck?: ReadonlyMap<string, ReadonlySet<string>>;
  /** The strategy each term ran with before (resume): its units are that strategy's. */
  strategies?: ReadonlyMap<string, Strategy>;
  onUnit?: (term: string, strategy: Strategy, unit: UnitCount) => void;
  /** What a count of the same instance and options built before this one (a resume's check, then its count): taken up, and added to. */
  built?: BuiltTerms;
  /** How long a unit, or a long step of a term's set-up, runs plainly before it is undone and run again through the front end's runner (UnitRunner); PLAIN_UNIT_MS when absent (a seam for tests). */
  plainUnitMs?: number;
}

export interface TermResult {
  key: string;
  symmetry: number;
  /** The representatives pinned (variables), outermost first. */
  pinned?: number[];
  /** The solutions this term's symmetry fixes (with its representatives); a lower bound when incomplete. */
  fixed: bigint;
  complete: boolean;
  /** Absent for a term the count stopped before, whose strategy (auto) was never worked out. */
  strategy?: Strategy;
  nodes: number;
  /** The term's rows as counted; absent for a term the count stopped before, whose rows were not built. */
  rows?: number;
  cache: CacheStats;
}

export interface InstanceCount {
  /** Solutions, or classes with `unique`; when incomplete, a lower bound (every term's partial sum counts, and none is negative). */
  count: bigint;
  complete: boolean;
  method: string;
  terms: TermResult[];
  nodes: number;
  /** The memo over all terms: sizes at their largest, the rest summed. */
  cache: CacheStats;
  /** Set when a term needed more memory than the bound: the count stopped there, incomplete. */
  memory?: MemoryBoundExceeded;
  /** Units undone at their time limit and counted again through the front end's runner (UnitRunner); absent when none were. */
  redone?: number;
  /** A unit's search began, in some term: a count stopped without it stopped in its set-up (the terms, their problems, the cut into units). */
  searched: boolean;
}

/** How the puzzle's items are swept: a packing's cells along its longest axis, then the pieces; else as given. */
export function itemOrderOf(instance: Instance): ItemOrder {
  const ec = countedCover(instance)!;
  const items = ec.primary + ec.secondary;
  const region = (instance as Partial<{ spec: { region: readonly (readonly number[])[] } }>).spec?.region;
  return region && region.length <= items ? boardOrder(region, items) : inputOrder(ec);
}

/**
 * The terms a count runs: the identity for solutions, Burnside's for classes
 * (worked out polling `poll`, their rows built when read, polling it too).
 * A stop while they are worked out is thrown (Stopped), unless a resumed
 * file holds units: those count in the lower bound by their terms' blocks,
 * so the terms are worked out all the same, without the poll.
 */
export function termsOf(
  instance: Instance,
  options: Pick<CountInstanceOptions, 'unique' | 'unpinned' | 'finished'>,
  poll?: SetUpPoll,
): BurnsideTerm[] {
  const terms = options.unique ? burnsideTerms(instance, options, poll) : solutionTerms(instance);
  checkResumedTerms(new Set(terms.map((t) => t.key)), options.finished);
  return terms;
}

/** Burnside's terms of the classes (termsOf). */
function burnsideTerms(instance: Instance, options: Pick<CountInstanceOptions, 'unpinned' | 'finished'>, poll?: SetUpPoll): BurnsideTerm[] {
  // Copies: over the whole group (no piece to pin: its placements are rows of every copy).
  if (!instance.exactCover) return copyClassTerms(instance, poll);
  const ec = instance.exactCover;
  const nest = ec !== undefined && wideBoard(ec, itemOrderOf(instance));
  try {
    return classTerms(instance, !options.unpinned, poll, nest);
  } catch (e) {
    if (!(e instanceof Stopped) || !options.finished?.size) throw e;
    return classTerms(instance, !options.unpinned, undefined, nest);
  }
}

/**
 * What a term is counted with: what its resumed file says, else what was
 * asked. Auto gives a nested term MRV: its count nests because the whole
 * board's front is wide (termsOf), and its problem, with two rows taken,
 * may look narrow to auto's test, but the sweep would count it alone, each
 * term pinned deep in the board keyed apart (solid-pentominoes-2x5x6: 0.94
 * million nodes with terms so switched to the sweep, 0.43 by MRV).
 */
export function strategyOf(term: BurnsideTerm, options: Pick<CountInstanceOptions, 'strategy' | 'strategies'>): StrategyChoice | Strategy {
  const asked = options.strategies?.get(term.key) ?? options.strategy ?? 'auto';
  return asked === 'auto' && (term.pinned?.length ?? 0) > 1 ? 'mrv' : asked;
}

/**
 * A count stopped before its terms were worked out (termsOf; or before it
 * began, a resumed file's read cut short), with no resumed units: nothing
 * counted, by the method it would have used, not begun (methodOf).
 */
export const stoppedBeforeTerms = (options: Pick<CountInstanceOptions, 'unique'>): InstanceCount => ({
  count: 0n,
  complete: false,
  method: methodOf(undefined, [], options),
  terms: [],
  nodes: 0,
  cache: EMPTY_STATS,
  searched: false,
});

/** Each term's share of the progress bar: the identity terms are nearly all the work, and share it equally. */
export function termWeights(terms: readonly BurnsideTerm[]): number[] {
  const heavy = terms.filter((t) => t.symmetry === 0).length;
  return terms.map((t) => (t.symmetry === 0 ? 1 / heavy : 0));
}

/** The order terms run in: light ones first, so that the bar, once it moves, moves over the work that matters. */
export const lightFirst = (weights: readonly number[]): number[] => weights.map((_, k) => k).sort((a, b) => weights[a]! - weights[b]! || a - b);

/**
 * What a count's set-up built, kept for a second count of the same instance
 * and options: a resume checks its file's records by a count (checkedRecords
 * in count.ts), then counts, and both worked out the terms and compiled
 * those the file holds units of (5x12's classes, half the terms on file: 25
 * compiles where a count alone makes 16). The check's engines are not kept:
 * their memos would change the count's figures.
 */
export interface BuiltTerms {
  terms?: readonly BurnsideTerm[];
  /** Each term's compiled problem, by term. */
  problems: Map<BurnsideTerm, CountProblem>;
  /** The problem the pinned terms share (pinnedOr). */
  pinning: PinnedSlot;
}

export const builtTerms = (): BuiltTerms => ({ problems: new Map(), pinning: {} });

export async function countInstance(instance: Instance, options: CountInstanceOptions = {}): Promise<InstanceCount> {
  const { built } = options;
  // Kept terms too are taken as the front end runs set-ups: a stop asked by then (Ctrl-C as a resume says it resumes) is heard there, as before.
  const terms = await stoppableSetUp(options, options.shouldStop, (poll) => built?.terms ?? termsOf(instance, options, poll));
  if (built && terms) built.terms = terms;
  return terms ? countTerms(instance, terms, options) : stoppedBeforeTerms(options);
}

/**
 * A count's terms (`build`, termsOf or what holds them) worked out as the
 * front end runs set-ups, polling `shouldStop` (setUpUnlessStopped):
 * undefined when stopped there, unless a resumed file holds units. Those
 * count by their terms' blocks, so the terms are worked out all the same,
 * without the poll (as termsOf does when its poll stops it).
 */
export async function stoppableSetUp<T>(
  options: Pick<CountInstanceOptions, 'finished'>,
  shouldStop: (() => boolean) | undefined,
  build: (poll?: SetUpPoll) => T,
): Promise<T | undefined> {
  const built = await setUpUnlessStopped(() => build(setUpPoll(shouldStop)));
  return built ?? (options.finished?.size ? build() : undefined);
}

/** The count from the given terms (termsOf's, or another cut of the same count: bench/count-nesting.ts). */
export async function countTerms(instance: Instance, terms: readonly BurnsideTerm[], options: CountInstanceOptions = {}): Promise<InstanceCount> {
  const order = itemOrderOf(instance);
  const weights = termWeights(terms);
  const results: TermResult[] = new Array(terms.length);
  let memory: MemoryBoundExceeded | undefined;
  let done = 0;
  let complete = true;
  let searched = false;
  const built = options.built ?? builtTerms();
  // An engine an earlier count left in the slot has its memo: each count starts its own.
  built.pinning.terms?.drop();
  const setUp = repeatedSetUp();
  const units = new UnitRunner(options.plainUnitMs);
  // The steps of a term's set-up that may take seconds (the trial of counting by parts, the cut into units), run as units are.
  const setUps = new UnitRunner(options.plainUnitMs);
  for (const k of lightFirst(weights)) {
    const term = terms[k]!;
    const weight = weights[k]!;
    // Stopped: a term not begun is not compiled either (compiling polls nothing: 80 pinned terms of a 20x20 board took 13 s),
    // and a stop heard while its rows are built (the group's check, its restriction) leaves it not begun.
    // Checking a resumed file counts nothing, and goes on past a term it lacks units of: to every term it holds, or every term of a finished file.
    const wanted = options.check ? options.check === 'finished' || options.finished?.has(term.key) === true : complete;
    const problem = wanted && options.shouldStop?.() !== true ? await compiledTerm(term, order, setUp, built) : undefined;
    if (!problem) {
      complete = false;
      results[k] = notBegun(term, options);
      continue;
    }
    const strategy = await stoppableStrategy(setUps, problem, strategyOf(term, options), options.maxBytes, options.shouldStop);
    let run: RunResult | undefined;
    try {
      const counted = pinnedOr(term, problem, strategy, order, built.pinning);
      run = await runCount(counted.problem, {
        pinned: counted.pinned,
        strategy,
        maxBytes: options.maxBytes,
        shouldStop: options.shouldStop,
        onTick: (f) => options.onTick?.(done + weight * f),
        finished: options.finished?.get(term.key),
        recheck: options.recheck?.get(term.key),
        check: options.check,
        onUnit: (u) => options.onUnit?.(term.key, strategy, u),
        units,
        setUp: setUps,
      });
    } catch (e) {
      if (e instanceof ResumeConflict) throw e.of(term.key);
      if (!(e instanceof MemoryBoundExceeded)) throw e;
      memory = e;
    }
    done += weight;
    complete &&= run?.complete === true;
    searched ||= run?.searched === true;
    results[k] = termResult(term, problem.rowIds.length, strategy, run ?? recordedRun(options.finished?.get(term.key)));
  }
  const counted = assembled(terms, results, options, memory, searched);
  return units.redone ? { ...counted, redone: units.redone } : counted;
}

/** A term's compiled problem: the one `built` holds, else compiled by `setUp` (undefined when stopped there) and kept there. */
async function compiledTerm(
  term: BurnsideTerm,
  order: ItemOrder,
  setUp: ReturnType<typeof repeatedSetUp>,
  built: BuiltTerms,
): Promise<CountProblem | undefined> {
  const problem = built.problems.get(term) ?? (await setUp(() => compileProblem(term.problem, order, term.forced)));
  if (problem) built.problems.set(term, problem);
  return problem;
}

/**
 * A term the count stopped before: no rows (they are not built), the
 * strategy it ran with before (a resumed file) or was given, none when it
 * would have been worked out (auto), and the units its resumed file records.
 */
export function notBegun(term: BurnsideTerm, options: CountInstanceOptions): TermResult {
  const given = options.strategy === 'auto' ? undefined : options.strategy;
  return termResult(term, undefined, options.strategies?.get(term.key) ?? given, recordedRun(options.finished?.get(term.key)));
}

/** A term not counted (the count had stopped): the units its resumed file records, each exact, are its lower bound. */
export function recordedRun(units: ReadonlyMap<string, bigint> | undefined): Omit<RunResult, 'strategy'> | undefined {
  if (!units?.size) return undefined;
  const count = [...units.values()].reduce((a, b) => a + b, 0n);
  return { count, complete: false, nodes: 0, cache: EMPTY_STATS, units: 0, resumed: units.size, searched: false };
}

/**
 * The pinned terms a count is on: one engine and memo at a time, within
 * the memory bound (the terms of one problem come one after another).
 */
export interface PinnedSlot {
  source?: ExactCoverInput;
  terms?: PinnedTerms;
}

/**
 * What runCount counts for a term: its compiled problem, or, for a term
 * that pins one row, the problem it shares with the terms pinned before it,
 * with that row pinned (PinnedTerms). A term whose pinned row leaves nothing
 * to count keeps its compiled problem, which says so at once.
 */
export function pinnedOr(
  term: BurnsideTerm,
  problem: CountProblem,
  strategy: Strategy,
  order: ItemOrder,
  slot: PinnedSlot,
): Pick<RunOptions, 'pinned'> & { problem: CountProblem } {
  if (strategy === 'components' || term.forced.length === 0 || problem.impossible) return { problem };
  if (slot.source !== term.problem || slot.terms?.strategy !== strategy) {
    slot.source = term.problem;
    slot.terms = new PinnedTerms(compileProblem(term.problem, order), strategy);
  }
  const { terms } = slot;
  return { problem: terms.problem, pinned: { terms, rows: term.forced.map((r) => terms.problem.rowIds.indexOf(r)) } };
}

/** A term's result from its run (absent: the term never ran, the count having stopped before it). */
export function termResult(
  term: BurnsideTerm,
  rows: number | undefined,
  strategy: Strategy | undefined,
  run: Omit<RunResult, 'strategy'> | undefined,
): TermResult {
  return {
    key: term.key,
    symmetry: term.symmetry,
    ...(term.pinned === undefined ? {} : { pinned: term.pinned }),
    fixed: run?.count ?? 0n,
    complete: run?.complete === true,
    ...(strategy === undefined ? {} : { strategy }),
    nodes: run?.nodes ?? 0,
    ...(rows === undefined ? {} : { rows }),
    cache: run?.cache ?? EMPTY_STATS,
  };
}

/** The count from its terms' results: Burnside's sum when every term is complete, else its floor. */
export function assembled(
  terms: readonly BurnsideTerm[],
  results: readonly TermResult[],
  options: Pick<CountInstanceOptions, 'unique'>,
  memory: MemoryBoundExceeded | undefined,
  searched: boolean,
): InstanceCount {
  const fixed = results.map((r) => r.fixed);
  const complete = results.every((r) => r.complete);
  return {
    count: complete ? burnsideSum(terms, fixed) : lowerBound(terms, fixed),
    complete,
    method: methodOf(terms, results, options),
    terms: [...results],
    nodes: results.reduce((n, r) => n + r.nodes, 0),
    cache: combined(results.map((r) => r.cache)),
    searched,
    ...(memory ? { memory } : {}),
  };
}

/** A partial Burnside sum's floor, block by block: every term only grows, so the classes are at least this. */
function lowerBound(terms: readonly BurnsideTerm[], fixed: readonly bigint[]): bigint {
  return [...blockSums(terms, fixed).values()].reduce((n, b) => n + b.sum / BigInt(b.order), 0n);
}

/** "exact cover (sweep)", "Burnside over 8 symmetries, pinned at 6 representatives, 9 terms (mrv)"; "Burnside (not begun)" before its terms were worked out (`terms` undefined). */
function methodOf(terms: readonly BurnsideTerm[] | undefined, results: readonly TermResult[], options: Pick<CountInstanceOptions, 'unique'>): string {
  const strategies =
    [...new Set(results.filter((r) => r.symmetry === 0 && r.strategy !== undefined).map((r) => r.strategy))].join('+') || 'not begun';
  if (!options.unique) return `exact cover (${strategies})`;
  if (!terms) return `Burnside (${strategies})`;
  // The symmetry-breaking family pins a piece that has no placement: no terms, no solutions.
  if (terms.length === 0) return 'Burnside with no terms (the pinned piece has no placement)';
  const blocks = new Set(terms.map((t) => t.block)).size;
  const nested = terms.some((t) => (t.pinned?.length ?? 0) > 1);
  const pinned = terms.some((t) => t.pinned) ? `pinned at ${blocks} representatives${nested ? ' (nested)' : ''}, ` : '';
  return `Burnside over ${terms[0]!.group} symmetries, ${pinned}${terms.length} terms (${strategies})`;
}

const EMPTY_STATS: CacheStats = { entries: 0, bytes: 0, lookups: 0, hits: 0, stores: 0, evictions: 0, savedNodes: 0 };

/** The memos of several terms as one: the largest table (they run one after another), every event summed. */
export function combined(stats: readonly CacheStats[]): CacheStats {
  const out = { ...EMPTY_STATS };
  for (const s of stats) {
    out.entries = Math.max(out.entries, s.entries);
    out.bytes = Math.max(out.bytes, s.bytes);
    out.peakBytes = Math.max(out.peakBytes ?? 0, s.peakBytes ?? s.bytes);
    out.lookups += s.lookups;
    out.hits += s.hits;
    out.stores += s.stores;
    out.evictions += s.evictions;
    out.savedNodes += s.savedNodes;
  }
  return out;
}
