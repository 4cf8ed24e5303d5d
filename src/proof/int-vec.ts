/** A growable Int32Array: the checker's clause arena, trail and watch lists. */
export class IntVec {
  data: Int32Array<ArrayBuffer>;
  size = 0;

  constructor(capacity = 16) {
    this.data = new Int32Array(Math.max(capacity, 4));
  }

  push(x: number): void {
    if (this.size === this.data.length) this.grow(this.size + 1);
    this.data[this.size++] = x;
  }

  /** Room for `extra` more entries without reallocating. */
  reserve(extra: number): void {
    if (this.size + extra > this.data.length) this.grow(this.size + extra);
  }

  /** A copy of the used part, trimmed to size. */
  toArray(): Int32Array<ArrayBuffer> {
    return this.data.slice(0, this.size);
  }

  private grow(atLeast: number): void {
    const bigger = new Int32Array(Math.max(atLeast, this.data.length * 2));
    bigger.set(this.data.subarray(0, this.size));
    this.data = bigger;
  }
}
