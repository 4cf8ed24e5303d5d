import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logicSolver } from '../solvers/logic-solver.js';
import {
  AMO_ENCODINGS,
  CARD_ENCODINGS,
  DEFAULT_AMO,
  DEFAULT_CARD,
  atLeastK,
  atLeastOne,
  atMostK,
  atMostOne,
  exactlyK,
  exactlyOne,
  parseAmo,
  parseCard,
  type AmoEncoding,
  type CardEncoding,
  type EncodingCost,
} from '../src/card/index.js';
import { cardinalityNetworkSize } from '../src/card/cardinality-network.js';
import { PAIRWISE_BELOW } from '../src/card/pairwise.js';
import { unaryCount, unaryCountSize } from '../src/card/totalizer.js';
import { Cnf } from '../src/core/cnf.js';
import { withSizeLimits } from '../src/core/limits.js';
import { UsageError, UserError } from '../src/core/errors.js';
import { propagationRefutes, solveDpll } from './helpers/dpll.js';
import { userErrorOf } from './helpers/expect-errors.js';
import { seededRandom as random } from '../src/core/random.js';

const AMO_NAMES: AmoEncoding[] = ['pairwise', 'sequential', 'ladder', 'commander', 'product', 'binary', 'bimander'];
const CARD_NAMES: CardEncoding[] = ['sequential', 'totalizer', 'cardinality-network', 'modulo-totalizer'];

type Build = (cnf: Cnf, lits: number[]) => EncodingCost;

/** A fresh formula over inputs x1..xn (input i used negated when `negated(i)`), with one constraint. */
function encode(n: number, build: Build, negated: (i: number) => boolean = () => false) {
  const cnf = new Cnf();
  const lits = Array.from({ length: n }, (_, i) => cnf.vars.named(`x${i + 1}`) * (negated(i) ? -1 : 1));
  cnf.family('constraint');
  const cost = build(cnf, lits);
  return { cnf, lits, cost };
}

/** The constraint's clauses as text, the way a reader of a DIMACS comment would see them. */
function shown(n: number, build: Build): string[] {
  const { cnf } = encode(n, build);
  return Array.from(cnf.clauses(), (c) => cnf.show(c));
}

/** Assumptions fixing the inputs to `mask` (bit i = value of x(i+1)), and how many of `lits` that makes true. */
function assignment(lits: readonly number[], mask: number): { assumptions: number[]; trueCount: number } {
  const assumptions = lits.map((lit, i) => ((mask >> i) & 1 ? Math.abs(lit) : -Math.abs(lit)));
  const trueCount = lits.filter((lit, i) => ((mask >> i) & 1) === (lit > 0 ? 1 : 0)).length;
  return { assumptions, trueCount };
}

/**
 * Solves the encoding under every assignment of its n inputs. The encoding is
 * right iff it is satisfiable exactly when `holds(number of true literals)`;
 * `satisfiable` is then the number of models projected onto the inputs.
 * Every encoding here is also expected to let unit propagation alone refute
 * a violating assignment: a solver should not have to search to see it.
 */
function exhaustive(n: number, build: Build, holds: (trueCount: number) => boolean, negated?: (i: number) => boolean) {
  const { cnf, lits } = encode(n, build, negated);
  const clauses = Array.from(cnf.clauses());
  let satisfiable = 0;
  const wrong: string[] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const { assumptions, trueCount } = assignment(lits, mask);
    const sat = solveDpll(clauses, cnf.varCount, assumptions) !== null;
    if (sat) satisfiable++;
    if (sat !== holds(trueCount)) wrong.push(`inputs ${assumptions.join(' ')}: ${sat ? 'SAT' : 'UNSAT'}`);
    else if (!sat && !propagationRefutes(clauses, cnf.varCount, assumptions)) {
      wrong.push(`inputs ${assumptions.join(' ')}: UNSAT, but unit propagation does not see it`);
    }
  }
  return { satisfiable, wrong };
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - i + 1)) / i;
  return result;
}

const binomialSum = (n: number, from: number, to: number): number => {
  let total = 0;
  for (let i = Math.max(0, from); i <= Math.min(n, to); i++) total += binomial(n, i);
  return total;
};

const alternateSigns = (i: number): boolean => i % 2 === 0; // [-x1, x2, -x3, ...]

describe.each(AMO_NAMES)('at-most-one %s: exhaustive semantics', (encoding) => {
  it('at most one, n = 1..8: satisfiable exactly for the n+1 assignments with at most one true input', () => {
    for (let n = 1; n <= 8; n++) {
      const result = exhaustive(
        n,
        (cnf, lits) => atMostOne(cnf, lits, encoding, 'amo'),
        (c) => c <= 1,
      );
      expect(result, `n=${n}`).toEqual({ satisfiable: n + 1, wrong: [] });
    }
  });

  it('exactly one, n = 1..8: satisfiable exactly for the n assignments with one true input', () => {
    for (let n = 1; n <= 8; n++) {
      const result = exhaustive(
        n,
        (cnf, lits) => exactlyOne(cnf, lits, encoding, 'eo'),
        (c) => c === 1,
      );
      expect(result, `n=${n}`).toEqual({ satisfiable: n, wrong: [] });
    }
  });

  it('works on literals: inputs negated at odd positions, n = 1..6', () => {
    for (let n = 1; n <= 6; n++) {
      const amo = exhaustive(
        n,
        (cnf, lits) => atMostOne(cnf, lits, encoding, 'amo'),
        (c) => c <= 1,
        alternateSigns,
      );
      expect(amo, `at most one, n=${n}`).toEqual({ satisfiable: n + 1, wrong: [] });
      const eo = exhaustive(
        n,
        (cnf, lits) => exactlyOne(cnf, lits, encoding, 'eo'),
        (c) => c === 1,
        alternateSigns,
      );
      expect(eo, `exactly one, n=${n}`).toEqual({ satisfiable: n, wrong: [] });
    }
  });
});

/** Models over all variables, auxiliaries included, by brute force. */
function countAllModels(cnf: Cnf): number {
  let models = 0;
  for (let mask = 0; mask < 1 << cnf.varCount; mask++) {
    if (cnf.satisfiedBy((v) => ((mask >> (v - 1)) & 1) === 1).ok) models++;
  }
  return models;
}

