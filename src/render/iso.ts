import type { Cell } from '../geometry/cells.js';
import { emptyCells, escapeXml } from './grid.js';
import { type PieceLook, labelCell, paletteColour, pieceLooks, shade } from './palette.js';

/**
 * Isometric SVG pictures of 3D packings: each cube with its top, left and
 * right faces shaded differently so that depth reads at a glance, touching
 * pieces in different colours. Cubes are painted back to front, so nearer
 * cubes hide farther ones without any depth buffer.
 *
 * Axes as in the text formats: x across the page, y down the page (towards
 * the viewer), z up. The viewer looks down the (-1, -1, -1) diagonal, so the
 * visible faces of a cube are those facing +x, +y and +z, and a cube is in
 * front of every cube with a smaller x + y + z.
 */
export interface IsometricOptions {
  /** Edge length of a cube on the page, in SVG units (default 24). */
  cellSize?: number;
  /** Extra space between z-levels, in cubes, to show the inside of a solid (default 0). */
  explode?: number;
  /** A key of piece names and colours below the picture (default true). */
  legend?: boolean;
}

type Face = 'top' | 'left' | 'right';

/** Each visible face: the neighbour that would hide it, and its corners as offsets from the cube's origin. */
const FACES: readonly { face: Face; neighbour: Cell; corners: readonly Cell[] }[] = [
  {
    face: 'top',
    neighbour: [0, 0, 1],
    corners: [
      [0, 0, 1],
      [1, 0, 1],
      [1, 1, 1],
      [0, 1, 1],
    ],
  },
  {
    face: 'left',
    neighbour: [0, 1, 0],
    corners: [
      [0, 1, 0],
      [1, 1, 0],
      [1, 1, 1],
      [0, 1, 1],
    ],
  },
  {
    face: 'right',
    neighbour: [1, 0, 0],
    corners: [
      [1, 0, 0],
      [1, 1, 0],
      [1, 1, 1],
      [1, 0, 1],
    ],
  },
];

/** The corners of a cube's bottom face. */
const FLOOR: readonly Cell[] = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [0, 1, 0],
];

/** Light from above: tops lightest, the right faces darkest. */
const SHADE: Readonly<Record<Face, number>> = { top: 1.25, left: 1, right: 0.7 };

const COS30 = Math.sqrt(3) / 2;
const LEGEND_ROW = 18;

/** The colour of a face of a cube whose piece has colour number `colour`. */
export const pieceColour = (colour: number, face: Face = 'top'): string => shade(paletteColour(colour), SHADE[face]);

const num = (v: number) => (Math.round(v * 100) / 100).toString();

interface Solution {
  placements: readonly { piece: string; cells: readonly Cell[] }[];
}

/** A drawing with its bounding box, to be placed beside others. */
interface Panel {
  body: string[];
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The cubes of the given placements as face polygons; `labels` adds each
 * piece's name on the top face of its cube nearest its centre, per level.
 */
function isometricPanel(
  solution: Solution,
  looks: readonly PieceLook[],
  size: number,
  explode: number,
  labels: boolean,
  empty: readonly Cell[] = [],
): Panel {
  const owner = new Map<string, number>();
  const cubes: Cell[] = [];
  solution.placements.forEach((pl, i) => {
    for (const c of pl.cells) {
      owner.set(c.join(','), i);
      cubes.push(c);
    }
  });
  // Back to front; ties never overlap on the page, the rest of the order only makes the output stable.
  cubes.sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]) || a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
  const project = (cube: Cell, corner: readonly number[]): [number, number] => {
    const [x, y, z] = [cube[0] + corner[0]!, cube[1] + corner[1]!, cube[2] + corner[2]!];
    return [(x - y) * COS30 * size, ((x + y) / 2 - z - cube[2] * explode) * size];
  };
  const body: string[] = [];
  const points: [number, number][] = [];
  // An optional cell left empty: a dashed tile on the floor of its place. Nothing lies behind the floor, so drawn first it hides nothing.
  for (const cell of empty) {
    const corner = FLOOR.map((c) => project(cell, c));
    points.push(...corner);
    body.push(
      `<polygon points="${corner.map(([px, py]) => `${num(px)},${num(py)}`).join(' ')}" fill="#f4f4f4" stroke="#999" stroke-dasharray="3 3"/>`,
    );
  }
  for (const cube of cubes) {
    const colour = looks[owner.get(cube.join(','))!]!.colour;
    for (const { face, neighbour, corners } of FACES) {
      // A face against another cube is hidden by it, unless the levels are pulled apart.
      const touching = neighbour[2] === 0 || explode === 0;
      if (touching && owner.has([cube[0] + neighbour[0], cube[1] + neighbour[1], cube[2] + neighbour[2]].join(','))) continue;
      const corner = corners.map((c) => project(cube, c));
      points.push(...corner);
      body.push(`<polygon points="${corner.map(([px, py]) => `${num(px)},${num(py)}`).join(' ')}" fill="${pieceColour(colour, face)}"/>`);
    }
  }
  if (labels) {
    solution.placements.forEach((pl, i) => {
      for (const z of new Set(pl.cells.map((c) => c[2]))) {
        const [px, py] = project(labelCell(pl.cells.filter((c) => c[2] === z)), [0.5, 0.5, 1]);
        body.push(
          `<text x="${num(px)}" y="${num(py)}" font-size="${num(size * 0.5)}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#111" stroke="none">${escapeXml(looks[i]!.label)}</text>`,
        );
      }
    });
  }
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const min = (v: number[]) => (v.length ? Math.min(...v) : 0);
  const max = (v: number[]) => (v.length ? Math.max(...v) : 0);
  return { body, left: min(xs), top: min(ys), right: max(xs), bottom: max(ys) };
}

