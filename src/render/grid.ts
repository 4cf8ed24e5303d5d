import pc from 'picocolors';
import type { Cell } from '../geometry/cells.js';

const PALETTE = [pc.bgRed, pc.bgGreen, pc.bgYellow, pc.bgBlue, pc.bgMagenta, pc.bgCyan, pc.bgWhite, pc.bgBlack];

/** Whether to colour output: a TTY and no NO_COLOR, as picocolors decides. */
export const colorWanted = (stream: NodeJS.WriteStream): boolean => Boolean(stream.isTTY) && pc.isColorSupported;

/**
 * A packing drawn as letters, one per piece, like the classic printouts;
 * 3D packings show their z-levels side by side. Holes are blank.
 */
export function renderPacking(
  solution: { placements: readonly { piece: string; cells: readonly Cell[] }[] },
  pieces: readonly { name: string }[],
  symbols: readonly string[],
  color: boolean,
  fixed: readonly { cell: Cell; symbol: string }[] = [],
): string {
  const grid = new Map<string, string>();
  const all: Cell[] = [];
  for (const pl of solution.placements) {
    const i = pieces.findIndex((p) => p.name === pl.piece);
    const ch = symbols[i] ?? '?';
    const paint = color ? PALETTE[i % PALETTE.length]! : (s: string) => s;
    for (const c of pl.cells) {
      grid.set(c.join(','), paint(ch));
      all.push(c);
    }
  }
  for (const f of fixed) {
    grid.set(f.cell.join(','), color ? pc.inverse(f.symbol) : f.symbol);
    all.push(f.cell);
  }
  if (all.length === 0) return '';
  const max = [0, 1, 2].map((i) => Math.max(...all.map((c) => c[i]!)));
  const rows: string[] = [];
  for (let y = 0; y <= max[1]!; y++) {
    const levels: string[] = [];
    for (let z = 0; z <= max[2]!; z++) {
      let line = '';
      for (let x = 0; x <= max[0]!; x++) line += grid.get(`${x},${y},${z}`) ?? ' ';
      levels.push(line);
    }
    rows.push(levels.join('   ').replace(/\s+$/, ''));
  }
  return rows.join('\n');
}

/** A flat packing as SVG: one square per cell in its piece's colour, with the piece's letter. */
export function renderPackingSvg(
  solution: { placements: readonly { piece: string; cells: readonly Cell[] }[] },
  pieces: readonly { name: string }[],
  symbols: readonly string[],
  colour: (index: number) => string,
): string {
  const size = 32;
  const cells = solution.placements.flatMap((pl) => pl.cells);
  const width = (Math.max(...cells.map((c) => c[0])) + 1) * size;
  const height = (Math.max(...cells.map((c) => c[1])) + 1) * size;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width + 2}" height="${height + 2}" viewBox="-1 -1 ${width + 2} ${height + 2}" font-family="sans-serif">`];
  for (const pl of solution.placements) {
    const i = pieces.findIndex((p) => p.name === pl.piece);
    for (const [x, y] of pl.cells) {
      parts.push(
        `<rect x="${x * size}" y="${y * size}" width="${size}" height="${size}" fill="${colour(i)}" stroke="#333"/>`,
        `<text x="${x * size + size / 2}" y="${y * size + size / 2 + 5}" text-anchor="middle" font-size="14">${symbols[i] ?? '?'}</text>`,
      );
    }
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
