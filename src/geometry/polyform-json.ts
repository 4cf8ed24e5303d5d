import { type Cell, cellKey } from './cells.js';
import { GRIDS, GRID_NAMES, type Grid, type GridName, asCell, cellNumbers, cellProblem, isConnectedOn } from './grids.js';
import { countText, parseCount } from './shapes.js';
import { UserError } from '../core/errors.js';
import { checkSize } from '../core/limits.js';
import { parseJson } from '../core/json.js';

/**
 * Boards and piece sets for any grid in JSON, the form every grid accepts:
 *
 *   {"grid": "triangle", "cells": [[0,0,0], [0,0,1], ...], "optional": [[...], ...]}
 *   {"grid": "triangle", "pieces": [{"name": "I6", "cells": [...], "count": 1, "flip": true}, ...], "use": 11}
 *
 * Cells in the coordinates of src/geometry/grids.ts; a piece's cells in any
 * position. `optional` (cells that may stay empty; `cells` may then be
 * empty, a board of optional cells alone), `count` (a number, or a
 * range "0..1"), `flip` (may be turned over; default: the puzzle's),
 * `rotations` (Polyform Puzzler's per-piece limit: the turns allowed, as
 * steps of 360/n degrees) and `use` (how many pieces a solution places, a
 * number or a range) may be left out, and "source" may say where the board
 * or the pieces come from. Every problem is reported with the
 * file and the JSON path of the value at fault.
 */

export interface FormBoard {
  grid: Grid;
  cells: Cell[];
  optional: Cell[];
}

export interface FormPiece {
  name: string;
  cells: Cell[];
  count: number;
  least: number;
  /** Whether it may be turned over; undefined: as the puzzle says. */
  flip?: boolean;
  /** Polyform Puzzler's per-piece limit on turns; undefined: every turn. */
  rotations?: number[];
}

export interface FormPieces {
  grid: Grid;
  pieces: FormPiece[];
  use?: { least: number; most: number };
}

type Json = unknown;

export { parseJson };

const fail = (source: string, path: string, why: string) => new UserError(`${source}: ${path}: ${why}`);

const shown = (v: Json) => JSON.stringify(v) ?? String(v);

/**
 * The one wording of a value at `path` that is not `what` was wanted: a key
 * left out is called missing (JSON has no undefined to show; it was printed
 * as "got undefined").
 */
const expected = (what: string, v: Json) => (v === undefined ? `missing (expected ${what})` : `expected ${what}, got ${shown(v)}`);

function object(v: Json, source: string, path: string, keys: readonly string[], what: string): Record<string, Json> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw fail(source, path, expected(what, v));
  for (const key of Object.keys(v)) if (!keys.includes(key)) throw fail(source, `${path}.${key}`, `unknown key (${what} has ${keys.join(', ')})`);
  return v as Record<string, Json>;
}

/** "source", where a file says where its board or pieces come from (a citation), is text and nothing more. */
function about(o: Record<string, Json>, source: string): void {
  if (o.source !== undefined && typeof o.source !== 'string')
    throw fail(source, '$.source', expected('text (where the board or pieces come from)', o.source));
}

/** The grid a file names, checked against the one the puzzle is on already (another file's, or --grid). */
export function gridOf(v: Json, source: string): Grid {
  if (typeof v !== 'string' || !(GRID_NAMES as readonly string[]).includes(v))
    throw fail(source, '$.grid', expected(`a grid: ${GRID_NAMES.join(', ')}`, v));
  return GRIDS[v as GridName];
}

function cellList(v: Json, grid: Grid, source: string, path: string, noun: string): Cell[] {
  if (!Array.isArray(v)) throw fail(source, path, expected(`a list of ${noun}`, v));
  // Before a cell is read: no board holds more than --max-cells, so no piece either (3 million cells took 41 s and 2.7 GB).
  checkSize('cells', v.length, `${source}: ${path}`, 'the list has');
  const seen = new Map<string, number>();
  return v.map((c: Json, i): Cell => {
    const at = `${path}[${i}]`;
    const problem = Array.isArray(c) ? cellProblem(grid, c as unknown[]) : `a cell is a list of numbers`;
    if (problem) throw fail(source, at, `${shown(c)} is not a cell of the ${grid.name} grid: ${problem}`);
    const cell = asCell(c as number[]);
    const first = seen.get(cellKey(cell));
    if (first !== undefined) throw fail(source, at, `${shown(c)} is listed twice (also at ${path}[${first}])`);
    seen.set(cellKey(cell), i);
    return cell;
  });
}

/** A board file's JSON. */
export function boardFromJson(v: Json, source: string): FormBoard {
  const o = object(v, source, '$', ['grid', 'cells', 'optional', 'source'], 'a board {"grid", "cells", "optional", "source"}');
  about(o, source);
  const grid = gridOf(o.grid, source);
  const cells = cellList(o.cells, grid, source, '$.cells', 'cells');
  const optional = o.optional === undefined ? [] : cellList(o.optional, grid, source, '$.optional', 'cells');
  // A board of optional cells alone is a puzzle (the pieces placed on it, none of its cells required); one of none is not.
  if (cells.length === 0 && optional.length === 0) throw fail(source, '$.cells', `the board has no cells`);
  const required = new Set(cells.map(cellKey));
  optional.forEach((c, i) => {
    if (required.has(cellKey(c))) throw fail(source, `$.optional[${i}]`, `${shown(cellNumbers(grid, c))} is in $.cells too`);
  });
  return { grid, cells, optional };
}

