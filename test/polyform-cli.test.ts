import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { allPieces, boardJson, examplePieces, shape } from './helpers/polyform-fixtures.js';
import type { Cell } from '../src/geometry/cells.js';
import { GRIDS, GRID_NAMES, MAX_COORDINATE } from '../src/geometry/grids.js';
import { polyforms } from '../src/geometry/polyforms.js';
import { buildInstance, enumerate } from '../src/index.js';

/** The polyform puzzle through the compiled CLI. */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-polyform-');

const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
const write = (file: string, text: string) => {
  writeFileSync(join(dir, file), text);
  return join(dir, file);
};

/** Several CLI runs (a process start each) on a shared, busy machine. */
const SLOW = 240_000;

describe('bad input: one line naming the file, the JSON path or the option, exit 1 (2 for a bad option value), nothing written', () => {
  const hexPieces = write('hex-pieces.json', allPieces('hexagon', [1, 2]));
  // The exit code when it is not 1: a fault in an option's own value (inline pieces, art, JSON) is a usage error.
  const cases: [string, () => string[], RegExp, number?][] = [
    [
      'a cell off the grid (a triangle with orientation 5)',
      () => ['--board', write('t.json', '{"grid":"triangle","cells":[[0,0,5]]}'), '--pieces', 'A=^'],
      /t\.json: \$\.cells\[0\]: \[0,0,5\] is not a cell of the triangle grid: orientation 5 is not one of 0 \(the upward triangle\) or 1/,
    ],
    [
      'an edge with a bad direction',
      () => ['--board', write('e.json', '{"grid":"square-edges","cells":[[0,0,0],[0,0,2]]}'), '--pieces', 'I=-'],
      /e\.json: \$\.cells\[1\]: \[0,0,2\] is not a cell of the square-edges grid: direction 2 is not one of 0/,
    ],
    [
      // Regression: 2^32 and beyond gave "internal error: solution 1 fails the independent check" (the placements wrapped).
      'a coordinate past a hundred million',
      () => ['--board', write('far.json', '{"grid":"hexagon","cells":[[4294967295,0],[4294967296,0]]}'), '--pieces-file', hexPieces],
      /far\.json: \$\.cells\[0\]: \[4294967295,0\] is not a cell of the hexagon grid: coordinates run from -100000000 to 100000000/,
    ],
    [
      // Regression: JSON.parse reads 1e309 as Infinity, and the message showed it as null: "[null,0,0] is not a cell".
      'a number too large for a double, in a pieces file',
      () => [
        '--board',
        '6x6',
        '--grid',
        'triangle',
        '--pieces-file',
        write(
          'huge.json',
          readFileSync(join(import.meta.dirname, '..', 'examples', 'hexiamonds.json'), 'utf8').replace('[0, 0, 0]', '[1e309, 0, 0]'),
        ),
      ],
      /huge\.json:\d+: \$\.pieces\[0\]\.cells\[0\]\[0\]: 1e309 is too large a number \(a double holds at most about 1\.8e308\)$/m,
    ],
    [
      // Regression: JSON.parse reads 1e-400 as 0, and the piece was built on a cell the file does not name.
      'a number too small for a double, in a board file',
      () => ['--board', write('tiny.json', '{"grid":"hexagon",\n"cells":[[1e-400,0],[1,0]]}'), '--pieces', 'A=#,B=#', '--grid', 'hexagon'],
      /tiny\.json:2: \$\.cells\[0\]\[0\]: 1e-400 is too small a number \(a double reads it as 0\)$/m,
    ],
    [
      // Regression: JSON.parse reads 9007199254740993 as 9007199254740992, and the message named a cell the file does not.
      'a whole number past 2^53, which a double does not hold exactly, in a board file',
      () => [
        '--board',
        write('past53.json', '{"grid":"hexagon",\n"cells":[[0,0],\n[9007199254740993,0]]}'),
        '--pieces',
        'A=#,B=#',
        '--grid',
        'hexagon',
      ],
      /past53\.json:3: \$\.cells\[1\]\[0\]: 9007199254740993 is too large a whole number to read exactly \(a double holds them exactly up to ±9007199254740991, 2\^53 - 1\)$/m,
    ],
    [
      'a number too large for a double, in inline JSON, not a string that looks like one',
      () => ['--board', '{"grid":"square","source":"-1e999","cells":[[0,0],[-1E+999,0]]}', '--pieces', 'A=#'],
      /--board:1: \$\.cells\[1\]\[0\]: -1E\+999 is too large a number/,
      2,
    ],
    [
      'an empty board',
      () => ['--board', write('empty.json', '{"grid":"hexagon","cells":[]}'), '--pieces-file', hexPieces],
      /empty\.json: \$\.cells: the board has no cells/,
    ],
    [
      'a piece that is not connected',
      () => ['--board', '3x1', '--grid', 'hexagon', '--pieces', '{"grid":"hexagon","pieces":[{"name":"G","cells":[[0,0],[2,0]]}]}'],
      /--pieces: \$\.pieces\[0\]: piece G is not connected on the hexagon grid/,
      2,
    ],
    ['an empty range', () => ['--board', '2x1', '--pieces', 'A*3..1=##'], /--pieces: piece A: "3\.\.1" is an empty range/, 2],
    [
      'more pieces required than fit',
      () => ['--board', '2x1', '--pieces', 'A=##,B=##,C*0..1=#'],
      /more pieces required than fit: the pieces that must be placed cover 4 cells, the board has 2/,
    ],
    [
      'board and pieces on two grids',
      () => ['--board', write('tb.json', boardJson('triangle', [[0, 0, 0]])), '--pieces-file', hexPieces],
      /grid mismatch: the board \(.*tb\.json\) is on the triangle grid, the pieces \(.*hex-pieces\.json\) on the hexagon grid/,
    ],
    [
      'a file that is not JSON',
      () => ['--board', write('bad.json', '{"grid":\n"hexagon",\n  cells: []}'), '--pieces', 'A=#'],
      /bad\.json:3: not valid JSON/,
    ],
    [
      // Regression: V8 gives no position for a trailing comma ("Unexpected token"), and the message named no line.
      'a trailing comma in a file of many lines',
      () => ['--board', write('comma.json', '{\n  "grid": "hexagon",\n  "cells": [\n    [0, 0],\n  ]\n}\n'), '--pieces', 'A=#'],
      /comma\.json:5: not valid JSON \(Unexpected token '\]'\)$/m,
    ],
    [
      // Regression: V8's offset was said twice, as the line and as "at position 27" (a count of characters nobody reads).
      'a missing comma',
      () => ['--board', write('nocomma.json', '{\n  "grid": "hexagon"\n  "cells": [[0, 0]]\n}\n'), '--pieces', 'A=#'],
      /nocomma\.json:3: not valid JSON \(Expected ',' or '}' after property value\)$/m,
    ],
    [
      // Regression: "Unexpected end of JSON input" named no line either; it is the last line written.
      'a file cut short',
      () => ['--board', write('short.json', '{\n  "grid": "hexagon",\n  "cells": [\n    [0, 0],\n\n'), '--pieces', 'A=#'],
      /short\.json:4: not valid JSON \(Unexpected end of JSON input\)$/m,
    ],
    [
      // Regression: JSON.parse keeps the last of two values of a key, and the board was silently the second.
      'a board file that gives a key twice',
      () => ['--board', write('twice.json', '{"grid": "square",\n "cells": [[0,0],[1,0]],\n "cells": [[0,0],[1,0],[2,0]]}\n'), '--pieces', 'A=###'],
      /\/twice\.json:3: \$\.cells: given twice \(first on line 2\); give it once$/m,
    ],
    [
      'a pieces file that gives a key of a piece twice, however the key is spelled',
      () => [
        '--board',
        '2x1',
        '--pieces-file',
        write(
          'twice-pieces.json',
          '{"grid": "square", "pieces": [\n {"name": "A", "cells": [[0,0]]},\n {"name": "B",\n  "cells": [[0,0]], "c\\u0065lls": [[0,0],[1,0]]}]}',
        ),
      ],
      /\/twice-pieces\.json:4: \$\.pieces\[1\]\.cells: given twice \(first on line 4\); give it once$/m,
    ],
    [
      'inline JSON that gives a key twice',
      () => ['--board', '{"grid":"square","cells":[[0,0]],"grid":"hexagon"}', '--pieces', 'A=#'],
      /^puzzlesat: --board:1: \$\.grid: given twice \(first on line 1\); give it once$/m,
      2,
    ],
    [
      'art drawn off the grid',
      () => ['--board', '^^', '--grid', 'triangle', '--pieces', 'A=^'],
      /--board:1: "\^" at column 2 points the wrong way/,
      2,
    ],
    [
      // Regression: '$.use: "[object Object]" is not a count'.
      'a use that is no count',
      () => ['--board', '2x1', '--pieces', '{"grid":"square","pieces":[{"name":"D","cells":[[0,0],[1,0]]}],"use":{"least":5,"most":1}}'],
      /--pieces: \$\.use: expected a number or a range such as "10\.\.11", got \{"least":5,"most":1\}/,
      2,
    ],
    [
      // Regression: "area mismatch: the board has 55 cells but the pieces cover 60", which named neither --use nor the cure.
      '--use K with pieces that must each be placed',
      () => ['--board', '11x5', '--pieces', 'F,I,L,N,P,T,U,V,W,X,Y,Z', '--use', '11'],
      /--use: 11 pieces used, but there are 12 pieces, of which 12 must be placed; give those that may stay out a range, as NAME\*0\.\.1 \(JSON: "count": "0\.\.1"\)/,
    ],
    [
      // Regression: accepted, then solve ran past 100 s without an answer: the 16 one-sided tritrigs have 3 edges each,
      // so 9 of them cover 27 of the 4x2 parallelogram's 30 edges.
      '--use K whose pieces cannot cover the board',
      () => ['--board', '4x2', '--grid', 'triangle-edges', '--pieces', 'free:3*0..1', '--one-sided', '--use', '9'],
      /^puzzlesat: --use: 9 pieces used cover at most 27 cells, but the board has 30 that must be covered\n$/,
    ],
    [
      // Regression: accepted; two dominoes never fit the two required cells and one optional cell.
      '--use K whose pieces cannot fit the board',
      () => [
        '--board',
        write('opt3.json', '{"grid":"square","cells":[[0,0],[1,0]],"optional":[[2,0]]}'),
        '--pieces',
        'A*0..1=##,B*0..1=##',
        '--use',
        '2',
      ],
      /^puzzlesat: --use: 2 pieces used cover at least 4 cells, but the board has 3$/m,
    ],
    [
      // Regression: "the board has 1 cells".
      'an area mismatch on a board of one cell, said in the singular',
      () => ['--board', '1x1', '--pieces', 'D=##'],
      /^puzzlesat: --board and --pieces: area mismatch: the board has 1 cell but the pieces cover 2\n$/,
    ],
    [
      // Regression: "the pieces cover at most 1 cells".
      'pieces too few for the board, one cell of them, said in the singular',
      () => ['--board', '2x1', '--pieces', 'M*0..1=#'],
      /^puzzlesat: --board and --pieces: the pieces cover at most 1 cell, but the board has 2 that must be covered\n$/,
    ],
    [
      // Regression: "--use: 1 pieces used, but ...".
      '--use 1 with pieces that must each be placed, said in the singular',
      () => ['--board', '2x1', '--pieces', 'A=#,B=#', '--use', '1'],
      /^puzzlesat: --use: 1 piece used, but there are 2 pieces, of which 2 must be placed; give those/,
    ],
    [
      // Regression: "--use: 1 pieces used cover at most 1 cell".
      '--use 1 whose piece cannot cover the board, said in the singular',
      () => ['--board', '3x1', '--pieces', 'A*0..1=#,B*0..1=#,C*0..1=#', '--use', '1'],
      /^puzzlesat: --use: 1 piece used covers at most 1 cell, but the board has 3 that must be covered\n$/,
    ],
    [
      // Regression: '--use: "0..0" never places the piece; leave it out', the words for one piece's count; then "a solution covers
      // the board with at least one", untrue of a board of optional cells alone, whose empty packing is a solution.
      'a use of no pieces at all',
      () => ['--board', '2x1', '--pieces', 'D*0..1=##', '--use', '0..0'],
      /^puzzlesat: --use: "0\.\.0" places no piece at all: a use is 1 or more pieces \(without one, every piece that may stay out can\)\n$/,
      2,
    ],
    [
      'per-piece turns out of range',
      () => ['--board', '2x1', '--pieces', '{"grid":"square","pieces":[{"name":"D","cells":[[0,0],[1,0]],"rotations":[4]}]}'],
      /\$\.pieces\[0\]\.rotations: expected distinct turns from 0 to 3/,
      2,
    ],
  ];
  it.each(cases)(
    '%s',
    (_what, args, message, code = 1) => {
      const out = join(dir, 'never.cnf');
      const r = run(['encode', 'polyform', ...args(), '-o', out]);
      expect(r.status).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
      expect(existsSync(out)).toBe(false);
    },
    SLOW,
  );
});

