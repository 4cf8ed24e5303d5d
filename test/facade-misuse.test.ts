import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UsageError, UserError } from '../src/core/errors.js';
import {
  atMostOne,
  count,
  decodeAnswer,
  enumerate,
  explainPuzzle,
  minimize,
  openSolver,
  parseDimacs,
  planInstance,
  puzzles,
  literalOf,
  not,
  type EnumeratePlan,
  resolvePlan,
  runPlan,
  satisfy,
  setSizeLimits,
  solve,
  toDimacs,
} from '../src/index.js';
import { ab } from './helpers/formulas.js';

/**
 * The library's facade called as a script without types calls it: null
 * where options or a field go, values of the wrong kind, numbers out of
 * range. Each is refused with one line naming the field (or taken as
 * absent, for options of null), never a TypeError from inside or a value
 * read as something else.
 */

/** The first solution an enumeration yields (it runs the enumeration far enough to meet a refusal). */
async function first<T>(solutions: AsyncGenerator<T>): Promise<T | undefined> {
  for await (const s of solutions) return s;
  return undefined;
}

const DIMACS = 'p cnf 1 1\n1 0\n';
const ANSWER = 's SATISFIABLE\nv 1 0\n';

/** Each entry point with options of `options`, a call that settles (or throws) with what it gives back. */
const ENTRY_POINTS: [string, (options: never) => unknown][] = [
  ['solve', (o) => solve(ab(), o)],
  ['enumerate', (o) => first(enumerate(ab(), o))],
  ['count', (o) => count(ab(), o)],
  ['toDimacs', (o) => toDimacs(ab(), o)],
  ['openSolver', (o) => openSolver(ab(), o).then((s) => s.close())],
  ['solve', (o) => openSolver(ab()).then((s) => s.solve(o).finally(() => s.close()))],
  ['atMostOne', (o) => atMostOne(ab(), [1, 2], o)],
  ['satisfy', (o) => satisfy(ab(), 'a', o)],
  ['minimize', (o) => minimize(ab(), ['a'], [1], o)],
  ['explainPuzzle', (o) => explainPuzzle('pentomino', {}, o)],
  ['decodeAnswer', (o) => decodeAnswer(DIMACS, ANSWER, o)],
  ['puzzles.pentomino', (o) => puzzles.pentomino(o)],
  ['puzzles.byName', (o) => puzzles.byName('pentomino', o)],
  ['resolvePlan', (o) => resolvePlan('pentomino', { verb: 'solve', ...(o as object) })],
];

/** A field each entry point reads, to give as null. */
const A_FIELD: Record<string, string> = {
  solve: 'timeout',
  enumerate: 'limit',
  count: 'method',
  toDimacs: 'names',
  openSolver: 'solver',
  atMostOne: 'encoding',
  satisfy: 'translation',
  minimize: 'strategy',
  explainPuzzle: 'unique',
  decodeAnswer: 'cnf',
  'puzzles.pentomino': 'preset',
  'puzzles.byName': 'preset',
  resolvePlan: 'solver',
};