function countOf(v: Json, source: string, path: string): { least: number; count: number } {
  if (v === undefined) return { least: 1, count: 1 };
  return parseCount(countTextOf(v, source, path, '0..1'), `${source}: ${path}`);
}

/** A count or range as its text: a number or a string, anything else refused at its path (an object read "[object Object]"). */
function countTextOf(v: Json, source: string, path: string, example: string): string {
  if (typeof v !== 'number' && typeof v !== 'string') throw fail(source, path, expected(`a number or a range such as "${example}"`, v));
  return String(v);
}

function rotationsOf(v: Json, grid: Grid, source: string, path: string): number[] | undefined {
  if (v === undefined) return undefined;
  if (grid.name === 'cube') throw fail(source, path, 'per-piece rotations are for the planar grids (on cubes, "flip" alone)');
  const ok = Array.isArray(v) && v.length > 0 && v.every((r) => Number.isInteger(r) && r >= 0 && r < grid.turns) && new Set(v).size === v.length;
  if (!ok) throw fail(source, path, expected(`distinct turns from 0 to ${grid.turns - 1} (steps of ${360 / grid.turns}°)`, v));
  return [...(v as number[])].sort((a, b) => a - b);
}

/** A piece name: an ASCII letter or digit first, then ASCII letters, digits, _ ' and - (names become labels in pictures and variable names). */
export const PIECE_NAME = /^[A-Za-z0-9][\w'-]*$/;

/** The pieces a puzzle may be given: named, one piece each, and each one connected on its grid. */
export function checkPiece(grid: Grid, piece: FormPiece, where: string): void {
  if (piece.cells.length === 0) throw new UserError(`${where}: piece ${piece.name} has no cells`);
  if (!isConnectedOn(grid, piece.cells)) throw new UserError(`${where}: piece ${piece.name} is not connected on the ${grid.name} grid`);
}

/** A pieces file's JSON. */
export function piecesFromJson(v: Json, source: string): FormPieces {
  const o = object(v, source, '$', ['grid', 'pieces', 'use', 'source'], 'a piece set {"grid", "pieces", "use", "source"}');
  about(o, source);
  const grid = gridOf(o.grid, source);
  if (!Array.isArray(o.pieces) || o.pieces.length === 0) throw fail(source, '$.pieces', expected('a non-empty list of pieces', o.pieces));
  const names = new Map<string, number>();
  const pieces = o.pieces.map((p: Json, i): FormPiece => {
    const path = `$.pieces[${i}]`;
    const q = object(p, source, path, ['name', 'cells', 'count', 'flip', 'rotations'], 'a piece {"name", "cells", "count", "flip", "rotations"}');
    if (typeof q.name !== 'string' || !PIECE_NAME.test(q.name))
      throw fail(source, `${path}.name`, expected("a name (an ASCII letter or digit, then ASCII letters, digits, _ ' -)", q.name));
    if (names.has(q.name)) throw fail(source, `${path}.name`, `${q.name} is the name of $.pieces[${names.get(q.name)}] too; give copies a count`);
    names.set(q.name, i);
    if (q.flip !== undefined && typeof q.flip !== 'boolean') throw fail(source, `${path}.flip`, expected('true or false', q.flip));
    const piece: FormPiece = {
      name: q.name,
      cells: cellList(q.cells, grid, source, `${path}.cells`, 'cells'),
      ...countOf(q.count, source, `${path}.count`),
      ...(q.flip === undefined ? {} : { flip: q.flip }),
      ...(q.rotations === undefined ? {} : { rotations: rotationsOf(q.rotations, grid, source, `${path}.rotations`) }),
    };
    checkPiece(grid, piece, `${source}: ${path}`);
    return piece;
  });
  const use = o.use === undefined ? undefined : useOf(countTextOf(o.use, source, '$.use', '10..11'), `${source}: $.use`);
  return { grid, pieces, ...(use ? { use } : {}) };
}

/** How many pieces a solution places: "11" or "10..12". */
export function useOf(text: string, where: string): { least: number; most: number } {
  // parseCount's refusal of a range of none speaks of one piece's copies; a total of none asks for nothing (a board of optional
  // cells alone, every piece optional, has its empty packing without --use: that is not what --use is for).
  if (/^0+\.\.0+$/.test(text))
    throw new UserError(`${where}: "${text}" places no piece at all: a use is 1 or more pieces (without one, every piece that may stay out can)`);
  const { least, count } = parseCount(text, where);
  return { least, most: count };
}

/** A board as its file's JSON (compact): what a DIMACS header records. */
export function boardJson(board: FormBoard): string {
  const list = (cells: readonly Cell[]) => cells.map((c) => cellNumbers(board.grid, c));
  return JSON.stringify({ grid: board.grid.name, cells: list(board.cells), ...(board.optional.length ? { optional: list(board.optional) } : {}) });
}

/** A piece set as its file's JSON (compact). */
export function piecesJson(set: FormPieces): string {
  return JSON.stringify({
    grid: set.grid.name,
    pieces: set.pieces.map((p) => ({
      name: p.name,
      cells: p.cells.map((c) => cellNumbers(set.grid, c)),
      ...(p.least === 1 && p.count === 1 ? {} : { count: p.least === p.count ? p.count : countText(p.least, p.count) }),
      ...(p.flip === undefined ? {} : { flip: p.flip }),
      ...(p.rotations === undefined ? {} : { rotations: p.rotations }),
    })),
    ...(set.use ? { use: countText(set.use.least, set.use.most) } : {}),
  });
}
