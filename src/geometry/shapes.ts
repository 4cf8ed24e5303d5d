import { type Cell, maxCorner } from './cells.js';
import { UserError } from '../core/errors.js';
import { checkSize, sizeLimit } from '../core/limits.js';
import { LINE_END } from '../core/lines.js';

/**
 * Text formats for regions (boards, 3D figures) and pieces. Rows run top to
 * bottom (y grows downwards), columns left to right (x); a line of dashes
 * (`--`) starts the next z-level. Lines starting with `//` are comments.
 *
 * Regions: `.` is a cell; `#` or a space is a hole.
 * Pieces:  `#` or any letter/digit is a block; `.` or a space is empty.
 */
export interface TextLine {
  text: string;
  /** 1-based line number in the source, for error messages. */
  line: number;
}

const LEVEL_BREAK = /^-{2,}\s*$/;

/** A line that draws no cell and starts no row or level wherever it stands. */
const isComment = (text: string) => text.startsWith('//');

export function textLines(text: string): TextLine[] {
  // trimEnd, not /\s+$/: that regex backtracks quadratically over a long run of spaces inside a line.
  return text.split(LINE_END).map((t, i) => ({ text: t.trimEnd(), line: i + 1 }));
}

function cellsOf(
  lines: readonly TextLine[],
  source: string,
  isCell: (ch: string) => boolean,
  isEmpty: (ch: string) => boolean,
  legend: string,
  what: string,
): Cell[] {
  const cells: Cell[] = [];
  let z = 0;
  let y = 0;
  for (const { text, line } of lines) {
    if (isComment(text)) continue;
    if (LEVEL_BREAK.test(text)) {
      z++;
      y = 0;
      continue;
    }
    for (let x = 0; x < text.length; x++) {
      const ch = text[x]!;
      if (isCell(ch)) checkDrawnCells(cells.push([x, y, z]), source, what);
      else if (!isEmpty(ch)) throw new UserError(`${source}:${line}: unexpected character "${ch}" at column ${x + 1}${jsonHint(ch, cells, legend)}`);
    }
    y++;
  }
  return cells;
}

/**
 * What an unexpected character says beside the legend: a JSON file given
 * where art is read stops at its first "{" or "[", which alone says nothing
 * of why.
 */
function jsonHint(ch: string, cells: readonly Cell[], legend: string): string {
  if (cells.length > 0 || (ch !== '{' && ch !== '[')) return ` (${legend})`;
  return `: this is read as text art (${legend}); JSON boards, objects {"grid": …, "cells": […]}, are read by the polyform puzzle`;
}

