import { describe, expect, it } from 'vitest';
import { polyform } from '../encoders/polyform.js';
import type { PackingInstance, PackingSolution } from '../encoders/packing.js';
import { seededRandom } from '../src/core/random.js';
import type { Cell } from '../src/geometry/cells.js';
import { GRIDS, type GridName } from '../src/geometry/grids.js';
import { placedSymbols } from '../src/render/palette.js';
import { boardJson } from './helpers/polyform-fixtures.js';

/**
 * Every drawn solution must be checkable: its text picture read back by the
 * layout each grid documents (src/render/grid.ts, src/render/plane.ts) shows
 * every cell of the board exactly once, with the symbol of the piece that
 * covers it, an uncovered optional cell as "." and nothing else; its SVG has
 * one shape per board cell, the uncovered optional ones dashed. Small boards
 * with holes, optional cells (some at negative coordinates) and pieces that
 * may be left out, on each grid.
 */

const key = (c: readonly number[]) => c.join(',');

interface Case {
  grid: GridName;
  cells: Cell[];
  optional: Cell[];
  pieces: { name: string; cells: number[][]; count: string }[];
  oneSided?: boolean;
}

const CASES: Case[] = [
  {
    grid: 'square',
    // A 3x2 with a hole in the middle of its top row, optional cells to the right and at negative coordinates.
    cells: [
      [0, 0, 0],
      [1, 0, 0],
      [2, 0, 0],
      [0, 1, 0],
      [2, 1, 0],
    ],
    optional: [
      [3, 0, 0],
      [3, 1, 0],
      [-1, 1, 0],
      [0, -1, 0],
    ],
    pieces: [
      {
        name: 'D',
        cells: [
          [0, 0],
          [1, 0],
        ],
        count: '1..3',
      },
      {
        // Chiral: one-sided, its mirror image is a piece of its own, drawn with its own letter.
        name: 'L',
        cells: [
          [0, 0],
          [1, 0],
          [2, 0],
          [0, 1],
        ],
        count: '0..1',
      },
      { name: 'M', cells: [[0, 0]], count: '0..2' },
    ],
    oneSided: true,
  },
  {
    grid: 'cube',
    cells: [
      [0, 0, 0],
      [1, 0, 0],
      [0, 0, 1],
      [1, 0, 1],
    ],
    optional: [
      [0, 1, 0],
      [1, 1, 1],
      [2, 0, 2],
    ],
    pieces: [
      {
        name: 'D',
        cells: [
          [0, 0, 0],
          [1, 0, 0],
        ],
        count: '1..3',
      },
      { name: 'M', cells: [[0, 0, 0]], count: '0..2' },
    ],
  },
  {
    grid: 'hexagon',
    cells: [
      [0, 0, 0],
      [1, 0, 0],
      [2, 0, 0],
      [0, 1, 0],
    ],
    optional: [
      [3, 0, 0],
      [1, 1, 0],
      [-1, 0, 0],
    ],
    pieces: [
      {
        name: 'D',
        cells: [
          [0, 0],
          [1, 0],
        ],
        count: '1..3',
      },
      { name: 'M', cells: [[0, 0]], count: '0..2' },
    ],
  },
  {
    grid: 'triangle',
    cells: [
      [0, 0, 0],
      [0, 0, 1],
      [1, 0, 0],
      [1, 0, 1],
    ],
    optional: [
      [2, 0, 0],
      [0, 1, 0],
      [-1, 0, 1],
    ],
    pieces: [
      {
        name: 'D',
        cells: [
          [0, 0, 0],
          [0, 0, 1],
        ],
        count: '1..3',
      },
      { name: 'M', cells: [[0, 0, 0]], count: '0..2' },
    ],
  },
  {
    grid: 'square-edges',
    // The four sticks of a unit square; optional sticks beyond it.
    cells: [
      [0, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
      [1, 0, 1],
    ],
    optional: [
      [1, 0, 0],
      [-1, 1, 0],
    ],
    pieces: [
      { name: 'I', cells: [[0, 0, 0]], count: '1..6' },
      {
        name: 'L',
        cells: [
          [0, 0, 0],
          [0, 0, 1],
        ],
        count: '0..2',
      },
    ],
  },
  {
    grid: 'triangle-edges',
    cells: [
      [0, 0, 0],
      [0, 0, 1],
      [0, 0, 2],
    ],
    optional: [[1, 0, 0]],
    pieces: [{ name: 'I', cells: [[0, 0, 0]], count: '1..4' }],
  },
];

function instanceOf(c: Case): PackingInstance {
  return polyform({
    board: boardJson(c.grid, c.cells, c.optional),
    pieces: JSON.stringify({ grid: c.grid, pieces: c.pieces }),
    ...(c.oneSided ? { oneSided: true } : {}),
  });
}

/**
 * Random solutions: sets of placements that do not overlap, drawn in a
 * seeded random order, kept where the puzzle's own check passes them (every
 * required cell covered, each piece's count kept, no crossing).
 */
function solutionsOf(instance: PackingInstance, limit: number): PackingSolution[] {
  const random = seededRandom(7);
  const found = new Map<string, PackingSolution>();
  for (let tries = 0; tries < 2000 && found.size < limit; tries++) {
    const order = [...instance.placements].sort(() => random() - 0.5);
    const taken = new Set<number>();
    const chosen: number[] = [];
    for (const pl of order) {
      if (random() < 0.3 || pl.cells.some((c) => taken.has(c))) continue;
      pl.cells.forEach((c) => taken.add(c));
      chosen.push(pl.variable);
    }
    const s = instance.decode(chosen);
    if (instance.check(s) === null) found.set([...chosen].sort((a, b) => a - b).join(), s);
  }
  return [...found.values()];
}

/**
 * What the picture must show of each board cell: the covering piece's symbol (its copy's: copies are told apart),
 * or "." where an optional cell stays empty.
 */
function expectedMarks(instance: PackingInstance, s: PackingSolution): Map<string, string> {
  const { region, optional = [], pieces } = instance.spec;
  const marks = new Map([...region, ...optional].map((c) => [key(c), '.']));
  const chars = placedSymbols(s.placements, pieces, instance.copySymbols);
  expect(new Set(chars).size, 'one character a placed piece').toBe(s.placements.length);
  s.placements.forEach((pl, i) => {
    expect(instance.copySymbols[pieces.findIndex((p) => p.name === pl.piece)], pl.piece).toContain(chars[i]);
    for (const c of pl.cells) marks.set(key(c), chars[i]!);
  });
  return marks;
}

/**
 * The picture read back: each character's cell by the grid's documented
 * layout, as a map from cell to the characters drawn for it (a stick on
 * the square grid takes three). `board` fixes where the picture starts.
 */
function readBack(grid: GridName, text: string, board: readonly Cell[]): Map<string, string[]> {
  const lines = text.split('\n');
  const read = new Map<string, string[]>();
  const add = (c: Cell, ch: string) => read.set(key(c), [...(read.get(key(c)) ?? []), ch]);
  if (grid === 'square' || grid === 'cube') {
    // From (0, 0, 0), or the least coordinate where it is negative; z-levels side by side, three spaces apart.
    const least = [0, 1, 2].map((a) => Math.min(0, ...board.map((c) => c[a]!)));
    const width = Math.max(...board.map((c) => c[0])) - least[0]! + 1;
    lines.forEach((line, row) =>
      [...line].forEach((ch, column) => {
        if (ch === ' ') return;
        const [z, x] = [Math.floor(column / (width + 3)), column % (width + 3)];
        expect(x, `"${ch}" between levels at line ${row + 1}`).toBeLessThan(width);
        add([x + least[0]!, row + least[1]!, z + least[2]!], ch);
      }),
    );
    return read;
  }
  // The plane grids: a column and a row (down the page) for each cell, the picture starting at the least of them.
  const place = (c: Cell): [number, number] =>
    grid === 'hexagon' ? [2 * c[0] + c[1], -c[1]] : grid === 'triangle' ? [2 * c[0] + c[1] + c[2], -c[1]] : [4 * c[0], -2 * c[1] - c[2]];
  const spots = board.flatMap((c) => (grid === 'square-edges' ? GRIDS[grid].corners(c).map((v) => place([v[0], v[1], 0])) : [place(c)]));
  const [left, top] = [Math.min(...spots.map((p) => p[0])), Math.min(...spots.map((p) => p[1]))];
  lines.forEach((line, row) =>
    [...line].forEach((ch, column) => {
      if (ch === ' ') return;
      const [col, down] = [column + left, row + top];
      if (grid === 'hexagon') {
        const y = -down;
        expect((((col - y) % 2) + 2) % 2, `"${ch}" off the hexagon rows at line ${row + 1}`).toBe(0);
        add([(col - y) / 2, y, 0], ch);
      } else if (grid === 'triangle') {
        const y = -down;
        add([Math.floor((col - y) / 2), y, (((col - y) % 2) + 2) % 2], ch);
      } else {
        const onPoint = ((col % 4) + 4) % 4 === 0;
        if (down % 2 === 0 && onPoint) return expect(ch, `a lattice point at line ${row + 1}`).toBe('+');
        expect(down % 2 !== 0 && !onPoint, `"${ch}" off the sticks at line ${row + 1}`).toBe(false);
        add(down % 2 === 0 ? [Math.floor(col / 4), -down / 2, 0] : [col / 4, (-down - 1) / 2, 1], ch);
      }
    }),
  );
  return read;
}

/** The placement list (grids with no text layout), read back: each piece's symbol on each cell it names. */
function readList(grid: GridName, text: string, board: readonly Cell[]): Map<string, string[]> {
  const byLabel = new Map(board.map((c) => [GRIDS[grid].label(c), c]));
  const read = new Map<string, string[]>();
  for (const line of text.split('\n').slice(0, -1)) {
    const [, symbol, cells] = /^(\S) \S+: (.*)$/.exec(line)!;
    for (const label of cells!.split(' ')) {
      const c = byLabel.get(label);
      expect(c, `${label} is no cell of the board`).toBeDefined();
      read.set(key(c!), [...(read.get(key(c!)) ?? []), symbol!]);
    }
  }
  return read;
}

describe('every drawn solution shows each board cell once, with the piece that covers it', () => {
  it.each(CASES)('$grid: text picture read back, and one SVG shape a cell', (c) => {
    const instance = instanceOf(c);
    const found = solutionsOf(instance, 40);
    expect(found.length).toBeGreaterThan(1);
    const board = [...instance.spec.region, ...(instance.spec.optional ?? [])];
    if (c.oneSided) expect(found.some((s) => s.placements.some((pl) => !c.pieces.some((p) => p.name === pl.piece)))).toBe(true);
    // Some solutions leave optional cells empty: those are what the square grid's pictures left out.
    expect(found.some((s) => s.placements.flatMap((pl) => pl.cells).length < board.length)).toBe(true);
    for (const s of found) {
      expect(instance.check(s)).toBeNull();
      const want = expectedMarks(instance, s);
      const text = instance.render(s, { color: false });
      if (c.grid === 'triangle-edges') {
        const got = readList(c.grid, text, board);
        for (const [cell, marks] of got) expect(marks, cell).toEqual([want.get(cell)]);
        for (const [cell, mark] of want) if (mark !== '.') expect(got.has(cell), cell).toBe(true);
        continue;
      }
      const got = readBack(c.grid, text, board);
      const shown = new Map([...got].map(([cell, marks]) => [cell, [...new Set(marks)]]));
      expect(Object.fromEntries(shown), text).toEqual(Object.fromEntries([...want].map(([cell, mark]) => [cell, [mark]])));
      const svg = instance.svg!(s);
      const empty = [...want.values()].filter((m) => m === '.').length;
      // The terminal's outlined picture labels each empty optional cell too (each piece once, so not read back cell by cell).
      if (c.grid === 'square' || c.grid === 'cube')
        expect(
          instance
            .render(s, { color: true })
            .replace(/\x1b\[[0-9;]*m/g, '')
            .match(/\./g)?.length ?? 0,
          text,
        ).toBe(empty);
      expect(svg.match(/stroke-dasharray/g)?.length ?? 0, svg).toBe(c.grid === 'square-edges' ? Math.min(1, empty) : empty);
      if (c.grid === 'square' || c.grid === 'hexagon' || c.grid === 'triangle')
        expect(new Set(svg.match(/<(rect|polygon) [^>]*/g)).size, svg).toBe(board.length);
    }
  });
});

describe('a picture that cannot tell pieces apart is not drawn', () => {
  it('more pieces than characters: the placement list, each piece named with its cells (regression: two pieces were both drawn "?")', () => {
    const names = Array.from({ length: 64 }, (_, i) => `P${i}`);
    const instance = polyform({ board: '64x1', pieces: names.map((name) => `${name}=#`).join(',') });
    const s = { placements: names.map((piece, i) => ({ piece, cells: [[i, 0, 0] as const] })) };
    expect(instance.check(s)).toBeNull();
    for (const color of [false, true]) {
      const lines = instance.render(s, { color }).split('\n');
      for (const [i, name] of names.entries()) expect(lines.filter((l) => l.includes(` ${name}: (${i},0)`))).toHaveLength(1);
      expect(lines.at(-1)).toMatch(/^\(no text picture: 64 pieces, more than the 62 characters that tell them apart; svg or png draws one\)$/);
    }
  });

  it('a piece that may be placed more often than there are characters: a solution of few copies is still drawn (regression: 9 monominoes of "M*0..100" gave the list, "100 pieces")', () => {
    const instance = polyform({ board: '3x3', pieces: 'M*0..100=#' });
    const s = { placements: [0, 1, 2].flatMap((y) => [0, 1, 2].map((x) => ({ piece: 'M', cells: [[x, y, 0] as const] }))) };
    expect(instance.check(s)).toBeNull();
    expect(instance.render(s, { color: false })).toBe('MmA\nBCD\nEFG');
  });
});

describe('copies of one piece are drawn apart', () => {
  // Cells as [x, y, z]; the first copy in reading order keeps the piece's letter, the next its lower case.
  const at = (cells: number[][]) => cells.map(([x, y]) => [x!, y!, 0] as const);

  it('two L4s and two O4s on a square board: L and l, O and o (regression: both copies drawn L, both O, one blob each)', () => {
    const instance = polyform({ board: '4x4', pieces: 'L4*2=###/#..,O4*2=##/##' });
    const s = {
      placements: [
        {
          piece: 'L4',
          cells: at([
            [3, 0],
            [1, 1],
            [2, 1],
            [3, 1],
          ]),
        },
        {
          piece: 'O4',
          cells: at([
            [0, 2],
            [1, 2],
            [0, 3],
            [1, 3],
          ]),
        },
        {
          piece: 'L4',
          cells: at([
            [0, 0],
            [1, 0],
            [2, 0],
            [0, 1],
          ]),
        },
        {
          piece: 'O4',
          cells: at([
            [2, 2],
            [3, 2],
            [2, 3],
            [3, 3],
          ]),
        },
      ],
    };
    expect(instance.check(s)).toBeNull();
    expect(instance.render(s, { color: false })).toBe('LLLl\nLlll\nOOoo\nOOoo');
  });

  it('on the hexagon grid too, copies past the lower case taking the free characters; the placement list names each copy by its own', () => {
    const instance = polyform({ grid: 'hexagon', board: 'hexagon:2', pieces: 'A*7=#' });
    const s = { placements: instance.spec.region.map((c) => ({ piece: 'A', cells: [c] })) };
    expect(instance.check(s)).toBeNull();
    expect(instance.render(s, { color: false })).toBe(' E F\nB C D\n A a');
    const many = polyform({ board: '64x1', pieces: 'A*64=#' });
    const row = { placements: Array.from({ length: 64 }, (_, x) => ({ piece: 'A', cells: [[x, 0, 0] as const] })) };
    const lines = many.render(row, { color: false }).split('\n');
    // 64 copies, 62 characters: no picture, and the list gives the first two copies A and a, as a picture would.
    expect(lines.slice(0, 2)).toEqual(['A A: (0,0)', 'a A: (1,0)']);
    expect(lines.at(-1)).toMatch(/^\(no text picture: 64 pieces, more than the 62 characters/);
  });
});
