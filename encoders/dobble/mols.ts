import { atMostOne, exactlyOne, type AmoEncoding } from '../../src/card/index.js';
import { Cnf } from '../../src/core/cnf.js';
import { UserError } from '../../src/core/errors.js';
import { fieldName } from '../../src/core/field-names.js';
import { sortedDeck } from './cards.js';

/**
 * The full Dobble deck of order n as n - 1 mutually orthogonal Latin squares
 * (MOLS): a SAT model whose variables are the squares' cells, not the deck's
 * incidence matrix.
 *
 * Why it is the same question. Take a projective plane of order n, a line ℓ∞
 * on it (card 0, symbols 0..n) and two of its points, 0 and 1. The other
 * n² points form an affine plane; its lines through 0 are the rows r, those
 * through 1 the columns c, so every affine point is a cell (r, c), numbered
 * n + 1 + r·n + c. The n lines through point k + 2 (k = 0..n-2) other than
 * ℓ∞ split the cells into n classes: number each line and let S_k[r][c] be
 * the number of the one through cell (r, c). A line meets every row and
 * every column once, so S_k is a Latin square; two lines through different
 * points of ℓ∞ meet once, so S_k and S_l are orthogonal (every value pair
 * (a, b) in exactly one cell). Conversely n - 1 MOLS give back the plane,
 * which is how a model is decoded (`squaresDeck`), and the deck checker sees
 * the decoded deck, not the squares.
 *
 * Variables `L k r c = v` (one-hot cells); orthogonality through
 * auxiliaries per pair of squares and value pair (see Orthogonality).
 */

/**
 * The normalisations of the MOLS model and its implied constraints; each one
 * keeps a plane of every isomorphism class given the steps it needs (proofs
 * at `normalise`), so that each can be benchmarked on its own.
 * - first-rows: row 0 of every square is 0, 1, ..., n-1 (the numbering of
 *   each square's lines)
 * - first-column: column 0 of square 0 is 0, 1, ..., n-1 (the order of rows)
 * - square-order: S_k[1][0] = k + 1 (the order of the squares)
 * - cycles: row 1 of square 0, read as the permutation c ↦ S_0[1][c], has
 *   its cycles on consecutive columns 0..a, a+1..b, ... (the order of the
 *   columns, which first-rows leaves free)
 * - cycle-order: those cycles by non-increasing length
 * - point-pairs: implied, not a cut: two cells in different rows and
 *   columns lie on one line, so some square has equal values in them (the
 *   plane's other axiom, which the pair constraints imply only by counting)
 */
export const MOLS_STEPS = ['first-rows', 'first-column', 'square-order', 'cycles', 'cycle-order', 'point-pairs', 'cell-values'] as const;
export type MolsStep = (typeof MOLS_STEPS)[number];

export const MOLS_NEEDS: Record<MolsStep, readonly MolsStep[]> = {
  'first-rows': [],
  'first-column': ['first-rows'],
  'square-order': ['first-rows'],
  cycles: ['first-rows'],
  'cycle-order': ['cycles'],
  'point-pairs': [],
  'cell-values': ['first-rows'],
};

export const DEFAULT_MOLS_STEPS: readonly MolsStep[] = ['first-rows', 'first-column', 'square-order', 'cycles', 'cycle-order'];

/** cell[k][r][c][v]: the variable "S_k[r][c] = v". */
export type Squares = readonly (readonly (readonly (readonly number[])[])[])[];

export type MolsCnf = Cnf & { readonly squares: Squares };

/**
 * How "the pair (a, b) is in one cell of S_k, S_l" is said.
 * - 'rows': an auxiliary per row, forced by a cell of the row showing the
 *   pair, at most one per pair. At most is enough: n² cells each show one
 *   pair and no pair twice, so all n² pairs appear.
 * - 'cells': an auxiliary per cell, true exactly when the cell shows the
 *   pair, exactly one per pair (the incidence model's pair constraint: line
 *   a of S_k and line b of S_l meet in one point).
 */
export type Orthogonality = 'rows' | 'cells';

export interface MolsOptions {
  amo: AmoEncoding;
  orthogonality: Orthogonality;
  steps: ReadonlySet<MolsStep>;
}

export const cellName = (k: number, r: number, c: number, v: number) => `L${k} r${r} c${c} = ${v}`;

