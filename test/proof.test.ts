import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import { pigeonhole, randomThreeSat } from '../bench/minisat-builds.js';
import { seededRandom } from '../src/core/random.js';
import { UserError } from '../src/core/errors.js';
import { readDimacsFile } from '../src/core/dimacs.js';
import { readFileChunks } from '../src/core/input.js';
import { type FlatClauses, checkDrat, checkProofChunks } from '../src/proof/drat.js';
import { type ProofSteps, detectFormat, parseProof, parseProofChunks, toBinary, toText } from '../src/proof/drat-format.js';
import { externalSolver } from '../solvers/external/adapter.js';
import { findOnPath } from '../solvers/external/process.js';
import { EXTERNAL_SPECS } from '../solvers/external/specs.js';
import { asProofProducer, checkedProof, claimFormula } from '../src/proof/certify.js';
import { setRunDeadline } from '../src/core/limits.js';
import { missing } from './helpers/requires.js';
import { EXACTLY_ONE_OF_FOUR } from './helpers/solver-fixtures.js';

const cli = join(import.meta.dirname, '..', 'dist', 'src', 'cli', 'main.js');
const scratch = tempDir('puzzlesat-proof-test-');

const bytes = (text: string) => new TextEncoder().encode(text);
const flat = (clauses: readonly (readonly number[])[]): FlatClauses => {
  const ends: number[] = [];
  for (const c of clauses) ends.push((ends.at(-1) ?? 0) + c.length);
  return { vars: Math.max(0, ...clauses.flat().map(Math.abs)), lits: clauses.flat(), ends };
};
const check = (clauses: readonly (readonly number[])[], proofText: string, target?: number[]) =>
  checkDrat(flat(clauses), parseProof(bytes(proofText)), { target });
const dimacs = (clauses: readonly (readonly number[])[]) =>
  `p cnf ${Math.max(0, ...clauses.flat().map(Math.abs))} ${clauses.length}\n${clauses.map((c) => `${c.join(' ')} 0\n`).join('')}`;

/** The four clauses over a and b: unsatisfiable, but no unit propagates from nothing. */
const XOR_BOTH = [
  [1, 2],
  [1, -2],
  [-1, 3],
  [-1, -3],
];

