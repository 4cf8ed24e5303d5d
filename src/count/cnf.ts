import { getHeapStatistics } from 'node:v8';
import {
  DEFAULT_MAX_BYTES,
  MIN_CACHE_BYTES,
  MemoryBoundExceeded,
  POLL_NODES,
  type LoopProgress,
  type RecordCheck,
  Stopped,
  TreeProgress,
  UnitRunner,
  checkResumedUnits,
  runUnits,
  setUpPoll,
  setUpUnlessStopped,
  shownShare,
} from './engine.js';
import { definedVariables } from './definitions.js';

/**
 * Exact projected model counting of CNF (#∃SAT): the number of assignments
 * to the projection variables that extend to a model. The scheme of
 * sharpSAT (Thurley, SAT 2006) without clause learning: unit propagation by
 * two watched literals; after each decision the clauses not yet satisfied
 * fall apart into components over disjoint variables, counted separately
 * and multiplied; each component's count is cached under its variables and
 * the ids of its clauses of three or more literals (a binary clause between
 * two unassigned variables is always there, and a longer clause's residue is
 * its literals on the component's variables), so that a component met again
 * under another assignment costs one lookup.
 *
 * Projection: decisions go to projection variables only, and to the hidden
 * variables the clauses define in terms of them (definitions.ts), which take
 * one value per projected model. A component with none left counts 1 if it
 * is satisfiable and 0 if not (a search of its own, cached the same way); a
 * projection variable in no remaining clause doubles the count, any other
 * variable there changes nothing (a defined one is never there: its
 * definition's clauses would have set it).
 */
export interface CnfInput {
  varCount: number;
  clauses: Iterable<ArrayLike<number>>;
  /** The variables the count is over; all of them when absent, none when empty (1 if the formula has a model, else 0). */
  projection?: readonly number[];
  /**
   * An encoding's auxiliary variables (a formula's aux variables, a file's
   * `c aux` lines): functions of the others, whose clauses do not lead the
   * branching (Component.branch). None when absent.
   */
  auxiliary?: readonly number[];
}

export interface CnfCountOptions {
  /** Bytes the formula's arrays and the cache may take together. */
  maxBytes?: number;
  shouldStop?: () => boolean;
  onTick?: (fraction: number) => void;
  /** Units already counted (resume), by unit key (their decision literals): skipped, their counts added. Each must be a unit of this count. */
  finished?: ReadonlyMap<string, bigint>;
  /** Finished units to count again all the same: a different count throws ResumeConflict. */
  recheck?: ReadonlySet<string>;
  /** Count nothing but the units due for their recount: check the units on file against this count's (RecordCheck). */
  check?: RecordCheck;
  onUnit?: (unit: { unit: string; count: bigint; nodes: number }) => void;
  /** How long a unit runs plainly before it is undone and counted again through the front end's runner (UnitRunner); PLAIN_UNIT_MS when absent (a seam for tests). */
  plainUnitMs?: number;
}

export interface CnfCount {
  /** The exact count when complete; else the sum over the finished units, a lower bound. */
  count: bigint;
  complete: boolean;
  /** Set when the count stopped at the memory bound: the search's path needed more than the bound leaves. */
  memory?: MemoryBoundExceeded;
  nodes: number;
  /** Units: the subtrees below the counter's first decisions. */
  units: number;
  resumed: number;
  /** Units undone at their time limit and counted again through the front end's runner (UnitRunner); absent when none were. */
  redone?: number;
  cache: { entries: number; bytes: number; lookups: number; hits: number; evictions: number };
  /** A unit's search began: a count stopped without it stopped in its set-up (the arrays, the definitions, the cut into units). */
  searched: boolean;
}

const PROJECTED = 1;
const DEFINED = 2;

/** Levels of the counter's own decisions that cut the count into units (resume, Ctrl-C, progress). */
const UNIT_DEPTH = 6;
/** A cached entry beyond its key and count: the map's own slot, the count's header, the key string's header (a rough figure, for the bound). */
const ENTRY_OVERHEAD = 96;
/** A component on the search's path beyond its arrays: the object, its arrays' headers, its slot in its scope (a rough figure, for the bound). */
const COMPONENT_OVERHEAD = 160;
/**
 * The most entries the memo keeps, whatever the bound: a Map holds at most
 * 2^24, and V8 doubles a full table unless half its slots are deleted ones,
 * so that a memo that evicts as it adds stays at half of that.
 */
const MAX_ENTRIES = 2 ** 23;
/**
 * The memory the search takes per byte it holds: the garbage it leaves (a
 * key built at every lookup, the arrays of every split, evicted entries)
 * waits for the collector, and the heap keeps room to grow. On the formula
 * of the aztec-diamond tetrasticks under a bound of 128 MiB, 105 MB of
 * entries grew the process by 148 MB; the memo and the path get the bound
 * divided by this, so that what the count adds to the process stays within it.
 */
