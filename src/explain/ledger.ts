import type { Cnf } from '../core/cnf.js';
import { ledgerOf } from '../core/ledger.js';
import type { FamilyShape } from '../core/puzzle.js';

/** Entries named one by one in a family's formula before the rest are summed as "…". */
const SHOWN_ENTRIES = 3;

/**
 * The families of a hand-written formula as `explain` shows a puzzle's: each
 * family's size recomputed from what the library's calls recorded (gates,
 * encodings' published sizes), plus the clauses added to it directly.
 */
export function ledgerShapes(cnf: Cnf): Map<string, FamilyShape> {
  const shapes = new Map<string, FamilyShape>();
  for (const [name, entries] of ledgerOf(cnf)) {
    const family = cnf.families.find((f) => f.name === name)!;
    const direct = family.size - entries.reduce((n, e) => n + e.to - e.from, 0);
    const clauses = direct + entries.reduce((n, e) => n + e.formula.clauses, 0);
    const auxVars = entries.reduce((n, e) => n + e.formula.auxVars, 0);
    const named = entries.slice(0, SHOWN_ENTRIES).map((e) => `${e.label}: ${e.text}`);
    const text = [
      entries.length === 1 ? named[0]! : `Σ over ${entries.length} constraints: ${named.join('; ')}${entries.length > SHOWN_ENTRIES ? '; …' : ''}`,
      ...(direct ? [`plus ${direct} clause${direct === 1 ? '' : 's'} added directly`] : []),
    ].join('; ');
    shapes.set(name, {
      formula: { text, clauses, auxVars },
      about: (index) => entries.find((e) => index >= e.from && index < e.to)?.label ?? 'added directly',
    });
  }
  return shapes;
}