describe('DRAT formats', () => {
  it('tells binary from text and reads both to the same steps', () => {
    const text = 'c a comment\n1 -2 0\nd 1 -2 0\n-300 0\n0\n';
    const steps = parseProof(bytes(text));
    expect(steps.format).toBe('text');
    expect(steps.count).toBe(4);
    expect(Array.from(steps.deletion)).toEqual([0, 1, 0, 0]);
    expect(Array.from(steps.where)).toEqual([2, 3, 4, 5]);
    const binary = toBinary(steps);
    // 'a', literal 1 is 2, -2 is 5, 0; 'd' ...; -300 is 601 = 0xd9 0x04 in LEB128.
    expect(Array.from(binary.subarray(0, 4))).toEqual([0x61, 2, 5, 0]);
    expect(Array.from(binary.subarray(8, 12))).toEqual([0x61, 0xd9, 0x04, 0]);
    expect(detectFormat(binary)).toBe('binary');
    const again = parseProof(binary);
    expect(again.format).toBe('binary');
    expect(Array.from(again.lits)).toEqual(Array.from(steps.lits));
    expect(Array.from(again.starts)).toEqual(Array.from(steps.starts));
    expect(toText(again)).toBe('1 -2 0\nd 1 -2 0\n-300 0\n0\n');
  });

  it('names the line or byte of bad input', () => {
    expect(() => parseProof(bytes('1 2 0\n3 x 0\n'), 'p.drat')).toThrow(new UserError('p.drat:2: unexpected character "x"'));
    expect(() => parseProof(bytes('1 2 0\n3 4\n'), 'p.drat')).toThrow(new UserError('p.drat:2: the last clause has no closing 0'));
    // A text proof with a NUL is refused at its line, as text (regression: read as binary, "byte 0: expected 'a' or 'd'").
    expect(() => parseProof(bytes('1 2 0\n-3\u0000 0\n'), 'p.drat')).toThrow(new UserError('p.drat:2: unexpected byte 0x00'));
    // A byte-order mark first is no part of line 1 (regression: 'unexpected character "ï"').
    expect(parseProof(Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes('1 2 0\nd 1 2 0\n')]), 'p.drat').count).toBe(2);
    expect(() => parseProof(Uint8Array.from([0x61, 2, 0, 0x78, 0]), 'p.drat')).toThrow(/p\.drat: byte 3: expected 'a' or 'd'/);
    expect(() => parseProof(Uint8Array.from([0x61, 2, 0x84]), 'p.drat')).toThrow('p.drat: step 1: the proof ends inside a clause');
    // Quoted as written (regression: 99999999999999999999 was quoted as the double it read, 100000000000000020000).
    expect(() => parseProof(bytes('1 -99999999999999999999 0\n'), 'p.drat')).toThrow(
      new UserError('p.drat:1: literal -99999999999999999999 is out of range'),
    );
    expect(() => parseProof(bytes(`${'9'.repeat(60)} 0\n`), 'p.drat')).toThrow(new UserError(`p.drat:1: literal ${'9'.repeat(40)}… is out of range`));
  });

  it('refuses a binary literal code longer than any literal needs (regression: 200 bytes read as NaN, stored as a literal 0 in the clause)', () => {
    expect(() => parseProof(Uint8Array.from([0x61, 0x82, ...Array<number>(200).fill(0x80), 0, 0]), 'p.drat')).toThrow(
      new UserError('p.drat: step 1: a literal code runs past 5 bytes; no literal needs more'),
    );
  });

  it('reads a literal as a whole token, and a lone CR as a line end (regression: "1 -0 0" was (1) then the empty clause, "1-2" two literals, a CR-only file one comment)', () => {
    expect(() => parseProof(bytes('1 0\n2 -0 0\n'), 'p.drat')).toThrow(new UserError('p.drat:2: stray token "-0"'));
    expect(() => parseProof(bytes('1 0\n1-2 0\n'), 'p.drat')).toThrow(new UserError('p.drat:2: stray token "1-2"'));
    expect(() => parseProof(bytes('1e3 0\n'), 'p.drat')).toThrow(new UserError('p.drat:1: stray token "1e3"'));
    const cr = parseProof(bytes('c a comment\r1 0\rd 1 0\r\n0\r'));
    expect([cr.count, Array.from(cr.where), Array.from(cr.deletion)]).toEqual([3, [2, 3, 4], [0, 1, 0]]);
    expect(() => parseProof(bytes('1 0\r3 x 0\r'), 'p.drat')).toThrow(new UserError('p.drat:2: unexpected character "x"'));
  });
});