const HEAP_PER_BYTE = 1.5;
/**
 * The part of V8's heap limit that the memo never lives in: the young
 * generation's spaces (48 MiB of the limit on 64-bit Node 20; a heap of
 * --max-old-space-size=36 reports a limit of 84 MiB), with room to spare.
 */
const YOUNG_GENERATION = 64 * 2 ** 20;

const sum = (counts: Iterable<bigint>): bigint => [...counts].reduce((a, b) => a + b, 0n);

export async function countCnf(input: CnfInput, options: CnfCountOptions = {}): Promise<CnfCount> {
  // Built as the front end runs set-ups (setUpUnlessStopped): the CLI's Ctrl-C reaches no poll inside synchronous work,
  // and was heard only once the arrays were built (seconds of a formula of 1.5 million clauses).
  const counter = await setUpUnlessStopped(() => new CnfCounter(input, options));
  return counter ? counter.run() : notCounted(options.finished);
}

/**
 * A count stopped before its counter was set up (its arrays: 4 to 7 s of a
 * formula of 2.8 million clauses, past a --timeout of 1): nothing counted
 * but the units a resumed file holds, each exact.
 */
export function notCounted(finished: ReadonlyMap<string, bigint> | undefined): CnfCount {
  return {
    count: sum(finished?.values() ?? []),
    complete: false,
    nodes: 0,
    units: 0,
    resumed: finished?.size ?? 0,
    cache: { entries: 0, bytes: 0, lookups: 0, hits: 0, evictions: 0 },
    searched: false,
  };
}

class CnfCounter {
  private readonly n: number;
  private readonly litStart: Int32Array;
  private readonly lits: Int32Array;
  /** PROJECTED for a projection variable, DEFINED for a hidden one the clauses define (definitions.ts), 0 for the others. */
  private readonly projected: Uint8Array;
  /**
   * For components: each variable's clauses of three or more literals, and
   * its partners in binary clauses (a binary clause is open exactly when
   * both its variables are unassigned: propagation would have settled it
   * otherwise). Watches by literal (2v for v, 2v+1 for ¬v).
   */
  private readonly occStart: Int32Array;
  private readonly occ: Int32Array;
  private readonly pairStart: Int32Array;
  private readonly pairs: Int32Array;
  private readonly watches: number[][];
  /** 1 for a clause of three or more literals that weighs in the branching score (none of its variables auxiliary). */
  private readonly scored: Uint8Array;
  private readonly value: Int8Array;
  private readonly trail: Int32Array;
  private trailTop = 0;
  private propagated = 0;
  private readonly unsat: boolean;
  private readonly varStamp: Int32Array;
  /** Each variable's branching score in the component being gathered (split, see Component.branch). */
  private readonly score: Float64Array;
  private readonly clauseStamp: Int32Array;
  private epoch = 0;
  private readonly cache = new Map<string, bigint>();
  private cacheBytes = 0;
  private readonly stats = { lookups: 0, hits: 0, evictions: 0 };
  /** What the bound leaves for the path and the memo together, in bytes they hold (see HEAP_PER_BYTE). */
  private readonly room: number;
  /**
   * The memo's own cap: no more than the JavaScript heap has room for. The
   * memo lives in the heap, and a bound above V8's heap limit (--max-memory
   * 6G with a heap of 4 GiB) ended the process in "heap out of memory".
   */
  private readonly memoCap: number;
  /** What the memo may take now: memoCap, less while the process has grown past the bound (keepResident). */
  private memoRoom: number;
  /** The process's resident memory before the counter (undefined where the platform does not tell it). */
  private readonly residentBefore = residentBytes();
  /** When keepResident last read the process's size (performance.now()). */
  private residentAt = -Infinity;
  /** The formula's arrays, for the message of a path that outgrows the bound. */
  private readonly formulaBytes: number;
  private readonly maxBytes: number;
  /**
   * Bytes held by the search's path (countScope's stack): the components of
   * every open scope and the keys of the components being counted. Not
   * evictable, and on a long chain as deep as the formula: n levels of up to
   * n variables each, 36 MB for 3,000 variables; the memo gives way to it.
   */
  private pathBytes = 0;
  private readonly progress = new TreeProgress();
  private nodes = 0;
  private untilPoll = POLL_NODES;
  /** Where the loop of units is (runUnits), for the polls' progress. */
  private readonly at: LoopProgress = { done: 0, running: 0, reached: 0 };
  /** What runs each unit, so that the CLI's Ctrl-C cuts a long one short. */
  private readonly runner: UnitRunner;
  /** The memo keys a plain run of a unit added, for its undoing (checkpoint). */
  private journal: string[] | undefined;

