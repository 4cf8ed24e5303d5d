import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { UserError, UsageError } from '../src/core/errors.js';
import { parseDimacs as readDimacs } from '../src/core/dimacs.js';
import {
  Cnf,
  Formula,
  count,
  decodeAnswer,
  enumerate,
  and,
  evaluate,
  explain,
  atLeast,
  atMost,
  atMostOne,
  atMostWeighted,
  cataloguePuzzle,
  checkEngine,
  mebibytes,
  exactly,
  exactlyOne,
  exactlyWeighted,
  iff,
  implies,
  ite,
  literalOf,
  maximize,
  minimize,
  not,
  openSolver,
  or,
  parseDimacs,
  puzzles,
  PUZZLES,
  satisfy,
  setSizeLimits,
  solve,
  toDimacs,
  type Term,
  xor,
} from '../src/index.js';
import { ab } from './helpers/formulas.js';

/**
 * The library's entry points given what a caller should not give them: an
 * unknown name, a missing argument, a number out of range. Each must be
 * refused with an Error that names the argument, never accepted silently
 * (regressions: an unknown translation or optimisation strategy, a missing
 * operand, a negative timeout on the solver object were taken as something
 * else or crashed with "Cannot read properties of undefined").
 */

describe('names the library does not know are refused', () => {
  it('an unknown translation', () => {
    expect(() => satisfy(ab(), 'a', { translation: 'tseytin' as never })).toThrow(/unknown translation "tseytin" \(did you mean tseitin\?\)/);
  });

  it('an unknown optimisation strategy', async () => {
    await expect(minimize(ab(), ['a'], [1], { strategy: 'core' as never })).rejects.toThrow(/unknown optimisation strategy "core"/);
  });

  it("an option a typed builder does not read (regression: pentomino({ prest: '3x20' }) built the 6x10 rectangle)", () => {
    expect(() => puzzles.pentomino({ prest: '3x20' } as never)).toThrow(
      /^puzzles\.pentomino has no option "prest" \(did you mean preset\?\); it reads: /,
    );
    expect(() => puzzles.polyomino({ board: '2x2', pieces: 'O4', flp: false } as never)).toThrow(
      /^puzzles\.polyomino has no option "flp" \(did you mean flip\?\)/,
    );
    expect(() => puzzles.soma({ flip: true } as never)).toThrow(/^puzzles\.soma has no option "flip"/);
    expect(() => puzzles.polycube({ figure: '2x2x1', pieces: 'O4', symetry: 'rotations' } as never)).toThrow(
      /^puzzles\.polycube has no option "symetry"/,
    );
    expect(() => puzzles.geniusSquare({ random: true, sead: 3 } as never)).toThrow(
      /^puzzles\.geniusSquare has no option "sead" \(did you mean seed\?\)/,
    );
    expect(() => puzzles.dobble(2, { symetry: [] } as never)).toThrow(/^puzzles\.dobble has no option "symetry" \(did you mean symmetry\?\)/);
    expect(() => puzzles.polyform({ bord: '2x2x2', pieces: 'free:2*4' } as never)).toThrow(
      /^puzzles\.polyform has no option "bord" \(did you mean board\?\)/,
    );
    expect(() => puzzles.knapsack({ items: 'a:1:2', capacty: 1 } as never)).toThrow(
      /^puzzles\.knapsack has no option "capacty" \(did you mean capacity\?\)/,
    );
    expect(puzzles.pentomino({ preset: '3x20' }).params).toMatchObject({ preset: '3x20' });
    expect(puzzles.soma().cnf.varCount).toBeGreaterThan(0);
  });

  it('every puzzle the CLI names has its typed builder (regression: polyform and knapsack had none, only polyformInstance unchecked and byName)', async () => {
    const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
    expect(PUZZLES.map((p) => camel(p.name)).filter((name) => typeof (puzzles as Record<string, unknown>)[name] !== 'function')).toEqual([]);
    // The 2x2x2 cube by dominoes: 9 tilings, as polycube counts it (a WxHxD board names the cube grid).
    expect((await count(puzzles.polyform({ board: '2x2x2', pieces: 'free:2*4' }))).count).toBe(9n);
    const taken = await solve(puzzles.knapsack({ items: 'a:2:3,b:3:4,c:4:5', capacity: 5, minValue: 7 }));
    expect(taken.status).toBe('SAT');
    expect(taken.solution?.taken.map((i) => i.name)).toEqual(['a', 'b']);
  });

  it('an option a puzzle does not have, given by name', () => {
    expect(() => puzzles.byName('pentomino', { prest: '8x8-square' })).toThrow(/pentomino has no option "prest" \(did you mean preset\?\)/);
    // Spelled as on the command line or in camel case, as the typed options are: both are read.
    expect(puzzles.byName('polyomino', { board: '2x2', pieces: 'O4', 'non-overlap': 'pairwise' }).params).toMatchObject({ nonOverlap: 'pairwise' });
    expect(puzzles.byName('polyomino', { board: '2x2', pieces: 'O4', nonOverlap: 'pairwise' }).params).toMatchObject({ nonOverlap: 'pairwise' });
  });
});

describe('a byte-order mark before a value, as before a file', () => {
  it('is read past by the typed builders and by name, as a file\'s is (regression: "not valid JSON", "neither WxH, inline art, nor a readable board file")', () => {
    const bom = '\uFEFF';
    expect(puzzles.polyomino({ board: `${bom}../..`, pieces: 'O4' }).params).toMatchObject({ board: '../..' });
    const json = '{"grid":"square","cells":[[0,0],[1,0]]}';
    expect(puzzles.polyform({ board: `${bom}${json}`, pieces: 'D=##' }).params).toMatchObject({ board: json });
    expect(puzzles.byName('polycube', { figure: `${bom}2x1x1`, pieces: `${bom}D=##` }).params).toMatchObject({ figure: '2x1x1' });
  });
});

describe('the options of a call, from a script without types', () => {
  // A typo was ignored, and the call ran without the option: no limit, no timeout, the default encoding. As puzzles.byName refuses one.
  it('a field the call does not read is refused, with the fields it reads', async () => {
    await expect(solve(ab(), { timout: 5 } as never)).rejects.toThrow(
      /^solve has no option "timout" \(did you mean timeout\?\); it reads: solver, timeout$/,
    );
    await expect(enumerate(ab(), { limt: 1 } as never).next()).rejects.toThrow(
      /^enumerate has no option "limt" \(did you mean limit\?\); it reads: /,
    );
    await expect(count(ab(), { maxMemroy: 2 ** 24 } as never)).rejects.toThrow(/^count has no option "maxMemroy" \(did you mean maxMemory\?\)/);
    expect(() => atMostOne(ab(), [1, 2], { encodng: 'pairwise' } as never)).toThrow(
      /^atMostOne has no option "encodng" \(did you mean encoding\?\); it reads: encoding$/,
    );
    expect(() => atMostWeighted(ab(), [1, 2], [1, 1], 1, { encodng: 'swc' } as never)).toThrow(/^atMostWeighted has no option "encodng"/);
  });

  it('null is no options; a flag, a signal or a callback of the wrong kind is named', async () => {
    expect((await solve(ab(), null as never)).status).toBe('SAT');
    expect((await count(ab(), null as never)).count).toBe(3n);
    let n = 0;
    for await (const _ of enumerate(ab(), null as never)) n++;
    expect(n).toBe(3);
    await expect(solve(ab(), 'fast' as never)).rejects.toThrow(/^solve: options: expected an object, got string$/);
    // "yes" was not true, and a puzzle's solutions came back where its classes were asked for.
    const strip = puzzles.pentomino({ preset: '3x20' });
    await expect(enumerate(strip, { unique: 'yes' } as never).next()).rejects.toThrow(/^unique: expected true or false, got "yes"$/);
    await expect(count(ab(), { onProgress: 5 } as never)).rejects.toThrow(/^onProgress: expected a function, got number$/);
    await expect(count(ab(), { signal: { aborted: false } } as never)).rejects.toThrow(/^signal: expected an AbortSignal, got object$/);
  });

  it('the solver object, satisfy and optimisation alike', async () => {
    await expect(openSolver(ab(), { solvr: 'minisat-wasm' } as never)).rejects.toThrow(/^openSolver has no option "solvr" \(did you mean solver\?\)/);
    await expect(openSolver(ab(), { proof: 'yes' } as never)).rejects.toThrow(/^proof: expected true or false, got "yes"$/);
    const s = await openSolver(ab(), null as never);
    try {
      expect(await s.solve(null as never)).toBe('SAT');
      await expect(s.solve({ asumptions: ['a'] } as never)).rejects.toThrow(/^solve has no option "asumptions" \(did you mean assumptions\?\)/);
      await expect(s.core({ minimall: true } as never)).rejects.toThrow(/^core has no option "minimall"/);
    } finally {
      s.close();
    }
    expect(() => satisfy(ab(), 'a', { translaton: 'tseitin' } as never)).toThrow(
      /^satisfy has no option "translaton" \(did you mean translation\?\)/,
    );
    satisfy(ab(), 'a', null as never);
    await expect(maximize(ab(), ['a'], [1], { bets: 2 } as never)).rejects.toThrow(/^maximize has no option "bets" \(did you mean best\?\)/);
    expect((await minimize(ab(), ['a'], [1], null as never)).status).toBe('OPTIMUM');
    await expect(maximize(ab(), ['a'], [1], { dominance: 5 } as never)).rejects.toThrow(/^dominance: expected a function, got number$/);
  });
});

