import type { StrategyChoice } from '../core/plan.js';
import type { CacheStats } from './cache.js';
import { PartsCounter, partsFit, partsPayOff } from './components.js';
import { MrvCounter } from './mrv.js';
import {
  type CountEngine,
  CountOverflow,
  type EngineOptions,
  DEFAULT_MAX_BYTES,
  MIN_CACHE_BYTES,
  MemoryBoundExceeded,
  type Strategy,
  Stopped,
  type LoopProgress,
  type RecordCheck,
  type UnitRunner,
  checkResumedUnits,
  runUnits,
  shownShare,
} from './engine.js';
import { type CountProblem, type ExactCoverInput, type ItemOrder, frontOf } from './problem.js';
import { SweepCounter, scanTableBytes, slotTableBytes, sweepWindow } from './sweep.js';
import { WideLanes, roundingBound } from './wide.js';

/**
 * Runs a counting engine over one compiled problem: picks the strategy
 * (by parts, sweep or MRV) unless told, cuts the search into units (the subtrees below the first
 * levels of its own branching; counting by parts is one unit) so that a stopped count can be resumed from
 * the units it finished, yields to the event loop between units, and keeps
 * the engine's memory within a bound.
 */

export interface UnitCount {
  /** The unit's path of rows (input row indices), space-separated; '*' for the whole tree. */
  unit: string;
  /** A bigint: the units of 12x12 by dominoes sum past 2^53, those of 14x14 each pass it (counted in lanes, wide.ts). */
  count: bigint;
  nodes: number;
}

export interface RunOptions {
  strategy?: StrategyChoice | Strategy;
  /** Bytes the engine and its memo may take (default DEFAULT_MAX_BYTES). */
  maxBytes?: number;
  /** Polled every few thousand nodes: true stops the count, which comes back incomplete. */
  shouldStop?: () => boolean;
  /** Called at the same polls with the share of the search done. */
  onTick?: (fraction: number) => void;
  /** Units already counted (resume), by unit key: skipped, their counts added. Each must be a unit of this count. */
  finished?: ReadonlyMap<string, bigint>;
  /** Finished units to count again all the same: a different count throws ResumeConflict (the resume's spot check). */
  recheck?: ReadonlySet<string>;
  /** Count nothing but the units due for their recount: check the units on file against this count's (RecordCheck). */
  check?: RecordCheck;
  onUnit?: (u: UnitCount) => void;
  /**
   * Count only this share of the units: the index-th of `of` runs of units
   * in walk order, so that neighbouring subtrees (which share most
   * subproblems) meet one memo. Threads count one term's shares side by
   * side: on the 8x8 + 2x2 count of solutions, two runs took 70 CPU s where
   * one thread took 65-69 and units dealt round-robin 109-111. The count,
   * the ticks and completeness are the share's; the shares' counts sum to
   * the term's.
   */
  share?: { index: number; of: number };
  /** Count with these rows of the problem pinned, on the engine and memo the pinned terms share (sweep or MRV). */
  pinned?: { terms: PinnedTerms; rows: readonly number[] };
  /**
   * What runs each unit, so that the CLI's Ctrl-C cuts a long one short
   * (UnitRunner; one for all the terms of a count). Absent, units run
   * plainly: a thread's stop is a flag its polls read, heard at once.
   */
  units?: UnitRunner;
  /**
   * What runs the cut into units the same way (unitsOf: 2 s of MRV on a
   * 20x20 board, where a press waited for its end): a runner apart from
   * `units`, whose `redone` counts units. Absent, the cut runs plainly.
   */
  setUp?: UnitRunner;
}

/**
 * Terms that each pin a different row of one problem (Burnside's terms,
 * one per representative) counted by one engine and memo. Compiled with its
 * row forced, each term was a problem of its own, numbered its own way, and
 * met none of the subproblems the other terms had counted; pinned on the
 * common problem, the terms meet the same subproblems once the search is
 * past their pinned rows (pin in engine.ts and sweep.ts). The units, and so
 * the resume files, are the same either way. OneSidedPentominoes6x15's 14
 * identity terms by the sweep, a 512-MiB memo (2026-12-04, two runs one
 * after the other): 220 CPU s and 303 million nodes shared, 548 s and 811
 * million compiled apart.
 */
export class PinnedTerms {
  private engine: SweepCounter | MrvCounter | undefined;
  /** The stop of the run using the engine now (an engine's stop is fixed when it is made). */
  private poll: () => boolean = () => false;

