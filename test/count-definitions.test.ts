import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { polyomino } from '../encoders/polyomino.js';
import { seededRandom } from '../src/core/random.js';
import { countCnf } from '../src/count/cnf.js';
import { definedVariables, definesVariable } from '../src/count/definitions.js';
import { classSearchInstance } from '../src/symmetry/breaking.js';

const noPoll = () => {};
const projectedOf = (n: number, projection: readonly number[]) => {
  const out = new Uint8Array(n + 1);
  for (const v of projection) out[v] = 1;
  return out;
};
/** Clauses as the counter holds them (FlatClauses). */
const flat = (clauses: readonly (readonly number[])[]) => {
  const start = new Int32Array(clauses.length + 1);
  clauses.forEach((c, k) => (start[k + 1] = start[k]! + c.length));
  return { start, lits: Int32Array.from(clauses.flat()) };
};
const defined = (n: number, clauses: number[][], projection: number[]) => definedVariables(n, flat(clauses), projectedOf(n, projection), noPoll);

/** t ⇔ a ⊕ b, with t the first variable of each clause. */
const xor = (t: number, a: number, b: number): number[][] => [
  [-t, a, b],
  [-t, -a, -b],
  [t, -a, b],
  [t, a, -b],
];
/** x1 ⊕ … ⊕ xn = 1 by hidden links: t2 = x1 ⊕ x2, tᵢ = tᵢ₋₁ ⊕ xᵢ, the last asserted (variables n+1.. are the links). */
function xorChain(n: number): { varCount: number; clauses: number[][]; projection: number[] } {
  const clauses: number[][] = [];
  let previous = 1;
  for (let i = 2; i <= n; i++) {
    const t = n + i - 1;
    clauses.push(...xor(t, previous, i));
    previous = t;
  }
  clauses.push([previous]);
  return { varCount: 2 * n - 1, clauses, projection: Array.from({ length: n }, (_, i) => i + 1) };
}

