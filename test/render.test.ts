import { describe, expect, it } from 'vitest';
import { puzzleByName } from '../encoders/index.js';
import type { PackingInstance, PackingSolution } from '../encoders/packing.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { renderChart } from '../src/bench/chart.js';
import type { BenchReport } from '../src/bench/encodings.js';
import { gridOrigin, pageGrid, renderDobblePages, rotationAmbiguous } from '../src/render/dobble.js';
import { outlinedLevels, renderPackingSvg, xterm256 } from '../src/render/grid.js';
import { renderPolycubeSvg } from '../src/render/iso.js';
import { PALETTE, paletteColour, pieceLooks, rgbOf, touching } from '../src/render/palette.js';
import { svgToPng } from '../src/render/png.js';

const build = (puzzle: string, args: Record<string, unknown>) => puzzleByName(puzzle).build(args) as PackingInstance;

async function solutions(instance: PackingInstance, limit: number, unique = true): Promise<PackingSolution[]> {
  const found: PackingSolution[] = [];
  await enumerateExactCover(instance, { unique, limit, onFound: (f) => found.push(instance.decode(f.trueVars)) });
  return found;
}

/** CIELAB of an sRGB colour (D65), for the perceptual distance ΔE76. */
function lab(hex: string): [number, number, number] {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = rgbOf(hex).map(lin) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const [x, y, z] = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ];
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

