import { auxVars, type ClauseSink } from './sink.js';
import type { TreeSize } from './totalizer.js';
import { atLeastPremise, atMostPremise, halves } from './unary.js';

/**
 * The modulo totalizer (Ogawa, Liu, Hasegawa, Koshimura & Fujita, ICTAI 2013),
 * at most k of n with 1 <= k < n. A totalizer tree whose nodes count in two
 * unary digits, count = p*upper + lower with p about sqrt(k+1), so a node
 * has about 2 sqrt(k) outputs instead of k+1, and merging two nodes costs
 * O(k) clauses instead of O(k^2). A carry variable links the digits.
 *
 * The lower digit and the carry are defined in both directions (exact), the
 * upper digit only upwards (at least the count divided by p, capped at
 * ceil((k+1)/p)). The lower digit wraps around, so an upward-only lower digit
 * would need a choice between "digit" and "carry" that unit propagation cannot
 * make; exact, it lets propagation from the inputs alone reach a conflict when
 * more than k are true, as for the other encodings.
 */
export function moduloTotalizerAtMostK(sink: ClauseSink, lits: readonly number[], k: number): void {
  const { modulus, upperCap } = digitsFor(k);
  forbidAbove(sink, moduloCount(sink, lits, modulus, upperCap), modulus, k);
}

/** The base of the two digits, about √(k+1), and the cap on the upper digit, past which k is exceeded whatever the lower. */
function digitsFor(k: number): { modulus: number; upperCap: number } {
  const modulus = Math.max(2, Math.ceil(Math.sqrt(k + 1)));
  return { modulus, upperCap: Math.ceil((k + 1) / modulus) };
}

/** Forbids p*upper + lower ≥ k+1 at the root (the lower digit is exact, so one clause per upper value). */
function forbidAbove(sink: ClauseSink, root: ModuloCount, modulus: number, k: number): void {
  const limit = k + 1;
  for (let u = 0; u <= root.upper.length; u++) {
    const lowerNeeded = limit - modulus * u;
    if (lowerNeeded <= 0) sink.add(atLeastPremise(root.upper, u));
    else if (lowerNeeded <= root.lower.length) sink.add([...atLeastPremise(root.upper, u), ...atLeastPremise(root.lower, lowerNeeded)]);
  }
}

/**
 * The literals moduloTotalizerAtMostK's clauses hold and the auxiliaries it
 * makes (1 ≤ k < n), without building it: a node's clauses and digits depend
 * on its children's digit lengths alone, so each size of subtree (a few a
 * level) is written once to a sink that only counts, on a placeholder
 * literal, by the code that writes it.
 */
export function moduloTotalizerSize(n: number, k: number): TreeSize {
  const { modulus, upperCap } = digitsFor(k);
  const made: TreeSize = { literals: 0, auxVars: 0 };
  const counting: ClauseSink = { add: (clause) => void (made.literals += clause.length), aux: () => (made.auxVars++, 1) };
  const subtrees = new Map<number, { count: ModuloCount } & TreeSize>();
  const subtree = (m: number): { count: ModuloCount } & TreeSize => {
    if (m === 1) return { count: { lower: [1], upper: [] }, literals: 0, auxVars: 0 };
    const known = subtrees.get(m);
    if (known) return known;
    const [a, b] = [subtree(m >> 1), subtree(m - (m >> 1))];
    const before = { ...made };
    const count = joined(counting, a.count, b.count, m, modulus, upperCap);
    const sized = {
      count,
      literals: made.literals - before.literals + a.literals + b.literals,
      auxVars: made.auxVars - before.auxVars + a.auxVars + b.auxVars,
    };
    subtrees.set(m, sized);
    return sized;
  };
  const root = subtree(n);
  const before = made.literals;
  forbidAbove(counting, root.count, modulus, k);
  return { literals: root.literals + made.literals - before, auxVars: root.auxVars };
}

