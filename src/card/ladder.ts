import { auxVars, type ClauseSink } from './sink.js';

/**
 * Gent & Nightingale's ladder (2004), over n+1 values: the n inputs and an
 * implicit "none". Rung y[i] means "the chosen value comes after input i".
 * Validity: y[i+1] -> y[i]. Channelling, both directions:
 * lits[0] <-> -y[0] and lits[i] <-> y[i-1] & -y[i]; "none" would be y[n-1].
 * Because the channelling is an equivalence, the rungs are a function of the
 * inputs: no model is repeated on the auxiliaries. 4n - 2 clauses, n auxiliaries.
 */
/** The literals ladderAtMostOne's clauses hold: n-1 validity clauses of two, 4 for the first input, 7 for each other. */
export const ladderLiterals = (n: number): number => 2 * (n - 1) + 4 + 7 * (n - 1);

export function ladderAtMostOne(sink: ClauseSink, lits: readonly number[]): void {
  const n = lits.length;
  const y = auxVars(sink, n);
  for (let i = 0; i + 1 < n; i++) sink.add([-y[i + 1]!, y[i]!]);
  sink.add([lits[0]!, y[0]!]);
  sink.add([-lits[0]!, -y[0]!]);
  for (let i = 1; i < n; i++) {
    sink.add([-lits[i]!, y[i - 1]!]);
    sink.add([-lits[i]!, -y[i]!]);
    sink.add([lits[i]!, -y[i - 1]!, y[i]!]);
  }
}
