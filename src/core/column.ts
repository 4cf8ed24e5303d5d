/** Entries per chunk of a Column (a power of two: an index splits by shift and mask). */
const SHIFT = 16;
const MASK = (1 << SHIFT) - 1;

/**
 * A growable column of numbers kept in typed-array chunks of 65,536: no
 * object or boxed number an entry, and growing never copies (a doubling array
 * holds the old and the new copy at once, three times its contents). For the
 * tens of millions of entries of a large build (pb/bdd.ts's nodes, formula/translate.ts's gates).
 */
export class Column {
  private readonly chunks: (Int32Array | Float64Array)[] = [];
  length = 0;

  /** `kind`: Int32Array for whole numbers that fit 32 bits, Float64Array for any number (±Infinity too). */
  constructor(private readonly kind: typeof Int32Array | typeof Float64Array) {}

  /** Appends v and returns its index. */
  push(v: number): number {
    const c = this.length >>> SHIFT;
    if (c === this.chunks.length) this.chunks.push(new this.kind(MASK + 1));
    this.chunks[c]![this.length & MASK] = v;
    return this.length++;
  }

  at(i: number): number {
    return this.chunks[i >>> SHIFT]![i & MASK]!;
  }

  /** Replaces entry i (one pushed before). */
  set(i: number, v: number): void {
    this.chunks[i >>> SHIFT]![i & MASK] = v;
  }
}
