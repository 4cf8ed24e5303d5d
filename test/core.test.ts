import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInstance } from '../encoders/index.js';
import { Cnf } from '../src/core/cnf.js';
import { dimacsString, parseDimacs, instanceFromDimacs } from '../src/core/dimacs.js';
import { UserError } from '../src/core/errors.js';
import { parseJson } from '../src/core/json.js';
import { seededRandom } from '../src/core/random.js';
import { VarPool } from '../src/core/vars.js';
import { DeadlineReached, setRunDeadline, withSizeLimits } from '../src/core/limits.js';
import { bddAtMostWeighted } from '../src/pb/bdd.js';
import { userErrorOf } from './helpers/expect-errors.js';
import { tempDir } from './helpers/temp-dir.js';

const dir = tempDir('puzzlesat-core-');

describe('VarPool', () => {
  it('names puzzle variables and numbers auxiliaries per label', () => {
    const pool = new VarPool();
    const a = pool.named('place F#0 @(0,0)');
    const x = pool.aux('seq cell(0,0)');
    const y = pool.aux('seq cell(0,0)');
    expect([a, x, y]).toEqual([1, 2, 3]);
    expect(pool.name(y)).toBe('aux seq cell(0,0)#2');
    expect(pool.isAux(a)).toBe(false);
    expect(pool.isAux(-x)).toBe(true);
    expect(pool.auxCount).toBe(2);
    expect(pool.lookup('place F#0 @(0,0)')).toBe(1);
    expect(pool.literal(-1)).toBe('-place F#0 @(0,0)');
  });

  it("gives an auxiliary a name no variable has (regression: a caller's variable named 'aux seq x#1', or one read back from a file, shared its name with the next auxiliary, and the name then found the auxiliary)", () => {
    const pool = new VarPool();
    const mine = pool.id('aux seq x#1');
    const read = pool.auxNamed('aux seq x#2');
    const fresh = pool.aux('seq x');
    expect(pool.name(fresh)).toBe('aux seq x#3');
    expect([pool.lookup('aux seq x#1'), pool.lookup('aux seq x#2'), pool.lookup('aux seq x#3')]).toEqual([mine, read, fresh]);
    expect(pool.id('aux seq x#1')).toBe(mine);
  });

  it("finds a numbered auxiliary by its name, which no caller's variable may then take (names made when asked for: millions of auxiliaries)", () => {
    const pool = new VarPool();
    const [x, y] = [pool.aux('bdd capacity'), pool.aux('bdd capacity')];
    expect([pool.lookup('aux bdd capacity#1'), pool.lookup('aux bdd capacity#2')]).toEqual([x, y]);
    // Another spelling of a serial, a serial not given or a label not used name nothing.
    expect([pool.lookup('aux bdd capacity#02'), pool.lookup('aux bdd capacity#3'), pool.lookup('aux bdd#1')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(() => pool.named('aux bdd capacity#2')).toThrow(/allocated twice/);
    expect(() => pool.auxNamed('aux bdd capacity#1')).toThrow(/allocated twice/);
    expect(() => pool.id('aux bdd capacity#1')).toThrow(/is an auxiliary an encoding made/);
    expect(pool.clone().lookup('aux bdd capacity#2')).toBe(y);
    expect(() => pool.name(3)).toThrow(/no variable 3/);
  });

  it('refuses a name twice', () => {
    const pool = new VarPool();
    pool.named('a');
    expect(() => pool.named('a')).toThrow(/allocated twice/);
  });

  it('clones a pool of 500,000 variables (regression: the copy spread them as arguments and overflowed the stack; optimize knapsack --random-items 100 failed so)', () => {
    const pool = new VarPool();
    for (let i = 0; i < 250_000; i++) pool.named(`x${i}`);
    for (let i = 0; i < 250_000; i++) pool.aux('sum');
    const copy = pool.clone();
    expect(copy.count).toBe(500_000);
    expect(copy.name(250_001)).toBe('aux sum#1');
    expect([copy.isAux(250_000), copy.isAux(250_001)]).toEqual([false, true]);
    // The copy grows apart, numbering on where the original stood.
    expect(copy.aux('sum')).toBe(500_001);
    expect(copy.name(500_001)).toBe('aux sum#250001');
    expect(pool.count).toBe(500_000);
  });
});

describe('Cnf', () => {
  it('holds as many literals in a family as the limit, and refuses one more (regression: its array, doubled past the limit, was refused at half of it: a BDD counted within the limit was built whole, then refused)', () => {
    const cnf = withSizeLimits({ literals: 100 }, () => new Cnf());
    const x = cnf.vars.named('x');
    cnf.family('units');
    for (let i = 0; i < 100; i++) cnf.add([x]);
    expect(cnf.families[0]!.literalCount).toBe(100);
    expect(userErrorOf(() => cnf.add([x]))).toBe(
      "the units clauses: would grow to 101 literals, more than the limit of 100 (raise it with puzzles.byName's maxLiterals or setSizeLimits({ literals: … }))",
    );
  });

  it("holds a limit below its array's first allocation of 64 too (regression: a limit of 10 let a family grow to 64 literals before it was refused)", () => {
    const cnf = withSizeLimits({ literals: 10 }, () => new Cnf());
    const x = cnf.vars.named('x');
    cnf.family('units');
    for (let i = 0; i < 10; i++) cnf.add([x]);
    expect(userErrorOf(() => cnf.add([x]))).toBe(
      "the units clauses: would grow to 11 literals, more than the limit of 10 (raise it with puzzles.byName's maxLiterals or setSizeLimits({ literals: … }))",
    );
  });

  it('groups clauses into families with clause and aux counts', () => {
    const cnf = new Cnf();
    const [a, b, c] = ['A', 'B', 'C'].map((n) => cnf.vars.named(n));
    cnf.family('cover', 'something is chosen');
    cnf.add([a!, b!, c!]);
    cnf.family('non-overlap', 'at most one');
    const s = cnf.vars.aux('seq');
    cnf.add([-a!, s]);
    cnf.add([-s, -b!]);
    expect(cnf.familyCounts()).toEqual([
      { name: 'cover', clauses: 1, auxVars: 0 },
      { name: 'non-overlap', clauses: 2, auxVars: 1 },
    ]);
    expect([...cnf.clauses()].map((cl) => cnf.show(cl))).toEqual(['A v B v C', '-A v aux seq#1', '-aux seq#1 v -B']);
    expect(cnf.satisfiedBy((v) => v === a || v === s).ok).toBe(true);
    const broken = cnf.satisfiedBy((v) => v === a);
    expect(broken).toEqual({ ok: false, family: 'non-overlap', clause: [-a!, s] });
  });

  it('checks a run of assignments exactly, as a fresh evaluation of every clause does', () => {
    // The check is incremental (it follows what changed); this compares it
    // with a direct evaluation on random formulas, on random and on
    // one-variable-apart assignments, and after the formula grows.
    const random = seededRandom(7);
    for (let round = 0; round < 30; round++) {
      const cnf = new Cnf();
      const n = 2 + Math.floor(random() * 8);
      for (let v = 1; v <= n; v++) cnf.vars.named(`x${v}`);
      const randomClause = () =>
        Array.from({ length: 1 + Math.floor(random() * 3) }, () => (1 + Math.floor(random() * n)) * (random() < 0.5 ? -1 : 1));
      for (const name of ['f', 'g']) {
        cnf.family(name);
        for (let i = 0; i < 1 + random() * 6; i++) cnf.add(randomClause());
      }
      let mask = 0;
      for (let step = 0; step < 60; step++) {
        mask = random() < 0.5 ? Math.floor(random() * (1 << n)) : mask ^ (1 << Math.floor(random() * n));
        if (step === 30) cnf.add(randomClause());
        const value = (v: number) => ((mask >> (v - 1)) & 1) === 1;
        const clauses = [...cnf.clauses()];
        const direct = clauses.find((cl) => !Array.from(cl).some((l) => value(Math.abs(l)) === l > 0));
        const check = cnf.satisfiedBy(value);
        expect(check.ok).toBe(direct === undefined);
        if (!check.ok) expect(check.clause).toEqual(Array.from(direct!));
      }
    }
  });

  it('rejects literals that were never allocated', () => {
    const cnf = new Cnf();
    cnf.vars.named('A');
    cnf.family('f');
    expect(() => cnf.add([2])).toThrow(/^literal 2: the formula has 1 variables$/);
  });

  it('resumes a family with its description or none, and refuses another, naming both', () => {
    // The second description was dropped without a word: explain and DIMACS comments said the first.
    const cnf = new Cnf();
    const a = cnf.vars.named('A');
    cnf.family('cover', 'every cell is covered');
    cnf.add([a]);
    cnf.family('other', 'y');
    expect(cnf.family('cover').sentence).toBe('every cell is covered');
    expect(cnf.family('cover', 'every cell is covered').size).toBe(1);
    cnf.family('other');
    expect(() => cnf.family('cover', 'no cell is covered twice')).toThrow(
      /^family: "cover" is already described as "every cell is covered"; resume it with that description or none, not "no cell is covered twice", or name another family$/,
    );
    expect(cnf.currentFamily?.name).toBe('other');
  });
});

function sample(): Cnf {
  const cnf = new Cnf();
  const [a, b, c] = ['A', 'B', 'C'].map((n) => cnf.vars.named(n));
  cnf.family('cover', 'x');
  cnf.add([a!, b!]);
  cnf.add([-b!, c!]);
  cnf.family('other', 'y');
  cnf.add([-a!, -c!]);
  cnf.projection = [a!, b!];
  return cnf;
}

describe('DIMACS', () => {
  it('writes the header, then the comment block clasp reads, then the clauses', () => {
    const text = dimacsString(sample(), { puzzle: 'demo', params: { preset: '3x20' } });
    expect(text.split('\n')).toEqual([
      'p cnf 3 3',
      'c tool puzzlesat',
      'c puzzle demo',
      'c param preset 3x20',
      'c family cover 2 clauses 0 aux',
      'c family other 1 clauses 0 aux',
      'c var 1 A',
      'c var 2 B',
      'c var 3 C',
      'c project 1 2 0',
      'c ind 1 2 0',
      'c p show 1 2 0',
      '1 2 0',
      '-2 3 0',
      '-1 -3 0',
      '',
    ]);
    expect(dimacsString(sample(), { puzzle: 'demo', params: {}, names: false })).not.toContain('c var');
  });

  it('round-trips through the reader', () => {
    const f = parseDimacs(dimacsString(sample(), { puzzle: 'demo', params: {} }));
    expect(f.vars).toBe(3);
    expect(Array.from(f.lits)).toEqual([1, 2, -2, 3, -1, -3]);
    expect(Array.from(f.ends)).toEqual([2, 4, 6]);
    expect(f.projection).toEqual([1, 2]);
    expect(f.names.get(3)).toBe('C');
    expect(f.puzzle).toBe('demo');
    const inst = instanceFromDimacs(f, 'x.cnf');
    expect(inst.cnf.clauseCount).toBe(3);
    expect(inst.cnf.vars.name(2)).toBe('B');
  });

  it('reads header counts and projected variables with leading zeros as the numbers they are (regression: past 10 digits they were refused)', () => {
    const f = parseDimacs('p cnf 000000000002 0000000000001\n1 -2 0\n');
    expect([f.vars, f.ends.length]).toEqual([2, 1]);
    expect(() => parseDimacs('p cnf 00000000002147483648 1\n1 0\n')).toThrow(/<input>:1: the header declares too many variables/);
    // So are a projection line's variables, as a clause's literals are.
    expect(parseDimacs('p cnf 2 1\n1 -2 0\nc p show 000000000002 0\n').projection).toEqual([2]);
  });

  it('accepts clauses spanning lines and blank lines', () => {
    const f = parseDimacs('c hi\np cnf 2 2\n1\n -2 0\n\n2 0\n');
    expect(Array.from(f.ends)).toEqual([2, 3]);
  });

  const bad: [string, RegExp][] = [
    ['p cnf x 1\n1 0\n', /<input>:1: bad header/],
    ['p cnf 2 1\n1 3 0\n', /<input>:2: literal 3 exceeds the declared 2 variables/],
    ['p cnf 2 1\n1 2\n', /<input>:2: clause not terminated by 0/],
    ['p cnf 2 2\n1 2 0\n', /header declares 2 clauses but the file has 1/],
    // Regression: "header declares 1 clauses".
    ['p cnf 2 1\n1 2 0 0\n', /^<input>:2: header declares 1 clause but the file has 2$/],
    // Regression: both were said at the file's last line. Too few: the header's line; too many: where the first clause past it starts.
    ['c two\np cnf 2 2\n1 2 0\n\n\nc end\n', /^<input>:2: header declares 2 clauses but the file has 1$/],
    ['p cnf 2 1\n1 2 0\n-1\n2 0\nc end\n\n', /^<input>:3: header declares 1 clause but the file has 2$/],
    ['p cnf 2 1\n1 2 0\n\n0\n-1 0\n', /^<input>:4: header declares 1 clause but the file has 3$/],
    ['p cnf 2 1\n1 x 0\n', /<input>:2: stray token "x"/],
    ['p cnf 2 1\n1 2- 0\n', /<input>:2: stray token "2-"/],
    ['1 2 0\n', /<input>:1: clause before the "p cnf" header/],
    // Regression: a line that is no clause at all was called one ('P CNF 2 1', a binary file).
    ['P CNF 2 1\n1 2 0\n', /^<input>:1: expected the "p cnf <vars> <clauses>" header or a comment, found "P CNF 2 1"$/],
    ['\x7fELF\x02\x01\n', /^<input>:1: expected the "p cnf <vars> <clauses>" header or a comment, found "\\x7fELF\\x02\\x01"$/],
    ['', /no "p cnf" header/],
    ['p cnf 1 0\np cnf 1 0\n', /<input>:2: second "p cnf" header/],
    // Regression: all after a "%" line was dropped unread, a clause too where the header's count agreed.
    // Regression: names were printed as written (decode's "1 model of <ESC>[31mRED", explain's families and variables): a terminal escape.
    ['p cnf 2 1\nc puzzle \x1b[31mRED\n1 0\n', /^<input>:2: "c puzzle" holds a control character \("\\x1b\[31mRED"\); names are printable text$/],
    ['p cnf 2 1\nc var 1 a\x00b\n1 0\n', /^<input>:2: "c var" holds a control character \("1 a\\x00b"\); names are printable text$/],
    ['p cnf 2 1\nc family \x1b[2J 1 clauses 0 aux\n1 0\n', /^<input>:2: "c family" holds a control character/],
    ['p cnf 2 1\nc param board \x1b]0;x\x07\n1 0\n', /^<input>:2: "c param" holds a control character/],
    ['p cnf 2 1\n1 2 0\n%\n0\n-1 0\n', /^<input>:5: "-1 0" after the "%" line that ends the formula \(line 3\); SATLIB's trailer is "%" and "0"$/],
  ];
  it.each(bad)('rejects %j with a located one-line error', (text, message) => {
    expect(() => parseDimacs(text)).toThrow(UserError);
    expect(() => parseDimacs(text)).toThrow(message);
  });
});

describe('the run deadline (--timeout) while a formula is built', () => {
  /** f() with the run's deadline already passed, and the deadline lifted after. */
  const pastDeadline = (f: () => void): void => {
    setRunDeadline(Date.now() - 1);
    try {
      f();
    } finally {
      setRunDeadline(Infinity);
    }
  };

  it('is met while variables are named (regression: optimize knapsack --random-items 1000000 --timeout 1 named a million items before its first clause and stopped after 8 s)', () => {
    const pool = new VarPool();
    expect(() => pastDeadline(() => Array.from({ length: 20_000 }, (_, i) => pool.named(`take ${i}`)))).toThrow(DeadlineReached);
    expect(pool.count).toBeLessThanOrEqual(8192);
  });

  it('is met while a decision diagram descends, before its first clause (regression: the same run)', () => {
    // A sink that never looks at the clock itself, as Cnf.add does: only the diagram's own steps can stop it.
    let clauses = 0;
    let vars = 20_000;
    const sink = { add: () => void clauses++, aux: () => ++vars };
    const terms = Array.from({ length: 20_000 }, (_, i) => ({ lit: i + 1, weight: 1 }));
    expect(() => pastDeadline(() => bddAtMostWeighted(sink, terms, 10))).toThrow(DeadlineReached);
    expect(clauses).toBe(0);
  });

  it('is met while a DIMACS file is read to be run, line by line and literal by literal (regression: count of a file of 1.5 million clauses with --timeout 2 read it whole and stopped at 3 s)', () => {
    // A bad token far in: a reader that meets the deadline stops before it, one that reads on is refused there.
    const lines = `p cnf 3 20000\n${'1 -2 3 0\n'.repeat(15_000)}1 x 0\n`;
    const oneClause = `p cnf 3 1\n${'1 '.repeat(20_000)}x 0\n`;
    const toRun = { meetDeadline: true };
    expect(() => pastDeadline(() => parseDimacs(lines, '<input>', toRun))).toThrow(DeadlineReached);
    expect(() => pastDeadline(() => parseDimacs(oneClause, '<input>', toRun))).toThrow(DeadlineReached);
    // With time left, or read otherwise (check-proof meets the deadline itself), the same files are read to their bad token.
    expect(() => parseDimacs(lines, '<input>', toRun)).toThrow('<input>:15002: stray token "x"');
    expect(() => pastDeadline(() => parseDimacs(lines))).toThrow('<input>:15002: stray token "x"');
    // A file read to be run (count FILE.cnf) meets it.
    const file = join(dir, 'long.cnf');
    writeFileSync(file, lines);
    expect(() => pastDeadline(() => buildInstance(file, {}))).toThrow(DeadlineReached);
  });
});

describe('parseJson', () => {
  it('refuses a whole number past 2^53 - 1 at its line and JSON path, which a double would read as another (regression: 9007199254740993 read as ...992)', () => {
    const past = (n: string) =>
      `whole.json:2: $.a[1]: ${n} is too large a whole number to read exactly (a double holds them exactly up to ±9007199254740991, 2^53 - 1)`;
    for (const n of ['9007199254740992', '9007199254740993', '-9007199254740993', '123456789012345678901234567890'])
      expect(userErrorOf(() => parseJson(`{"a":\n[0, ${n}]}`, 'whole.json'))).toBe(past(n));
    // Safe whole numbers, and numbers written as fractions or with an exponent (the writer's own rounding), are read as before.
    expect(parseJson('[9007199254740991, -9007199254740991, 1e20, 9007199254740994.0, 0.1]', 'ok.json')).toEqual([
      9007199254740991, -9007199254740991, 1e20, 9007199254740994, 0.1,
    ]);
  });

  it('counts lines ended by CR alone, as by LF and CRLF (regression: a CR-only file said line 1 for every problem)', () => {
    for (const end of ['\n', '\r\n', '\r']) {
      expect(userErrorOf(() => parseJson(['{', '"a": 1,', '"a": 2', '}'].join(end), 'twice.json'))).toMatch(/^twice\.json:3: /);
      expect(userErrorOf(() => parseJson(['[', '1,', '1e999', ']'].join(end), 'big.json'))).toMatch(/^big\.json:3: /);
      expect(userErrorOf(() => parseJson(['[', '1,', '2,,', ']'].join(end), 'bad.json'))).toMatch(/^bad\.json:3: not valid JSON/);
    }
  });
});
