import pc from 'picocolors';
import { type Cell, maxCorner, minCorner } from '../geometry/cells.js';
import { type PieceLook, type PieceSymbols, labelCell, paletteColour, pieceLooks, placedSymbols, rgbOf } from './palette.js';

/** Whether to colour output: a TTY and no NO_COLOR, as picocolors decides. */
export const colorWanted = (stream: NodeJS.WriteStream): boolean => Boolean(stream.isTTY) && pc.isColorSupported;

interface Solution {
  placements: readonly { piece: string; cells: readonly Cell[] }[];
}

/** A cell drawn with its own symbol: a fixed blocker (genius-square), or an optional cell left empty. */
interface Fixed {
  cell: Cell;
  symbol: string;
  /** An empty cell: drawn plain, not inverted as a blocker is. */
  empty?: boolean;
}

/**
 * A packing as text. Without colour: the classic printout, one letter per
 * cell (stable, greppable, what pipes and tests read), each copy of a piece
 * its own letter (`symbols`: L and l for two L4s). With colour (a
 * terminal): each piece a coloured block outlined with box-drawing lines,
 * labelled once, touching pieces in different colours. 3D packings show
 * their z-levels side by side. Holes are blank; a cell of `optional` (one
 * that may stay empty) left empty is EMPTY_MARK, as on the other grids
 * (plane.ts), so that it reads as neither a hole nor a piece.
 */
export function renderPacking(
  solution: Solution,
  pieces: readonly { name: string }[],
  symbols: PieceSymbols,
  color: boolean,
  fixed: readonly Fixed[] = [],
  optional: readonly Cell[] = [],
): string {
  const empty = emptyCells(solution, optional).map((cell): Fixed => ({ cell, symbol: EMPTY_MARK, empty: true }));
  // The whole board is drawn from where it starts, an empty optional cell at its edge too.
  const shift = toDrawable([...solution.placements.flatMap((pl) => pl.cells), ...fixed.map((f) => f.cell), ...optional]);
  solution = shiftSolution(solution, shift);
  fixed = [...fixed, ...empty].map((f) => ({ ...f, cell: shift(f.cell) }));
  return (color ? outlinedLevels(solution, pieces, symbols, fixed) : letterLevels(solution, pieces, symbols, fixed)).join('\n');
}

/** How a text picture shows a cell that may stay empty and did (plane.ts draws it so too). */
export const EMPTY_MARK = '.';

/** The cells of `optional` that no placement covers. */
export function emptyCells(solution: Solution, optional: readonly Cell[]): Cell[] {
  const covered = new Set(solution.placements.flatMap((pl) => pl.cells.map((c) => c.join(','))));
  return optional.filter((c) => !covered.has(c.join(',')));
}

/**
 * The pictures draw from (0, 0, 0), as boards by art and size are made; a
 * board file's cells may lie at negative coordinates too, which were left
 * out of the picture (a piece there not drawn at all). This moves cells by
 * as much as brings the least to 0 on each axis where it is negative.
 */
function toDrawable(cells: readonly Cell[]): (c: Cell) => Cell {
  const [dx, dy, dz] = cells.length ? minCorner(cells).map((m) => Math.min(0, m)) : [0, 0, 0];
  return (c) => [c[0] - dx!, c[1] - dy!, c[2] - dz!];
}

/** The size of the box a picture of these cells spans: from 0 (or the least, when negative) to the greatest, on each axis. */
export function drawnExtent(cells: readonly Cell[]): [number, number, number] {
  const shift = toDrawable(cells);
  return maxCorner(cells.map(shift)).map((m) => m + 1) as [number, number, number];
}

const shiftSolution = (solution: Solution, shift: (c: Cell) => Cell): Solution => ({
  placements: solution.placements.map((pl) => ({ ...pl, cells: pl.cells.map(shift) })),
});

