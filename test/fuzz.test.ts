import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readInput } from '../src/core/input.js';
import { setSizeLimits } from '../src/core/limits.js';
import { parseProof } from '../src/proof/drat-format.js';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { buildInstance } from '../encoders/index.js';
import { checkDeck, parseDeck } from '../encoders/dobble.js';
import { polycube } from '../encoders/polycube.js';
import { polyomino } from '../encoders/polyomino.js';
import { dimacsClauses, parseDimacs } from '../src/core/dimacs.js';
import { UserError } from '../src/core/errors.js';
import type { Instance } from '../src/core/puzzle.js';
import { solveExactCover } from '../solvers/dlx/exact-cover.js';
import { cellsArt, inlineArt, parsePieceArt, parsePiecesFile, parseRegion } from '../src/geometry/shapes.js';
import { checkNumericOptions, checkOutputs } from '../src/cli/options.js';
import { MAX_TIMEOUT_SECONDS } from '../src/core/limits.js';
import { pickSolver } from '../solvers/index.js';
import { createLogicSolver } from '../solvers/logic-solver.js';
import type { SolverFactory } from '../solvers/types.js';
import { solveDpll } from './helpers/dpll.js';

/**
 * Property-based fuzzing (fast-check, fixed seeds) of every input format and
 * option value: each generated case must end in a correct answer or a
 * one-line UserError — never another exception, a crash or a hang. Accepted
 * formulas are solved and the verdict checked against the independent DPLL
 * of test/helpers/dpll.ts; accepted puzzles are solved and their solutions
 * checked by the puzzle's own checker, UNSAT by dancing links or DPLL.
 * Most cases run in-process; a few dozen CLI runs check exit codes and the
 * shape of stderr.
 */
const SEED = 15;
let factory: SolverFactory;
beforeAll(async () => {
  factory = await pickSolver(undefined);
  // Without the WebAssembly engines the default is logic-solver, whose every instance takes a 256 MiB heap:
  // thousands of small formulas get 16 MiB ones, made in this thread (as quick to make as they are to solve).
  if (factory.name === 'logic-solver') factory = { ...factory, create: () => createLogicSolver(16) };
});

let cases = 0;

/** Runs `call`; a UserError must be one line. Anything else it throws fails the property. */
function acceptedOrUserError<T>(call: () => T): T | undefined {
  cases++;
  try {
    return call();
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    expect(e.message).not.toMatch(/\n/);
    expect(e.message.length).toBeGreaterThan(0);
    return undefined;
  }
}

/** The variables a clause set uses, renumbered 1..k, so DPLL never branches on unused ones. */
function compact(clauses: readonly ArrayLike<number>[]): { clauses: number[][]; vars: number } {
  const index = new Map<number, number>();
  const out = clauses.map((c) =>
    Array.from(c, (lit) => {
      const v = Math.abs(lit);
      if (!index.has(v)) index.set(v, index.size + 1);
      return Math.sign(lit) * index.get(v)!;
    }),
  );
  return { clauses: out, vars: index.size };
}

/** The solver's verdict on clauses, with its model checked; must agree with DPLL. */
async function crossCheck(clauses: readonly ArrayLike<number>[]): Promise<void> {
  const { clauses: cs, vars } = compact(clauses);
  const solver = factory.create();
  try {
    solver.ensureVars(vars);
    for (const c of cs) solver.addClause(c);
    const status = await solver.solve();
    const truth = solveDpll(cs, vars);
    expect(status).toBe(truth ? 'SAT' : 'UNSAT');
    if (status === 'SAT') expect(cs.every((c) => c.some((lit) => solver.value(Math.abs(lit)) === lit > 0))).toBe(true);
  } finally {
    solver.dispose();
  }
}

// ---- DIMACS ------------------------------------------------------------------------

const clauseArb = (vars: number) =>
  fc.array(
    fc.integer({ min: 1, max: vars }).chain((v) => fc.constantFrom(v, -v)),
    { minLength: 0, maxLength: 4 },
  );
const formulaArb = fc
  .integer({ min: 1, max: 9 })
  .chain((vars) => fc.record({ vars: fc.constant(vars), clauses: fc.array(clauseArb(vars), { maxLength: 14 }) }));
const layoutArb = fc.record({
  eol: fc.constantFrom('\n', '\r\n', '\r'),
  gap: fc.constantFrom(' ', '  ', '\t', ' \t '),
  comments: fc.boolean(),
  satlibTrailer: fc.boolean(),
  project: fc.boolean(),
});

