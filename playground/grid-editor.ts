import { type Cell, GRIDS, type Grid, type GridName, cellNumbers, parallelogram } from '../src/index.js';

/**
 * The board editor of the other grids: the W by H board of a grid (board
 * shapes, src/geometry/board-shapes.ts) drawn as SVG from each cell's corners
 * in the plane, triangles and hexagons as polygons, sticks as thick lines;
 * a click cuts a cell out or puts it back.
 */

/** What each grid starts with: a board and pieces with solutions (Polyform Puzzler's puzzles where there is one). */
export const GRID_DEFAULTS: Readonly<Record<string, { width: number; height: number; pieces: string; holes: readonly string[] }>> = {
  // The 12 hexiamonds in the 4x9 parallelogram: 74 classes.
  triangle: { width: 9, height: 4, pieces: 'free:6', holes: [] },
  // The 7 tetrahexes in the 4x7 parallelogram: 9 classes.
  hexagon: { width: 7, height: 4, pieces: 'free:4', holes: [] },
  // The 16 tetrasticks, 15 of them, on the 6x6 lattice.
  'square-edges': { width: 5, height: 5, pieces: 'free:4*0..1', holes: [] },
  // The 12 tritrigs in the 5x2 parallelogram less one edge: 9 classes.
  'triangle-edges': { width: 5, height: 2, pieces: 'free:3', holes: ['2,1,0'] },
  // The polytwigs of orders 1-4 that fit on 2x3 hexagons.
  'hexagon-edges': { width: 3, height: 2, pieces: 'free:1-4*0..1', holes: [] },
};

const SVG = 'http://www.w3.org/2000/svg';
const UNIT = 28;
const key = (c: Cell) => c.join(',');

export class GridEditor {
  private holes = new Set<string>();
  private cells: Cell[] = [];

  constructor(
    private readonly host: HTMLElement,
    private readonly changed: () => void,
  ) {
    host.addEventListener('click', (event) => {
      const target = (event.target as Element).closest('[data-cell]');
      if (!target) return;
      const k = target.getAttribute('data-cell')!;
      if (this.holes.has(k)) this.holes.delete(k);
      else this.holes.add(k);
      target.setAttribute('aria-pressed', String(!this.holes.has(k)));
      this.changed();
    });
  }

  /** Draws the W by H board of a grid, with these cells cut out. */
  draw(gridName: GridName, width: number, height: number, holes: readonly string[]): void {
    const grid = GRIDS[gridName];
    this.holes = new Set(holes);
    this.cells = parallelogram(grid, width, height) ?? [];
    const points = this.cells.flatMap((c) => grid.corners(c).map((v) => grid.plane(v)));
    const [minX, maxX] = [Math.min(...points.map((p) => p[0])), Math.max(...points.map((p) => p[0]))];
    const [minY, maxY] = [Math.min(...points.map((p) => p[1])), Math.max(...points.map((p) => p[1]))];
    const at = ([x, y]: readonly [number, number]) => `${(8 + (x - minX) * UNIT).toFixed(1)},${(8 + (maxY - y) * UNIT).toFixed(1)}`;
    const svg = document.createElementNS(SVG, 'svg');
    const [w, h] = [16 + (maxX - minX) * UNIT, 16 + (maxY - minY) * UNIT];
    svg.setAttribute('viewBox', `0 0 ${w.toFixed(1)} ${h.toFixed(1)}`);
    svg.setAttribute('width', w.toFixed(0));
    svg.setAttribute('class', `grid-editor ${grid.kind}`);
    for (const c of this.cells) {
      const corners = grid.corners(c).map((v) => at(grid.plane(v)));
      const shape = document.createElementNS(SVG, grid.kind === 'edges' ? 'polyline' : 'polygon');
      shape.setAttribute('points', corners.join(' '));
      shape.setAttribute('data-cell', key(c));
      shape.setAttribute('role', 'button');
      shape.setAttribute('aria-pressed', String(!this.holes.has(key(c))));
      const title = document.createElementNS(SVG, 'title');
      title.textContent = grid.label(c);
      shape.append(title);
      svg.append(shape);
    }
    this.host.replaceChildren(svg);
  }

  /** The drawn board as the JSON the polyform puzzle reads. */
  board(grid: Grid): string {
    const cells = this.cells.filter((c) => !this.holes.has(key(c))).map((c) => cellNumbers(grid, c));
    return JSON.stringify({ grid: grid.name, cells });
  }
}
