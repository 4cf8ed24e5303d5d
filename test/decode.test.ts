import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { readAnswer } from '../solvers/external/output.js';
import { type Cnf, UserError, decodeAnswer, parseDimacs } from '../src/index.js';
import { type CliRun, expectOneLineError } from './helpers/expect-errors.js';

/** `puzzlesat decode` and `solve -` / `solve FILE --json`, through the compiled CLI. */
const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const dir = tempDir('puzzlesat-decode-');

const run = (args: string[], input?: string) => spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8', input, timeout: 240_000 });

/** Encodes a puzzle and solves the file with our own solver, as an external solver would: `s`/`v` lines. */
function encodedAndSolved(name: string, args: string[]): { cnf: string; answer: string } {
  const cnf = join(dir, `${name}.cnf`);
  expect(run(['encode', ...args, '-o', cnf]).status).toBe(0);
  const solved = run(['solve', cnf]);
  expect(solved.status).toBe(0);
  return { cnf, answer: solved.stdout };
}

const write = (file: string, text: string) => {
  writeFileSync(join(dir, file), text);
  return join(dir, file);
};

/** x1 or x2 projected on x1: the answers below differ in x2 alone, where x2 is outside the projection, or in x1. */
const FREE_AUX = 'p cnf 2 1\nc p show 1 0\n1 2 0\n';
const AUX_ONLY = 's SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv 1 -2 0\n';
const PROJECTED_APART = 's SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv -1 2 0\n';

/** The literals of an answer's one model (its `v` lines). */
const modelOf = (answer: string): number[] =>
  answer
    .split('\n')
    .filter((l) => l.startsWith('v '))
    .flatMap((l) => l.slice(2).trim().split(/\s+/).map(Number))
    .filter((lit) => lit !== 0);

/** The model with an auxiliary flipped that leaves it a model: another model of the same solution. */
function withFreeAuxFlipped(cnf: Cnf, literals: number[]): number[] {
  const truth = new Set(literals.filter((lit) => lit > 0));
  const free = cnf.auxiliaryVariables().find((aux) => cnf.satisfiedBy((v) => truth.has(v) !== (v === aux)).ok);
  expect(free, 'an auxiliary free in this model').toBeDefined();
  return literals.map((lit) => (Math.abs(lit) === free ? -lit : lit));
}

describe('decodeAnswer', () => {
  it('gives one entry a solution and says how many models it read: models that differ only outside the projection collapse (regression: one entry a model)', () => {
    const aux = decodeAnswer(FREE_AUX, AUX_ONLY);
    expect([aux.solutions.length, aux.models]).toEqual([1, 2]);
    // The first model of the two is the one kept.
    expect(aux.solutions[0]).toEqual(decodeAnswer(FREE_AUX, 's SATISFIABLE\nv 1 2 0\n').solutions[0]);
    const apart = decodeAnswer(FREE_AUX, PROJECTED_APART);
    expect([apart.solutions.length, apart.models]).toEqual([2, 2]);
    // A whole model twice is still no one run's answer.
    expect(() => decodeAnswer(FREE_AUX, `${AUX_ONLY}s SATISFIABLE\nv 1 2 0\n`)).toThrow(/model 3 repeats model 1 /);
  });
});

describe('decodeAnswer of an answer cut short or run together', () => {
  const CNF = 'p cnf 3 1\n1 2 0\n';
  it('refuses a last model not closed by 0 after whole ones (regression: dropped, "SAT: 2 models" of an answer holding 3)', () => {
    expect(() => decodeAnswer(CNF, 's SATISFIABLE\nv 1 -2 3 0\nv -1 2 3 0\nv 1 2', { cnf: 'f.cnf', model: 'f.out' })).toThrow(
      new UserError('f.out: model 3 is not closed by 0: the answer is cut short'),
    );
    expect(() => decodeAnswer(CNF, 'SAT\n1 -2 3 0\n-1', { cnf: 'f.cnf', model: 'f.out' })).toThrow(
      new UserError('f.out: model 2 is not closed by 0: the answer is cut short'),
    );
  });

  it('refuses a MiniSat result file holding two models, as it does other text after the model (regression: the second one read, the first dropped)', () => {
    expect(() => decodeAnswer(CNF, 'SAT\n1 -2 3 0\n-1 2 3 0\n', { cnf: 'f.cnf', model: 'f.out' })).toThrow(
      new UserError('f.out: no solver answer found ("1 -2 3 0 -1 2 3 0")'),
    );
  });
});

