import { Cnf } from '../core/cnf.js';
import { sizeLimit } from '../core/limits.js';
import type { FamilyShape } from '../core/puzzle.js';
import { type AmoEncoding, type CardEncoding, type EncodingCost, atMostK, atMostOne } from '../card/index.js';
import { type PbEncoding, type WeightedLit, atMostWeighted } from '../pb/index.js';
import { adderNetwork, adderSize } from '../pb/adder.js';
import { normalizeAtMost } from '../pb/normalize.js';
import { registerLayout } from '../pb/swc.js';

/**
 * The vocabulary encoders explain their families in (Instance.explain): the
 * size of each encoding on n literals, as published or measured, the same
 * size written in the encoder's own symbols, and families made of one
 * constraint per group (a cell, a piece, a pair of cards).
 */

/**
 * Published sizes of the encodings that have an exact closed form, for n
 * literals (n >= 2 for at-most-one; 1 <= k < n for at-most-k). The others
 * (recursive or tree-shaped) are measured on n fresh literals.
 */
const AMO_CLOSED: Partial<Record<AmoEncoding, (n: number) => EncodingCost>> = {
  pairwise: (n) => ({ clauses: (n * (n - 1)) / 2, auxVars: 0 }),
  sequential: (n) => ({ clauses: 3 * n - 4, auxVars: n - 1 }),
  ladder: (n) => ({ clauses: 4 * n - 2, auxVars: n }),
  binary: (n) => ({ clauses: n * log2Ceil(n), auxVars: log2Ceil(n) }),
  bimander: (n) => ({ clauses: Math.floor(n / 2) + n * log2Ceil(Math.ceil(n / 2)), auxVars: log2Ceil(Math.ceil(n / 2)) }),
};

const CARD_CLOSED: Partial<Record<CardEncoding, (n: number, k: number) => EncodingCost>> = {
  sequential: (n, k) => ({ clauses: 2 * n * k + n - 3 * k - 1, auxVars: (n - 1) * k }),
};

/**
 * Sizes of the pseudo-Boolean encodings on normalised terms (positive
 * weights, each at most k, summing to more than k), recomputed from the
 * weights: the sequential weight counter from its register layout, the adder network from
 * its buckets' bit counts. The BDD's size depends on how its intervals merge,
 * so it is measured.
 */
const PB_CLOSED: Partial<Record<PbEncoding, (weights: readonly number[], k: number) => EncodingCost>> = {
  swc: (unsorted, k) => {
    const { clauses, auxVars } = registerLayout(
      [...unsorted].sort((a, b) => a - b),
      k,
      sizeLimit('literals'),
    );
    return { clauses, auxVars };
  },
  adder: (weights, k) => {
    const { clauses, auxVars } = adderSize(adderNetwork(weights), k);
    return { clauses, auxVars };
  },
};

const log2Ceil = (n: number): number => (n <= 1 ? 0 : Math.ceil(Math.log2(n)));

const measuredCache = new Map<string, EncodingCost>();

/** The size of an encoding on n fresh literals, built on a scratch formula. */
function measure(key: string, n: number, encode: (cnf: Cnf, lits: number[]) => EncodingCost): EncodingCost {
  const cached = measuredCache.get(`${key} ${n}`);
  if (cached) return cached;
  const cnf = new Cnf();
  const lits = Array.from({ length: n }, (_, i) => cnf.vars.named(`x${i}`));
  cnf.family('scratch');
  const cost = encode(cnf, lits);
  measuredCache.set(`${key} ${n}`, cost);
  return cost;
}

/** At most one of n literals; fewer than two need nothing. */
export function amoCost(encoding: AmoEncoding, n: number): EncodingCost {
  if (n < 2) return { clauses: 0, auxVars: 0 };
  return AMO_CLOSED[encoding]?.(n) ?? measure(`amo ${encoding}`, n, (cnf, lits) => atMostOne(cnf, lits, encoding, 'scratch'));
}

