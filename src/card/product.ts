import { innerAtMostOne, innerAux, innerLiterals } from './pairwise.js';
import { auxVars, type ClauseSink } from './sink.js';

/**
 * Chen's 2-product encoding (2010). The inputs fill a grid of about
 * sqrt(n) x sqrt(n); each input implies its row variable and its column
 * variable, and at most one row and at most one column may be on (recursively).
 * Two distinct inputs differ in row or column, so they cannot both be true.
 * 2n + 4 sqrt(n) + O(n^(1/4)) clauses, 2 sqrt(n) + O(n^(1/4)) auxiliaries.
 */
export function productAtMostOne(sink: ClauseSink, lits: readonly number[]): void {
  const { rows, columns } = grid(lits.length);
  atMostOneLine(sink, lits, rows, (i) => Math.floor(i / columns));
  atMostOneLine(sink, lits, columns, (i) => i % columns);
}

/** The grid of n inputs: about √n columns, and the rows they fill. */
function grid(n: number): { rows: number; columns: number } {
  const columns = Math.ceil(n / Math.ceil(Math.sqrt(n)));
  return { rows: Math.ceil(n / columns), columns };
}

/** The literals productAtMostOne's clauses hold over n literals: each dimension's, as atMostOneLine writes them. */
export function productLiterals(n: number): number {
  const { rows, columns } = grid(n);
  return lineLiterals(n, rows) + lineLiterals(n, columns);
}

/** One dimension's: two for each input's implication, and the lines' at-most-one; nothing for a single line. */
const lineLiterals = (n: number, lineCount: number): number => (lineCount === 1 ? 0 : 2 * n + innerLiterals(lineCount, productLiterals));

/** The auxiliaries productAtMostOne makes over n literals: each dimension's lines and their at-most-one's, none for a single line. */
export function productAux(n: number): number {
  const { rows, columns } = grid(n);
  const lineAux = (lineCount: number) => (lineCount === 1 ? 0 : lineCount + innerAux(lineCount, productAux));
  return lineAux(rows) + lineAux(columns);
}

/** One grid dimension: input i implies line lineOf(i); at most one line is on. */
function atMostOneLine(sink: ClauseSink, lits: readonly number[], lineCount: number, lineOf: (i: number) => number): void {
  // A dimension of size 1 puts every input on the same line: it separates nothing.
  if (lineCount === 1) return;
  const lines = auxVars(sink, lineCount);
  lits.forEach((lit, i) => sink.add([-lit, lines[lineOf(i)]!]));
  innerAtMostOne(sink, lines, productAtMostOne);
}
