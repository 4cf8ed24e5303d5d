import type { CacheStats } from './cache.js';
import { type CountEngine, CountOverflow } from './engine.js';
import type { CountProblem } from './problem.js';

/*
 * Counts past 2^53 inside one unit of the search.
 *
 * The engines keep a subproblem's count as a double in their memo, exact up
 * to 2^53. The units' sum is a bigint (runUnits), so a count passes that
 * bound only where one unit does: 14x14 by dominoes, 1.1e23 tilings, where
 * every subtree of the first levels already holds more than 2^53.
 *
 * Bigints in the memo would make every count pay for the few that need
 * them. Instead the unit is counted again in lanes, each an engine with its
 * own memo over the same problem, each counting in doubles:
 *
 * - the approximate lane lets its sums round, which gives the count's
 *   magnitude A within a relative error ε that the problem bounds
 *   (roundingBound);
 * - each modular lane keeps its counts modulo a prime p_i just below 2^44,
 *   exactly: residues below 2^44 sum exactly while a node has fewer than
 *   512 branches, and a node of more is refused (the engine's check at
 *   2^53 sees it).
 *
 * By the Chinese remainder theorem the residues of k lanes give the count
 * modulo P = p_1 ... p_k, and once P is more than twice εA + 1 exactly one
 * number of that residue lies within εA + 1 of A: the count. k grows with A,
 * so a count of 1e23 takes two modular lanes, and three reach 2^132 / ε.
 * Only the lanes a unit needs are run, and a count that never passes 2^53
 * never comes here (runCount switches only when an engine refuses).
 */

/** The modular lanes' primes, just below 2^44. */
export const PRIMES = [17592186044399, 17592186044299, 17592186044297] as const;

/**
 * The relative error of a count the approximate lane rounds: each of the
 * search's levels (at most one per item) adds at most twice as many numbers
 * as there are rows (the sweep sums its runs, then the runs' totals), each
 * addition of non-negative numbers off by at most 2^-53 of its result; over
 * L additions the error is within L·2^-53 / (1 - L·2^-53), so within
 * 2·L·2^-53 while L·2^-53 is at most a half (MAX_ERROR keeps it far below).
 */
export function roundingBound(p: CountProblem): number {
  const rows = p.rowStart.length - 1;
  return (2 * rows + 1) * (p.items + 1) * 2 ** -52;
}

/** Lanes beyond this error bound could not tell the count among its neighbours: the count is refused as before. */
const MAX_ERROR = 2 ** -20;

/** What a lane's engine does besides counting: the unit loop moves it, polls it, and undoes it through these. */
export type LaneEngine = Omit<CountEngine, 'strategy'>;

/**
 * The lanes of one problem, moved together: every push and pop goes to
 * each, so that every lane is at the same node when the unit is counted.
 */
export class WideLanes {
  /** The lane counting now (0, approximate; i, the i-th prime), and how many the unit needs; for fraction(). */
  private running = -1;
  private needed = 2;

  constructor(
    /** The approximate lane, then one lane per prime. */
    private readonly lanes: readonly LaneEngine[],
    private readonly epsilon: number,
  ) {
    if (lanes.length !== PRIMES.length + 1) throw new Error(`wide count: ${lanes.length} lanes for ${PRIMES.length} primes`);
  }

  /** The lane options of each engine to make, in the order the constructor takes them. */
  static readonly lanes: readonly (number | 'approximate')[] = ['approximate', ...PRIMES];

  /** Whether lanes can count this problem's units: its rounding bound is small enough. */
  static fit(p: CountProblem): boolean {
    return roundingBound(p) <= MAX_ERROR;
  }

  get nodes(): number {
    return this.lanes.reduce((n, e) => n + e.nodes, 0);
  }

  push(row: number): void {
    for (const e of this.lanes) e.push(row);
  }

  pop(): void {
    for (const e of this.lanes) e.pop();
  }

  children(): number[] {
    return this.lanes[0]!.children();
  }

