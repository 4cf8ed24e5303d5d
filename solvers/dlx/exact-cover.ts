/**
 * Exact cover by Knuth's Algorithm X with dancing links. This is the reference
 * every SAT configuration is measured against, so the matrix lives in flat
 * typed arrays (no per-node objects), the search is an explicit-stack loop,
 * and it branches on the primary column with the fewest rows left (MRV).
 */

export interface ExactCoverProblem {
  /** Columns 0..primary-1 must be covered exactly once. */
  primary: number;
  /** Columns primary..primary+secondary-1 may be covered at most once. */
  secondary: number;
  /** Each row lists the distinct columns it covers; at least one must be primary. */
  rows: readonly (readonly number[])[];
  /**
   * Copies of one piece (a packing's copy cover, Instance.copyCover): per
   * column, the copy before it (-1: none). A solution is one set of
   * placements however its copies are numbered, so copies are covered in
   * the order the search meets them: a row taking column c waits while
   * prevCopy[c] is uncovered, and a copy is never the column branched on
   * (its rows would all wait). Each row holds at most one copy.
   */
  prevCopy?: readonly number[];
}

export interface ExactCoverOptions {
  /** Stop after this many solutions. */
  limit?: number;
  /** Rows every solution must contain (cubes, assumptions). Clashing forced rows give zero solutions. */
  forced?: readonly number[];
  /** Rows no solution may contain. */
  excluded?: readonly number[];
  /** Receives each solution's row indices, ascending; returning false stops the search. */
  onSolution?: (rows: number[]) => boolean | void;
  /** Polled at the first node, then every POLL_INTERVAL nodes and rows covered, for Ctrl-C and timeouts; true stops the search. */
  shouldStop?: () => boolean;
}

export interface ExactCoverResult {
  /** Solutions found (all of them when complete). */
  count: number;
  /** True when the search space was exhausted, false when a limit or a stop cut it short. */
  complete: boolean;
  /** Search-tree nodes visited (partial solutions examined). */
  nodes: number;
}

/**
 * Steps between two polls of shouldStop: a node is one, and each row a cover
 * removes is one more, since a node's cost is its covers' (100,000 nodes on a
 * 16x20 board of 40 octominoes took 7 s between polls, past a --timeout).
 */
const POLL_INTERVAL = 100_000;

/**
 * Enumerates the exact covers of `problem`. Throws an Error for a malformed
 * problem or option (a caller's bug, not user input).
 */
export function solveExactCover(problem: ExactCoverProblem, options: ExactCoverOptions = {}): ExactCoverResult {
  validateProblem(problem);
  const limit = options.limit ?? Infinity;
  if (!(limit >= 1)) throw new Error(`exact cover: option limit must be at least 1, got ${limit}`);
  const forced = uniqueRowIndices(problem, options.forced ?? [], 'forced');
  const excluded = new Set(uniqueRowIndices(problem, options.excluded ?? [], 'excluded'));
  if (forced.some((row) => excluded.has(row))) return { count: 0, complete: true, nodes: 0 };

  const matrix = buildMatrix(problem, excluded);
  if (!selectForcedRows(matrix, problem, forced)) return { count: 0, complete: true, nodes: 0 };
  return search(matrix, problem.primary, forced, limit, options);
}

/**
 * Independent checker: `rows` covers every primary column exactly once and
 * every secondary column at most once. Used to validate solutions in tests.
 */
export function isExactCover(problem: ExactCoverProblem, rows: readonly number[]): boolean {
  const columns = problem.primary + problem.secondary;
  const hits = new Array<number>(columns).fill(0);
  for (const row of rows) {
    const cells = problem.rows[row];
    if (cells === undefined) return false;
    for (const column of cells) {
      if (!(column >= 0 && column < columns)) return false;
      hits[column]++;
    }
  }
  return hits.every((n, column) => (column < problem.primary ? n === 1 : n <= 1));
}

/*
 * The matrix is one Int32Array of 4-int records. Links hold record addresses
 * (4 x index), so hot loops never multiply. Records 0..columns-1 are column
 * headers. As in TAOCP 7.2.2.1, each row's nodes are contiguous between
 * spacer records: a spacer's UP is the first node of the row before it and
 * its DOWN the last node of the row after it, so walking along a row needs no
 * horizontal links, and one record holds everything a node update touches.
 */
