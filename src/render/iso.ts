import type { Cell } from '../geometry/cells.js';

/**
 * An isometric SVG picture of a 3D packing: one colour per piece, each cube
 * with its top, left and right faces shaded differently so that depth reads
 * at a glance. Cubes are painted back to front, so nearer cubes hide farther
 * ones without any depth buffer.
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
  { face: 'top', neighbour: [0, 0, 1], corners: [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]] },
  { face: 'left', neighbour: [0, 1, 0], corners: [[0, 1, 0], [1, 1, 0], [1, 1, 1], [0, 1, 1]] },
  { face: 'right', neighbour: [1, 0, 0], corners: [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 0, 1]] },
];

/** Light from above: tops brightest, the right faces darkest. */
const LIGHTNESS: Readonly<Record<Face, number>> = { top: 0.68, left: 0.52, right: 0.38 };

const COS30 = Math.sqrt(3) / 2;
const LEGEND_ROW = 18;

/** Hand-picked, well-separated hues for the first pieces; beyond them, steps of the golden angle. */
const HUES = [0, 215, 120, 48, 280, 180, 325, 85, 25, 250];

function pieceHue(index: number): number {
  return HUES[index] ?? (index * 137.508) % 360;
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

export const pieceColour = (index: number, face: Face = 'top'): string => hslToHex(pieceHue(index), 0.62, LIGHTNESS[face]);

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (v: number) => (Math.round(v * 100) / 100).toString();

export function renderIsometricSvg(
  solution: { placements: readonly { piece: string; cells: readonly Cell[] }[] },
  pieces: readonly { name: string }[],
  options: IsometricOptions = {},
): string {
  const size = options.cellSize ?? 24;
  const explode = options.explode ?? 0;
  const owner = new Map<string, number>();
  const cubes: Cell[] = [];
  for (const pl of solution.placements) {
    const index = pieces.findIndex((p) => p.name === pl.piece);
    for (const c of pl.cells) {
      owner.set(c.join(','), index);
      cubes.push(c);
    }
  }
  // Back to front; ties never overlap on the page, the rest of the order only makes the output stable.
  cubes.sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]) || a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);

  const project = (cube: Cell, corner: Cell): [number, number] => {
    const [x, y, z] = [cube[0] + corner[0], cube[1] + corner[1], cube[2] + corner[2]];
    return [(x - y) * COS30 * size, ((x + y) / 2 - z - cube[2] * explode) * size];
  };
  const polygons: string[] = [];
  const points: [number, number][] = [];
  for (const cube of cubes) {
    const index = owner.get(cube.join(','))!;
    for (const { face, neighbour, corners } of FACES) {
      // A face against another cube is hidden by it, unless the levels are pulled apart.
      const touching = neighbour[2] === 0 || explode === 0;
      if (touching && owner.has([cube[0] + neighbour[0], cube[1] + neighbour[1], cube[2] + neighbour[2]].join(','))) continue;
      const corner = corners.map((c) => project(cube, c));
      points.push(...corner);
      polygons.push(`<polygon points="${corner.map(([px, py]) => `${num(px)},${num(py)}`).join(' ')}" fill="${pieceColour(index, face)}"/>`);
    }
  }

  const margin = size / 2;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const left = (xs.length ? Math.min(...xs) : 0) - margin;
  const top = (ys.length ? Math.min(...ys) : 0) - margin;
  const bottom = (ys.length ? Math.max(...ys) : 0) + margin;
  const used = pieces.map((p, i) => ({ name: p.name, index: i })).filter(({ name }) => solution.placements.some((pl) => pl.piece === name));
  const legend = options.legend === false ? [] : used.map(({ name, index }, row) => legendRow(name, index, left + margin, bottom + row * LEGEND_ROW));
  const width = Math.max((xs.length ? Math.max(...xs) : 0) + margin - left, legend.length ? 120 : 0);
  const height = bottom - top + legend.length * LEGEND_ROW;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(left)} ${num(top)} ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}">`,
    `<g stroke="#222" stroke-width="1" stroke-linejoin="round">`,
    ...polygons,
    `</g>`,
    ...legend,
    `</svg>`,
    '',
  ].join('\n');
}

function legendRow(name: string, index: number, x: number, y: number): string {
  const swatch = `<rect x="${num(x)}" y="${num(y)}" width="12" height="12" fill="${pieceColour(index)}" stroke="#222"/>`;
  const label = `<text x="${num(x + 18)}" y="${num(y + 11)}" font-family="sans-serif" font-size="12">${escapeXml(name)}</text>`;
  return `${swatch}${label}`;
}
