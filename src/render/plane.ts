import { fieldName } from '../core/field-names.js';
import type { Cell } from '../geometry/cells.js';
import type { Grid, PlanePoint } from '../geometry/grids.js';
import { EMPTY_MARK, escapeXml, xterm256 } from './grid.js';
import { type PieceLook, type PieceSymbols, paletteColour, pieceLooks, placedSymbols, shade } from './palette.js';
import { spanOf } from '../core/extent.js';

/**
 * Pictures of packings on the triangular, hexagonal and edge grids, drawn
 * from each cell's corners in the plane (src/geometry/grids.ts):
 *
 * - SVG: cells as polygons filled with the piece's colour, a thick outline
 *   where two pieces (or a piece and the outside) meet and a faint one inside
 *   a piece; sticks as thick coloured lines with a dark rim and round joints;
 *   cells that may stay empty and were left empty drawn dashed; one label per
 *   piece.
 * - text: one letter per cell where the grid has a text layout (hexagons in
 *   offset rows, triangles in their ^v rows, square-grid sticks between +
 *   points), coloured on a terminal; the triangular- and hexagonal-grid
 *   sticks, which have none, as a list of each piece's sticks.
 */

interface Solution {
  placements: readonly { piece: string; cells: readonly Cell[] }[];
}

/** What a picture knows of the board: its cells, and those that may stay empty. */
export interface PictureBoard {
  grid: Grid;
  cells: readonly Cell[];
  optional: readonly Cell[];
}

const key = (c: readonly number[]) => c.join(',');

const looksOf = (board: PictureBoard, solution: Solution, pieces: readonly { name: string }[]): PieceLook[] =>
  pieceLooks(solution.placements, pieces, (c) => board.grid.neighbours(c));

// ---- SVG ---------------------------------------------------------------------------------

/** Length of a unit edge on the page: sticks need more room than cells to show their joints and labels. */
const unitOf = (grid: Grid) => (grid.kind === 'edges' ? 64 : 36);
const MARGIN = 14;
const num = (v: number) => (Math.round(v * 100) / 100).toString();

/** The centre of a set of plane points. */
const centre = (ps: readonly PlanePoint[]): PlanePoint => [
  ps.reduce((s, p) => s + p[0], 0) / ps.length,
  ps.reduce((s, p) => s + p[1], 0) / ps.length,
];