interface ModuloCount {
  /** The count modulo p, in unary (at most p-1 outputs). */
  lower: number[];
  /** The count divided by p, in unary, capped. */
  upper: number[];
}

function moduloCount(sink: ClauseSink, lits: readonly number[], modulus: number, upperCap: number): ModuloCount {
  if (lits.length === 1) return { lower: [lits[0]!], upper: [] };
  const [leftLits, rightLits] = halves(lits);
  return joined(
    sink,
    moduloCount(sink, leftLits, modulus, upperCap),
    moduloCount(sink, rightLits, modulus, upperCap),
    lits.length,
    modulus,
    upperCap,
  );
}

/** The node over n literals whose halves count a and b: its digits and their clauses. */
function joined(sink: ClauseSink, a: ModuloCount, b: ModuloCount, n: number, modulus: number, upperCap: number): ModuloCount {
  const lower = auxVars(sink, Math.min(modulus - 1, a.lower.length + b.lower.length));
  const carry = a.lower.length + b.lower.length >= modulus ? [sink.aux()] : [];
  addLowerDigit(sink, a.lower, b.lower, lower, carry, modulus);

  // Without upper digits below, the carry is the whole upper digit.
  if (a.upper.length + b.upper.length === 0) return { lower, upper: carry };
  const upper = auxVars(sink, Math.min(upperCap, Math.floor(n / modulus)));
  for (let x = 0; x <= a.upper.length; x++) {
    for (let y = 0; y <= b.upper.length; y++) {
      const premise = [...atLeastPremise(a.upper, x), ...atLeastPremise(b.upper, y)];
      if (x + y > 0) sink.add([...premise, upper[Math.min(x + y, upper.length) - 1]!]);
      // At the cap the carry adds nothing: the clause above already reaches the top digit.
      if (x + y < upper.length) for (const c of carry) sink.add([...premise, -c, upper[x + y]!]);
    }
  }
  return { lower, upper };
}

/** lower = (a + b) mod p and carry = (a + b >= p), exactly; `carry` is empty when a + b < p always. */
function addLowerDigit(
  sink: ClauseSink,
  a: readonly number[],
  b: readonly number[],
  lower: readonly number[],
  carry: readonly number[],
  modulus: number,
): void {
  // Upwards: a >= i and b >= j make the digit at least (i+j) mod p, or carry.
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= b.length; j++) {
      const premise = [...atLeastPremise(a, i), ...atLeastPremise(b, j)];
      const sum = i + j;
      if (sum === 0) continue;
      if (sum < modulus) {
        sink.add([...premise, lower[sum - 1]!, ...carry]);
      } else {
        sink.add([...premise, ...carry]);
        if (sum > modulus) sink.add([...premise, lower[sum - modulus - 1]!]);
      }
    }
  }
  // Downwards: a <= i and b <= j with i + j = s bound the sum by s.
  const whenSumAtMost = (s: number, conclusion: number[]) =>
    forEachSplit(s, a.length, b.length, (i, j) => sink.add([...atMostPremise(a, i), ...atMostPremise(b, j), ...conclusion]));
  for (const c of carry) whenSumAtMost(modulus - 1, [-c]);
  lower.forEach((digit, t) => {
    // Digit value t+1 is out of reach when the sum is at most t, or wrapped to at most t.
    whenSumAtMost(t, [-digit]);
    for (const c of carry) whenSumAtMost(modulus + t, [-c, -digit]);
  });
}

/** Calls back with each (i, j), i <= maxI, j <= maxJ, i + j = s; a bound past both maxima is (maxI, maxJ). */
function forEachSplit(s: number, maxI: number, maxJ: number, callback: (i: number, j: number) => void): void {
  if (s >= maxI + maxJ) return callback(maxI, maxJ);
  for (let i = Math.max(0, s - maxJ); i <= Math.min(maxI, s); i++) callback(i, s - i);
}