describe('a name the formula never declared, where a new variable would be meaningless', () => {
  // An assumption or a phase hint on a fresh variable constrains nothing: a typo ('aa' for 'a') answered SAT about another variable.
  it('an assumption, alone or inside an expression, and a phase hint', async () => {
    const f = ab();
    f.add([-f.vars.id('a')]);
    const s = await openSolver(f, { solver: 'minisat-wasm' });
    try {
      await expect(s.solve({ assumptions: ['aa'] })).rejects.toThrow(/assumptions: no variable "aa" in this formula \(did you mean a\?\)/);
      await expect(s.solve({ assumptions: ['b', not('typo')] })).rejects.toThrow(/assumptions: no variable "typo" in this formula/);
      expect(() => s.prefer('cc', true)).toThrow(/prefer: no variable "cc" in this formula/);
      expect(f.varCount).toBe(2);
      // Known names still work, and add() still declares new ones, as clauses do.
      expect(await s.solve({ assumptions: ['a'] })).toBe('UNSAT');
      expect(await s.solve({ assumptions: [not('b')] })).toBe('UNSAT');
      s.add(['c']);
      expect(await s.solve({ assumptions: ['c'] })).toBe('SAT');
    } finally {
      s.close();
    }
  });

  it("an objective's term: maximize(['a', 'bb']) counted a fresh 'bb' as worth its weight", async () => {
    await expect(maximize(ab(), ['a', 'bb'], [1, 5])).rejects.toThrow(/terms: no variable "bb" in this formula \(did you mean b\?\)/);
    await expect(minimize(ab(), [implies('a', 'typo')], [1])).rejects.toThrow(/terms: no variable "typo"/);
  });
});