function dimacsText(
  f: { vars: number; clauses: number[][] },
  l: { eol: string; gap: string; comments: boolean; satlibTrailer: boolean; project: boolean },
): string {
  const lines = [`p cnf ${f.vars} ${f.clauses.length}`];
  if (l.comments) lines.unshift('c generated');
  if (l.project) lines.push(`c project ${Array.from({ length: f.vars }, (_, i) => i + 1).join(' ')} 0`);
  for (const c of f.clauses) lines.push([...c, 0].join(l.gap));
  if (l.satlibTrailer) lines.push('%', '0');
  return lines.join(l.eol) + l.eol;
}

/** Edits a text as a careless user, a broken pipe or a hostile file would. */
const mutationArb = fc.array(
  fc.record({
    at: fc.nat(),
    cut: fc.integer({ min: 0, max: 3 }),
    insert: fc.constantFrom(
      '',
      '-',
      '0',
      '9',
      ' ',
      '\n',
      '\r',
      '\0',
      'x',
      '0x2',
      '1e1',
      '%',
      'p cnf 3 1',
      'c project 99 0',
      '4294967297',
      '2147483648',
      '9'.repeat(40),
      '\u00e9',
      'c ind 1 0',
    ),
  }),
  { minLength: 1, maxLength: 4 },
);

function mutate(text: string, edits: { at: number; cut: number; insert: string }[]): string {
  let t = text;
  for (const e of edits) {
    const at = t.length ? e.at % (t.length + 1) : 0;
    t = t.slice(0, at) + e.insert + t.slice(at + e.cut);
  }
  return t;
}