/** What the refusal of a pieces file's first line adds when it opens JSON: a piece set given where art is read, as jsonHint says of boards. */
function piecesJsonHint(line: string): string {
  return /^\s*[{[]/.test(line) ? '; JSON piece sets, objects {"grid": …, "pieces": […]}, are read by the polyform puzzle' : '';
}

/**
 * Refuses a drawing as soon as it holds more than --max-cells cells, as it is
 * read: no board may hold more, so no piece either, and a 50 MB line of art
 * made 50 million cells (4.5 GB, 46 s) before the board's size was checked.
 */
export function checkDrawnCells(count: number, source: string, what: string): void {
  if (count > sizeLimit('cells')) checkSize('cells', count, source, `${what} has at least`);
}

/**
 * Drops the lines at both ends that draw nothing: blank lines (files often
 * end with one), comments, and level breaks. A break there would start an
 * empty level below or above every cell, which only moved the figure (a
 * leading "--" put it one level up, in its header's art and in every
 * solution). Between rows, a blank line is still an empty row and a break
 * an empty level.
 */
function trimEnds(lines: readonly TextLine[]): TextLine[] {
  const drawsNothing = (i: number) => {
    const text = lines[i]!.text;
    return text.trim() === '' || isComment(text) || LEVEL_BREAK.test(text);
  };
  let a = 0;
  let b = lines.length;
  while (a < b && drawsNothing(a)) a++;
  while (b > a && drawsNothing(b - 1)) b--;
  return lines.slice(a, b);
}

export function parseRegion(text: string, source: string): Cell[] {
  const lines = trimEnds(textLines(text));
  const cells = cellsOf(
    lines,
    source,
    (c) => c === '.',
    (c) => c === '#' || c === ' ',
    'use "." for a cell, "#" or space for a hole',
    'the board',
  );
  if (cells.length === 0) throw new UserError(`${source}: the board has no cells (use "." for a cell)`);
  // Drawings of the board (its art in headers, the terminal, SVG) take its whole box, holes included.
  const [x, y, z] = maxCorner(cells).map((m) => m + 1);
  checkSize('cells', x! * y! * z!, source, `the board spans ${x}x${y}${z! > 1 ? `x${z}` : ''}, which is`);
  return cells;
}

export function parsePieceArt(lines: readonly TextLine[], source: string): Cell[] {
  const body = trimEnds(lines);
  return cellsOf(
    body,
    source,
    (c) => /[#A-Za-z0-9]/.test(c),
    (c) => c === '.' || c === ' ',
    'use "#" or a letter for a block, "." or space for empty',
    'the piece',
  );
}

/**
 * Cells as inline art that reads back to the same cells in the same order:
 * "/" between rows, "|" between levels, every level drawn over rows 0..max
 * and columns 0..max, `cell` for a cell and `gap` for the rest. It lets a
 * DIMACS header carry a board or a piece read from a file. One row gets a
 * row of gaps under it, since boards are taken as art only when it has a "/".
 */
export function cellsArt(cells: readonly Cell[], cell: string, gap: string): string {
  const [width, height, depth] = maxCorner(cells).map((m) => m + 1) as [number, number, number];
  const on = new Set(cells.map((c) => c.join(',')));
  const upTo = (n: number) => Array.from({ length: n }, (_, i) => i);
  const levels = upTo(depth).map((z) =>
    upTo(height).map((y) =>
      upTo(width)
        .map((x) => (on.has(`${x},${y},${z}`) ? cell : gap))
        .join(''),
    ),
  );
  if (depth === 1 && height === 1) levels[0]!.push(gap.repeat(width));
  return levels.map((rows) => rows.join('/')).join('|');
}

/**
 * Inline art's rows, separated by "/", each numbered as its line would be in
 * a file, so that "OPTION:N" in a message names the row at fault (every row
 * was line 1: "A=##/#?" was refused at "A:1").
 */
export const inlineRows = (art: string, first = 1): TextLine[] => art.split('/').map((text, i) => ({ text, line: first + i }));

/** Inline art: rows separated by "/", levels by "|" (e.g. "##/#." or "##|#."), its rows numbered on across the levels. */
export function inlineArt(art: string): TextLine[] {
  let rows = 0;
  return art.split('|').flatMap((level, i) => {
    const lines = inlineRows(level, rows + 1);
    rows += lines.length;
    // The break between two levels is the "|" before the next one's first row: it has that row's number, and none of its own.
    return [...(i ? [{ text: '--', line: lines[0]!.line }] : []), ...lines];
  });
}

/** How a piece's copies are written after "*": a number ("3": exactly three) or a range ("0..1": at most one, maybe none). */
export const COUNT = String.raw`\d+(?:\.\.\d+)?`;

/** A piece count as written after "*": exactly k (k ≥ 1), or least..most (least ≤ most, most ≥ 1). */
export function parseCount(text: string, where: string): { least: number; count: number } {
  // Past 2^53 a double is no longer the number written (2^53 + 1 read as 2^53), and sums of areas lose all meaning.
  if ((text.match(/\d+/g) ?? []).some((digits) => !Number.isSafeInteger(Number(digits))))
    throw new UserError(`${where}: "${text}" is more copies than a count holds exactly (at most ${Number.MAX_SAFE_INTEGER})`);
  const range = /^(\d+)\.\.(\d+)$/.exec(text);
  if (range) {
    const [least, count] = [Number(range[1]), Number(range[2])];
    if (least > count) throw new UserError(`${where}: "${text}" is an empty range (write least..most)`);
    if (count < 1) throw new UserError(`${where}: "${text}" never places the piece; leave it out`);
    return { least, count };
  }
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UserError(`${where}: "${text}" is not a count (a whole number ≥ 1, or a range such as 0..1)`);
  return { least: Number(text), count: Number(text) };
}

/** A piece as a list gives it: its name, its cells and its copies (the fewest, for a range). */
interface ListedPiece {
  name: string;
  cells: Cell[];
  count: number;
  least?: number;
}

/**
 * A piece a list names again (`L,L`, `Q=##,Q=##`, free:2 twice): more copies
 * of the one it has, counts and ranges added, when it has the same shape
 * (`key`, on its grid); under another shape it would silently become a copy,
 * and is refused. The one rule of polyomino's, polycube's and polyform's lists.
 */
export function addCopies(earlier: ListedPiece, piece: ListedPiece, key: (cells: readonly Cell[]) => string, where: string): void {
  if (key(earlier.cells) !== key(piece.cells))
    throw new UserError(
      `${where}: piece ${piece.name} is given twice with two shapes; use ${piece.name}*2 for copies or another name for another shape`,
    );
  // Each count is exact (parseCount); their sum need not be, and past 2^53 no longer the copies asked for.
  if (!Number.isSafeInteger(earlier.count + piece.count))
    throw new UserError(`${where}: piece ${piece.name}: its copies add up to more than a count holds exactly (at most ${Number.MAX_SAFE_INTEGER})`);
  earlier.least = (earlier.least ?? earlier.count) + (piece.least ?? piece.count);
  earlier.count += piece.count;
}

/** A count as parseCount reads it back. */
export const countText = (least: number, count: number): string => (least === count ? `${count}` : `${least}..${count}`);

/**
 * A pieces file: blocks headed `NAME:` followed by the piece's art; `NAME*3:`
 * declares three identical copies, `NAME*0..1:` a piece that may be left out.
 * The art is square-cell art unless another reader is given.
 */
export function parsePiecesFile(
  text: string,
  source: string,
  art: (lines: readonly TextLine[], source: string) => Cell[] = parsePieceArt,
): { name: string; count: number; least: number; cells: Cell[]; line: number }[] {
  const pieces: { name: string; count: number; least: number; lines: TextLine[]; line: number }[] = [];
  const headerPattern = new RegExp(String.raw`^\s*([A-Za-z][\w-]*)(?:\*(${COUNT}))?\s*:\s*$`);
  // By name: a scan of the pieces so far per header made a file of 20,000 pieces take seconds.
  const byName = new Map<string, (typeof pieces)[number]>();
  for (const l of textLines(text)) {
    const header = headerPattern.exec(l.text);
    // No art has a colon: a line ending in one is a header, misspelt ("A*x:", "A*:", ":"), and said to be so where it is.
    if (!header && l.text.endsWith(':') && !isComment(l.text))
      throw new UserError(`${source}:${l.line}: "${l.text.trim()}" is not a piece header (write NAME:, NAME*2: or NAME*0..1:)`);
    if (header) {
      const first = byName.get(header[1]!);
      // A second header of one name used to merge into the first shape: refuse it.
      if (first)
        throw new UserError(
          `${source}:${l.line}: piece ${first.name} is declared twice (first at line ${first.line}); write "${first.name}*2:" for copies`,
        );
      const { least, count } = parseCount(header[2] ?? '1', `${source}:${l.line}: piece ${header[1]}`);
      const piece = { name: header[1]!, count, least, lines: [], line: l.line };
      pieces.push(piece);
      byName.set(piece.name, piece);
    } else if (pieces.length) {
      pieces[pieces.length - 1]!.lines.push(l);
    } else if (l.text.trim() !== '' && !isComment(l.text)) {
      throw new UserError(`${source}:${l.line}: expected a piece header such as "Q:" before the art${piecesJsonHint(l.text)}`);
    }
  }
  if (pieces.length === 0) throw new UserError(`${source}: no pieces found (start each with a header line "NAME:")`);
  return pieces.map((p) => {
    const cells = art(p.lines, source);
    if (cells.length === 0) throw new UserError(`${source}:${p.line}: piece ${p.name} has no blocks`);
    return { name: p.name, count: p.count, least: p.least, cells, line: p.line };
  });
}
