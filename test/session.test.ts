import { describe, expect, it } from 'vitest';
import { loadWasmSolvers, SOLVERS } from '../solvers/index.js';
import { Formula, and, not, openSolver, or, puzzles, satisfy } from '../src/index.js';
import { solveDpll } from './helpers/dpll.js';

/**
 * The solver object on every engine that can run here: incremental clauses,
 * assumptions, cores (native or by deletion), budgets, checked models,
 * proofs. Each answer is compared with the independent DPLL of helpers/dpll.ts.
 */
await loadWasmSolvers();
const ENGINES = SOLVERS.filter((f) => f.available().ok && f.name !== 'clasp-wasm').map((f) => f.name);
const IN_PROCESS = ['minisat-wasm', 'cadical-wasm', 'logic-solver'].filter((n) => ENGINES.includes(n));

/** Pigeons into holes, one pigeon too many: UNSAT, and hard enough at 9 → 8 to need many conflicts. */
function pigeonhole(holes: number): Formula {
  const f = new Formula();
  const p = (i: number, h: number) => f.vars.id(`p${i}h${h}`);
  for (let i = 0; i <= holes; i++) f.add(Array.from({ length: holes }, (_, h) => p(i, h)));
  for (let h = 0; h < holes; h++) for (let i = 0; i <= holes; i++) for (let j = i + 1; j <= holes; j++) f.add([-p(i, h), -p(j, h)]);
  return f;
}

describe.each(ENGINES)('%s', (solver) => {
  it('solves incrementally: clauses added between solves reach the engine; models are checked and named', async () => {
    const f = new Formula();
    satisfy(f, or('x', 'y', 'z'));
    const s = await openSolver(f, { solver });
    try {
      expect(await s.solve()).toBe('SAT');
      s.add([not('x')]).add([not('y')]);
      expect(await s.solve()).toBe('SAT');
      expect(s.model?.trueNames).toEqual(['z']);
      expect([s.model?.value('x'), s.model?.value('z')]).toEqual([false, true]);
      satisfy(f, not('z'));
      expect(await s.solve()).toBe('UNSAT');
      expect(s.model).toBeUndefined();
      expect(s.stats().solves).toBeGreaterThanOrEqual(3);
      expect(await s.core()).toEqual([]); // the clauses alone are UNSAT
    } finally {
      s.close();
    }
  });

  it('assumptions hold for one call; the core names the failed ones as given; minimal cores are minimal', { timeout: 120_000 }, async () => {
    const f = new Formula();
    f.add([-f.vars.id('a'), -f.vars.id('b')]);
    f.add([-f.vars.id('c'), f.vars.id('d')]);
    for (const n of ['e', 'g']) f.vars.id(n);
    const s = await openSolver(f, { solver });
    try {
      const assumptions = ['e', 'a', not('d'), 'g', 'b'];
      expect(await s.solve({ assumptions })).toBe('UNSAT');
      const core = await s.core();
      expect(assumptions).toEqual(expect.arrayContaining(core));
      // The core alone is still UNSAT with the formula (checked by the independent DPLL).
      const lits = core.map((t) => (typeof t === 'string' ? f.vars.lookup(t)! : -f.vars.lookup('d')!));
      expect(solveDpll(Array.from(f.clauses()), f.varCount, lits)).toBeNull();
      expect(await s.core({ minimal: true })).toEqual(['a', 'b']);
      expect(await s.solve({ assumptions: ['a', 'c'] })).toBe('SAT');
      expect([s.model?.value('a'), s.model?.value('b'), s.model?.value('d')]).toEqual([true, false, true]);
      expect(await s.solve()).toBe('SAT'); // the assumptions are gone
      // An expression as an assumption: its gate is assumed, and the core gives the expression back.
      const both = and('c', not('d'));
      expect(await s.solve({ assumptions: ['e', both] })).toBe('UNSAT');
      expect(await s.core({ minimal: true })).toEqual([both]);
    } finally {
      s.close();
    }
  });
});

describe.each(ENGINES)('%s and a stop signal', (solver) => {
  it(
    'an aborted signal answers UNKNOWN: aborted before the solve, or while it searches (regression: Ctrl-C could not reach a search in progress)',
    { timeout: 120_000 },
    async () => {
      // Twelve pigeons in eleven holes: far beyond any of these engines in the time the test allows.
      const s = await openSolver(pigeonhole(11), { solver });
      try {
        const before = new AbortController();
        before.abort();
        const conflicts = s.stats().conflicts;
        // The engines that count conflicts start no search at all (the budget only bounds a failure of this test).
        expect(await s.solve({ signal: before.signal, ...(conflicts === undefined ? { timeout: 60 } : { conflicts: 100_000 }) })).toBe('UNKNOWN');
        expect(s.stats().conflicts).toBe(conflicts);
        // Aborted after 0.3 s of search: it stops within a slice of search, long before the 60-s limit that bounds a failure.
        const during = new AbortController();
        const timer = setTimeout(() => during.abort(), 300);
        const start = Date.now();
        expect(await s.solve({ signal: during.signal, timeout: 60 })).toBe('UNKNOWN');
        expect(Date.now() - start).toBeLessThan(30_000);
        clearTimeout(timer);
        // The solver goes on answering after a stop: two pigeons in one hole contradict at once.
        expect(await s.solve({ assumptions: ['p0h0', 'p1h0'], signal: new AbortController().signal })).toBe('UNSAT');
      } finally {
        s.close();
      }
    },
  );
});