/** What a call threw, as a message (undefined when it did not throw). */
async function thrown(call: () => unknown): Promise<string | undefined> {
  try {
    await call();
    return undefined;
  } catch (e) {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
}

describe('null: options of null are none; a field of null is refused, naming it', () => {
  it('every entry point takes options of null as none', async () => {
    for (const [what, call] of ENTRY_POINTS.filter(([what]) => what !== 'resolvePlan')) {
      expect(await thrown(() => call(null as never)), what).toBeUndefined();
      expect(await thrown(() => call(undefined as never)), what).toBeUndefined();
    }
  });

  it('every entry point refuses a field of null, naming the call and the field (regression: some read it as the default, some as "null", some crashed)', async () => {
    for (const [what, call] of ENTRY_POINTS) {
      const field = A_FIELD[what]!;
      expect(await thrown(() => call({ [field]: null } as never)), `${what}'s ${field}`).toBe(
        `TypeError: ${what}: ${field}: got null; leave the field out (or undefined) for its default`,
      );
    }
  });

  it('resolvePlan takes a request of null as none, and names the missing verb (regression: "Cannot read properties of null")', async () => {
    for (const request of [null, undefined])
      await expect(resolvePlan('pentomino', request as never)).rejects.toThrow(
        new UsageError('verb: expected one of solve, enumerate, sweep, count, got undefined'),
      );
  });

  it("a puzzle's option of null, in resolvePlan's args, is refused naming it", async () => {
    await expect(resolvePlan('pentomino', { verb: 'solve', args: { preset: null } })).rejects.toThrow(/^args: preset: got null; leave the field out/);
  });
});

describe("resolvePlan checks its request as every call's options are checked", () => {
  const plan = (request: object) => resolvePlan('pentomino', { verb: 'enumerate', ...request });

  it('a misspelt field is refused (regression: ignored, the plan made without it)', async () => {
    await expect(plan({ solvr: 'minisat-wasm' })).rejects.toThrow(/^resolvePlan has no option "solvr" \(did you mean solver\?\)/);
  });

  it("numbers are held to the rules of the command line's options (regression: NaN, -1 and 10^9 workers were planned)", async () => {
    for (const [field, value, rule] of [
      ['workers', NaN, /^workers: expected a whole number ≥ 1 and ≤ \d+ \(4 threads for each of the \d+ cores\), got NaN$/],
      ['workers', -1, /^workers: expected a whole number ≥ 1 and ≤ \d+ .*got -1$/],
      ['workers', 1e9, /^workers: expected a whole number ≥ 1 and ≤ \d+ .*got 1000000000$/],
      ['cubeDepth', -3, /^cubeDepth: expected a whole number ≥ 0, got -3$/],
      ['cubeDepth', 'x', /^cubeDepth: expected a whole number ≥ 0, got "x"$/],
      ['jobs', NaN, /^jobs: expected a whole number ≥ 1 and ≤ 100000 .*got NaN$/],
    ] as const)
      await expect(plan({ [field]: value }), `${field} ${String(value)}`).rejects.toThrow(rule);
    await expect(resolvePlan('genius-square', { verb: 'sweep', sample: -1 })).rejects.toThrow(/^sample: expected a whole number ≥ 1, got -1$/);
    await expect(resolvePlan('genius-square', { verb: 'sweep', sample: 3, seed: NaN })).rejects.toThrow(
      /^seed: expected a whole number ≥ 0 and ≤ 4294967295 \(the random generator keeps 32 bits of a seed\), got NaN$/,
    );
  });

  it("text, flags and the puzzle's options are of their kinds (regression: args 'x' became an option \"0\", native 'no' was taken as true)", async () => {
    await expect(plan({ args: 'x' })).rejects.toThrow(/^args: expected an object of the puzzle's options, got string$/);
    await expect(plan({ args: ['x'] })).rejects.toThrow(/^args: expected an object of the puzzle's options, got an array$/);
    await expect(plan({ native: 'no' })).rejects.toThrow(/^native: expected true or false, got "no"$/);
    await expect(plan({ enumMode: 5 })).rejects.toThrow(/^enumMode: expected text, got number$/);
    await expect(plan({ solver: {} })).rejects.toThrow(/^solver: expected text, got object$/);
  });

  it('a request that is right still plans', async () => {
    expect((await plan({ workers: 1, cubeDepth: 0 })).verb).toBe('enumerate');
  });
});

describe("explainPuzzle checks the puzzle's options as puzzles.byName does", () => {
  it('options of null are none (regression: "Cannot read properties of null")', () => {
    expect(explainPuzzle('pentomino', null as never).puzzle).toBe('pentomino');
  });

  it('a typo or a name that is no text is refused (regression: prest and maxCells were ignored, 5 crashed in "includes")', () => {
    expect(() => explainPuzzle('pentomino', { prest: '8x8-square' })).toThrow(/^pentomino has no option "prest" \(did you mean preset\?\)/);
    expect(() => explainPuzzle('pentomino', { maxCells: 3 })).toThrow(/more than the limit of 3/);
    expect(() => explainPuzzle(5 as never)).toThrow(/^explainPuzzle: expected a puzzle name, got number$/);
  });

  it("another puzzle's option does not apply, as on the command line", () => {
    expect(() => explainPuzzle('pentomino', { roll: 3 })).toThrow(new UsageError('roll does not apply to pentomino'));
  });
});

describe("decodeAnswer's names for messages", () => {
  it('are text; a misspelt one is refused (regression: 5 was named "5", cnff ignored)', () => {
    expect(() => decodeAnswer(DIMACS, ANSWER, { cnf: 5 } as never)).toThrow(/^decodeAnswer: cnf: expected a name for messages \(text\), got number$/);
    expect(() => decodeAnswer(DIMACS, ANSWER, { cnff: 'x' } as never)).toThrow(/^decodeAnswer has no option "cnff"/);
    expect(decodeAnswer(DIMACS, ANSWER, { cnf: 'my.cnf' }).status).toBe('SAT');
  });
});

describe('runPlan and parseDimacs given what they should not be', () => {
  it('runPlan: a plan that is none is refused, and so are misspelt hooks (regression: "RUNNERS[plan.verb] is not a function"; onSolutoin never called)', async () => {
    await expect(runPlan(null as never)).rejects.toThrow(new TypeError('runPlan: expected a plan from resolvePlan, got null'));
    await expect(runPlan({} as never)).rejects.toThrow(new TypeError('runPlan: expected a plan from resolvePlan, got an object without a verb'));
    const plan = await resolvePlan('pentomino', { verb: 'enumerate', args: { preset: '3x20' }, workers: 1 });
    await expect(runPlan(plan, { onSolutoin: () => {} } as never)).rejects.toThrow(
      /^runPlan has no option "onSolutoin" \(did you mean onSolution\?\)/,
    );
    await expect(runPlan(plan, { onSolution: 5 } as never)).rejects.toThrow(new TypeError('onSolution: expected a function, got number'));
    await expect(runPlan(plan, { shouldStop: true } as never)).rejects.toThrow(new TypeError('shouldStop: expected a function, got boolean'));
    let found = 0;
    await runPlan(plan, { onSolution: () => found++ });
    expect(found).toBe(8);
  });

  it('parseDimacs names its text by a string (regression: {} was named "[object Object]")', () => {
    expect(() => parseDimacs('p cnf 1 x\n', {} as never)).toThrow(
      new TypeError('parseDimacs: source: expected a name for messages (text), got object'),
    );
    expect(() => parseDimacs('p cnf 1 x\n', 'mine.cnf')).toThrow(/^mine\.cnf:1: bad header/);
  });
});

describe('a solver object used wrongly says so as a UserError naming the call', () => {
  it('every method after close() is refused (regression: a plain Error, and add() went on quietly)', async () => {
    const s = await openSolver(ab(), { solver: 'minisat-wasm' });
    s.close();
    for (const [call, use] of [
      ['solve', () => s.solve()],
      ['add', () => s.add(['a'])],
      ['core', () => s.core()],
      ['stats', () => s.stats()],
      ['prefer', () => s.prefer('a', true)],
      ['certify', () => s.certify()],
    ] as const) {
      const e = await thrown(use);
      expect(e, call).toBe(`UserError: ${call}(): this minisat-wasm solver is closed (close() freed it); open another with openSolver`);
    }
    s.close();
  });

  it('core(), certify() and proof() out of turn are refused as UserErrors (regression: plain Errors)', async () => {
    const s = await openSolver(ab(), { solver: 'minisat-wasm' });
    try {
      expect(await s.solve()).toBe('SAT');
      await expect(s.core()).rejects.toThrow(new UserError('core() needs the last solve to have answered UNSAT, not SAT'));
      await expect(s.certify()).rejects.toThrow(new UserError('certify() needs the last solve to have answered UNSAT, not SAT'));
      expect(() => s.proof()).toThrow(new UserError('proof() needs openSolver(…, { proof: true })'));
      for (const e of [await thrown(() => s.core()), await thrown(() => s.proof())]) expect(e).toMatch(/^UserError: /);
    } finally {
      s.close();
    }
  });

  it('a term of the wrong kind in a clause or the assumptions is named by its place (regression: "got null", without saying where)', async () => {
    const s = await openSolver(ab(), { solver: 'minisat-wasm' });
    try {
      expect(() => s.add(['a', null] as never)).toThrow(/^add\[1\]: a term is a name, a literal, a boolean or an expression, got null$/);
      expect(() => s.add([{}] as never)).toThrow(/^add\[0\]: a term is a name, a literal, a boolean or an expression, got object$/);
      expect(() => s.add(null as never)).toThrow(/^add: expected a list of terms \(names, literals, expressions\), got null$/);
      await expect(s.solve({ assumptions: ['a', undefined] as never })).rejects.toThrow(/^assumptions\[1\]: a term is a name, .* got undefined$/);
      expect(() => s.add(['a', NaN])).toThrow(/^literal NaN: expected a variable's number or its negation/);
      expect(s.formula.clauseCount).toBe(1);
    } finally {
      s.close();
    }
  });

  it("a solver object's core() holds its timeout to solve's rule (regression: NaN or -5 gave every solve up at once, and kept every assumption)", async () => {
    const s = await openSolver(ab(), { solver: 'minisat-wasm' });
    try {
      expect(await s.solve({ assumptions: [not('a'), not('b')] })).toBe('UNSAT');
      for (const timeout of [NaN, -5])
        await expect(s.core({ minimal: true, timeout })).rejects.toThrow(/^timeout: expected a positive number of seconds/);
    } finally {
      s.close();
    }
  });

  it('satisfy and literalOf name themselves for a term that is none', () => {
    expect(() => satisfy(ab(), 0)).toThrow(new RangeError('satisfy: a literal is a nonzero integer, got 0'));
    expect(() => literalOf(ab(), null as never)).toThrow(
      new TypeError('literalOf: a term is a name, a literal, a boolean or an expression, got null'),
    );
  });
});

describe("a family's name and description", () => {
  it('a description that is no text is refused (regression: family(name, 42) kept 42)', () => {
    for (const description of [42, null, {}])
      expect(() => ab().family('x', description as never)).toThrow(
        new TypeError(`family: description: expected text (a string), got ${description === null ? 'null' : typeof description}`),
      );
  });

  it('an empty name, or one with white space at its ends or a line break, is refused (regression: nameless families, and names that read back as others)', () => {
    const f = ab();
    for (const name of ['', '  ', ' x', 'x ', 'a\nb', '\t'])
      expect(() => f.family(name), JSON.stringify(name)).toThrow(
        new RangeError(`family: a name is a non-empty line without white space at its ends, got ${JSON.stringify(name)}`),
      );
    expect(f.families.map((family) => family.name)).toEqual(['clauses']);
    // A control character other than a tab, which the reader refuses (regression: written, then refused reading the file back).
    expect(() => f.family('a\x1bb')).toThrow(
      new RangeError(`family: a name holds a control character (a c family line cannot carry it back), got ${JSON.stringify('a\x1bb')}`),
    );
  });

  it('names are kept exactly: two that differ in white space inside are two families, and read back as given', () => {
    const f = ab();
    f.family('a  b', 'two spaces');
    f.add([1]);
    f.family('a b', 'one space');
    f.add([2]);
    f.family('a\tb');
    f.add([1, 2]);
    expect(f.families.map((family) => family.name)).toEqual(['clauses', 'a  b', 'a b', 'a\tb']);
    expect(parseDimacs(toDimacs(f)).families.map((family) => [family.name, family.size])).toEqual([
      ['clauses', 1],
      ['a  b', 1],
      ['a b', 1],
      ['a\tb', 1],
    ]);
  });
});

/**
 * setSizeLimits holds for the thread that calls it; a run on worker threads
 * rebuilds its instance there, under the limits of the thread that started
 * it. The case: a DIMACS file declaring more variables than the default
 * limit, enumerated on two threads (regression: each thread refused the file
 * with the default limit, which the caller had raised).
 */
describe('setSizeLimits', () => {
  it("holds on a run's worker threads, as on the thread that called it", { timeout: 300_000 }, async () => {
    // Worker threads run the compiled script: the library as a package's caller imports it.
    const lib = (await import(pathToFileURL(join(import.meta.dirname, '..', 'dist', 'src', 'index.js')).href)) as typeof import('../src/index.js');
    const dir = mkdtempSync(join(tmpdir(), 'limits-threads-'));
    const file = join(dir, 'wide.cnf');
    writeFileSync(file, `p cnf ${lib.DEFAULT_LIMITS.vars + 1} 2\nc p show 1 2 0\n1 2 0\n-1 -2 0\n`);
    try {
      lib.setSizeLimits({ vars: lib.DEFAULT_LIMITS.vars + 1 });
      const plan = await lib.resolvePlan(file, { verb: 'enumerate', workers: 2, native: false, solver: 'minisat-wasm' });
      expect(plan).toMatchObject({ workers: 2, strategy: 'cubes' });
      let solutions = 0;
      await lib.runPlan(plan, { onSolution: () => solutions++ });
      expect(solutions).toBe(2);
    } finally {
      lib.setSizeLimits({});
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds for a plan rebuilt after the same plan was under higher ones (regression: the instance kept from then was reused)', async () => {
    // A plan that travelled (JSON, as a queue job's) is rebuilt from its puzzle and args, and the instance kept for its next run.
    const resolved = await resolvePlan('pentomino', { verb: 'enumerate', args: { preset: '3x20', amo: 'pairwise' } });
    const plan = JSON.parse(JSON.stringify(resolved)) as EnumeratePlan;
    expect(planInstance(plan).cnf.clauseCount).toBeGreaterThan(0);
    try {
      setSizeLimits({ literals: 1000 });
      expect(() => planInstance(plan)).toThrow(/than the limit of 1000 \(raise it with puzzles\.byName's maxLiterals/);
    } finally {
      setSizeLimits({});
    }
  });

  it('setSizeLimits given no object is refused (regression: 5 was taken as none, "x" read as a limit "0")', () => {
    try {
      expect(() => setSizeLimits(5 as never)).toThrow(new TypeError('setSizeLimits: expected an object of limits, got number'));
      expect(() => setSizeLimits('x' as never)).toThrow(new TypeError('setSizeLimits: expected an object of limits, got string'));
      expect(() => setSizeLimits([] as never)).toThrow(new TypeError('setSizeLimits: expected an object of limits, got an array'));
    } finally {
      setSizeLimits({});
    }
  });
});
