import { gcd } from '../algebra/finite-field.js';

/** A literal with an integer weight: one term of a weighted sum. */
export interface WeightedLit {
  lit: number;
  weight: number;
}

/**
 * Σ wᵢ·ℓᵢ ≤ k in the form every encoding takes: positive weights, one term
 * per variable, each weight at most the bound, their sum above it, divided
 * by their greatest common divisor. A negative weight becomes a positive one
 * on the negated literal (w·ℓ = w + |w|·¬ℓ), repeated variables are merged,
 * a term heavier than the bound is forced false, and a bound that nothing
 * can exceed (or that nothing can meet) needs no encoding.
 */
export type NormalForm =
  | { kind: 'true' }
  | { kind: 'false' }
  | {
      kind: 'sum';
      /** Unit clauses: the negations of the terms whose weight alone exceeds the bound. */
      units: number[];
      /** Empty when the units settle it. */
      terms: WeightedLit[];
      k: number;
    };

export function normalizeAtMost(terms: readonly WeightedLit[], k: number): NormalForm {
  checkInteger(k, 'bound');
  const positive = positiveSum(terms);
  const bound = k - positive.shift;
  if (bound < 0) return { kind: 'false' };
  const units = positive.terms.filter((t) => t.weight > bound).map((t) => -t.lit);
  const sum = positive.terms.filter((t) => t.weight <= bound);
  const total = sum.reduce((s, t) => s + t.weight, 0);
  if (total <= bound) return units.length ? { kind: 'sum', units, terms: [], k: bound } : { kind: 'true' };
  const g = sum.reduce((d, t) => gcd(d, t.weight), 0);
  return { kind: 'sum', units, terms: sum.map((t) => ({ lit: t.lit, weight: t.weight / g })), k: Math.floor(bound / g) };
}

/**
 * The sum with positive weights, one term per variable: Σ wᵢ·ℓᵢ ≤ k holds
 * exactly when Σ of these terms ≤ k - shift (a negative weight w on ℓ is
 * w + |w| on ¬ℓ; a variable met twice has its weights added).
 */
export function positiveSum(terms: readonly WeightedLit[]): { terms: WeightedLit[]; shift: number } {
  for (const t of terms) checkInteger(t.weight, 'weight');
  checkMagnitude(terms);
  // Coefficient of each variable taken positively, and the constant the negative literals leave.
  const coefficient = new Map<number, number>();
  let shift = 0;
  for (const { lit, weight } of terms) {
    const v = Math.abs(lit);
    if (lit < 0) shift += weight;
    coefficient.set(v, (coefficient.get(v) ?? 0) + (lit > 0 ? weight : -weight));
  }
  const sum: WeightedLit[] = [];
  for (const [v, c] of coefficient) {
    if (c > 0) sum.push({ lit: v, weight: c });
    else if (c < 0) {
      shift += c;
      sum.push({ lit: -v, weight: -c });
    }
  }
  return { terms: sum, shift };
}

// A fractional weight or bound is a bug in the caller (the public functions check theirs first).
function checkInteger(x: number, what: string): void {
  if (!Number.isSafeInteger(x)) throw new RangeError(`a pseudo-Boolean ${what} must be a safe integer, got ${x}`);
}

/**
 * Every sum the normal form and the encodings compute (a variable's merged
 * weight, the shift, a partial sum) is at most Σ|wᵢ| in absolute value, and
 * the bound then only compares with them: within 2^53 - 1 they are exact.
 * Beyond it neighbouring integers are one number, and a sum past the bound
 * compared as equal to it (every assignment a model, silently).
 */
function checkMagnitude(terms: readonly WeightedLit[]): void {
  const problem = magnitudeProblem(terms.map((t) => t.weight));
  if (problem) throw new RangeError(`weights: ${problem}`);
}

/** What is wrong with weights too heavy for exact sums (checkMagnitude), or undefined; the library's calls say it first, naming themselves. */
export function magnitudeProblem(weights: readonly number[]): string | undefined {
  // Rounding is monotonic: a float sum of magnitudes is past 2^53 - 1 whenever the exact one is.
  const magnitude = weights.reduce((s, w) => s + Math.abs(w), 0);
  return Number.isSafeInteger(magnitude)
    ? undefined
    : 'their absolute values add up to more than 2^53 - 1 (Number.MAX_SAFE_INTEGER), where sums lose precision';
}