const OUTLINE = `<g stroke="#222" stroke-width="1" stroke-linejoin="round">`;

/** One isometric view of the packing, the levels pulled `explode` cubes apart, with a legend below. */
export function renderIsometricSvg(solution: Solution, pieces: readonly { name: string }[], options: IsometricOptions = {}): string {
  const size = options.cellSize ?? 24;
  const looks = pieceLooks(solution.placements, pieces);
  const panel = isometricPanel(solution, looks, size, options.explode ?? 0, false);
  const margin = size / 2;
  const left = panel.left - margin;
  const top = panel.top - margin;
  const bottom = panel.bottom + margin;
  const legend = options.legend === false ? [] : legendRows(looks, left + margin, bottom);
  const width = Math.max(panel.right + margin - left, legend.length ? 120 : 0);
  const height = bottom - top + legend.length * LEGEND_ROW;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(left)} ${num(top)} ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}">`,
    OUTLINE,
    ...panel.body,
    `</g>`,
    ...legend,
    `</svg>`,
    '',
  ].join('\n');
}

/** The legend, one placed piece a row in piece order. */
function legendRows(looks: readonly PieceLook[], x: number, y: number): string[] {
  const order = looks.map((_, i) => i).sort((a, b) => looks[a]!.piece - looks[b]!.piece || looks[a]!.copy - looks[b]!.copy);
  return order.map((i, row) => legendEntry(looks[i]!, x, y + row * LEGEND_ROW));
}

function legendEntry(look: PieceLook, x: number, y: number): string {
  const swatch = `<rect x="${num(x)}" y="${num(y)}" width="12" height="12" fill="${pieceColour(look.colour)}" stroke="#222"/>`;
  const label = `<text x="${num(x + 18)}" y="${num(y + 11)}" font-family="sans-serif" font-size="12">${escapeXml(look.label)}</text>`;
  return `${swatch}${label}`;
}

/**
 * The picture of a 3D packing that hides no piece: the assembled solid, and
 * beside it each level on its own (seen from the same angle, so every cube's
 * top is in view), each piece named on its top faces, and each cell of
 * `optional` (one that may stay empty) left empty a dashed tile on its level.
 */
export function renderPolycubeSvg(solution: Solution, pieces: readonly { name: string }[], optional: readonly Cell[] = [], cellSize = 24): string {
  const looks = pieceLooks(solution.placements, pieces);
  const empty = emptyCells(solution, optional);
  const levels = [...new Set([...solution.placements.flatMap((pl) => pl.cells), ...empty].map((c) => c[2]))].sort((a, b) => a - b);
  const panels: { panel: Panel; caption: string }[] = [{ panel: isometricPanel(solution, looks, cellSize, 0, false), caption: 'assembled' }];
  const flat = (c: Cell): Cell => [c[0], c[1], 0];
  for (const z of levels) {
    const only = {
      placements: solution.placements.map((pl) => ({ piece: pl.piece, cells: pl.cells.filter((c) => c[2] === z).map(flat) })),
    };
    const name = z === levels[0] ? `level ${z + 1} (bottom)` : z === levels.at(-1) ? `level ${z + 1} (top)` : `level ${z + 1}`;
    const emptyHere = empty.filter((c) => c[2] === z).map(flat);
    panels.push({ panel: isometricPanel(only, looks, cellSize, 0, true, emptyHere), caption: name });
  }
  const gap = cellSize * 1.5;
  const captionH = 22;
  const margin = cellSize / 2;
  const height = Math.max(...panels.map((p) => p.panel.bottom - p.panel.top));
  let x = margin;
  const parts: string[] = [];
  for (const { panel, caption } of panels) {
    const w = panel.right - panel.left;
    // Bottoms aligned, so that the levels stand on one line.
    const dx = x - panel.left;
    const dy = margin + height - panel.bottom;
    parts.push(`<g transform="translate(${num(dx)} ${num(dy)})">`, OUTLINE, ...panel.body, '</g>', '</g>');
    parts.push(
      `<text x="${num(x + w / 2)}" y="${num(margin + height + captionH - 6)}" font-size="13" text-anchor="middle" fill="#333">${caption}</text>`,
    );
    x += w + gap;
  }
  const width = x - gap + margin;
  const legendY = margin + height + captionH + 8;
  const perRow = Math.max(1, Math.floor((width - 2 * margin) / 70));
  const order = looks.map((_, i) => i).sort((a, b) => looks[a]!.piece - looks[b]!.piece || looks[a]!.copy - looks[b]!.copy);
  order.forEach((i, k) => parts.push(legendEntry(looks[i]!, margin + (k % perRow) * 70, legendY + Math.floor(k / perRow) * LEGEND_ROW)));
  const total = legendY + Math.ceil(order.length / perRow) * LEGEND_ROW + margin;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(total)}" viewBox="0 0 ${num(width)} ${num(total)}" font-family="sans-serif">`,
    `<rect width="${num(width)}" height="${num(total)}" fill="white"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
