/**
 * Our DRAT checker, after the method of Wetzler, Heule and Hunt, "DRAT-trim"
 * (SAT 2014): a forward pass applies the proof's additions and deletions,
 * keeping the top-level unit propagation at its fixpoint, until that
 * propagation runs into a conflict (the empty clause is derived). The
 * clauses of that conflict are marked "core". A backward pass then undoes
 * the proof step by step and verifies only the core lemmas: each must be RUP
 * (assigning its negation and propagating gives a conflict) or else RAT on
 * its first literal (every resolvent with an active clause holding the
 * negated pivot is RUP). Propagation visits core clauses before the others,
 * so that each conflict tends to reuse clauses already known to be needed;
 * the clauses of every conflict become core in turn.
 *
 * Deletions: a deletion of a clause that is the reason of a top-level
 * assignment is ignored (drat-trim does the same: solvers delete satisfied
 * unit reasons freely, and keeping a clause can only make the check
 * stricter for RAT and never unsound). A deletion of a clause that is not
 * present is counted and skipped.
 *
 * "UNSAT under assumptions" is certified with `target`: the proof must let
 * unit propagation derive the given clause (the negated assumptions) from the
 * formula and its lemmas, checked as a final RUP lemma. (The certify route in
 * src/proof/certify.ts instead adds the assumptions as unit clauses, so that
 * the proof ends in the empty clause; both are supported here.)
 */
import { passedAt } from '../core/limits.js';
import type { DratFormat, ProofLimits, ProofSteps } from './drat-format.js';
import { ProofReadStopped, parseProofChunks, ranOut, stepLabel } from './drat-format.js';
import { IntVec } from './int-vec.js';

/** A CNF, flat: clause i is lits[ends[i-1] .. ends[i]). */
export interface FlatClauses {
  vars: number;
  lits: ArrayLike<number>;
  ends: ArrayLike<number>;
}

export interface CheckOptions {
  /** Certify this clause rather than the empty clause (the negated assumptions of an UNSAT under assumptions). */
  target?: readonly number[];
  /**
   * When to give up (Date.now() clock; default never): the result is then
   * UNKNOWN, no verdict, for a caller's time limit (check-proof --timeout).
   */
  deadline?: number;
}

export interface CheckResult {
  /** UNKNOWN: the deadline came before the verdict. */
  status: 'VERIFIED' | 'FAILED' | 'UNKNOWN';
  /** One line: what was verified, which lemma failed and why, or where the check stopped. */
  message: string;
  /** The proof step (index into the steps) of the lemma that failed. */
  failedStep?: number;
  additions: number;
  deletions: number;
  /** Lemmas the check needed, each verified; how many of them only by RAT. */
  coreLemmas: number;
  ratLemmas: number;
  /** Deletions skipped because the clause was a top-level reason. */
  ignoredDeletions: number;
  /** Deletions of clauses that were not there. */
  missingDeletions: number;
  /** The steps of the lemmas the check needed, ascending. */
  coreSteps: number[];
}

/** assumeNegation: the clause holds a literal and its negation once negated (tautological resolvent). */
const TRIVIAL = -2;
const NO_CONFLICT = -1;
/** Ranks for choosing watched literals: above every trail position. */
const RANK_UNASSIGNED = 2 ** 31 - 2;
const RANK_TRUE = 2 ** 31 - 1;

const enum Pass {
  All,
  Core,
  NonCore,
}

export function checkDrat(formula: FlatClauses, proof: ProofSteps, options: CheckOptions = {}): CheckResult {
  return new Checker(formula, proof, options).run();
}

/**
 * A proof, as its bytes, read and checked under one deadline
 * (limits.deadline): reading a proof of hundreds of MB takes seconds, so the
 * reading meets the deadline as the check does, with the same outcome, no
 * verdict (the deadline was first looked at once the whole proof was read).
 */
export function checkProofBytes(
  formula: FlatClauses,
  bytes: Uint8Array,
  source: string,
  limits: ProofLimits = {},
): { result: CheckResult; format: DratFormat } {
  return checkProofChunks(formula, [bytes], source, limits);
}