describe('fuzz', { timeout: 300_000 }, () => {
  it('DIMACS: valid formulas in any layout parse to their clauses and solve right', async () => {
    await fc.assert(
      fc.asyncProperty(formulaArb, layoutArb, async (f, layout) => {
        const parsed = acceptedOrUserError(() => parseDimacs(dimacsText(f, layout), 'fuzz.cnf'))!;
        expect(parsed).toBeDefined();
        expect([...dimacsClauses(parsed)].map((c) => Array.from(c))).toEqual(f.clauses);
        await crossCheck(f.clauses);
      }),
      { seed: SEED, numRuns: 1500 },
    );
  });

  it('DIMACS: mutated files are refused in one line or, when accepted, are consistent and solve right', async () => {
    await fc.assert(
      fc.asyncProperty(formulaArb, layoutArb, mutationArb, async (f, layout, edits) => {
        const parsed = acceptedOrUserError(() => parseDimacs(mutate(dimacsText(f, layout), edits), 'fuzz.cnf'));
        if (!parsed) return;
        const clauses = [...dimacsClauses(parsed)];
        expect(clauses.length).toBe(parsed.ends.length);
        for (const c of clauses) for (const lit of c) expect(lit !== 0 && Math.abs(lit) <= parsed.vars).toBe(true);
        for (const v of parsed.projection ?? []) expect(v >= 1 && v <= parsed.vars).toBe(true);
        await crossCheck(clauses);
      }),
      { seed: SEED + 1, numRuns: 3000 },
    );
  });

  // ---- boards, pieces, figures ----------------------------------------------------

  const artChar = fc.constantFrom('.', '.', '.', '#', ' ', 'x', '\t');
  const artRow = fc.array(artChar, { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''));
  const boardArb = fc.oneof(
    fc.array(artRow, { minLength: 1, maxLength: 3 }).map((rows) => rows.join('/')),
    fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })).map(([w, h]) => `${w}x${h}`),
    fc.constantFrom('100000x100000', '3x-1', '0x0', '', '/', 'x'),
  );
  const pieceArt = fc
    .array(
      fc.array(fc.constantFrom('#', '#', '.', 'A'), { minLength: 1, maxLength: 3 }).map((cs) => cs.join('')),
      { minLength: 1, maxLength: 2 },
    )
    .map((rows) => rows.join('/'));
  const pieceToken = fc.oneof(
    fc.constantFrom('M1', 'D2', 'I3', 'L3', 'O4', 'X', 'L', 'D2*2', 'M1*3', 'M1*0', 'nope', '=', '*', 'Q*'),
    fc.tuple(fc.constantFrom('Q', 'R', 'L3'), pieceArt).map(([name, art]) => `${name}=${art}`),
  );
  const piecesArb = fc.array(pieceToken, { minLength: 0, maxLength: 4 }).map((ts) => ts.join(','));

  /** An accepted packing is solved: a SAT answer must pass the checker, UNSAT must be confirmed by dancing links or DPLL. */
  async function answerIsRight(instance: Instance): Promise<void> {
    const solver = factory.create();
    try {
      solver.ensureVars(instance.cnf.varCount);
      for (const c of instance.cnf.clauses()) solver.addClause(c);
      const status = await solver.solve();
      if (status === 'SAT') {
        const trueVars = instance.cnf.projection.filter((v) => solver.value(v));
        expect(instance.check(instance.decode(trueVars))).toBeNull();
      } else if (instance.exactCover) {
        expect(status).toBe('UNSAT');
        expect(solveExactCover(instance.exactCover, { limit: 1 }).count).toBe(0);
      } else {
        expect(status).toBe('UNSAT');
        const clauses = [...instance.cnf.clauses()];
        expect(solveDpll(clauses, instance.cnf.varCount)).toBeNull();
      }
    } finally {
      solver.dispose();
    }
  }

  it('boards and piece lists: a right answer or a one-line error', async () => {
    await fc.assert(
      fc.asyncProperty(boardArb, piecesArb, fc.boolean(), async (board, pieces, flip) => {
        const instance = acceptedOrUserError(() => polyomino({ board, pieces, flip }));
        if (instance && instance.cnf.varCount <= 400) await answerIsRight(instance);
      }),
      { seed: SEED + 2, numRuns: 1500 },
    );
  });

  it('board files and pieces files: a parse or a one-line error; what parses reads back from its header art (cellsArt) cell for cell', () => {
    const fromArt = (art: string) =>
      inlineArt(art)
        .map((l) => l.text)
        .join('\n');
    const line = fc.oneof(artRow, fc.constantFrom('A:', 'B*2:', 'A:', '// note', '--', '', 'C*0:', '9:', 'Q :'));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.constantFrom('\n', '\r\n'), (lines, eol) => {
        const text = lines.join(eol);
        const region = acceptedOrUserError(() => parseRegion(text, 'board.txt'));
        if (region) {
          expect(region.length).toBeGreaterThan(0);
          expect(parseRegion(fromArt(cellsArt(region, '.', '#')), 'header')).toEqual(region);
        }
        const pieces = acceptedOrUserError(() => parsePiecesFile(text, 'pieces.txt'));
        if (pieces) {
          expect(new Set(pieces.map((p) => p.name)).size).toBe(pieces.length);
          for (const p of pieces) expect(p.cells.length).toBeGreaterThan(0);
          for (const p of pieces) expect(parsePieceArt(inlineArt(cellsArt(p.cells, '#', '.')), 'header')).toEqual(p.cells);
        }
      }),
      { seed: SEED + 3, numRuns: 1500 },
    );
  });

  it('figures: a right answer or a one-line error', async () => {
    const level = fc.array(artRow, { minLength: 1, maxLength: 2 }).map((rows) => rows.join('/'));
    const figureArb = fc.oneof(
      fc.array(level, { minLength: 1, maxLength: 2 }).map((ls) => ls.join('|')),
      fc.tuple(fc.nat(3), fc.nat(3), fc.nat(2)).map(([w, h, d]) => `${w}x${h}x${d}`),
      fc.constantFrom('1000x1000x1000', 'cube', 'nope'),
    );
    const cubePieces = fc
      .array(fc.constantFrom('M1', 'D2', 'I3', 'V', 'L', 'Q=##|#.', 'Q=#', 'Q=#|#', 'soma'), { minLength: 1, maxLength: 3 })
      .map((ts) => ts.join(','));
    await fc.assert(
      fc.asyncProperty(figureArb, cubePieces, async (figure, pieces) => {
        const instance = acceptedOrUserError(() => polycube({ figure, pieces }));
        if (instance && instance.cnf.varCount <= 400) await answerIsRight(instance);
      }),
      { seed: SEED + 4, numRuns: 600 },
    );
  });

  it('Genius Square rolls: a right answer or a one-line error', async () => {
    const label = fc.oneof(
      fc.tuple(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'), fc.integer({ min: 1, max: 6 })).map(([r, c]) => `${r}${c}`),
      fc.constantFrom('G1', 'A0', 'A7', 'a1', '', ' A1', 'A11'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(label, { minLength: 0, maxLength: 9 }), fc.boolean(), async (labels, anyBlockers) => {
        const instance = acceptedOrUserError(() =>
          buildInstance('genius-square', { roll: labels.join(','), 'any-blockers': anyBlockers || undefined }),
        );
        if (instance) await answerIsRight(instance);
      }),
      { seed: SEED + 5, numRuns: 800 },
    );
  });

  it('deck files: a verdict or a one-line error', () => {
    const token = fc.constantFrom('1', '2', '3', 'cat', 'dog', ',', ' ', '#', '\n', '\r\n', 'red apple', ',,', '\t');
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        const cards = acceptedOrUserError(() => parseDeck(tokens.join(''), 'deck.txt'));
        if (cards) expect(checkDeck(cards)).toBeDefined();
      }),
      { seed: SEED + 6, numRuns: 1000 },
    );
  });

  it('option values: accepted ones obey their rule, the rest are one-line errors', () => {
    const value = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.double({ noDefaultInfinity: false }),
      fc.constantFrom(Number.NaN, Infinity, -Infinity, '', 'abc', '0x10', '1e3', ' 7 ', '3.5', '-0', 2 ** 31, MAX_TIMEOUT_SECONDS + 1),
      fc.string({ maxLength: 6 }),
    );
    const name = fc.constantFrom('timeout', 'cube-depth', 'workers', 'limit', 'show', 'sample', 'seed', 'symbols-per-card', 'max-cells');
    fc.assert(
      fc.property(name, value, (option, v) => {
        const ok = acceptedOrUserError(() => {
          checkNumericOptions({ [option]: v, _: [] });
          return true;
        });
        if (!ok) return;
        const n = Number(v);
        if (option === 'timeout') expect(n > 0 && n <= MAX_TIMEOUT_SECONDS).toBe(true);
        else expect(Number.isInteger(n) && n >= 0).toBe(true);
      }),
      { seed: SEED + 7, numRuns: 2000 },
    );
  });

  it('ran at least 10,000 generated cases', () => {
    expect(cases).toBeGreaterThanOrEqual(10_000);
  });
});

