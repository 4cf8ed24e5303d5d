import type { ClauseSink } from '../card/sink.js';
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
 */
export function adderAtMostWeighted(sink: ClauseSink, terms: readonly WeightedLit[], k: number): void {
  comparatorAtMost(sink, sumBits(sink, terms), k);
}

/** The bits of Σ wᵢ·xᵢ, lowest first (undefined where a bucket is empty: that bit is 0). */
export function sumBits(sink: ClauseSink, terms: readonly WeightedLit[]): (number | undefined)[] {
  const buckets: number[][] = [];
  for (const { lit, weight } of terms) {
    for (let b = 0; weight >= 2 ** b; b++) if (Math.floor(weight / 2 ** b) % 2 === 1) (buckets[b] ??= []).push(lit);
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
  if (k >= 2 ** bits.length) return;
  for (let i = 0; i < bits.length; i++) {
    if (bitOf(k, i) || bits[i] === undefined) continue;
    const clause = [-bits[i]!];
    let possible = true;
    for (let j = i + 1; j < bits.length && possible; j++) {
      if (!bitOf(k, j)) continue;
      if (bits[j] === undefined) possible = false;
      else clause.push(-bits[j]!);
    }
    if (possible) sink.add(clause);
  }
}

const bitOf = (k: number, i: number): boolean => Math.floor(k / 2 ** i) % 2 === 1;
