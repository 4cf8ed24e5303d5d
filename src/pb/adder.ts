import { type AuxRoom, type ClauseSink, refuseAuxPastLimit } from '../card/sink.js';
import { pastLimit, sizeLimit } from '../core/limits.js';
import type { WeightedLit } from './normalize.js';

/**
 * Σ wᵢ·xᵢ ≤ k by a network of binary adders and a comparator (Warners, IPL
 * 1998; Eén & Sörensson, JSAT 2006). Each term puts its literal into the
 * bucket of every bit set in its weight; a bucket is reduced, oldest bits
 * first, by full adders (three bits to a sum bit back in the bucket and a
 * carry into the next) and at the end a half adder, until one bit is left:
 * the sum's bit at that position. Adders are defined both ways (the sum bits
 * are not monotone in the inputs): 14 clauses a full adder, 7 a half adder.
 * The comparator forbids every sum above k with one clause per 0 bit of k.
 * Size grows with n·log W, not with k, but unit propagation does not keep
 * arc consistency.
 *
 * The size is counted from the weights before any auxiliary or clause exists
 * (adderSize), as the BDD and the weight counter count theirs: the network
 * was built whole, and a constraint past --max-literals was refused only when
 * its family's literal array grew past the limit, its adders made by then.
 */
export function adderAtMostWeighted(sink: ClauseSink, terms: readonly WeightedLit[], k: number): void {
  const network = adderNetwork(terms.map((t) => t.weight));
  refuseAdderPastLimit(adderSize(network, k, sink.literalsAdded), terms.length, k, sink.vars);
  comparatorAtMost(sink, sumBits(sink, terms), k);
}

/** The adders sumBits makes over some weights and the bits of their sum, counted from the weights alone. */
export interface AdderNetwork {
  fullAdders: number;
  halfAdders: number;
  /** Whether each bit of the sum, lowest first, is a literal (false: its bucket stayed empty, the bit is 0). */
  present: boolean[];
}

/**
 * sumBits's adders without making them: a bucket of c ≥ 2 bits takes
 * ⌊(c-1)/2⌋ full adders (each three bits to one) and, when c is even, a half
 * adder at the end, each sending a carry into the next bucket.
 */
export function adderNetwork(weights: readonly number[]): AdderNetwork {
  const counts: number[] = [];
  for (const w of weights) for (let b = 0; w >= 2 ** b; b++) if (bitOf(w, b)) counts[b] = (counts[b] ?? 0) + 1;
  const network: AdderNetwork = { fullAdders: 0, halfAdders: 0, present: [] };
  for (let b = 0; b < counts.length; b++) {
    const c = counts[b] ?? 0;
    network.present.push(c > 0);
    if (c < 2) continue;
    const full = Math.floor((c - 1) / 2);
    const half = c % 2 === 0 ? 1 : 0;
    network.fullAdders += full;
    network.halfAdders += half;
    counts[b + 1] = (counts[b + 1] ?? 0) + full + half;
  }
  return network;
}

/** A full adder's clauses and their literals (8 of four, 6 of three), and a half adder's (5 of three, 2 of two). */
const FULL_ADDER = { clauses: 14, literals: 50 };
const HALF_ADDER = { clauses: 7, literals: 19 };

/** What an adder constraint, or a part of it, costs: clauses, auxiliaries, and the literals its clauses hold. */
export interface AdderSize {
  clauses: number;
  auxVars: number;
  literals: number;
}

/** The size of the network's adders as sumBits writes them, `literalsAdded` to each clause by the sink. */
export function networkSize(network: AdderNetwork, literalsAdded = 0): AdderSize {
  const { fullAdders: full, halfAdders: half } = network;
  return {
    clauses: full * FULL_ADDER.clauses + half * HALF_ADDER.clauses,
    auxVars: 2 * (full + half),
    literals: full * (FULL_ADDER.literals + FULL_ADDER.clauses * literalsAdded) + half * (HALF_ADDER.literals + HALF_ADDER.clauses * literalsAdded),
  };
}

/** The size of the comparator of the network's sum against k as comparatorAtMost writes it, `literalsAdded` to each clause by the sink. */
export function comparatorSize(network: AdderNetwork, k: number, literalsAdded = 0): AdderSize {
  // At most one clause a bit, of at most a literal a bit: made on a placeholder literal and counted.
  const clauses = comparatorClauses(
    network.present.map((here) => (here ? 1 : undefined)),
    k,
  );
  return { clauses: clauses.length, auxVars: 0, literals: clauses.reduce((n, clause) => n + clause.length + literalsAdded, 0) };
}

