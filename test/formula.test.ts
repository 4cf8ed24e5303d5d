import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cnf } from '../src/core/cnf.js';
import { type SizeLimits, withSizeLimits } from '../src/core/limits.js';
import { type Term, Expr, and, evaluate, iff, implies, ite, not, or, xor } from '../src/formula/expr.js';
import { type Translation, literalOf, satisfy } from '../src/formula/translate.js';
import { countModels, solveDpll } from './helpers/dpll.js';
import { userErrorOf } from './helpers/expect-errors.js';
import { assignments, survivors, truthTable } from './helpers/truth-table.js';

/**
 * Formula operators translated to CNF, checked against their truth tables:
 * for every assignment of the inputs the clauses must be satisfiable exactly
 * when the expression (evaluated directly from the operators) is true, and
 * under Tseitin the gate of the whole expression must be its function (one
 * model per assignment, the gate equal to the expression). Mutants of the
 * clauses show the checks can fail.
 */
const INPUTS = ['a', 'b', 'c', 'd'];
const MODES: Translation[] = ['tseitin', 'plaisted-greenbaum'];

/** A formula over the four inputs, allocated first (variables 1..4), with its clauses after. */
function formulaOver(build: (f: Cnf) => void): { f: Cnf; clauses: number[][]; inputs: number[] } {
  const f = new Cnf();
  const inputs = INPUTS.map((n) => f.vars.named(n));
  f.family('formula');
  build(f);
  return { f, clauses: Array.from(f.clauses(), (c) => Array.from(c)), inputs };
}

const valueUnder = (f: Cnf, lits: readonly number[]) => (v: string | number) => {
  const id = typeof v === 'number' ? v : f.vars.lookup(v)!;
  return lits.includes(id);
};

/** The satisfiability check: the clauses of satisfy(t) against t's truth table. */
function satisfyTable(t: Term, translation: Translation, options = { propagation: true }) {
  const { f, clauses, inputs } = formulaOver((g) => satisfy(g, t, { translation }));
  return truthTable(clauses, f.varCount, inputs, (lits) => evaluate(t, valueUnder(f, lits)), options);
}

/** The functional check: literalOf(t) is forced to t's value, and each input assignment has exactly one model. */
function gateProblems(f: Cnf, clauses: readonly number[][], inputs: readonly number[], t: Term, r: number): string[] {
  const wrong: string[] = [];
  for (const lits of assignments(inputs)) {
    const models = countModels(clauses, f.varCount, lits);
    const wrongValue = evaluate(t, valueUnder(f, lits)) ? -r : r;
    if (models !== 1) wrong.push(`inputs ${lits.join(' ')}: ${models} models`);
    else if (solveDpll(clauses, f.varCount, [...lits, wrongValue]) !== null) wrong.push(`inputs ${lits.join(' ')}: the gate can be wrong`);
  }
  return wrong;
}

const termArb: fc.Arbitrary<Term> = fc.letrec<{ term: Term }>((tie) => ({
  term: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Term>(...INPUTS),
    fc.constantFrom<Term>(1, -2, 3, -4, true, false),
    tie('term').map((a) => not(a)),
    fc.array(tie('term'), { maxLength: 3 }).map((args) => and(...args)),
    fc.array(tie('term'), { maxLength: 3 }).map((args) => or(...args)),
    fc.array(tie('term'), { maxLength: 3 }).map((args) => xor(...args)),
    fc.tuple(tie('term'), tie('term')).map(([p, q]) => implies(p, q)),
    fc.tuple(tie('term'), tie('term')).map(([p, q]) => iff(p, q)),
    fc.tuple(tie('term'), tie('term'), tie('term')).map(([p, q, r]) => ite(p, q, r)),
  ),
})).term;

