import type { Cnf } from '../core/cnf.js';
import type { Term } from '../formula/expr.js';
import { literalsOf } from '../formula/translate.js';
import type { WeightedLit } from '../pb/index.js';

/**
 * A weighted sum to minimise, Σ wᵢ·termᵢ, as a constant plus positive
 * weights on literals (w·ℓ with w < 0 is w + |w|·¬ℓ), one term per variable.
 */
export interface NormalObjective {
  offset: number;
  terms: WeightedLit[];
}

export function normalObjective(f: Cnf, terms: readonly Term[], weights: readonly number[]): NormalObjective {
  if (terms.length !== weights.length) throw new RangeError(`${terms.length} terms but ${weights.length} weights`);
  for (const w of weights) if (!Number.isSafeInteger(w)) throw new RangeError(`objective weights are integers, got ${w}`);
  // The weight of each variable taken positively, and the constant that negated literals leave.
  const byVariable = new Map<number, number>();
  let offset = 0;
  literalsOf(f, terms).forEach((lit, i) => {
    const w = weights[i]!;
    const v = Math.abs(lit);
    if (lit < 0) offset += w;
    byVariable.set(v, (byVariable.get(v) ?? 0) + (lit > 0 ? w : -w));
  });
  const out: WeightedLit[] = [];
  for (const [v, w] of byVariable) {
    if (w > 0) out.push({ lit: v, weight: w });
    if (w < 0) {
      offset += w;
      out.push({ lit: -v, weight: -w });
    }
  }
  return { offset, terms: out };
}

/** The objective's value under a model (value of each variable). */
export function costOf(objective: NormalObjective, value: (v: number) => boolean): number {
  return objective.terms.reduce((sum, t) => sum + (value(Math.abs(t.lit)) === t.lit > 0 ? t.weight : 0), objective.offset);
}
