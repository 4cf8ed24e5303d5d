import { auxVars, type ClauseSink } from './sink.js';
import { atLeastPremise, halves } from './unary.js';

/**
 * The modulo totalizer (Ogawa, Liu, Hasegawa, Koshimura & Fujita, ICTAI 2013),
 * at most k of n with 1 <= k < n. A totalizer tree whose nodes count in two
 * unary digits, count = p*upper + lower with p about sqrt(k+1), so a node
 * has about 2 sqrt(k) outputs instead of k+1 and merging costs O(k) clauses
 * instead of O(k^2). A carry variable links the digits. Only the upward
 * implications are encoded; the upper digit is capped at ceil((k+1)/p).
 *
 * Invariant (why it is sound): if s inputs under a node are true, then in
 * every model p*U + L >= min(s, k+1), where U and L are the highest true
 * indices of the node's digits. Setting every digit to its exact value
 * satisfies all clauses whenever s <= k.
 */
export function moduloTotalizerAtMostK(sink: ClauseSink, lits: readonly number[], k: number): void {
  const modulus = Math.max(2, Math.ceil(Math.sqrt(k + 1)));
  const limit = k + 1;
  const root = moduloCount(sink, lits, modulus, Math.ceil(limit / modulus));
  // Forbid every pair of digits whose value reaches k+1.
  for (let u = 0; u <= root.upper.length; u++) {
    const lowerNeeded = limit - modulus * u;
    if (lowerNeeded <= 0) {
      sink.add(atLeastPremise(root.upper, u));
      continue;
    }
    for (let l = lowerNeeded; l <= root.lower.length; l++) {
      sink.add([...atLeastPremise(root.upper, u), ...atLeastPremise(root.lower, l)]);
    }
  }
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
  const a = moduloCount(sink, leftLits, modulus, upperCap);
  const b = moduloCount(sink, rightLits, modulus, upperCap);
  const canCarry = a.lower.length + b.lower.length >= modulus;
  const lower = auxVars(sink, Math.min(modulus - 1, a.lower.length + b.lower.length));
  const carry = canCarry ? [sink.aux()] : [];

  for (let i = 0; i <= a.lower.length; i++) {
    for (let j = 0; j <= b.lower.length; j++) {
      const premise = [...atLeastPremise(a.lower, i), ...atLeastPremise(b.lower, j)];
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
  // Without upper digits below, the carry is the whole upper digit.
  if (a.upper.length + b.upper.length === 0) return { lower, upper: carry };
  // Sized by what the children can reach, not by floor(n/p): digits of a child
  // may overstate its count, and the invariant must survive that.
  const upper = auxVars(sink, Math.min(upperCap, a.upper.length + b.upper.length + carry.length));
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