describe('readAnswer', () => {
  it('reads competition output, several models, and MiniSat result files', () => {
    expect(readAnswer('c hello\ns SATISFIABLE\nv 1 -2\nv 3 0\n')).toEqual({ status: 'SAT', models: [[1, -2, 3]], stray: undefined });
    expect(readAnswer('s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\n').models).toEqual([[1], [-1]]);
    expect(readAnswer('v 1 0\nv -1 0\ns SOLUTIONS 2\n')).toMatchObject({ status: 'SAT', models: [[1], [-1]] });
    expect(readAnswer('SAT\n1 -2 3 0\n')).toEqual({ status: 'SAT', models: [[1, -2, 3]], stray: undefined });
    expect(readAnswer('UNSAT\n')).toMatchObject({ status: 'UNSAT', models: [] });
    expect(readAnswer('s UNSATISFIABLE\n')).toMatchObject({ status: 'UNSAT', models: [] });
    expect(readAnswer('hello\n').status).toBeUndefined();
  });

  it('calls an answer with models SAT, though cryptominisat5 --maxsol ends its models with "s UNSATISFIABLE" (regression: decode said "UNSAT: 2 models")', () => {
    const maxsol = 's SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\ns UNSATISFIABLE\n';
    expect(readAnswer(maxsol)).toEqual({
      status: 'SAT',
      models: [
        [1, -2],
        [-1, 2],
      ],
      stray: undefined,
      exhausted: true,
    });
    expect(readAnswer('s UNKNOWN\nv 1 0\n').status).toBe('SAT');
  });

  it('says whether the answer is the whole search: UNSAT, or an enumeration the solver ran to the end (regression: decode said complete for one model)', () => {
    const exhausted = (text: string) => readAnswer(text).exhausted === true;
    // One model of perhaps many: cadical, kissat, minisat.
    expect(exhausted('s SATISFIABLE\nv 1 -2 0\n')).toBe(false);
    expect(exhausted('SAT\n1 -2 0\n')).toBe(false);
    expect(exhausted('s UNKNOWN\n')).toBe(false);
    expect(exhausted('INDET\n')).toBe(false);
    // No model at all.
    expect(exhausted('s UNSATISFIABLE\n')).toBe(true);
    expect(exhausted('UNSAT\n')).toBe(true);
    // cryptominisat5 --maxsol: the closing UNSATISFIABLE says it ran out of models; cut at --maxsol it has none.
    expect(exhausted('s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv 1 -2 0\ns UNSATISFIABLE\n')).toBe(true);
    expect(exhausted('s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv 1 -2 0\n')).toBe(false);
    // picosat --all: the closing count, when it counts the models printed.
    expect(exhausted('s SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv 1 -2 0\ns SOLUTIONS 2\n')).toBe(true);
    expect(exhausted('s SATISFIABLE\nv 1 2 0\ns SOLUTIONS 2\n')).toBe(false);
    // picosat --all on an unsatisfiable formula prints its count alone (regression: 'no solver answer found').
    expect(readAnswer('s SOLUTIONS 0\n')).toMatchObject({ status: 'UNSAT', models: [], exhausted: true });
    // A count the models do not bear out is no verdict.
    expect(readAnswer('s SOLUTIONS 2\n').status).toBeUndefined();
    // clasp -n 0: "Models : 2" once the search space is exhausted, "2+" when it stopped at -n.
    const clasp = (models: string) =>
      `c Answer: 1\nv 1 2 0\nc Answer: 2\nv 1 -2 0\ns SATISFIABLE\nc \nc Models         : ${models}\nc Calls          : 1\n`;
    expect(exhausted(clasp('2'))).toBe(true);
    expect(exhausted(clasp('2+'))).toBe(false);
    expect(exhausted(clasp('3'))).toBe(false);
  });
});

/** Several CLI runs (a process start each) on a shared, busy machine. */
const SLOW = 120_000;

