import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AMO_ENCODINGS, CARD_ENCODINGS, type AmoEncoding, type CardEncoding, atMostK, atMostOne } from '../src/card/index.js';
import { Cnf } from '../src/core/cnf.js';
import { instanceFromDimacs, parseDimacs, dimacsString } from '../src/core/dimacs.js';
import { explain, showClause, type Explanation } from '../src/explain/explain.js';
import { amoCost, atMostKCost } from '../src/explain/sizes.js';
import type { Instance } from '../src/core/puzzle.js';
import { polyomino } from '../encoders/polyomino.js';
import { soma } from '../encoders/polycube.js';
import { geniusSquare } from '../encoders/genius-square.js';
import { dobbleInstance } from '../encoders/dobble.js';

const CLI = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const AMOS = AMO_ENCODINGS.map((e) => e.name as AmoEncoding);
const CARDS = CARD_ENCODINGS.map((e) => e.name as CardEncoding);

/** Every family's formula, where there is one, gives exactly the clauses and auxiliaries built. */
function expectFormulasHold(e: Explanation, instance: Instance): void {
  expect(e.families.map((f) => f.name)).toEqual(instance.cnf.familyCounts().map((f) => f.name));
  instance.cnf.familyCounts().forEach((counted, i) => {
    const f = e.families[i]!;
    expect([f.clauses, f.auxVars]).toEqual([counted.clauses, counted.auxVars]);
    expect(f.formula, `${f.name} has a formula`).not.toBeNull();
    expect([f.formula!.clauses, f.formula!.auxVars], `${instance.puzzle} ${f.name}: ${f.formula!.text}`).toEqual([f.clauses, f.auxVars]);
  });
  expect(e.vars).toBe(instance.cnf.varCount);
  expect(e.clauses).toBe(instance.cnf.clauseCount);
  expect(e.namedVars + e.auxVars).toBe(e.vars);
}