/** checkProofBytes of a proof read a piece at a time (parseProofChunks): a file of GBs is never held whole. */
export function checkProofChunks(
  formula: FlatClauses,
  chunks: Iterable<Uint8Array>,
  source: string,
  limits: ProofLimits = {},
): { result: CheckResult; format: DratFormat } {
  try {
    const proof = parseProofChunks(chunks, source, limits);
    return { result: checkDrat(formula, proof, { deadline: limits.deadline }), format: proof.format };
  } catch (e) {
    if (!(e instanceof ProofReadStopped)) throw e;
    return { result: readStopped(e), format: e.format };
  }
}

/** The result of a check whose deadline came while its proof was read: no verdict, nothing counted. */
const readStopped = (stop: ProofReadStopped): CheckResult => ({
  status: 'UNKNOWN',
  message: `UNKNOWN: ${stop.message}`,
  additions: 0,
  deletions: 0,
  coreLemmas: 0,
  ratLemmas: 0,
  ignoredDeletions: 0,
  missingDeletions: 0,
  coreSteps: [],
});

const litIndex = (lit: number): number => (lit > 0 ? 2 * lit : -2 * lit + 1);

class Checker {
  // Clauses: originals first, then lemmas in proof order, so ids follow time.
  private readonly arena = new IntVec(1 << 16);
  private readonly start: IntVec;
  private readonly length: IntVec;
  private readonly pivot: IntVec;
  private readonly active: Uint8Array;
  private readonly core: Uint8Array;
  private readonly tautology: Uint8Array;
  private clauseCount = 0;
  // Assignment, by literal index (2v true, 2v+1 false): 1 true, -1 false, 0 open.
  private readonly value: Int8Array;
  private readonly reason: Int32Array;
  private readonly trailPos: Int32Array;
  private readonly trail: Int32Array;
  private trailLen = 0;
  private readonly watches: (IntVec | undefined)[];
  private readonly stamp: Int32Array;
  private stampNow = 0;
  private readonly seen: Uint8Array;
  /** Clause ids by a hash of their literal set, to find the clause a deletion names. */
  private readonly byHash = new Map<number, number[]>();
  private coreFirst = false;

  constructor(
    private readonly formula: FlatClauses,
    private readonly proof: ProofSteps,
    private readonly options: CheckOptions,
  ) {
    let vars = Math.max(formula.vars, proof.maxVar);
    for (const lit of options.target ?? []) vars = Math.max(vars, Math.abs(lit));
    for (let i = 0; i < formula.lits.length; i++) vars = Math.max(vars, Math.abs(formula.lits[i]!));
    const capacity = formula.ends.length + proof.count + 1;
    this.start = new IntVec(capacity);
    this.length = new IntVec(capacity);
    this.pivot = new IntVec(capacity);
    this.active = new Uint8Array(capacity);
    this.core = new Uint8Array(capacity);
    this.tautology = new Uint8Array(capacity);
    this.value = new Int8Array(2 * vars + 2);
    this.reason = new Int32Array(vars + 1).fill(-1);
    this.trailPos = new Int32Array(vars + 1);
    this.trail = new Int32Array(vars + 1);
    this.watches = new Array<IntVec | undefined>(2 * vars + 2);
    this.stamp = new Int32Array(2 * vars + 2);
    this.seen = new Uint8Array(vars + 1);
  }