describe('a proof read chunk by chunk (regression: check-proof read the whole file into memory at once, failing on proofs of GBs)', () => {
  /** The bytes cut into pieces of `size`, each a fresh array, as a file is read. */
  const piecesOf = (all: Uint8Array, size: number): Uint8Array[] =>
    Array.from({ length: Math.ceil(all.length / size) }, (_, k) => all.slice(k * size, (k + 1) * size));
  const stepsOf = (p: ProofSteps) => ({ ...p, deletion: [...p.deletion], starts: [...p.starts], lits: [...p.lits], where: [...p.where] });
  const TEXT = 'c a comment\n1 -2 0\nd 1 -2\n  0\n-300 12345 0\n0\n';

  it('reads the same steps whatever the pieces, a line or a clause split across them', () => {
    const text = Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes(TEXT)]);
    const binary = toBinary(parseProof(text));
    // A 'd' first opens both formats: the reader waits for the bytes that tell them apart.
    const deletionFirst = bytes(`d 1 -2 0\n${TEXT}`);
    for (const whole of [text, binary, deletionFirst, toBinary(parseProof(deletionFirst))])
      for (let size = 1; size <= whole.length; size++)
        expect(stepsOf(parseProofChunks(piecesOf(whole, size), 'p.drat')), `${size}-byte pieces`).toEqual(stepsOf(parseProof(whole, 'p.drat')));
  });

  it('names the line or byte of bad input as a whole read does', () => {
    for (let size = 1; size <= 8; size++) {
      const read = (b: Uint8Array) => () => parseProofChunks(piecesOf(b, size), 'p.drat');
      expect(read(bytes('1 2 0\n3 x 0\n'))).toThrow(new UserError('p.drat:2: unexpected character "x"'));
      expect(read(bytes('1 2 0\n3 4\n'))).toThrow(new UserError('p.drat:2: the last clause has no closing 0'));
      expect(read(bytes(`1 2 0\n${'9'.repeat(60)} 0\n`))).toThrow(new UserError(`p.drat:2: literal ${'9'.repeat(40)}… is out of range`));
      expect(read(Uint8Array.from([0x61, 2, 0, 0x61, 4, 0, 0x78, 0]))).toThrow(/p\.drat: byte 6: expected 'a' or 'd'/);
      expect(read(Uint8Array.from([0x61, 2, 0, 0x61, 2, 0x84]))).toThrow('p.drat: step 2: the proof ends inside a clause');
    }
  });

  // Lines ended by LF, and by a lone CR (regression: such a file was held whole, each piece joined to all before it).
  it.each(['\n', '\r'])('reads no further than it must: a bad line is said before an endless rest is read (lines ended by %j)', (end) => {
    let given = 0;
    function* endless() {
      yield bytes(`1 2 0${end}3 `);
      // A CR last in a piece may be half of a CR LF: the next piece says.
      yield bytes(`x 0${end}`);
      // Bounded, so that a reader of the whole fails here rather than runs forever.
      for (; given < 100_000; given++) yield bytes(`1 0${end}`);
      throw new Error('the whole proof was read');
    }
    expect(() => parseProofChunks(endless(), 'p.drat')).toThrow(new UserError('p.drat:2: unexpected character "x"'));
    expect(given).toBeLessThan(10);
  });

  it('reads CR, LF and CR LF line ends alike in pieces of every size, a CR LF cut between two pieces one line end', () => {
    const lines = '1 2 0\r\n-1 0\r-2 0\r\n0\r';
    const whole = parseProofChunks([bytes(lines)]);
    for (let size = 1; size < lines.length; size++) {
      const pieces = Array.from({ length: Math.ceil(lines.length / size) }, (_, k) => bytes(lines.slice(k * size, (k + 1) * size)));
      expect(parseProofChunks(pieces), `pieces of ${size}`).toEqual(whole);
    }
    expect(() => parseProofChunks([bytes('1 0\r'), bytes('\n2 0\r'), bytes('\ny 0\r')], 'q.drat')).toThrow(
      new UserError('q.drat:3: unexpected character "y"'),
    );
  });

  it('a proof file larger than one read is checked as a whole: VERIFIED, and a broken one FAILED at its line', () => {
    const cnf = join(scratch, 'chunked.cnf');
    writeFileSync(cnf, dimacs(XOR_BOTH));
    const proof = join(scratch, 'chunked.drat');
    writeFileSync(proof, 'c a first line longer than a read\n1 0\n0\n');
    const formula = readDimacsFile(cnf);
    for (const size of [1, 3, 7, 64]) {
      expect(checkProofChunks(formula, readFileChunks(proof, undefined, size), proof).result.status).toBe('VERIFIED');
      expect(() => checkProofChunks(formula, readFileChunks(proof + '.none', '--proof', size), proof)).toThrow(
        new UserError(`--proof: cannot read "${proof}.none": no such file or directory (ENOENT)`),
      );
    }
    writeFileSync(proof, 'c no lemma\n0\n');
    expect(checkProofChunks(formula, readFileChunks(proof, undefined, 2), proof).result).toMatchObject({ status: 'FAILED', failedStep: 0 });
  });
});