const UP = 0;
const DOWN = 1;
/** Header address of a node's column; SPACER for spacers. */
const COLUMN = 2;
/** Headers: rows still in the column. Nodes: the row's index in the problem. */
const AUX = 3;
const RECORD = 4;
const SPACER = -1;

interface Matrix {
  links: Int32Array;
  /**
   * Ring of the uncovered primary columns, indexed by header address, with
   * its root at `root`. Secondary headers link to themselves: they are never
   * chosen, but covering them still removes the rows that clash.
   */
  headLeft: Int32Array;
  headRight: Int32Array;
  root: number;
  /** Per row, the copy column it waits for (-1: none; ExactCoverProblem.prevCopy). */
  waitFor: Int32Array;
  /** The primary copy columns, out of the ring: a solution must cover them all the same. */
  primaryCopies: readonly number[];
  /** Per column, 1 while a taken row covers it (read for copies only). */
  taken: Uint8Array;
}

function validateProblem(problem: ExactCoverProblem): void {
  const { primary, secondary, rows } = problem;
  if (!Number.isInteger(primary) || primary < 0 || !Number.isInteger(secondary) || secondary < 0) {
    throw new Error(`exact cover: primary and secondary must be non-negative integers, got ${primary} and ${secondary}`);
  }
  const columns = primary + secondary;
  const { prevCopy } = problem;
  if (prevCopy && (prevCopy.length !== columns || prevCopy.some((c) => !Number.isInteger(c) || c < -1 || c >= columns)))
    throw new Error(`exact cover: prevCopy must give each of the ${columns} columns a column or -1`);
  const lastSeenInRow = new Int32Array(columns).fill(-1);
  rows.forEach((cells, row) => {
    for (const column of cells) {
      if (!Number.isInteger(column) || column < 0 || column >= columns) {
        throw new Error(`exact cover: row ${row} has column ${column} outside 0..${columns - 1}`);
      }
      if (lastSeenInRow[column] === row) throw new Error(`exact cover: row ${row} lists column ${column} twice`);
      lastSeenInRow[column] = row;
    }
    // Algorithm X only picks rows to cover primary columns, so a row without
    // one could never be chosen and the covers using it would go missing.
    if (!cells.some((column) => column < primary)) {
      throw new Error(`exact cover: row ${row} covers no primary column (rows must not be empty)`);
    }
  });
}

function uniqueRowIndices(problem: ExactCoverProblem, indices: readonly number[], option: string): number[] {
  for (const row of indices) {
    if (!Number.isInteger(row) || row < 0 || row >= problem.rows.length) {
      throw new Error(`exact cover: option ${option} has row ${row} outside 0..${problem.rows.length - 1}`);
    }
  }
  return [...new Set(indices)];
}

/** The columns in chains of copies (ExactCoverProblem.prevCopy): each with a copy before it or after it. */
function copyColumns(problem: ExactCoverProblem): Uint8Array {
  const isCopy = new Uint8Array(problem.primary + problem.secondary);
  problem.prevCopy?.forEach((prev, c) => {
    if (prev >= 0) isCopy[c] = isCopy[prev] = 1;
  });
  return isCopy;
}

/** Per row, the copy its copy column waits for (-1: none). */
function rowWaits(problem: ExactCoverProblem): Int32Array {
  const { prevCopy } = problem;
  const waitFor = new Int32Array(problem.rows.length).fill(-1);
  if (prevCopy) problem.rows.forEach((cells, row) => cells.forEach((c) => prevCopy[c]! >= 0 && (waitFor[row] = prevCopy[c]!)));
  return waitFor;
}