describe('a board of optional cells alone', () => {
  it(
    'is solved, enumerated and counted: a domino on three cells in a row, 2 solutions (regression: refused as "the board has no cells")',
    () => {
      const board = '{"grid":"square","cells":[],"optional":[[0,0],[1,0],[2,0]]}';
      const solved = run(['solve', 'polyform', '--board', board, '--pieces', 'D=##', '--json']);
      expect([solved.status, solved.stderr]).toEqual([0, '']);
      expect(JSON.parse(solved.stdout)).toMatchObject({ status: 'SAT', solution: { placements: [{ piece: 'D' }] } });
      const listed = run(['enumerate', 'polyform', '--board', board, '--pieces', 'D=##', '--json']);
      expect([listed.status, listed.stderr]).toEqual([0, '']);
      expect(JSON.parse(listed.stdout)).toMatchObject({ count: 2, complete: true });
      const counted = run(['count', 'polyform', '--board', board, '--pieces', 'D=##', '--json']);
      expect([counted.status, counted.stderr]).toEqual([0, '']);
      expect(JSON.parse(counted.stdout)).toMatchObject({ count: 2 });
    },
    SLOW,
  );
});

describe('--puzzle of a solid counts the classes its catalogue entry documents', () => {
  it(
    "soma-bathtub: 158 classes under the figure's rotations (Puzzler SomaBathtub; regression: polyform said 79, under isometries), 79 with --symmetry isometries",
    () => {
      const counted = (extra: string[]) => {
        const r = run(['count', 'polyform', '--puzzle', 'soma-bathtub', '--unique', '--json', ...extra]);
        expect([r.status, r.stderr]).toEqual([0, '']);
        return JSON.parse(r.stdout) as { count: number };
      };
      expect(counted([]).count).toBe(158);
      expect(counted(['--symmetry', 'rotations']).count).toBe(158);
      // The Soma set holds a mirror pair: a reflection of the figure with the pair swapped joins classes two by two.
      expect(counted(['--symmetry', 'isometries']).count).toBe(79);
    },
    SLOW,
  );
});