describe.each(IN_PROCESS)('%s budgets', (solver) => {
  it(
    'a conflict budget stops a hard solve with UNKNOWN where the engine counts conflicts; the rest say they cannot',
    { timeout: 120_000 },
    async () => {
      const s = await openSolver(pigeonhole(9), { solver });
      try {
        if (solver === 'logic-solver') {
          await expect(s.solve({ conflicts: 100 })).rejects.toThrow(/conflicts: logic-solver cannot stop after a number of conflicts/);
          return;
        }
        expect(await s.solve({ conflicts: 100 })).toBe('UNKNOWN');
        expect(s.stats().conflicts).toBeGreaterThanOrEqual(100);
        expect(s.stats().conflicts).toBeLessThan(100_000);
      } finally {
        s.close();
      }
    },
  );
});

describe('cores by deletion, for engines without their own', () => {
  it('logic-solver: the core is minimal, found by one solve per assumption', async () => {
    const f = new Formula();
    satisfy(f, and(or(not('x'), 'y'), or(not('y'), 'z'), 'w'));
    const s = await openSolver(f, { solver: 'logic-solver' });
    try {
      const notZ = not('z');
      expect(await s.solve({ assumptions: ['w', 'x', notZ] })).toBe('UNSAT');
      const before = s.stats().solves;
      expect(await s.core()).toEqual(['x', notZ]);
      expect(s.stats().solves - before).toBe(3);
    } finally {
      s.close();
    }
  });
});

describe('proofs', () => {
  const cadical = ENGINES.includes('cadical-wasm');

  it.runIf(cadical)(
    'cadical-wasm writes a DRAT proof; certify() checks it, and under assumptions re-solves for one',
    { timeout: 120_000 },
    async () => {
      const s = await openSolver(pigeonhole(4), { solver: 'cadical-wasm', proof: true });
      try {
        expect(await s.solve()).toBe('UNSAT');
        expect(s.proof().bytes.length).toBeGreaterThan(0);
        expect((await s.certify()).check.status).toBe('VERIFIED');
      } finally {
        s.close();
      }
      const f = new Formula();
      satisfy(f, or('a', 'b'));
      const t = await openSolver(f, { solver: 'minisat-wasm' });
      try {
        expect(await t.solve({ assumptions: [not('a'), not('b')] })).toBe('UNSAT');
        const certificate = await t.certify();
        expect([certificate.prover, certificate.check.status]).toEqual(['cadical-wasm', 'VERIFIED']);
      } finally {
        t.close();
      }
    },
  );

  it('an engine that writes no proof is refused at open', async () => {
    await expect(openSolver(new Formula(), { solver: 'logic-solver', proof: true })).rejects.toThrow(/logic-solver does not write DRAT proofs/);
  });
});

describe('the object itself', () => {
  it('on a puzzle: the solution is decoded and checked', async () => {
    const board = puzzles.polyomino({ board: '3x2', pieces: 'L3,D2,M1' });
    const s = await openSolver(board, { solver: IN_PROCESS[0] });
    try {
      expect(await s.solve()).toBe('SAT');
      expect(board.check(s.solution as never)).toBeNull();
    } finally {
      s.close();
    }
  });

  it('refuses use after close, and core() without an UNSAT', async () => {
    const f = new Formula();
    f.add([f.vars.id('a')]);
    const s = await openSolver(f, { solver: 'logic-solver' });
    expect(await s.solve()).toBe('SAT');
    await expect(s.core()).rejects.toThrow(/core\(\) needs the last solve to have answered UNSAT, not SAT/);
    s.close();
    await expect(s.solve()).rejects.toThrow(/^solve\(\): this logic-solver solver is closed/);
  });

  it('refuses a lone term where a list of terms is asked for (regression: assumptions "ab" assumed the variables a and b, add("ab") the clause a ∨ b)', async () => {
    const f = new Formula();
    f.add([f.vars.id('ab')]);
    const s = await openSolver(f, { solver: 'logic-solver' });
    await expect(s.solve({ assumptions: 'ab' as never })).rejects.toThrow(
      /^assumptions: expected a list of terms \(names, literals, expressions\), got string$/,
    );
    expect(() => s.add('ab' as never)).toThrow(/^add: expected a list of terms \(names, literals, expressions\), got string$/);
    expect(f.vars.lookup('a')).toBeUndefined();
    expect(await s.solve({ assumptions: [not('ab')] })).toBe('UNSAT');
    s.close();
  });
});

describe('logic-solver adapter', () => {
  it('variables added after a solve under several assumptions are fresh, not the retired selector (regression)', async () => {
    const { logicSolver } = await import('../solvers/logic-solver.js');
    const engine = logicSolver.create();
    try {
      engine.ensureVars(2);
      engine.addClause([1, 2]);
      expect(await engine.solve({ assumptions: [1, 2] })).toBe('SAT');
      engine.ensureVars(3);
      engine.addClause([3]);
      expect(await engine.solve()).toBe('SAT');
      expect(engine.value(3)).toBe(true);
    } finally {
      engine.dispose();
    }
  });
});

describe('phase hints', () => {
  it.runIf(IN_PROCESS.includes('minisat-wasm'))(
    'prefer() decides free variables the way it is told (minisat-wasm); logic-solver takes none',
    async () => {
      const f = new Formula();
      const names = ['a', 'b', 'c', 'd'];
      satisfy(f, or(...names));
      const s = await openSolver(f, { solver: 'minisat-wasm' });
      try {
        for (const n of names) s.prefer(n, true);
        expect(await s.solve()).toBe('SAT');
        expect(s.model?.trueNames).toEqual(names);
        for (const n of names.slice(1)) s.prefer(n, false);
        expect(await s.solve()).toBe('SAT');
        expect(s.model?.trueNames).toEqual(['a']);
      } finally {
        s.close();
      }
      const t = await openSolver(f, { solver: 'logic-solver' });
      expect(() => t.prefer('a', true)).toThrow(/logic-solver takes no phase hints/);
      t.close();
    },
  );
});
