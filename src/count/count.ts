import type { CountMethod, StrategyChoice, UniqueBy } from '../core/plan.js';
import { type Instance, countedCover, notExactCoverWhy, twinsWhy } from '../core/puzzle.js';
import { classSearchInstance } from '../symmetry/breaking.js';
import { UnevenBlock, copyClasses } from './burnside.js';
import { type CnfCount, countCnf, notCounted } from './cnf.js';
import {
  MemoryBoundExceeded,
  type RecordCheck,
  ResumeConflict,
  type SetUpPoll,
  type Strategy,
  checkResumedTerms,
  setUpPoll,
  setUpUnlessStopped,
} from './engine.js';
import { type BuiltTerms, type CountInstanceOptions, type InstanceCount, type TermResult, builtTerms, countInstance } from './solutions.js';

/**
 * Counting a puzzle (or a formula posed as one) by the method that fits:
 * the exact-cover counter where the puzzle is exact cover, with Burnside's
 * terms for classes; the CNF counter on its formula otherwise, or when
 * asked, with the symmetry-breaking family in it for classes (one model per
 * class, counted directly: the cross-check of Burnside).
 */

export interface CountRequest {
  unique?: boolean;
  uniqueBy?: UniqueBy;
  method?: CountMethod;
  strategy?: StrategyChoice;
  maxBytes?: number;
  shouldStop?: () => boolean;
  /** The share of the count done, now and then. */
  onTick?: (fraction: number) => void;
  /** Resume: counts of finished units by term, then unit. */
  finished?: ReadonlyMap<string, ReadonlyMap<string, bigint>>;
  /** Resume: the strategy each exact-cover term ran with. */
  strategies?: ReadonlyMap<string, Strategy>;
  /** Resume: finished units to recount and compare, by term. */
  recheck?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Resume: the count of a file that recorded it finished. It is the result, once its units are found to make it: nothing is counted again. */
  total?: bigint;
  /** Resume: called once the file's records are found to be this count's (checkedRecords), before anything is counted. */
  onResumeChecked?: () => void;
  onUnit?: (u: FinishedUnit) => void;
  /** Counts an exact-cover puzzle's terms: by default one after another in this thread (src/count-threads.ts counts them on worker threads). */
  countTerms?: (instance: Instance, options: CountInstanceOptions) => Promise<InstanceCount>;
}

export interface FinishedUnit {
  term: string;
  strategy?: Strategy;
  unit: string;
  count: bigint;
  nodes: number;
}

export interface CountReport {
  /** Exact when complete; else a lower bound. */
  count: bigint;
  complete: boolean;
  counter: CountMethod;
  /** How it was counted, for people: "exact cover (sweep)", "Burnside, 8 symmetries pinned at 6 representatives (mrv)", ... */
  method: string;
  nodes: number;
  cache: { entries: number; bytes: number; lookups: number; hits: number; evictions: number; savedNodes?: number };
  /** Burnside's terms (exact cover). */
  terms?: TermResult[];
  /** The instance whose formula was counted (the CNF counter with classes: the one with the symmetry-breaking family). */
  counted: Instance;
  /** Set when the count stopped at the memory bound. */
  memory?: MemoryBoundExceeded;
  /** The share of the search behind the count, its branches weighed alike: 1 when complete; how far an incomplete count got. */
  done: number;
  /** A unit's search began: an incomplete count without it stopped in its set-up, before it could count any unit. */
  searched: boolean;
}

/** The method a request runs with on this instance (exact cover where the puzzle has it and nothing rules it out). */
export function methodFor(instance: Instance, request: Pick<CountRequest, 'method' | 'unique' | 'uniqueBy'>): CountMethod {
  if (request.method) return request.method;
  if (request.unique && request.uniqueBy === 'clauses') return 'cnf';
  return (request.unique ? instance.exactCover || copyClasses(instance) : countedCover(instance)) ? 'exact-cover' : 'cnf';
}

