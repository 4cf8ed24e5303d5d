import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { FIGURES, PIECE_SETS, SOMA_PIECES, polycube, readFigure, soma } from '../encoders/polycube.js';
import { puzzleByName } from '../encoders/index.js';
import { polyform } from '../encoders/polyform.js';
import { enumerate } from '../src/enumerate/blocking-loop.js';
import { enumerateExactCover } from '../src/enumerate/dlx.js';
import { UserError } from '../src/core/errors.js';
import { GROUPS, isConnected, orientations, shapeKey } from '../src/geometry/cells.js';
import type { PackingInstance } from '../encoders/packing.js';
import { pieceColour, renderIsometricSvg } from '../src/render/iso.js';
import { inlineArt, parsePieceArt } from '../src/geometry/shapes.js';
import { DEFAULT_AMO, DEFAULT_CARD } from '../src/card/index.js';
import { logicSolver } from '../solvers/logic-solver.js';

const scratch = tempDir('polycube-test-');
function scratchFile(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

const cellsOf = (art: string) => parsePieceArt(inlineArt(art), art);

async function dlxSolutions(instance: PackingInstance, unique = false): Promise<{ keys: string[]; raw: number }> {
  const keys: string[] = [];
  const summary = await enumerateExactCover(instance, { unique, onFound: (f) => keys.push(f.trueVars.join(',')) });
  expect(summary.complete).toBe(true);
  return { keys: keys.sort(), raw: summary.raw };
}

async function satSolutions(instance: PackingInstance, unique = false): Promise<{ keys: string[]; raw: number }> {
  const keys: string[] = [];
  const summary = await enumerate(instance, { createSolver: () => logicSolver.create(), unique, onFound: (f) => keys.push(f.trueVars.join(',')) });
  expect(summary.complete).toBe(true);
  return { keys: keys.sort(), raw: summary.raw };
}

describe('the Soma pieces', () => {
  it('are the seven irregular polycubes of at most four cubes: one tricube, six tetracubes, all connected', () => {
    const sizes = Object.values(SOMA_PIECES).map((art) => cellsOf(art).length);
    expect(sizes).toEqual([3, 4, 4, 4, 4, 4, 4]);
    for (const art of Object.values(SOMA_PIECES)) expect(isConnected(cellsOf(art))).toBe(true);
    // No two are the same solid (mirror images count as different here).
    const classes = new Set(Object.values(SOMA_PIECES).map((art) => orientations(cellsOf(art), GROUPS.rotations).map(shapeKey).sort()[0]));
    expect(classes.size).toBe(7);
  });

  it('A and B are mirror images, not rotations of each other', () => {
    const a = cellsOf(SOMA_PIECES.A!);
    const b = cellsOf(SOMA_PIECES.B!);
    const rotationsOfA = new Set(orientations(a, GROUPS.rotations).map(shapeKey));
    expect(rotationsOfA.has(shapeKey(b))).toBe(false);
    const isometriesOfA = new Set(orientations(a, GROUPS.isometries).map(shapeKey));
    expect(isometriesOfA.has(shapeKey(b))).toBe(true);
  });

  it('have the known placement counts in the 3x3x3 box', () => {
    const instance = soma({});
    const count: Record<string, number> = {};
    for (const pl of instance.placements) {
      const name = instance.spec.pieces[pl.piece]!.name;
      count[name] = (count[name] ?? 0) + 1;
    }
    expect(count).toEqual({ V: 144, L: 144, T: 72, Z: 72, A: 96, B: 96, P: 64 });
    expect(instance.placements.length).toBe(688);
  });

  it('with --flip, a screw also takes its mirror shape', () => {
    const instance = polycube({ figure: 'cube', pieces: 'soma', flip: true });
    const screwA = instance.spec.pieces.findIndex((p) => p.name === 'A');
    expect(instance.placements.filter((pl) => pl.piece === screwA).length).toBe(192);
  });
});

describe('the Soma cube by exact cover', () => {
  it('has 11520 solutions, every one accepted by the independent checker', async () => {
    const instance = soma({});
    const trueVarSets: number[][] = [];
    await enumerateExactCover(instance, { unique: false, onFound: (f) => trueVarSets.push(f.trueVars) });
    expect(trueVarSets.length).toBe(11520);
    const problems = trueVarSets.map((vars) => instance.check(instance.decode(vars))).filter((p) => p !== null);
    expect(problems).toEqual([]);
  }, 120_000);

  it('the checker rejects a screw turned into its mirror image', async () => {
    const instance = soma({});
    let vars: number[] = [];
    await enumerateExactCover(instance, { unique: false, limit: 1, onFound: (f) => (vars = f.trueVars) });
    const swapped = {
      placements: instance.decode(vars).placements.map((p) => ({ ...p, piece: p.piece === 'A' ? 'B' : p.piece === 'B' ? 'A' : p.piece })),
    };
    expect(instance.check(swapped)).toMatch(/piece [AB] is not placed in one of its shapes/);
  });

  it('has 480 classes under the 24 rotations', async () => {
    const instance = soma({ symmetry: 'rotations' });
    expect(instance.symmetries.length).toBe(24);
    const { keys, raw } = await dlxSolutions(instance, true);
    expect([keys.length, raw]).toEqual([480, 11520]);
  });

  it('has 240 classes under the 48 isometries, reflections swapping the screws A and B', async () => {
    const instance = soma({ symmetry: 'isometries' });
    expect(instance.symmetries.length).toBe(48);
    const pieceOf = new Map(instance.placements.map((pl) => [pl.variable, instance.spec.pieces[pl.piece]!.name]));
    const aPlacement = instance.placements.find((pl) => instance.spec.pieces[pl.piece]!.name === 'A')!.variable;
    const images = new Set(instance.symmetries.map((perm) => pieceOf.get(perm[aPlacement]!)));
    expect(images).toEqual(new Set(['A', 'B']));
    const { keys, raw } = await dlxSolutions(instance, true);
    expect([keys.length, raw]).toEqual([240, 11520]);
  });
});

describe('classic Soma figures', () => {
  // Solutions (raw) and classes under rotations and reflections as published
  // with the yass Soma solver (github.com/thanks4opensource/yass, tests/test.opt_crn and test.opt_cn).
  const published: Record<string, [number, number]> = {
    bathtub: [316, 79],
    skyscraper: [1832, 916],
    chair: [260, 130],
    well: [320, 160],
    crystal: [2800, 1400],
  };

  it('a one-row figure of inline art is art, as a one-row board is (regression: "..." was looked for as a file and refused)', () => {
    expect(readFigure('...', '--figure')).toHaveLength(3);
    expect(readFigure('.#.', '--figure')).toHaveLength(2);
    expect(polycube({ figure: '...', pieces: 'I3' }).params).toMatchObject({ figure: '...' });
  });

  it('a level break at either end of a figure starts no level (regression: a leading "--" made an empty bottom level, in params and every solution)', () => {
    const twoLevels = readFigure('..|..', '--figure');
    const files: [string, string][] = [
      ['leading.txt', '--\n..\n--\n..\n'],
      ['trailing.txt', '..\n--\n..\n--\n'],
      ['commented.txt', '// two levels\n--\n\n..\n--\n..\n--\n\n'],
    ];
    for (const [name, text] of files) {
      const path = scratchFile(name, text);
      expect(readFigure(path, '--figure'), name).toEqual(twoLevels);
      expect(polycube({ figure: path, pieces: 'D2*2' }).params, name).toMatchObject({ figure: '..|..' });
    }
    for (const art of ['|..|..', '..|..|']) expect(readFigure(art, '--figure'), art).toEqual(twoLevels);
    // Between two levels an empty one stays: it parts the figure.
    expect(readFigure('..||..', '--figure').map((c) => c[2])).toEqual([0, 0, 2, 2]);
  });

  it('every preset has 27 cells and a published count here', () => {
    for (const name of Object.keys(FIGURES)) {
      expect(readFigure(name, 'test').length).toBe(27);
      if (name !== 'cube') expect(published[name]).toBeDefined();
    }
  });

  for (const [figure, [raw, classes]] of Object.entries(published)) {
    it(`${figure}: ${raw} solutions, ${classes} classes`, async () => {
      const all = await dlxSolutions(soma({ figure }));
      expect(all.keys.length).toBe(raw);
      const unique = await dlxSolutions(soma({ figure, symmetry: 'isometries' }), true);
      expect([unique.keys.length, unique.raw]).toEqual([classes, raw]);
    });
  }

  it('a figure file in the documented format (bottom level first) is the bathtub preset', async () => {
    const path = scratchFile(
      'bathtub.txt',
      ['// the bathtub, floor first', '.....', '.....', '.....', '--', '.....', '.###.', '.....', ''].join('\n'),
    );
    const fromFile = polycube({ figure: path, pieces: 'soma' });
    expect(fromFile.spec.region).toEqual(readFigure('bathtub', 'test'));
    expect((await dlxSolutions(fromFile)).keys.length).toBe(316);
  });

  it('pieces from a pieces file (levels split by --) behave as the built-in set', async () => {
    const path = scratchFile(
      'soma.pieces',
      [
        'V:',
        '##',
        '#.',
        'L:',
        '###',
        '#..',
        'T:',
        '###',
        '.#.',
        'Z:',
        '.##',
        '##.',
        'A:',
        '##',
        '#.',
        '--',
        '.#',
        'B:',
        '##',
        '#.',
        '--',
        '..',
        '#.',
        'P:',
        'PP',
        'P.',
        '--',
        'P.',
      ].join('\n'),
    );
    const fromFile = polycube({ figure: 'bathtub', piecesFile: path });
    const builtIn = polycube({ figure: 'bathtub', pieces: PIECE_SETS.soma });
    expect(fromFile.placements.map((p) => [p.piece, p.cells.join()])).toEqual(builtIn.placements.map((p) => [p.piece, p.cells.join()]));
  });
});

describe('SAT enumeration agrees with exact cover on small 3D figures', () => {
  const cases: { figure: string; pieces: string; raw: number; rotations: number; isometries: number }[] = [
    // The lone screw A has no mirror partner, so reflections are no symmetry here.
    { figure: '2x2x3', pieces: 'I3,V,A,D2', raw: 32, rotations: 4, isometries: 4 },
    { figure: '2x3x2', pieces: 'A,B,V,M1', raw: 48, rotations: 6, isometries: 3 },
    { figure: '2x2x4', pieces: 'A,B,V,D2,I3', raw: 208, rotations: 26, isometries: 13 },
  ];
  for (const c of cases) {
    it(`${c.figure} with ${c.pieces}`, async () => {
      const instance = polycube({ figure: c.figure, pieces: c.pieces });
      const sat = await satSolutions(instance);
      const dlx = await dlxSolutions(instance);
      expect(sat.keys).toEqual(dlx.keys);
      expect(sat.keys.length).toBe(c.raw);
      for (const key of sat.keys) expect(instance.check(instance.decode(key.split(',').map(Number)))).toBeNull();
      for (const symmetry of ['rotations', 'isometries'] as const) {
        const byGroup = polycube({ figure: c.figure, pieces: c.pieces, symmetry });
        const [satClasses, dlxClasses] = [await satSolutions(byGroup, true), await dlxSolutions(byGroup, true)];
        expect([satClasses.keys.length, satClasses.raw]).toEqual([c[symmetry], c.raw]);
        expect([dlxClasses.keys.length, dlxClasses.raw]).toEqual([c[symmetry], c.raw]);
      }
    }, 60_000);
  }
});

describe('input errors are one-line UserErrors naming where', () => {
  const errorOf = (build: () => unknown): UserError => {
    try {
      build();
    } catch (e) {
      expect(e).toBeInstanceOf(UserError);
      expect((e as Error).message).not.toContain('\n');
      return e as UserError;
    }
    throw new Error('expected a UserError');
  };

  it('a stray character in a figure file, with its line', () => {
    const path = scratchFile('bad-figure.txt', ['...', '...', '--', '.x.'].join('\n'));
    expect(errorOf(() => polycube({ figure: path })).message).toMatch(/bad-figure\.txt:4: unexpected character "x" at column 2/);
  });

  it('art before any header in a pieces file, with its line', () => {
    const path = scratchFile('no-header.pieces', ['// soma', '##', '#.'].join('\n'));
    expect(errorOf(() => polycube({ figure: 'cube', piecesFile: path })).message).toMatch(/no-header\.pieces:2: expected a piece header/);
  });

  it('a stray character in a piece, with its line', () => {
    const path = scratchFile('bad-piece.pieces', ['Q:', '##', '--', '#?'].join('\n'));
    expect(errorOf(() => polycube({ figure: '1x2x2', piecesFile: path })).message).toMatch(/bad-piece\.pieces:4: unexpected character "\?"/);
  });

  it('an unknown figure, a size mismatch, both piece options', () => {
    expect(errorOf(() => soma({ figure: 'no-such-figure' })).message).toMatch(/^figure: "no-such-figure" is neither a figure \(cube, bathtub/);
    expect(errorOf(() => soma({ figure: '3x3x2' })).message).toMatch(/area mismatch: the board has 18 cells but the pieces cover 27/);
    expect(errorOf(() => polycube({ figure: 'cube', pieces: 'soma', piecesFile: 'x' })).message).toMatch(/not both/);
    expect(errorOf(() => polycube({})).message).toMatch(/give a figure with figure /);
  });
});

describe('free:K, every polycube of order K, read as polyform reads it on cubes', () => {
  const pieces = (list: string, flip?: boolean) => polycube({ figure: '4x4x4', pieces: list, flip }).spec.pieces;
  // Up to 64 copies of each: any of them fills the 4x4x4 box's area.

  it('gives A000162 (1, 1, 2, 8: mirror images two pieces) by default and A038119 (1, 1, 2, 7) with flip (regression: --pieces: cannot read piece "free:3")', () => {
    const orders = [1, 2, 3, 4];
    expect(orders.map((k) => pieces(`free:${k}*0..64`).length)).toEqual([1, 1, 2, 8]);
    expect(orders.map((k) => pieces(`free:${k}*0..64`, true).length)).toEqual([1, 1, 2, 7]);
    // The same pieces, named and drawn as polyform's free:1-4.
    const named = (list: readonly { name: string; cells: readonly number[][] }[]) => list.map((p) => [p.name, shapeKey(p.cells as never)]);
    expect(named(pieces('free:1-4*0..64'))).toEqual(named(polyform({ grid: 'cube', board: '4x4x4', pieces: 'free:1-4*0..64' }).spec.pieces));
  });

  it('takes copies as polyform does: free:2*4 fills the 2x2x2 box in its 9 ways; free:9 is refused as there', async () => {
    expect((await satSolutions(polycube({ figure: '2x2x2', pieces: 'free:2*4' }))).keys).toHaveLength(9);
    expect(() => polycube({ figure: '2x2x2', pieces: 'free:9' })).toThrow(/^pieces: "free:9": orders from 1 to 8/);
  });
});

describe('registry entries', () => {
  it('soma reads --figure and --symmetry; polycube also reads pieces', () => {
    const somaEntry = puzzleByName('soma');
    expect(somaEntry.options.map((o) => o.name)).toEqual(['figure', 'symmetry', 'non-overlap']);
    const built = somaEntry.build({ symmetry: 'isometries', amo: DEFAULT_AMO, card: DEFAULT_CARD }) as PackingInstance;
    expect([built.spec.region.length, built.symmetries.length]).toEqual([27, 48]);
    const poly = puzzleByName('polycube').build({ figure: '2x2x3', pieces: 'I3,V,A,D2', amo: DEFAULT_AMO, card: DEFAULT_CARD }) as PackingInstance;
    expect(poly.spec.pieces.map((p) => p.name)).toEqual(['I3', 'V', 'A', 'D2']);
  });
});

describe('drawings', () => {
  const firstSolution = async (instance: PackingInstance) => {
    let vars: number[] = [];
    await enumerateExactCover(instance, { unique: false, limit: 1, onFound: (f) => (vars = f.trueVars) });
    return instance.decode(vars);
  };

  it('the text drawing shows the three levels side by side, each piece by its letter', async () => {
    const instance = soma({});
    const text = instance.render(await firstSolution(instance), { color: false });
    const rows = text.split('\n');
    expect(rows.length).toBe(3);
    for (const row of rows) expect(row).toMatch(/^[VLTZABP]{3} {3}[VLTZABP]{3} {3}[VLTZABP]{3}$/);
    for (const piece of instance.spec.pieces) expect(text.split(piece.name).length - 1).toBe(piece.cells.length);
  });

  /** Checks tag nesting and attribute quoting; returns the tags. */
  function parseSvg(svg: string): string[] {
    const tags = svg.match(/<[^>]*>/g) ?? [];
    const text = svg.replace(/<[^>]*>/g, '').trim();
    expect(text).toMatch(/^[\w\s-]*$/);
    const open: string[] = [];
    for (const tag of tags) {
      expect(tag).toMatch(/^<\/?[a-z]+(\s+[a-zA-Z:-]+="[^"<>&]*")*\s*\/?>$/);
      const name = /^<\/?([a-z]+)/.exec(tag)![1]!;
      if (tag.startsWith('</')) expect(open.pop()).toBe(name);
      else if (!tag.endsWith('/>')) open.push(name);
    }
    expect(open).toEqual([]);
    expect(tags[0]).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="(-?[\d.]+ ){3}[\d.]+"/);
    expect(svg).not.toContain('NaN');
    return tags;
  }

  it('the isometric SVG is well formed, shows the outside faces, and is deterministic', async () => {
    const instance = soma({});
    const solution = await firstSolution(instance);
    const svg = renderIsometricSvg(solution, instance.spec.pieces);
    const tags = parseSvg(svg);
    // A solid 3x3x3 cube shows 9 faces on each of three sides.
    expect(tags.filter((t) => t.startsWith('<polygon')).length).toBe(27);
    expect(tags.filter((t) => t.startsWith('<text')).length).toBe(7);
    expect(renderIsometricSvg(solution, instance.spec.pieces)).toBe(svg);
    const shuffled = { placements: [...solution.placements].reverse().map((p) => ({ ...p, cells: [...p.cells].reverse() })) };
    expect(renderIsometricSvg(shuffled, instance.spec.pieces)).toBe(svg);
  });

  it('pulled-apart levels show every top face, in its piece colour', async () => {
    const instance = soma({});
    const solution = await firstSolution(instance);
    const svg = renderIsometricSvg(solution, instance.spec.pieces, { explode: 1, legend: false });
    const polygons = parseSvg(svg).filter((t) => t.startsWith('<polygon'));
    // Each level: 9 tops, 3 left and 3 right faces.
    expect(polygons.length).toBe(3 * 15);
    instance.spec.pieces.forEach((piece, i) => {
      expect(polygons.filter((t) => t.includes(`fill="${pieceColour(i, 'top')}"`)).length).toBe(piece.cells.length);
    });
    expect(new Set(instance.spec.pieces.map((_, i) => pieceColour(i))).size).toBe(7);
  });
});
