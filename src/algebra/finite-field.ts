import { UserError } from '../core/errors.js';

/**
 * Finite fields GF(q), q = p^k, with elements as the integers 0..q-1.
 *
 * An element is a polynomial of degree < k over GF(p); its integer is the
 * base-p number whose digit i is the coefficient of x^i. Addition is digit-wise
 * mod p; multiplication is polynomial multiplication reduced modulo a monic
 * irreducible polynomial of degree k, found by search rather than taken from a
 * table so that every prime power up to MAX_FIELD_ORDER works the same way.
 */

/**
 * Largest field built. The add and multiply tables take q² entries each; a
 * projective plane over GF(256) already has 65 793 cards, far beyond any
 * printable deck.
 */
export const MAX_FIELD_ORDER = 256;

export interface FiniteField {
  /** q, the number of elements. */
  readonly order: number;
  /** p, the characteristic. */
  readonly characteristic: number;
  /** k, with q = p^k. */
  readonly degree: number;
  /** Coefficients c0..ck (ck = 1) of the irreducible polynomial the field is built with. */
  readonly modulus: readonly number[];
  add(a: number, b: number): number;
  sub(a: number, b: number): number;
  neg(a: number): number;
  mul(a: number, b: number): number;
  /** Multiplicative inverse; throws on 0. */
  inv(a: number): number;
}

/** {p, k} with q = p^k and p prime, or null when q is not a prime power (or not an integer ≥ 2). */
export function primePowerDecomposition(q: number): { p: number; k: number } | null {
  if (!Number.isSafeInteger(q) || q < 2) return null;
  const p = smallestPrimeFactor(q);
  let k = 0;
  for (let rest = q; rest > 1; rest /= p) {
    if (rest % p !== 0) return null;
    k++;
  }
  return { p, k };
}

/** The primes dividing n ≥ 1, smallest first (none for 1). */
export function primeDivisors(n: number): number[] {
  const primes: number[] = [];
  for (let rest = n; rest > 1;) {
    const p = smallestPrimeFactor(rest);
    primes.push(p);
    while (rest % p === 0) rest /= p;
  }
  return primes;
}

/** The greatest common divisor of two whole numbers. */
export function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}

export function isPrimePower(q: number): boolean {
  return primePowerDecomposition(q) !== null;
}

/** GF(q); a UserError when q is not a prime power or exceeds MAX_FIELD_ORDER. */
export function makeField(q: number): FiniteField {
  const pk = primePowerDecomposition(q);
  if (!pk) throw new UserError(`no finite field has ${q} elements: the order must be a prime power (2, 3, 4, 5, 7, 8, 9, ...)`);
  if (q > MAX_FIELD_ORDER) throw new UserError(`finite field of order ${q} is too large: at most ${MAX_FIELD_ORDER} is supported`);
  const { p, k } = pk;
  const modulus = firstIrreducible(p, k);
  return new TableField(p, k, modulus);
}

function smallestPrimeFactor(q: number): number {
  if (q % 2 === 0) return 2;
  for (let d = 3; d * d <= q; d += 2) if (q % d === 0) return d;
  return q;
}

/** Base-p digits of `a`, least significant first, padded to `length`. */
function toDigits(a: number, p: number, length: number): number[] {
  const digits = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    digits[i] = a % p;
    a = Math.floor(a / p);
  }
  return digits;
}

function fromDigits(digits: readonly number[], p: number): number {
  let a = 0;
  for (let i = digits.length - 1; i >= 0; i--) a = a * p + digits[i]!;
  return a;
}

function mod(a: number, p: number): number {
  return ((a % p) + p) % p;
}

/** Remainder of `a` divided by the monic polynomial `m` (coefficient lists, low degree first). */
function polyRemainder(a: readonly number[], m: readonly number[], p: number): number[] {
  const r = a.map((c) => mod(c, p));
  const k = m.length - 1;
  for (let top = r.length - 1; top >= k; top--) {
    const c = r[top]!;
    if (c === 0) continue;
    for (let j = 0; j <= k; j++) r[top - k + j] = mod(r[top - k + j]! - c * m[j]!, p);
  }
  return r.slice(0, k);
}

function polyProduct(a: readonly number[], b: readonly number[], p: number): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j]! + a[i]! * b[j]!) % p;
  }
  return out;
}

/** The monic polynomial of degree d whose lower coefficients are the base-p digits of `lower`. */
function monic(lower: number, p: number, d: number): number[] {
  return [...toDigits(lower, p, d), 1];
}

/**
 * The first monic polynomial of degree k (ordered by its lower coefficients as
 * a base-p number) that no monic polynomial of degree 1..k/2 divides: a
 * reducible polynomial of degree k always has a factor of degree ≤ k/2.
 */
function firstIrreducible(p: number, k: number): number[] {
  for (let lower = 0; lower < p ** k; lower++) {
    const candidate = monic(lower, p, k);
    if (hasNoSmallFactor(candidate, p, k)) return candidate;
  }
  throw new Error(`no irreducible polynomial of degree ${k} over GF(${p}): impossible`);
}

function hasNoSmallFactor(f: readonly number[], p: number, k: number): boolean {
  for (let d = 1; 2 * d <= k; d++) {
    for (let lower = 0; lower < p ** d; lower++) {
      if (polyRemainder(f, monic(lower, p, d), p).every((c) => c === 0)) return false;
    }
  }
  return true;
}

class TableField implements FiniteField {
  readonly order: number;
  private readonly addTable: Uint16Array;
  private readonly mulTable: Uint16Array;
  private readonly negTable: Uint16Array;
  private readonly invTable: Uint16Array;

  constructor(
    readonly characteristic: number,
    readonly degree: number,
    readonly modulus: readonly number[],
  ) {
    const p = characteristic;
    const q = p ** degree;
    this.order = q;
    const digits = Array.from({ length: q }, (_, a) => toDigits(a, p, degree));
    this.addTable = new Uint16Array(q * q);
    this.mulTable = new Uint16Array(q * q);
    this.negTable = new Uint16Array(q);
    this.invTable = new Uint16Array(q);
    for (let a = 0; a < q; a++) {
      for (let b = 0; b < q; b++) {
        const sum = digits[a]!.map((c, i) => (c + digits[b]![i]!) % p);
        this.addTable[a * q + b] = fromDigits(sum, p);
        const product = polyRemainder(polyProduct(digits[a]!, digits[b]!, p), modulus, p);
        this.mulTable[a * q + b] = fromDigits(product, p);
      }
    }
    for (let a = 0; a < q; a++) {
      for (let b = 0; b < q; b++) {
        if (this.addTable[a * q + b] === 0) this.negTable[a] = b;
        if (this.mulTable[a * q + b] === 1) this.invTable[a] = b;
      }
    }
  }

  add(a: number, b: number): number {
    return this.addTable[a * this.order + b]!;
  }

  sub(a: number, b: number): number {
    return this.add(a, this.negTable[b]!);
  }

  neg(a: number): number {
    return this.negTable[a]!;
  }

  mul(a: number, b: number): number {
    return this.mulTable[a * this.order + b]!;
  }

  inv(a: number): number {
    if (a === 0) throw new Error('0 has no multiplicative inverse');
    return this.invTable[a]!;
  }
}