describe.each(MODES)('%s: truth tables', (translation) => {
  it('every operator alone, on inputs and their negations', () => {
    const cases: Term[] = [
      not('a'),
      and('a', 'b', 'c'),
      or('a', not('b'), 'c'),
      implies('a', 'b'),
      iff('a', not('b')),
      xor('a', 'b', 'c', 'd'),
      ite('a', 'b', 'c'),
      ite(not('a'), not('b'), 'c'),
      and(),
      or(),
    ];
    for (const t of cases) expect(satisfyTable(t, translation).wrong, String(t instanceof Expr ? t.op : t)).toEqual([]);
  });

  it('random formulas over four inputs: satisfiable exactly on the rows where the formula is true, unit propagation refuting the rest', () => {
    fc.assert(
      fc.property(termArb, (t) => {
        expect(satisfyTable(t, translation).wrong).toEqual([]);
      }),
      { numRuns: 300, seed: 27 },
    );
  });

  it('nested operators under every operator: models projected onto the inputs = true rows of the table', () => {
    const inner = [and('a', 'b'), or('a', 'b'), xor('a', 'b'), iff('a', 'b'), ite('a', 'b', 'c'), implies('b', 'a')];
    for (const x of inner) {
      for (const t of [
        not(x),
        and(x, 'c'),
        or(x, 'd'),
        xor(x, 'c'),
        iff(x, 'd'),
        implies(x, 'c'),
        implies('d', x),
        ite(x, 'c', 'd'),
        ite('d', x, 'c'),
      ]) {
        const { f, inputs } = formulaOver(() => undefined);
        const trueRows = [...assignments(inputs)].filter((lits) => evaluate(t, valueUnder(f, lits))).length;
        expect(satisfyTable(t, translation)).toEqual({ satisfiable: trueRows, wrong: [] });
      }
    }
  });
});

describe('Tseitin gates are functions of the inputs', () => {
  it('random formulas: literalOf(t) equals t under every assignment, with exactly one model each', () => {
    fc.assert(
      fc.property(termArb, (t) => {
        let r = 0;
        const { f, clauses, inputs } = formulaOver((g) => (r = literalOf(g, t)));
        expect(gateProblems(f, clauses, inputs, t, r)).toEqual([]);
      }),
      { numRuns: 300, seed: 27 },
    );
  });

  it('Plaisted-Greenbaum does not promise it: (a ∧ b) ∨ c leaves its gate free when c is true', () => {
    const t = or(and('a', 'b'), 'c');
    const tseitin = formulaOver((g) => satisfy(g, t, { translation: 'tseitin' }));
    const pg = formulaOver((g) => satisfy(g, t, { translation: 'plaisted-greenbaum' }));
    expect(countModels(tseitin.clauses, tseitin.f.varCount)).toBe(10);
    expect(countModels(pg.clauses, pg.f.varCount)).toBeGreaterThan(10);
  });
});

/** Read-once formulas (each input once): none of their clauses is redundant, so every mutant must be caught. */
const READ_ONCE: Term[] = [
  not(and('a', 'b')),
  and(or('a', 'b'), 'c'),
  or(and('a', 'b'), not('c')),
  xor(and('a', 'b'), 'c'),
  iff(or('a', 'b'), 'c'),
  implies(and('a', 'b'), or('c', 'd')),
  ite('a', and('b', 'c'), 'd'),
  ite(or('a', 'b'), 'c', not('d')),
  and(xor('a', 'b'), ite('c', 'd', false)),
];

describe('mutation checks: the truth-table checks catch every broken clause', () => {
  it('plaisted-greenbaum, satisfy: every dropped clause and every negated literal changes a row', () => {
    for (const t of READ_ONCE) {
      const { f, clauses, inputs } = formulaOver((g) => satisfy(g, t, { translation: 'plaisted-greenbaum' }));
      const holds = (lits: readonly number[]) => evaluate(t, valueUnder(f, lits));
      expect(truthTable(clauses, f.varCount, inputs, holds).wrong).toEqual([]);
      expect(survivors(clauses, (mutant) => truthTable(mutant, f.varCount, inputs, holds).wrong.length === 0)).toEqual([]);
    }
  });

  // Under satisfy, Tseitin's side of the asserted gate that the assertion makes true is redundant by design, so its gates are checked through literalOf.
  it('Tseitin, literalOf: every dropped clause and every negated literal breaks the gate function', () => {
    for (const t of READ_ONCE) {
      let r = 0;
      const { f, clauses, inputs } = formulaOver((g) => (r = literalOf(g, t)));
      expect(gateProblems(f, clauses, inputs, t, r)).toEqual([]);
      expect(survivors(clauses, (mutant) => gateProblems(f, mutant, inputs, t, r).length === 0)).toEqual([]);
    }
  });

  it('a wrong reference is caught too: the table of a ∧ b does not pass for a ∨ b', () => {
    const { f, clauses, inputs } = formulaOver((g) => satisfy(g, and('a', 'b')));
    expect(truthTable(clauses, f.varCount, inputs, (lits) => evaluate(or('a', 'b'), valueUnder(f, lits))).wrong).toHaveLength(8); // a ⊕ b, c and d free
  });
});