  run(): CheckResult {
    const proof = this.proof;
    const stepClause = new Int32Array(proof.count).fill(-1);
    const trailBefore = new Int32Array(proof.count);
    const deletions = proof.deletion.reduce((n, d) => n + d, 0);
    const counts = { additions: proof.count - deletions, deletions, ignoredDeletions: 0, missingDeletions: 0 };
    const outcome = (status: CheckResult['status'], message: string, extra: Partial<CheckResult> = {}): CheckResult => ({
      status,
      message: `${status}: ${message}`,
      ...counts,
      coreLemmas: 0,
      ratLemmas: 0,
      coreSteps: [],
      ...extra,
    });
    const deadline = this.options.deadline ?? Infinity;
    // The time limit is a run's, named as its caller spells it (the CLI's --timeout).
    const stopped = (where: string): CheckResult => outcome('UNKNOWN', ranOut(where));

    // Forward: the formula, then the proof until propagation conflicts.
    let conflict = NO_CONFLICT;
    let qhead = 0;
    const ends = this.formula.ends;
    for (let i = 0, from = 0; i < ends.length && conflict < 0; i++) {
      if (passedAt(i, deadline)) return stopped(`while the formula was loaded (clause ${i + 1} of ${ends.length})`);
      const id = this.newClause(this.formula.lits, from, ends[i]!);
      from = ends[i]!;
      conflict = this.attach(id);
    }
    if (conflict < 0) conflict = this.propagate(qhead);
    qhead = this.trailLen;
    let lastStep = -1;
    for (let s = 0; s < proof.count && conflict < 0; s++) {
      if (passedAt(s, deadline)) return stopped(`in the forward pass, at ${stepLabel(proof, s)} of the proof`);
      const from = proof.starts[s]!;
      const to = proof.starts[s + 1]!;
      if (proof.deletion[s]) {
        const id = this.find(proof.lits, from, to);
        if (id < 0) counts.missingDeletions++;
        else if (this.isReason(id)) counts.ignoredDeletions++;
        else {
          this.detach(id);
          stepClause[s] = id;
        }
        continue;
      }
      trailBefore[s] = this.trailLen;
      const id = this.newClause(proof.lits, from, to);
      stepClause[s] = id;
      conflict = this.attach(id);
      if (conflict < 0) conflict = this.propagate(qhead);
      qhead = this.trailLen;
      lastStep = s;
    }

    if (conflict >= 0) {
      this.markCore(conflict);
    } else if (this.options.target) {
      const target = this.options.target;
      const id = this.newClause(target, 0, target.length);
      if (!this.isRup(id)) return outcome('FAILED', `the proof does not derive the clause [${shown(target)}] by unit propagation`);
    } else {
      return outcome('FAILED', 'the proof never derives the empty clause (unit propagation finds no conflict after its last step)');
    }

    // Backward: undo each step; verify the lemmas marked core.
    this.coreFirst = true;
    const coreSteps: number[] = [];
    let ratLemmas = 0;
    for (let s = lastStep; s >= 0; s--) {
      const id = stepClause[s]!;
      if (id < 0) continue;
      if (proof.deletion[s]) {
        this.active[id] = 1;
        this.attach(id);
        continue;
      }
      this.active[id] = 0;
      this.backtrack(trailBefore[s]!);
      if (!this.core[id]) continue;
      // Each lemma verified may propagate through the whole formula: the clock is read before every one.
      if (Date.now() >= deadline)
        return stopped(`in the backward pass, at ${stepLabel(proof, s)} of the proof (${coreSteps.length} needed lemmas verified)`);
      coreSteps.push(s);
      if (this.isRup(id)) continue;
      if (!this.isRat(id)) {
        const lits = this.literalsOf(id);
        const pivot = lits.length ? ` on its first literal ${this.pivot.data[id]}` : '';
        return outcome('FAILED', `lemma at ${stepLabel(proof, s)} [${shown(lits)}] is neither RUP nor RAT${pivot}`, { failedStep: s });
      }
      ratLemmas++;
    }
    coreSteps.reverse();
    const rat = ratLemmas ? `, ${ratLemmas} by RAT` : '';
    const ignored = counts.ignoredDeletions ? `, ${counts.ignoredDeletions} deletions of unit reasons ignored` : '';
    const goal = this.options.target && conflict < 0 ? `the clause [${shown(this.options.target)}]` : 'the empty clause';
    return outcome('VERIFIED', `${goal} follows; ${coreSteps.length} of ${counts.additions} lemmas needed${rat}${ignored}`, {
      coreLemmas: coreSteps.length,
      ratLemmas,
      coreSteps,
    });
  }

  // -------------------------------------------------------------------------
  // Clauses.

