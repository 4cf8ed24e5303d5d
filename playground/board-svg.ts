import type { Cell } from '../src/geometry.js';
import type { PackingSolution, PackingSpec } from '../src/packing.js';
import { pieceColour } from '../src/render-iso.js';

const CELL = 18;
const MARGIN = 3;

/**
 * A flat packing as SVG: one colour per piece (the palette of the 3D
 * pictures), a thin line between cells of one piece and a thick one where
 * pieces meet, so each piece reads as one shape. Holes stay blank.
 */
export function boardSvg(solution: PackingSolution, spec: Pick<PackingSpec, 'pieces' | 'region'>): string {
  const owner = new Map<string, number>();
  const key = (x: number, y: number) => `${x},${y}`;
  solution.placements.forEach((pl, i) => pl.cells.forEach((c) => owner.set(key(c[0], c[1]), i)));
  const width = Math.max(...spec.region.map((c) => c[0])) + 1;
  const height = Math.max(...spec.region.map((c) => c[1])) + 1;
  const px = (n: number) => MARGIN + n * CELL;
  const cells: string[] = [];
  const borders: string[] = [];
  solution.placements.forEach((pl, i) => {
    const fill = pieceColour(spec.pieces.findIndex((p) => p.name === pl.piece));
    for (const [x, y] of pl.cells as readonly Cell[]) {
      cells.push(`<rect x="${px(x)}" y="${px(y)}" width="${CELL}" height="${CELL}" fill="${fill}"/>`);
      // Each cell draws its own edges that face another piece, a hole or the outside.
      const edges: [number, number, number, number, number, number][] = [
        [0, -1, x, y, x + 1, y],
        [0, 1, x, y + 1, x + 1, y + 1],
        [-1, 0, x, y, x, y + 1],
        [1, 0, x + 1, y, x + 1, y + 1],
      ];
      for (const [dx, dy, x1, y1, x2, y2] of edges) {
        if (owner.get(key(x + dx, y + dy)) !== i) borders.push(`M${px(x1)} ${px(y1)}L${px(x2)} ${px(y2)}`);
      }
    }
  });
  const w = 2 * MARGIN + width * CELL;
  const h = 2 * MARGIN + height * CELL;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">`,
    `<g stroke="#0002" stroke-width="0.5">${cells.join('')}</g>`,
    `<path d="${borders.join('')}" stroke="#222" stroke-width="2" stroke-linecap="square" fill="none"/>`,
    `</svg>`,
  ].join('');
}
