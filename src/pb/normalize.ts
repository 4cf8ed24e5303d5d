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
  for (const t of terms) checkInteger(t.weight, 'weight');
  checkInteger(k, 'bound');
  // Coefficient of each variable taken positively, and the constant the negative literals leave.
  const coefficient = new Map<number, number>();
  let bound = k;
  for (const { lit, weight } of terms) {
    const v = Math.abs(lit);
    if (lit > 0) coefficient.set(v, (coefficient.get(v) ?? 0) + weight);
    else {
      bound -= weight;
      coefficient.set(v, (coefficient.get(v) ?? 0) - weight);
    }
  }
  let sum: WeightedLit[] = [];
  for (const [v, c] of coefficient) {
    if (c > 0) sum.push({ lit: v, weight: c });
    else if (c < 0) {
      bound -= c;
      sum.push({ lit: -v, weight: -c });
    }
  }
  if (bound < 0) return { kind: 'false' };
  const units = sum.filter((t) => t.weight > bound).map((t) => -t.lit);
  sum = sum.filter((t) => t.weight <= bound);
  const total = sum.reduce((s, t) => s + t.weight, 0);
  if (total <= bound) return units.length ? { kind: 'sum', units, terms: [], k: bound } : { kind: 'true' };
  const g = sum.reduce((d, t) => gcd(d, t.weight), 0);
  return { kind: 'sum', units, terms: sum.map((t) => ({ lit: t.lit, weight: t.weight / g })), k: Math.floor(bound / g) };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

// A fractional weight or bound is a bug in the caller (the public functions check theirs first).
function checkInteger(x: number, what: string): void {
  if (!Number.isSafeInteger(x)) throw new RangeError(`a pseudo-Boolean ${what} must be a safe integer, got ${x}`);
}