  /** Stores a clause without repeated literals; its pivot is its first literal as written. */
  private newClause(lits: ArrayLike<number>, from: number, to: number): number {
    const id = this.clauseCount++;
    const stamp = this.nextStamp();
    this.start.push(this.arena.size);
    this.pivot.push(to > from ? lits[from]! : 0);
    this.arena.reserve(to - from);
    let n = 0;
    for (let k = from; k < to; k++) {
      const lit = lits[k]!;
      const x = litIndex(lit);
      if (this.stamp[x] === stamp) continue;
      if (this.stamp[x ^ 1] === stamp) this.tautology[id] = 1;
      this.stamp[x] = stamp;
      this.arena.push(lit);
      n++;
    }
    this.length.push(n);
    this.active[id] = 1;
    const key = this.hashOf(id);
    const bucket = this.byHash.get(key);
    if (bucket) bucket.push(id);
    else this.byHash.set(key, [id]);
    return id;
  }

  private literalsOf(id: number): number[] {
    const s = this.start.data[id]!;
    return Array.from(this.arena.data.subarray(s, s + this.length.data[id]!));
  }

  private nextStamp(): number {
    if (++this.stampNow === 2 ** 31 - 1) {
      this.stamp.fill(0);
      this.stampNow = 1;
    }
    return this.stampNow;
  }

  /** A hash of the literal set, independent of order. */
  private hashOf(id: number): number {
    const s = this.start.data[id]!;
    const n = this.length.data[id]!;
    let sum = 0;
    let mixed = 0;
    for (let k = s; k < s + n; k++) {
      const h = Math.imul(litIndex(this.arena.data[k]!), 0x9e3779b1);
      sum = (sum + h) | 0;
      mixed ^= Math.imul(h ^ (h >>> 15), 0x85ebca6b);
    }
    return (sum ^ Math.imul(mixed, 31) ^ n) >>> 0;
  }

  /** The active clause with exactly these literals (a deletion's target), or -1; it leaves the hash. */
  private find(lits: ArrayLike<number>, from: number, to: number): number {
    const stamp = this.nextStamp();
    let sum = 0;
    let mixed = 0;
    let n = 0;
    for (let k = from; k < to; k++) {
      const x = litIndex(lits[k]!);
      if (this.stamp[x] === stamp) continue;
      this.stamp[x] = stamp;
      const h = Math.imul(x, 0x9e3779b1);
      sum = (sum + h) | 0;
      mixed ^= Math.imul(h ^ (h >>> 15), 0x85ebca6b);
      n++;
    }
    const key = (sum ^ Math.imul(mixed, 31) ^ n) >>> 0;
    const bucket = this.byHash.get(key);
    if (!bucket) return -1;
    // The newest copy that is not a top-level reason; a reason's deletion is ignored, so it stays findable.
    let reason = -1;
    for (let b = bucket.length - 1; b >= 0; b--) {
      const id = bucket[b]!;
      if (this.length.data[id] !== n) continue;
      const s = this.start.data[id]!;
      let same = true;
      for (let k = s; k < s + n && same; k++) same = this.stamp[litIndex(this.arena.data[k]!)] === stamp;
      if (!same) continue;
      if (this.isReason(id)) {
        reason = id;
        continue;
      }
      bucket.splice(b, 1);
      if (bucket.length === 0) this.byHash.delete(key);
      return id;
    }
    return reason;
  }

  private isReason(id: number): boolean {
    if (this.length.data[id] === 0) return false;
    const lit = this.arena.data[this.start.data[id]!]!;
    return this.reason[Math.abs(lit)] === id;
  }

  // -------------------------------------------------------------------------
  // Assignment and watches.

  private assign(lit: number, reason: number): void {
    const x = litIndex(lit);
    const v = lit < 0 ? -lit : lit;
    this.value[x] = 1;
    this.value[x ^ 1] = -1;
    this.reason[v] = reason;
    this.trailPos[v] = this.trailLen;
    this.trail[this.trailLen++] = lit;
  }

  private backtrack(to: number): void {
    for (let j = this.trailLen - 1; j >= to; j--) {
      const lit = this.trail[j]!;
      const x = litIndex(lit);
      this.value[x] = 0;
      this.value[x ^ 1] = 0;
      this.reason[lit < 0 ? -lit : lit] = -1;
    }
    this.trailLen = Math.min(this.trailLen, to);
  }