  constructor(
    input: CnfInput,
    private readonly options: CnfCountOptions,
  ) {
    this.runner = new UnitRunner(options.plainUnitMs);
    const n = input.varCount;
    this.n = n;
    // Every loop over the clauses polls the caller's stop (Stopped, which countCnf answers), a clause as many steps
    // as the literals the loop looks at: 6,000 clauses of 3,000 literals took 5 s between two polls of a step a clause.
    const poll = setUpPoll(options.shouldStop);
    const clauses: number[][] = [];
    let unsat = false;
    for (const raw of input.clauses) {
      poll(raw.length);
      const clause = normalised(raw, n);
      if (clause === null) continue; // a tautology
      if (clause.length === 0) unsat = true;
      clauses.push(clause);
    }
    const total = clauses.reduce((s, c) => s + c.length, 0);
    // Flat clauses, occurrences and watches: about 4 ints per literal, plus per-clause and per-variable arrays.
    const needed = 16 * total + 9 * clauses.length + 64 * (n + 1);
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    if (needed + MIN_CACHE_BYTES > maxBytes) throw new MemoryBoundExceeded(needed + MIN_CACHE_BYTES, maxBytes);
    this.maxBytes = maxBytes;
    this.formulaBytes = needed;
    this.room = Math.floor((maxBytes - needed) / HEAP_PER_BYTE);
    const heap = getHeapStatistics();
    const heapRoom = heap.heap_size_limit - YOUNG_GENERATION - heap.used_heap_size;
    this.memoCap = Math.max(0, Math.min(this.room, Math.floor(heapRoom / HEAP_PER_BYTE)));
    this.memoRoom = this.memoCap;
    this.litStart = new Int32Array(clauses.length + 1);
    this.lits = new Int32Array(total);
    clauses.forEach((c, k) => {
      poll(c.length);
      this.litStart[k + 1] = this.litStart[k]! + c.length;
      this.lits.set(c, this.litStart[k]!);
    });
    this.projected = new Uint8Array(n + 1);
    const projection = input.projection ?? Array.from({ length: n }, (_, i) => i + 1);
    for (const v of projection) {
      if (!Number.isInteger(v) || v < 1 || v > n) throw new Error(`count: projection variable ${v} outside 1..${n}`);
      this.projected[v] = PROJECTED;
    }
    // Hidden variables the formula defines are decided on too (definitions.ts): a Tseitin chain of hidden links took 2^n nodes.
    if (!unsat && projection.length < n)
      for (const v of definedVariables(n, { start: this.litStart, lits: this.lits }, this.projected, poll)) this.projected[v] = DEFINED;
    [this.occStart, this.occ] = byVariable(n, (entry) =>
      clauses.forEach((c, k) => {
        poll(c.length);
        if (c.length >= 3) for (const lit of c) entry(Math.abs(lit), k);
      }),
    );
    const auxiliary = new Uint8Array(n + 1);
    for (const v of input.auxiliary ?? []) if (Number.isInteger(v) && v >= 1 && v <= n) auxiliary[v] = 1;
    this.scored = Uint8Array.from(clauses, (c) => {
      poll(c.length);
      return c.length >= 3 && !c.some((lit) => auxiliary[Math.abs(lit)]) ? 1 : 0;
    });
    [this.pairStart, this.pairs] = byVariable(n, (entry) =>
      clauses.forEach((c) => {
        poll();
        if (c.length !== 2) return;
        entry(Math.abs(c[0]!), Math.abs(c[1]!));
        entry(Math.abs(c[1]!), Math.abs(c[0]!));
      }),
    );
    this.watches = Array.from({ length: 2 * n + 2 }, () => []);
    this.value = new Int8Array(n + 1);
    this.trail = new Int32Array(n + 1);
    this.varStamp = new Int32Array(n + 1);
    this.score = new Float64Array(n + 1);
    this.clauseStamp = new Int32Array(clauses.length);
    let units = false;
    clauses.forEach((c, k) => {
      poll();
      if (c.length >= 2) {
        this.watches[watchIndex(c[0]!)]!.push(k);
        this.watches[watchIndex(c[1]!)]!.push(k);
      } else if (c.length === 1) units = true;
    });
    this.unsat = unsat || (units && !this.assignUnits(clauses));
  }