describe('palette', () => {
  it('has at least 12 colours, every two far apart, and as many distinct terminal colours', () => {
    expect(PALETTE.length).toBeGreaterThanOrEqual(12);
    let closest = Infinity;
    for (let i = 0; i < PALETTE.length; i++) {
      for (let j = i + 1; j < PALETTE.length; j++) {
        const [a, b] = [lab(PALETTE[i]!), lab(PALETTE[j]!)];
        closest = Math.min(closest, Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
      }
    }
    expect(closest).toBeGreaterThan(25);
    expect(new Set(PALETTE.map(xterm256)).size).toBe(PALETTE.length);
    expect(paletteColour(40)).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('never gives two touching pieces one colour in the first 200 classes of 8x8-square', async () => {
    const instance = build('pentomino', { preset: '8x8-square' });
    const found = await solutions(instance, 200);
    expect(found).toHaveLength(200);
    let clashes = 0;
    let homeKept = 0;
    for (const s of found) {
      const looks = pieceLooks(s.placements, instance.spec.pieces);
      touching(s.placements).forEach((near, i) => {
        for (const j of near) if (looks[i]!.colour === looks[j]!.colour) clashes++;
      });
      homeKept += looks.filter((l) => l.colour === l.piece % PALETTE.length).length;
    }
    expect(clashes).toBe(0);
    // Most pieces keep their own colour from one solution to the next.
    expect(homeKept / (200 * 13)).toBeGreaterThan(0.85);
  });

  it('the SVG of each of those classes fills touching cells of different pieces differently', async () => {
    const instance = build('pentomino', { preset: '8x8-square' });
    for (const s of await solutions(instance, 20)) {
      const svg = renderPackingSvg(s, instance.spec.pieces);
      const fill = new Map<string, string>();
      for (const [, x, y, f] of svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="36" height="36" fill="(#[0-9a-f]+)"/g))
        fill.set(`${(Number(x) - 10) / 36},${(Number(y) - 10) / 36}`, f!);
      expect(fill.size).toBe(64);
      const piece = new Map(s.placements.flatMap((pl, i) => pl.cells.map((c) => [`${c[0]},${c[1]}`, i] as const)));
      for (const [k, p] of piece) {
        const [x, y] = k.split(',').map(Number) as [number, number];
        for (const n of [`${x + 1},${y}`, `${x},${y + 1}`]) {
          if (piece.has(n) && piece.get(n) !== p) expect(fill.get(n)).not.toBe(fill.get(k));
        }
      }
      // One label per piece.
      expect(svg.match(/<text /g)).toHaveLength(13);
    }
  });
});

describe('polyomino pictures', () => {
  // Two L4 copies and two dominoes on a 4x3 board.
  const instance = build('polyomino', { board: '4x3', pieces: 'L4*2,D2*2' });

  it('names copies apart and outlines pieces, not cells', async () => {
    const [s] = await solutionsBySat(instance);
    const svg = renderPackingSvg(s!, instance.spec.pieces);
    const labels = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).sort();
    expect(labels).toEqual(['D2a', 'D2b', 'L4a', 'L4b']);
    const text = outlinedLevels(s!, instance.spec.pieces, instance.symbols).map(strip);
    // 3 rows of cells: 7 lines; 4 cells of 4 characters: 17 columns.
    expect(text).toHaveLength(7);
    for (const line of text) expect([...line]).toHaveLength(17);
    expect(
      text
        .join('\n')
        .match(/L4a|L4b|D2a|D2b/g)!
        .sort(),
    ).toEqual(['D2a', 'D2b', 'L4a', 'L4b']);
    // Inside the board, a line between two cells only where pieces meet: 12 cells, 4 pieces of 4, 4, 2, 2 cells
    // have 12 - 4 = 8 inner cell-to-cell adjacencies without a line.
    const owner = new Map(s!.placements.flatMap((pl, i) => pl.cells.map((c) => [`${c[0]},${c[1]}`, i] as const)));
    let inner = 0;
    for (let y = 0; y < 3; y++) {
      for (let x = 0; x < 4; x++) {
        if (x < 3) expect(text[2 * y + 1]![4 * x + 4] === '│').toBe(owner.get(`${x},${y}`) !== owner.get(`${x + 1},${y}`));
        if (y < 2) expect(text[2 * y + 2]![4 * x + 2] === '─').toBe(owner.get(`${x},${y}`) !== owner.get(`${x},${y + 1}`));
        if (x < 3 && owner.get(`${x},${y}`) === owner.get(`${x + 1},${y}`)) inner++;
        if (y < 2 && owner.get(`${x},${y}`) === owner.get(`${x},${y + 1}`)) inner++;
      }
    }
    expect(inner).toBe(8);
  });
});

async function solutionsBySat(instance: PackingInstance): Promise<PackingSolution[]> {
  // Copies make it no exact-cover instance for dlx; the blocking loop on the in-process solver finds one.
  const { enumerate } = await import('../src/enumerate/blocking-loop.js');
  const { logicSolver } = await import('../solvers/logic-solver.js');
  const found: PackingSolution[] = [];
  await enumerate(instance, {
    createSolver: () => logicSolver.create(),
    unique: false,
    limit: 1,
    onFound: (f) => found.push(instance.decode(f.trueVars)),
  });
  return found;
}

describe('3D pictures', () => {
  it('the Soma picture names every piece on each level it reaches, so none is hidden', async () => {
    const instance = build('soma', {});
    const [s] = await solutions(instance, 1, false);
    const svg = renderPolycubeSvg(s!, instance.spec.pieces);
    for (const pl of s!.placements) {
      const levels = new Set(pl.cells.map((c) => c[2])).size;
      const labels = svg.match(new RegExp(`>${pl.piece}</text>`, 'g'))!.length;
      expect(labels).toBe(levels + 1); // each level it is on, and the legend
    }
    // The assembled solid shows 27 faces; each level alone shows its 9 tops, 3 left and 3 right faces.
    expect(svg.match(/<polygon /g)).toHaveLength(27 + 3 * 15);
    expect(svg).toContain('level 1 (bottom)');
    expect(svg).toContain('level 3 (top)');
  });
});

describe('Dobble sheets', () => {
  const deck = Array.from({ length: 6 }, (_, i) => [`${i}`, 'cat', '6', 'dp']);

  it('centre the grid on A4: equal margins left and right, top and bottom', () => {
    const [page] = renderDobblePages(deck);
    const circles = [...page!.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)].map(
      (m) => m.slice(1).map(Number) as [number, number, number],
    );
    expect(circles).toHaveLength(6);
    const left = Math.min(...circles.map(([x, , r]) => x - r));
    const right = 210 - Math.max(...circles.map(([x, , r]) => x + r));
    const top = Math.min(...circles.map(([, y, r]) => y - r));
    const bottom = 297 - Math.max(...circles.map(([, y, r]) => y + r));
    expect(Math.abs(left - right)).toBeLessThan(0.011);
    expect(Math.abs(top - bottom)).toBeLessThan(0.011);
    expect(left).toBeGreaterThan(10);
    const { columns, rows } = pageGrid();
    expect(gridOrigin({}, columns, rows)).toEqual({ x: (210 - 165) / 2, y: (297 - 250) / 2 }); // 2 x 3 cards of 80 mm, 5 mm apart
  });

  it('have crop marks at every card corner and an underline on symbols that read the same turned', () => {
    const [page] = renderDobblePages(deck);
    const marks = [...page!.matchAll(/<path d="([^"]*)" stroke="#888"/g)];
    expect(marks).toHaveLength(6);
    for (const m of marks) expect(m[1]!.match(/M/g)).toHaveLength(8);
    for (const s of ['6', '9', '69', 'dp', 'NOON', '0', '18']) expect(rotationAmbiguous(s)).toBe(true);
    for (const s of ['7', 'cat', '🐶', '12', 'A']) expect(rotationAmbiguous(s)).toBe(false);
    // '6' and 'dp' on every card, the card number on cards 0, 1: underlined.
    expect(page!.match(/<line /g)).toHaveLength(6 * 2 + 2);
  });
});