describe('DRAT checking by hand-made proofs', () => {
  it('RUP: the unit 1 refutes; without it the empty clause is not RUP', () => {
    expect(check(XOR_BOTH, '1 0\n0\n')).toMatchObject({ status: 'VERIFIED', coreLemmas: 1, ratLemmas: 0 });
    // No clause of XOR_BOTH is unit, so with the lemma gone nothing propagates.
    const removed = check(XOR_BOTH, '0\n');
    expect(removed).toMatchObject({ status: 'FAILED', failedStep: 0 });
    expect(removed.message).toBe('FAILED: lemma at line 1 [] is neither RUP nor RAT');
  });

  // Unit 1 is RUP (assuming -1, clauses 1-2 propagate 2 and -2); once 1 holds, 3 is RUP, then 1 and 3 refute.
  const STAIRS = [
    [1, 2],
    [1, -2],
    [-1, 3, 4],
    [-1, -3, 4],
    [-1, 3, -4],
    [-1, -3, -4],
  ];

  it('removing a lemma a later one needs, or flipping its literal, is rejected', () => {
    expect(check(STAIRS, '1 0\n3 0\n0\n').status).toBe('VERIFIED');
    // With 1 alone every other clause keeps two open literals: the empty clause is not RUP.
    expect(check(STAIRS, '1 0\n0\n')).toMatchObject({ status: 'FAILED', failedStep: 1 });
    // -1 is not RUP (1 propagates nothing) nor RAT (the resolvent 2 with (1 2) is not RUP).
    const flipped = check(STAIRS, '-1 0\n3 0\n0\n');
    expect(flipped).toMatchObject({ status: 'FAILED', failedStep: 0 });
    expect(flipped.message).toBe('FAILED: lemma at line 1 [-1] is neither RUP nor RAT on its first literal -1');
  });

  it('a deletion of a needed clause, early, is rejected; deleting it after use is fine', () => {
    expect(check(XOR_BOTH, 'd 1 2 0\n1 0\n0\n').status).toBe('FAILED');
    expect(check(XOR_BOTH, '1 0\nd 1 2 0\n0\n').status).toBe('VERIFIED');
  });

  // Found by a search over small formulas: (1 -2) is RAT on 1 but not RUP, and not RAT on -2;
  // the unit 1 then follows from it by RUP (and not without it), and propagation refutes.
  const RAT_FORMULA = [
    [5, -2, 3],
    [-5, 1, 3],
    [-3, -4, -5],
    [3, -1],
    [-3, 4],
    [2, 1],
    [-5, -1],
    [-3, -5],
    [5, -4],
  ];

  it('RAT: a lemma that is not RUP is accepted as RAT on its first literal, and rejected with the other pivot', () => {
    const good = check(RAT_FORMULA, '1 -2 0\n1 0\n0\n');
    expect(good).toMatchObject({ status: 'VERIFIED', ratLemmas: 1, coreLemmas: 2 });
    const wrongPivot = check(RAT_FORMULA, '-2 1 0\n1 0\n0\n');
    expect(wrongPivot).toMatchObject({ status: 'FAILED', failedStep: 0 });
    expect(wrongPivot.message).toBe('FAILED: lemma at line 1 [-2 1] is neither RUP nor RAT on its first literal -2');
    // A fresh variable is always RAT: no clause holds its negation.
    expect(check(XOR_BOTH, '9 1 0\n1 0\n0\n').status).toBe('VERIFIED');
  });

  it('a deletion of a top-level reason is ignored, as drat-trim does', () => {
    // Propagation refutes this formula outright: no lemma needed.
    expect(check([[1], [-1, 2], [-2, 3], [-3, -1]], '')).toMatchObject({ status: 'VERIFIED', coreLemmas: 0 });
    // 1 and then 2 (reason (-1 2)) hold at the top level; the lemma 3 rests on 2.
    const f = [[1], [-1, 2], [-2, 3, 4], [-2, 3, -4], [-2, -3, 4], [-2, -3, -4]];
    expect(check(f, 'd -1 2 0\n3 0\n0\n')).toMatchObject({ status: 'VERIFIED', ignoredDeletions: 1, coreLemmas: 1 });
    expect(check(f, 'd -1 2 4 0\n3 0\n0\n')).toMatchObject({ status: 'VERIFIED', missingDeletions: 1 });
  });

  it('certifies UNSAT under assumptions as the derivation of the negated assumptions', () => {
    // Satisfiable (x = 1 true), unsatisfiable under the assumption -1.
    const f = [
      [1, 2, 3],
      [1, 2, -3],
      [1, -2, 3],
      [1, -2, -3],
    ];
    expect(check(f, '1 2 0\n', [1])).toMatchObject({ status: 'VERIFIED', coreLemmas: 1 });
    const r = check(f, '', [1]);
    expect(r.status).toBe('FAILED');
    expect(r.message).toBe('FAILED: the proof does not derive the clause [1] by unit propagation');
    expect(check(f, '1 2 0\n').message).toMatch(/never derives the empty clause/);
  });
});

/**
 * An independent check of what a VERIFIED result claims: the lemmas it
 * needed, in order and with no deletions at all, form a valid DRAT proof by
 * naive propagation over a clause list — each lemma RUP, or RAT on its first
 * literal against every clause so far — and the last set propagates to a
 * conflict.
 */