/** The MOLS formula of order n ≥ 2 (n - 1 squares; for n = 2 one square and no pairs). */
export function encodeMols(n: number, { amo, orthogonality, steps }: MolsOptions): MolsCnf {
  if (!Number.isInteger(n) || n < 2) throw new UserError(`${fieldName('variables')} mols: the order must be a whole number ≥ 2, not ${n}`);
  const cnf = new Cnf();
  const range = (count: number) => Array.from({ length: count }, (_, i) => i);
  const squares = range(n - 1).map((k) => range(n).map((r) => range(n).map((c) => range(n).map((v) => cnf.vars.named(cellName(k, r, c, v))))));
  cnf.projection = squares.flat(3);

  cnf.family('latin', `every square is Latin: one value a cell, each value once in every row and every column`);
  squares.forEach((square, k) => {
    for (const r of range(n)) for (const c of range(n)) exactlyOne(cnf, square[r]![c]!, amo, `cell L${k} r${r} c${c}`);
    for (const v of range(n)) {
      for (const r of range(n))
        exactlyOne(
          cnf,
          range(n).map((c) => square[r]![c]![v]!),
          amo,
          `row L${k} r${r} v${v}`,
        );
      for (const c of range(n))
        exactlyOne(
          cnf,
          range(n).map((r) => square[r]![c]![v]!),
          amo,
          `column L${k} c${c} v${v}`,
        );
    }
  });

  cnf.family(
    'orthogonal',
    `every two squares are orthogonal: ${orthogonality === 'cells' ? 'each value pair in exactly one cell' : 'no value pair in two rows'}`,
  );
  for (let k = 0; k < n - 1; k++) {
    for (let l = k + 1; l < n - 1; l++) {
      for (const a of range(n))
        for (const b of range(n)) orthogonalPair(cnf, squares[k]!, squares[l]!, a, b, `L${k} L${l} (${a},${b})`, orthogonality, amo);
    }
  }

  if (steps.has('point-pairs')) impliedPointPairs(cnf, squares, n);
  if (steps.has('cell-values')) impliedCellValues(cnf, squares, n);
  normalise(cnf, squares, n, steps);
  return Object.assign(cnf, { squares });
}

function orthogonalPair(
  cnf: Cnf,
  first: Squares[number],
  second: Squares[number],
  a: number,
  b: number,
  label: string,
  how: Orthogonality,
  amo: AmoEncoding,
): void {
  const n = first.length;
  if (how === 'rows') {
    const rows = first.map((row, r) => {
      const shows = cnf.vars.aux(`pair ${label} r${r}`);
      row.forEach((cell, c) => cnf.add([-cell[a]!, -second[r]![c]![b]!, shows]));
      return shows;
    });
    atMostOne(cnf, rows, amo, `pair ${label}`);
    return;
  }
  const cells = Array.from({ length: n * n }, (_, i) => {
    const [x, y] = [first[Math.floor(i / n)]![i % n]![a]!, second[Math.floor(i / n)]![i % n]![b]!];
    const shows = cnf.vars.aux(`pair ${label} r${Math.floor(i / n)}c${i % n}`);
    cnf.add([-x, -y, shows]);
    cnf.add([-shows, x]);
    cnf.add([-shows, y]);
    return shows;
  });
  exactlyOne(cnf, cells, amo, `pair ${label}`);
}

/**
 * Every two cells in different rows and columns are on one line, so at least
 * one square has equal values there: "L k agrees on p q" implies equality of
 * the two one-hot cells, and one of them is true.
 */
function impliedPointPairs(cnf: Cnf, squares: Squares, n: number): void {
  cnf.family('point-pairs', 'implied: two cells in different rows and columns have equal values in some square (they share a line)');
  const cells = Array.from({ length: n * n }, (_, i) => [Math.floor(i / n), i % n] as const);
  for (let p = 0; p < cells.length; p++) {
    for (let q = p + 1; q < cells.length; q++) {
      const [r1, c1] = cells[p]!;
      const [r2, c2] = cells[q]!;
      if (r1 === r2 || c1 === c2) continue;
      const agree = squares.map((square, k) => {
        const same = cnf.vars.aux(`agree L${k} r${r1}c${c1} r${r2}c${c2}`);
        for (let v = 0; v < n; v++) {
          cnf.add([-same, -square[r1]![c1]![v]!, square[r2]![c2]![v]!]);
          cnf.add([-same, square[r1]![c1]![v]!, -square[r2]![c2]![v]!]);
        }
        return same;
      });
      cnf.add(agree);
    }
  }
}

/**
 * With row 0 of every square 0..n-1, cell (r, c) outside row 0 and the point
 * (0, v), v ≠ c, are on one line, through some point of ℓ∞ other than 0 and
 * 1: some square shows v at (r, c). The n - 1 squares show n - 1 values
 * there, none of them c (column c starts with c), so each v ≠ c is shown by
 * exactly one square. The at-most-one half unit propagation finds from the
 * pair constraints of (v, v); the at-least-one half it gets only by counting,
 * so it is said here, without auxiliaries.
 */
function impliedCellValues(cnf: Cnf, squares: Squares, n: number): void {
  cnf.family('cell-values', "implied: a cell outside row 0 shows each value other than its column's in some square (it shares a line with (0, v))");
  for (let r = 1; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (let v = 0; v < n; v++) if (v !== c) cnf.add(squares.map((square) => square[r]![c]![v]!));
    }
  }
}