export function renderPlaneSvg(board: PictureBoard, solution: Solution, pieces: readonly { name: string }[]): string {
  const { grid } = board;
  const UNIT = unitOf(grid);
  const looks = looksOf(board, solution, pieces);
  const corners = (c: Cell) => grid.corners(c).map((v) => grid.plane(v));
  const everything = [...board.cells, ...board.optional].flatMap(corners);
  const { min: minX, max: maxX } = spanOf(everything.map((p) => p[0]));
  const { min: minY, max: maxY } = spanOf(everything.map((p) => p[1]));
  // The plane's y grows up, SVG's down.
  const at = ([x, y]: PlanePoint) => `${num(MARGIN + (x - minX) * UNIT)} ${num(MARGIN + (maxY - y) * UNIT)}`;
  const [width, height] = [num(2 * MARGIN + (maxX - minX) * UNIT), num(2 * MARGIN + (maxY - minY) * UNIT)];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
  ];
  const owner = new Map<string, number>();
  solution.placements.forEach((pl, i) => pl.cells.forEach((c) => owner.set(key(c), i)));
  const empty = board.optional.filter((c) => !owner.has(key(c)));
  if (grid.kind === 'edges') parts.push(...sticksSvg(board, solution, looks, empty, at));
  else parts.push(...cellsSvg(board, solution, looks, owner, empty, at));
  solution.placements.forEach((pl, i) => {
    const middle = centre(pl.cells.flatMap(corners));
    // On the cell (or stick) nearest the piece's middle, so that a ring-shaped piece is labelled on itself.
    const nearest = pl.cells
      .map((c) => centre(corners(c)))
      .sort((a, b) => Math.hypot(a[0] - middle[0], a[1] - middle[1]) - Math.hypot(b[0] - middle[0], b[1] - middle[1]))[0]!;
    const text = looks[i]!.label;
    const size = Math.min(14, Math.floor((36 * 1.1) / Math.max(2, text.length)));
    const [x, y] = at(nearest).split(' ');
    const halo = grid.kind === 'edges' ? ' stroke="#fff" stroke-width="3" paint-order="stroke"' : '';
    parts.push(
      `<text x="${x}" y="${y}" font-size="${size}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#111"${halo}>${escapeXml(text)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

function cellsSvg(
  board: PictureBoard,
  solution: Solution,
  looks: readonly PieceLook[],
  owner: ReadonlyMap<string, number>,
  empty: readonly Cell[],
  at: (p: PlanePoint) => string,
): string[] {
  const { grid } = board;
  const out: string[] = [];
  const polygon = (c: Cell) => grid.corners(c).map((v) => at(grid.plane(v)));
  solution.placements.forEach((pl, i) => {
    for (const c of pl.cells) out.push(`<polygon points="${polygon(c).join(' ')}" fill="${paletteColour(looks[i]!.colour)}"/>`);
  });
  for (const c of empty) out.push(`<polygon points="${polygon(c).join(' ')}" fill="#f4f4f4" stroke="#999" stroke-dasharray="3 3"/>`);
  // Each side once: faint between two cells of one piece, thick where pieces (or the outside) meet.
  const sides = new Map<string, { path: string; owners: (number | undefined)[] }>();
  for (const c of [...solution.placements.flatMap((pl) => pl.cells)]) {
    const vs = grid.corners(c);
    vs.forEach((v, k) => {
      const w = vs[(k + 1) % vs.length]!;
      const id = [key(v), key(w)].sort().join(' ');
      const side = sides.get(id) ?? { path: `M${at(grid.plane(v))}L${at(grid.plane(w))}`, owners: [] };
      side.owners.push(owner.get(key(c)));
      sides.set(id, side);
    });
  }
  const inner: string[] = [];
  const outline: string[] = [];
  for (const { path, owners } of sides.values()) (owners.length === 2 && owners[0] === owners[1] ? inner : outline).push(path);
  if (inner.length) out.push(`<path d="${inner.join('')}" stroke="#000" stroke-opacity="0.18" stroke-width="1" fill="none"/>`);
  out.push(`<path d="${outline.join('')}" stroke="#222" stroke-width="3" stroke-linejoin="round" stroke-linecap="round" fill="none"/>`);
  return out;
}

/** How much of a stick is left out at an end where its piece does not go on (a unit is one): touching pieces then show a gap. */
const STICK_GAP = 0.14;

function sticksSvg(
  board: PictureBoard,
  solution: Solution,
  looks: readonly PieceLook[],
  empty: readonly Cell[],
  at: (p: PlanePoint) => string,
): string[] {
  const { grid } = board;
  const ends = (c: Cell) => grid.corners(c).map((v) => grid.plane(v)) as [PlanePoint, PlanePoint];
  const segment = (c: Cell) => {
    const [a, b] = ends(c);
    return `M${at(a)}L${at(b)}`;
  };
  const out: string[] = [];
  // The lattice points of the board, faintly, so that the grid reads under the pieces.
  const points = new Map<string, PlanePoint>();
  for (const c of [...board.cells, ...board.optional]) for (const v of grid.corners(c)) points.set(key(v), grid.plane(v));
  for (const p of points.values()) {
    const [x, y] = at(p).split(' ');
    out.push(`<circle cx="${x}" cy="${y}" r="2.5" fill="#bbb"/>`);
  }
  if (empty.length) out.push(`<path d="${empty.map(segment).join('')}" stroke="#999" stroke-width="2" stroke-dasharray="4 4" fill="none"/>`);
  solution.placements.forEach((pl, i) => {
    const degree = new Map<string, number>();
    for (const c of pl.cells) for (const v of grid.corners(c)) degree.set(key(v), (degree.get(key(v)) ?? 0) + 1);
    const d = pl.cells
      .map((c) => {
        const [va, vb] = grid.corners(c);
        const [a, b] = ends(c);
        const trim = (from: PlanePoint, to: PlanePoint, v: Cell): PlanePoint =>
          degree.get(key(v)) === 1 ? [from[0] + (to[0] - from[0]) * STICK_GAP, from[1] + (to[1] - from[1]) * STICK_GAP] : from;
        return `M${at(trim(a, b, va!))}L${at(trim(b, a, vb!))}`;
      })
      .join('');
    const colour = paletteColour(looks[i]!.colour);
    out.push(`<path d="${d}" stroke="${shade(colour, 0.45)}" stroke-width="11" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`);
    out.push(`<path d="${d}" stroke="${colour}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`);
  });
  return out;
}