  private rank(lit: number): number {
    const v = this.value[litIndex(lit)]!;
    if (v > 0) return RANK_TRUE;
    if (v === 0) return RANK_UNASSIGNED;
    return this.trailPos[lit < 0 ? -lit : lit]!;
  }

  private watch(lit: number, id: number): void {
    const x = litIndex(lit);
    (this.watches[x] ??= new IntVec(4)).push(id);
  }

  /**
   * Watches a clause at the top level: its two best literals (true, then
   * open, then the latest false) move to the front, so that the watch
   * invariant survives backtracking. Returns the clause if it is falsified;
   * a unit assigns its literal.
   */
  private attach(id: number): number {
    if (this.tautology[id]) return NO_CONFLICT;
    const s = this.start.data[id]!;
    const n = this.length.data[id]!;
    const lits = this.arena.data;
    if (n === 0) return id;
    for (let w = 0; w < Math.min(2, n); w++) {
      let best = s + w;
      let bestRank = this.rank(lits[best]!);
      for (let k = best + 1; k < s + n; k++) {
        const r = this.rank(lits[k]!);
        if (r > bestRank) {
          best = k;
          bestRank = r;
        }
      }
      const t = lits[s + w]!;
      lits[s + w] = lits[best]!;
      lits[best] = t;
    }
    const first = lits[s]!;
    const firstValue = this.value[litIndex(first)]!;
    if (n >= 2) {
      this.watch(first, id);
      this.watch(lits[s + 1]!, id);
    }
    if (firstValue < 0) return id;
    if (firstValue === 0 && (n === 1 || this.value[litIndex(lits[s + 1]!)]! < 0)) this.assign(first, id);
    return NO_CONFLICT;
  }

  /** Removes a deleted clause from the watches at once (lemmas undone backward are dropped lazily instead). */
  private detach(id: number): void {
    this.active[id] = 0;
    if (this.tautology[id] || this.length.data[id]! < 2) return;
    const s = this.start.data[id]!;
    for (const lit of [this.arena.data[s]!, this.arena.data[s + 1]!]) {
      const list = this.watches[litIndex(lit)]!;
      const at = list.data.subarray(0, list.size).indexOf(id);
      list.data[at] = list.data[--list.size]!;
    }
  }

  /**
   * Unit propagation from trail position `from`; the conflicting clause or
   * NO_CONFLICT. Backward, core clauses propagate first: every literal is
   * propagated through core clauses before any non-core clause is tried.
   */
  private propagate(from: number): number {
    if (!this.coreFirst) {
      for (let head = from; head < this.trailLen; head++) {
        const conflict = this.scan(litIndex(this.trail[head]!) ^ 1, Pass.All);
        if (conflict >= 0) return conflict;
      }
      return NO_CONFLICT;
    }
    let coreHead = from;
    let otherHead = from;
    for (;;) {
      while (coreHead < this.trailLen) {
        const conflict = this.scan(litIndex(this.trail[coreHead++]!) ^ 1, Pass.Core);
        if (conflict >= 0) return conflict;
      }
      if (otherHead >= this.trailLen) return NO_CONFLICT;
      const conflict = this.scan(litIndex(this.trail[otherHead++]!) ^ 1, Pass.NonCore);
      if (conflict >= 0) return conflict;
    }
  }

  /** Visits the clauses watching literal index `falseX`, which has just become false. */
  private scan(falseX: number, pass: Pass): number {
    const list = this.watches[falseX];
    if (!list) return NO_CONFLICT;
    const ws = list.data;
    const size = list.size;
    const lits = this.arena.data;
    const value = this.value;
    let i = 0;
    let j = 0;
    while (i < size) {
      const id = ws[i++]!;
      if (!this.active[id]) continue;
      if (pass !== Pass.All && (this.core[id] === 1) !== (pass === Pass.Core)) {
        ws[j++] = id;
        continue;
      }
      const s = this.start.data[id]!;
      if (litIndex(lits[s]!) === falseX) {
        lits[s] = lits[s + 1]!;
        lits[s + 1] = falseX & 1 ? -(falseX >> 1) : falseX >> 1;
      }
      const first = lits[s]!;
      const firstValue = value[litIndex(first)]!;
      if (firstValue > 0) {
        ws[j++] = id;
        continue;
      }
      const end = s + this.length.data[id]!;
      let moved = false;
      for (let k = s + 2; k < end; k++) {
        const lit = lits[k]!;
        if (value[litIndex(lit)]! >= 0) {
          lits[k] = lits[s + 1]!;
          lits[s + 1] = lit;
          this.watch(lit, id);
          moved = true;
          break;
        }
      }
      if (moved) continue;
      ws[j++] = id;
      if (firstValue < 0) {
        while (i < size) ws[j++] = ws[i++]!;
        list.size = j;
        return id;
      }
      this.assign(first, id);
    }
    list.size = j;
    return NO_CONFLICT;
  }