function extent(solution: Solution, fixed: readonly Fixed[]): [number, number, number] | null {
  const all = [...solution.placements.flatMap((pl) => pl.cells), ...fixed.map((f) => f.cell)];
  if (all.length === 0) return null;
  return maxCorner(all).map((m) => m + 1) as [number, number, number];
}

function letterLevels(solution: Solution, pieces: readonly { name: string }[], symbols: PieceSymbols, fixed: readonly Fixed[]): string[] {
  const grid = new Map<string, string>();
  const chars = placedSymbols(solution.placements, pieces, symbols);
  solution.placements.forEach((pl, i) => {
    for (const c of pl.cells) grid.set(c.join(','), chars[i]!);
  });
  for (const f of fixed) grid.set(f.cell.join(','), f.symbol);
  const size = extent(solution, fixed);
  if (!size) return [''];
  const rows: string[] = [];
  for (let y = 0; y < size[1]; y++) {
    const levels: string[] = [];
    for (let z = 0; z < size[2]; z++) {
      let line = '';
      for (let x = 0; x < size[0]; x++) line += grid.get(`${x},${y},${z}`) ?? ' ';
      levels.push(line);
    }
    // trimEnd, not /\s+$/: the regular expression tries every run of spaces to the end, quadratic in a long sparse row.
    rows.push(levels.join('   ').trimEnd());
  }
  return rows;
}

// ---- outlined, coloured text ---------------------------------------------------

/** Characters per cell; a label of up to this many characters fits. */
const CELL_CHARS = 3;

/** Box-drawing character by the arms it has: up, down, left, right (bits 8, 4, 2, 1). */
const BOX = [' ', '╶', '╴', '─', '╷', '┌', '┐', '┬', '╵', '└', '┘', '┴', '│', '├', '┤', '┼'];

/** One character and its background colour (an xterm-256 index; undefined: the terminal's own). */
interface Glyph {
  ch: string;
  bg?: number;
  inverse?: true;
}

/**
 * The outlined drawing of each z-level, side by side. Lines run only where
 * two different pieces (or a piece and the outside) meet; inside a piece the
 * colour runs on, so each piece reads as one shape.
 */
export function outlinedLevels(
  solution: Solution,
  pieces: readonly { name: string }[],
  symbols: PieceSymbols,
  fixed: readonly Fixed[] = [],
): string[] {
  const size = extent(solution, fixed);
  if (!size) return [''];
  const looks = pieceLooks(solution.placements, pieces);
  const owner = new Map<string, string>();
  const label = new Map<string, string>();
  solution.placements.forEach((pl, i) => {
    for (const c of pl.cells) owner.set(c.join(','), `p${i}`);
    // One label per piece on each level it reaches, so that every part of a 3D piece is named.
    for (const z of new Set(pl.cells.map((c) => c[2])))
      label.set(labelCell(pl.cells.filter((c) => c[2] === z)).join(','), terminalLabel(looks[i]!, symbols));
  });
  for (const f of fixed) {
    // Each cell its own outline; an empty one plain, a blocker inverted.
    owner.set(f.cell.join(','), `${f.empty ? 'e' : 'f'}${f.cell.join(',')}`);
    label.set(f.cell.join(','), f.symbol);
  }
  const bgOf = (id: string | undefined): number | undefined =>
    id?.startsWith('p') ? xterm256(paletteColour(looks[Number(id.slice(1))]!.colour)) : undefined;
  const levels = Array.from({ length: size[2] }, (_, z) =>
    outlinedLevel(
      size[0],
      size[1],
      (x, y) => owner.get(`${x},${y},${z}`),
      (x, y) => label.get(`${x},${y},${z}`),
      bgOf,
    ),
  );
  return levels[0]!.map((_, row) => levels.map((level) => paint(level[row]!)).join('   '));
}