/**
 * The cuts. Every complete set of MOLS from a plane (any choice of ℓ∞, 0, 1
 * and of the numberings) can be brought into this form, each step keeping
 * the earlier ones:
 *
 * 1. first-rows: renumber the lines of each square so that row 0 reads
 *    0..n-1. What is left free: permuting rows, permuting columns (with the
 *    line numbers renamed after them, S_k[r][c] ↦ σ⁻¹(S_k[r][σ(c)]), which
 *    keeps row 0), and the order of the squares.
 * 2. cycles: δ(c) = S_0[1][c] is a permutation with no fixed point (columns
 *    are Latin and row 0 is the identity). A column permutation σ turns it
 *    into σ⁻¹δσ, any permutation of its cycle type: lay the cycles out on
 *    consecutive columns, each read upwards, so that δ(c) is c + 1 or the
 *    first column of c's cycle, below c. Conversely δ(c) ∈ {c + 1} ∪ [0, c)
 *    for every c forces that layout: by induction 0..c-1 are images of the
 *    columns before, so the cycle starting at s climbs s, s+1, ... until it
 *    returns to s. With cycle-order the cycles go by non-increasing length
 *    (σ may order them any way): when c closes a cycle of length L, the next
 *    cycle (from c + 1) closes by c + L.
 * 3. first-column: permute rows 2..n-1 (rows 1..n-1 without cycles) so that
 *    S_0[r][0] = r; it keeps rows 0 and 1, and with cycles S_0[1][0] = 1
 *    already (δ(0) can only be 1).
 * 4. square-order: the values S_k[1][0] differ between squares (two equal
 *    ones, v, would show the pair (v, v) in cell (1, 0) and in cell (0, v))
 *    and are not 0 (column 0 starts with 0), so they are 1..n-1 and sorting
 *    squares 1..n-2 by them puts S_k[1][0] = k + 1 (square 0 keeps 1 where
 *    the steps above fixed it).
 */
function normalise(cnf: Cnf, squares: Squares, n: number, steps: ReadonlySet<MolsStep>): void {
  const cuts = [...steps].filter((step) => step !== 'point-pairs' && step !== 'cell-values');
  if (cuts.length === 0) return;
  cnf.family('normalise', `normal form of the squares: ${cuts.join(', ')}`);
  const is = (k: number, r: number, c: number, v: number) => cnf.add([squares[k]![r]![c]![v]!]);
  if (steps.has('first-rows')) for (let k = 0; k < n - 1; k++) for (let c = 0; c < n; c++) is(k, 0, c, c);
  if (steps.has('first-column')) for (let r = 1; r < n; r++) is(0, r, 0, r);
  if (steps.has('square-order')) for (let k = 0; k < n - 1; k++) is(k, 1, 0, k + 1);
  if (!steps.has('cycles')) return;
  const delta = (c: number, v: number) => squares[0]![1]![c]![v]!;
  for (let c = 0; c < n; c++) for (let v = c; v < n; v++) if (v !== c + 1) cnf.add([-delta(c, v)]);
  if (!steps.has('cycle-order')) return;
  for (let c = 1; c < n; c++) {
    for (let s = 0; s < c; s++) {
      const length = c - s + 1;
      for (let end = c + length + 1; end < n; end++) cnf.add([-delta(c, s), -delta(end, c + 1)]);
    }
  }
}

/**
 * The deck of n - 1 squares given as values S[k][r][c]: ℓ∞ = {0..n}, row r
 * is {0} ∪ its cells, column c is {1} ∪ its cells, and line v of square k is
 * {k + 2} ∪ the cells where S_k = v; cells are symbols n + 1 + r·n + c.
 * Cards sorted by their symbols.
 */
export function squaresDeck(n: number, values: readonly (readonly (readonly number[])[])[]): number[][] {
  const cell = (r: number, c: number) => n + 1 + r * n + c;
  const range = (count: number) => Array.from({ length: count }, (_, i) => i);
  const lines: number[][] = [range(n + 1)];
  for (const r of range(n)) lines.push([0, ...range(n).map((c) => cell(r, c))]);
  for (const c of range(n)) lines.push([1, ...range(n).map((r) => cell(r, c))]);
  values.forEach((square, k) => {
    for (const v of range(n)) {
      const through = range(n * n).filter((i) => square[Math.floor(i / n)]![i % n] === v);
      lines.push([k + 2, ...through.map((i) => cell(Math.floor(i / n), i % n))]);
    }
  });
  return sortedDeck(lines);
}

/** The squares of a model: each cell's first true value, -1 for none (the decoded deck then fails its check). */
export function modelSquares(cnf: MolsCnf, value: (v: number) => boolean): number[][][] {
  return cnf.squares.map((square) => square.map((row) => row.map((cell) => cell.findIndex(value))));
}