describe('a required option left out', () => {
  it('is a usage error, exit 2, for the pieces as for the board, and for a polycube figure (regression: no --pieces, no --figure and a 0x3x3 box exited 1, no --board 2)', () => {
    for (const [puzzle, args, message] of [
      ['polyform', ['--grid', 'hexagon', '--pieces', 'A=#'], /^puzzlesat: give a board with --board/],
      ['polyform', ['--board', '2x1', '--grid', 'hexagon'], /^puzzlesat: give the pieces: --pieces-file FILE/],
      ['polycube', ['--pieces', 'soma'], /^puzzlesat: give a figure with --figure/],
      ['polycube', ['--figure', '0x3x3', '--pieces', 'soma'], /^puzzlesat: --figure: box sides must be positive, got "0x3x3"/],
    ] as const) {
      const r = run(['solve', puzzle, ...args]);
      expect(r.stderr).toMatch(message);
      expect(r.status).toBe(2);
    }
  });
});

describe('dancing links where the packing is not exact cover', () => {
  it('names --use when a count of pieces used is what rules it out (regression: "pieces with copies, or not a packing", neither the case)', () => {
    const args = ['polyform', '--board', '2x1', '--grid', 'hexagon', '--pieces', 'A*0..1=#,B*0..1=#,C*0..1=# #', '--use', '2'];
    for (const [verb, option] of [
      ['enumerate', ['--solver', 'dlx']],
      ['count', ['--method', 'exact-cover']],
    ] as const) {
      const r = run([verb, ...args, ...option]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/polyform is not posed as exact cover here \(.*a count of pieces used \(--use\) that the areas do not imply/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('pictures of boards spread far or below the origin', () => {
  it('a PNG past the pixel limit is refused in one line (regression: resvg panicked, exit 134, a Rust backtrace)', () => {
    const png = join(dir, 'far.png');
    const r = run(['solve', 'polyform', '--board', '{"grid":"hexagon","cells":[[0,0],[100000000,0]]}', '--pieces', 'A*2=#', '--png', png]);
    // A usage error, found before the search (see below).
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toMatch(
      /^puzzlesat: --png: the picture would be \d+ by \d+ pixels, more than 100000000 \(a lower --scale, or --svg, draws it\)$/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(png)).toBe(false);
  });

  it('a PNG past the pixel limit is refused before the search, by the board and --scale (regression: found after it, when the search was spent; an UNSAT answer hid it)', () => {
    const png = join(dir, 'scaled.png');
    const board = ['--board', '{"grid":"square","cells":[[0,0],[30,30]]}'];
    const refused = run(['solve', 'polyform', ...board, '--pieces', 'A*2=#', '--png', png, '--scale', '16']);
    expect({ code: refused.status, out: refused.stdout, err: refused.stderr }).toEqual({
      code: 2,
      out: '',
      err: 'puzzlesat: --png: the picture would be 18176 by 18176 pixels, more than 100000000 (a lower --scale, or --svg, draws it)\n',
    });
    expect(existsSync(png)).toBe(false);
    // The two cells are not adjacent: a domino fits nowhere, and the answer is UNSAT. Without a picture to draw the
    // PNG was never looked at (exit 0, UNSAT): it is the same usage error, said before the search.
    const unsat = run(['solve', 'polyform', ...board, '--pieces', 'D=##', '--png', png, '--scale', '16']);
    expect({ code: unsat.status, out: unsat.stdout }).toEqual({ code: 2, out: '' });
    expect(unsat.stderr).toMatch(/^puzzlesat: --png: the picture would be 18176 by 18176 pixels/);
    // At a scale that fits it is drawn.
    const drawn = run(['solve', 'polyform', ...board, '--pieces', 'A*2=#', '--png', png, '--scale', '2']);
    expect(drawn.status, drawn.stderr).toBe(0);
    expect(readFileSync(png).readUInt32BE(16)).toBe(2272);
  });

  it('a text picture too large to print lists the pieces instead (regression: a 30001 by 30001 picture of two cells, built for minutes)', () => {
    for (const grid of ['square', 'hexagon']) {
      const r = run(['solve', 'polyform', '--board', `{"grid":"${grid}","cells":[[0,0],[30000,30000]]}`, '--pieces', 'A*2=#']);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^A A: \(0,0\)$/m);
      // The second copy by its own character, as a picture would draw it.
      expect(r.stdout).toMatch(/^a A: \(30000,30000\)$/m);
      expect(r.stdout).toMatch(/^\(no text picture: it would span \d+ by 30001 characters, more than 4000000; --svg or --png draws one\)$/m);
    }
  });

  it('an SVG of square cells far apart draws their edges alone (regression: it swept the 30001 by 30001 box between them, for minutes)', () => {
    const svg = join(dir, 'apart.svg');
    const r = run(['solve', 'polyform', '--board', '{"grid":"square","cells":[[0,0],[30000,30000]]}', '--pieces', 'A*2=#', '--svg', svg, '--json']);
    expect(r.status).toBe(0);
    const drawn = readFileSync(svg, 'utf8');
    expect(drawn.match(/<rect /g)).toHaveLength(2);
    // Four sides of each cell, all outline.
    expect(drawn.match(/[VH]/g)).toHaveLength(8);
  });

  it('square cells at negative coordinates are drawn, as text and in the SVG (regression: only those at x, y >= 0 were)', () => {
    const svg = join(dir, 'negative.svg');
    const board = '{"grid":"square","cells":[[-1,0],[0,0],[-1,-1],[0,-1]]}';
    const r = run(['solve', 'polyform', '--board', board, '--pieces', 'A=##,B=##', '--solver', 'dlx', '--svg', svg]);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').slice(0, 2).sort()).toEqual(['AA', 'BB']);
    const rects = [...readFileSync(svg, 'utf8').matchAll(/<rect x="([-\d.]+)" y="([-\d.]+)"/g)];
    expect(rects).toHaveLength(4);
    for (const [, x, y] of rects) expect(Math.min(Number(x), Number(y))).toBeGreaterThanOrEqual(0);
  });
});

describe('cells far from the origin', () => {
  it('place a piece there as near the origin, on every grid, out to the bound (each solution passes the independent check)', async () => {
    // Regression: past about a billion a turned cell wrapped in 32 bits, and enumerate stopped with an internal error.
    for (const grid of GRID_NAMES) {
      const domino = polyforms(GRIDS[grid], 2)[1]![0]!;
      const { cells } = JSON.parse(boardJson(grid, domino)) as { cells: number[][] };
      const pieces = JSON.stringify({ grid, pieces: [{ name: 'D', cells }] });
      for (const [dx, dy] of [
        [MAX_COORDINATE - 1, MAX_COORDINATE - 1],
        [-MAX_COORDINATE, -MAX_COORDINATE],
        [MAX_COORDINATE - 1, -MAX_COORDINATE],
      ]) {
        const board = boardJson(
          grid,
          domino.map((c) => [c[0] + dx!, c[1] + dy!, c[2]] as Cell),
        );
        const found = [];
        for await (const s of enumerate(buildInstance('polyform', { board, pieces }))) found.push(s);
        expect(found, `${grid} at ${dx}, ${dy}`).toHaveLength(1);
      }
    }
  });
});

describe('encode, solve the file, decode: the header rebuilds the puzzle on every grid and with every rule', () => {
  const lattice = shape('square-edges', '2x2');
  const sticks = write('sticks.json', boardJson('square-edges', lattice.slice(2), lattice.slice(0, 2)));
  const cases: [string, string[]][] = [
    [
      'hexiamonds in the 4x9 parallelogram',
      ['--board', '9x4', '--grid', 'triangle', '--pieces-file', write('hexi.json', examplePieces('hexiamonds.json'))],
    ],
    [
      'tetrahexes with a turn limit',
      ['--board', '7x4', '--pieces', examplePieces('tetrahexes.json').replace('"name": "P4",', '"name": "P4", "rotations": [0, 1, 2],')],
    ],
    [
      'polysticks, one-sided, each 0..1, 2 to 5 of them, two sticks optional',
      ['--board', sticks, '--pieces-file', write('st.json', allPieces('square-edges', [2, 3], { use: '2..5' }, '0..1')), '--one-sided'],
    ],
    [
      'pentominoes, 11 of 12, with an optional cell',
      [
        '--board',
        write(
          'p.json',
          boardJson(
            'square',
            Array.from({ length: 55 }, (_, i) => [i % 11, Math.floor(i / 11), 0]),
            [[11, 0, 0]],
          ),
        ),
        '--pieces',
        'F,I,L,N,P,T,U,V,W,X,Y,Z'.replace(/(\w)/g, '$1*0..1'),
        '--use',
        '11',
      ],
    ],
  ];
  it.each(cases)(
    '%s',
    (name, args) => {
      const cnf = join(dir, `${name.split(' ')[0]}.cnf`);
      const encoded = run(['encode', 'polyform', ...args, '-o', cnf]);
      expect(encoded.stderr).toMatch(/^wrote /);
      const solved = run(['solve', cnf]);
      expect(solved.status).toBe(0);
      const model = write(`${name.split(' ')[0]}.out`, solved.stdout);
      const decoded = run(['decode', cnf, '--model', model, '--json']);
      expect(decoded.stderr).toBe('');
      const report = JSON.parse(decoded.stdout) as { puzzle: string; status: string; solutions: { solution: { placements: unknown[] } }[] };
      expect([report.puzzle, report.status]).toEqual(['polyform', 'SAT']);
      expect(report.solutions[0]!.solution.placements.length).toBeGreaterThan(0);
    },
    SLOW,
  );
});
