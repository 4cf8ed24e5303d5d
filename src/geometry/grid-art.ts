import type { Cell } from './cells.js';
import type { Grid } from './grids.js';
import { type TextLine, checkDrawnCells, parsePieceArt, parseRegion } from './shapes.js';
import { UserError } from '../core/errors.js';
import { spanOf } from '../core/extent.js';

/**
 * Text art for the grids that have a natural one, y growing up the page
 * (Polyform Puzzler's coordinates), every cell one character:
 *
 * - hexagon: offset rows, a cell every other column, each row shifted half
 *   a cell from the next (` . .` over `. . .` over ` . .` is a hexagon of 7);
 * - triangle: `^` an upward and `v` a downward triangle, side by side in a
 *   row, a row's upward triangles under the downward ones above
 *   (`^v^` over `v^v` is a hexagon of 6);
 * - square-edges: `-` a horizontal and `|` a vertical stick between lattice
 *   points, which may be drawn as `+` (`+-+` over `| |` over `+-+` is a square).
 *
 * Square cells and cubes use the formats of shapes.ts (rows down the page).
 * Boards: `.` is a hexagon cell; a space or `#` is a hole. Pieces: `#` or a
 * letter is a hexagon block, `.` or a space is empty. Triangles and sticks
 * draw their cells the same way in both.
 */

export type ArtRole = 'board' | 'piece';

/** The grids whose cells can be drawn as text. */
export const hasArt = (grid: Grid): boolean => ['square', 'cube', 'hexagon', 'triangle', 'square-edges'].includes(grid.name);

const mod2 = (n: number) => ((n % 2) + 2) % 2;

interface Mark {
  ch: string;
  column: number;
  /** Rows counted up from the bottom line. */
  row: number;
  line: number;
}

/** The drawn characters of art, with rows counted from the bottom; comment lines (//) and blank ends dropped. */
function marks(lines: readonly TextLine[], isBlank: (ch: string) => boolean, source: string, role: ArtRole): Mark[] {
  const body = lines.filter((l) => !l.text.startsWith('//'));
  let [a, b] = [0, body.length];
  while (a < b && body[a]!.text.trim() === '') a++;
  while (b > a && body[b - 1]!.text.trim() === '') b--;
  const out: Mark[] = [];
  for (let i = a; i < b; i++) {
    const { text, line } = body[i]!;
    for (let column = 0; column < text.length; column++)
      if (!isBlank(text[column]!)) checkDrawnCells(out.push({ ch: text[column]!, column, row: b - 1 - i, line }), source, `the ${role}`);
  }
  return out;
}

/** Moves cells so that the least x and the least y are 0 (a translation of the grid). */
function atOrigin(cells: Cell[]): Cell[] {
  // Not Math.min(...): some 120,000 cells as arguments overflowed the stack, far below --max-cells.
  const [mx, my] = [spanOf(cells.map((c) => c[0])).min, spanOf(cells.map((c) => c[1])).min];
  return cells.map((c): Cell => [c[0] - mx, c[1] - my, c[2]]);
}

function misplaced(source: string, m: Mark, why: string): UserError {
  return new UserError(`${source}:${m.line}: "${m.ch}" at column ${m.column + 1} ${why}`);
}

/**
 * Hexagons in offset rows: a cell at column c of row r (up from the bottom)
 * is hexagon (x, r) with c = 2x + r + p, p the same for every cell.
 */
function hexagons(ms: readonly Mark[], source: string): Cell[] {
  const parity = mod2(ms[0]!.column - ms[0]!.row);
  return ms.map((m): Cell => {
    if (mod2(m.column - m.row) !== parity)
      throw misplaced(source, m, 'is not on the offset grid of the rows around it (a hexagon every other column, rows shifted by one)');
    return [(m.column - m.row - parity) / 2, m.row, 0];
  });
}