function buildMatrix(problem: ExactCoverProblem, excluded: ReadonlySet<number>): Matrix {
  const columns = problem.primary + problem.secondary;
  const isCopy = copyColumns(problem);
  let records = columns + 1; // headers, then the leading spacer
  problem.rows.forEach((cells, row) => {
    if (!excluded.has(row)) records += cells.length + 1;
  });
  const links = new Int32Array(RECORD * records);

  const root = RECORD * columns;
  const headLeft = new Int32Array(root + 1);
  const headRight = new Int32Array(root + 1);
  let last = root;
  for (let c = 0; c < columns; c++) {
    const header = RECORD * c;
    links[header + UP] = links[header + DOWN] = links[header + COLUMN] = header;
    if (c < problem.primary && !isCopy[c]) {
      headLeft[header] = last;
      headRight[last] = header;
      last = header;
    } else {
      headLeft[header] = headRight[header] = header;
    }
  }
  headRight[last] = root;
  headLeft[root] = last;

  let spacer = RECORD * columns;
  links[spacer + COLUMN] = SPACER;
  let node = spacer + RECORD;
  problem.rows.forEach((cells, row) => {
    if (excluded.has(row)) return;
    const first = node;
    for (const c of cells) {
      const header = RECORD * c;
      links[node + COLUMN] = header;
      links[node + AUX] = row;
      // Append at the bottom of the column.
      links[node + UP] = links[header + UP];
      links[node + DOWN] = header;
      links[links[header + UP] + DOWN] = node;
      links[header + UP] = node;
      links[header + AUX]++;
      node += RECORD;
    }
    links[spacer + DOWN] = node - RECORD;
    spacer = node;
    links[spacer + COLUMN] = SPACER;
    links[spacer + UP] = first;
    node += RECORD;
  });
  const primaryCopies = [...isCopy.keys()].filter((c) => c < problem.primary && isCopy[c]);
  return { links, headLeft, headRight, root, waitFor: rowWaits(problem), primaryCopies, taken: new Uint8Array(columns) };
}

/** The node after j in its row, cyclically. */
function nextInRow(links: Int32Array, j: number): number {
  const k = j + RECORD;
  return links[k + COLUMN] === SPACER ? links[k + UP] : k;
}

/** The node before j in its row, cyclically. */
function previousInRow(links: Int32Array, j: number): number {
  const k = j - RECORD;
  return links[k + COLUMN] === SPACER ? links[k + DOWN] : k;
}

/** Removes the column and every row through it from the matrix; returns how many rows (its work, for the poll). */
function cover(m: Matrix, header: number): number {
  const { links, headLeft, headRight } = m;
  headRight[headLeft[header]] = headRight[header];
  headLeft[headRight[header]] = headLeft[header];
  for (let row = links[header + DOWN]; row !== header; row = links[row + DOWN]) {
    for (let j = nextInRow(links, row); j !== row; j = nextInRow(links, j)) {
      const up = links[j + UP];
      const down = links[j + DOWN];
      links[down + UP] = up;
      links[up + DOWN] = down;
      links[links[j + COLUMN] + AUX]--;
    }
  }
  return links[header + AUX];
}

/** Exact inverse of cover(m, header): the same steps in reverse order. */
function uncover(m: Matrix, header: number): void {
  const { links, headLeft, headRight } = m;
  for (let row = links[header + UP]; row !== header; row = links[row + UP]) {
    for (let j = previousInRow(links, row); j !== row; j = previousInRow(links, j)) {
      links[links[j + COLUMN] + AUX]++;
      links[links[j + DOWN] + UP] = j;
      links[links[j + UP] + DOWN] = j;
    }
  }
  headRight[headLeft[header]] = header;
  headLeft[headRight[header]] = header;
}

/**
 * Takes the forced rows into the partial solution before the search starts.
 * Returns false when two of them share a column. Never undone: the matrix is
 * private to one solve call.
 */
function selectForcedRows(m: Matrix, problem: ExactCoverProblem, forced: readonly number[]): boolean {
  const taken = new Uint8Array(problem.primary + problem.secondary);
  for (const row of forced) {
    if (waits(m, row)) throw new Error(`exact cover: forced row ${row} takes a copy before the copy ahead of it`);
    for (const c of problem.rows[row]!) {
      if (taken[c]) return false;
      taken[c] = 1;
      m.taken[c] = 1;
      cover(m, RECORD * c);
    }
  }
  return true;
}

