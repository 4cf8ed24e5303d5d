import { describe, it, expect } from 'vitest';
import { isPrimePower, makeField, MAX_FIELD_ORDER, primePowerDecomposition, type FiniteField } from '../src/algebra/finite-field.js';
import { UserError } from '../src/core/errors.js';

const ORDERS = [2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 32];

function power(f: FiniteField, a: number, e: number): number {
  let r = 1;
  for (let i = 0; i < e; i++) r = f.mul(r, a);
  return r;
}

function multiplicativeOrder(f: FiniteField, a: number): number {
  let x = a;
  let n = 1;
  while (x !== 1) {
    x = f.mul(x, a);
    n++;
  }
  return n;
}

describe('primePowerDecomposition', () => {
  it('agrees with the definition (some prime p, some k ≥ 1 with p^k = q) on 1..1100', () => {
    const isPrime = (n: number) => n >= 2 && Array.from({ length: n - 2 }, (_, i) => i + 2).every((d) => n % d !== 0);
    const expected = new Map<number, { p: number; k: number }>();
    for (let p = 2; p <= 1100; p++) {
      if (!isPrime(p)) continue;
      for (let k = 1, q = p; q <= 1100; k++, q *= p) expected.set(q, { p, k });
    }
    for (let q = 1; q <= 1100; q++) {
      expect(primePowerDecomposition(q), `q=${q}`).toEqual(expected.get(q) ?? null);
      expect(isPrimePower(q)).toBe(expected.has(q));
    }
  });

  it('rejects non-integers, zero and negatives', () => {
    for (const q of [0, -4, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(primePowerDecomposition(q)).toBeNull();
  });
});

describe('makeField', () => {
  it('throws a UserError for orders that are not prime powers or too large', () => {
    for (const q of [1, 6, 10, 12, 100, 0]) expect(() => makeField(q)).toThrow(UserError);
    expect(() => makeField(6)).toThrow(/prime power/);
    expect(() => makeField(MAX_FIELD_ORDER + 1)).toThrow(UserError); // 257 is prime but too large
  });

  it('builds GF(p) as the integers mod p', () => {
    for (const p of [2, 3, 5, 7, 11, 13]) {
      const f = makeField(p);
      for (let a = 0; a < p; a++) {
        for (let b = 0; b < p; b++) {
          expect(f.add(a, b)).toBe((a + b) % p);
          expect(f.mul(a, b)).toBe((a * b) % p);
        }
      }
    }
  });

  it('uses a monic modulus of degree k without roots, and digit-wise addition', () => {
    for (const q of ORDERS) {
      const f = makeField(q);
      const { p, k } = primePowerDecomposition(q)!;
      expect([f.characteristic, f.degree, f.order]).toEqual([p, k, q]);
      expect(f.modulus).toHaveLength(k + 1);
      expect(f.modulus[k]).toBe(1);
      if (k >= 2) {
        for (let r = 0; r < p; r++) {
          const value = f.modulus.reduceRight((acc, c) => (acc * r + c) % p, 0);
          expect(value, `root ${r} of the modulus of GF(${q})`).not.toBe(0);
        }
      }
      // p-fold sum of 1 is 0: the characteristic.
      let x = 0;
      for (let i = 0; i < p; i++) x = f.add(x, 1);
      expect(x).toBe(0);
    }
  });

  it('GF(4) is not Z/4: 2 has an inverse and 2 + 2 = 0', () => {
    const f = makeField(4);
    expect(f.add(2, 2)).toBe(0);
    expect(f.mul(2, f.inv(2))).toBe(1);
    // x² = x + 1 in GF(4) (the only irreducible quadratic over GF(2)): 2·2 = 3.
    expect(f.mul(2, 2)).toBe(3);
  });

  it('builds the largest supported field', () => {
    const f = makeField(MAX_FIELD_ORDER);
    for (const a of [1, 2, 3, 100, 255]) expect(f.mul(a, f.inv(a))).toBe(1);
    expect(power(f, 3, 255)).toBe(1);
  });

  for (const q of ORDERS) {
    describe(`GF(${q}) satisfies the field axioms`, () => {
      const f = makeField(q);
      const all = Array.from({ length: q }, (_, i) => i);

      it('closure, commutativity, identities, additive inverses', () => {
        for (const a of all) {
          expect(f.add(a, 0)).toBe(a);
          expect(f.mul(a, 1)).toBe(a);
          expect(f.mul(a, 0)).toBe(0);
          expect(f.add(a, f.neg(a))).toBe(0);
          for (const b of all) {
            const s = f.add(a, b);
            const m = f.mul(a, b);
            expect(s >= 0 && s < q && m >= 0 && m < q).toBe(true);
            expect(f.add(b, a)).toBe(s);
            expect(f.mul(b, a)).toBe(m);
            expect(f.sub(s, b)).toBe(a);
          }
        }
      });

      it('associativity (spot-checked on a fixed stride) and distributivity (exhaustive)', () => {
        const stride = q > 16 ? 3 : 1;
        for (let a = 0; a < q; a += stride) {
          for (let b = 0; b < q; b++) {
            for (let c = 0; c < q; c++) {
              expect(f.add(f.add(a, b), c)).toBe(f.add(a, f.add(b, c)));
              expect(f.mul(f.mul(a, b), c)).toBe(f.mul(a, f.mul(b, c)));
            }
          }
        }
        for (const a of all) {
          for (const b of all) {
            for (const c of all) expect(f.mul(a, f.add(b, c))).toBe(f.add(f.mul(a, b), f.mul(a, c)));
          }
        }
      });

      it('every nonzero element has an inverse and an order dividing q-1; some element generates', () => {
        expect(() => f.inv(0)).toThrow();
        let generators = 0;
        for (const a of all.slice(1)) {
          expect(f.mul(a, f.inv(a))).toBe(1);
          const order = multiplicativeOrder(f, a);
          expect((q - 1) % order).toBe(0);
          if (order === q - 1) generators++;
        }
        // A cyclic group of order q-1 has φ(q-1) generators.
        const phi = all.slice(1).filter((d) => gcd(d, q - 1) === 1).length;
        expect(generators).toBe(phi);
      });

      it('has no zero divisors', () => {
        for (const a of all.slice(1)) for (const b of all.slice(1)) expect(f.mul(a, b)).not.toBe(0);
      });
    });
  }
});

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