describe('PNG and the bench chart', () => {
  it('converts an SVG to PNG in-process, twice its size unless a scale or width is given', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="red"/></svg>';
    const png = await svgToPng(svg);
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    // The IHDR chunk: width at byte 16, height at 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([80, 40]);
    const scaled = await svgToPng(svg, { scale: 3 });
    expect([scaled.readUInt32BE(16), scaled.readUInt32BE(20)]).toEqual([120, 60]);
    expect((await svgToPng(svg, { width: 100 })).readUInt32BE(16)).toBe(100);
  });

  it('draws an axis on every panel and a legend of the solvers', () => {
    const cell = (puzzle: string, solver: string, seconds: number | null) => ({
      puzzle,
      encoding: 'pairwise',
      solver,
      vars: 1,
      clauses: 1,
      buildSeconds: 0,
      firstN: { seconds, found: 1, runs: 1 },
    });
    const report = {
      date: 'd',
      machine: { os: 'o', cpu: 'c', cores: 2, memoryGiB: 1, node: 'v' },
      loadAverage: { start: 0, end: 0 },
      settings: {
        suite: 'quick',
        puzzles: ['a', 'b'],
        encodings: ['pairwise'],
        solvers: ['s1', 's2'],
        limit: 10,
        repeat: 1,
        timeoutSeconds: 5,
        baseline: 'pairwise',
      },
      puzzles: ['a', 'b'].map((name) => ({ name, about: '', all: false, cubeDepth: null, expected: { classes: 10, raw: 10 } })),
      cells: [cell('a', 's1', 0.5), cell('a', 's2', null), cell('b', 's1', 2), cell('b', 's2', 1)],
    } as unknown as BenchReport;
    const svg = renderChart(report);
    expect(svg.match(/seconds \(logarithmic\)/g)).toHaveLength(2);
    expect(svg.match(/<line x1="270" y1="\d+" x2="830"/g)).toHaveLength(2);
    expect(svg).toMatch(/<text[^>]*>s1<\/text>/);
    expect(svg).toMatch(/<text[^>]*>s2<\/text>/);
    expect(svg).toContain('stopped at the 5 s box');
    expect(svg.match(/<rect x="270"/g)).toHaveLength(4);
  });
});
