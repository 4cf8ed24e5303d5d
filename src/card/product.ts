import { innerAtMostOne } from './pairwise.js';
import { auxVars, type ClauseSink } from './sink.js';

/**
 * Chen's 2-product encoding (2010). The inputs fill a grid of about
 * sqrt(n) x sqrt(n); each input implies its row variable and its column
 * variable, and at most one row and at most one column may be on (recursively).
 * Two distinct inputs differ in row or column, so they cannot both be true.
 * 2n + 4 sqrt(n) + O(n^(1/4)) clauses, 2 sqrt(n) + O(n^(1/4)) auxiliaries.
 */
export function productAtMostOne(sink: ClauseSink, lits: readonly number[]): void {
  const columns = Math.ceil(lits.length / Math.ceil(Math.sqrt(lits.length)));
  const rows = Math.ceil(lits.length / columns);
  atMostOneLine(sink, lits, rows, (i) => Math.floor(i / columns));
  atMostOneLine(sink, lits, columns, (i) => i % columns);
}

/** One grid dimension: input i implies line lineOf(i); at most one line is on. */
function atMostOneLine(sink: ClauseSink, lits: readonly number[], lineCount: number, lineOf: (i: number) => number): void {
  // A dimension of size 1 puts every input on the same line: it separates nothing.
  if (lineCount === 1) return;
  const lines = auxVars(sink, lineCount);
  lits.forEach((lit, i) => sink.add([-lit, lines[lineOf(i)]!]));
  innerAtMostOne(sink, lines, productAtMostOne);
}