/** At most k of n literals, with the same edge cases as atMostK. */
export function atMostKCost(encoding: CardEncoding, n: number, k: number): EncodingCost {
  if (k < 0) return { clauses: 1, auxVars: 0 };
  if (k === 0) return { clauses: n, auxVars: 0 };
  if (k >= n) return { clauses: 0, auxVars: 0 };
  return CARD_CLOSED[encoding]?.(n, k) ?? measure(`card ${encoding} ${k}`, n, (cnf, lits) => atMostK(cnf, lits, k, encoding, 'scratch'));
}

/** At least k of n: one clause for k = 1, else at most n-k of the negations. */
export function atLeastKCost(encoding: CardEncoding, n: number, k: number): EncodingCost {
  return k === 1 ? { clauses: 1, auxVars: 0 } : atMostKCost(encoding, n, n - k);
}

/** Σ wᵢ·ℓᵢ ≤ k under a pseudo-Boolean encoding, with the facade's normalisation (units for terms heavier than k, the empty clause for k < 0). */
export function pbAtMostCost(encoding: PbEncoding, terms: readonly WeightedLit[], k: number): EncodingCost {
  const form = normalizeAtMost(terms, k);
  if (form.kind !== 'sum') return { clauses: form.kind === 'false' ? 1 : 0, auxVars: 0 };
  const units = { clauses: form.units.length, auxVars: 0 };
  if (form.terms.length === 0) return units;
  const weights = form.terms.map((t) => t.weight);
  const key = `pb ${encoding} ${form.k} ${weights.join(',')}`;
  const size =
    PB_CLOSED[encoding]?.(weights, form.k) ??
    measure(key, weights.length, (cnf, lits) =>
      atMostWeighted(
        cnf,
        weights.map((weight, i) => ({ lit: lits[i]!, weight })),
        form.k,
        encoding,
        'scratch',
      ),
    );
  return add(units, size);
}

/** Σ wᵢ·ℓᵢ ≥ k, as Σ (-wᵢ)·ℓᵢ ≤ -k. */
export function pbAtLeastCost(encoding: PbEncoding, terms: readonly WeightedLit[], k: number): EncodingCost {
  return pbAtMostCost(
    encoding,
    terms.map((t) => ({ lit: t.lit, weight: -t.weight })),
    -k,
  );
}

/**
 * The size of an encoding as published, in the caller's symbols (e.g. "3n_c-4
 * clauses and n_c-1 aux"); sizes without an exact closed form are measured.
 */
export function sizeText(table: readonly { name: string; clauses: string; auxVars: string }[], encoding: string, n: string, k = 'k'): string {
  const info = table.find((e) => e.name === encoding);
  if (!info) return `size measured on ${n} fresh literals`;
  // "2nk" reads "2n_p·k": a product sign where a symbol meets a letter or a bracket.
  const sub = (text: string) =>
    text
      .replace(/k/g, k)
      .replace(/n([a-zA-Z⌈(])?/g, (_, next?: string) => (next ? `${n}·${next}` : n))
      .replace(/\)([a-zA-Z])/g, ')·$1');
  const exact = !/[≤≈O]/.test(info.clauses + info.auxVars);
  return exact
    ? `${sub(info.clauses)} clauses and ${sub(info.auxVars)} aux`
    : `size measured on ${n} fresh literals (published: ${sub(info.clauses)} clauses, ${sub(info.auxVars)} aux)`;
}

export interface Group {
  label: string;
  cost: EncodingCost;
}

export const add = (a: EncodingCost, b: EncodingCost): EncodingCost => ({ clauses: a.clauses + b.clauses, auxVars: a.auxVars + b.auxVars });
const total = (groups: readonly Group[]) => groups.reduce((sum, g) => add(sum, g.cost), { clauses: 0, auxVars: 0 });

/** A family made of one constraint per group, emitted group after group. */
export function grouped(text: string, groups: readonly Group[]): FamilyShape {
  const ends: number[] = [];
  let end = 0;
  for (const g of groups) ends.push((end += g.cost.clauses));
  return {
    formula: { text, ...total(groups) },
    about: (index) => groups[ends.findIndex((e) => index < e)]?.label ?? '?',
  };
}

export const range = (values: readonly number[]): string => {
  // No values (a board of optional cells has no cell to cover) is said as such, not "Infinity to -Infinity".
  if (values.length === 0) return 'none';
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  return lo === hi ? `${lo}` : `${lo} to ${hi}`;
};