  constructor(
    readonly problem: CountProblem,
    readonly strategy: 'sweep' | 'mrv',
  ) {}

  /** The shared engine, made on first use with this memo bound, polling `shouldStop` until the next call. */
  engineFor(cacheBytes: number, shouldStop: () => boolean): SweepCounter | MrvCounter {
    this.poll = shouldStop;
    const options = { cacheBytes, shouldStop: () => this.poll(), pinnable: true };
    this.engine ??= searchEngine(this.strategy, this.problem, options);
    return this.engine;
  }

  /** A stopped engine is unusable (Stopped): the next term makes a new one. */
  drop(): void {
    this.engine = undefined;
  }
}

export interface RunResult {
  /** The exact count when complete; else the sum over the finished units, a lower bound. */
  count: bigint;
  complete: boolean;
  strategy: Strategy;
  nodes: number;
  cache: CacheStats;
  units: number;
  /** Units taken from `finished` rather than counted. */
  resumed: number;
  /** A unit's search began: a run stopped without it stopped in its set-up (the engine, the cut into units). */
  searched: boolean;
}

/**
 * The widest front (cells a row reaches past its first, sweepWindow's
 * `after`) at which auto sweeps rather than branching by MRV. Measured with
 * --unique (same run, CPU s, sweep against MRV, two runs each, after MRV's
 * undo became a copy back and its hides cheaper, 2026-12-03): 6x10 (front
 * 24) 2.7 / 5.7 and 2.5 / 3.9, 8x8 with the centre hole (30) 1.41 / 1.56
 * and 1.32 / 1.26, 8x8 with the 2x2 square (32) 9.3 / 22.8 and 8.2 / 18.9,
 * hexiamonds 6x6 (32-35) 2.4 / 2.7 and 2.0 / 2.8. Wider fronts make the
 * sweep's memo keys longer and its dead ends later, and past this neither
 * wins outright: O'Beirne's hexagon (front 44-45), whole terms, 868 / 791 on
 * one and 132 / 208 on another before that change, 257 / 271 on the second
 * after it (two rounds, bench/results/count-term-obeirne.md); a part of one
 * term of OneSidedPentominoes9x10 (wider than 32), 21.7 / 15.7 and
 * 22.4 / 14.0.
 */
const SWEEP_MAX_FRONT = 32;

/**
 * The strategy a count runs: the one asked for (or a resumed count's), or
 * auto's choice: by parts where the board falls apart into parts no row
 * joins, their fillings are few enough to list (partsPayOff) and the
 * tables over piece sets fit in the memory bound beside the engine, else
 * the sweep where the front between filled and empty cells is short, MRV
 * elsewhere.
 */
export function resolveStrategy(
  p: CountProblem,
  choice: StrategyChoice | Strategy = 'auto',
  maxBytes = DEFAULT_MAX_BYTES,
  shouldStop: () => boolean = () => false,
): Strategy {
  if (choice !== 'auto') return choice;
  if (partsFit(p, maxBytes - engineBytes(p)) && partsPayOff(p, shouldStop)) return 'components';
  return wideFront(p) || hasSecondary(p) ? 'mrv' : 'sweep';
}

/**
 * Items a solution may leave uncovered: crossing claims of sticks and
 * trigs, optional cells no row needs. The sweep orders cells alone and
 * keeps these in its key's global bits with the pieces, so its look-ahead
 * never tests them and its memo keys differ by claims far behind the front;
 * MRV branches on them as on any item. Counts of all solutions, CPU s,
 * sweep against MRV (same session, 2026-12-07): Puzzler's
 * Polytrigs23TriangleRing 90.8 / 6.0 (dancing links 13.1), its
 * Polytrigs23Hexagon over 145 / 9.3, TritrigsStackedElongatedHexagons2x2x1
 * 2.4 / 0.6, polysticks of orders 1-3 in a 4x4 lattice with optional
 * sticks 0.53 / 0.47, the 8x8 board with its centre cells optional 23.3 /
 * 18.3; with --unique the ring 1.43 / 1.15.
 */
const hasSecondary = (p: CountProblem): boolean => p.primary.subarray(0, p.items).includes(0);

/**
 * resolveStrategy run by `runner` (stoppably), so that the CLI's Ctrl-C cuts
 * its trial of counting by parts short: up to 2^23 nodes, 8 s on a loaded
 * machine, which a press waited for. A trial cut short decided nothing, as
 * one its poll stopped (partsPayOff): auto then chooses as if it had failed.
 */