  async run(): Promise<CnfCount> {
    const summary = (
      count: bigint,
      complete: boolean,
      units: number,
      resumed: number,
      nodes: number,
      searched: boolean,
      memory?: MemoryBoundExceeded,
    ): CnfCount => ({
      count,
      complete,
      nodes,
      units,
      resumed,
      searched,
      cache: { entries: this.cache.size, bytes: this.cacheBytes, ...this.stats },
      ...(memory ? { memory } : {}),
      ...(this.runner.redone ? { redone: this.runner.redone } : {}),
    });
    // The formula's units propagated and the count cut into units (up to 63 splits of the whole formula, minutes of one of
    // 1.5 million clauses) run as the front end runs set-ups, as the arrays do: the CLI's Ctrl-C reaches no poll in them.
    // 'unsat': no model, one unit of none. Nothing is written in there: that unit is recorded below, after it.
    const cut = await setUpUnlessStopped(() => (this.unsat || !this.propagate() ? 'unsat' : this.units()));
    // Stopped there: nothing counted yet but the units a resumed file holds, each exact.
    if (cut === undefined) return summary(sum(this.options.finished?.values() ?? []), false, 0, this.options.finished?.size ?? 0, 0, false);
    const units = cut === 'unsat' ? [{ lits: [], weight: 1 }] : cut;
    checkResumedUnits(new Set(units.map((u) => unitKey(u.lits))), this.options.finished);
    const run = await runUnits(
      units.map((u) => ({ ...u, key: unitKey(u.lits) })),
      async (u) =>
        cut === 'unsat'
          ? 0n
          : this.runner.run(
              () => this.countUnder(u.lits),
              () => this.checkpoint(),
            ),
      this.at,
      {
        finished: this.options.finished,
        recheck: this.options.recheck,
        check: this.options.check,
        shouldStop: () => this.options.shouldStop?.() === true,
        onUnit: this.options.onUnit,
        nodes: () => this.nodes,
        noun: 'models',
        zero: 0n,
        add: (a, b) => a + b,
      },
    );
    this.options.onTick?.(run.complete ? 1 : this.at.done);
    return summary(run.count, run.complete, units.length, run.resumed, run.nodes, run.searched, run.memory);
  }

  /**
   * The units: the counter's own first decisions, UNIT_DEPTH deep (any
   * projection variable b splits a count into b and ¬b, components or not);
   * a node whose propagation fails, or with no projection variable left to
   * decide, stays a unit.
   */
  private units(): { lits: number[]; weight: number }[] {
    let level = [{ lits: [] as number[], weight: 1 }];
    for (let depth = 0; depth < UNIT_DEPTH; depth++) {
      const next: typeof level = [];
      for (const unit of level) {
        if (this.untilPoll <= 0) this.poll();
        const b = this.branchUnder(unit.lits);
        if (b === 0) next.push(unit);
        else for (const lit of [b, -b]) next.push({ lits: [...unit.lits, lit], weight: unit.weight / 2 });
      }
      level = next;
    }
    return level;
  }

  /** The literal the search would branch on after `lits`, 0 when propagation fails or nothing projected is left. */
  private branchUnder(lits: readonly number[]): number {
    const mark = this.trailTop;
    try {
      if (!this.assume(lits)) return 0;
      const { components } = this.split(this.unassignedVars());
      return components.find((c) => c.projected)?.branch ?? 0;
    } finally {
      this.undo(mark);
    }
  }

  /** Assigns the literals and propagates; false on a conflict (the caller undoes). */
  private assume(lits: readonly number[]): boolean {
    for (const lit of lits) {
      if (this.isFalse(lit)) return false;
      if (!this.isTrue(lit)) this.assign(lit);
    }
    return this.propagate();
  }

  /**
   * Starts a plain run of a unit (UnitRunner): what ends it, with true
   * undoing it (the memo entries and figures it added taken back, so that
   * the nodes reported are those of the search that counted it; the watches
   * stay as the undone run left them, which may change the nodes a little:
   * pentomino 3x20's formula 13,185 against 13,397). The assignment is
   * undone by countUnder whichever way it ends.
   */
  private checkpoint(): (undo: boolean) => void {
    const nodes = this.nodes;
    const stats = { ...this.stats };
    const added: string[] = [];
    this.journal = added;
    return (undo) => {
      this.journal = undefined;
      if (!undo) return;
      for (const key of added) {
        if (!this.cache.delete(key)) continue;
        this.cacheBytes -= entryBytes(key);
      }
      this.nodes = nodes;
      Object.assign(this.stats, stats);
    };
  }

  private countUnder(lits: readonly number[]): bigint {
    const mark = this.trailTop;
    this.progress.reset();
    this.progress.running = true;
    try {
      return this.assume(lits) ? this.countScope(this.unassignedVars()) : 0n;
    } finally {
      this.progress.running = false;
      this.undo(mark);
    }
  }

  private unassignedVars(): Int32Array {
    const out: number[] = [];
    for (let v = 1; v <= this.n; v++) if (this.value[v] === 0) out.push(v);
    return Int32Array.from(out);
  }

  // ---- assignment and propagation -------------------------------------------

  private assign(lit: number): void {
    this.value[Math.abs(lit)] = lit > 0 ? 1 : -1;
    this.trail[this.trailTop++] = lit;
  }

  private undo(mark: number): void {
    while (this.trailTop > mark) this.value[Math.abs(this.trail[--this.trailTop]!)] = 0;
    this.propagated = Math.min(this.propagated, mark);
  }

  private isTrue(lit: number): boolean {
    const v = this.value[Math.abs(lit)]!;
    return lit > 0 ? v > 0 : v < 0;
  }

  private isFalse(lit: number): boolean {
    const v = this.value[Math.abs(lit)]!;
    return lit > 0 ? v < 0 : v > 0;
  }

  private assignUnits(clauses: readonly number[][]): boolean {
    for (const c of clauses) {
      if (c.length !== 1) continue;
      if (this.isFalse(c[0]!)) return false;
      if (!this.isTrue(c[0]!)) this.assign(c[0]!);
    }
    return true;
  }