/** Row `row` takes a copy whose copy before it is still uncovered (ExactCoverProblem.prevCopy). */
function waits(m: Matrix, row: number): boolean {
  const prev = m.waitFor[row]!;
  return prev >= 0 && m.taken[prev] === 0;
}

/** The first row from node `candidate` down its column (to `header`) that does not wait for a copy. */
function firstReady(m: Matrix, candidate: number, header: number): number {
  const { links } = m;
  while (candidate !== header && waits(m, links[candidate + AUX])) candidate = links[candidate + DOWN];
  return candidate;
}

/** Marks the columns of node j's row taken (1) or given back (0), for the copies' waits. */
function mark(m: Matrix, j: number, value: 0 | 1): void {
  const { links, taken } = m;
  let k = j;
  do {
    taken[links[k + COLUMN] / RECORD] = value;
    k = nextInRow(links, k);
  } while (k !== j);
}

/** Every copy that must be placed is (the search never branches on copies). */
const copiesPlaced = (m: Matrix): boolean => m.primaryCopies.every((c) => m.taken[c] === 1);

/** The uncovered primary column with the fewest rows (MRV); stops early at an empty one. */
function chooseColumn(m: Matrix): number {
  const { links, headRight, root } = m;
  let best = headRight[root];
  let bestSize = links[best + AUX];
  for (let c = headRight[best]; c !== root && bestSize > 0; c = headRight[c]) {
    if (links[c + AUX] < bestSize) {
      best = c;
      bestSize = links[c + AUX];
    }
  }
  return best;
}

function search(m: Matrix, primary: number, forced: readonly number[], limit: number, options: ExactCoverOptions): ExactCoverResult {
  const { links, headRight, root } = m;
  const { onSolution, shouldStop } = options;
  // Only copies read which columns are taken: without them the search keeps to Algorithm X's own steps.
  const copies = m.waitFor.some((w) => w >= 0);
  // chosen[k] is the node whose row was taken at depth k; each depth covers
  // at least one primary column, so there are at most `primary` of them.
  const chosen = new Int32Array(primary + 1);
  let depth = 0;
  let count = 0;
  let nodes = 0;
  // The first node asks: a stop that came before the search (a deadline spent on the set-up) is heard before any of it.
  let untilPoll = 1;
  let descending = true; // false: back at `depth` to try the row after chosen[depth]

  for (;;) {
    let header: number;
    let candidate: number;
    if (descending) {
      nodes++;
      if (--untilPoll <= 0) {
        untilPoll = POLL_INTERVAL;
        if (shouldStop?.()) return { count, complete: false, nodes };
      }
      // The root stands for "no primary column left": a solution.
      header = headRight[root] === root ? root : chooseColumn(m);
      if (header === root && (!copies || copiesPlaced(m))) {
        count++;
        if (onSolution?.(solutionRows(links, chosen, depth, forced)) === false || count >= limit) {
          return { count, complete: false, nodes };
        }
      }
      if (header === root || links[header + AUX] === 0) {
        if (depth === 0) break;
        depth--;
        descending = false;
        continue;
      }
      untilPoll -= cover(m, header);
      candidate = links[header + DOWN];
    } else {
      const current = chosen[depth];
      for (let j = previousInRow(links, current); j !== current; j = previousInRow(links, j)) {
        uncover(m, links[j + COLUMN]);
      }
      if (copies) mark(m, current, 0);
      header = links[current + COLUMN];
      candidate = links[current + DOWN];
    }
    if (copies) candidate = firstReady(m, candidate, header);

    if (candidate === header) {
      uncover(m, header);
      if (depth === 0) break;
      depth--;
      descending = false;
      continue;
    }
    chosen[depth++] = candidate;
    if (copies) mark(m, candidate, 1);
    for (let j = nextInRow(links, candidate); j !== candidate; j = nextInRow(links, j)) {
      untilPoll -= cover(m, links[j + COLUMN]);
    }
    descending = true;
  }
  return { count, complete: true, nodes };
}

function solutionRows(links: Int32Array, chosen: Int32Array, depth: number, forced: readonly number[]): number[] {
  const rows = [...forced];
  for (let k = 0; k < depth; k++) rows.push(links[chosen[k] + AUX]);
  return rows.sort((a, b) => a - b);
}