describe('structural hashing: one variable per distinct subformula', () => {
  const auxCount = (build: (f: Cnf) => void) => formulaOver(build).f.vars.auxCount;

  it('a subformula used twice, written again, reordered or as its De Morgan dual gets one gate', () => {
    expect(auxCount((f) => satisfy(f, xor(and('a', 'b'), and('a', 'b'), 'c')))).toBe(0); // x ⊕ x cancels
    expect(auxCount((f) => satisfy(f, xor(and('a', 'b'), 'c')))).toBe(1); // the xor at the top is two clauses, the and a gate
    expect(
      auxCount((f) => {
        satisfy(f, or(xor(and('a', 'b'), 'c'), 'd'));
        satisfy(f, or(xor(and('b', 'a'), 'd'), 'c'));
        satisfy(f, ite('c', not(or(not('a'), not('b'))), 'd'));
      }),
    ).toBe(1 + 2 + 1); // and(a,b) once; xor(g,c) and xor(g,d); ite(c, g, d)
  });

  it('the same expression object and an equal one share gates across calls', () => {
    const shared = ite('a', xor('b', 'c'), 'd');
    const { f } = formulaOver((g) => {
      literalOf(g, shared);
      literalOf(g, shared);
      literalOf(g, ite('a', xor('c', 'b'), 'd'));
    });
    expect(f.vars.auxCount).toBe(2);
  });

  it('constants and complementary inputs fold away without gates', () => {
    expect(auxCount((f) => satisfy(f, or(and('a', not('a')), xor('b', 'b', true), ite(true, 'c', 'd'))))).toBe(0);
    const { clauses } = formulaOver((f) => satisfy(f, or(and('a', not('a')), xor('b', 'b', true), ite(true, 'c', 'd'))));
    expect(clauses).toEqual([]); // xor(b, b, true) is true: the clause is satisfied
  });

  it('conjunctions, disjunctions and implications at the top, negated or not, become clauses without gates', () => {
    const shapes = (t: Term) => {
      const { f, clauses } = formulaOver((g) => satisfy(g, t));
      return { aux: f.vars.auxCount, clauses };
    };
    expect(shapes(not(and('a', 'b')))).toEqual({ aux: 0, clauses: [[-1, -2]] });
    expect(shapes(not(or('a', not('b'))))).toEqual({ aux: 0, clauses: [[-1], [2]] });
    expect(shapes(not(implies('a', 'b')))).toEqual({ aux: 0, clauses: [[1], [-2]] });
    expect(shapes(iff('a', not('b')))).toEqual({
      aux: 0,
      clauses: [
        [-1, -2],
        [1, 2],
      ],
    });
    expect(shapes(not(xor('a', 'b')))).toEqual(shapes(iff('a', 'b')));
    expect(shapes(not(not(implies('a', or('b', 'c')))))).toEqual(shapes(implies('a', or('b', 'c'))));
  });

  it('Plaisted-Greenbaum adds the other side of a gate when a later use needs it', () => {
    const { f } = formulaOver((g) => {
      satisfy(g, or(and('a', 'b'), 'c'), { translation: 'plaisted-greenbaum' });
      expect(g.clauseCount).toBe(3); // (g ∨ c), (¬g ∨ a), (¬g ∨ b)
      satisfy(g, or(not(and('a', 'b')), 'd'), { translation: 'plaisted-greenbaum' });
    });
    expect([f.vars.auxCount, f.clauseCount]).toEqual([1, 5]); // + (¬g ∨ d), (g ∨ ¬a ∨ ¬b)
  });
});

