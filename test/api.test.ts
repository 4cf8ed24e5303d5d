import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  Formula,
  count,
  decodeAnswer,
  atLeast,
  atMost,
  atMostOne,
  encodings,
  enumerate,
  exactly,
  exactlyOne,
  minimize,
  atMostWeighted,
  parseDimacs,
  puzzles,
  solve,
  solvers,
  toDimacs,
} from '../src/index.js';

/** The public API (src/index.ts) as a user calls it. */
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

async function models(f: Formula): Promise<string[][]> {
  const all: string[][] = [];
  for await (const { solution } of enumerate(f)) all.push(solution);
  return all;
}

describe('formulas with named variables', () => {
  it("refuses an encoding's auxiliary by name (regression: vars.id handed it back, and a unit clause on it silently cut the models of atMostOne over 4 from 5 to 2)", async () => {
    const f = new Formula();
    atMostOne(
      f,
      ['a', 'b', 'c', 'd'].map((name) => f.vars.id(name)),
      { encoding: 'sequential' },
    );
    const vars = f.varCount;
    const refused =
      /^variable "aux sequential atMostOne#1" is an auxiliary an encoding made: solutions leave it out, and a clause on it would constrain the encoding; name a variable of your own \(literalOf gives an expression's literal\)$/;
    expect(() => f.vars.id('aux sequential atMostOne#1')).toThrow(refused);
    expect(() => atLeast(f, ['a', 'aux sequential atMostOne#1'], 1)).toThrow(refused);
    expect(f.varCount).toBe(vars);
    expect((await count(f)).count).toBe(5n);
    // A file's auxiliaries (its c aux lines) are an encoding's too; its own names are found.
    const g = parseDimacs(toDimacs(f));
    expect(() => g.vars.id('aux sequential atMostOne#1')).toThrow(refused);
    expect(g.vars.id('a')).toBe(f.vars.id('a'));
  });

  it('creates a variable on first use and finds it after', () => {
    const f = new Formula();
    const x = f.vars.id('x');
    expect([f.vars.id('y'), f.vars.id('x'), f.vars.name(x), f.varCount]).toEqual([2, x, 'x', 2]);
  });

  it('solves with a checked, named model, and says UNSAT when there is none', async () => {
    const f = new Formula();
    const [a, b] = [f.vars.id('a'), f.vars.id('b')];
    f.add([a, b]);
    f.add([-a]);
    const sat = await solve(f);
    expect([sat.status, sat.model?.trueNames, sat.model?.value('a'), sat.model?.value(b)]).toEqual(['SAT', ['b'], false, true]);
    f.add([-b]);
    expect((await solve(f, { solver: 'logic-solver' })).status).toBe('UNSAT');
  });

  it('counts the models of every cardinality constraint under every encoding: C(n,k) and their sums', async () => {
    for (const { name } of encodings.amo) {
      const f = new Formula();
      atMostOne(
        f,
        names('x', 5).map((n) => f.vars.id(n)),
        { encoding: name as never },
      );
      expect((await models(f)).length, name).toBe(6);
      const g = new Formula();
      exactlyOne(
        g,
        names('x', 5).map((n) => g.vars.id(n)),
        { encoding: name as never },
      );
      expect((await models(g)).length, name).toBe(5);
    }
    for (const { name } of encodings.card) {
      const build = (constrain: (f: Formula, lits: number[]) => void) => {
        const f = new Formula();
        constrain(
          f,
          names('x', 5).map((n) => f.vars.id(n)),
        );
        return f;
      };
      // 5 choose 0..2 = 1 + 5 + 10; 5 choose 3..5 = 10 + 5 + 1; 5 choose 2.
      expect((await models(build((f, l) => atMost(f, l, 2, { encoding: name as never })))).length, name).toBe(16);
      expect((await models(build((f, l) => atLeast(f, l, 3, { encoding: name as never })))).length, name).toBe(16);
      expect((await models(build((f, l) => exactly(f, l, 2, { encoding: name as never })))).length, name).toBe(10);
    }
  });

  it('enumerates on the named variables only: auxiliaries never repeat a model', async () => {
    const f = new Formula();
    atMostOne(
      f,
      names('x', 6).map((n) => f.vars.id(n)),
      { encoding: 'sequential' },
    );
    expect(f.vars.auxCount).toBeGreaterThan(0);
    const found = await models(f);
    expect(found.length).toBe(7);
    expect(new Set(found.map((m) => m.join(','))).size).toBe(7);
  });

  it('round-trips through DIMACS with the names', async () => {
    const f = new Formula();
    f.add([f.vars.id('rain'), -f.vars.id('dry')]);
    const text = toDimacs(f);
    expect(text).toMatch(/^p cnf 2 1\n/);
    const back = parseDimacs(text);
    expect([back.vars.name(1), back.vars.name(2), back.clauseCount]).toEqual(['rain', 'dry', 1]);
  });
});

describe('enumeration as an async iterator', () => {
  it('a break stops the solver: 2 of the 2339 classes of 6x10', async () => {
    const board = puzzles.pentomino();
    const seen: unknown[] = [];
    for await (const { solution } of enumerate(board, { unique: true })) {
      seen.push(solution);
      if (seen.length === 2) break;
    }
    expect(seen.length).toBe(2);
  });

  it('an aborted signal ends it (well before the 2339 classes of 6x10), and limit caps it', async () => {
    const board = puzzles.pentomino();
    const stop = new AbortController();
    let n = 0;
    for await (const _ of enumerate(board, { unique: true, signal: stop.signal })) {
      n++;
      stop.abort();
    }
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(2339);
    let limited = 0;
    for await (const _ of enumerate(board, { limit: 5 })) limited++;
    expect(limited).toBe(5);
  });

  it('an abort ends the iteration where it is, as break does: no solution the solver had queued comes after it', async () => {
    // Ten free variables: minisat-wasm had queued all 768 models of (x0 ∨ x1) when the first arrived, and yielded them all.
    const f = new Formula();
    const xs = names('x', 10).map((name) => f.vars.id(name));
    f.add([xs[0]!, xs[1]!]);
    for (const solver of ['minisat-wasm', 'cadical-wasm']) {
      const stop = new AbortController();
      let n = 0;
      for await (const _ of enumerate(f, { solver, signal: stop.signal })) {
        n++;
        stop.abort();
      }
      expect(n, solver).toBe(1);
    }
  });

  it('a custom board and piece set: 24 tilings of the 3x4 by two L and two Q trominoes, 8 classes; the 3x20 has 2', async () => {
    const board = puzzles.polyomino({ board: '..../..../....', pieces: 'L3,L3,Q=##/#.,Q=##/#.' });
    let all = 0;
    for await (const { solution } of enumerate(board)) {
      expect(board.check(solution)).toBeNull();
      all++;
    }
    let classes = 0;
    let raw = 0;
    for await (const { orbitSize } of enumerate(board, { unique: true })) {
      classes++;
      raw += orbitSize;
    }
    expect([all, classes, raw]).toEqual([24, 8, 24]);
    let strips = 0;
    for await (const _ of enumerate(puzzles.pentomino({ preset: '3x20' }), { unique: true })) strips++;
    expect(strips).toBe(2);
  });
});

describe('reading an answer back', () => {
  it('decodes a model of a DIMACS file we wrote into the tiling it stands for', async () => {
    // 6x10, not 3x20: the default solver of a bare formula (cadical-wasm) finds a 6x10 tiling in 0.3 CPU s, a 3x20 one in 6.4
    // (same process), which a load of 12 on two cores stretched past the test's limit (90 s on a fresh clone's CI run).
    const board = puzzles.pentomino({ preset: '6x10' });
    const text = toDimacs(board.cnf, { puzzle: board.puzzle, params: board.params });
    const { model } = await solve(board.cnf);
    const decoded = decodeAnswer(text, `s SATISFIABLE\nv ${model!.literals.join(' ')} 0\n`);
    expect([decoded.status, decoded.solutions.length, decoded.instance.puzzle]).toEqual(['SAT', 1, 'pentomino']);
    expect((decoded.solutions[0]!.solution as { placements: unknown[] }).placements).toHaveLength(12);
    expect(() => decodeAnswer(text, 's SATISFIABLE\nv -1 0\n')).toThrow(/model 1 breaks a cover clause/);
  }, 60_000);
});

describe('the solver list', () => {
  it('names every solver and says which run here; the in-process logic-solver always does', () => {
    const list = solvers();
    expect(list.map((s) => s.name)).toEqual(expect.arrayContaining(['logic-solver', 'minisat-wasm', 'clasp-wasm', 'cadical']));
    expect(list.find((s) => s.name === 'logic-solver')).toMatchObject({ kind: 'in-process', available: true });
  });
});

describe('option values through the library', () => {
  it('are refused in one line naming the option, as the CLI refuses them (regression: a timeout of -1 or NaN was ignored or stopped at once); a source that is no formula is named too', async () => {
    const f = new Formula();
    f.add([f.vars.id('a'), f.vars.id('b')]);
    const all = async (options: Parameters<typeof enumerate>[1]) => {
      const out = [];
      for await (const found of enumerate(f, options)) out.push(found);
      return out;
    };
    const bad: [string, () => Promise<unknown>, RegExp][] = [
      ['solve timeout -1', () => solve(f, { timeout: -1 }), /^timeout: expected a positive number of seconds .*got -1$/],
      ['solve timeout NaN', () => solve(f, { timeout: Number.NaN }), /^timeout: .*got NaN$/],
      ['solve timeout past the timer', () => solve(f, { timeout: 1e9 }), /^timeout: .*at most 2147483/],
      ['enumerate limit 0', () => all({ limit: 0 }), /^limit: expected a whole number ≥ 1, got 0$/],
      ['enumerate limit 1.5', () => all({ limit: 1.5 }), /^limit: .*got 1\.5$/],
      ['count timeout 0', () => count(f, { timeout: 0 }), /^timeout: /],
      ['count maxMemory 5', () => count(f, { maxMemory: 5 }), /^maxMemory: expected a whole number of bytes ≥ 1048576, got 5$/],
      ['count maxMemory "2G"', () => count(f, { maxMemory: '2G' as unknown as number }), /^maxMemory: .*got "2G"$/],
    ];
    for (const [what, call, message] of bad) await expect(call(), what).rejects.toThrow(message);
    // A puzzle's own options, as a script without types may pass them (regressions: "not 0" for order -1, TypeErrors from inside).
    expect(() => puzzles.dobble(-1)).toThrow(/^order: expected a whole number ≥ 1 \(cards of order \+ 1 symbols\), got -1$/);
    expect(() => puzzles.dobble(1.5)).toThrow(/got 1\.5$/);
    expect(() => (puzzles.polyomino as (o?: unknown) => unknown)()).toThrow(/^polyomino: give its options/);
    expect(() => puzzles.polyomino({ board: '2x1', pieces: ['D2'] as unknown as string })).toThrow(/^pieces: expected text, got an array$/);
    expect(() => atMost(f, ['a', 'b'], '2' as unknown as number)).toThrow(/^atMost: k: expected a safe integer, got "2"$/);
    // And what is neither a formula nor a puzzle.
    await expect(solve(null as unknown as Formula)).rejects.toThrow(/^solve: expected a Formula, a puzzle instance or a puzzle name, got null$/);
    await expect(count(42 as unknown as Formula)).rejects.toThrow(/^count: .* got number$/);
    await expect(enumerate({} as Formula).next()).rejects.toThrow(/^enumerate: .* got object$/);
    // The same options in range run.
    expect((await solve(f, { timeout: 30 })).status).toBe('SAT');
    expect(await all({ limit: 2 })).toHaveLength(2);
    expect((await count(f, { maxMemory: 2 ** 24, timeout: 30 })).count).toBe(3n);
  });
});

describe('a projection set by hand', () => {
  it('must list distinct variables of the formula (regression: enumerate streamed empty solutions forever for [-1], repeated "b" for [-1, 2], gave ["a", "a"] for [1, 1]; toDimacs wrote "c project 0 0")', async () => {
    for (const [projection, message] of [
      [[-1], /^projection: variable -1 is not one of the formula's 1\.\.3$/],
      [[1.5], /^projection: variable 1\.5 is not one of the formula's 1\.\.3$/],
      [[0], /^projection: variable 0 is not one of the formula's 1\.\.3$/],
      [[4], /^projection: variable 4 is not one of the formula's 1\.\.3$/],
      [[1, 1], /^projection: variable 1 is listed twice$/],
    ] as const) {
      const f = new Formula();
      const [a, b] = [f.vars.id('a'), f.vars.id('b'), f.vars.id('c')];
      f.add([a!, b!]);
      f.projection = [...projection];
      await expect(enumerate(f, { timeout: 30 }).next(), String(projection)).rejects.toThrow(message);
      await expect(count(f, { timeout: 30 }), String(projection)).rejects.toThrow(message);
      // Optimisation tells its best solutions apart on the projection (regression: "no variable 4 in this formula", or none at all with one best).
      for (const best of [1, 2]) await expect(minimize(f, ['a'], [1], { best, timeout: 30 }), `${projection} best ${best}`).rejects.toThrow(message);
      expect(() => toDimacs(f), String(projection)).toThrow(message);
    }
    // A proper one is taken as it is: the models of a ∨ b on {b}.
    const f = new Formula();
    f.add([f.vars.id('a'), f.vars.id('b')]);
    f.projection = [2];
    expect((await count(f)).count).toBe(2n);
    expect(await models(f)).toEqual([['b'], []].sort());
  });
});

describe('a formula without a projection', () => {
  it('is counted and enumerated on its named variables as they are at each call (regression: the first call fixed them as its projection, and a variable named later was left out of every later count)', async () => {
    const f = new Formula();
    f.add([f.vars.id('a'), f.vars.id('b')]);
    expect((await count(f)).count).toBe(3n);
    expect(await models(f)).toHaveLength(3);
    f.vars.id('c');
    expect((await count(f)).count).toBe(6n);
    expect(await models(f)).toHaveLength(6);
    // Nor does a call give it a projection that toDimacs would then write.
    expect(f.projected).toBe(false);
    expect(toDimacs(f)).not.toMatch(/^c project/m);
  });
});

describe('DIMACS through the library', () => {
  it('a header declaring more variables than the size limit is refused in one line (regression: 2e9 variables ran the process out of heap)', () => {
    expect(() => parseDimacs('p cnf 2000000000 0\n', 'huge.cnf')).toThrow(
      /^huge\.cnf:1: the header declares 2000000000 variables, more than the limit of 2000000 \(raise it with puzzles\.byName's maxVars or setSizeLimits\(\{ vars: … \}\)\)$/,
    );
    expect(parseDimacs('p cnf 3 1\n1 -3 0\n').varCount).toBe(3);
  });

  it('classes of a formula are refused, as the CLI refuses --unique on a DIMACS file (regression: its models were counted and listed as classes)', async () => {
    const f = parseDimacs('p cnf 3 1\n1 2 0\n');
    await expect(count(f, { unique: true })).rejects.toThrow(/^unique: a formula has no symmetries to break or count classes under$/);
    await expect(enumerate(f, { unique: true }).next()).rejects.toThrow(/^unique: a formula has no symmetries/);
    expect((await count(f)).count).toBe(6n);
  });

  it('dancing links on a formula says what applies to a formula (regression: the puzzles\' "not posed as exact cover (pieces with copies ...)")', async () => {
    const formula =
      /^solver dlx: dlx solves only puzzles posed as exact cover, and this is a formula; leave solver out for the default, or name a SAT solver \(engines\(\) lists them\)$/;
    const written = new Formula();
    written.add([written.vars.id('a'), written.vars.id('b')]);
    for (const f of [parseDimacs('p cnf 2 1\n1 2 0\n'), written]) {
      await expect(solve(f, { solver: 'dlx' })).rejects.toThrow(formula);
      await expect(enumerate(f, { solver: 'dlx' }).next()).rejects.toThrow(formula);
      expect((await solve(f)).status).toBe('SAT');
    }
    // A puzzle that is not exact cover keeps the puzzles' wording.
    const mixed = puzzles.byName('polyform', { board: '2x2', pieces: 'D2*0..2,M1*0..4', use: '3' });
    await expect(solve(mixed, { solver: 'dlx' })).rejects.toThrow(
      /^solver dlx: polyform is not posed as exact cover here \(a count of pieces used \(use\) that the areas do not imply, copies on optional cells alone or past /,
    );
  });
});

describe('encoding names through the library', () => {
  it('an unknown one is refused naming it and the choices (regression: a TypeError from inside, or for one literal, nothing said)', () => {
    const f = new Formula();
    const lits = ['a', 'b', 'c'].map((n) => f.vars.id(n));
    const bad = { encoding: 'bogus' } as never;
    expect(() => atMostOne(f, lits, bad)).toThrow(/^unknown at-most-one encoding "bogus" \(encoding\); choose one of: .*pairwise/);
    expect(() => atMostOne(f, [lits[0]!], bad)).toThrow(/^unknown at-most-one encoding "bogus"/);
    expect(() => atMostOne(f, lits, { encoding: 'toString' } as never)).toThrow(/^unknown at-most-one encoding "toString"/);
    expect(() => exactlyOne(f, lits, bad)).toThrow(/^unknown at-most-one encoding/);
    expect(() => atMost(f, lits, 1, bad)).toThrow(/^unknown cardinality encoding "bogus" \(encoding\); choose one of: .*totalizer/);
    expect(() => atLeast(f, lits, 2, bad)).toThrow(/^unknown cardinality encoding/);
    expect(() => exactly(f, lits, 2, bad)).toThrow(/^unknown cardinality encoding/);
    expect(() => atMostWeighted(f, lits, [1, 2, 3], 3, bad)).toThrow(/^unknown pseudo-Boolean encoding "bogus" \(encoding\); choose one of: .*bdd/);
    // Nothing was added by the refused calls.
    expect(f.clauseCount).toBe(0);
  });
});

describe('a formula changed while it is enumerated', () => {
  it('ends the enumeration with a usage error, on every engine (regression: minisat-wasm went on listing models the new clause excludes; cadical-wasm blamed the solver, "returned a model that breaks a clauses clause")', async () => {
    for (const solver of ['minisat-wasm', 'cadical-wasm', 'logic-solver', 'clasp-wasm']) {
      const f = new Formula();
      const [a, b, c] = [f.vars.id('a'), f.vars.id('b'), f.vars.id('c')];
      f.add([a!, b!]);
      f.add([-a!, c!]);
      const seen: string[][] = [];
      const run = async () => {
        for await (const { solution } of enumerate(f, { solver })) {
          seen.push(solution);
          if (seen.length === 1) f.add([-b!]);
        }
      };
      await expect(run(), solver).rejects.toThrow(
        /^enumerate: the formula changed while its solutions were listed \(a clause, a variable or its projection\); change it before enumerate, or after the loop$/,
      );
      expect(seen, solver).toHaveLength(1);
      // The enumeration wound down: the formula, as it is now, enumerates afresh.
      expect(await models(f), solver).toEqual([['a', 'c']]);
    }
  });
});

describe('a script given to node on the command line or on stdin (--input-type=module)', () => {
  // The engine threads took the process's options, --input-type among them, which a thread started from a file refuses:
  // every call on logic-solver (the engine when the WebAssembly ones are not built) failed with ERR_INPUT_TYPE_NOT_ALLOWED.
  const library = pathToFileURL(join(import.meta.dirname, '..', 'dist', 'src', 'index.js')).href;
  const script = `import { Formula, enumerate, solve } from ${JSON.stringify(library)};
const f = new Formula();
f.add([f.vars.id('a'), f.vars.id('b')]);
let n = 0;
for await (const _ of enumerate(f, { solver: 'logic-solver' })) n++;
console.log((await solve(f, { solver: 'logic-solver', timeout: 60 })).status, n);`;

  it('runs the engine threads as a script from a file does', () => {
    for (const args of [
      ['--input-type=module', '-e', script],
      ['--input-type', 'module'],
    ]) {
      const r = spawnSync(process.execPath, args, { input: script, encoding: 'utf8', timeout: 120_000 });
      expect(r.stderr, args.join(' ')).toBe('');
      expect(r.stdout).toBe('SAT 3\n');
    }
  });
});
