import type { Cnf } from './cnf.js';

/**
 * What the library's constraint functions wrote into a formula, call by
 * call: which clauses of which family each one emitted, and its size as
 * recomputed from the constraint's structure (a gate count, an encoding's
 * published size), so that `explain` can show a hand-written formula's
 * families the way it shows a puzzle's and check the arithmetic against
 * the clauses built. Kept beside the formula, not in it: a formula read
 * from DIMACS has no ledger.
 */
export interface LedgerEntry {
  /** What the call said, e.g. `atMostOne over 5 literals` or a formula in logic notation. */
  label: string;
  /** How its size follows from its structure. */
  text: string;
  /** The size that text gives. */
  formula: { clauses: number; auxVars: number };
  /** Its clauses are from..to-1 of the family. */
  from: number;
  to: number;
}

const ledgers = new WeakMap<Cnf, Map<string, LedgerEntry[]>>();

/**
 * Runs `emit` (which writes into the formula's current family) and records
 * it; `account` gets what was emitted and returns the label, the text and
 * the recomputed size.
 */
export function recorded<T>(cnf: Cnf, emit: () => T, account: (result: T) => Omit<LedgerEntry, 'from' | 'to'>): T {
  const family = cnf.currentFamily;
  const from = family?.size ?? 0;
  const result = emit();
  if (!family) return result;
  let book = ledgers.get(cnf);
  if (!book) ledgers.set(cnf, (book = new Map()));
  const entries = book.get(family.name) ?? [];
  entries.push({ ...account(result), from, to: family.size });
  book.set(family.name, entries);
  return result;
}

/** The entries of each family, in the order they were written. */
export function ledgerOf(cnf: Cnf): ReadonlyMap<string, readonly LedgerEntry[]> {
  return ledgers.get(cnf) ?? new Map();
}