// ---- the CLI: exit codes and the shape of stderr ------------------------------------

const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-fuzz-');

describe('fuzz the CLI', { timeout: 300_000 }, () => {
  it('exit 0 with an answer, or exit 1/2 with one "puzzlesat: ..." line; never an internal error or a hang', () => {
    writeFileSync(join(dir, 'ok.cnf'), 'p cnf 2 2\r1 2 0\r-1 0\r');
    writeFileSync(join(dir, 'bad.cnf'), 'p cnf 2 1\n1 99999999999 0\n');
    writeFileSync(join(dir, 'huge.cnf'), 'p cnf 2147483647 1\n1 0\n');
    const puzzle = fc.constantFrom(
      ['pentomino', '--preset', '3x20'],
      ['polyomino', '--board', '4x2', '--pieces', 'L4,O4'],
      ['polyomino', '--board', '3x1', '--pieces', 'L3'],
      ['polyomino', '--board', '2x1', '--pieces', 'Q=#,Q=##'],
      ['soma', '--figure', '2x2x2'],
      ['soma', '--unique', 'bogus'],
      ['genius-square', '--roll', 'A1,B2'],
      ['genius-square', '--random'],
      ['ok.cnf'],
      ['bad.cnf'],
      ['huge.cnf'],
    );
    const extra = fc.array(
      fc.constantFrom(
        ['--timeout', '5'],
        ['--timeout', '-1'],
        ['--timeout', 'abc'],
        ['--cube-depth', 'x'],
        ['--cube-depth', '2'],
        ['--limit', '0'],
        ['--amo', 'magic'],
        ['--json'],
        ['--solver', 'dlx'],
        ['--max-cells', '4'],
      ),
      { maxLength: 2 },
    );
    fc.assert(
      fc.property(fc.constantFrom('solve', 'enumerate', 'encode'), puzzle, extra, (verb, p, more) => {
        const args = [verb, ...p, ...more.flat(), ...(verb === 'enumerate' ? ['--limit', '2', '--show', '0'] : [])];
        const r = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', timeout: 240_000, killSignal: 'SIGKILL' });
        expect(r.signal, args.join(' ')).toBeNull();
        const err = r.stderr.trim();
        if (r.status === 0) expect(err === '' || /^puzzlesat: (note|resuming)/.test(err), args.join(' ')).toBe(true);
        else {
          // 1 for bad input, 2 for usage errors (a bad option value, an unknown argument).
          expect([1, 2], args.join(' ')).toContain(r.status);
          expect(err.split('\n'), args.join(' ')).toHaveLength(1);
          expect(err, args.join(' ')).toMatch(/^puzzlesat: (?!internal error)/);
        }
      }),
      { seed: SEED + 8, numRuns: 60 },
    );
  });
});

/**
 * Issue 26's families: size and range limits, output paths that alias the
 * run's inputs, inputs past the size limit, proofs past the variable limit.
 * Sized for CI; `npm run fuzz` multiplies every count (PUZZLESAT_FUZZ_SCALE).
 * Tampered resume files are fuzzed in test/hardening.test.ts (100 mutations
 * of a 6x10 file against its true classes).
 */