export async function stoppableStrategy(
  runner: UnitRunner | undefined,
  p: CountProblem,
  choice: StrategyChoice | Strategy | undefined,
  maxBytes: number | undefined,
  shouldStop: () => boolean = () => false,
): Promise<Strategy> {
  try {
    return await stoppably(runner, (stop) => resolveStrategy(p, choice, maxBytes, stop), shouldStop);
  } catch (e) {
    if (!(e instanceof Stopped)) throw e;
    return resolveStrategy(p, choice, maxBytes, () => true);
  }
}

/**
 * `work`, a synchronous step of a count that polls its stop, run by `runner`
 * as it runs a unit (UnitRunner.run): plainly at first, and once past the
 * runner's time (its poll, asked at the step's polls), again through the
 * front end's runner, which the CLI's Ctrl-C cuts short (Stopped). A step
 * run this way must leave nothing behind when a poll throws. Without a
 * runner it runs plainly.
 */
async function stoppably<T>(runner: UnitRunner | undefined, work: (stop: () => boolean) => T, shouldStop: () => boolean): Promise<T> {
  if (!runner) return work(shouldStop);
  const stop = (): boolean => {
    if (shouldStop()) return true;
    runner.poll();
    return false;
  };
  return runner.run(
    () => work(stop),
    () => () => {},
  );
}

/** The front between filled and empty cells is too wide for the sweep: auto branches by MRV. */
const wideFront = (p: CountProblem): boolean => sweepWindow(p).after > SWEEP_MAX_FRONT;

/** The same of a problem as given (frontOf): a count of classes nests its pinning there (termsOf). */
export const wideBoard = (problem: ExactCoverInput, order: ItemOrder): boolean => frontOf(problem, order) > SWEEP_MAX_FRONT;

/** Units wanted: enough for resume and for Ctrl-C between them, few enough to list quickly. */
const UNITS_WANTED = 256;
const MAX_UNIT_DEPTH = 4;

/** Bytes the problem and an engine's arrays take, memo aside (a bound over both engines). */
export function engineBytes(p: CountProblem): number {
  const memberships = p.rowItems.length;
  const rows = p.rowStart.length;
  return 4 * (7 * memberships + 8 * rows + 12 * p.items) + slotTableBytes(p) + scanTableBytes(p);
}

function makeEngine(strategy: Strategy, p: CountProblem, options: EngineOptions): CountEngine {
  return strategy === 'components' ? new PartsCounter(p, options) : searchEngine(strategy, p, options);
}

/** An engine that searches row by row (not by parts): the one kind that can be pinned (a term's rows, a lane's). */
function searchEngine(strategy: 'sweep' | 'mrv', p: CountProblem, options: EngineOptions): SweepCounter | MrvCounter {
  return strategy === 'sweep' ? new SweepCounter(p, options) : new MrvCounter(p, options);
}

/**
 * Counts the problem unit by unit. An engine keeps counts exactly up to
 * 2^53 (CountOverflow past it); where a unit passes that, the count starts
 * again in lanes (wide.ts), the units this run finished taken up as a
 * resumed file's would be.
 */
export async function runCount(p: CountProblem, options: RunOptions = {}): Promise<RunResult> {
  const counted = new Map(options.finished ?? []);
  const onUnit = (u: UnitCount): void => {
    counted.set(u.unit, u.count);
    options.onUnit?.(u);
  };
  // The strategy the first pass worked out: auto's trial of counting by parts (up to 2^23 nodes) is not run again for the lanes.
  const resolved: { strategy?: Strategy } = {};
  try {
    return await countUnits(p, { ...options, onUnit }, false, resolved);
  } catch (e) {
    if (!(e instanceof CountOverflow) || !WideLanes.fit(p)) throw e;
    const taken = counted.size - (options.finished?.size ?? 0);
    const wide = await countUnits(p, { ...options, strategy: resolved.strategy, onUnit, finished: counted }, true, resolved);
    // The units this run counted before it widened are its own, not a file's.
    return { ...wide, resumed: wide.resumed - taken };
  }
}

/** The engine as the unit loop drives it: the engine of the strategy, or a wide count's lanes. */
type Driven = Pick<CountEngine, 'push' | 'pop' | 'children' | 'fraction' | 'memory' | 'checkpoint' | 'nodes'>;