  /** Unit propagation from the trail's unpropagated part; false on a conflict. */
  private propagate(): boolean {
    const { lits, litStart, watches } = this;
    while (this.propagated < this.trailTop) {
      const falsified = -this.trail[this.propagated++]!;
      const list = watches[watchIndex(falsified)]!;
      let keep = 0;
      for (let w = 0; w < list.length; w++) {
        // The first propagation of a formula's units visits every clause they settle, before any node, and one
        // literal's watches can be millions of literals scanned: polled within them, the list whole if it stops.
        if (this.untilPoll <= 0) this.pollWithin(list, keep, w);
        this.untilPoll--;
        const c = list[w]!;
        const start = litStart[c]!;
        const end = litStart[c + 1]!;
        // Keep the two watched literals in the first two places.
        if (lits[start] === falsified) {
          lits[start] = lits[start + 1]!;
          lits[start + 1] = falsified;
        }
        const other = lits[start]!;
        if (this.isTrue(other)) {
          list[keep++] = c;
          continue;
        }
        let moved = false;
        this.untilPoll -= end - start;
        for (let k = start + 2; k < end; k++) {
          if (!this.isFalse(lits[k]!)) {
            lits[start + 1] = lits[k]!;
            lits[k] = falsified;
            watches[watchIndex(lits[start + 1]!)]!.push(c);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        list[keep++] = c;
        if (this.isFalse(other)) {
          while (++w < list.length) list[keep++] = list[w]!;
          list.length = keep;
          return false;
        }
        this.assign(other);
      }
      list.length = keep;
    }
    return true;
  }

  /** poll() from within a watch list being compacted (`keep` kept, from `next` on not yet visited): stopped, the list is left whole. */
  private pollWithin(list: number[], keep: number, next: number): void {
    try {
      this.poll();
    } catch (e) {
      list.copyWithin(keep, next);
      list.length -= next - keep;
      throw e;
    }
  }

  // ---- components -------------------------------------------------------------

  /** Clause c's unassigned literals, or -1 when one of its literals is true. */
  private openLiterals(c: number): number {
    let open = 0;
    for (let k = this.litStart[c]!; k < this.litStart[c + 1]!; k++) {
      const lit = this.lits[k]!;
      const v = this.value[Math.abs(lit)]!;
      if (v === 0) open++;
      else if (lit > 0 ? v > 0 : v < 0) return -1;
    }
    return open;
  }

  /**
   * The components of the unassigned variables `scope`: each with its
   * variables, its open clauses of three or more literals (for the key) and
   * whether it holds a projection variable. A projection variable in no open
   * clause comes back in `free`.
   */
  private split(scope: Int32Array): { components: Component[]; free: number } {
    const epoch = ++this.epoch;
    const components: Component[] = [];
    let free = 0;
    for (const start of scope) {
      if (this.value[start] !== 0 || this.varStamp[start] === epoch) continue;
      this.varStamp[start] = epoch;
      this.score[start] = 0;
      const vars = [start];
      const clauses: number[] = [];
      let projected = this.projected[start] !== 0;
      for (let q = 0; q < vars.length; q++) {
        const u = vars[q]!;
        // The occurrences looked at count toward the next poll (tick): on a large formula one split is a lot of work.
        this.untilPoll -= this.pairStart[u + 1]! - this.pairStart[u]! + this.occStart[u + 1]! - this.occStart[u]!;
        // And are polled within it: the first split of a formula of 2.8 million clauses took seconds.
        if (this.untilPoll <= 0) this.poll();
        for (let o = this.pairStart[u]!; o < this.pairStart[u + 1]!; o++) {
          const w = this.pairs[o]!;
          if (this.value[w] !== 0 || this.varStamp[w] === epoch) continue;
          this.varStamp[w] = epoch;
          this.score[w] = 0;
          vars.push(w);
          if (this.projected[w]) projected = true;
        }
        for (let o = this.occStart[u]!; o < this.occStart[u + 1]!; o++) {
          const c = this.occ[o]!;
          if (this.clauseStamp[c] === epoch) continue;
          this.clauseStamp[c] = epoch;
          // One pass for whether c is satisfied and how many literals it has open, one for its open variables.
          const open = this.openLiterals(c);
          if (open < 0) continue;
          clauses.push(c);
          const weight = this.scored[c] ? 1 + 2 ** -open : 0;
          for (let k = this.litStart[c]!; k < this.litStart[c + 1]!; k++) {
            const w = Math.abs(this.lits[k]!);
            if (this.value[w] !== 0) continue;
            if (this.varStamp[w] !== epoch) {
              this.varStamp[w] = epoch;
              this.score[w] = 0;
              vars.push(w);
              if (this.projected[w]) projected = true;
            }
            this.score[w] += weight;
          }
        }
      }
      // After propagation an open clause has two unassigned literals: a variable alone is in none.
      if (vars.length === 1) {
        if (this.projected[start]) free++;
        continue;
      }
      components.push({
        vars: Int32Array.from(vars).sort(),
        clauses: Int32Array.from(clauses).sort(),
        projected,
        branch: this.bestScored(vars, projected),
      });
    }
    return { components, free };
  }

  /**
   * The variable of `vars` with the highest score, among the projection and
   * defined variables when `projected`; on a tie the first projection
   * variable, so that a formula whose hidden variables are in no scored
   * clause (`c aux`) branches as it did before definitions were looked for.
   */
  private bestScored(vars: readonly number[], projected: boolean): number {
    let best = 0;
    for (const v of vars) {
      if (projected && !this.projected[v]) continue;
      const by = best === 0 ? 1 : this.score[v]! - this.score[best]!;
      if (by > 0 || (by === 0 && this.projected[v] === PROJECTED && this.projected[best] === DEFINED)) best = v;
    }
    return best;
  }

  /**
   * Models (projected) of the unassigned variables `scope`: the product over
   * its components, doubled per free projection variable; a component's
   * count is the sum over its branch literal's two values of the count of
   * what is left, cached by the component. The two call each other once per
   * decision, so the recursion is kept on a stack of its own: a chain of
   * 5,000 binary clauses went deeper than JavaScript's call stack.
   */
  private countScope(root: Int32Array): bigint {
    this.pathBytes = 0;
    const stack: Frame[] = [this.scopeFrame(root)];
    /** What the frame above the top returned to it (undefined: the top has just been pushed). */
    let returned: bigint | undefined;
    for (;;) {
      const top = stack.at(-1)!;
      if (top.kind === 'scope') {
        if (returned !== undefined) {
          const c = returned;
          returned = undefined;
          // A component of no model ends the scope: the ones after it are behind the search too.
          if (top.weighed) this.progress.next(c === 0n ? top.components.length - top.next : 1);
          top.result = c === 0n ? 0n : top.result * c;
          top.next = c === 0n ? top.components.length : top.next + 1;
        }
        if (top.next < top.components.length) {
          const component = top.components[top.next]!;
          this.tick();
          const key = cacheKey(component);
          this.stats.lookups++;
          const known = this.cache.get(key);
          if (known !== undefined) {
            this.stats.hits++;
            returned = known;
            continue;
          }
          this.progress.enter(2);
          this.hold(2 * key.length);
          stack.push({ kind: 'component', component, key, tried: 0, mark: 0, total: 0n });
          continue;
        }
        stack.pop();
        this.pathBytes -= top.bytes;
        if (top.weighed) this.progress.leave();
        const count = top.result << BigInt(top.free);
        if (stack.length === 0) return count;
        returned = count;
        continue;
      }
      const { component } = top;
      if (returned !== undefined) {
        // Without projection variables a component is a satisfiability question: one model will do.
        top.total += component.projected ? returned : returned > 0n ? 1n : 0n;
        returned = undefined;
        this.undo(top.mark);
        this.progress.next();
        top.tried = !component.projected && top.total > 0n ? 2 : top.tried + 1;
      }
      if (top.tried < 2) {
        top.mark = this.trailTop;
        this.assign(top.tried === 0 ? component.branch : -component.branch);
        if (this.propagate()) {
          stack.push(this.scopeFrame(component.vars));
          continue;
        }
        this.undo(top.mark);
        this.progress.next();
        top.tried++;
        continue;
      }
      stack.pop();
      this.pathBytes -= 2 * top.key.length;
      this.progress.leave();
      this.remember(top.key, top.total);
      returned = top.total;
    }
  }

  private scopeFrame(scope: Int32Array): ScopeFrame {
    const { components, free } = this.split(scope);
    let bytes = 0;
    for (const c of components) bytes += c.vars.byteLength + c.clauses.byteLength + COMPONENT_OVERHEAD;
    this.hold(bytes);
    const weighed = components.length > 1;
    if (weighed) this.progress.enter(componentWeights(components));
    return { kind: 'scope', components, free, next: 0, result: 1n, bytes, weighed };
  }

  /**
   * The path takes `bytes` more: the memo gives way, oldest entries first;
   * a path that needs more than the bound leaves, with the memo empty, stops
   * the count (MemoryBoundExceeded, as a count too large to start).
   */
  private hold(bytes: number): void {
    this.pathBytes += bytes;
    // Called at every component the search opens: the memo is looked at only when the path has pushed it past the room.
    if (this.cacheBytes + this.pathBytes > this.room) this.evictFor(0);
    if (this.pathBytes > this.room) {
      const needed = this.formulaBytes + this.pathBytes * HEAP_PER_BYTE;
      throw new MemoryBoundExceeded(
        needed,
        this.maxBytes,
        `over ${Math.floor(needed / 2 ** 20)} MiB for its formula and the search's open components`,
      );
    }
  }

  /** Evicts the oldest entries (a Map iterates in insertion order) until `bytes` more fit beside the path and in the heap, and one more entry. */
  private evictFor(bytes: number): void {
    while (this.overBy(bytes) && this.cache.size > 0) {
      const [oldest] = this.cache.keys();
      this.cacheBytes -= entryBytes(oldest!);
      this.cache.delete(oldest!);
      this.stats.evictions++;
    }
  }
  /** The memo with `bytes` more would not fit beside the path, in the heap's room, or in a Map. */
  private overBy(bytes: number): boolean {
    return this.cacheBytes + bytes + this.pathBytes > this.room || this.cacheBytes + bytes > this.memoRoom || this.cache.size >= MAX_ENTRIES;
  }

  /** Caches a component's count, unless the entry alone would not fit beside the path. */
  private remember(key: string, count: bigint): void {
    const bytes = entryBytes(key);
    if (bytes + this.pathBytes > this.room || bytes > this.memoRoom) return;
    this.evictFor(bytes);
    if (this.journal && !this.cache.has(key)) this.journal.push(key);
    this.cache.set(key, count);
    this.cacheBytes += bytes;
  }

  /**
   * A search node. The caller is polled (progress, stop) every POLL_NODES
   * units of work: a node is one, and split() adds the occurrences it
   * scans, so that a formula of 800,000 clauses is polled every split
   * rather than every 16,384 of them (minutes past --timeout).
   */
  private tick(): void {
    this.nodes++;
    if (--this.untilPoll > 0) return;
    this.poll();
  }

  private poll(): void {
    this.untilPoll = POLL_NODES;
    // The process's size is read at most every RESIDENT_EVERY_MS (7-8 µs a read): the splits of an 877,000-clause formula
    // polled so often that the reads took 3.5 s of a 25-s set-up (H2's profile); the memo's own bytes are held at every insert.
    const now = performance.now();
    if (now - this.residentAt >= RESIDENT_EVERY_MS) {
      this.residentAt = now;
      this.keepResident();
    }
    this.options.onTick?.(shownShare(this.at, this.progress.fraction()));
    if (this.options.shouldStop?.()) throw new Stopped();
    this.runner.poll();
  }

  /**
   * What the process has grown by since the counter began, as measured,
   * held to the bound: the memo gives up what the process is over it by, and
   * takes back what it is under (up to memoCap). HEAP_PER_BYTE is an average:
   * while the memo evicts, its garbage took twice its size (a bound of
   * 256 MiB grew the process by 374 MB before this), and V8 keeps spaces of
   * its own. The count is the same whatever the memo holds; only its speed is not.
   */
  private keepResident(): void {
    const now = residentBytes();
    if (now === undefined || this.residentBefore === undefined) return;
    const under = this.maxBytes - (now - this.residentBefore);
    this.memoRoom = Math.max(0, Math.min(this.memoCap, Math.floor(this.cacheBytes + under / HEAP_PER_BYTE)));
    this.evictFor(0);
  }
}

/** The least time between two reads of the process's size (keepResident). */
const RESIDENT_EVERY_MS = 20;

/** The process's resident memory in bytes, where the platform tells it (Node). */
const residentBytes = (): number | undefined => globalThis.process?.memoryUsage?.rss();

const unitKey = (lits: readonly number[]): string => (lits.length ? lits.join(' ') : '*');

/**
 * A memo entry's bytes: its key (two bytes a character), its count and the
 * rest. The count of a component of k variables is below 2^k, k/8 bytes as
 * a bigint (a formula of 100,000 free variables counts 12.5 KB numbers), and
 * its key has two characters a variable: 1/16 byte a character bounds it.
 */
const entryBytes = (key: string): number => Math.ceil(2.0625 * key.length) + ENTRY_OVERHEAD;

/** countScope's stack: a scope multiplying its components' counts, or a component summing its two branches. */
interface ScopeFrame {
  kind: 'scope';
  components: Component[];
  /** What its components hold, for the path's share of the bound. */
  bytes: number;
  free: number;
  /** The component counted next; its count multiplies `result`. */
  next: number;
  result: bigint;
  /**
   * Its components are a level of the progress, each weighed by its size
   * (componentWeights). Each was entered as the whole of the scope's share:
   * the fraction went back to the share's start at every component after
   * the first, and the last component alone moved it.
   */
  weighed: boolean;
}
/**
 * What is known of the sizes of a scope's components before they are
 * searched, for the progress: each open variable at most doubles a
 * component's tree, so it is weighed as 2^vars (against the largest, which
 * a formula of thousands of variables puts past what a double holds).
 */
function componentWeights(components: readonly Component[]): number[] {
  const largest = components.reduce((n, c) => Math.max(n, c.vars.length), 0);
  return components.map((c) => 2 ** (c.vars.length - largest));
}

interface ComponentFrame {
  kind: 'component';
  component: Component;
  key: string;
  /** Branches tried: 0 (none), 1 (the branch literal), 2 (both, or one model found where one will do). */
  tried: number;
  /** The trail before the branch being counted. */
  mark: number;
  total: bigint;
}
type Frame = ScopeFrame | ComponentFrame;

interface Component {
  vars: Int32Array;
  clauses: Int32Array;
  projected: boolean;
  /**
   * The variable branched on, true first: a projection variable when the
   * component has one, the one in the most open clauses of three or more
   * literals, each weighing 1 + 2^-k for its k open literals. Clauses
   * written with two literals do not count: on a puzzle they are the
   * at-most-one encodings, in which every placement sits alike, while the
   * weights of the covering clauses lead to a cell with few placements
   * left, as dancing links would choose. On random 3-CNF this took 10 to
   * 100 times fewer nodes than branching in the shortest open clause, and
   * on pentomino 3x20 7.5 times fewer (bench/results/count-cnf.md).
   * Clauses with an auxiliary variable (CnfInput.auxiliary) do not count
   * either: they define it (a totalizer's sums, the lex-leader chain of the
   * symmetry-breaking family), and the 1 each adds outweighs the 2^-k by
   * which the covering clauses tell cells apart. With the chain's four
   * clauses a position counting, classes of pentomino 3x20 by clauses took
   * over 10 minutes (85,894 nodes in the first 37 CPU seconds, neither of
   * its 2 classes found); without, 8,349 nodes in 3 s, fewer than the
   * 13,397 all 8 solutions take.
   */
  branch: number;
}

const watchIndex = (lit: number): number => (lit > 0 ? 2 * lit : -2 * lit + 1);

/**
 * Pairs (variable, value) as lists by variable: starts (n + 2 of them) and
 * the values in variable order. `entries` hands every pair to its callback,
 * the same pairs in the same order on each of its two calls (count, then
 * fill): a list of pairs, 8 million small arrays for 2.8 million clauses,
 * held the collector for seconds between two polls.
 */
function byVariable(n: number, entries: (entry: (v: number, x: number) => void) => void): [Int32Array, Int32Array] {
  const start = new Int32Array(n + 2);
  entries((v) => start[v + 1]++);
  for (let v = 0; v <= n; v++) start[v + 1] += start[v]!;
  const values = new Int32Array(start[n + 1]!);
  const fill = start.slice();
  entries((v, x) => (values[fill[v]!++] = x));
  return [start, values];
}

/** A clause without repeated literals; null for a tautology. Throws on a literal outside 1..n. */
function normalised(raw: ArrayLike<number>, n: number): number[] | null {
  const seen = new Set<number>();
  for (let k = 0; k < raw.length; k++) {
    const lit = raw[k]!;
    if (!Number.isInteger(lit) || lit === 0 || Math.abs(lit) > n) throw new Error(`count: literal ${lit} outside ±1..${n}`);
    if (seen.has(-lit)) return null;
    seen.add(lit);
  }
  return [...seen];
}

/**
 * The component as a string: how many variables it has, then its variables
 * and its long clauses, each list ascending, as gaps from the number before
 * in base-128 digits (a byte each, the high bit set on every digit but the
 * last), two bytes a character. A component's variables and clauses lie
 * close together, so most gaps take a byte, where each number took four:
 * keys a quarter as long (random 3-CNF of 130 variables spent a quarter of
 * its time building keys, and the memo holds four times the entries).
 * Injective: the first number says where the variables end, and no gap
 * between clause ids is 0, so the zero byte that pads an odd length is
 * never read as one.
 */
export function cacheKey(component: Pick<Component, 'vars' | 'clauses'>): string {
  const { vars, clauses } = component;
  const most = 5 * (vars.length + clauses.length + 1) + 1;
  if (keyBytes.length < most) keyBytes = new Uint8Array(2 * most);
  let k = putDigits(keyBytes, 0, vars.length);
  for (let i = 0, last = 0; i < vars.length; last = vars[i++]!) k = putDigits(keyBytes, k, vars[i]! - last);
  for (let i = 0, last = -1; i < clauses.length; last = clauses[i++]!) k = putDigits(keyBytes, k, clauses[i]! - last);
  if (k % 2 === 1) keyBytes[k++] = 0;
  const words = new Uint16Array(keyBytes.buffer, 0, k / 2);
  let out = '';
  // apply, not a spread: the spread walks the array as an iterator, six times the CPU of this call on keys of 150 characters.
  for (let i = 0; i < words.length; i += 4096) out += String.fromCharCode.apply(null, words.subarray(i, i + 4096) as unknown as number[]);
  return out;
}

/** cacheKey's bytes, kept from key to key: a fresh array for each took a fifth of a count's CPU, most of it filling it with zeros. */
let keyBytes = new Uint8Array(4096);

/** Writes x at bytes[k] in base-128 digits, lowest first, the high bit on all but the last; returns where the next number goes. */
function putDigits(bytes: Uint8Array, k: number, x: number): number {
  for (; x >= 0x80; x >>>= 7) bytes[k++] = (x & 0x7f) | 0x80;
  bytes[k++] = x;
  return k;
}
