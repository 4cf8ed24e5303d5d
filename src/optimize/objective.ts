import type { Cnf } from '../core/cnf.js';
import type { Term } from '../formula/expr.js';
import { declaredTerms, literalsOf } from '../formula/translate.js';
import type { WeightedLit } from '../pb/index.js';
import { positiveSum } from '../pb/normalize.js';

/**
 * A weighted sum to minimise, Σ wᵢ·termᵢ, as a constant plus positive
 * weights on literals (w·ℓ with w < 0 is w + |w|·¬ℓ), one term per variable.
 */
export interface NormalObjective {
  offset: number;
  terms: WeightedLit[];
}

/** The terms and weights as minimize and maximize checked them (checkWeights). */
export function normalObjective(f: Cnf, terms: readonly Term[], weights: readonly number[]): NormalObjective {
  // Σ wᵢ·ℓᵢ = shift + the positive sum (see positiveSum).
  const { terms: positive, shift } = positiveSum(literalsOf(f, declaredTerms(f, 'terms', terms)).map((lit, i) => ({ lit, weight: weights[i]! })));
  return { offset: shift, terms: positive };
}

/** The objective's value under a model (value of each variable). */
export function costOf(objective: NormalObjective, value: (v: number) => boolean): number {
  return objective.terms.reduce((sum, t) => sum + (value(Math.abs(t.lit)) === t.lit > 0 ? t.weight : 0), objective.offset);
}