describe('auxiliaries', () => {
  it('are flagged and named like the encodings: aux <translation> <gate>#i', () => {
    const { f } = formulaOver((g) => {
      satisfy(g, or(xor(and('a', 'b'), 'c'), 'd'));
      satisfy(g, ite('a', 'b', 'c'), { translation: 'plaisted-greenbaum' });
    });
    const aux = Array.from({ length: f.varCount }, (_, i) => i + 1).filter((v) => f.vars.isAux(v));
    expect(aux.map((v) => f.vars.name(v))).toEqual(['aux tseitin xor#1', 'aux tseitin and#1', 'aux plaisted-greenbaum ite#1']);
  });

  it('names create variables on first use; literals must exist; bad terms are refused', () => {
    const { f } = formulaOver((g) => satisfy(g, or('e', -1)));
    expect(f.vars.lookup('e')).toBe(5);
    expect(() => formulaOver((g) => satisfy(g, or(9)))).toThrow(/literal 9: the formula has 4 variables/);
    expect(() => and(0)).toThrow(RangeError);
    expect(() => or('')).toThrow(RangeError);
    expect(() => not({} as never)).toThrow(TypeError);
  });

  it('deep chains translate without recursion (20000 nested ands)', () => {
    let t: Term = 'a';
    for (let i = 0; i < 20000; i++) t = and(t, i % 2 ? 'b' : 'c');
    const { f } = formulaOver((g) => literalOf(g, t));
    expect(f.vars.auxCount).toBeGreaterThan(0);
  });
});

describe('size limits', () => {
  /** A formula of n variables x1..xn and a term over them, translated by `call` under `limits`; the formula's own family keeps the default limit. */
  function translated(n: number, limits: Partial<SizeLimits>, call: (f: Cnf, lits: number[]) => unknown) {
    const f = new Cnf();
    const lits = Array.from({ length: n }, (_, i) => f.vars.named(`x${i + 1}`));
    f.family('formula');
    return { f, run: () => withSizeLimits(limits, () => call(f, lits)) };
  }
  const LIMIT = "than the limit of 1000 (raise it with puzzles.byName's";

  it('a term of more gates than maxVars is refused as its gates are made, before any clause (regression: a 6-million-input xor took 2.5 GB of gates, and one that cancelled itself 4 GB for one clause)', () => {
    const big = (lits: number[]) => Expr.make('xor', lits);
    for (const term of [(lits: number[]) => or(big(lits), 'x1'), (lits: number[]) => or(xor(big(lits), big(lits)), 'x1')]) {
      const { f, run } = translated(2001, { vars: 1000 }, (g, lits) => satisfy(g, term(lits)));
      expect(userErrorOf(run)).toBe(
        `satisfy: the term would make more gates (each an auxiliary variable) ${LIMIT} maxVars or setSizeLimits({ vars: … }))`,
      );
      expect([f.clauseCount, f.vars.auxCount]).toEqual([0, 0]);
    }
    // Within the limit (2000 inputs fold into 1999 gates) it is built.
    const within = translated(2000, { vars: 1999 }, (g, lits) => satisfy(g, or(big(lits), 'x1')));
    within.run();
    expect(within.f.vars.auxCount).toBe(1999);
  });

  it('a term whose gates would hold more literals than maxLiterals is refused as its gates are made', () => {
    const { f, run } = translated(1200, { literals: 1000 }, (g, lits) =>
      literalOf(g, or(Expr.make('and', lits.slice(0, 600)), Expr.make('and', lits.slice(600)))),
    );
    expect(userErrorOf(run)).toBe(
      `literalOf: the term's gates would hold more literals (one side of each) ${LIMIT} maxLiterals or setSizeLimits({ literals: … }))`,
    );
    expect([f.clauseCount, f.vars.auxCount]).toEqual([0, 0]);
  });
});

