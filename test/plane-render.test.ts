import { describe, expect, it } from 'vitest';
import { polyform } from '../encoders/polyform.js';
import { svgToPng } from '../src/render/png.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { boardJson, examplePieces, onePiece } from './helpers/polyform-fixtures.js';

const solutionOf = (instance: ReturnType<typeof polyform>, placements: { piece: string; cells: number[][] }[]) => ({
  placements: placements.map((p) => ({ piece: p.piece, cells: p.cells.map((c) => [c[0]!, c[1]!, c[2] ?? 0] as const) })),
});

describe('pictures on the other grids', () => {
  it('hexagons: offset rows of letters, a polygon per cell, thick lines only between pieces', async () => {
    const instance = polyform({ board: ' . ./. . ./ . .', grid: 'hexagon', pieces: 'A=# #,B=# #/ #,C=# #' });
    const s = solutionOf(instance, [
      {
        piece: 'A',
        cells: [
          [0, 2],
          [1, 2],
        ],
      },
      {
        piece: 'B',
        cells: [
          [0, 1],
          [1, 1],
          [1, 0],
        ],
      },
      {
        piece: 'C',
        cells: [
          [-1, 1],
          [0, 0],
        ],
      },
    ]);
    // The board is placed at the origin of its art: rows y = 2, 1, 0 from the top.
    expect(instance.spec.region.length).toBe(7);
    const svg = instance.svg!(s);
    expect(svg.match(/<polygon /g)).toHaveLength(7);
    expect(svg).toMatch(/stroke-opacity="0.18"/);
    expect((await svgToPng(svg)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('triangles: the ^v rows with letters; the picture of a hexiamond solution has 72 triangles and 12 labels', async () => {
    const instance = polyform({ board: '9x4', grid: 'triangle', pieces: examplePieces('hexiamonds.json') });
    let first: readonly number[] = [];
    await enumerateExactCover(instance, { unique: false, limit: 1, onFound: (f) => (first = f.trueVars) });
    const s = instance.decode(first);
    const rows = instance.render(s, { color: false }).split('\n');
    // Four rows of 18 triangles each, each row shifted one column from the next (the parallelogram's slant).
    expect(rows.map((r) => r.trimStart().length)).toEqual([18, 18, 18, 18]);
    expect(rows.map((r) => r.length - r.trimStart().length)).toEqual([3, 2, 1, 0]);
    const svg = instance.svg!(s);
    expect(svg.match(/<polygon /g)).toHaveLength(72);
    expect(svg.match(/<text /g)).toHaveLength(12);
  });

  it('square-grid sticks: letters between + points; triangular-grid sticks: a list, and a pointer to the drawings', () => {
    const sticks = polyform({ board: '+-+/| |/+-+', grid: 'square-edges', pieces: 'U=+-+/| |,I=-' });
    const s = solutionOf(sticks, [
      {
        piece: 'U',
        cells: [
          [0, 0, 0],
          [0, 0, 1],
          [1, 0, 1],
        ],
      },
      { piece: 'I', cells: [[0, 1, 0]] },
    ]);
    expect(sticks.check(s)).toBeNull();
    expect(sticks.render(s, { color: false })).toBe('+III+\nU   U\n+UUU+');
    expect(sticks.render(s, { color: true })).toMatch(/\x1b\[48;5;\d+m\x1b\[30mU/);
    const trigs = polyform({
      board: boardJson('triangle-edges', [
        [0, 0, 0],
        [0, 0, 1],
      ]),
      pieces: onePiece('triangle-edges', 'V', [
        [0, 0, 0],
        [0, 0, 1],
      ]),
    });
    const t = solutionOf(trigs, [
      {
        piece: 'V',
        cells: [
          [0, 0, 0],
          [0, 0, 1],
        ],
      },
    ]);
    // The library's render names the drawings as the library does (regression: it advised the CLI's --svg or --png).
    expect(trigs.render(t, { color: false })).toBe('V V: (0,0,0) (0,0,1)\n(triangle-edges: no text picture; svg or png draws one)');
    expect(trigs.svg!(t).match(/<path /g)!.length).toBe(2);
  });
});