/** Triangles: `^` (z = 0) and `v` (z = 1) of rhombus (x, r) at column c = 2x + r + z + p. */
function triangles(ms: readonly Mark[], source: string): Cell[] {
  const z = (m: Mark) => (m.ch === '^' ? 0 : 1);
  const parity = mod2(ms[0]!.column - ms[0]!.row - z(ms[0]!));
  return ms.map((m): Cell => {
    if (m.ch !== '^' && m.ch !== 'v') throw misplaced(source, m, 'is not a triangle (use ^ for an upward and v for a downward one)');
    if (mod2(m.column - m.row - z(m)) !== parity)
      throw misplaced(
        source,
        m,
        `points the wrong way: a triangle there points ${m.ch === '^' ? 'down (v)' : 'up (^)'}, as ^ and v alternate along a row`,
      );
    return [(m.column - m.row - z(m) - parity) / 2, m.row, z(m)];
  });
}

/**
 * Sticks: lattice points at even columns of every other line, `-` between
 * two points, `|` between two lines of points; which columns and lines those
 * are is read from the first character drawn (art need not start with points).
 */
function sticks(ms: readonly Mark[], source: string): Cell[] {
  const first = ms[0]!;
  const rowShift = mod2(first.row + (first.ch === '|' ? 1 : 0));
  const columnShift = mod2(first.column + (first.ch === '-' ? 1 : 0));
  const out: Cell[] = [];
  for (const m of ms) {
    const [column, row] = [m.column - columnShift, m.row - rowShift];
    const [oddColumn, oddRow] = [mod2(column) === 1, mod2(row) === 1];
    if (m.ch === '-' && oddColumn && !oddRow) out.push([(column - 1) / 2, row / 2, 0]);
    else if (m.ch === '|' && !oddColumn && oddRow) out.push([column / 2, (row - 1) / 2, 1]);
    else if ('+.o*'.includes(m.ch) && !oddColumn && !oddRow) continue;
    else
      throw misplaced(
        source,
        m,
        'is not where square-grid art has it: points (+) every other column on every other line, - between two points, | between two lines of points',
      );
  }
  return out;
}

/** How the grids whose "#" is empty draw a cell, for a drawing of "#" alone. */
const DRAWN_WITH: Readonly<Record<string, string>> = {
  triangle: '^ for an upward and v for a downward triangle',
  'square-edges': '- for a horizontal and | for a vertical stick, + for the points between',
};

/**
 * The cells of art with none drawn: none, unless it is "#" where "#" is a
 * hole (triangles, sticks). Drawn as on squares, a piece read as no cells
 * ("piece A has no cells"), which left unsaid how that grid draws one.
 */
function noneDrawn(grid: Grid, lines: readonly TextLine[], source: string): Cell[] {
  const legend = DRAWN_WITH[grid.name];
  if (legend && lines.some((l) => !l.text.startsWith('//') && l.text.includes('#')))
    throw new UserError(`${source}: nothing drawn: "#" and space are empty in ${grid.name} art (use ${legend})`);
  return [];
}

/** The cells drawn in art for a grid, as a board or as a piece. */
export function parseGridArt(grid: Grid, lines: readonly TextLine[], source: string, role: ArtRole): Cell[] {
  if (grid.name === 'square' || grid.name === 'cube') {
    return role === 'board' ? parseRegion(lines.map((l) => l.text).join('\n'), source) : parsePieceArt(lines, source);
  }
  if (!hasArt(grid))
    throw new UserError(`${source}: the ${grid.name} grid has no text art; give its cells as JSON ({"grid": "${grid.name}", "cells": [...]})`);
  const blank = (ch: string) => ch === ' ' || (grid.name === 'hexagon' ? (role === 'board' ? ch === '#' : ch === '.') : ch === '#');
  const ms = marks(lines, blank, source, role);
  if (grid.name === 'hexagon')
    for (const m of ms)
      if (role === 'board' ? m.ch !== '.' : !/[#A-Za-z0-9]/.test(m.ch))
        throw misplaced(
          source,
          m,
          role === 'board' ? '(use "." for a hexagon, "#" or space for a hole)' : '(use "#" or a letter for a block, "." or space for empty)',
        );
  if (ms.length === 0) return noneDrawn(grid, lines, source);
  const cells = grid.name === 'hexagon' ? hexagons(ms, source) : grid.name === 'triangle' ? triangles(ms, source) : sticks(ms, source);
  return atOrigin(cells);
}
