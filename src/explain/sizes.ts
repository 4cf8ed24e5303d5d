import { Cnf } from '../core/cnf.js';
import type { FamilyShape } from '../core/puzzle.js';
import { type AmoEncoding, type CardEncoding, type EncodingCost, atMostK, atMostOne } from '../card/index.js';

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
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  return lo === hi ? `${lo}` : `${lo} to ${hi}`;
};
