/**
 * An exact check of assignments against a fixed list of clauses that costs
 * what changed since the previous assignment, not the size of the formula.
 *
 * Enumeration checks every model against the whole CNF, and consecutive
 * models differ in a handful of variables: re-reading a million clauses per
 * model was a seventh of the CPU of an 8x8 enumeration. Here each clause
 * keeps the number of its literals that are true; a variable that changes
 * value moves the counts of the clauses it occurs in, and the assignment
 * satisfies the formula exactly when no clause's count is zero.
 */
export class ClauseTally {
  /** Clause i is lits[starts[i] .. starts[i + 1]). */
  private readonly starts: Int32Array;
  private readonly lits: Int32Array;
  /** Occurrences, by literal index (2v for v, 2v+1 for -v): occ[occStart[l] .. occStart[l + 1]) are clause numbers. */
  private readonly occStart: Int32Array;
  private readonly occ: Int32Array;
  private readonly trueCount: Int32Array;
  /** The current assignment, 1 = true, indexed by variable. */
  private readonly values: Uint8Array;
  private falsified = 0;

  /** `clauses` as flat literals with clause ends; every variable is in 1..varCount. Starts with every variable false. */
  constructor(varCount: number, lits: Int32Array, ends: Int32Array) {
    this.lits = lits;
    this.starts = new Int32Array(ends.length + 1);
    this.starts.set(ends, 1);
    this.values = new Uint8Array(varCount + 1);
    const litIndex = (l: number) => (l > 0 ? 2 * l : -2 * l + 1);
    this.occStart = new Int32Array(2 * varCount + 3);
    for (const l of lits) this.occStart[litIndex(l) + 1]!++;
    for (let i = 1; i < this.occStart.length; i++) this.occStart[i]! += this.occStart[i - 1]!;
    const fill = this.occStart.slice(0, -1);
    this.occ = new Int32Array(lits.length);
    this.trueCount = new Int32Array(ends.length);
    for (let c = 0; c < ends.length; c++) {
      for (let j = this.starts[c]!; j < this.starts[c + 1]!; j++) {
        const l = lits[j]!;
        this.occ[fill[litIndex(l)]!++] = c;
        // All variables start false: the negative literals are the true ones.
        if (l < 0) this.trueCount[c]!++;
      }
      if (this.trueCount[c] === 0) this.falsified++;
    }
  }

  /** Moves to the assignment `value` (over 1..varCount) and says whether it satisfies every clause. */
  satisfiedBy(value: (v: number) => boolean): boolean {
    for (let v = 1; v < this.values.length; v++) {
      const now = value(v) ? 1 : 0;
      if (now === this.values[v]) continue;
      this.values[v] = now;
      // The literal that became true, then the one that became false.
      this.shift(now ? 2 * v : 2 * v + 1, 1);
      this.shift(now ? 2 * v + 1 : 2 * v, -1);
    }
    return this.falsified === 0;
  }

  /** The first clause the current assignment falsifies (its index), or -1. */
  firstFalsified(): number {
    return this.falsified === 0 ? -1 : this.trueCount.indexOf(0);
  }

  clause(i: number): Int32Array {
    return this.lits.subarray(this.starts[i]!, this.starts[i + 1]!);
  }

  private shift(litIndex: number, by: 1 | -1): void {
    const counts = this.trueCount;
    for (let k = this.occStart[litIndex]!; k < this.occStart[litIndex + 1]!; k++) {
      const c = this.occ[k]!;
      const before = counts[c]!;
      counts[c] = before + by;
      if (before === 0) this.falsified--;
      else if (before + by === 0) this.falsified++;
    }
  }
}