/** Checks a request against the instance; returns a problem in words, or null. */
export function requestProblem(instance: Instance, request: CountRequest): string | null {
  const method = methodFor(instance, request);
  // Copies whose pieces the group swaps (mirror twins): the packing is exact cover, but its classes are not Burnside's here.
  const twins = request.unique === true && !instance.exactCover && countedCover(instance) !== undefined && !copyClasses(instance);
  const swapped = twinsWhy(instance.puzzle);
  if (method === 'exact-cover' && twins) return `classes by Burnside's lemma: ${swapped}; count its classes with the cnf method`;
  if (method === 'exact-cover' && !countedCover(instance)) return `${instance.puzzle} ${notExactCoverWhy()}; count its formula with the cnf method`;
  if (method === 'exact-cover' && request.unique && request.uniqueBy === 'clauses')
    return 'classes by clauses are models of the symmetry-breaking family, a formula: they need the cnf method';
  if (method === 'cnf' && request.unique && request.uniqueBy !== undefined && request.uniqueBy !== 'clauses')
    return request.method === undefined
      ? `classes by ${request.uniqueBy} need the exact-cover method, and ${twins ? swapped : `${instance.puzzle} ${notExactCoverWhy()}`}; count classes by clauses`
      : `classes by ${request.uniqueBy} need the exact-cover method; the cnf method counts classes by clauses`;
  return null;
}

export async function countPuzzle(instance: Instance, request: CountRequest = {}): Promise<CountReport> {
  const problem = requestProblem(instance, request);
  if (problem) throw new Error(`count: ${problem}`);
  if (!request.finished?.size && request.total === undefined) return counted(instance, request);
  // The check and the count share what the check set up (its terms, their compiled problems).
  const built = builtTerms();
  const stopped = await checkedRecords(instance, request, built);
  if (stopped) return stopped;
  request.onResumeChecked?.();
  // A finished count resumed is its result: counting it again could only stop short of it (a --timeout) and report less.
  if (request.total !== undefined) return recordedCount(instance, request, request.total);
  // Its units due for a recount were counted in the check; the others' counts, which only the total puts to the test, are the file's word.
  return classesOnRecord(() => counted(instance, { ...request, recheck: undefined }, undefined, built), undefined);
}

/**
 * A resumed file's records held to this count before the count says it
 * resumes and goes on, nothing counted but the recounts of a few finished
 * units (`recheck`): every term and unit the file names must be this
 * count's, and its recounts must agree (ResumeConflict); a finished file's
 * (`total`) must hold all of the count's units, making its total
 * (RecordedCountConflict), and is not recounted. A conflict found once the
 * count was under way came after the CLI had said it resumed, and a
 * finished file was taken at its closing line's word (one cut or edited
 * short of units reported as the count). Gives what the units of a
 * finished file make, incomplete, when a stop cut its check short;
 * undefined otherwise.
 */
async function checkedRecords(instance: Instance, request: CountRequest, built: BuiltTerms): Promise<CountReport | undefined> {
  // The check writes nothing and shows no progress; it runs in this thread, counting a few small units at most.
  const checking: CountRequest = { ...request, onUnit: undefined, onTick: undefined, countTerms: undefined };
  const { total } = request;
  if (total === undefined) {
    await counted(instance, checking, 'started', built);
    return undefined;
  }
  const report = await classesOnRecord(() => counted(instance, { ...checking, recheck: undefined }, 'finished', built), total);
  if (!report.complete) return report;
  if (report.count !== total) throw new RecordedCountConflict(total, String(report.count));
  return undefined;
}

/**
 * A resumed count whose units on record sum, by Burnside, to no whole number
 * of classes (UnevenBlock: a count edited) is the file's conflict, of a
 * finished file (`total`, its closing line's) or of one the count went on.
 */
async function classesOnRecord(count: () => Promise<CountReport>, total: bigint | undefined): Promise<CountReport> {
  try {
    return await count();
  } catch (e) {
    if (!(e instanceof UnevenBlock)) throw e;
    throw new RecordedCountConflict(total, `no whole number of classes (${e.keys.join(', ')} fix ${e.sum} in all, not a multiple of ${e.order})`);
  }
}

/** A count's file whose units make another count (`made`, in words) than its closing line records, or (`recorded` undefined) none. */
export class RecordedCountConflict extends Error {
  constructor(
    readonly recorded: bigint | undefined,
    readonly made: string,
  ) {
    super(recorded === undefined ? `its units make ${made}` : `the count is recorded as ${recorded}, its units make ${made}`);
  }
}

/**
 * The count by the method that fits (or, `check`, the resumed file's units
 * checked against it: RecordCheck), exact cover going on with what `built`
 * holds of an earlier count's set-up.
 */
async function counted(instance: Instance, request: CountRequest, check?: RecordCheck, built?: BuiltTerms): Promise<CountReport> {
  // Both counters report their share done at every poll and once more where they stop: the last report is how far they got.
  let done = 0;
  const tracked: CountRequest = {
    ...request,
    onTick: (fraction) => {
      done = fraction;
      request.onTick?.(fraction);
    },
  };
  const report = await (methodFor(instance, request) === 'exact-cover'
    ? byExactCover(instance, tracked, check, built)
    : byCnf(instance, tracked, check));
  return { ...report, done: report.complete ? 1 : done };
}