  /** The solutions below the node: the approximate lane's magnitude, then as many modular lanes as it takes. */
  count(): bigint {
    try {
      this.running = 0;
      const approximate = this.lanes[0]!.count();
      const slack = this.epsilon * approximate + 1;
      this.needed = primesFor(slack);
      if (this.needed > PRIMES.length) throw new CountOverflow({ about: approximate, most: ALL_PRIMES / 2 / this.epsilon });
      const residues: number[] = [];
      for (let i = 1; i <= this.needed; i++) {
        this.running = i;
        residues.push(this.lanes[i]!.count());
      }
      return nearest(approximate, slack, residues);
    } finally {
      this.running = -1;
    }
  }

  /** The share of the unit behind the lanes: the lanes before the running one, and its own share. */
  fraction(): number {
    if (this.running < 0) return 0;
    return (this.running + this.lanes[this.running]!.fraction()) / (1 + this.needed);
  }

  /** The memos side by side: their sizes add up, as their events do. */
  memory(): CacheStats {
    const all = this.lanes.map((e) => e.memory());
    const sum = (of: (m: CacheStats) => number): number => all.reduce((n, m) => n + of(m), 0);
    return {
      entries: sum((m) => m.entries),
      bytes: sum((m) => m.bytes),
      peakBytes: sum((m) => m.peakBytes ?? m.bytes),
      lookups: sum((m) => m.lookups),
      hits: sum((m) => m.hits),
      stores: sum((m) => m.stores),
      evictions: sum((m) => m.evictions),
      savedNodes: sum((m) => m.savedNodes),
    };
  }

  /** Every lane's checkpoint at once: undoing takes each back to the node. */
  checkpoint(): (undo: boolean) => void {
    const ends = this.lanes.map((e) => e.checkpoint());
    return (undo) => {
      for (const end of ends) end(undo);
    };
  }
}

/** The product of every lane's prime (as a double, for the refusal's figure). */
const ALL_PRIMES = PRIMES.reduce((p, q) => p * q, 1);

/** How many primes have a product more than twice the slack, enough to tell the count from every other number of its residues; more than there are when none do. */
function primesFor(slack: number): number {
  let product = 1;
  let k = 0;
  while (k < PRIMES.length && product <= 2 * slack) product *= PRIMES[k++]!;
  return product > 2 * slack ? k : PRIMES.length + 1;
}

/**
 * The count: the one number within `slack` of `approximate` whose residues
 * modulo the first primes are `residues`. The residues give it modulo P
 * (Chinese remainder theorem, one prime at a time), and P is more than
 * twice the slack, so at most one such number lies that close.
 */
export function nearest(approximate: number, slack: number, residues: readonly number[]): bigint {
  let r = 0n;
  let modulus = 1n;
  residues.forEach((residue, i) => {
    const p = BigInt(PRIMES[i]!);
    // r + modulus·t ≡ residue (mod p): t = (residue - r) / modulus, modulo p.
    const t = mod((BigInt(residue) - r) * inverse(modulus % p, p), p);
    r += modulus * t;
    modulus *= p;
  });
  // The lane's doubles are whole (sums of whole numbers), but nothing here needs them to be.
  const a = BigInt(Math.round(approximate));
  // The number of residue r nearest to a: r + modulus·round((a - r) / modulus).
  const n = r + modulus * floorDiv(2n * (a - r) + modulus, 2n * modulus);
  const off = n > a ? n - a : a - n;
  if (off > BigInt(Math.ceil(slack))) throw new Error(`wide count: the lanes disagree (${n} is ${off} from the approximate ${a}, beyond ${slack})`);
  return n;
}

const mod = (a: bigint, m: bigint): bigint => ((a % m) + m) % m;

const floorDiv = (a: bigint, b: bigint): bigint => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** a^-1 modulo the prime p, by the extended Euclidean algorithm. */
function inverse(a: bigint, p: bigint): bigint {
  let [r0, r1] = [p, mod(a, p)];
  let [t0, t1] = [0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  return mod(t0, p);
}