async function countUnits(p: CountProblem, options: RunOptions, wide: boolean, resolved: { strategy?: Strategy }): Promise<RunResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const lanes = wide ? WideLanes.lanes.length : 1;
  const needed = lanes * engineBytes(p);
  if (needed + MIN_CACHE_BYTES > maxBytes) throw new MemoryBoundExceeded(needed + MIN_CACHE_BYTES, maxBytes);
  const cacheBytes = Math.floor((maxBytes - needed) / lanes);
  const shouldStop = options.shouldStop ?? (() => false);
  const tick = options.onTick ?? (() => {});

  const progress: LoopProgress = { done: 0, running: 0, reached: 0 };
  const strategy = resolveStrategy(p, options.strategy, maxBytes, shouldStop);
  resolved.strategy = strategy;
  // Counting by parts keeps its counts in tables of its own, which have no lanes: past 2^53 it refuses.
  if (wide && strategy === 'components') throw new CountOverflow('parts');
  // The share of the running unit behind the search at its last poll: where a stopped unit had got to.
  let partial = 0;
  const poll = (): boolean => {
    partial = engine.fraction();
    tick(shownShare(progress, partial));
    if (shouldStop()) return true;
    options.units?.poll();
    return false;
  };
  const { pinned } = options;
  if (pinned && strategy !== pinned.terms.strategy) throw new Error(`count: pinned terms of the ${pinned.terms.strategy} counted by ${strategy}`);
  const finished = options.finished ?? new Map<string, bigint>();
  // Stopped already (a trial of counting by parts cut short, countTerms): the engine is not built to be left unused (0.36 s of 24 pieces).
  if (shouldStop()) return stoppedBeforeUnits(strategy, finished, options.share !== undefined, NO_MEMO);
  // The lanes are engines of their own, each pinned as the shared engine would be.
  const shared = wide ? undefined : pinned?.terms.engineFor(cacheBytes, poll);
  const wideLanes =
    wide && strategy !== 'components'
      ? laneEngines(strategy, p, { cacheBytes, shouldStop: poll, pinnable: pinned !== undefined }, pinned?.rows)
      : undefined;
  const single = wideLanes ? undefined : (shared ?? makeEngine(strategy, p, { cacheBytes, shouldStop: poll }));
  const engine: Driven = single ?? wideLanes!;
  const countHere = single ? () => BigInt(single.count()) : () => wideLanes!.count();
  // A shared engine has counted other terms: this run's figures are what it adds.
  const memoBefore = engine.memory();
  shared?.pin(pinned!.rows);
  const at = new PathWalker(engine);
  let reusable = false;
  try {
    let all: Unit[];
    try {
      all = await stoppably(options.setUp, (stop) => unitsOf(engine, p, stop), shouldStop);
    } catch (e) {
      if (!(e instanceof Stopped)) throw e;
      return stoppedBeforeUnits(strategy, finished, options.share !== undefined, since(memoBefore, engine.memory()));
    }
    checkResumedUnits(new Set(all.map((u) => unitKey(p, u.path))), finished);
    const { share } = options;
    const units = share ? all.slice(Math.floor((share.index * all.length) / share.of), Math.floor(((share.index + 1) * all.length) / share.of)) : all;
    // The share of the search these units are (their weights over the whole tree sum to 1).
    const whole = share ? units.reduce((w, u) => w + u.weight, 0) : 1;
    const run = await runUnits(
      units.map((u) => ({ ...u, key: unitKey(p, u.path) })),
      async (u) => {
        at.moveTo(u.path);
        return options.units ? options.units.run(countHere, () => engine.checkpoint()) : countHere();
      },
      progress,
      {
        finished,
        recheck: options.recheck,
        check: options.check,
        shouldStop,
        onUnit: options.onUnit,
        nodes: () => engine.nodes,
        noun: 'solutions',
        zero: 0n,
        add: (a, b) => a + b,
      },
    );
    // The memory bound ends the term's count (countTerms takes it from here).
    if (run.memory) throw run.memory;
    const { count, complete, resumed, searched } = run;
    tick(complete ? whole : progress.done + progress.running * partial);
    // Every unit ended cleanly, so every step of the search was undone: the next pinned term may go on with the engine.
    reusable = complete;
    return { count, complete, strategy, nodes: run.nodes, cache: since(memoBefore, engine.memory()), units: units.length, resumed, searched };
  } finally {
    if (shared && reusable) {
      at.moveTo([]);
      shared.unpin(pinned!.rows);
    } else if (shared) pinned!.terms.drop();
  }
}