function naiveDratConfirms(formula: readonly (readonly number[])[], proof: ProofSteps, coreSteps: readonly number[]): boolean {
  const clauses = formula.map((c) => [...c]);
  const refutes = (assumed: number[]): boolean => {
    const value = new Map<number, boolean>();
    for (const lit of assumed) {
      if (value.get(Math.abs(lit)) === lit < 0) return true;
      value.set(Math.abs(lit), lit > 0);
    }
    for (let changed = true; changed;) {
      changed = false;
      for (const c of clauses) {
        if (c.some((l) => value.get(Math.abs(l)) === l > 0)) continue;
        const open = c.filter((l) => !value.has(Math.abs(l)));
        if (open.length === 0) return true;
        if (open.length === 1) {
          value.set(Math.abs(open[0]!), open[0]! > 0);
          changed = true;
        }
      }
    }
    return false;
  };
  const rup = (clause: readonly number[]) => refutes(clause.map((l) => -l));
  const rat = (lemma: readonly number[]) => {
    const pivot = lemma[0]!;
    return clauses.every((d) => {
      if (!d.includes(-pivot)) return true;
      const rest = d.filter((l) => l !== -pivot);
      return rest.some((l) => lemma.includes(-l)) || rup([...lemma, ...rest]);
    });
  };
  for (const s of coreSteps) {
    const lemma = Array.from(proof.lits.subarray(proof.starts[s]!, proof.starts[s + 1]!));
    if (!rup(lemma) && !(lemma.length > 0 && rat(lemma))) return false;
    clauses.push(lemma);
  }
  return refutes([]);
}

const cadical = findOnPath('cadical');

/** cadical's proof of a formula, binary and text. */
function cadicalProof(name: string, cnfText: string): { cnf: string; binary: string; text: string } {
  const cnf = join(scratch, `${name}.cnf`);
  writeFileSync(cnf, cnfText);
  const binary = join(scratch, `${name}.drat`);
  const text = join(scratch, `${name}.txt.drat`);
  for (const [file, extra] of [
    [binary, []],
    [text, ['--no-binary']],
  ] as const) {
    const run = spawnSync(cadical!, ['-q', ...extra, cnf, file], { encoding: 'latin1' });
    expect(run.status).toBe(20);
  }
  return { cnf, binary, text };
}