describe('explain shows a formula written with operators as a family', () => {
  it('each family: its size recomputed from the gates and encodings beside the clauses built', { timeout: 60_000 }, async () => {
    const { Formula, atMostOne, explain } = await import('../src/index.js');
    const f = new Formula();
    f.add([f.vars.id('a'), f.vars.id('b')]);
    satisfy(f, or(xor(and('a', 'b'), 'c'), 'd'));
    f.family('rules', 'the house rules');
    satisfy(f, or(and('a', 'b'), not('d')), { translation: 'plaisted-greenbaum' });
    atMostOne(
      f,
      ['a', 'b', 'c', 'd'].map((n) => f.vars.lookup(n)!),
      { encoding: 'sequential' },
    );
    const families = explain(f).families;
    expect(families.map((x) => [x.name, x.clauses, x.auxVars])).toEqual([
      ['clauses', 1 + 1 + 4 + 3, 2], // by hand; the disjunction asserted; the xor gate's 4; the and gate's 3
      ['rules', 1 + 0 + 8, 3], // (g ∨ ¬d) with the and gate met before (it has both sides); sequential over 4: 3n-4 clauses, n-1 aux
    ]);
    for (const x of families) expect(x.formula, x.name).toMatchObject({ clauses: x.clauses, auxVars: x.auxVars });
    expect(families[0]!.formula!.text).toBe(
      '(((a ∧ b) ⊕ c) ∨ d): tseitin: 1×2 and2→ + 1×1 and2← + 1×2 xor→ + 1×2 xor← + 1 asserted = 8 clauses, 2 aux (one per gate); plus 1 clause added directly',
    );
    expect(families[1]!.formula!.text).toMatch(/atMostOne of 4: sequential, 3n-4 clauses and n-1 aux, n = 4/);
    expect(families[1]!.samples.map((s) => s.about)).toEqual(['((a ∧ b) ∨ ¬d)', 'atMostOne of 4', 'atMostOne of 4']);
  });
});

describe('golden clauses (a, b, c are the inputs; each gate checked by hand against its definition)', () => {
  const shown = (build: (f: Cnf) => void) => {
    const f = new Cnf();
    for (const name of ['a', 'b', 'c']) f.vars.named(name);
    f.family('golden');
    build(f);
    return Array.from(f.clauses(), (c) => f.show(c));
  };
  const gateOf = (t: Term) => shown((f) => literalOf(f, t));

  it('literalOf gives the full equivalence g ↔ t: and, xor, ite (iff is the negated xor gate)', () => {
    expect(gateOf(and('a', 'b'))).toEqual(['-aux tseitin and#1 v a', '-aux tseitin and#1 v b', 'aux tseitin and#1 v -a v -b']);
    const xorGate = ['-aux tseitin xor#1 v a v b', '-aux tseitin xor#1 v -a v -b', 'aux tseitin xor#1 v -a v b', 'aux tseitin xor#1 v a v -b'];
    expect(gateOf(xor('a', 'b'))).toEqual(xorGate);
    expect(gateOf(iff('a', 'b'))).toEqual(xorGate);
    expect(gateOf(ite('a', 'b', 'c'))).toEqual([
      '-aux tseitin ite#1 v -a v b',
      '-aux tseitin ite#1 v a v c',
      'aux tseitin ite#1 v -a v -b',
      'aux tseitin ite#1 v a v -c',
    ]);
  });

  it('satisfy: Tseitin defines both sides of a gate, Plaisted-Greenbaum only the side its polarity needs', () => {
    const t = or(and('a', 'b'), 'c');
    expect(shown((f) => satisfy(f, t, { translation: 'tseitin' }))).toEqual([
      'aux tseitin and#1 v c',
      '-aux tseitin and#1 v a',
      '-aux tseitin and#1 v b',
      'aux tseitin and#1 v -a v -b',
    ]);
    expect(shown((f) => satisfy(f, t, { translation: 'plaisted-greenbaum' }))).toEqual([
      'aux plaisted-greenbaum and#1 v c',
      '-aux plaisted-greenbaum and#1 v a',
      '-aux plaisted-greenbaum and#1 v b',
    ]);
    // a → (b ⊕ c): the gate occurs positively, so only g → b ⊕ c.
    expect(shown((f) => satisfy(f, implies('a', xor('b', 'c')), { translation: 'plaisted-greenbaum' }))).toEqual([
      '-a v aux plaisted-greenbaum xor#1',
      '-aux plaisted-greenbaum xor#1 v b v c',
      '-aux plaisted-greenbaum xor#1 v -b v -c',
    ]);
  });
});