async function byExactCover(instance: Instance, request: CountRequest, check?: RecordCheck, built?: BuiltTerms): Promise<Omit<CountReport, 'done'>> {
  const result = await (request.countTerms ?? countInstance)(instance, {
    unique: request.unique,
    unpinned: request.uniqueBy === 'burnside-group',
    strategy: request.strategy,
    maxBytes: request.maxBytes,
    shouldStop: request.shouldStop,
    onTick: request.onTick,
    finished: request.finished,
    strategies: request.strategies,
    recheck: request.recheck,
    check,
    built,
    onUnit: (term, strategy, u) => request.onUnit?.({ term, strategy, unit: u.unit, count: u.count, nodes: u.nodes }),
  });
  return {
    count: result.count,
    complete: result.complete,
    counter: 'exact-cover',
    method: result.method,
    nodes: result.nodes,
    cache: result.cache,
    terms: result.terms,
    counted: instance,
    searched: result.searched,
    ...(result.memory ? { memory: result.memory } : {}),
  };
}

const NO_CACHE: CountReport['cache'] = { entries: 0, bytes: 0, lookups: 0, hits: 0, evictions: 0 };

/** The report of a count read back finished from a resume file: none of the search ran. */
function recordedCount(instance: Instance, request: CountRequest, count: bigint): CountReport {
  const counter = methodFor(instance, request);
  return {
    count,
    complete: true,
    counter,
    method: 'the finished count of the resumed file',
    nodes: 0,
    cache: NO_CACHE,
    counted: counter === 'cnf' ? cnfCounted(instance, request) : instance,
    done: 1,
    searched: false,
  };
}

/**
 * The instance whose formula the CNF counter counts: for classes, the one
 * with the symmetry-breaking family (one model per class), a copy of the
 * whole formula, whose making polls `poll`.
 */
const cnfCounted = (instance: Instance, request: CountRequest, poll?: SetUpPoll): Instance =>
  request.unique ? classSearchInstance(instance, 'clauses', poll) : instance;

/** The one term of a CNF count in a resume file. */
export const CNF_TERM = 'cnf';

async function byCnf(instance: Instance, request: CountRequest, check?: RecordCheck): Promise<Omit<CountReport, 'done'>> {
  // Made as the front end runs set-ups (setUpUnlessStopped), as the counter's arrays are: a copy of the whole formula,
  // during which the CLI's Ctrl-C reached no poll.
  checkResumedTerms(new Set([CNF_TERM]), request.finished);
  const built = await setUpUnlessStopped(() => cnfCounted(instance, request, setUpPoll(request.shouldStop)));
  // Stopped while the family's formula was made: the puzzle's own formula is the one reported, nothing counted but the file's units.
  const counted = built ?? instance;
  const cnf = counted.cnf;
  let result: CnfCount | undefined;
  let memory: MemoryBoundExceeded | undefined;
  try {
    result = built
      ? await countCnf(
          { varCount: cnf.varCount, clauses: cnf.clauses(), projection: cnf.projection, auxiliary: cnf.auxiliaryVariables() },
          {
            maxBytes: request.maxBytes,
            shouldStop: request.shouldStop,
            onTick: request.onTick,
            finished: request.finished?.get(CNF_TERM),
            recheck: request.recheck?.get(CNF_TERM),
            check,
            onUnit: (u) => request.onUnit?.({ term: CNF_TERM, unit: u.unit, count: u.count, nodes: u.nodes }),
          },
        )
      : notCounted(request.finished?.get(CNF_TERM));
    // The search stopped at the bound: the units it finished are counted.
    memory = result.memory;
  } catch (e) {
    if (e instanceof ResumeConflict) throw e.of(CNF_TERM);
    // Too large to start: nothing is counted.
    if (!(e instanceof MemoryBoundExceeded)) throw e;
    memory = e;
  }
  return {
    count: result?.count ?? 0n,
    complete: result?.complete === true,
    counter: 'cnf',
    method: `projected model count${request.unique ? ' of the symmetry-breaking family (one model per class)' : ''}`,
    nodes: result?.nodes ?? 0,
    cache: result?.cache ?? NO_CACHE,
    counted,
    searched: result?.searched === true,
    ...(memory ? { memory } : {}),
  };
}