describe('definitions of hidden variables', () => {
  it('finds the gates, one after another along a chain, and nothing that is only half a gate', () => {
    // 3 ⇔ 1 ⊕ 2.
    expect(definesVariable(3, xor(3, 1, 2))).toBe(true);
    // 3 ⇔ 1 ∧ 2, and 3 ⇔ 1 ∨ 2, clauses in any order.
    expect(
      definesVariable(3, [
        [3, -1, -2],
        [-3, 1],
        [-3, 2],
      ]),
    ).toBe(true);
    expect(
      definesVariable(3, [
        [3, -2],
        [-3, 1, 2],
        [3, -1],
      ]),
    ).toBe(true);
    // if 1 then 2 else 4.
    expect(
      definesVariable(3, [
        [-3, -1, 2],
        [3, -1, -2],
        [-3, 1, 4],
        [3, 1, -4],
      ]),
    ).toBe(true);
    // 3 → 1 ∧ 2 alone leaves 3 free when 1 and 2 are true; so does an XOR missing one clause.
    expect(
      definesVariable(3, [
        [-3, 1],
        [-3, 2],
      ]),
    ).toBe(false);
    expect(definesVariable(3, xor(3, 1, 2).slice(1))).toBe(false);
    // A unit clause defines its variable.
    expect(definesVariable(3, [[-3]])).toBe(true);
    // The chain x1 ⊕ x2 ⊕ x3 ⊕ x4: links 5 = 1 ⊕ 2, 6 = 5 ⊕ 3, 7 = 6 ⊕ 4.
    expect(defined(7, xorChain(4).clauses, [1, 2, 3, 4])).toEqual([5, 6, 7]);
    // Without x3 projected and without the last link asserted, link 6 depends on a hidden input, and so does link 7 after it.
    expect(defined(7, xorChain(4).clauses.slice(0, -1), [1, 2, 4])).toEqual([5]);
    // Asserted, the parity sets x3 by the others: 7 by its unit, 6 = 7 ⊕ x4, x3 = 6 ⊕ 5.
    expect(defined(7, xorChain(4).clauses, [1, 2, 4])).toEqual([3, 5, 6, 7]);
    // 4 ⇔ 3 ∧ 1 with 3 hidden and undefined: not a function of the projection.
    expect(
      defined(
        4,
        [
          [4, -3, -1],
          [-4, 3],
          [-4, 1],
          [3, 2],
        ],
        [1, 2],
      ),
    ).toEqual([]);
  });

  it('every variable it calls defined takes one value per projected model, and the counter deciding on them counts what listing the models counts, on random formulas of gates', async () => {
    const random = seededRandom(2026);
    let found = 0;
    for (let round = 0; round < 400; round++) {
      const n = 3 + Math.floor(random() * 6);
      const projection = Array.from({ length: n }, (_, i) => i + 1).filter(() => random() < 0.5);
      const clauses: number[][] = [];
      // Random gates over random inputs, and random clauses besides.
      for (let g = 0; g < n; g++) {
        const [t, a, b] = [0, 0, 0].map(() => 1 + Math.floor(random() * n)) as [number, number, number];
        if (new Set([t, a, b]).size === 3)
          clauses.push(
            ...(random() < 0.5
              ? xor(t, a, b)
              : [
                  [t, -a, -b],
                  [-t, a],
                  [-t, b],
                ]),
          );
      }
      for (let k = Math.floor(random() * n); k > 0; k--)
        clauses.push(Array.from({ length: 1 + Math.floor(random() * 3) }, () => (1 + Math.floor(random() * n)) * (random() < 0.5 ? -1 : 1)));
      const normal = clauses.map((c) => [...new Set(c)]).filter((c) => !c.some((lit) => c.includes(-lit)));
      const hidden = defined(n, normal, projection);
      found += hidden.length;
      // Models by listing, each one's hidden values keyed by its projection.
      const seen = new Map<string, string>();
      for (let a = 0; a < 2 ** n; a++) {
        const value = (v: number) => (a & (1 << (v - 1))) !== 0;
        if (!normal.every((c) => c.some((lit) => value(Math.abs(lit)) === lit > 0))) continue;
        const key = projection.map(value).join();
        const values = hidden.map(value).join();
        expect(seen.get(key) ?? values, `round ${round}: ${JSON.stringify({ n, normal, projection, hidden })}`).toBe(values);
        seen.set(key, values);
      }
      expect((await countCnf({ varCount: n, clauses: normal, projection })).count, `round ${round}`).toBe(BigInt(seen.size));
    }
    // The rounds found definitions to check: not a test that passes by finding none.
    expect(found).toBeGreaterThan(100);
  });

  it('finds the same variables on puzzle formulas as it always has: gates of the --amo encodings and of the symmetry-breaking family', () => {
    // Pinned before the pass was made faster (one pass fewer over the clauses, and the clauses read as the counter's flat arrays).
    const pentominoes = { board: '10x6', pieces: 'F,I,L,N,P,T,U,V,W,X,Y,Z' };
    const mixed = { board: '8x5', pieces: 'P*4,L*4' };
    const cases = [
      { instance: polyomino({ ...pentominoes, amo: 'ladder' }), defined: 12336, digest: '0ec67416f32e1d47' },
      { instance: polyomino({ ...pentominoes, amo: 'commander' }), defined: 6058, digest: '5662d577a3654eb9' },
      { instance: classSearchInstance(polyomino(mixed), 'clauses'), defined: 475, digest: '79d6f41b62a5815b' },
      { instance: classSearchInstance(polyomino({ ...mixed, amo: 'commander' }), 'clauses'), defined: 1209, digest: '1fb3f4188526f919' },
    ];
    for (const { instance, defined: count, digest } of cases) {
      const { cnf } = instance;
      const found = defined(
        cnf.varCount,
        [...cnf.clauses()].map((c) => [...new Set(c)]),
        cnf.projection!,
      );
      expect({ defined: found.length, digest: createHash('sha256').update(found.join(',')).digest('hex').slice(0, 16) }).toEqual({
        defined: count,
        digest,
      });
    }
  });

  it('polls for the work of its lists too, on a formula where no variable is looked at (regression: no poll at all, 1.5 s of 1.5 million clauses past --timeout)', () => {
    // Variable 1, hidden, is in 100 clauses: more than a check looks at, so no variable of the formula is checked.
    const clauses = Array.from({ length: 100 }, (_, i) => [-1, i + 2]);
    let steps = 0;
    expect(
      definedVariables(
        101,
        flat(clauses),
        projectedOf(
          101,
          [...Array(100).keys()].map((i) => i + 2),
        ),
        (s) => (steps += s),
      ),
    ).toEqual([]);
    expect(steps).toBeGreaterThanOrEqual(200);
  });

  it('a projected XOR chain is counted in a number of nodes linear in its length (regression: 2^n nodes, 524,224 for 20)', async () => {
    const result = await countCnf(xorChain(20));
    expect(result.complete).toBe(true);
    expect(result.count).toBe(2n ** 19n);
    expect(result.nodes).toBeLessThan(1000);
    const long = await countCnf(xorChain(120));
    expect(long.count).toBe(2n ** 119n);
    expect(long.nodes).toBeLessThan(5000);
  });
});