/** A wide count's lanes (WideLanes), each an engine of the strategy, pinned at `rows` when the term pins them. */
function laneEngines(strategy: 'sweep' | 'mrv', p: CountProblem, options: EngineOptions, rows: readonly number[] | undefined): WideLanes {
  const engines = WideLanes.lanes.map((lane) => {
    const e = searchEngine(strategy, p, { ...options, lane });
    if (rows) e.pin(rows);
    return e;
  });
  return new WideLanes(engines, roundingBound(p));
}

/**
 * A run stopped before or while its count was cut into units: nothing counted, but the
 * units a resumed file holds, each an exact subtree. A share cannot tell its
 * own units from the others' without the cut, so it counts none of them.
 */
function stoppedBeforeUnits(strategy: Strategy, finished: ReadonlyMap<string, bigint>, isShare: boolean, cache: CacheStats): RunResult {
  const count = isShare ? 0n : [...finished.values()].reduce((a, b) => a + b, 0n);
  return { count, complete: false, strategy, nodes: 0, cache, units: 0, resumed: isShare ? 0 : finished.size, searched: false };
}

/** The figures of a run that built no engine. */
const NO_MEMO: CacheStats = { entries: 0, bytes: 0, lookups: 0, hits: 0, stores: 0, evictions: 0, savedNodes: 0 };

/** A memo's figures over one run: its size now, its events since `before`. */
function since(before: CacheStats, now: CacheStats): CacheStats {
  return {
    ...now,
    lookups: now.lookups - before.lookups,
    hits: now.hits - before.hits,
    stores: now.stores - before.stores,
    evictions: now.evictions - before.evictions,
    savedNodes: now.savedNodes - before.savedNodes,
  };
}

/** Moves an engine from node to node of its tree, undoing and redoing only where two paths differ. */
class PathWalker {
  private readonly path: number[] = [];

  constructor(private readonly engine: Pick<CountEngine, 'push' | 'pop'>) {}

  moveTo(target: readonly number[]): void {
    let common = 0;
    while (common < this.path.length && common < target.length && this.path[common] === target[common]) common++;
    while (this.path.length > common) {
      this.engine.pop();
      this.path.pop();
    }
    for (let k = common; k < target.length; k++) {
      this.engine.push(target[k]!);
      this.path.push(target[k]!);
    }
  }
}

interface Unit {
  path: number[];
  /** Its share of the tree if every branch weighed the same. */
  weight: number;
}

/**
 * The units: the tree of the engine's own branching, depth first, as deep
 * as it takes to have UNITS_WANTED of them (at most MAX_UNIT_DEPTH levels);
 * a node without children (solved or dead) stays a unit. The walk polls
 * `shouldStop` at every node (throwing Stopped), and a throw leaves the
 * engine at the root: on a wide problem it is seconds of pushes (MRV on a
 * 20x20 board of 80 I-pentominoes: 2 to 12 s), which runCount runs
 * stoppably.
 */
export function unitsOf(engine: Pick<CountEngine, 'push' | 'pop' | 'children'>, p: CountProblem, shouldStop: () => boolean = () => false): Unit[] {
  let units: Unit[] = [{ path: [], weight: 1 }];
  for (let depth = 1; depth <= MAX_UNIT_DEPTH && units.length < UNITS_WANTED; depth++) {
    const deeper: Unit[] = [];
    const walk = (path: number[], weight: number): void => {
      if (shouldStop()) throw new Stopped();
      const children = path.length === depth || p.impossible ? [] : engine.children();
      if (children.length === 0) {
        deeper.push({ path: [...path], weight });
        return;
      }
      for (const r of children) {
        engine.push(r);
        path.push(r);
        // A stop thrown below gives every step back: a walk past its plain time (stoppably) starts again from the root.
        try {
          walk(path, weight / children.length);
        } finally {
          path.pop();
          engine.pop();
        }
      }
    };
    walk([], 1);
    if (deeper.length === units.length) break;
    units = deeper;
  }
  return units;
}

/** A unit by the input rows of its path, which do not depend on how the problem was compiled. */
const unitKey = (p: CountProblem, path: readonly number[]): string => (path.length ? path.map((r) => p.rowIds[r]).join(' ') : '*');