describe("size limits given to one build are that build's", () => {
  // They were set for the whole thread: one small limit refused every later puzzle, a library caller's other builds too.
  it('a limit given to byName does not outlive its build, in either spelling', () => {
    for (const limit of [{ 'max-cells': 10 }, { maxCells: 10 }]) {
      expect(() => puzzles.byName('pentomino', limit), JSON.stringify(limit)).toThrow(
        /60 cells, more than the limit of 10 \(raise it with puzzles\.byName's maxCells or setSizeLimits/,
      );
      expect(puzzles.byName('pentomino').cnf.varCount).toBeGreaterThan(0);
      expect(puzzles.pentomino().cnf.varCount).toBeGreaterThan(0);
    }
  });

  it("a formula keeps its build's literal limit for clauses added later, and no other formula takes it", () => {
    const small = puzzles.byName('polyomino', { board: '2x2', pieces: 'O4', 'max-literals': 1000 });
    const many = (f: Formula) => {
      for (let i = 0; i < 1000; i++) f.add([1, -1]);
    };
    expect(() => many(small.cnf as Formula)).toThrow(/more than the limit of 1000 \(raise it with puzzles\.byName's maxLiterals or setSizeLimits/);
    const f = ab();
    many(f);
    expect(f.clauseCount).toBe(1001);
  });

  it("a camel-case option's value is checked as the command line's spelling is", () => {
    expect(() => puzzles.byName('polyomino', { board: '2x2', pieces: 'O4', nonOverlap: 'bogus' })).toThrow(/"bogus" is not one of compact, pairwise/);
    expect(() => puzzles.byName('polyomino', { board: '2x2', pieces: 'O4', nonOverlap: 'pairwise', 'non-overlap': 'compact' })).toThrow(
      /option "non-overlap" is given twice/,
    );
  });
});

describe('missing or malformed terms are refused where they are given', () => {
  it('an operator without its operands', () => {
    expect(() => not(undefined as never)).toThrow(TypeError);
    expect(() => (implies as (a: number) => unknown)(1)).toThrow(/^implies takes 2 terms, got 1$/);
    expect(() => (ite as (a: number, b: number) => unknown)(1, 2)).toThrow(TypeError);
  });

  it('a term that is not one, given to satisfy, literalOf or a constraint', () => {
    for (const bad of [undefined, null, {}]) {
      expect(() => satisfy(ab(), bad as never)).toThrow(/a term is a name, a literal, a boolean or an expression/);
      expect(() => literalOf(ab(), bad as never)).toThrow(/a term is a name, a literal, a boolean or an expression/);
      expect(() => atMostOne(ab(), [1, bad as never])).toThrow(/a term is a name, a literal, a boolean or an expression/);
    }
  });

  it('a hole in a list of terms is named where it is (regression: atMostOne by product or binary wrote a constraint on the rest; others met "reading \'weight\'")', async () => {
    // A sparse array, as a script that skipped an entry ([, 'a', 'b']) gives: its hole is undefined, which no term is.
    const holey: Term[] = [];
    holey[1] = 'a';
    holey[2] = 'b';
    const hole = (what: string) => new RegExp(`^${what}\\[0\\]: a term is a name, a literal, a boolean or an expression, got undefined$`);
    for (const encoding of ['product', 'binary', 'pairwise'] as const)
      expect(() => atMostOne(ab(), holey, { encoding }), encoding).toThrow(hole('atMostOne'));
    expect(() => atMost(ab(), holey, 1, { encoding: 'cardinality-network' })).toThrow(hole('atMost'));
    expect(() => atMostWeighted(ab(), holey, [1, 1, 1], 1)).toThrow(hole('atMostWeighted'));
    await expect(minimize(ab(), holey, [1, 1, 1])).rejects.toThrow(hole('minimize'));
    const s = await openSolver(ab(), { solver: 'logic-solver' });
    await expect(s.solve({ assumptions: holey })).rejects.toThrow(hole('assumptions'));
    s.close();
  });
});

describe("a constraint's arguments, from a script without types", () => {
  // Regressions: each was a TypeError from inside ("Cannot read properties of undefined (reading 'map')", "terms.map is not a function").
  it('a formula, terms, weights or options of the wrong kind are named', () => {
    const constraints = {
      atMostOne,
      exactlyOne,
      atMost: (f: Formula, t: never) => atMost(f, t, 1),
      atLeast: (f: Formula, t: never) => atLeast(f, t, 1),
    };
    for (const [what, constraint] of Object.entries({ ...constraints, exactly: (f: Formula, t: never) => exactly(f, t, 1) })) {
      for (const f of [null, {}, 'f'])
        expect(() => constraint(f as never, [1, 2] as never), what).toThrow(new RegExp(`^${what}: expected a Formula, got (null|object|string)$`));
      for (const terms of [undefined, 5, 'ab'])
        expect(() => constraint(ab(), terms as never), what).toThrow(
          new RegExp(`^${what}: expected a list of terms \\(names, literals, expressions\\), got`),
        );
    }
    expect(() => atMostWeighted(ab(), [1, 2], undefined as never, 1)).toThrow(
      /^atMostWeighted: weights: expected a list of integers, got undefined$/,
    );
    expect(() => exactlyWeighted(ab(), [1, 2], 5 as never, 1)).toThrow(/^exactlyWeighted: weights: expected a list of integers, got number$/);
    expect(() => atMostWeighted(ab(), undefined as never, [1, 1], 1)).toThrow(/^atMostWeighted: expected a list of terms/);
    expect(() => atMostWeighted(null as never, [1, 2], [1, 1], 1)).toThrow(/^atMostWeighted: expected a Formula, got null$/);
    // Options given as null are no options, as undefined is.
    const f = ab();
    atMostOne(f, [1, 2], null as never);
    atMost(f, [1, 2], 1, null as never);
    atMostWeighted(f, [1, 2], [1, 1], 1, null as never);
    expect(f.clauseCount).toBeGreaterThan(1);
  });

  it('a weight or bound that is not an integer is named, and shown as given', () => {
    expect(() => atMostWeighted(ab(), [1, 2], ['1', 1] as never, 1)).toThrow(/^atMostWeighted: weights\[0\]: expected a safe integer, got "1"$/);
    expect(() => atMostWeighted(ab(), [1, 2], [1, 1.5], 1)).toThrow(/^atMostWeighted: weights\[1\]: expected a safe integer, got 1\.5$/);
    expect(() => exactlyWeighted(ab(), [1, 2], [1, 1], '1' as never)).toThrow(/^exactlyWeighted: k: expected a safe integer, got "1"$/);
    expect(() => atMostWeighted(ab(), [1, 2], [1], 1)).toThrow(/^atMostWeighted: 2 terms but 1 weights$/);
    // Weights too heavy for exact sums name the call too (it was "weights: their absolute values add up…" alone).
    expect(() => exactlyWeighted(ab(), [1, 2], [2 ** 52, 2 ** 52], 1)).toThrow(
      /^exactlyWeighted: weights: their absolute values add up to more than 2\^53 - 1/,
    );
    // The cardinality constraints name their bound as the weighted ones do (it was "cardinality bound must be an integer").
    expect(() => atMost(ab(), [1, 2], 1.5)).toThrow(/^atMost: k: expected a safe integer, got 1\.5$/);
    expect(() => exactly(ab(), [1, 2], undefined as never)).toThrow(/^exactly: k: expected a safe integer, got undefined$/);
  });

  it('toDimacs and puzzles.byName take null for no options', () => {
    expect(toDimacs(ab(), null as never)).toMatch(/^p cnf 2 1\n/);
    expect(() => toDimacs(ab(), { name: false } as never)).toThrow(/^toDimacs has no option "name" \(did you mean names\?\)/);
    expect(puzzles.byName('pentomino', null as never).cnf.varCount).toBeGreaterThan(0);
  });
});

describe('numbers out of range are refused and shown as given', () => {
  it('a bound that is not a number says which', () => {
    expect(() => atMost(ab(), [1, 2], NaN)).toThrow(/got NaN/);
    expect(() => atMost(ab(), [1, 2], Infinity)).toThrow(/got Infinity/);
    expect(() => puzzles.dobble(NaN)).toThrow(/got NaN/);
  });

  it("the solver object's timeout and conflicts", async () => {
    const s = await openSolver(ab(), { solver: 'minisat-wasm' });
    try {
      for (const timeout of [-1, 0, NaN]) await expect(s.solve({ timeout })).rejects.toThrow(/timeout: expected a positive number of seconds/);
      for (const conflicts of [-1, 1.5, NaN]) await expect(s.solve({ conflicts })).rejects.toThrow(/conflicts: expected a whole number ≥ 0/);
      expect(await s.solve({ conflicts: 1000 })).toBe('SAT');
    } finally {
      s.close();
    }
  });

  it("optimisation's formula, terms, weights and encoding (regressions: TypeErrors from inside; weights ['1'] taken as 1; an unknown encoding crashed mid-search or was ignored)", async () => {
    await expect(maximize(null as never, ['a'], [1])).rejects.toThrow(/^maximize: expected a Formula, a puzzle instance, got null$/);
    await expect(minimize(ab(), undefined as never, [1])).rejects.toThrow(/^minimize: expected a list of terms/);
    await expect(maximize(ab(), ['a'], undefined as never)).rejects.toThrow(/^maximize: weights: expected a list of integers, got undefined$/);
    await expect(maximize(ab(), ['a'], ['1'] as never)).rejects.toThrow(/^maximize: weights\[0\]: expected a safe integer, got "1"$/);
    await expect(minimize(ab(), ['a', 'b'], [1, 2], { encoding: 'bdd2' as never })).rejects.toThrow(
      /^unknown pseudo-Boolean encoding "bdd2" \(did you mean bdd\?\) \(encoding\)/,
    );
  });

  it("optimisation's timeout", async () => {
    await expect(maximize(ab(), ['a'], [1], { timeout: -1 })).rejects.toThrow(/timeout: expected a positive number of seconds/);
  });
});

describe("a name with a leading '-' is the negation of the name after it, as logic-solver reads it", () => {
  // '-a' was a fresh variable named "-a", unrelated to a: satisfy(f, '-a') with or('a', 'b') left a free to be true.
  it('in every place a term goes: satisfy, literalOf, constraints, evaluate, assumptions', async () => {
    const f = new Formula();
    satisfy(f, or('a', 'b'));
    satisfy(f, '-a');
    expect(literalOf(f, '-a')).toBe(-literalOf(f, 'a'));
    expect(literalOf(f, '--a')).toBe(literalOf(f, 'a'));
    expect(f.vars.lookup('-a')).toBeUndefined();
    const { model } = await solve(f);
    expect([model!.value('a'), model!.value('b')]).toEqual([false, true]);
    atMostOne(f, ['-a', '-b']);
    expect((await solve(f)).status).toBe('SAT');
    expect(evaluate(and('-a', 'b'), (v) => v === 'b')).toBe(true);
    const s = await openSolver(f);
    expect(await s.solve({ assumptions: ['-b'] })).toBe('UNSAT');
    expect(() => satisfy(f, '-')).toThrow(/a variable name cannot be empty/);
  });

  it('is no name a caller can give a variable, and one read from DIMACS still round-trips', () => {
    expect(() => new Formula().vars.id('-c')).toThrow(/^variable name "-c" starts with "-", which negates a name in a term: write not\("c"\)/);
    const read = parseDimacs('p cnf 2 1\nc var 1 -3\nc var 2 y\n1 2 0\n');
    expect(read.vars.name(1)).toBe('-3');
    expect(toDimacs(read)).toMatch(/^c var 1 -3$/m);
    expect(decodeAnswer(toDimacs(read), 's SATISFIABLE\nv 1 -2 0\n').solutions[0]!.trueNames).toEqual(['-3']);
  });
});

describe('variable names survive DIMACS', () => {
  it('a name a c var line cannot carry is refused when it is made', () => {
    for (const name of ['', 'a\nb', 'a\rb', ' a', 'a ']) expect(() => new Formula().vars.id(name), JSON.stringify(name)).toThrow(/variable name/);
    // A control character other than a tab, which the reader refuses (regression: written, then refused reading the file back).
    for (const name of ['a\x1b[31mb', 'a\x00b'])
      expect(() => new Formula().vars.id(name), JSON.stringify(name)).toThrow(
        new RangeError(`a variable name holds a control character (a c var line cannot carry it back), got ${JSON.stringify(name)}`),
      );
    // A BigInt met "Do not know how to serialize a BigInt" as its refusal was written.
    expect(() => new Formula().vars.id(10n as never)).toThrow(/^a variable name is a non-empty line without white space at its ends, got 10$/);
  });

  it('names with inner spaces and any characters come back', async () => {
    const f = new Formula();
    // A name may not start with "-" (a term's negation), but a file's may, as the next test checks: '3-' here, '-3' there.
    const names = ['a b', 'ünï', '0', '3-', 'a\tb', 'c var 9 z'];
    for (const name of names) f.add([f.vars.id(name)]);
    const { model } = await solve(parseDimacs(toDimacs(f)));
    expect(model?.trueNames).toEqual(names);
  });
});

describe('a value of the wrong kind is named where it is given', () => {
  it('a name that is not a string, by its kind (regression: unknown catalogue puzzle "5", unknown solver "null")', async () => {
    expect(() => cataloguePuzzle(5 as never)).toThrow(/^cataloguePuzzle: name: expected a name \(a string\), got number$/);
    expect(() => cataloguePuzzle(null as never)).toThrow(TypeError);
    await expect(checkEngine(null as never)).rejects.toThrow(/^checkEngine: name: expected a name \(a string\), got null$/);
    await expect(checkEngine(5 as never)).rejects.toThrow(TypeError);
  });

  it('an amount of bytes that is no amount (regression: mebibytes(NaN) was NaN)', () => {
    expect(() => mebibytes(NaN)).toThrow(/^mebibytes: bytes: expected a number ≥ 0, got NaN$/);
    expect(() => mebibytes(-1)).toThrow(RangeError);
    expect(() => mebibytes('5' as never)).toThrow(/^mebibytes: bytes: expected a number, got string$/);
    expect(mebibytes(3 * 2 ** 20 + 1)).toBe(4);
  });

  it('a formula that is not one', async () => {
    await expect(openSolver(null as never)).rejects.toThrow(/openSolver: expected a Formula, a puzzle instance, got null/);
    expect(() => explain(undefined as never)).toThrow(/explain: expected a Formula, a puzzle instance, got undefined/);
    expect(() => toDimacs(null as never)).toThrow(/toDimacs: expected a Formula, a puzzle instance, got null/);
    expect(() => parseDimacs(null as never)).toThrow(/parseDimacs: expected DIMACS text, got null/);
  });

  it('a solution given to render that is none (regression: "Cannot read properties of null (reading \'placements\')" from inside the drawing)', () => {
    const plain = decodeAnswer('p cnf 1 1\n1 0\n', 's SATISFIABLE\nv 1 0\n').instance;
    for (const [instance, expected] of [
      [puzzles.pentomino(), /^render: expected a solution of pentomino \(an object with a list placements, as solve and enumerate give it\), got /],
      [puzzles.polyform({ board: '...', pieces: 'I3' }), /^render: expected a solution of polyform \(an object with a list placements, /],
      [puzzles.geniusSquare({ random: true, seed: 1 }), /^render: expected a solution of genius-square \(an object with a list placements, /],
      [puzzles.knapsack({ items: 'a:1:2', capacity: 1 }), /^render: expected a solution of knapsack \(an object with a list taken, /],
      [puzzles.dobble(2), /^render: expected a solution of dobble \(a list, as solve and enumerate give it\), got /],
      [plain, /^render: expected a solution of cnf \(a list, /],
    ] as const) {
      const render = (solution: unknown) => () => (instance.render as (s: unknown, o: { color: boolean }) => string)(solution, { color: false });
      for (const bad of [null, undefined, 5, 'A']) expect(render(bad)).toThrow(expected);
      expect(render(null)).toThrow(/, got null$/);
      expect(render(undefined)).toThrow(TypeError);
    }
    expect(() => puzzles.pentomino().render({ placement: [] } as never, { color: false })).toThrow(/, got an object without a list placements$/);
    expect(() => puzzles.knapsack({ items: 'a:1:2', capacity: 1 }).render([] as never, { color: false })).toThrow(/, got an array$/);
  });

  it('a solution given to svg or toJson that is none is named by the call (regression: "Cannot read properties of null" from inside)', () => {
    const plain = decodeAnswer('p cnf 1 1\n1 0\n', 's SATISFIABLE\nv 1 0\n').instance;
    const cases: [string, (s: unknown) => unknown, RegExp][] = [
      [
        'polyform svg',
        (s) => puzzles.polyform({ board: '...', pieces: 'I3' }).svg!(s as never),
        /^svg: expected a solution of polyform \(an object with a list placements, /,
      ],
      [
        'pentomino toJson',
        (s) => puzzles.pentomino().toJson(s as never),
        /^toJson: expected a solution of pentomino \(an object with a list placements, /,
      ],
      ['genius svg', (s) => puzzles.geniusSquare({ random: true, seed: 1 }).svg!(s as never), /^svg: expected a solution of genius-square /],
      [
        'knapsack toJson',
        (s) => puzzles.knapsack({ items: 'a:1:2', capacity: 1 }).toJson(s as never),
        /^toJson: expected a solution of knapsack \(an object with a list taken, /,
      ],
      ['dobble toJson', (s) => puzzles.dobble(2).toJson(s as never), /^toJson: expected a solution of dobble \(a list, /],
      ['DIMACS toJson', (s) => plain.toJson(s as never), /^toJson: expected a solution of cnf \(a list, /],
    ];
    for (const [what, call, expected] of cases) {
      for (const bad of [null, undefined, 5]) expect(() => call(bad), what).toThrow(expected);
      expect(() => call(null), what).toThrow(TypeError);
    }
  });

  it('render without its options draws without colour (regression: "Cannot read properties of undefined (reading \'color\')")', async () => {
    for (const instance of [puzzles.polyomino({ board: '2x2', pieces: 'O4' }), puzzles.geniusSquare({ random: true, seed: 1 })]) {
      const { solution } = await solve(instance);
      expect(instance.render(solution!)).toBe(instance.render(solution!, { color: false }));
      expect(instance.render(solution!)).not.toMatch(/\x1b/);
    }
  });

  it("decodeAnswer's file, answer and names (regression: TypeErrors from inside, \"reading 'trimStart'\")", () => {
    const text = toDimacs(ab());
    expect(() => decodeAnswer(null as never, 's SATISFIABLE\nv 1 0\n')).toThrow(
      /^decodeAnswer: expected DIMACS text or a parsed DIMACS formula \(readDimacsFile\), got null$/,
    );
    expect(() => decodeAnswer(text, undefined as never)).toThrow(/^decodeAnswer: expected a solver's answer as text, got undefined$/);
    expect(decodeAnswer(text, 's UNSATISFIABLE\n', null as never).status).toBe('UNSAT');
  });

  it('a clause that is not an array is refused, not written as the empty clause', () => {
    const f = ab();
    expect(() => f.add(5 as never)).toThrow(/a clause is an array of literals, got number/);
    expect(f.families.reduce((n, family) => n + family.size, 0)).toBe(1);
  });

  it('a literal that is not one says what a literal is (regression: "literal 1.5 was never allocated", "bad literal a", plain Errors)', () => {
    const f = ab();
    for (const [lit, shown] of [
      [0, '0'],
      [1.5, '1.5'],
      [NaN, 'NaN'],
      ['a', '"a"'],
      [null, 'null'],
    ] as const) {
      expect(() => f.add([1, lit as never]), shown).toThrow(RangeError);
      expect(() => f.add([1, lit as never]), shown).toThrow(
        `literal ${shown}: expected a variable's number or its negation, a whole number other than 0`,
      );
      // A constraint's terms may be names too: a number there is a literal.
      if (typeof lit === 'number')
        expect(() => atMostOne(f, [1, lit]), shown).toThrow(`literal ${shown}: expected a variable's number or its negation`);
    }
    expect(() => f.add([-3])).toThrow(/^literal -3: the formula has 2 variables$/);
    expect(f.clauseCount).toBe(1);
  });

  it('a formula read from DIMACS checks a clause as a Formula does (regression: plain Errors "bad literal 0", "literal 5 was never allocated"; 5 wrote the empty clause)', () => {
    const thrown = (add: () => void): string => {
      try {
        add();
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
      return 'nothing thrown';
    };
    const g = parseDimacs('p cnf 2 1\n1 2 0\n');
    const f = ab();
    for (const clause of [[0], [1.5], ['a'], [1, null], [5], [-3], 5, null] as never[]) {
      expect(
        thrown(() => g.add(clause)),
        JSON.stringify(clause),
      ).toBe(thrown(() => f.add(clause)));
    }
    expect(thrown(() => g.add([0]))).toBe("RangeError: literal 0: expected a variable's number or its negation, a whole number other than 0");
    expect(thrown(() => g.add([5]))).toBe('RangeError: literal 5: the formula has 2 variables');
    expect(thrown(() => g.add(5 as never))).toBe('TypeError: a clause is an array of literals, got number');
    expect(g.clauseCount).toBe(1);
  });

  it('a solver name that is not a string', async () => {
    await expect(solve(ab(), { solver: 42 as never })).rejects.toThrow(/^solver: expected text, got number$/);
  });
});

describe('what toDimacs writes in comments stays on its line', () => {
  it('a puzzle name, a family name or a parameter with a line break', async () => {
    const f = new Formula();
    // A family's name with a line break is refused where it is given (Cnf.family), so it reads back exactly.
    expect(() => f.family('first\nfamily')).toThrow(RangeError);
    f.family('first family');
    f.add([f.vars.id('a')]);
    const text = toDimacs(f, { puzzle: 'my\npuzzle' });
    expect(text).toContain('c puzzle my puzzle\n');
    expect(text).toContain('c family first family 1 clauses');
    // A parameter folded so read back as another ("the" = "key a value"): it is refused (toDimacs's params, below).
    expect(() => toDimacs(f, { params: { 'the\nkey': 'a\nvalue' } })).toThrow(RangeError);
    expect((await solve(parseDimacs(text))).model?.trueNames).toEqual(['a']);
  });

  it('a puzzle name or a parameter with a control character (regression: written as given, the file was refused on reading it back)', () => {
    const f = new Formula();
    f.add([f.vars.id('a')]);
    // A puzzle name is text the writer keeps on its line, as with a line break: the ESC is shown as a replacement character.
    const text = toDimacs(f, { puzzle: 'red\x1b[31m' });
    expect(text).toContain('c puzzle red\uFFFD[31m\n');
    expect(parseDimacs(text).clauseCount).toBe(1);
    // A parameter is carried back exactly or refused, as one with a line break is.
    expect(() => toDimacs(f, { params: { board: 'x\x07y' } })).toThrow(
      new RangeError('toDimacs: params.board: "x\\u0007y" holds a control character, which a c param line cannot carry back'),
    );
  });

  it('a name of its own decodes as a plain formula; a misspelt puzzle is refused (regression: decodeAnswer refused every name that is no puzzle)', () => {
    const f = new Formula();
    f.add([f.vars.id('a')]);
    expect(decodeAnswer(toDimacs(f, { puzzle: 'my puzzle' }), 's SATISFIABLE\nv 1 0\n').solutions).toHaveLength(1);
    expect(() => decodeAnswer(toDimacs(f, { puzzle: 'pentomno' }), 's SATISFIABLE\nv 1 0\n')).toThrow(/did you mean pentomino\?/);
  });
});

describe('a puzzle given by name, as checkSource says solve, enumerate and count take one', () => {
  // solve read the model's names off the name itself: "Cannot read properties of undefined (reading 'vars')", where count and enumerate answered.
  it('solve names the model of a DIMACS file or a puzzle built by name', async () => {
    const file = join(import.meta.dirname, '..', 'examples', 'my.cnf');
    const { status, model } = await solve(file, { solver: 'minisat-wasm' });
    expect(status).toBe('SAT');
    expect(model?.trueNames.length).toBeGreaterThan(0);
    const strip = await solve('pentomino', { solver: 'minisat-wasm' });
    expect(strip.status).toBe('SAT');
    expect(strip.model?.trueNames.length).toBe(12);
  });
});

describe("a puzzle's options of the wrong kind or outside their choices, from a script without types", () => {
  const chiral = { board: '..../....', pieces: 'L4,L4' };

  // Regressions: flip: 'false' (or 0) allowed reflections, a typo in nonOverlap or pairs built another encoding, amo: 'x' crashed in the count, board: 2 read descriptor 2.
  it('a flag that is not true or false is refused, by name and typed', () => {
    expect(() => puzzles.byName('polyomino', { ...chiral, flip: 'false' })).toThrow(/^flip: expected true or false, got "false"$/);
    expect(() => puzzles.polyomino({ ...chiral, flip: 0 as never })).toThrow(/^flip: expected true or false, got 0$/);
    expect(() => puzzles.dobble(2, { symmetryBreaking: 'no' as never })).toThrow(/^symmetryBreaking: expected true or false, got "no"$/);
    expect(puzzles.polyomino({ ...chiral, flip: false }).params).toMatchObject({ flip: false });
  });

  it('text that is not text, and a choice that is none, are refused when the puzzle is built', () => {
    expect(() => puzzles.polyomino({ board: 2 as never, pieces: 'O4' })).toThrow(/^board: expected text, got 2$/);
    expect(() => puzzles.geniusSquare({ roll: 5 as never })).toThrow(/^roll: expected text, got 5$/);
    expect(() => puzzles.polyomino({ ...chiral, nonOverlap: 'pairwize' as never })).toThrow(
      /^nonOverlap: "pairwize" is not one of compact, pairwise \(did you mean pairwise\?\)$/,
    );
    expect(() => puzzles.soma({ symmetry: 'all' as never })).toThrow(/^symmetry: "all" is not one of rotations, isometries$/);
    expect(() => puzzles.dobble(2, { pairs: 'x' as never })).toThrow(/^pairs: "x" is not one of exactly-one, at-most-one$/);
    expect(() => puzzles.polyomino({ ...chiral, amo: 'x' as never })).toThrow(/^unknown at-most-one encoding "x" \(amo\)/);
    expect(() => puzzles.geniusSquare({ random: true, card: 'x' as never })).toThrow(/^unknown cardinality encoding "x" \(card\)/);
  });

  it('null is no options, for every typed builder (regression: "Cannot read properties of null")', () => {
    expect(puzzles.pentomino(null as never).params).toMatchObject({ preset: '6x10' });
    expect(puzzles.soma(null as never).params).toMatchObject({ figure: 'cube' });
    expect(() => puzzles.geniusSquare(null as never)).toThrow(/^give the blockers with roll/);
    expect(() => puzzles.polycube(null as never)).toThrow(/^polycube: give its options/);
    expect(() => (puzzles.polycube as (o?: unknown) => unknown)()).toThrow(/^polycube: give its options/);
    expect(() => puzzles.polyform(null as never)).toThrow(/^give a board with board/);
    expect(() => puzzles.knapsack(null as never)).toThrow(/^knapsack: give items/);
  });
});

describe('the formula and builder arguments a script without types may get wrong', () => {
  it('puzzles.byName with a name or options that are not one (regression: "puzzle.includes is not a function"; 5 for options was ignored)', () => {
    for (const name of [undefined, null, 5, {}])
      expect(() => puzzles.byName(name as never), String(name)).toThrow(
        /^puzzles\.byName: expected a puzzle name, got (undefined|null|number|object)$/,
      );
    expect(() => puzzles.byName('pentomino', 5 as never)).toThrow(/^puzzles\.byName: options: expected an object, got number$/);
    expect(() => puzzles.byName('pentomino', 'preset' as never)).toThrow(/^puzzles\.byName: options: expected an object, got string$/);
  });

  it("vars.name of what is no variable's number is refused (regression: null, '' and [] named variable 0 \"\", true named variable 1)", () => {
    const f = ab();
    expect(f.vars.name(-2)).toBe('b');
    for (const v of [null, '', [], true, '1', 1.5, 0, 3, Symbol('s')])
      expect(() => f.vars.name(v as never), String(v)).toThrow(/^no variable .*: the formula's variables are 1\.\.2$/);
  });

  it('a projection set to null is no projection, as undefined is (regression: it was a projection onto no variable, and counted 1)', async () => {
    const f = ab();
    f.projection = null as never;
    expect((await count(f)).count).toBe(3n);
    expect(toDimacs(f)).not.toMatch(/^c project/m);
    const g = ab();
    g.projection = '1' as never;
    await expect(count(g)).rejects.toThrow(/^projection: expected a list of variables, got string$/);
  });

  it('solve checks a projection set by hand, as enumerate and count do (regression: "no variable -1 in this formula")', async () => {
    const f = ab();
    f.projection = [-1];
    await expect(solve(f)).rejects.toThrow(/^projection: variable -1 is not one of the formula's 1\.\.2$/);
  });

  it("toDimacs's names flag is true or false (regression: names: 'no' wrote the names)", () => {
    expect(() => toDimacs(ab(), { names: 'no' } as never)).toThrow(/^names: expected true or false, got "no"$/);
    expect(toDimacs(ab(), { names: false })).not.toMatch(/^c var/m);
  });
});

describe('a puzzle instance through toDimacs and back', () => {
  // toDimacs took the instance for a formula: "cnf.checkedProjection is not a function", though checkSource named an instance as one it takes.
  it("writes the puzzle's formula with its header, which decodeAnswer rebuilds and checks a model by", async () => {
    const board = puzzles.polyomino({ board: '2x4', pieces: 'L4,L4' });
    const text = toDimacs(board);
    expect(text).toMatch(/^c puzzle polyomino$/m);
    const { model } = await solve(board, { solver: 'minisat-wasm' });
    const decoded = decodeAnswer(text, `s SATISFIABLE\nv ${model!.literals.join(' ')} 0\n`);
    expect(decoded.instance.puzzle).toBe('polyomino');
    expect(decoded.solutions).toHaveLength(1);
    expect(toDimacs(board, { puzzle: 'mine' })).toMatch(/^c puzzle mine$/m);
  });
});

describe('an operator of fixed arity given more terms than it takes', () => {
  // iff('a', 'b', 'c') said a ↔ b and dropped 'c' without a word (4 models over a, b, c, not the 2 where all are equal); so did implies, not and ite.
  it('is refused, naming how many it takes', () => {
    expect(() => (iff as (...t: string[]) => unknown)('a', 'b', 'c')).toThrow(/^iff takes 2 terms, got 3$/);
    expect(() => (implies as (...t: string[]) => unknown)('a', 'b', 'c')).toThrow(/^implies takes 2 terms, got 3$/);
    expect(() => (not as (...t: string[]) => unknown)('a', 'b')).toThrow(/^not takes 1 term, got 2$/);
    expect(() => (ite as (...t: string[]) => unknown)('a', 'b', 'c', 'd')).toThrow(/^ite takes 3 terms, got 4$/);
    expect(iff('a', 'b').args).toEqual(['a', 'b']);
  });

  it('or fewer, naming the operator (regression: iff(\'a\') said only "a term is a name, a literal, a boolean or an expression, got undefined")', () => {
    const loose = { iff, implies, not, ite, xor, and } as Record<string, (...t: unknown[]) => unknown>;
    expect(() => loose.iff!('a')).toThrow(/^iff takes 2 terms, got 1$/);
    expect(() => loose.implies!()).toThrow(/^implies takes 2 terms, got 0$/);
    expect(() => loose.not!()).toThrow(/^not takes 1 term, got 0$/);
    expect(() => loose.ite!('a', 'b')).toThrow(/^ite takes 3 terms, got 2$/);
    // A term given that is none is named by its operator and place, in the variadic operators too.
    expect(() => loose.iff!('a', null)).toThrow(/^iff: term 2: a term is a name, a literal, a boolean or an expression, got null$/);
    expect(() => loose.xor!('a', 'b', undefined)).toThrow(/^xor: term 3: a term is a name, a literal, a boolean or an expression, got undefined$/);
    expect(() => loose.and!(0)).toThrow(/^and: term 1: a literal is a nonzero integer, got 0$/);
  });
});

describe("puzzles.dobble's own fields", () => {
  // Its messages named the fields of puzzles.byName('dobble') (maxSymbols, symmetrySteps), which a puzzles.dobble caller never gave; symmetry: 'x' crashed ("named.find is not a function").
  it('are named as puzzles.dobble spells them, and by name as byName does', () => {
    expect(() => puzzles.dobble(2, { symbols: 2 })).toThrow(/^symbols: 2 is too few for cards of 3 symbols$/);
    expect(() => puzzles.dobble(2, { symbols: NaN })).toThrow(/^symbols: expected a whole number, got NaN$/);
    expect(() => puzzles.dobble(2, { symmetry: ['zz' as never] })).toThrow(/^symmetry: unknown step "zz"/);
    expect(() => puzzles.dobble(2, { symmetry: 'first-line' as never })).toThrow(/^symmetry: expected a list of steps, got string$/);
    expect(() => puzzles.byName('dobble', { order: 2, 'max-symbols': 2 })).toThrow(/^maxSymbols: 2 is too few/);
    expect(() => puzzles.byName('dobble', { order: 2, symmetrySteps: 'zz' })).toThrow(/^symmetrySteps: unknown step "zz"/);
  });
});

describe("the knapsack's numbers, given by name", () => {
  // The command line checks them; a library caller's were not: NaN met "a pseudo-Boolean bound must be a safe integer", randomItems 1.5 drew one item and NaN none, and 1e7 ran out of memory.
  it('are whole numbers in range, named as given', () => {
    const items = 'a:1:2,b:2:3';
    expect(() => puzzles.byName('knapsack', { items, capacity: NaN })).toThrow(/^capacity: expected a whole number ≥ 0, got NaN$/);
    expect(() => puzzles.byName('knapsack', { items, capacity: -1 })).toThrow(/^capacity: expected a whole number ≥ 0, got -1$/);
    expect(() => puzzles.byName('knapsack', { items, minValue: 1.5 })).toThrow(/^minValue: expected a whole number ≥ 0, got 1\.5$/);
    for (const n of [NaN, 0, 1.5])
      expect(() => puzzles.byName('knapsack', { randomItems: n })).toThrow(/^randomItems: expected a whole number ≥ 1, got /);
    expect(() => puzzles.byName('knapsack', { randomItems: 3, seed: -1 })).toThrow(
      /^seed: expected a whole number ≥ 0 and ≤ 4294967295 \(the random generator keeps 32 bits of a seed\), got -1$/,
    );
    expect(() => puzzles.byName('knapsack', { randomItems: 1e7 })).toThrow(
      /^randomItems: .* more than the limit of 2000000 \(raise it with puzzles\.byName's maxVars/,
    );
    expect(puzzles.byName('knapsack', { randomItems: 3, seed: 0, capacity: 0 }).cnf.varCount).toBeGreaterThanOrEqual(3);
  });
});

describe("genius-square's seed and dobble's order, given as numbers", () => {
  // Shown quoted, as text is ("got \"-1\""), where the knapsack's seed and every other number of a call is shown bare.
  it('are shown as the numbers they are', () => {
    for (const build of [() => puzzles.geniusSquare({ random: true, seed: -1 }), () => puzzles.byName('genius-square', { random: true, seed: -1 })])
      expect(build).toThrow(/^seed: expected a whole number from 0 to 4294967295, got -1$/);
    expect(() => puzzles.geniusSquare({ random: true, seed: 1.5 })).toThrow(/, got 1\.5$/);
    expect(() => puzzles.byName('dobble', { order: -1 })).toThrow(/^order: expected a whole number ≥ 1, got -1$/);
    expect(() => puzzles.byName('dobble', { order: 2.5 })).toThrow(/^order: expected a whole number ≥ 1, got 2\.5$/);
  });

  it("a knapsack's seed past the generator's 32 bits is refused (regression: 2^32 drew the items of seed 0)", () => {
    expect(() => puzzles.knapsack({ randomItems: 3, seed: 2 ** 32 })).toThrow(
      /^seed: expected a whole number ≥ 0 and ≤ 4294967295 \(the random generator keeps 32 bits of a seed\), got 4294967296$/,
    );
    expect(puzzles.knapsack({ randomItems: 3, seed: 2 ** 32 - 1 }).cnf.varCount).toBeGreaterThanOrEqual(3);
  });
});

describe('names and values a script without types gets wrong in the smaller calls', () => {
  it('decodeAnswer\'s input names, left out, are named as when none are given (regression: "undefined: no solver answer found"); names of the wrong kind are refused, as any call\'s options', () => {
    const text = toDimacs(ab());
    for (const where of [{}, { cnf: 'f.cnf' }])
      expect(() => decodeAnswer(text, 'hello', where as never), JSON.stringify(where)).toThrow(/^<answer>: no solver answer found/);
    expect(() => decodeAnswer(text, 'hello', 5 as never)).toThrow(/^decodeAnswer: options: expected an object, got number$/);
    expect(() => decodeAnswer(text, 'hello', { cnf: 'f.cnf', model: 'f.out' })).toThrow(/^f\.out: no solver answer found/);
  });

  it('a phase hint is true, false or undefined (regression: "yes" was taken as true)', async () => {
    const s = await openSolver(ab(), { solver: 'minisat-wasm' });
    try {
      expect(() => s.prefer('a', 'yes' as never)).toThrow(/^prefer: value: expected true, false or undefined, got "yes"$/);
      s.prefer('a', false);
      s.prefer('a', undefined);
    } finally {
      s.close();
    }
  });
});

describe('a size limit that is no limit', () => {
  // NaN turned the guard off (no amount is more than NaN), -1 refused every build, and a misspelt limit was ignored.
  it('is refused, by setSizeLimits and with one build', () => {
    try {
      expect(() => setSizeLimits({ cells: NaN })).toThrow(/^setSizeLimits: cells: expected a whole number ≥ 1, got NaN$/);
      expect(() => setSizeLimits({ cells: -1 })).toThrow(/^setSizeLimits: cells: expected a whole number ≥ 1, got -1$/);
      expect(() => setSizeLimits({ cels: 5 } as never)).toThrow(/^setSizeLimits has no limit "cels" \(did you mean cells\?\); it reads: cells, /);
      expect(() => puzzles.byName('pentomino', { maxCells: NaN })).toThrow(/^maxCells: expected a whole number ≥ 1, got NaN$/);
      expect(() => puzzles.byName('pentomino', { 'max-cells': '5' })).toThrow(/^maxCells: expected a whole number ≥ 1, got "5"$/);
      expect(() => puzzles.byName('pentomino', { maxCells: 10 })).toThrow(/more than the limit of 10/);
    } finally {
      setSizeLimits({});
    }
    expect(puzzles.pentomino().cnf.varCount).toBeGreaterThan(0);
  });
});

describe("the catalogue's look-up, called from the library", () => {
  // Its message began "verify:", the command line's verb, which a library caller never ran.
  it('names the call that was made', () => {
    expect(() => cataloguePuzzle('pentominoes-6x01')).toThrow(
      /^cataloguePuzzle: unknown catalogue puzzle "pentominoes-6x01" \(did you mean pentominoes-6x10\?\); CATALOGUE lists/,
    );
  });
});

describe("evaluate's assignment", () => {
  // An object of values ({ a: true }) met "value is not a function" from inside.
  it('is a function of a name or number, said so when it is not', () => {
    expect(() => evaluate(iff('a', 'b'), { a: true, b: true } as never)).toThrow(
      /^evaluate: value: expected a function of a variable's name or number, got object$/,
    );
    expect(evaluate(iff('a', 'b'), (v) => v === 'a')).toBe(false);
  });

  it('reads a deep or shared term as satisfy does (regression: 100000 nested nots overflowed the stack; a subterm shared n deep was evaluated 2^n times, a hang at 40)', () => {
    let chain: Term = 'x';
    for (let i = 0; i < 100_000; i++) chain = not(chain);
    expect(evaluate(chain, () => false)).toBe(false);
    let shared: Term = 'a';
    for (let i = 0; i < 20; i++) shared = xor(shared, shared, 'b');
    const asked: (string | number)[] = [];
    // e ⊕ e ⊕ b is b, at every level.
    expect(evaluate(shared, (v) => (asked.push(v), v === 'b'))).toBe(true);
    expect(new Set(asked)).toEqual(new Set(['a', 'b']));
    expect(asked.length).toBeLessThan(100);
    expect(evaluate(or(and('a', not('b')), ite('a', false, true)), (v) => v === 'a')).toBe(true);
    expect(() => evaluate(null as never, () => true)).toThrow(/^evaluate: a term is a name, a literal, a boolean or an expression, got null$/);
  });
});

describe('c var lines that name no variable of the file, or a name twice', () => {
  // Both were malformed input taken silently: a name beyond the header was dropped, a second variable of a name renamed x<v>#<v>.
  const refusal = (text: string): string => {
    try {
      parseDimacs(text, 'f.cnf');
    } catch (e) {
      expect(e).toBeInstanceOf(UserError);
      return (e as Error).message;
    }
    throw new Error('expected a refusal');
  };
  it('a variable beyond the header, after it or before it, is refused at its line', () => {
    expect(refusal('p cnf 2 1\nc var 1 a\nc var 3 c\n1 2 0\n')).toBe('f.cnf:3: "c var" names variable 3, beyond the declared 2 variables');
    expect(refusal('c var 3 c\np cnf 2 1\n1 2 0\n')).toBe('f.cnf:1: "c var" names variable 3, beyond the declared 2 variables');
    expect(refusal('p cnf 2 1\nc var 0 z\n1 2 0\n')).toBe('f.cnf:2: "c var" names variable 0; variables are numbered from 1');
  });
  it('a name given to two variables, or a variable named twice, is refused at the second line', () => {
    expect(refusal('p cnf 2 1\nc var 1 a\nc var 2 a\n1 2 0\n')).toBe('f.cnf:3: "c var" names variable 2 "a", the name of variable 1 (line 2)');
    expect(refusal('p cnf 2 1\nc var 1 a\nc var 1 b\n1 2 0\n')).toBe('f.cnf:3: "c var" names variable 1 again (line 2 named it "a")');
  });
  it('what encode and toDimacs write reads back whole', () => {
    const f = new Formula();
    f.add([f.vars.id('x y'), -f.vars.id('x  y')]);
    atMostOne(f, ['x y', 'x  y', 'z']);
    const back = parseDimacs(toDimacs(f));
    expect(Array.from({ length: f.varCount }, (_, i) => back.vars.name(i + 1))).toEqual(
      Array.from({ length: f.varCount }, (_, i) => f.vars.name(i + 1)),
    );
  });
});

describe("toDimacs's params are what c param lines carry back", () => {
  it('params that are not an object of names and values are refused, not ignored', () => {
    expect(() => toDimacs(ab(), { params: 'n=3' as never })).toThrow(/^toDimacs: params: expected an object of names and values, got string$/);
    expect(() => toDimacs(ab(), { params: null as never })).toThrow(TypeError);
    expect(() => toDimacs(ab(), { params: [1, 2] as never })).toThrow(/^toDimacs: params: expected an object of names and values, got an array$/);
    expect(() => toDimacs(ab(), { params: new Map([['n', 3]]) as never })).toThrow(/^toDimacs: params: expected an object/);
  });
  it('a puzzle that is no name is refused, not written "[object Object]"', () => {
    expect(() => toDimacs(ab(), { puzzle: { name: 'x' } as never })).toThrow(/^toDimacs: puzzle: expected a name \(a string\), got object$/);
    expect(() => toDimacs(ab(), { puzzle: 5 as never })).toThrow(TypeError);
  });
  it('a nested value is refused, not written "[object Object]"', () => {
    expect(() => toDimacs(ab(), { params: { board: { w: 2 } } })).toThrow(
      /^toDimacs: params\.board: expected a string, a number or true\/false, got object$/,
    );
    expect(() => toDimacs(ab(), { params: { board: [2, 3] } })).toThrow(TypeError);
    expect(() => toDimacs(ab(), { params: { board: null } })).toThrow(TypeError);
  });
  it('a name or value that would read back as another is refused', () => {
    expect(() => toDimacs(ab(), { params: { 'my key': 1 } })).toThrow(
      /^toDimacs: params: a name is one word of printable text \(a c param line reads its name up to the first space\), got "my key"$/,
    );
    expect(() => toDimacs(ab(), { params: { '': 1 } })).toThrow(/^toDimacs: params: a name is one word .*, got ""$/);
    expect(() => toDimacs(ab(), { params: { 'bell\x07': 1 } })).toThrow(/^toDimacs: params: a name is one word .*, got "bell\\u0007"$/);
    expect(() => toDimacs(ab(), { params: { note: 'two\nlines' } })).toThrow(
      /^toDimacs: params\.note: "two\\nlines" would read back as "two lines": a value is one line, without runs of white space or white space at its ends$/,
    );
  });
  it('names and values of one line each read back as written, and decodeAnswer rebuilds a puzzle by them', async () => {
    const params = { n: 3, ok: true, note: 'a b', empty: '', skipped: undefined };
    const read = readDimacs(toDimacs(ab(), { params }));
    expect(Object.fromEntries(read.params)).toEqual({ n: '3', ok: 'true', note: 'a b', empty: '' });
    const board = puzzles.polyomino({ board: '2x4', pieces: 'L4,L4' });
    const text = toDimacs(board, { params: { ...board.params } });
    const { model } = await solve(board, { solver: 'minisat-wasm' });
    expect(decodeAnswer(text, `s SATISFIABLE\nv ${model!.literals.join(' ')} 0\n`).solutions).toHaveLength(1);
  });
});

describe('a family is named by a string, and a clause goes into one', () => {
  it('family(null) and family(5) are refused', () => {
    const f = new Cnf();
    expect(() => f.family(null as never)).toThrow(/^family: expected a name \(a string\), got null$/);
    expect(() => f.family(5 as never)).toThrow(/^family: expected a name \(a string\), got number$/);
    expect(f.familyCounts()).toEqual([]);
  });
  it('add before any family says what to call first, as a usage error (regression: a plain Error)', () => {
    const f = new Cnf();
    f.vars.id('a');
    expect(() => f.add([1])).toThrow(UsageError);
    expect(() => f.add([1])).toThrow(/^add: the formula has no family to add the clause to; call family\(name\) first \(a Formula starts one\)$/);
  });
});

describe('values of the wrong kind are shown by their kind, never by String() (regressions: "[object Object]", an array read as its items, a crash on an object without a prototype)', () => {
  const bare = (): object => Object.create(null) as object;

  it('a number, bound or name given an object, an array or a function', async () => {
    expect(() => atMost(ab(), ['a', 'b'], {} as never)).toThrow(/^atMost: k: expected a safe integer, got an object$/);
    expect(() => atMost(ab(), ['a', 'b'], [1] as never)).toThrow(/^atMost: k: expected a safe integer, got an array$/);
    expect(() => atMostWeighted(ab(), ['a'], [bare()] as never, 1)).toThrow(/^atMostWeighted: weights\[0\]: expected a safe integer, got an object$/);
    expect(() => ab().add([{}] as never)).toThrow(/^literal an object: expected a variable's number or its negation/);
    await expect(solve(ab(), { timeout: bare() as never })).rejects.toThrow(/^timeout: expected a positive number of seconds .*, got an object$/);
    await expect(enumerate(ab(), { limit: [2] as never }).next()).rejects.toThrow(/^limit: expected a whole number ≥ 1, got an array$/);
    const multiLine = function () {
      return 1;
    };
    await expect(count(ab(), { maxMemory: multiLine as never })).rejects.toThrow(
      /^maxMemory: expected a whole number of bytes ≥ \d+, got a function$/,
    );
    expect(() => puzzles.dobble(3, { symbols: bare() as never })).toThrow(/^symbols: expected a whole number, got an object$/);
    expect(() => new Formula().vars.name(bare() as never)).toThrow(/^no variable an object: the formula's variables are 1\.\.0$/);
  });

  it('a variable name that is a symbol is refused as any other name that is none (regression: "Cannot convert a Symbol value to a string")', () => {
    expect(() => new Formula().vars.id(Symbol('a') as never)).toThrow(
      /^a variable name is a non-empty line without white space at its ends, got Symbol\(a\)$/,
    );
  });

  it('an array-like clause whose length is no length is refused, not written as the empty clause', () => {
    const f = ab();
    expect(() => f.add({ length: NaN } as never)).toThrow(/^a clause is an array of literals, got an object whose length is NaN$/);
    expect(() => f.add({ length: -1 } as never)).toThrow(TypeError);
    expect(f.clauseCount).toBe(1);
    f.add({ length: 2, 0: 1, 1: -2 });
    expect(f.clauseCount).toBe(2);
  });
});

describe('an encoding, strategy or solver named by what is not text (regression: ["pairwise"] was taken as "pairwise", an object without a prototype crashed)', () => {
  it("a constraint's encoding and an optimisation's encoding and strategy", async () => {
    expect(() => atMostOne(ab(), ['a', 'b'], { encoding: ['pairwise'] as never })).toThrow(/^encoding: expected text, got an array$/);
    expect(() => exactly(ab(), ['a', 'b'], 1, { encoding: Object.create(null) as never })).toThrow(/^encoding: expected text, got object$/);
    expect(() => atMostWeighted(ab(), ['a'], [1], 1, { encoding: ['bdd'] as never })).toThrow(/^encoding: expected text, got an array$/);
    expect(() => satisfy(ab(), 'a', { translation: ['tseitin'] as never })).toThrow(/^translation: expected text, got an array$/);
    await expect(maximize(ab(), ['a'], [1], { strategy: ['linear'] as never })).rejects.toThrow(/^strategy: expected text, got an array$/);
    await expect(maximize(ab(), ['a'], [1], { encoding: {} as never })).rejects.toThrow(/^encoding: expected text, got object$/);
  });

  it("a puzzle's amo, card and pb, typed or by name", () => {
    expect(() => puzzles.pentomino({ preset: '3x20', amo: ['pairwise'] as never })).toThrow(/^amo: expected text, got an array$/);
    expect(() => puzzles.pentomino({ preset: '3x20', card: Object.create(null) as never })).toThrow(/^card: expected text, got object$/);
    expect(() => puzzles.knapsack({ items: 'a:1:1', pb: ['swc'] as never })).toThrow(/^pb: expected text, got an array$/);
    expect(() => puzzles.byName('pentomino', { preset: '3x20', amo: ['pairwise'] })).toThrow(/^amo: expected text, got an array$/);
    expect(puzzles.pentomino({ preset: '3x20', amo: 'pairwise' }).params.amo).toBe('pairwise');
  });

  it("the solver of the solver object and of optimisation, as solve's", async () => {
    await expect(openSolver(ab(), { solver: ['minisat-wasm'] as never })).rejects.toThrow(/^solver: expected text, got object$/);
    await expect(maximize(ab(), ['a'], [1], { solver: {} as never })).rejects.toThrow(/^solver: expected text, got object$/);
  });
});

describe("the library's smaller contracts, kept by the call", () => {
  it('puzzles.soma has no puzzle option, as soma on the command line has none (regression: any puzzle was refused "give it without figure", a figure never given)', () => {
    expect(() => puzzles.soma({ puzzle: 'soma-crystal' } as never)).toThrow(/^puzzles\.soma has no option "puzzle"; it reads: figure, symmetry/);
    expect(puzzles.polycube({ puzzle: 'soma-crystal' }).cnf.varCount).toBeGreaterThan(0);
  });

  it('an enumeration timeout that is no number is refused as solve and count refuse it (regression: 10n crashed, "Cannot mix BigInt and other types")', async () => {
    await expect(enumerate(ab(), { timeout: 10n as never }).next()).rejects.toThrow(/^timeout: expected a positive number of seconds .*, got 10$/);
  });

  it('a dominance that gives no clauses is named (regression: "Cannot read properties of undefined (reading \'length\')")', async () => {
    await expect(maximize(ab(), ['a'], [1], { dominance: (() => 1) as never })).rejects.toThrow(
      /^dominance: expected a function that returns \{ clauses, why \}, got a function that returns 1$/,
    );
    await expect(maximize(ab(), ['a'], [1], { dominance: () => ({ clauses: [[1]], why: 5 as never }) })).rejects.toThrow(/^dominance: /);
    const kept = await maximize(ab(), ['a', 'b'], [1, 1], { dominance: () => ({ clauses: [[1]], why: 'a is always worth taking' }) });
    expect(kept.dominance).toEqual({ clauses: 1, why: 'a is always worth taking' });
  });
});

describe('a term that shares a subterm n levels deep is read once per subterm, not once per path to it (2^n)', () => {
  /** e, then and(e, e, b0), and(that, that, b1), ...: n levels, 2^n paths to 'a'. */
  const shared = (n: number): Term => {
    let e: Term = 'a';
    for (let i = 0; i < n; i++) e = and(e, e, `b${i}`);
    return e;
  };

  it('satisfy splits a conjunction into its conjuncts once each (regression: 40 levels never ended, and 20 wrote the unit clause a 2^20 times)', async () => {
    const f = new Formula();
    satisfy(f, shared(20));
    // The unit clauses b0 ... b19 once each, and a twice: and(a, a, b0) names it twice (a name is no subterm to share).
    expect(f.clauseCount).toBe(22);
    expect((await count(f)).count).toBe(1n);
  });

  it("the label a term's clauses are explained by spells the first of the term, not all of it (regression: 32 copies of one subterm on each of 8 levels ran out of memory spelling 32^6 of them)", () => {
    const f = new Formula();
    const [x, y] = [f.vars.id('x'), f.vars.id('y')];
    let e: Term = x;
    for (let i = 0; i < 8; i++) e = and(...Array.from<Term>({ length: 10 }).fill(e), y);
    const named = vi.spyOn(f.vars, 'name');
    expect(literalOf(f, e)).toBeGreaterThan(0);
    // y is spelt where the label reaches it, not at each of the 10^5 places the term holds it within 6 levels.
    expect(named.mock.calls.length).toBeLessThan(1000);
    for (const { about } of explain(f).families[0]!.samples) expect(about.length).toBeLessThanOrEqual(80);
  });

  it("the solver object's check of the names in its assumptions (regression: 40 levels never ended)", async () => {
    const f = new Formula();
    for (const name of ['a', ...Array.from({ length: 20 }, (_, i) => `b${i}`)]) f.vars.id(name);
    const s = await openSolver(f, { solver: 'minisat-wasm' });
    try {
      const lookup = vi.spyOn(f.vars, 'lookup');
      expect(await s.solve({ assumptions: [shared(20)] })).toBe('SAT');
      expect(lookup.mock.calls.length).toBeLessThan(1000);
      expect(s.model!.trueNames).toHaveLength(21);
    } finally {
      s.close();
    }
  });
});