describe('auxiliaries that are functions of the inputs', () => {
  it('ladder and commander: every input assignment has exactly one model, so counting needs no projection', () => {
    for (const encoding of ['ladder', 'commander'] as const) {
      for (let n = 2; n <= 7; n++) {
        const { cnf } = encode(n, (c, lits) => atMostOne(c, lits, encoding, 'f'), alternateSigns);
        expect(countAllModels(cnf), `${encoding} n=${n}`).toBe(n + 1);
      }
    }
  });

  it('sequential does not promise it: with no input true its registers are free', () => {
    const { cnf } = encode(3, (c, lits) => atMostOne(c, lits, 'sequential', 'f'));
    expect(countAllModels(cnf)).toBeGreaterThan(4);
  });
});

describe.each(CARD_NAMES)('cardinality %s: exhaustive semantics', (encoding) => {
  it('at most k, n = 1..8, k = 0..n: models projected onto the inputs number sum_{i<=k} C(n,i)', () => {
    for (let n = 1; n <= 8; n++) {
      for (let k = 0; k <= n; k++) {
        const result = exhaustive(
          n,
          (cnf, lits) => atMostK(cnf, lits, k, encoding, 'le'),
          (c) => c <= k,
        );
        expect(result, `n=${n} k=${k}`).toEqual({ satisfiable: binomialSum(n, 0, k), wrong: [] });
      }
    }
  });

  it('at least k, n = 1..8, k = 0..n: sum_{i>=k} C(n,i) models', () => {
    for (let n = 1; n <= 8; n++) {
      for (let k = 0; k <= n; k++) {
        const result = exhaustive(
          n,
          (cnf, lits) => atLeastK(cnf, lits, k, encoding, 'ge'),
          (c) => c >= k,
        );
        expect(result, `n=${n} k=${k}`).toEqual({ satisfiable: binomialSum(n, k, n), wrong: [] });
      }
    }
  });

  it('exactly k, n = 1..8, k = 0..n: C(n,k) models', () => {
    for (let n = 1; n <= 8; n++) {
      for (let k = 0; k <= n; k++) {
        const result = exhaustive(
          n,
          (cnf, lits) => exactlyK(cnf, lits, k, encoding, 'eq'),
          (c) => c === k,
        );
        expect(result, `n=${n} k=${k}`).toEqual({ satisfiable: binomial(n, k), wrong: [] });
      }
    }
  });

  it('works on literals: inputs negated at odd positions, n = 1..6', () => {
    for (let n = 1; n <= 6; n++) {
      for (let k = 0; k <= n; k++) {
        const le = exhaustive(
          n,
          (cnf, lits) => atMostK(cnf, lits, k, encoding, 'le'),
          (c) => c <= k,
          alternateSigns,
        );
        expect(le, `at most, n=${n} k=${k}`).toEqual({ satisfiable: binomialSum(n, 0, k), wrong: [] });
        const eq = exhaustive(
          n,
          (cnf, lits) => exactlyK(cnf, lits, k, encoding, 'eq'),
          (c) => c === k,
          alternateSigns,
        );
        expect(eq, `exactly, n=${n} k=${k}`).toEqual({ satisfiable: binomial(n, k), wrong: [] });
      }
    }
  });
});

/** Inputs with exactly `count` of the n literals true, at random positions. */
/** Every n = 2..24 with every k = 1..n-1, and 12 random n up to 400 with a random k: the cases of the size checks below. */
function cardCases(seed: number): { n: number; k: number }[] {
  const next = random(seed);
  return [
    ...Array.from({ length: 23 }, (_, i) => i + 2).flatMap((n) => Array.from({ length: n - 1 }, (_, k) => ({ n, k: k + 1 }))),
    ...Array.from({ length: 12 }, () => 25 + Math.floor(next() * 375)).map((n) => ({ n, k: 1 + Math.floor(next() * (n - 1)) })),
  ];
}

function randomAssumptions(lits: readonly number[], count: number, next: () => number): number[] {
  const order = lits.map((_, i) => i).sort(() => next() - 0.5);
  const makeTrue = new Set(order.slice(0, count));
  return lits.map((lit, i) => (makeTrue.has(i) ? lit : -lit));
}

describe('larger sizes, sampled near the bound (where the recursive structures really nest)', () => {
  const next = random(20240611);
  const cases: [number, number][] = [
    [13, 1],
    [20, 3],
    [27, 6],
    [40, 9],
    [33, 16],
  ];

  it.each(AMO_NAMES)('at most one %s, n = 7..60', (encoding) => {
    for (const n of [7, 9, 10, 17, 26, 49, 60]) {
      const { cnf, lits } = encode(n, (c, l) => atMostOne(c, l, encoding, 'amo'), alternateSigns);
      const clauses = Array.from(cnf.clauses());
      for (const count of [0, 1, 1, 2, 2, 3]) {
        const sat = solveDpll(clauses, cnf.varCount, randomAssumptions(lits, count, next)) !== null;
        expect(sat, `n=${n}, ${count} true`).toBe(count <= 1);
      }
    }
  });

  it.each(CARD_NAMES)('at most k and exactly k, %s', (encoding) => {
    for (const [n, k] of cases) {
      for (const [kind, build, holds] of [
        ['at most', (c: Cnf, l: number[]) => atMostK(c, l, k, encoding, 'le'), (t: number) => t <= k],
        ['exactly', (c: Cnf, l: number[]) => exactlyK(c, l, k, encoding, 'eq'), (t: number) => t === k],
      ] as const) {
        const { cnf, lits } = encode(n, build, alternateSigns);
        const clauses = Array.from(cnf.clauses());
        for (const count of [k - 1, k, k, k + 1, k + 1, k + 2].filter((c) => c >= 0)) {
          const sat = solveDpll(clauses, cnf.varCount, randomAssumptions(lits, count, next)) !== null;
          expect(sat, `${kind} ${k} of ${n}, ${count} true`).toBe(holds(count));
        }
      }
    }
  });
});

/**
 * The size limits met before building, `limit` the one set: a fresh formula of
 * n named variables and one family (underLimit), whose constraint only the
 * count ahead can refuse before anything is made; and the check that the count
 * is exact (countedExactly): built unlimited, then again at exactly its size
 * (built) and one below it (refused, nothing made).
 */