/** The size of Σ wᵢ·xᵢ ≤ k as adderAtMostWeighted writes it: the network and its comparator, `literalsAdded` to each clause. */
export function adderSize(network: AdderNetwork, k: number, literalsAdded = 0): AdderSize {
  const adders = networkSize(network, literalsAdded);
  const comparator = comparatorSize(network, k, literalsAdded);
  return { clauses: adders.clauses + comparator.clauses, auxVars: adders.auxVars, literals: adders.literals + comparator.literals };
}

/**
 * Refuses an adder constraint of n terms ≤ k, before it is built, whose
 * clauses would hold more than the literal limit, or whose adders would give
 * the formula (`vars`, its room) more variables than its limit.
 */
export function refuseAdderPastLimit(
  owed: Pick<AdderSize, 'literals' | 'auxVars'>,
  n: number,
  k: number,
  vars: AuxRoom | undefined,
  maxLiterals = sizeLimit('literals'),
): void {
  const what = `an adder network of ${n} weighted terms ≤ ${k}`;
  if (owed.literals > maxLiterals) throw pastLimit('literals', what, 'its clauses would hold more literals', maxLiterals);
  refuseAuxPastLimit(vars, owed.auxVars, what);
}

/** The bits of Σ wᵢ·xᵢ, lowest first (undefined where a bucket is empty: that bit is 0). */
export function sumBits(sink: ClauseSink, terms: readonly WeightedLit[]): (number | undefined)[] {
  const buckets: number[][] = [];
  for (const { lit, weight } of terms) {
    for (let b = 0; weight >= 2 ** b; b++) if (bitOf(weight, b)) (buckets[b] ??= []).push(lit);
  }
  const out: (number | undefined)[] = [];
  for (let b = 0; b < buckets.length; b++) {
    const bits = buckets[b] ?? [];
    // A queue read from `head`: shift() moves the whole bucket each time, quadratic in its size (100,000 items: 27 s).
    let head = 0;
    const take = () => bits[head++]!;
    while (bits.length - head >= 2) {
      const [sum, carry] = bits.length - head >= 3 ? fullAdder(sink, take(), take(), take()) : halfAdder(sink, take(), take());
      bits.push(sum);
      (buckets[b + 1] ??= []).push(carry);
    }
    out.push(bits[head]);
  }
  return out;
}

/** sum ↔ a ⊕ b ⊕ c, carry ↔ at least two of a, b, c. */
function fullAdder(sink: ClauseSink, a: number, b: number, c: number): [number, number] {
  const [s, carry] = [sink.aux(), sink.aux()];
  for (const [x, y, z] of [
    [a, b, c],
    [a, -b, -c],
    [-a, b, -c],
    [-a, -b, c],
  ] as const) {
    // An odd number of true inputs makes the sum true, an even number false.
    sink.add([-x, -y, -z, s]);
    sink.add([x, y, z, -s]);
  }
  for (const [x, y] of [
    [a, b],
    [a, c],
    [b, c],
  ] as const) {
    sink.add([-x, -y, carry]);
    sink.add([x, y, -carry]);
  }
  return [s, carry];
}

/** sum ↔ a ⊕ b, carry ↔ a ∧ b. */
function halfAdder(sink: ClauseSink, a: number, b: number): [number, number] {
  const [s, carry] = [sink.aux(), sink.aux()];
  sink.add([-a, -b, -s]);
  sink.add([a, b, -s]);
  sink.add([-a, b, s]);
  sink.add([a, -b, s]);
  sink.add([-a, -b, carry]);
  sink.add([a, -carry]);
  sink.add([b, -carry]);
  return [s, carry];
}

/**
 * Forbids the number in `bits` (lowest first) from exceeding k: for each 0
 * bit i of k, not (bit i and every higher bit where k has a 1). A constant-0
 * bit of the sum settles its clause.
 */
export function comparatorAtMost(sink: ClauseSink, bits: readonly (number | undefined)[], k: number): void {
  for (const clause of comparatorClauses(bits, k)) sink.add(clause);
}

/** The comparator's clauses (comparatorAtMost), at most one per bit. */
function comparatorClauses(bits: readonly (number | undefined)[], k: number): number[][] {
  const clauses: number[][] = [];
  if (k >= 2 ** bits.length) return clauses;
  for (let i = 0; i < bits.length; i++) {
    if (bitOf(k, i) || bits[i] === undefined) continue;
    const clause = [-bits[i]!];
    let possible = true;
    for (let j = i + 1; j < bits.length && possible; j++) {
      if (!bitOf(k, j)) continue;
      if (bits[j] === undefined) possible = false;
      else clause.push(-bits[j]!);
    }
    if (possible) clauses.push(clause);
  }
  return clauses;
}

const bitOf = (k: number, i: number): boolean => Math.floor(k / 2 ** i) % 2 === 1;