describe('puzzlesat decode', () => {
  it('quotes a model line it cannot read (regression: "v 1 x 3 0" gave only "SAT without a model")', () => {
    const cnf = join(dir, 'bad-model.cnf');
    expect(run(['encode', 'pentomino', '--preset', '3x20', '-o', cnf]).status).toBe(0);
    const result = run(['decode', cnf, '--model', write('bad-model.out', 's SATISFIABLE\nv 1 x 3 0\n')]);
    expect(result.status).toBe(1);
    // Since: the line and the token, as for a model among others (a garbled v line is refused wherever it is).
    expect(result.stderr).toMatch(/^puzzlesat: .*bad-model\.out:2: cannot read "x" in a v line \(.*\)\n$/);
  });

  it('refuses an answer without a model that says both SATISFIABLE and UNSATISFIABLE (regression: the last line won, "UNSAT", exit 0)', () => {
    const cnf = join(dir, 'both.cnf');
    expect(run(['encode', 'pentomino', '--preset', '3x20', '-o', cnf]).status).toBe(0);
    const result = run(['decode', cnf, '--model', write('both.out', 's SATISFIABLE\ns UNSATISFIABLE\n')]);
    expect([result.status, result.stderr]).toEqual([
      1,
      expect.stringMatching(/^puzzlesat: .*both\.out: the answer says both SAT and UNSAT, and gives no model\n$/),
    ]);
  });

  /** decode of `answer` refused at the model's line with `says`, nothing on stdout. */
  const refusedAsContradiction = (cnf: string, file: string, answer: string, line: number, says: string) => {
    const r = run(['decode', cnf, '--model', write(file, answer)]);
    expectOneLineError(
      { code: r.status, out: r.stdout, err: r.stderr },
      new RegExp(`^puzzlesat: --model \\S*${file.replace('.', '\\.')}:${line}: ${says}: the answer contradicts itself$`, 'm'),
    );
    expect(r.stdout).toBe('');
  };

  it('refuses a model after "s UNSATISFIABLE" at its line (regression: the model was checked, "SAT: 1 model", exit 0)', () => {
    const cnf = write('after-unsat.cnf', 'p cnf 2 1\n1 2 0\n');
    for (const [file, answer, line, unsat] of [
      ['unsat-model.out', 's UNSATISFIABLE\nv 1 -2 0\n', 2, 1],
      ['sat-unsat-model.out', 's SATISFIABLE\nv 1 -2 0\ns UNSATISFIABLE\nc done\nv -1 2 0\n', 5, 3],
    ] as const)
      refusedAsContradiction(cnf, file, answer, line, `a model after "s UNSATISFIABLE" \\(line ${unsat}\\)`);
  });

  it('refuses a model with no "s SATISFIABLE" before it that "s UNSATISFIABLE" follows, at the model\'s line (regression: "SAT: 1 model", exit 0)', () => {
    const cnf = write('unsat-after-model.cnf', 'p cnf 2 1\n1 2 0\n');
    for (const [file, answer, line, unsat] of [
      ['model-unsat.out', 'v 1 -2 0\ns UNSATISFIABLE\n', 1, 2],
      ['comment-model-unsat.out', 'c solving\nv 1\nv -2 0\nc done\ns UNSATISFIABLE\n', 2, 5],
    ] as const)
      refusedAsContradiction(
        cnf,
        file,
        answer,
        line,
        `a model with no "s SATISFIABLE" before it, and "s UNSATISFIABLE" after it \\(line ${unsat}\\)`,
      );
    // cryptominisat5 --maxsol: each model after its "s SATISFIABLE", the closing UNSATISFIABLE says it ran out of models.
    const maxsol = run(['decode', cnf, '--model', write('maxsol.out', 's SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\ns UNSATISFIABLE\n')]);
    expect([maxsol.status, maxsol.stderr]).toEqual([0, '']);
    expect(maxsol.stdout).toContain(`SAT: 2 models of ${cnf}, `);
  });

  it('counts each model once: a model the answer repeats is refused at its number (regression: the same model twice counted as 2 models)', () => {
    // No puzzle named: a plain formula, x1 or x2, with three models.
    const cnf = write('or.cnf', 'p cnf 2 1\n1 2 0\n');
    const decoded = (file: string, text: string) => {
      const r = run(['decode', cnf, '--model', write(file, text), '--json']);
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    const distinct = decoded('distinct.out', 's SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv 1 -2 0\n');
    expect(distinct.err).toBe('');
    expect(JSON.parse(distinct.out)).toMatchObject({ status: 'SAT', count: 2 });
    // The same assignment, its literals in another order, or with a variable left out (read as false).
    for (const [file, text, repeat] of [
      ['same.out', 's SATISFIABLE\nv 1 2 0\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv 2 1 0\n', 'model 3 repeats model 1'],
      ['left-out.out', 's SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv 1 0\n', 'model 2 repeats model 1'],
    ] as const) {
      const r = decoded(file, text);
      expectOneLineError(r, new RegExp(`^puzzlesat: --model \\S*${file.replace('.', '\\.')}: ${repeat} \\(`));
      expect(r.out).toBe('');
    }
  });

  it('counts solutions, not models: models that differ only outside the projection are one solution (regression: each was counted and drawn again)', () => {
    // x1 or x2, projected on x1: x2 is free beside x1 = 1, as an encoding's auxiliary often is.
    const cnf = write('free.cnf', FREE_AUX);
    const decoded = (file: string, text: string) => {
      const r = run(['decode', cnf, '--model', write(file, text), '--json']);
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as { count: number; models: number; solutions: unknown[] };
    };
    expect(decoded('aux.out', AUX_ONLY)).toMatchObject({ count: 1, models: 2, solutions: [{ vars: [1] }] });
    expect(decoded('proj.out', PROJECTED_APART)).toMatchObject({ count: 2, models: 2 });
    // The verdict says both, and keeps its words when no model collapsed.
    expect(run(['decode', cnf, '--model', write('aux.out', AUX_ONLY)]).stdout).toMatch(
      /^SAT: 1 solution \(2 models; 1 differs from an earlier one only in auxiliary variables\) of \S*free\.cnf, each checked against \S*free\.cnf\n$/m,
    );
    expect(run(['decode', cnf, '--model', write('proj.out', PROJECTED_APART)]).stdout).toMatch(/^SAT: 2 models of \S*free\.cnf, each checked/m);
  });

  it('reads the names of a file as the UTF-8 they are written in (regression: "1 model of mon-cafÃ©", true names "cafÃ©")', () => {
    const cnf = write('utf8-names.cnf', 'p cnf 2 1\nc puzzle mon-café\nc var 1 café\nc var 2 thé\n1 2 0\n');
    const answer = write('utf8-names.out', 's SATISFIABLE\nv 1 -2 0\n');
    const json = run(['decode', cnf, '--model', answer, '--json']);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toMatchObject({ puzzle: 'mon-café', solutions: [{ trueNames: ['café'] }] });
    expect(run(['decode', cnf, '--model', answer]).stdout).toMatch(/^SAT: 1 model of mon-café, each checked against /m);
  });

  it('says a model not closed by 0 is cut short (regression: "SAT without a model", though the file holds one)', () => {
    const cnf = join(dir, 'cut.cnf');
    expect(run(['encode', 'pentomino', '--preset', '3x20', '-o', cnf]).status).toBe(0);
    for (const [file, text] of [
      ['cut.out', 's SATISFIABLE\nv 1 -2 3\nv -4 -5\n'],
      ['cut.minisat', 'SAT\n1 -2 3 -4'],
    ]) {
      const result = run(['decode', cnf, '--model', write(file!, text!)]);
      expect([result.status, result.stderr]).toEqual([
        1,
        expect.stringMatching(/^puzzlesat: .*: SAT, but its model is not closed by 0: the answer is cut short\n$/),
      ]);
    }
  });

  it(
    'turns a model of an encoded pentomino board back into a tiling, checked and drawn',
    () => {
      const { cnf, answer } = encodedAndSolved('p3x20', ['pentomino', '--preset', '3x20']);
      const result = run(['decode', cnf, '--model', write('p.out', answer), '--json', '--svg', 'p.svg']);
      expect(result.stderr).toBe('');
      const report = JSON.parse(result.stdout) as {
        puzzle: string;
        status: string;
        count: number;
        solutions: { solution: { placements: unknown[] }; trueNames: string[] }[];
      };
      expect([report.puzzle, report.status, report.count]).toEqual(['pentomino', 'SAT', 1]);
      expect(report.solutions[0]!.solution.placements).toHaveLength(12);
      expect(report.solutions[0]!.trueNames.filter((n) => n.startsWith('place '))).toHaveLength(12);
      expect(readFileSync(join(dir, 'p.svg'), 'utf8')).toMatch(/^<svg/);
    },
    SLOW,
  );

  it('says an UNKNOWN answer holds no model to check (regression: "UNKNOWN: 0 models of polyform, each checked against …")', () => {
    const { cnf } = encodedAndSolved('u2x1', ['polyform', '--board', '2x1', '--pieces', 'D=##']);
    const r = run(['decode', cnf, '--model', write('u2x1.out', 's UNKNOWN\n')]);
    expect([r.status, r.stderr, r.stdout]).toEqual([0, '', `UNKNOWN, as the solver says: no model to check against ${cnf}\n`]);
  });

  it('draws the decoded solution as PNG too, as solve does (regression: "Unknown argument: --png", exit 2)', () => {
    const { cnf, answer } = encodedAndSolved('d2x1', ['polyform', '--board', '2x1', '--pieces', 'D=##']);
    const model = write('d2x1.out', answer);
    const drawn = run(['decode', cnf, '--model', model, '--png', 'd2x1.png', '--scale', '1']);
    expect([drawn.status, drawn.stderr]).toEqual([0, '']);
    const png = readFileSync(join(dir, 'd2x1.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Its size is the SVG's, --scale times: one pixel a drawing unit here.
    run(['decode', cnf, '--model', model, '--svg', 'd2x1.svg']);
    const width = Number(/width="([\d.]+)"/.exec(readFileSync(join(dir, 'd2x1.svg'), 'utf8'))![1]);
    expect(png.readUInt32BE(16)).toBe(Math.ceil(width));
    // A plain formula has nothing to draw: said as --svg says it.
    const plainCnf = write('plain.cnf', 'p cnf 1 1\n1 0\n');
    const plain = run(['decode', plainCnf, '--model', write('plain.out', 's SATISFIABLE\nv 1 0\n'), '--png', 'plain.png']);
    expect([plain.status, plain.stderr]).toEqual([2, `puzzlesat: --png: ${plainCnf} has no PNG drawing\n`]);
  });

  it(
    "reads MiniSat's result file and several models (clasp -n 0) alike",
    () => {
      const { cnf, answer } = encodedAndSolved('soma', ['soma']);
      const model = answer
        .split('\n')
        .filter((l) => l.startsWith('v '))
        .map((l) => l.slice(2))
        .join(' ');
      const minisat = run(['decode', cnf, '--model', write('soma.minisat', `SAT\n${model}\n`)]);
      expect(minisat.stdout).toMatch(/SAT: 1 model of soma/);
      // The same answer twice over is no enumeration: its second model repeats the first (several models are counted in 'counts each model once').
      const twice = run(['decode', cnf, '--model', write('soma.clasp', `${answer}${answer}`), '--json']);
      expect([twice.status, twice.stderr]).toEqual([1, expect.stringMatching(/soma\.clasp: model 2 repeats model 1 /)]);
      // Compressed as solver logs often are, read by its magic bytes as the DIMACS input is (regression: "no solver answer found").
      writeFileSync(join(dir, 'soma.out.gz'), gzipSync(answer));
      const packed = run(['decode', cnf, '--model', 'soma.out.gz']);
      expect(packed.stderr).toBe('');
      expect(packed.stdout).toMatch(/SAT: 1 model of soma/);
      // A solver's output piped in: "--model -" and "--model=-" alike (regression: "Unknown argument: -", exit 2).
      for (const args of [['--model', '-'], ['--model=-']]) {
        const piped = run(['decode', cnf, ...args], answer);
        expect([piped.status, piped.stderr], args.join(' ')).toEqual([0, '']);
        expect(piped.stdout).toMatch(/SAT: 1 model of soma/);
      }
      // Standard input cannot be both the formula and the answer.
      const both = run(['decode', '-', '--model', '-'], answer);
      expect([both.status, both.stderr.trim()]).toEqual([
        2,
        expect.stringMatching(/^puzzlesat: --model -: standard input is already the DIMACS file; save one of the two to a file$/),
      ]);
    },
    SLOW,
  );

  it(
    "counts a puzzle's solutions, not its models: a model with a free auxiliary flipped is the same deck (regression: 2 models, the deck drawn twice)",
    () => {
      // A partial deck: its counters' auxiliaries are free where a bound is not tight (docs/tutorial.md, 4.4).
      const { cnf, answer } = encodedAndSolved('deck4', ['dobble', '--order', '2', '--cards', '4']);
      const text = `${answer}s SATISFIABLE\nv ${withFreeAuxFlipped(parseDimacs(readFileSync(cnf, 'utf8')), modelOf(answer)).join(' ')} 0\n`;
      const json = run(['decode', cnf, '--model', write('deck4-twice.out', text), '--json']);
      expect(json.stderr).toBe('');
      expect(JSON.parse(json.stdout)).toMatchObject({ puzzle: 'dobble', count: 1, models: 2 });
      const verdict = run(['decode', cnf, '--model', write('deck4-twice.out', text)]);
      expect(verdict.stdout).toMatch(
        /^SAT: 1 solution \(2 models; 1 differs from an earlier one only in auxiliary variables\) of dobble, each checked/m,
      );
    },
    SLOW,
  );

  it(
    'rebuilds Dobble and a random Genius Square roll from their headers',
    () => {
      for (const [name, args] of [
        ['dobble', ['dobble', '--order', '2', '--cards', '6', '--max-symbols', '7']],
        ['genius', ['genius-square', '--random', '--seed', '3']],
      ] as const) {
        const { cnf, answer } = encodedAndSolved(name, [...args]);
        const result = run(['decode', cnf, '--model', write(`${name}.out`, answer), '--json']);
        expect(result.stderr).toBe('');
        expect((JSON.parse(result.stdout) as { count: number }).count).toBe(1);
      }
    },
    SLOW,
  );

  it(
    'rebuilds boards, figures and pieces read from files without the files: the header carries their art (regression)',
    () => {
      write('board.txt', '#..\n...\n..#\n');
      write('hooks.txt', 'V:\n##\n#.\nI*2:\n##\n');
      write('figure.txt', '..\n..\n--\n.#\n..\n');
      write('cubes.txt', 'V:\n##\n#.\nL*2:\n#\n--\n#\n');
      for (const [name, args] of [
        ['board', ['polyomino', '--board', 'board.txt', '--pieces-file', 'hooks.txt']],
        ['figure', ['polycube', '--figure', 'figure.txt', '--pieces-file', 'cubes.txt']],
      ] as const) {
        const { cnf, answer } = encodedAndSolved(name, [...args]);
        const model = write(`${name}.out`, answer);
        for (const file of args.filter((a) => a.endsWith('.txt'))) rmSync(join(dir, file));
        const result = run(['decode', cnf, '--model', model, '--json']);
        expect([name, result.stderr]).toEqual([name, '']);
        expect((JSON.parse(result.stdout) as { count: number }).count).toBe(1);
      }
    },
    SLOW,
  );

  it(
    'refuses a model that breaks a clause, a header that does not match the clauses, and a file with no answer',
    () => {
      const { cnf, answer } = encodedAndSolved('p6x10', ['pentomino', '--preset', '6x10']);
      const allFalse = `s SATISFIABLE\nv ${Array.from({ length: 20 }, (_, i) => -(i + 1)).join(' ')} 0\n`;
      const broken = run(['decode', cnf, '--model', write('false.out', allFalse)]);
      expect([broken.status, broken.stderr.trim().split('\n')]).toEqual([1, [expect.stringMatching(/model 1 breaks a cover clause of the file/)]]);

      const edited = write('edited.cnf', readFileSync(cnf, 'latin1').replace('c param preset 6x10', 'c param preset 5x12'));
      const mismatch = run(['decode', edited, '--model', write('p6.out', answer)]);
      expect(mismatch.status).toBe(1);
      expect(mismatch.stderr).toMatch(/pentomino rebuilt from its header differs from the file/);

      const nothing = run(['decode', cnf, '--model', write('empty.out', 'no answer here\n')]);
      expect([nothing.status, nothing.stderr]).toEqual([1, expect.stringMatching(/no solver answer found/)]);
    },
    SLOW,
  );

  it('a header whose puzzle is not the one its parameters are for names the parameter at its line, as the header spells it (regression: "--amo does not apply", at the puzzle line)', () => {
    const { cnf, answer } = encodedAndSolved('ii', ['polyomino', '--board', '2x5', '--pieces', 'I,I']);
    const text = readFileSync(cnf, 'latin1');
    const amoLine = text.split('\n').findIndex((line) => line.startsWith('c param amo ')) + 1;
    const claimed = write('claimed.cnf', text.replace('c puzzle polyomino', 'c puzzle knapsack'));
    const r = run(['decode', claimed, '--model', write('ii.out', answer)]);
    expectOneLineError(
      { code: r.status, out: r.stdout, err: r.stderr },
      new RegExp(`^puzzlesat: \\S*claimed\\.cnf:${amoLine}: cannot rebuild knapsack from its header: c param amo does not apply to knapsack`),
    );
  });

  it(
    'says complete only when the answer is every solution: UNSAT or an enumeration run to the end, not one model (regression: complete for any answer)',
    () => {
      // A domino on two cells: exactly one solution.
      const { cnf, answer } = encodedAndSolved('domino', ['polyomino', '--board', '2x1', '--pieces', 'D2']);
      const summary = (file: string, text: string) => {
        const r = run(['decode', cnf, '--model', write(file, text), '--json']);
        expect(r.stderr).toBe('');
        const j = JSON.parse(r.stdout) as { status: string; count: number; complete: boolean };
        return [j.status, j.count, j.complete];
      };
      expect(summary('one.out', answer)).toEqual(['SAT', 1, false]);
      expect(summary('all.out', `${answer}s UNSATISFIABLE\n`)).toEqual(['SAT', 1, true]);
      expect(summary('none.out', 's UNSATISFIABLE\n')).toEqual(['UNSAT', 0, true]);
      expect(summary('unknown.out', 's UNKNOWN\n')).toEqual(['UNKNOWN', 0, false]);
    },
    SLOW,
  );

  it(
    'decodes a file written by encode --unique (regression: the header left out --unique, and decode called the file edited)',
    () => {
      const { cnf, answer } = encodedAndSolved('unique', ['pentomino', '--board', '5x4', '--pieces', 'L,P,W,Y', '--unique']);
      const result = run(['decode', cnf, '--model', write('unique.out', answer), '--json']);
      expect(result.stderr).toBe('');
      expect(readFileSync(cnf, 'utf8')).toMatch(/^c param unique true$/m);
      expect(JSON.parse(result.stdout)).toMatchObject({ status: 'SAT', count: 1 });
    },
    SLOW,
  );
});

describe('decode: what a header names, refused at its line', () => {
  const decode = (file: string, text: string, model = 's SATISFIABLE\nv 1 0\n'): CliRun => {
    const r = run(['decode', write(file, text), '--model', write(`${file}.out`, model)]);
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  /** A domino on two cells, as encode writes it (its one solution is variable 1), with `edit` made to its header. */
  const domino = (edit: (header: string) => string) =>
    edit(
      'p cnf 1 3\nc tool puzzlesat\nc puzzle polyomino\nc param board 2x1\nc param pieces D2\nc param flip true\nc param nonOverlap compact\nc param amo bimander\n',
    ) + 'c var 1 place D2#0 @(0,0)\nc project 1 0\n1 0\n1 0\n1 0\n';

  it('refuses a misspelt puzzle at the c puzzle line, and claims no checker for a name of its own (regression: "1 model of nosuch, each checked against a.cnf and the puzzle\'s checker", exit 0)', () => {
    expectOneLineError(
      decode('typo.cnf', 'p cnf 2 1\nc puzzle polyomno\n1 2 0\n', 'v 1 -2 0\n'),
      /typo\.cnf:2: unknown puzzle "polyomno" in the header \(did you mean polyomino\?\); puzzlesat knows .*pentomino/,
    );
    // A formula's own name (toDimacs's puzzle): read as a plain formula, checked against its clauses alone.
    const r = decode('nosuch.cnf', 'p cnf 2 1\nc puzzle nosuch\n1 2 0\n', 'v 1 -2 0\n');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toMatch(/^SAT: 1 model of nosuch, each checked against .*nosuch\.cnf\n$/m);
  });

  it('claims no puzzle checker for a plain formula (regression: "each checked against b.cnf and the puzzle\'s checker")', () => {
    const r = decode('plain.cnf', 'p cnf 2 1\n1 2 0\n', 'v 1 -2 0\n');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toMatch(/^SAT: 1 model of \S*plain\.cnf, each checked against \S*plain\.cnf\n$/m);
    expect(r.out).not.toMatch(/checker/);
  });

  it('says an UNSAT answer is the solver\'s word, with nothing to check (regression: "UNSAT: 0 models of cnf, each checked against a.cnf", a check never made)', () => {
    const r = decode('claimed.cnf', 'p cnf 2 1\n1 2 0\n', 's UNSATISFIABLE\n');
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toMatch(
      /^UNSAT, as the solver says: no model to check against .*claimed\.cnf \(puzzlesat check-proof checks a DRAT proof of it\)\n$/,
    );
    expect(r.out).not.toMatch(/checked against/);
  });

  it('refuses a c param line of no parameter of the puzzle, or a value of the wrong kind, at its line (regression: ignored, or read as false)', () => {
    expectOneLineError(
      decode(
        'flop.cnf',
        domino((h) => h.replace('flip true', 'flop true')),
      ),
      /flop\.cnf:6: .*"flop".*did you mean flip\?/,
    );
    expectOneLineError(
      decode(
        'maybe.cnf',
        domino((h) => h.replace('flip true', 'flip maybe')),
      ),
      /maybe\.cnf:6: .*flip.*"maybe".*true or false/,
    );
    expectOneLineError(
      decode(
        'proto.cnf',
        domino((h) => h.replace('flip true', 'flip constructor')),
      ),
      /proto\.cnf:6: .*"constructor".*true or false/,
    );
    expectOneLineError(
      decode(
        'amo.cnf',
        domino((h) => h.replace('amo bimander', 'amo nosuch')),
      ),
      /amo\.cnf:8: .*"nosuch"/,
    );
  });

  it('every verb that reads the file reads its header as decode does (regression: a c param given twice, the last one won; explain, count and solve ignored a c param decode refuses)', () => {
    const verbs = (name: string, text: string): CliRun[] => {
      const file = write(name, text);
      const model = write(`${name}.out`, 's SATISFIABLE\nv 1 0\n');
      return [
        ['explain', file],
        ['count', file],
        ['solve', file],
        ['enumerate', file],
        ['decode', file, '--model', model],
      ].map((args) => {
        const r = run(args);
        return { code: r.status, out: r.stdout, err: r.stderr };
      });
    };
    const twice = domino((h) => h.replace('c param flip true\n', 'c param flip true\nc param flip false\n'));
    for (const r of verbs('twice.cnf', twice))
      expectOneLineError(
        r,
        /^puzzlesat: \S*twice\.cnf:7: a second "c param flip" line \(the first is line 6\); a header gives each parameter once$/m,
      );
    for (const r of verbs(
      'flop-all.cnf',
      domino((h) => h.replace('flip true', 'flop true')),
    ))
      expectOneLineError(r, /^puzzlesat: \S*flop-all\.cnf:6: polyomino has no parameter "flop" \(did you mean flip\?\)/m);
    // The header as encode writes it is read alike by all.
    for (const r of verbs(
      'domino.cnf',
      domino((h) => h),
    ))
      expect([r.code, r.err]).toEqual([0, '']);
  });

  it('names the header line of a pieces file that is gone or changed (regression: "--pieces-file: cannot read", and "differs from the file" with no line)', () => {
    const named = domino((h) => h.replace('c param pieces D2', 'c param piecesFile dominoes.txt'));
    write('dominoes.txt', 'D:\n##\n');
    expect(decode('same.cnf', named).code).toBe(0);
    rmSync(join(dir, 'dominoes.txt'));
    const gone = decode('gone.cnf', named);
    expectOneLineError(gone, /gone\.cnf:5: .*c param piecesFile.*dominoes\.txt/);
    expect(gone.err).not.toMatch(/--pieces-file/);
    write('dominoes.txt', 'M:\n#\n');
    expectOneLineError(decode('changed.cnf', named), /changed\.cnf:5: .*dominoes\.txt.*changed/);
  });

  it('reads a file its header names beside the DIMACS file, then from the working directory (regression: from the working directory alone)', () => {
    mkdirSync(join(dir, 'beside'), { recursive: true });
    mkdirSync(join(dir, 'elsewhere'), { recursive: true });
    writeFileSync(join(dir, 'beside', 'tiles.txt'), 'D:\n##\n');
    writeFileSync(join(dir, 'beside', 'strip.txt'), '..\n');
    const tiles = domino((h) => h.replace('c param pieces D2', 'c param piecesFile tiles.txt'));
    // The run's directory holds neither file: they travelled with the DIMACS file.
    expect(decode('beside/tiles.cnf', tiles)).toMatchObject({ code: 0, err: '' });
    const relative = run(['decode', 'beside/tiles.cnf', '--model', 'beside/tiles.cnf.out']);
    expect([relative.status, relative.stderr]).toEqual([0, '']);
    expect(
      decode(
        'beside/strip.cnf',
        domino((h) => h.replace('c param board 2x1', 'c param board strip.txt')),
      ),
    ).toMatchObject({ code: 0, err: '' });
    // One beside the file comes first; one changed there is said to be the likely cause, at its line.
    write('tiles.txt', 'M:\n#\n');
    expect(decode('beside/first.cnf', tiles)).toMatchObject({ code: 0, err: '' });
    writeFileSync(join(dir, 'beside', 'tiles.txt'), 'I3:\n###\n');
    expectOneLineError(decode('beside/changed.cnf', tiles), /changed\.cnf:5: .*tiles\.txt.*may have changed/);
    // A file written before, naming one in the directory encode ran in, still decodes from there.
    write('dominoes-here.txt', 'D:\n##\n');
    const old = domino((h) => h.replace('c param pieces D2', 'c param piecesFile dominoes-here.txt'));
    expect(decode('elsewhere/old.cnf', old)).toMatchObject({ code: 0, err: '' });
  });
});

describe('"-" for standard input in a positional argument', () => {
  it('names a plain formula on standard input <stdin>, as solve - does (regression: "1 model of -, each checked against -", params.file "-")', () => {
    const formula = 'p cnf 2 1\n1 2 0\n';
    const answer = write('plain-stdin.out', 's SATISFIABLE\nv 1 -2 0\n');
    const text = run(['decode', '-', '--model', answer], formula);
    expect([text.status, text.stderr]).toEqual([0, '']);
    expect(text.stdout).toMatch(/^SAT: 1 model of <stdin>, each checked against <stdin>$/m);
    const decoded = JSON.parse(run(['decode', '-', '--model', answer, '--json'], formula).stdout) as Record<string, unknown>;
    const solved = JSON.parse(run(['solve', '-', '--json'], formula).stdout) as Record<string, unknown>;
    expect(decoded).toMatchObject({ puzzle: solved.puzzle, params: solved.params });
  });

  it(
    'decode - and check-proof - read standard input (regression: yargs gives "-" as "", and they said \'cannot read "": ENOENT\')',
    () => {
      const { cnf, answer } = encodedAndSolved('stdin', ['pentomino', '--preset', '3x20']);
      const decoded = run(['decode', '-', '--model', write('stdin.out', answer)], readFileSync(cnf, 'utf8'));
      expect([decoded.status, decoded.stderr]).toEqual([0, '']);
      expect(decoded.stdout).toMatch(/SAT: 1 model of pentomino/);
      const formula = 'p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n';
      const proof = '2 0\n0\n';
      const byFormula = run(['check-proof', '-', write('proof.drat', proof)], formula);
      expect([byFormula.status, byFormula.stdout]).toEqual([0, expect.stringMatching(/^VERIFIED: /)]);
      const byProof = run(['check-proof', write('formula.cnf', formula), '-'], proof);
      expect([byProof.status, byProof.stdout]).toEqual([0, expect.stringMatching(/^VERIFIED: /)]);
      const both = run(['check-proof', '-', '-'], formula);
      expect([both.status, both.stderr]).toEqual([2, expect.stringMatching(/^puzzlesat: .*standard input.*\n$/)]);
    },
    SLOW,
  );
});

describe('puzzlesat solve on DIMACS', () => {
  it(
    'reads standard input with "-", and --json names the true variables when the file names them',
    () => {
      const named = run(['solve', '-', '--json'], 'p cnf 2 2\nc var 1 rain\nc var 2 wet\n1 0\n-1 2 0\n');
      expect(named.stderr).toBe('');
      expect(JSON.parse(named.stdout)).toMatchObject({ status: 'SAT', model: [1, 2], trueNames: ['rain', 'wet'] });
      const anonymous = JSON.parse(run(['solve', '-', '--json'], 'p cnf 2 2\n-1 0\n-2 0\n').stdout) as Record<string, unknown>;
      expect(anonymous).toMatchObject({ status: 'SAT', model: [-1, -2] });
      expect(anonymous).not.toHaveProperty('trueNames');
    },
    SLOW,
  );
});