describe.skipIf(missing('cadical'))('DRAT proofs from native cadical', () => {
  it.each([
    [6, 5],
    [8, 7],
  ])(
    'pigeonhole %i -> %i: binary and text proofs read alike and verify',
    (pigeons, holes) => {
      const clauses = pigeonhole(pigeons, holes);
      const files = cadicalProof(`php${pigeons}`, dimacs(clauses));
      const binary = parseProof(readFileSync(files.binary));
      const text = parseProof(readFileSync(files.text));
      expect([binary.format, text.format]).toEqual(['binary', 'text']);
      expect(toText(binary)).toBe(readFileSync(files.text, 'latin1'));
      const results = [binary, text].map((p) => checkDrat(flat(clauses), p));
      for (const r of results) expect(r).toMatchObject({ status: 'VERIFIED', ratLemmas: 0 });
      expect(results[0]!.coreSteps).toEqual(results[1]!.coreSteps);
      expect(results[0]!.coreLemmas).toBeGreaterThan(0);
    },
    60_000,
  );

  describe('mutations of the pigeonhole 6 -> 5 proof', () => {
    const clauses = pigeonhole(6, 5);
    const lines = () =>
      readFileSync(cadicalProof('php6-mut', dimacs(clauses)).text, 'latin1')
        .trimEnd()
        .split('\n');
    const checkLines = (ls: readonly string[]) => {
      const proof = parseProof(bytes(`${ls.join('\n')}\n`));
      return { proof, result: checkDrat(flat(clauses), proof) };
    };

    /**
     * A mutation of a needed lemma either breaks the proof — rejected at that
     * lemma or a later one — or leaves another derivation, and then what the
     * checker accepted must stand up to the naive RUP check.
     */
    function judge(mutated: readonly string[], at: number): 'rejected' | 'accepted' {
      const { proof, result } = checkLines(mutated);
      if (result.status === 'FAILED') {
        if (result.failedStep !== undefined) expect(result.failedStep).toBeGreaterThanOrEqual(at);
        return 'rejected';
      }
      expect(naiveDratConfirms(clauses, proof, result.coreSteps)).toBe(true);
      return 'accepted';
    }

    it('the unmutated proof passes; removing a needed lemma or flipping a literal in one is caught', () => {
      const original = lines();
      const { proof, result } = checkLines(original);
      expect(result.status).toBe('VERIFIED');
      expect(naiveDratConfirms(clauses, proof, result.coreSteps)).toBe(true);
      const verdicts = { removed: [] as string[], flipped: [] as string[] };
      for (const s of result.coreSteps) {
        verdicts.removed.push(
          judge(
            original.filter((_, i) => i !== s),
            s,
          ),
        );
        const lits = original[s]!.split(' ');
        if (lits.length < 2) continue;
        lits[0] = String(-Number(lits[0]));
        verdicts.flipped.push(
          judge(
            original.map((l, i) => (i === s ? lits.join(' ') : l)),
            s,
          ),
        );
      }
      // Most needed lemmas are needed for real: most mutations break the proof.
      for (const v of Object.values(verdicts)) expect(v.filter((x) => x === 'rejected').length).toBeGreaterThan(v.length / 2);
    }, 60_000);

    it('deleting any clause of the formula before the proof starts is rejected (pigeonhole is minimally unsatisfiable)', () => {
      const original = lines();
      for (const clause of clauses) {
        const { result } = checkLines([`d ${clause.join(' ')} 0`, ...original]);
        expect(result.status, `deleting [${clause.join(' ')}]`).toBe('FAILED');
      }
    }, 60_000);
  });

  it('random 3-SAT past the threshold: proofs verify, and every mutant the checker accepts stands up to the naive check', () => {
    const random = seededRandom(2014);
    let refuted = 0;
    let rejected = 0;
    for (let seed = 1; refuted < 25; seed++) {
      const clauses = randomThreeSat(16, 80, seed);
      const cnf = join(scratch, 'random.cnf');
      const proofFile = join(scratch, 'random.drat');
      writeFileSync(cnf, dimacs(clauses));
      if (spawnSync(cadical!, ['-q', '--no-binary', cnf, proofFile]).status !== 20) continue;
      refuted++;
      const lines = readFileSync(proofFile, 'latin1').trimEnd().split('\n');
      const verify = (ls: readonly string[]) => {
        const proof = parseProof(bytes(`${ls.join('\n')}\n`));
        return { proof, result: checkDrat(flat(clauses), proof) };
      };
      const { proof, result } = verify(lines);
      expect(result.status, `seed ${seed}`).toBe('VERIFIED');
      expect(naiveDratConfirms(clauses, proof, result.coreSteps)).toBe(true);
      for (let k = 0; k < 8; k++) {
        // One line removed, one literal negated, or a clause of the formula deleted there.
        const at = Math.floor(random() * lines.length);
        const kind = k % 3;
        const mutated = [...lines];
        if (kind === 0) mutated.splice(at, 1);
        else if (kind === 1)
          mutated[at] = lines[at]!.replace(/(^|\s)(-?)([1-9]\d*)/, (_, space: string, minus: string, v: string) => `${space}${minus ? '' : '-'}${v}`);
        else mutated.splice(at, 0, `d ${clauses[Math.floor(random() * clauses.length)]!.join(' ')} 0`);
        const judged = verify(mutated);
        if (judged.result.status === 'VERIFIED')
          expect(naiveDratConfirms(clauses, judged.proof, judged.result.coreSteps), `seed ${seed}: ${mutated.join(' / ')}`).toBe(true);
        else rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(0);
  }, 60_000);

  it("Dobble order 6 (no projective plane of order 6): cadical's proof verifies", () => {
    const cnf = join(scratch, 'dobble6.cnf');
    const encode = spawnSync(process.execPath, [cli, 'encode', 'dobble', '--order', '6', '--no-names', '-o', cnf], { encoding: 'utf8' });
    expect(encode.status, encode.stderr).toBe(0);
    const proofFile = join(scratch, 'dobble6.drat');
    expect(spawnSync(cadical!, ['-q', cnf, proofFile]).status).toBe(20);
    const result = checkDrat(readDimacsFile(cnf), parseProof(readFileSync(proofFile)));
    expect(result.status, result.message).toBe('VERIFIED');
    expect(result.coreLemmas).toBeGreaterThan(100);
  }, 120_000);
});

describe.skipIf(missing('cadical'))('the cadical adapter as a ProofProducer', () => {
  it('proves UNSAT under assumptions about the clauses plus the assumptions as units, not about the clauses alone', async () => {
    // Satisfiable, but not with 5 and 2.
    const clauses = EXACTLY_ONE_OF_FOUR;
    const solver = externalSolver(EXTERNAL_SPECS.find((s) => s.name === 'cadical')!).create();
    const producer = asProofProducer(solver)!;
    expect(producer).toBeDefined();
    producer.enableProof('drat-text');
    for (const c of clauses) solver.addClause(c);
    expect(await solver.solve({ assumptions: [5, 2] })).toBe('UNSAT');
    const proof = producer.takeProof();
    expect(proof.format).toBe('drat-text');
    solver.dispose();
    const steps = parseProof(proof.bytes);
    expect(steps.format).toBe('text');
    expect(checkDrat(claimFormula({ varCount: 5, clauses, assumptions: [5, 2], answeredBy: 'cadical' }), steps).status).toBe('VERIFIED');
    expect(checkDrat(flat(clauses), steps).status).toBe('FAILED');
  });
});

describe.skipIf(missing('cadical'))('check-proof, solve --proof and --certify on the command line', () => {
  const run = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: scratch, env });
  const unsat = join(scratch, 'php43.cnf');
  const sat = join(scratch, 'sat.cnf');
  writeFileSync(unsat, dimacs(pigeonhole(4, 3)));
  writeFileSync(
    sat,
    dimacs([
      [1, 2],
      [-1, 2],
      [-2, 3],
    ]),
  );

  it('solve --proof writes a proof that check-proof verifies, and a broken one fails with exit 1', () => {
    const proof = join(scratch, 'php43.drat');
    const solved = run(['solve', unsat, '--solver', 'cadical', '--proof', proof, '--certify', '--json']);
    expect(solved.status, solved.stderr).toBe(0);
    const summary = JSON.parse(solved.stdout) as { status: string; certified: boolean; proof: { status: string; prover: string } };
    expect(summary).toMatchObject({ status: 'UNSAT', certified: true, proof: { status: 'VERIFIED', prover: 'cadical' } });
    const checked = run(['check-proof', unsat, proof, '--json']);
    expect(checked.status).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({ status: 'VERIFIED', format: 'binary' });
    expect(typeof JSON.parse(checked.stdout).seconds).toBe('number');
    const empty = join(scratch, 'empty.drat');
    writeFileSync(empty, '');
    const failed = run(['check-proof', unsat, empty]);
    expect(failed.status).toBe(1);
    expect(failed.stdout.trim().split('\n')).toHaveLength(1);
    expect(failed.stdout).toMatch(/^FAILED: /);
  });

  it('--proof with a solver that writes none is a one-line usage error naming those that do (regression: exit 1, though --proof with --solver dlx was 2)', () => {
    const r = run(['solve', unsat, '--solver', 'logic-solver', '--proof', join(scratch, 'x.drat')]);
    expect(r.status).toBe(2);
    expect(existsSync(join(scratch, 'x.drat'))).toBe(false);
    expect(r.stderr).toMatch(/^puzzlesat: --proof: logic-solver does not write DRAT proofs; solvers that do: .*cadical.*\n$/);
  });

  it('--certify catches a fake solver that always answers UNSAT', () => {
    const dir = mkdtempSync(join(scratch, 'fake-'));
    // kissat's adapter reads competition output; this one claims UNSAT for everything.
    writeFileSync(join(dir, 'kissat'), '#!/bin/sh\necho "s UNSATISFIABLE"\nexit 20\n');
    chmodSync(join(dir, 'kissat'), 0o755);
    const env = { ...process.env, PATH: `${dir}${delimiter}${process.env.PATH ?? ''}` };
    const believed = run(['solve', sat, '--solver', 'kissat'], env);
    expect(believed.stdout).toMatch(/^s UNSATISFIABLE/);
    for (const args of [
      ['solve', sat, '--solver', 'kissat', '--certify'],
      ['enumerate', 'dobble', '--order', '2', '--solver', 'kissat', '--certify'],
    ]) {
      const caught = run(args, env);
      expect(caught.status, args.join(' ')).toBe(1);
      // The prover is cadical-wasm when it is built, else native cadical.
      expect(caught.stderr).toMatch(/^puzzlesat: --certify: kissat answered UNSAT, but cadical(-wasm)? finds a model of the same formula\n$/);
    }
  });

  it('a solver that answers UNSAT without writing the proof it was asked for is a one-line error', () => {
    const dir = mkdtempSync(join(scratch, 'fake-'));
    writeFileSync(join(dir, 'cadical'), '#!/bin/sh\necho "s UNSATISFIABLE"\nexit 20\n');
    chmodSync(join(dir, 'cadical'), 0o755);
    const r = run(['solve', unsat, '--solver', 'cadical', '--proof', join(scratch, 'none.drat')], {
      ...process.env,
      PATH: `${dir}${delimiter}${process.env.PATH ?? ''}`,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('puzzlesat: cadical answered UNSAT but wrote no proof: no such file or directory (ENOENT)\n');
  });

  it.skipIf(missing('minisat-wasm'))('enumerate --certify verifies the UNSAT that closes each cube', () => {
    const r = run(['enumerate', 'pentomino', '--preset', '3x20', '--unique', '--solver', 'minisat-wasm', '--certify', '--json', '--show', '0']);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { count: number; complete: boolean; certified: boolean; proofs: number; cubes: number };
    expect(report).toMatchObject({ count: 2, complete: true, certified: true });
    expect(report.proofs).toBe(report.cubes);
  });
});

describe('a proof checked for --certify under the run deadline', () => {
  it('stops at the deadline with a UserError, not a verdict past it (regression: certify checked its proof with no deadline)', () => {
    // x and ¬x: the empty clause is the whole proof.
    const formula = claimFormula({ varCount: 1, clauses: [[1], [-1]], answeredBy: 'test' });
    const proof = { format: 'drat-text' as const, bytes: new TextEncoder().encode('0\n') };
    expect(checkedProof(formula, proof, 'prover', 'certify').check.status).toBe('VERIFIED');
    setRunDeadline(Date.now() - 1);
    try {
      expect(() => checkedProof(formula, proof, 'prover', 'certify')).toThrow(
        // The proof is read under the deadline too, before the formula is loaded (regression: read whole first).
        /^certify: prover's proof was not checked in time: .*ran out while the proof was read \(line 1\); no verdict$/,
      );
    } finally {
      setRunDeadline(Infinity);
    }
  });
});

describe('check-proof arguments that cannot be read', () => {
  it('a <proof> or <cnf> that cannot be read is named as the argument it is (regression: \'cannot read ".": illegal operation on a directory (EISDIR)\', no argument named)', () => {
    const cnf = join(scratch, 'one.cnf');
    writeFileSync(cnf, 'p cnf 1 2\n1 0\n-1 0\n');
    for (const [proof, reason] of [
      ['.', 'illegal operation on a directory \\(EISDIR\\)'],
      ['none.drat', 'no such file or directory \\(ENOENT\\)'],
    ] as const) {
      const r = spawnSync(process.execPath, [cli, 'check-proof', cnf, proof], { encoding: 'utf8', cwd: scratch });
      expect([r.status, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toMatch(new RegExp(`^puzzlesat: check-proof <proof>: cannot read "${proof.replace('.', '\\.')}": ${reason}\\n$`));
      // And the formula, as decode's (regression: 'cannot read "."', no argument named).
      const swapped = spawnSync(process.execPath, [cli, 'check-proof', proof, cnf], { encoding: 'utf8', cwd: scratch });
      expect([swapped.status, swapped.stdout]).toEqual([1, '']);
      expect(swapped.stderr).toMatch(new RegExp(`^puzzlesat: check-proof <cnf>: cannot read "${proof.replace('.', '\\.')}": ${reason}\\n$`));
      const decoded = spawnSync(process.execPath, [cli, 'decode', proof, '--model', cnf], { encoding: 'utf8', cwd: scratch });
      expect([decoded.status, decoded.stdout]).toEqual([1, '']);
      expect(decoded.stderr).toMatch(new RegExp(`^puzzlesat: decode <cnf>: cannot read "${proof.replace('.', '\\.')}": ${reason}\\n$`));
    }
  });
});