/** The piece's label when it fits a cell, else its one-character symbol (plus the copy letter). */
function terminalLabel(look: PieceLook, symbols: PieceSymbols): string {
  if (look.label.length <= CELL_CHARS) return look.label;
  const symbol = symbols[look.piece]?.[0] ?? '?';
  return look.copies > 1 ? symbol + look.label.at(-1) : symbol;
}

function outlinedLevel(
  width: number,
  height: number,
  owner: (x: number, y: number) => string | undefined,
  label: (x: number, y: number) => string | undefined,
  bgOf: (id: string | undefined) => number | undefined,
): Glyph[][] {
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? undefined : owner(x, y));
  const rows: Glyph[][] = [];
  for (let y = 0; y <= height; y++) {
    // The border line above row y: lattice points and horizontal edges.
    const border: Glyph[] = [];
    for (let x = 0; x <= width; x++) {
      const [nw, ne, sw, se] = [at(x - 1, y - 1), at(x, y - 1), at(x - 1, y), at(x, y)];
      const arms = (nw !== ne ? 8 : 0) | (sw !== se ? 4 : 0) | (nw !== sw ? 2 : 0) | (ne !== se ? 1 : 0);
      border.push(arms === 0 ? { ch: ' ', bg: bgOf(se) } : { ch: BOX[arms]! });
      if (x < width) border.push(...repeat(ne !== se ? { ch: '─' } : { ch: ' ', bg: bgOf(se) }, CELL_CHARS));
    }
    rows.push(border);
    if (y === height) break;
    const content: Glyph[] = [];
    for (let x = 0; x <= width; x++) {
      const [left, right] = [at(x - 1, y), at(x, y)];
      content.push(left !== right ? { ch: '│' } : { ch: ' ', bg: bgOf(right) });
      if (x === width) break;
      const text = centred(label(x, y) ?? '', CELL_CHARS);
      const fixedCell = right?.startsWith('f') === true;
      content.push(...[...text].map((ch) => ({ ch, bg: bgOf(right), ...(fixedCell ? { inverse: true as const } : {}) })));
    }
    rows.push(content);
  }
  return rows;
}

const repeat = (g: Glyph, n: number): Glyph[] => Array.from({ length: n }, () => g);

function centred(text: string, width: number): string {
  const t = text.slice(0, width);
  const left = Math.floor((width - t.length) / 2);
  return ' '.repeat(left) + t + ' '.repeat(width - t.length - left);
}

/** Glyphs to a string, one escape sequence per run of one background (black text on colour). */
function paint(glyphs: readonly Glyph[]): string {
  let out = '';
  let i = 0;
  while (i < glyphs.length) {
    const { bg, inverse } = glyphs[i]!;
    let run = '';
    for (; i < glyphs.length && glyphs[i]!.bg === bg && glyphs[i]!.inverse === inverse; i++) run += glyphs[i]!.ch;
    if (inverse) out += `\x1b[7m${run}\x1b[0m`;
    else out += bg === undefined ? run : `\x1b[48;5;${bg}m\x1b[30m${run}\x1b[0m`;
  }
  return out;
}

const CUBE_LEVELS = [0, 95, 135, 175, 215, 255];

/** The nearest colour of the xterm 256-colour cube (near-universal, unlike 24-bit colour). */
export function xterm256(hex: string): number {
  const nearest = (v: number) => CUBE_LEVELS.reduce((best, level, i) => (Math.abs(level - v) < Math.abs(CUBE_LEVELS[best]! - v) ? i : best), 0);
  const [r, g, b] = rgbOf(hex).map(nearest) as [number, number, number];
  return 16 + 36 * r + 6 * g + b;
}

// ---- SVG -------------------------------------------------------------------------

const CELL = 36;
const MARGIN = 10;

/**
 * A flat packing as SVG: each piece one coloured shape with a thick outline
 * and one label at its centre, faint lines between its own cells (to count
 * them), touching pieces in different colours, copies named L4a, L4b, ...;
 * an optional cell left empty dashed.
 */