// ---- text ----------------------------------------------------------------------------------

/** Where a cell's letter goes in a text layout: [column, row from the top] (before shifting to the margin), or null when the grid has no layout. */
function textPlace(grid: Grid): ((c: Cell) => readonly [number, number][]) | null {
  switch (grid.name) {
    case 'hexagon':
      return (c) => [[2 * c[0] + c[1], -c[1]]];
    case 'triangle':
      return (c) => [[2 * c[0] + c[1] + c[2], -c[1]]];
    case 'square-edges':
      // Points every four columns and every other line; a horizontal stick fills the three columns between two.
      return (c) => (c[2] === 0 ? [1, 2, 3].map((d): [number, number] => [4 * c[0] + d, -2 * c[1]]) : [[4 * c[0], -2 * c[1] - 1]]);
    default:
      return null;
  }
}

/**
 * The most character positions a text picture may span. Cells may lie
 * anywhere within ±MAX_COORDINATE, and a picture spans them all: two cells
 * far apart drew rows of millions of characters, for minutes (or ran out of
 * memory). Past this, placementList says where each piece went instead.
 */
export const MAX_TEXT_PICTURE = 4_000_000;

/** Each placed piece with its cells, a line each, and a last line saying why there is no picture and what draws one, as the caller spells it (fieldName). */
export function placementList(grid: Grid, solution: Solution, pieces: readonly { name: string }[], symbols: PieceSymbols, why: string): string {
  const chars = placedSymbols(solution.placements, pieces, symbols);
  const list = solution.placements.map((pl, i) => `${chars[i]} ${pl.piece}: ${pl.cells.map((c) => grid.label(c)).join(' ')}`);
  return [...list, `(${why}; ${fieldName('svg')} or ${fieldName('png')} draws one)`].join('\n');
}

/** The note of a picture too large for text: its columns by its rows. */
export const tooLargeForText = (columns: number, rows: number) =>
  `no text picture: it would span ${columns} by ${rows} characters, more than ${MAX_TEXT_PICTURE}`;

export function renderPlaneText(
  board: PictureBoard,
  solution: Solution,
  pieces: readonly { name: string }[],
  symbols: PieceSymbols,
  color: boolean,
): string {
  const place = textPlace(board.grid);
  if (!place) return placementList(board.grid, solution, pieces, symbols, `${board.grid.name}: no text picture`);
  const looks = color ? looksOf(board, solution, pieces) : [];
  const glyphs = new Map<string, { ch: string; bg?: number }>();
  const chars = placedSymbols(solution.placements, pieces, symbols);
  solution.placements.forEach((pl, i) => {
    const bg = color ? xterm256(paletteColour(looks[i]!.colour)) : undefined;
    for (const c of pl.cells) for (const p of place(c)) glyphs.set(key(p), { ch: chars[i]!, bg });
  });
  for (const c of board.optional) for (const p of place(c)) if (!glyphs.has(key(p))) glyphs.set(key(p), { ch: EMPTY_MARK });
  if (board.grid.name === 'square-edges')
    for (const c of [...board.cells, ...board.optional]) for (const v of board.grid.corners(c)) glyphs.set(key([4 * v[0], -2 * v[1]]), { ch: '+' });
  const spots = [...glyphs.keys()].map((k) => k.split(',').map(Number) as [number, number]);
  if (spots.length === 0) return '';
  const { min: minCol, max: maxCol } = spanOf(spots.map((s) => s[0]));
  const { min: minRow, max: maxRow } = spanOf(spots.map((s) => s[1]));
  const [width, height] = [maxCol - minCol + 1, maxRow - minRow + 1];
  if (width * height > MAX_TEXT_PICTURE) return placementList(board.grid, solution, pieces, symbols, tooLargeForText(width, height));
  const rows: string[] = [];
  for (let r = minRow; r <= maxRow; r++) {
    let line = '';
    for (let col = minCol; col <= maxCol; col++) {
      const g = glyphs.get(key([col, r]));
      line += !g ? ' ' : g.bg === undefined ? g.ch : `\x1b[48;5;${g.bg}m\x1b[30m${g.ch}\x1b[0m`;
    }
    rows.push(line.trimEnd());
  }
  return rows.join('\n');
}