  // -------------------------------------------------------------------------
  // Lemma checks.

  /**
   * Assigns the negation of a clause's literals (all but `skip`): the reason
   * of a literal already true (a conflict), TRIVIAL when the clause meets
   * its own negation, or NO_CONFLICT.
   */
  private assumeNegation(id: number, skip = 0): number {
    const s = this.start.data[id]!;
    const n = this.length.data[id]!;
    for (let k = s; k < s + n; k++) {
      const lit = this.arena.data[k]!;
      if (lit === skip) continue;
      const v = this.value[litIndex(lit)]!;
      if (v > 0) {
        const r = this.reason[lit < 0 ? -lit : lit]!;
        return r < 0 ? TRIVIAL : r;
      }
      if (v === 0) this.assign(-lit, -1);
    }
    return NO_CONFLICT;
  }

  /** Whether the negation of `id` and what follows from it conflict; marks the clauses of the conflict core. */
  private isRup(id: number): boolean {
    const base = this.trailLen;
    let conflict = this.assumeNegation(id);
    if (conflict === NO_CONFLICT) conflict = this.propagate(base);
    if (conflict >= 0) this.markCore(conflict);
    this.backtrack(base);
    return conflict !== NO_CONFLICT;
  }

  /** RAT on the first literal p: every resolvent with an active clause containing -p is RUP. */
  private isRat(id: number): boolean {
    const pivot = this.pivot.data[id]!;
    if (pivot === 0 || this.tautology[id]) return false;
    const base = this.trailLen;
    this.assumeNegation(id);
    let ok = this.propagate(base) === NO_CONFLICT;
    for (let d = 0; d < id && ok; d++) {
      if (!this.active[d] || this.tautology[d] || !this.contains(d, -pivot)) continue;
      const mark = this.trailLen;
      let conflict = this.assumeNegation(d, -pivot);
      if (conflict === NO_CONFLICT) conflict = this.propagate(mark);
      if (conflict >= 0) this.markCore(conflict);
      ok = conflict !== NO_CONFLICT;
      this.backtrack(mark);
    }
    this.backtrack(base);
    return ok;
  }

  private contains(id: number, lit: number): boolean {
    const s = this.start.data[id]!;
    const n = this.length.data[id]!;
    for (let k = s; k < s + n; k++) if (this.arena.data[k] === lit) return true;
    return false;
  }

  /** Marks the conflict clause and, through the reasons of its literals, every clause it rests on. */
  private markCore(conflict: number): void {
    const stack = [conflict];
    const touched: number[] = [];
    while (stack.length) {
      const id = stack.pop()!;
      this.core[id] = 1;
      const s = this.start.data[id]!;
      const n = this.length.data[id]!;
      for (let k = s; k < s + n; k++) {
        const lit = this.arena.data[k]!;
        const v = lit < 0 ? -lit : lit;
        if (this.seen[v]) continue;
        this.seen[v] = 1;
        touched.push(v);
        const r = this.reason[v]!;
        if (r >= 0 && r !== id) stack.push(r);
      }
    }
    for (const v of touched) this.seen[v] = 0;
  }
}

/** A clause for a message, cut short when long. */
function shown(lits: readonly number[]): string {
  const MAX = 8;
  return lits.length > MAX ? `${lits.slice(0, MAX).join(' ')} ...` : lits.join(' ');
}