export function renderPackingSvg(solution: Solution, pieces: readonly { name: string }[], optional: readonly Cell[] = []): string {
  const shift = toDrawable([...solution.placements.flatMap((pl) => pl.cells), ...optional]);
  const empty = emptyCells(solution, optional).map(shift);
  solution = shiftSolution(solution, shift);
  const looks = pieceLooks(solution.placements, pieces);
  const owner = new Map<string, number>();
  solution.placements.forEach((pl, i) => pl.cells.forEach((c) => owner.set(`${c[0]},${c[1]}`, i)));
  const cells = [...solution.placements.flatMap((pl) => pl.cells), ...empty];
  // A solution may place no piece (a board of optional cells, the pieces optional too): an empty picture, not one "-Infinity" wide.
  const [w, h] = cells.length ? (maxCorner(cells).map((m) => m + 1) as [number, number]) : [0, 0];
  const px = (n: number) => MARGIN + n * CELL;
  const [width, height] = [px(w) + MARGIN, px(h) + MARGIN];
  const parts = [
    // No background: the page (or svgToPng's white) shows through, and every rect is a cell.
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
  ];
  solution.placements.forEach((pl, i) => {
    for (const [x, y] of pl.cells)
      parts.push(`<rect x="${px(x)}" y="${px(y)}" width="${CELL}" height="${CELL}" fill="${paletteColour(looks[i]!.colour)}"/>`);
  });
  // An optional cell left empty dashed, as plane.ts draws it: neither a hole (nothing) nor a piece.
  for (const [x, y] of empty)
    parts.push(`<rect x="${px(x)}" y="${px(y)}" width="${CELL}" height="${CELL}" fill="#f4f4f4" stroke="#999" stroke-dasharray="3 3"/>`);
  const at = (x: number, y: number) => owner.get(`${x},${y}`);
  const inner: string[] = [];
  const outline: string[] = [];
  // Each unit edge once: faint inside a piece, thick between pieces and around the board.
  const edge = (path: string, a: number | undefined, b: number | undefined) => {
    if (a !== undefined || b !== undefined) (a === b ? inner : outline).push(path);
  };
  // The edges of the cells only, in the order of a sweep of the bounding box, which for cells far apart was endless.
  for (const [x, y] of sideBySide(cells, (c) => [c[1], c[0]], [1, 0])) edge(`M${px(x)} ${px(y)}V${px(y + 1)}`, at(x - 1, y), at(x, y));
  for (const [x, y] of sideBySide(cells, (c) => [c[0], c[1]], [0, 1])) edge(`M${px(x)} ${px(y)}H${px(x + 1)}`, at(x, y - 1), at(x, y));
  if (inner.length) parts.push(`<path d="${inner.join('')}" stroke="#000" stroke-opacity="0.18" stroke-width="1" fill="none"/>`);
  parts.push(`<path d="${outline.join('')}" stroke="#222" stroke-width="3" stroke-linecap="round" fill="none"/>`);
  solution.placements.forEach((pl, i) => {
    const [x, y] = labelCell(pl.cells);
    const text = looks[i]!.label;
    const size = Math.min(16, Math.floor((CELL * 1.2) / text.length));
    parts.push(
      `<text x="${px(x) + CELL / 2}" y="${px(y) + CELL / 2}" font-size="${size}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#111">${escapeXml(text)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

/**
 * The unit edges on one axis that the cells have (each cell's edge at its
 * own position and the one a `step` on), once each, sorted by `order`.
 */
function sideBySide(cells: readonly Cell[], order: (c: readonly [number, number]) => [number, number], step: [number, number]): [number, number][] {
  const edges = new Map<string, [number, number]>();
  for (const [x, y] of cells)
    for (const e of [
      [x, y],
      [x + step[0], y + step[1]],
    ] as [number, number][])
      edges.set(`${e[0]},${e[1]}`, e);
  return [...edges.values()].sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
}

export const escapeXml = (s: string): string => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