describe('explain on the 8x8 board with the square, sequential at-most-one', () => {
  const instance = polyomino({ preset: '8x8-square', amo: 'sequential' }, 'pentomino');
  const e = explain(instance);
  const family = (name: string) => e.families.find((f) => f.name === name)!;

  it('counts the formula: 2357 placements, 16373 variables, 42048 clauses', () => {
    expect([e.namedVars, e.auxVars, e.vars, e.clauses]).toEqual([2357, 14016, 16373, 42048]);
    expect(e.families.map((f) => [f.name, f.clauses, f.auxVars])).toEqual([
      ['cover', 64, 0],
      ['non-overlap', 34952, 11672],
      ['piece-once', 7019, 2344],
      ['piece-at-least-once', 13, 0],
    ]);
    expectFormulasHold(e, instance);
  });

  it('derives the sequential sizes from placements per cell and per piece', () => {
    // Recomputed here from the placements: 3n - 4 clauses and n - 1 auxiliaries per at-most-one.
    const perCell = new Map<number, number>();
    const perPiece = new Map<number, number>();
    for (const pl of instance.placements) {
      for (const c of pl.cells) perCell.set(c, (perCell.get(c) ?? 0) + 1);
      perPiece.set(pl.piece, (perPiece.get(pl.piece) ?? 0) + 1);
    }
    const sequential = (counts: Iterable<number>) => [...counts].reduce(([cl, aux], n) => [cl + 3 * n - 4, aux + n - 1], [0, 0]);
    expect(sequential(perCell.values())).toEqual([34952, 11672]);
    expect(sequential(perPiece.values())).toEqual([7019, 2344]);
    expect(family('non-overlap').formula!.text).toContain('3n_c-4');
    expect(family('cover').formula!.text).toContain('64 cells');
  });

  it('prints sample clauses with the real variable names, in logic notation', () => {
    const cover = family('cover').samples[0]!;
    expect(cover.about).toBe('cell (0,0) covered');
    // The first cover clause lists exactly the placements covering (0,0), the first region cell.
    const covering = instance.placements.filter((pl) => pl.cells.includes(0)).map((pl) => pl.variable);
    expect(cover.literals).toEqual(covering);
    expect(
      cover.text.startsWith(
        covering
          .slice(0, 3)
          .map((v) => instance.cnf.vars.name(v))
          .join(' ∨ ') + ' ∨ …',
      ),
    ).toBe(true);
    expect(cover.text).toContain(`(${covering.length} literals)`);
    for (const f of e.families) {
      expect(f.samples.length).toBe(3);
      for (const s of f.samples) {
        const first = s.literals[0]!;
        expect(s.text.startsWith((first < 0 ? '¬' : '') + instance.cnf.vars.name(first))).toBe(true);
      }
    }
    const overlap = family('non-overlap').samples[0]!;
    expect(overlap.text).toMatch(/^¬place \w+#\d+ @\(\d+,\d+\) ∨ aux sequential cell \(0,0\)#1$/);
  });
});

describe('explain formulas', () => {
  it('holds for every at-most-one encoding (6x10), and for the pairwise non-overlap family', () => {
    for (const amo of AMOS) {
      const instance = polyomino({ preset: '6x10', amo }, 'pentomino');
      expectFormulasHold(explain(instance), instance);
    }
    const pairwise = polyomino({ preset: '6x10', nonOverlap: 'pairwise' }, 'pentomino');
    expectFormulasHold(explain(pairwise), pairwise);
    // Eight encodings of 6x10 are built: seconds on a loaded machine.
  }, 60_000);

  it('holds for pieces with copies under every cardinality encoding', () => {
    for (const card of CARDS) {
      const instance = polyomino({ board: '6x4', pieces: 'L4*3,O4*2,I4', card }, 'polyomino');
      expectFormulasHold(explain(instance), instance);
    }
  });

  it('holds for Soma (3D cells named (x,y,z)) and The Genius Square', () => {
    const cube = soma({});
    const e = explain(cube);
    expectFormulasHold(e, cube);
    expect(e.families[0]!.samples[0]!.about).toBe('cell (0,0,0) covered');
    expect(e.variables).toMatch(/"place \w#\d+ @\(\d,\d,\d\)"/);
    const genius = geniusSquare({ roll: 'A3,A5,C3,C6,D1,D5,F1' });
    expectFormulasHold(explain(genius), genius);
  });

  it('holds for Dobble decks: full and partial, both pair encodings, with and without symmetry breaking', () => {
    for (const amo of ['sequential', 'pairwise', 'product'] as const) {
      for (const card of CARDS) {
        for (const order of [1, 2, 3, 4]) {
          const partial = order * order + order;
          for (const options of [
            {},
            { cards: partial },
            { cards: partial, symbols: partial },
            { pairs: 'at-most-one' as const, symmetryBreaking: false },
          ]) {
            const instance = dobbleInstance(order, { amo, card, ...options });
            expectFormulasHold(explain(instance), instance);
          }
        }
      }
    }
  });

  it('holds for the mols Dobble model: orders 2-6, no step, the default steps, every step, both pair encodings', () => {
    const every = ['first-rows', 'first-column', 'square-order', 'cycles', 'cycle-order', 'point-pairs', 'cell-values'] as const;
    for (const amo of ['sequential', 'pairwise'] as const) {
      for (let order = 2; order <= 6; order++) {
        for (const pairs of ['exactly-one', 'at-most-one'] as const) {
          for (const options of [
            {},
            { symmetryBreaking: false },
            { symmetry: [...every] },
            { symmetry: ['first-rows' as const, 'cycles' as const, 'cycle-order' as const] },
          ]) {
            const instance = dobbleInstance(order, { amo, card: 'totalizer', variables: 'mols', pairs, ...options });
            expectFormulasHold(explain(instance), instance);
          }
        }
      }
    }
  });

  it('holds for the cyclic Dobble model: every order 1-12 (orders with one, two or no prime divisors), each step, both pair encodings', () => {
    for (const amo of ['sequential', 'pairwise'] as const) {
      for (let order = 1; order <= 12; order++) {
        for (const options of [{}, { symmetry: ['first-pair' as const] }, { pairs: 'at-most-one' as const, symmetryBreaking: false }]) {
          const instance = dobbleInstance(order, { amo, card: 'totalizer', variables: 'cyclic', ...options });
          const e = explain(instance);
          expectFormulasHold(e, instance);
          // Order 1 has no prime divisor, so the default step (multipliers) adds nothing.
          const normalised = options.symmetryBreaking !== false && ('symmetry' in options || order > 1);
          expect(e.families.map((f) => f.name)).toEqual(['card-size', 'differences', ...(normalised ? ['normalise'] : [])]);
        }
      }
    }
  });

  it('uses published sizes that the encoders really have', () => {
    const built = (encode: (cnf: Cnf, lits: number[]) => void, n: number) => {
      const cnf = new Cnf();
      const lits = Array.from({ length: n }, (_, i) => cnf.vars.named(`x${i}`));
      cnf.family('f');
      encode(cnf, lits);
      return { clauses: cnf.clauseCount, auxVars: cnf.vars.auxCount };
    };
    for (let n = 1; n <= 40; n++) {
      for (const amo of AMOS) expect(amoCost(amo, n), `${amo} n=${n}`).toEqual(built((cnf, lits) => atMostOne(cnf, lits, amo, 't'), n));
      for (let k = 0; k <= n; k++) {
        expect(atMostKCost('sequential', n, k), `sequential n=${n} k=${k}`).toEqual(
          built((cnf, lits) => atMostK(cnf, lits, k, 'sequential', 't'), n),
        );
      }
    }
  });
});

describe('explain on a DIMACS file and in notation', () => {
  it('explains any CNF without a formula, with the names and families the file gives', () => {
    const source = polyomino({ preset: '3x20' }, 'pentomino');
    const instance = instanceFromDimacs(parseDimacs(dimacsString(source.cnf, { puzzle: 'pentomino', params: {} })), 'x.cnf');
    const e = explain(instance);
    // The file's `c family` lines: the same families, clauses and auxiliaries as the puzzle built (regression: one family "clauses").
    expect(e.families.map((f) => ({ name: f.name, clauses: f.clauses, auxVars: f.auxVars }))).toEqual(source.cnf.familyCounts());
    expect([e.clauses, e.vars]).toEqual([source.cnf.clauseCount, source.cnf.varCount]);
    expect(e.families.every((f) => f.formula === null)).toBe(true);
    expect(e.families[0]!.samples[0]!.text).toBe(showClause(source.cnf, source.cnf.families[0]!.clause(0)));
    expect(e.families[1]!.samples[0]!.text).toBe(showClause(source.cnf, source.cnf.families[1]!.clause(0)));
    expect(e.variables).toContain(`the ${source.placements.length} of them in the projection`);
  });

  it('keeps a CNF whole when its family lines do not add up to its clauses (the file was edited)', () => {
    const text = 'p cnf 2 3\nc family a 1 clauses 0 aux\nc family b 1 clauses 0 aux\n1 2 0\n-1 0\n-2 1 0\n';
    const e = explain(instanceFromDimacs(parseDimacs(text), 'y.cnf'));
    expect(e.families.map((f) => [f.name, f.clauses])).toEqual([['clauses', 3]]);
    // Without family lines too.
    const plain = explain(instanceFromDimacs(parseDimacs('p cnf 2 1\n1 2 0\n'), 'z.cnf'));
    expect(plain.families.map((f) => [f.name, f.clauses])).toEqual([['clauses', 1]]);
  });

  it('names a variable the file leaves unnamed x<n>, unless the file gives that name to another (regression: "x1#1 ∨ x2#2")', () => {
    const plain = explain(instanceFromDimacs(parseDimacs('p cnf 3 2\n1 2 0\n-1 3 0\n'), 'p.cnf'));
    expect(plain.families[0]!.samples.map((s) => s.text)).toEqual(['x1 ∨ x2', '¬x1 ∨ x3']);
    // Variable 3 is named x1 by the file: the unnamed variable 1 may not take that name.
    const clash = explain(instanceFromDimacs(parseDimacs('p cnf 3 1\nc var 3 x1\n1 2 3 0\n'), 'q.cnf'));
    expect(clash.families[0]!.samples[0]!.text).toBe('x1#1 ∨ x2 ∨ x1');
  });

  it('writes negation as ¬ and cuts long clauses', () => {
    const cnf = new Cnf();
    const v = Array.from({ length: 6 }, (_, i) => cnf.vars.named(`p${i}`));
    expect(showClause(cnf, [v[0]!, -v[1]!])).toBe('p0 ∨ ¬p1');
    expect(showClause(cnf, v.slice(0, 4))).toBe('p0 ∨ p1 ∨ p2 ∨ p3');
    expect(showClause(cnf, v)).toBe('p0 ∨ p1 ∨ p2 ∨ … (6 literals)');
    expect(showClause(cnf, [])).toBe('⊥ (the empty clause)');
  });
});

describe('puzzlesat explain', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'explain', ...args], { encoding: 'utf8' });

  it('--json carries the CLI contract fields and the families', () => {
    const r = run('pentomino', '--preset', '8x8-square', '--amo', 'ladder', '--json');
    expect(r.stderr).toBe('');
    const j = JSON.parse(r.stdout);
    expect([j.count, j.complete, j.solver]).toEqual([0, true, null]);
    expect(typeof j.seconds).toBe('number');
    const ladder = polyomino({ preset: '8x8-square', amo: 'ladder' }, 'pentomino').cnf;
    expect([j.vars, j.clauses]).toEqual([ladder.varCount, ladder.clauseCount]);
    expect(j.families.map((f: { name: string }) => f.name)).toEqual(['cover', 'non-overlap', 'piece-once', 'piece-at-least-once']);
    // Beside the puzzle's own default encoding, whichever it is.
    const byDefault = polyomino({ preset: '8x8-square' }, 'pentomino');
    expect(byDefault.params.amo).not.toBe('ladder');
    expect(j.sideBySide).toHaveLength(1);
    expect([j.sideBySide[0].default.encoding, j.sideBySide[0].default.clauses]).toEqual([byDefault.params.amo, byDefault.cnf.clauseCount]);
    expect([j.sideBySide[0].chosen.encoding, j.sideBySide[0].chosen.clauses]).toEqual(['ladder', ladder.clauseCount]);
  });

  it('--compare tabulates every at-most-one encoding', () => {
    const r = run('pentomino', '--preset', '3x20', '--compare');
    expect(r.status).toBe(0);
    for (const amo of AMOS) {
      const cnf = polyomino({ preset: '3x20', amo }, 'pentomino').cnf;
      expect(r.stdout).toMatch(new RegExp(`\\n  ${amo}[ *(default)]*\\s+${cnf.varCount.toLocaleString('en-US')}\\s`));
    }
    expect(r.stdout).toContain('--card: the same puzzle under each at-most-k encoding: no difference');
  });

  it('says one variable, clause, literal in the singular (regression: "1 variables …, 1 clauses, 1 literals")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'explain-'));
    try {
      const file = join(dir, 'one.cnf');
      writeFileSync(file, 'p cnf 1 1\n1 0\n');
      const r = run(file);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('\n1 variable (1 of the puzzle, 0 auxiliary), 1 clause, 1 literal\n');
      expect(r.stdout).toContain('\nvariables: 1 variable; ');
      expect(r.stdout).toContain('\n  1 clause, 0 auxiliary variables\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains a file written by encode with the same families and counts as the puzzle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'explain-'));
    try {
      const puzzle = ['polyomino', '--board', '4x5', '--pieces', 'L,P,T,U'];
      const cnf = join(dir, 'x.cnf');
      const written = spawnSync(process.execPath, [CLI, 'encode', ...puzzle, '-o', cnf], { encoding: 'utf8' });
      expect(written.status, written.stderr).toBe(0);
      const families = (r: ReturnType<typeof run>) => {
        expect(r.status, r.stderr).toBe(0);
        return JSON.parse(r.stdout).families.map((f: { name: string; clauses: number; auxVars: number }) => [f.name, f.clauses, f.auxVars]);
      };
      const ofPuzzle = families(run(...puzzle, '--json'));
      expect(ofPuzzle.length).toBeGreaterThan(1);
      expect(families(run(cnf, '--json'))).toEqual(ofPuzzle);
      // The text shows each family's clause range in the file.
      expect(run(cnf).stdout).toMatch(/^cover: clauses 1–20 of .*x\.cnf$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects options that do not apply, in one line, as usage errors (2)', () => {
    const r = run('pentomino', '--preset', '3x20', '--solver', 'kissat');
    expect([r.status, r.stderr]).toEqual([2, 'puzzlesat: --solver does not apply to explain (it solves nothing)\n']);
  });
});