const SCALE = Number(process.env.PUZZLESAT_FUZZ_SCALE ?? 1);

const work = tempDir('puzzlesat-fuzz26-');

describe('fuzz limits, outputs and inputs (issue 26)', { timeout: 600_000 }, () => {
  it('every numeric option is held to its range, or refused in one line', () => {
    const bounded: Record<string, number> = {
      workers: 4 * availableParallelism(),
      concurrency: 4 * availableParallelism(),
      'lock-seconds': 86_400,
      jobs: 100_000,
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(bounded), 'max-input-bytes', 'max-vars', 'max-cells'),
        fc.oneof(
          fc.integer({ min: -10, max: 10 }),
          fc.integer({ min: 0, max: 2 ** 31 }),
          fc.double({ noNaN: false }),
          fc.constantFrom(1e15, Infinity, '1e3', 'abc', ''),
        ),
        (name, value) => {
          let accepted = true;
          acceptedOrUserError(() => {
            accepted = false;
            checkNumericOptions({ _: ['enumerate'], [name]: value });
            accepted = true;
          });
          if (!accepted) return;
          const n = Number(value);
          expect(Number.isInteger(n) && n >= 1).toBe(true);
          if (bounded[name] !== undefined) expect(n).toBeLessThanOrEqual(bounded[name]!);
        },
      ),
      { seed: SEED + 26, numRuns: 500 * SCALE },
    );
  });

  it('an output that is one of the inputs, by any spelling or link, is refused even with --force; other existing files need --force', () => {
    const input = join(work, 'board.txt');
    writeFileSync(input, '..\n..\n');
    linkSync(input, join(work, 'hard-link.txt'));
    symlinkSync(input, join(work, 'soft-link.txt'));
    writeFileSync(join(work, 'other.txt'), 'keep');
    const spellings = [
      input,
      join(work, '.', 'board.txt'),
      join(work, 'sub', '..', 'board.txt'),
      join(work, 'hard-link.txt'),
      join(work, 'soft-link.txt'),
    ];
    mkdirSync(join(work, 'sub'), { recursive: true });
    fc.assert(
      fc.property(
        fc.constantFrom('output', 'svg', 'png', 'proof', 'histogram'),
        fc.constantFrom(...spellings, join(work, 'other.txt'), join(work, 'new.txt')),
        fc.boolean(),
        fc.constantFrom('board', 'pieces-file', 'kind'),
        (output, path, force, inputOption) => {
          const args = { _: ['encode'], [inputOption]: input, [output]: path, ...(force ? { force: true } : {}) };
          let message: string | undefined;
          try {
            checkOutputs(args);
          } catch (e) {
            if (!(e instanceof UserError)) throw e;
            message = e.message;
          }
          if (spellings.includes(path)) expect(message).toMatch(/of this run; write elsewhere/);
          else if (path.endsWith('other.txt') && !force) expect(message).toMatch(/exists; add --force/);
          else expect(message).toBeUndefined();
        },
      ),
      { seed: SEED + 27, numRuns: 300 * SCALE },
    );
  });

  it('an input is read whole up to the byte limit and refused past it, whatever its size', () => {
    const file = join(work, 'sized.bin');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4096 }), fc.integer({ min: 1, max: 4096 }), (size, limit) => {
        writeFileSync(file, Buffer.alloc(size, 0x2e));
        setSizeLimits({ bytes: limit });
        try {
          const read = acceptedOrUserError(() => readInput(file, 'sized.bin'));
          if (size <= limit) expect(read?.length).toBe(size);
          else expect(read).toBeUndefined();
        } finally {
          setSizeLimits({});
        }
      }),
      { seed: SEED + 28, numRuns: 300 * SCALE },
    );
  });

  it('a proof names no variable past its limit, text or binary', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.integer({ min: -(2 ** 31 - 1), max: 2 ** 31 - 1 }).filter((l) => l !== 0),
            { maxLength: 4 },
          ),
          { maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 1000 }),
        (clauses, maxVar) => {
          const text = clauses.map((c) => `${c.join(' ')} 0\n`).join('');
          const proof = acceptedOrUserError(() => parseProof(Buffer.from(text), 'p', { maxVar }));
          const largest = Math.max(0, ...clauses.flat().map(Math.abs));
          if (largest <= maxVar) expect(proof?.maxVar).toBe(largest);
          else expect(proof).toBeUndefined();
        },
      ),
      { seed: SEED + 29, numRuns: 500 * SCALE },
    );
  });
});