function limitChecks(limit: 'vars' | 'literals') {
  const underLimit = (n: number, build: Build, max: number) => {
    // The variable pool takes its limit when it is made; the literals are limited while the constraint is built.
    const cnf = limit === 'vars' ? withSizeLimits({ vars: max }, () => new Cnf()) : new Cnf();
    const lits = Array.from({ length: n }, (_, i) => cnf.vars.named(`x${i + 1}`));
    cnf.family('constraint');
    return { cnf, emit: () => (limit === 'vars' ? build(cnf, lits) : withSizeLimits({ literals: max }, () => build(cnf, lits))) };
  };
  const sizeOf = (cnf: Cnf) => (limit === 'vars' ? cnf.varCount : literalsOf(cnf));
  const countedExactly = (n: number, build: Build, what: string, message: RegExp) => {
    const whole = underLimit(n, build, Number.MAX_SAFE_INTEGER);
    whole.emit();
    const size = sizeOf(whole.cnf);
    expect(() => underLimit(n, build, size).emit(), what).not.toThrow();
    // No auxiliaries: nothing for the variable limit to refuse.
    if (limit === 'vars' && size === n) return;
    const refused = underLimit(n, build, size - 1);
    expect(userErrorOf(refused.emit), what).toMatch(message);
    expect([refused.cnf.vars.auxCount, refused.cnf.clauseCount], what).toEqual([0, 0]);
  };
  return { underLimit, countedExactly };
}

const literalsOf = (cnf: Cnf) => [...cnf.clauses()].reduce((n, clause) => n + clause.length, 0);

describe('the variable limit, met before building', () => {
  const { underLimit, countedExactly } = limitChecks('vars');

  it('a sequential at most one of 40 literals under a limit of 50 variables is refused by its count, naming the limit, before any auxiliary (regression: "the formula: it would have more variables", its first 10 auxiliaries and their clauses made)', () => {
    const refused = underLimit(40, (cnf, lits) => atMostOne(cnf, lits, 'sequential', 'amo'), 50);
    expect(userErrorOf(refused.emit)).toBe(
      "at most one of 40 literals by sequential: its auxiliaries would give the formula more variables than the limit of 50 (raise it with puzzles.byName's maxVars or setSizeLimits({ vars: … }))",
    );
    expect([refused.cnf.vars.auxCount, refused.cnf.clauseCount]).toEqual([0, 0]);
  });

  it.each(AMO_NAMES)('at most one %s, n = 2..80: the count is the auxiliaries made; with room for them built, one fewer refused', (encoding) => {
    for (let n = 2; n <= 80; n++)
      countedExactly(
        n,
        (cnf, lits) => atMostOne(cnf, lits, encoding, 'amo'),
        `n=${n}`,
        new RegExp(`^at most one of ${n} literals by ${encoding}: its auxiliaries `),
      );
  });

  it.each(CARD_NAMES)(
    'at most k %s, n = 2..24, k = 1..n-1, and random n up to 400: the count is the auxiliaries made, with room built, one fewer refused',
    (encoding) => {
      for (const { n, k } of cardCases(12))
        countedExactly(
          n,
          (cnf, lits) => atMostK(cnf, lits, k, encoding, 'card'),
          `n=${n} k=${k}`,
          new RegExp(`^at most ${k} of ${n} literals by ${encoding}: its auxiliaries `),
        );
    },
  );
});

describe('the literal limit, met before building', () => {
  const { underLimit, countedExactly } = limitChecks('literals');

  it('a pairwise at most one of 3000 literals, 9 million literals, is refused by its count before any clause (regression: every pair was written until the literal array refused them)', () => {
    const refused = underLimit(3000, (cnf, lits) => atMostOne(cnf, lits, 'pairwise', 'amo'), 1_000_000);
    expect(userErrorOf(refused.emit)).toBe(
      "at most one of 3000 literals by pairwise: its clauses would hold more literals than the limit of 1000000 (raise it with puzzles.byName's maxLiterals or setSizeLimits({ literals: … }))",
    );
    expect(refused.cnf.clauseCount).toBe(0);
  });

  it('a totalizer at most 1000 of 3000 literals is refused by its count before any auxiliary or clause (regression: it was built until the literal array refused it)', () => {
    const refused = underLimit(3000, (cnf, lits) => atMostK(cnf, lits, 1000, 'totalizer', 'card'), 1_000_000);
    expect(userErrorOf(refused.emit)).toMatch(
      /^at most 1000 of 3000 literals by totalizer: its clauses would hold more literals than the limit of 1000000 /,
    );
    expect([refused.cnf.vars.auxCount, refused.cnf.clauseCount]).toEqual([0, 0]);
  });

  it.each(AMO_NAMES)(
    'at most one %s, n = 2..80: the count is the literals written; at it the constraint is built, one fewer is refused before anything is made',
    (encoding) => {
      for (let n = 2; n <= 80; n++)
        countedExactly(
          n,
          (cnf, lits) => atMostOne(cnf, lits, encoding, 'amo'),
          `n=${n}`,
          new RegExp(`^at most one of ${n} literals by ${encoding}: `),
        );
    },
  );

  it.each(CARD_NAMES)(
    'at most k %s, n = 2..24, k = 1..n-1, and random n up to 400: the count is the literals written, at it built, one fewer refused',
    (encoding) => {
      for (const { n, k } of cardCases(11))
        countedExactly(
          n,
          (cnf, lits) => atMostK(cnf, lits, k, encoding, 'card'),
          `n=${n} k=${k}`,
          new RegExp(`^at most ${k} of ${n} literals by ${encoding}: `),
        );
    },
  );

  it("a unary counter's count, as the core-guided optimiser's totalizer uses it (m inputs, any cap), is the literals and auxiliaries unaryCount writes", () => {
    for (let m = 1; m <= 40; m++)
      for (let cap = 1; cap <= m; cap++) {
        let literals = 0;
        let auxVars = 0;
        unaryCount(
          { add: (clause) => void (literals += clause.length), aux: () => m + ++auxVars },
          Array.from({ length: m }, (_, i) => i + 1),
          cap,
        );
        expect(unaryCountSize(m, cap), `m=${m} cap=${cap}`).toEqual({ literals, auxVars });
      }
  });

  it("a cardinality network at most 100 of 20000 literals is refused by its count before any auxiliary or clause (regression: it had no count, and was built until its family's literal array refused it)", () => {
    const refused = underLimit(20_000, (cnf, lits) => atMostK(cnf, lits, 100, 'cardinality-network', 'card'), 1_000_000);
    expect(userErrorOf(refused.emit)).toBe(
      "at most 100 of 20000 literals by cardinality-network: its clauses would hold more literals than the limit of 1000000 (raise it with puzzles.byName's maxLiterals or setSizeLimits({ literals: … }))",
    );
    expect([refused.cnf.vars.auxCount, refused.cnf.clauseCount]).toEqual([0, 0]);
  });

  it("the cardinality network's count is the literals and auxiliaries it writes, for any n and k fast-check draws (its pulls, and the order of them, decide which gates are made)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 600 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n - 1 }))),
        ([n, k]) => {
          const { cnf, cost } = encode(n, (c, l) => atMostK(c, l, k, 'cardinality-network', 'card'));
          expect(cardinalityNetworkSize(n, k)).toEqual({ literals: literalsOf(cnf), auxVars: cost.auxVars });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('edge cases', () => {
  const x = (n: number, build: Build) => {
    const { cnf, cost } = encode(n, build);
    return { clauses: Array.from(cnf.clauses(), (c) => cnf.show(c)), cost, sat: solveDpll(Array.from(cnf.clauses()), cnf.varCount) !== null };
  };

  it('no literals: at least one is the empty clause, at most one is nothing', () => {
    expect(x(0, (cnf, lits) => atLeastOne(cnf, lits))).toEqual({ clauses: [''], cost: { clauses: 1, auxVars: 0 }, sat: false });
    expect(x(0, (cnf, lits) => exactlyOne(cnf, lits, 'sequential', 'e'))).toEqual({
      clauses: [''],
      cost: { clauses: 1, auxVars: 0 },
      sat: false,
    });
    for (const encoding of AMO_NAMES) {
      expect(x(0, (cnf, lits) => atMostOne(cnf, lits, encoding, 'e'))).toEqual({ clauses: [], cost: { clauses: 0, auxVars: 0 }, sat: true });
      expect(x(1, (cnf, lits) => atMostOne(cnf, lits, encoding, 'e'))).toEqual({ clauses: [], cost: { clauses: 0, auxVars: 0 }, sat: true });
      expect(x(1, (cnf, lits) => exactlyOne(cnf, lits, encoding, 'e')).clauses).toEqual(['x1']);
    }
  });

  it.each(CARD_NAMES)('%s: impossible bounds add one empty clause; trivial bounds add nothing or units', (encoding) => {
    const empty = { clauses: [''], cost: { clauses: 1, auxVars: 0 }, sat: false };
    expect(x(3, (cnf, lits) => atMostK(cnf, lits, -1, encoding, 'b'))).toEqual(empty);
    expect(x(3, (cnf, lits) => atLeastK(cnf, lits, 4, encoding, 'b'))).toEqual(empty);
    expect(x(3, (cnf, lits) => exactlyK(cnf, lits, 4, encoding, 'b'))).toEqual(empty);
    expect(x(3, (cnf, lits) => exactlyK(cnf, lits, -1, encoding, 'b'))).toEqual(empty);
    expect(x(0, (cnf, lits) => atMostK(cnf, lits, -1, encoding, 'b'))).toEqual(empty);

    const nothing = { clauses: [], cost: { clauses: 0, auxVars: 0 }, sat: true };
    expect(x(3, (cnf, lits) => atMostK(cnf, lits, 3, encoding, 'b'))).toEqual(nothing);
    expect(x(3, (cnf, lits) => atMostK(cnf, lits, 7, encoding, 'b'))).toEqual(nothing);
    expect(x(3, (cnf, lits) => atLeastK(cnf, lits, 0, encoding, 'b'))).toEqual(nothing);
    expect(x(3, (cnf, lits) => atLeastK(cnf, lits, -2, encoding, 'b'))).toEqual(nothing);
    expect(x(0, (cnf, lits) => exactlyK(cnf, lits, 0, encoding, 'b'))).toEqual(nothing);

    expect(x(3, (cnf, lits) => atMostK(cnf, lits, 0, encoding, 'b')).clauses).toEqual(['-x1', '-x2', '-x3']);
    expect(x(3, (cnf, lits) => atLeastK(cnf, lits, 3, encoding, 'b')).clauses).toEqual(['x1', 'x2', 'x3']);
    expect(x(3, (cnf, lits) => exactlyK(cnf, lits, 0, encoding, 'b')).clauses).toEqual(['-x1', '-x2', '-x3']);
    // At least one is always the single clause, whatever the encoding.
    expect(x(5, (cnf, lits) => atLeastK(cnf, lits, 1, encoding, 'b')).clauses).toEqual(['x1 v x2 v x3 v x4 v x5']);
  });

  it('a fractional bound is a bug in the caller, not a user error', () => {
    const attempt = () => encode(3, (cnf, lits) => atMostK(cnf, lits, 1.5, 'totalizer', 'b'));
    expect(attempt).toThrow('cardinality bound must be an integer, got 1.5');
    expect(attempt).not.toThrow(UserError);
  });

  it('a repeated literal counts twice (lits is a multiset)', () => {
    const { cnf } = encode(2, (c, [a, b]) => atMostK(c, [a!, a!, b!], 1, 'totalizer', 'm'));
    const clauses = Array.from(cnf.clauses());
    expect(solveDpll(clauses, cnf.varCount, [1, -2])).toBeNull();
    expect(solveDpll(clauses, cnf.varCount, [-1, 2])).not.toBeNull();
  });
});

describe('bookkeeping', () => {
  it('auxiliary variables are flagged and named "<encoding> <label>#i"', () => {
    const { cnf, cost } = encode(5, (c, lits) => atMostK(c, lits, 2, 'totalizer', 'row 3'));
    const aux = Array.from({ length: cnf.varCount }, (_, i) => i + 1).filter((v) => cnf.vars.isAux(v));
    expect(aux.length).toBe(cost.auxVars);
    expect(aux.map((v) => cnf.vars.name(v))).toEqual(aux.map((_, i) => `aux totalizer row 3#${i + 1}`));
  });

  it('the reported cost is what landed in the current family', () => {
    for (const encoding of AMO_NAMES) {
      const { cnf, cost } = encode(11, (c, lits) => exactlyOne(c, lits, encoding, 'e'));
      expect(cnf.familyCounts(), encoding).toEqual([{ name: 'constraint', ...cost }]);
      expect(cost.clauses, encoding).toBe(1 + encode(11, (c, lits) => atMostOne(c, lits, encoding, 'a')).cost.clauses);
    }
    for (const encoding of CARD_NAMES) {
      const { cnf, cost } = encode(11, (c, lits) => exactlyK(c, lits, 4, encoding, 'e'));
      expect(cnf.familyCounts(), encoding).toEqual([{ name: 'constraint', ...cost }]);
    }
  });

  it('at least k costs what at most n-k of the negated literals costs', () => {
    for (const encoding of CARD_NAMES) {
      const ge = encode(12, (c, lits) => atLeastK(c, lits, 5, encoding, 'g')).cost;
      const le = encode(12, (c, lits) =>
        atMostK(
          c,
          lits.map((l) => -l),
          7,
          encoding,
          'l',
        ),
      ).cost;
      expect(ge, encoding).toEqual(le);
    }
  });
});

describe('encoding names', () => {
  it('the tables list every encoding once, in the order of the types, with a one-line description', () => {
    expect(AMO_ENCODINGS.map((e) => e.name)).toEqual(AMO_NAMES);
    expect(CARD_ENCODINGS.map((e) => e.name)).toEqual(CARD_NAMES);
    for (const info of [...AMO_ENCODINGS, ...CARD_ENCODINGS]) {
      expect(info.fits, info.name).toMatch(/^[^\n]{10,100}$/);
    }
    expect(AMO_NAMES).toContain(DEFAULT_AMO);
    expect(CARD_NAMES).toContain(DEFAULT_CARD);
  });

  it('parses known names and rejects others with a usage error naming the option, and the encoding meant where one is close', () => {
    for (const name of AMO_NAMES) expect(parseAmo(name, '--amo')).toBe(name);
    for (const name of CARD_NAMES) expect(parseCard(name, '--card')).toBe(name);
    expect(() => parseAmo('sinz', '--amo')).toThrow(
      new UsageError(
        'unknown at-most-one encoding "sinz" (--amo); choose one of: pairwise, sequential, ladder, commander, product, binary, bimander',
      ),
    );
    expect(() => parseAmo('bimandr', '--amo')).toThrow(/^unknown at-most-one encoding "bimandr" \(did you mean bimander\?\) \(--amo\)/);
    expect(() => parseCard('adder', '--card')).toThrow(
      new UsageError('unknown cardinality encoding "adder" (--card); choose one of: sequential, totalizer, cardinality-network, modulo-totalizer'),
    );
    // Names of Object.prototype are not encodings.
    expect(() => parseAmo('constructor', '--amo')).toThrow(UserError);
    expect(() => parseCard('toString', 'puzzle.json "card"')).toThrow('(puzzle.json "card")');
  });
});

/**
 * Evaluates the size formulas written in EncodingInfo: integers, n, k, + - /,
 * products by juxtaposition, ( ), ⌈ ⌉, ⌊ ⌋ and log₂.
 */
function evaluate(formula: string, n: number, k: number): number {
  const tokens = formula.match(/\d+(?:\.\d+)?|log₂|\S/g) ?? [];
  let at = 0;
  const take = (expected?: string): string => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected)) throw new Error(`cannot read formula "${formula}"`);
    return token;
  };
  const startsFactor = (token: string | undefined) => token !== undefined && /^(\d|n$|k$|\($|⌈$|⌊$|log₂$)/.test(token);
  const sum = (): number => {
    let value = product();
    while (tokens[at] === '+' || tokens[at] === '-') value = take() === '+' ? value + product() : value - product();
    return value;
  };
  const product = (): number => {
    let value = factor();
    for (;;) {
      if (tokens[at] === '/') {
        take();
        value /= factor();
      } else if (startsFactor(tokens[at])) value *= factor();
      else return value;
    }
  };
  const enclosed = (close: string, round: (x: number) => number): number => {
    const value = sum();
    take(close);
    return round(value);
  };
  const factor = (): number => {
    const token = take();
    if (/^\d/.test(token)) return Number(token);
    if (token === 'n') return n;
    if (token === 'k') return k;
    if (token === '(') return enclosed(')', (v) => v);
    if (token === '⌈') return enclosed('⌉', Math.ceil);
    if (token === '⌊') return enclosed('⌋', Math.floor);
    if (token === 'log₂') return Math.log2(factor());
    throw new Error(`cannot read formula "${formula}"`);
  };
  const value = sum();
  if (at !== tokens.length) throw new Error(`cannot read formula "${formula}"`);
  return value;
}

/** Exact formulas, upper bounds (≤ ...), or rough sizes (≈ ..., O(...)) that no test can hold to a number. */
function kindOf(formula: string): 'exact' | 'bound' | 'rough' {
  if (formula.startsWith('≤ ')) return 'bound';
  return /≈|O\(/.test(formula) ? 'rough' : 'exact';
}

function amoCost(encoding: AmoEncoding, n: number): EncodingCost {
  return encode(n, (cnf, lits) => atMostOne(cnf, lits, encoding, 'c')).cost;
}

function atMostCost(encoding: CardEncoding, n: number, k: number): EncodingCost {
  return encode(n, (cnf, lits) => atMostK(cnf, lits, k, encoding, 'c')).cost;
}

const pairwiseCost = (n: number): EncodingCost => ({ clauses: (n * (n - 1)) / 2, auxVars: 0 });
const add = (a: EncodingCost, b: EncodingCost): EncodingCost => ({ clauses: a.clauses + b.clauses, auxVars: a.auxVars + b.auxVars });
const inner = (n: number, recursive: (n: number) => EncodingCost) => (n >= PAIRWISE_BELOW ? recursive(n) : pairwiseCost(n));

/** Klieber & Kwon, groups of 3: per group of s >= 2, C(s,2) + s + 1 clauses and a commander. */
function commanderCost(n: number): EncodingCost {
  let own = { clauses: 0, auxVars: 0 };
  for (let start = 0; start < n; start += 3) {
    const s = Math.min(3, n - start);
    if (s >= 2) own = add(own, { clauses: (s * (s - 1)) / 2 + s + 1, auxVars: 1 });
  }
  return add(own, inner(Math.ceil(n / 3), commanderCost));
}

/** Chen: p x q grid, n clauses and p (or q) auxiliaries per dimension of size > 1, plus its inner at-most-one. */
function productCost(n: number): EncodingCost {
  const q = Math.ceil(n / Math.ceil(Math.sqrt(n)));
  const p = Math.ceil(n / q);
  return [p, q]
    .filter((size) => size > 1)
    .reduce((total, size) => add(total, add({ clauses: n, auxVars: size }, inner(size, productCost))), { clauses: 0, auxVars: 0 });
}

/** Pairs (i, j) in [0, a] x [0, b] with lo <= i + j <= hi. */
function pairsWithSum(a: number, b: number, lo: number, hi: number): number {
  let count = 0;
  for (let i = 0; i <= a; i++) for (let j = 0; j <= b; j++) if (i + j >= lo && i + j <= hi) count++;
  return count;
}

/** Totalizer counter over m leaves, capped at `cap`: its cost and how many outputs it has. */
function counterCost(m: number, cap: number): EncodingCost & { outputs: number } {
  if (m === 1) return { clauses: 0, auxVars: 0, outputs: 1 };
  const a = counterCost(m >> 1, cap);
  const b = counterCost(m - (m >> 1), cap);
  const outputs = Math.min(m, cap);
  return { ...add(add(a, b), { clauses: pairsWithSum(a.outputs, b.outputs, 1, outputs), auxVars: outputs }), outputs };
}

function totalizerCost(n: number, k: number): EncodingCost {
  const a = counterCost(n >> 1, k + 1);
  const b = counterCost(n - (n >> 1), k + 1);
  return add(add(a, b), { clauses: pairsWithSum(a.outputs, b.outputs, k + 1, k + 1), auxVars: 0 });
}

/**
 * Comparators of the simplified cardinality network of Asín et al. without
 * any pruning: ceil(n/m) blocks of m sorted by odd-even merge sort, combined
 * by ceil(n/m)-1 simplified merges. Each comparator is 3 clauses, 2 variables.
 */
function cardinalityNetworkComparators(n: number, k: number): number {
  let m = 1;
  while (m < k + 1) m *= 2;
  const merge = (h: number): number => (h === 1 ? 1 : 2 * merge(h / 2) + h - 1);
  const sort = (s: number): number => (s === 1 ? 0 : 2 * sort(s / 2) + merge(s / 2));
  const simplifiedMerge = (h: number): number => (h === 1 ? 1 : 2 * simplifiedMerge(h / 2) + h / 2);
  const blocks = Math.ceil(n / m);
  return blocks * sort(m) + (blocks - 1) * simplifiedMerge(m);
}

describe('sizes against the published formulas', () => {
  it('which formulas are exact, bounds, or rough', () => {
    const kinds = (table: readonly { name: string; clauses: string; auxVars: string }[]) =>
      table.map((e) => `${e.name}: ${kindOf(e.clauses)} clauses, ${kindOf(e.auxVars)} aux`);
    expect(kinds(AMO_ENCODINGS)).toEqual([
      'pairwise: exact clauses, exact aux',
      'sequential: exact clauses, exact aux',
      'ladder: exact clauses, exact aux',
      'commander: bound clauses, rough aux',
      'product: rough clauses, rough aux',
      'binary: exact clauses, exact aux',
      'bimander: exact clauses, exact aux',
    ]);
    expect(kinds(CARD_ENCODINGS)).toEqual([
      'sequential: exact clauses, exact aux',
      'totalizer: rough clauses, rough aux',
      'cardinality-network: rough clauses, rough aux',
      'modulo-totalizer: rough clauses, rough aux',
    ]);
  });

  it('at-most-one, n = 2..20: clauses and auxiliaries match the formula', () => {
    for (const info of AMO_ENCODINGS.filter((e) => kindOf(e.clauses) === 'exact')) {
      for (let n = 2; n <= 20; n++) {
        const expected = { clauses: evaluate(info.clauses, n, 1), auxVars: evaluate(info.auxVars, n, 1) };
        expect(amoCost(info.name as AmoEncoding, n), `${info.name} n=${n}`).toEqual(expected);
      }
    }
  });

  it('sequential counter, n = 2..20, k = 1..n-1: 2nk+n-3k-1 clauses, (n-1)k auxiliaries', () => {
    const info = CARD_ENCODINGS.find((e) => e.name === 'sequential')!;
    for (let n = 2; n <= 20; n++) {
      for (let k = 1; k < n; k++) {
        const expected = { clauses: evaluate(info.clauses, n, k), auxVars: evaluate(info.auxVars, n, k) };
        expect(atMostCost('sequential', n, k), `n=${n} k=${k}`).toEqual(expected);
      }
    }
    // Sinz's at-most-k with k = 1 is his at-most-one.
    expect(atMostCost('sequential', 9, 1)).toEqual(amoCost('sequential', 9));
  });

  it('the formula reader itself', () => {
    expect(evaluate('n(n-1)/2', 6, 0)).toBe(15);
    expect(evaluate('⌊n/2⌋ + n⌈log₂⌈n/2⌉⌉', 9, 0)).toBe(4 + 9 * 3);
    expect(evaluate('2nk+n-3k-1', 10, 3)).toBe(60 + 10 - 9 - 1);
    expect(evaluate('3.5n', 4, 0)).toBe(14);
    expect(() => evaluate('2n +', 1, 0)).toThrow('cannot read');
  });

  it('commander and product follow their recurrences (n = 2..300)', () => {
    for (let n = 2; n <= 300; n++) {
      expect(amoCost('commander', n), `commander n=${n}`).toEqual(commanderCost(n));
      expect(amoCost('product', n), `product n=${n}`).toEqual(productCost(n));
    }
  });

  it('commander stays within its bound of 3.5n clauses, and about n/2 commanders', () => {
    const bound = AMO_ENCODINGS.find((e) => e.name === 'commander')!.clauses.slice('≤ '.length);
    for (let n = 2; n <= 1100; n++) {
      const commander = amoCost('commander', n);
      expect(commander.clauses, `n=${n}`).toBeLessThanOrEqual(evaluate(bound, n, 1));
      expect(commander.auxVars, `n=${n}`).toBeLessThanOrEqual(Math.ceil(n / 2) + 1);
    }
    // n = 100: a 10 x 10 product grid; each side of 10 lines is a 4 x 3 grid with pairwise lines.
    expect(amoCost('product', 100)).toEqual({ clauses: 200 + 2 * (20 + 6 + 3), auxVars: 20 + 2 * 7 });
  });

  it('totalizer follows its recurrence (n = 2..40, k = 1..n-1)', () => {
    for (let n = 2; n <= 40; n++) {
      for (let k = 1; k < n; k++) expect(atMostCost('totalizer', n, k), `n=${n} k=${k}`).toEqual(totalizerCost(n, k));
    }
  });

  it('cardinality network is never larger than the unpruned network of Asín et al.', () => {
    for (const [n, k] of [
      [8, 1],
      [8, 4],
      [30, 7],
      [64, 4],
      [100, 10],
      [256, 64],
    ] as const) {
      const comparators = cardinalityNetworkComparators(n, k);
      const cost = atMostCost('cardinality-network', n, k);
      expect(cost.clauses, `n=${n} k=${k}`).toBeLessThanOrEqual(3 * comparators);
      expect(cost.auxVars, `n=${n} k=${k}`).toBeLessThanOrEqual(2 * comparators);
    }
    // With one block and k+1 = m nothing can be padded, but pulling from the last output prunes a lot.
    expect(cardinalityNetworkComparators(8, 7)).toBe(19);
    expect(atMostCost('cardinality-network', 8, 7).clauses).toBeLessThan(3 * 19);
  });

  it('for large k, cardinality network and modulo totalizer beat the totalizer', () => {
    const totalizer = atMostCost('totalizer', 256, 64);
    expect(atMostCost('cardinality-network', 256, 64).clauses).toBeLessThan(totalizer.clauses);
    // Two digits of about sqrt(k) instead of k+1 outputs per node.
    const modulo = atMostCost('modulo-totalizer', 256, 64);
    expect(modulo.clauses).toBeLessThan(totalizer.clauses);
    expect(modulo.auxVars).toBeLessThan(totalizer.auxVars);
  });
});

describe('golden clauses (x1..xn are the inputs)', () => {
  const amo = (encoding: AmoEncoding, n: number) => shown(n, (cnf, lits) => atMostOne(cnf, lits, encoding, 'g'));
  const atMost = (encoding: CardEncoding, n: number, k: number) => shown(n, (cnf, lits) => atMostK(cnf, lits, k, encoding, 'g'));

  it('pairwise, n = 3', () => {
    expect(amo('pairwise', 3)).toEqual(['-x1 v -x2', '-x1 v -x3', '-x2 v -x3']);
  });

  it('sequential, n = 3: s1 = "x1", s2 = "x1 or x2"', () => {
    expect(amo('sequential', 3)).toEqual([
      '-x1 v aux sequential g#1',
      '-x2 v aux sequential g#2',
      '-aux sequential g#1 v aux sequential g#2',
      '-x2 v -aux sequential g#1',
      '-x3 v -aux sequential g#2',
    ]);
  });

  it('ladder, n = 3: rung yi = "the true input comes after xi"', () => {
    expect(amo('ladder', 3)).toEqual([
      '-aux ladder g#2 v aux ladder g#1',
      '-aux ladder g#3 v aux ladder g#2',
      'x1 v aux ladder g#1',
      '-x1 v -aux ladder g#1',
      '-x2 v aux ladder g#1',
      '-x2 v -aux ladder g#2',
      'x2 v -aux ladder g#1 v aux ladder g#2',
      '-x3 v aux ladder g#2',
      '-x3 v -aux ladder g#3',
      'x3 v -aux ladder g#2 v aux ladder g#3',
    ]);
  });

  it('commander, n = 4: {x1,x2,x3} under a commander, x4 alone', () => {
    expect(amo('commander', 4)).toEqual([
      '-x1 v -x2',
      '-x1 v -x3',
      '-x2 v -x3',
      '-x1 v aux commander g#1',
      '-x2 v aux commander g#1',
      '-x3 v aux commander g#1',
      '-aux commander g#1 v x1 v x2 v x3',
      '-aux commander g#1 v -x4',
    ]);
  });

  it('product, n = 4: a 2 x 2 grid, rows #1 #2, columns #3 #4', () => {
    expect(amo('product', 4)).toEqual([
      '-x1 v aux product g#1',
      '-x2 v aux product g#1',
      '-x3 v aux product g#2',
      '-x4 v aux product g#2',
      '-aux product g#1 v -aux product g#2',
      '-x1 v aux product g#3',
      '-x2 v aux product g#4',
      '-x3 v aux product g#3',
      '-x4 v aux product g#4',
      '-aux product g#3 v -aux product g#4',
    ]);
  });

  it('binary, n = 3: x1 -> 00, x2 -> 01, x3 -> 10 (low bit first)', () => {
    expect(amo('binary', 3)).toEqual([
      '-x1 v -aux binary g#1',
      '-x1 v -aux binary g#2',
      '-x2 v aux binary g#1',
      '-x2 v -aux binary g#2',
      '-x3 v -aux binary g#1',
      '-x3 v aux binary g#2',
    ]);
  });

  it('bimander, n = 4: pairs {x1,x2} -> 0 and {x3,x4} -> 1', () => {
    expect(amo('bimander', 4)).toEqual([
      '-x1 v -x2',
      '-x1 v -aux bimander g#1',
      '-x2 v -aux bimander g#1',
      '-x3 v -x4',
      '-x3 v aux bimander g#1',
      '-x4 v aux bimander g#1',
    ]);
  });

  it('sequential counter, at most 2 of 4: registers s(i,j) row by row, s(1,2) fixed false as published', () => {
    expect(atMost('sequential', 4, 2)).toEqual([
      '-x1 v aux sequential g#1',
      '-aux sequential g#2',
      '-x2 v aux sequential g#3',
      '-aux sequential g#1 v aux sequential g#3',
      '-x2 v -aux sequential g#1 v aux sequential g#4',
      '-aux sequential g#2 v aux sequential g#4',
      '-x2 v -aux sequential g#2',
      '-x3 v aux sequential g#5',
      '-aux sequential g#3 v aux sequential g#5',
      '-x3 v -aux sequential g#3 v aux sequential g#6',
      '-aux sequential g#4 v aux sequential g#6',
      '-x3 v -aux sequential g#4',
      '-x4 v -aux sequential g#6',
    ]);
  });

  it('totalizer, at most 2 of 4: counters #1 #2 over x1 x2, #3 #4 over x3 x4, the root forbids 3', () => {
    expect(atMost('totalizer', 4, 2)).toEqual([
      '-x2 v aux totalizer g#1',
      '-x1 v aux totalizer g#1',
      '-x1 v -x2 v aux totalizer g#2',
      '-x4 v aux totalizer g#3',
      '-x3 v aux totalizer g#3',
      '-x3 v -x4 v aux totalizer g#4',
      '-aux totalizer g#1 v -aux totalizer g#4',
      '-aux totalizer g#2 v -aux totalizer g#3',
    ]);
  });

  it('cardinality network, at most 2 of 4: only the gates feeding the third-largest output', () => {
    // #1 = x1|x2, #2 = x3|x4, #3 = #1&#2, #4 = x1&x2, #5 = x3&x4, #6 = #4|#5; third = #3 & #6.
    expect(atMost('cardinality-network', 4, 2)).toEqual([
      '-x1 v aux cardinality-network g#1',
      '-x2 v aux cardinality-network g#1',
      '-x3 v aux cardinality-network g#2',
      '-x4 v aux cardinality-network g#2',
      '-aux cardinality-network g#1 v -aux cardinality-network g#2 v aux cardinality-network g#3',
      '-x1 v -x2 v aux cardinality-network g#4',
      '-x3 v -x4 v aux cardinality-network g#5',
      '-aux cardinality-network g#4 v aux cardinality-network g#6',
      '-aux cardinality-network g#5 v aux cardinality-network g#6',
      '-aux cardinality-network g#3 v -aux cardinality-network g#6',
    ]);
  });

  it('modulo totalizer, at most 2 of 4 (p = 2): exact lower digit and carry, upward upper digit', () => {
    // Pair x1 x2: lower digit #1, carry #2 (which is also the upper digit); pair x3 x4: #3, #4.
    // Root: lower #5, carry #6, upper #7 #8; it forbids upper 1 with lower 1, and upper 2.
    expect(atMost('modulo-totalizer', 4, 2)).toEqual([
      '-x2 v aux modulo-totalizer g#1 v aux modulo-totalizer g#2',
      '-x1 v aux modulo-totalizer g#1 v aux modulo-totalizer g#2',
      '-x1 v -x2 v aux modulo-totalizer g#2',
      'x1 v -aux modulo-totalizer g#2',
      'x2 v -aux modulo-totalizer g#2',
      'x1 v x2 v -aux modulo-totalizer g#1',
      '-aux modulo-totalizer g#2 v -aux modulo-totalizer g#1',
      '-x4 v aux modulo-totalizer g#3 v aux modulo-totalizer g#4',
      '-x3 v aux modulo-totalizer g#3 v aux modulo-totalizer g#4',
      '-x3 v -x4 v aux modulo-totalizer g#4',
      'x3 v -aux modulo-totalizer g#4',
      'x4 v -aux modulo-totalizer g#4',
      'x3 v x4 v -aux modulo-totalizer g#3',
      '-aux modulo-totalizer g#4 v -aux modulo-totalizer g#3',
      '-aux modulo-totalizer g#3 v aux modulo-totalizer g#5 v aux modulo-totalizer g#6',
      '-aux modulo-totalizer g#1 v aux modulo-totalizer g#5 v aux modulo-totalizer g#6',
      '-aux modulo-totalizer g#1 v -aux modulo-totalizer g#3 v aux modulo-totalizer g#6',
      'aux modulo-totalizer g#1 v -aux modulo-totalizer g#6',
      'aux modulo-totalizer g#3 v -aux modulo-totalizer g#6',
      'aux modulo-totalizer g#1 v aux modulo-totalizer g#3 v -aux modulo-totalizer g#5',
      '-aux modulo-totalizer g#6 v -aux modulo-totalizer g#5',
      '-aux modulo-totalizer g#6 v aux modulo-totalizer g#7',
      '-aux modulo-totalizer g#4 v aux modulo-totalizer g#7',
      '-aux modulo-totalizer g#4 v -aux modulo-totalizer g#6 v aux modulo-totalizer g#8',
      '-aux modulo-totalizer g#2 v aux modulo-totalizer g#7',
      '-aux modulo-totalizer g#2 v -aux modulo-totalizer g#6 v aux modulo-totalizer g#8',
      '-aux modulo-totalizer g#2 v -aux modulo-totalizer g#4 v aux modulo-totalizer g#8',
      '-aux modulo-totalizer g#7 v -aux modulo-totalizer g#5',
      '-aux modulo-totalizer g#8',
    ]);
  });
});

describe('cross-check with a real solver (logic-solver, through the Solver interface)', () => {
  it('every encoding of exactly-k over 6 inputs admits exactly the assignments with k true', async () => {
    // One formula, one group of six inputs per (encoding, k); each group is checked under assumptions.
    const cnf = new Cnf();
    cnf.family('constraints');
    const groups: { name: string; lits: number[]; k: number }[] = [];
    const inputs = (name: string) => Array.from({ length: 6 }, (_, i) => cnf.vars.named(`${name} x${i + 1}`) * (i % 3 === 0 ? -1 : 1));
    for (const encoding of AMO_NAMES) {
      const lits = inputs(`amo ${encoding}`);
      exactlyOne(cnf, lits, encoding, 'x');
      groups.push({ name: `exactly one, ${encoding}`, lits, k: 1 });
    }
    for (const encoding of CARD_NAMES) {
      for (const k of [2, 3]) {
        const lits = inputs(`card ${encoding} ${k}`);
        exactlyK(cnf, lits, k, encoding, 'x');
        groups.push({ name: `exactly ${k}, ${encoding}`, lits, k });
      }
    }
    const solver = logicSolver.create();
    try {
      solver.ensureVars(cnf.varCount);
      for (const clause of cnf.clauses()) solver.addClause(clause);
      for (const { name, lits, k } of groups) {
        let satisfiable = 0;
        const wrong: number[] = [];
        for (let mask = 0; mask < 1 << lits.length; mask++) {
          const { assumptions, trueCount } = assignment(lits, mask);
          const sat = (await solver.solve({ assumptions })) === 'SAT';
          if (sat) satisfiable++;
          if (sat !== (trueCount === k)) wrong.push(mask);
        }
        expect({ satisfiable, wrong }, name).toEqual({ satisfiable: binomial(6, k), wrong: [] });
      }
    } finally {
      solver.dispose();
    }
  });
});
