/**
 * The memo of a counting search: the number of solutions below each
 * subproblem met, keyed by a fixed number of 32-bit words that say what is
 * left of the subproblem (which items are still uncovered). A count found
 * once is reused wherever the search meets the same subproblem again.
 *
 * Bounded: the table lives in typed arrays sized from a byte budget. It
 * starts small, doubles while the budget allows, and once at its largest it
 * evicts. It is set-associative (a key may sit in any of the BUCKET slots of
 * its bucket), and a new entry replaces the slot whose subtree cost the
 * fewest search nodes: what is cheapest to recompute goes first. Every hit
 * adds the nodes its entry had cost to `savedNodes`, which is how the output
 * says what the cache saved.
 */

import { OverBudget } from './engine.js';

export interface CacheStats {
  /** Entries held now. */
  entries: number;
  /** Bytes of the table now. */
  bytes: number;
  /** The most bytes held at once (within the bound): while the table grows, the old one and the new one; during a journal, the tables and notes it keeps. */
  peakBytes?: number;
  lookups: number;
  hits: number;
  stores: number;
  /** Entries overwritten to make room once the table could grow no more. */
  evictions: number;
  /** Search nodes the hits did not have to visit again (what their subtrees had cost). */
  savedNodes: number;
}

const BUCKET = 8;
/** 32768 buckets (a few MiB): growing from there costs less than a tenth of a count that fills it. */
const FIRST_BUCKETS = 1 << 15;
/** A full bucket makes the table grow (while the budget allows) once this share of all slots is taken; below it, the bucket evicts. */
const GROW_AT = 0.5;
/** Costs are kept in 32 bits; a larger one is kept as this, which still ranks it above all others. */
const MAX_COST = 0xffffffff;

/*
 * The layout is for the memory, not for the code: a table of a GiB misses
 * the processor's caches on nearly every access, so what one lookup or one
 * store touches sits together. A bucket's hashes and costs share one 64-byte
 * line (`meta`: hash, cost, hash, cost, ...), which is all a lookup that
 * misses reads and all a store needs to pick its victim. A slot's count and
 * key share one record (`records`: the count as a float64, then the key
 * words, padded to 8 bytes), read only where the hashes agree. Kept in four
 * arrays, a hit read four lines and a store wrote four.
 */
export class CountCache {
  /** Per slot its key hash (0 for an empty slot; hashOf is never 0) and its cost: a lookup compares keys only where hashes agree, and growing rehashes nothing. */
  private meta: Int32Array;
  /** Per slot `recordWords` words: the count (a float64 over the first two), then the key. */
  private words: Int32Array;
  private counts: Float64Array;
  private readonly recordWords: number;
  private buckets: number;
  private entries = 0;
  private maxBuckets: number;
  /** The bound on what the table, and a journal's tables and notes beside it, take. */
  private maxBytes: number;
  private peak = 0;
  /**
   * The first chunk of the last journal's notes, kept for the next: a count
   * runs thousands of units, each under a journal, and a fresh 256-KiB chunk
   * for each (zeroed by the engine) made pentomino 8x8-square --unique about
   * 7% slower (CPU seconds, nine runs alternating with the build before).
   * Counted as held (held()), in a journal or not.
   */
  private spareNotes: Int32Array | undefined;
  /** What set() has overwritten since journal() was called, to put back (undefined when no journal is kept). */
  private log: Journal | undefined;
  readonly stats: Omit<CacheStats, 'entries' | 'bytes'> = { lookups: 0, hits: 0, stores: 0, evictions: 0, savedNodes: 0 };

  /**
   * @param width key words per entry
   * @param maxBytes the most the table may take; at least one bucket's worth is always kept
   */
  constructor(
    readonly width: number,
    maxBytes: number,
  ) {
    this.recordWords = CountCache.recordWordsOf(width);
    this.maxBytes = maxBytes;
    this.maxBuckets = CountCache.bucketsWithin(width, maxBytes);
    this.buckets = Math.min(FIRST_BUCKETS, this.maxBuckets);
    ({ meta: this.meta, words: this.words, counts: this.counts } = this.allocate(this.buckets * BUCKET));
  }

  private static recordWordsOf(width: number): number {
    return 2 + width + (width & 1);
  }

  private allocate(slots: number): { meta: Int32Array; words: Int32Array; counts: Float64Array } {
    const records = new ArrayBuffer(slots * this.recordWords * 4);
    return { meta: new Int32Array(slots * 2), words: new Int32Array(records), counts: new Float64Array(records) };
  }

  /**
   * The most buckets (a power of two, at least one) that `maxBytes` holds
   * together with the half-size table they grew from: both are held while
   * the entries move over. (Sizing by the final table alone let a count
   * bounded at 9 GiB take 12 GiB.)
   */
  private static bucketsWithin(width: number, maxBytes: number): number {
    const most = Math.max(1, Math.floor(maxBytes / (1.5 * BUCKET * CountCache.slotBytes(width))));
    return 2 ** Math.floor(Math.log2(most));
  }

  /** A new budget: the table grows into it (it never shrinks; a smaller budget stops the growth). */
  setBudget(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.maxBuckets = Math.max(this.buckets, CountCache.bucketsWithin(this.width, maxBytes));
  }

  /** Bytes one slot takes: its hash and cost, its count and key. */
  static slotBytes(width: number): number {
    return 8 + 4 * CountCache.recordWordsOf(width);
  }

  get bytes(): number {
    return this.buckets * BUCKET * CountCache.slotBytes(this.width);
  }

  snapshot(): CacheStats {
    return { entries: this.entries, bytes: this.bytes, peakBytes: Math.max(this.peak, this.bytes), ...this.stats };
  }

  /** The count stored for `key` (its first `width` words), or -1; `hash` is hashOf(key), if the caller kept it. */
  get(key: Int32Array, hash = this.hashOf(key)): number {
    this.stats.lookups++;
    const slot = this.find(key, hash);
    if (slot < 0) return -1;
    this.stats.hits++;
    this.stats.savedNodes += this.meta[2 * slot + 1]! >>> 0;
    return this.counts[(slot * this.recordWords) >>> 1]!;
  }

  /** Remembers `count` for `key`; `cost` is the search nodes it took, the entry's worth when room must be made. */
  set(key: Int32Array, count: number, cost: number, hash = this.hashOf(key)): void {
    const bucket = hash & (this.buckets - 1);
    let slot = this.find(key, hash);
    if (slot < 0) {
      slot = this.victim(bucket);
      const taken = this.meta[2 * slot] !== 0;
      if (taken && this.entries >= GROW_AT * this.buckets * BUCKET && this.buckets < this.maxBuckets) {
        this.grow();
        this.set(key, count, cost, hash);
        return;
      }
      if (taken) this.stats.evictions++;
      else this.entries++;
    }
    this.stats.stores++;
    if (this.log && !this.log.table) this.logSlot(this.log, slot);
    this.write(slot, key, 0, count, Math.min(cost, MAX_COST), hash);
  }

  /**
   * Keeps a journal of what set() changes from now on, for a unit's run that
   * may be undone (UnitRunner): what ends it, with true putting the table and
   * its figures back as they were (but peakBytes, the memory the run held),
   * so that the unit counted again meets the memo it met the first time.
   * Each store notes the slot it writes and, when that slot held an entry,
   * the entry; once the table grows, the table it grew from is kept whole
   * instead and the stores after are not noted. What the journal keeps
   * counts against the bound beside the table: a store or a growth that
   * would take the whole past it throws OverBudget, ending the run, which is
   * then undone and counted again without a journal (UnitRunner). Uncounted,
   * pentomino 6x10 counted within --max-memory 2M kept 3.3 MB of notes beside
   * a table of 0.5 MiB.
   */
  journal(): (undo: boolean) => void {
    const log: Journal = { notes: [], length: 0, count: this.entries, stats: { ...this.stats } };
    this.log = log;
    return (undo) => {
      this.log = undefined;
      if (undo) this.undo(log);
      this.spareNotes ??= log.notes[0];
    };
  }

  /** Bytes held now: the table, and a journal's table and notes (the spare chunk among them). */
  private held(): number {
    const log = this.log;
    const chunks = (log?.notes.length ?? 0) + (this.spareNotes ? 1 : 0);
    return this.bytes + (log?.table ? log.table.buckets * BUCKET * CountCache.slotBytes(this.width) : 0) + 4 * NOTE_CHUNK * chunks;
  }

  /** Takes `bytes` more beside what is held: past the bound, a journalled run ends (OverBudget); without a journal, growth is sized within it (bucketsWithin). */
  private reserve(bytes: number): void {
    const after = this.held() + bytes;
    if (this.log && after > this.maxBytes) throw new OverBudget();
    this.peak = Math.max(this.peak, after);
  }

  /**
   * Notes slot s as it is before a store writes it, to be read back last
   * first: ~s for an empty slot; else the entry it holds (its hash, cost and
   * record), then s.
   */
  private logSlot(log: Journal, s: number): void {
    const hash = this.meta[2 * s]!;
    const size = hash === 0 ? 1 : 3 + this.recordWords;
    while (log.length + size > log.notes.length * NOTE_CHUNK) {
      if (this.spareNotes) {
        log.notes.push(this.spareNotes);
        this.spareNotes = undefined;
        continue;
      }
      this.reserve(4 * NOTE_CHUNK);
      log.notes.push(new Int32Array(NOTE_CHUNK));
    }
    if (hash === 0) {
      note(log, ~s);
      return;
    }
    note(log, hash);
    note(log, this.meta[2 * s + 1]!);
    const base = s * this.recordWords;
    for (let k = 0; k < this.recordWords; k++) note(log, this.words[base + k]!);
    note(log, s);
  }

  private undo(log: Journal): void {
    if (log.table) ({ meta: this.meta, words: this.words, counts: this.counts, buckets: this.buckets } = log.table);
    const noted = (at: number) => log.notes[at >>> NOTE_SHIFT]![at & (NOTE_CHUNK - 1)]!;
    // Last first: a slot written twice gets back what it held before the first.
    for (let at = log.length - 1; at >= 0; at--) {
      const s = noted(at);
      if (s < 0) {
        this.meta[2 * ~s] = 0;
        this.meta[2 * ~s + 1] = 0;
        continue;
      }
      at -= 2 + this.recordWords;
      this.meta[2 * s] = noted(at);
      this.meta[2 * s + 1] = noted(at + 1);
      const base = s * this.recordWords;
      for (let k = 0; k < this.recordWords; k++) this.words[base + k] = noted(at + 2 + k);
    }
    this.entries = log.count;
    Object.assign(this.stats, log.stats);
  }

  /** A 32-bit hash of the key, never 0; its low bits pick the bucket, however many there are. */
  hashOf(key: Int32Array): number {
    let h = 0x9e3779b9 | 0;
    for (let k = 0; k < this.width; k++) {
      h = Math.imul(h ^ key[k]!, 0x85ebca6b);
      h ^= h >>> 13;
    }
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h === 0 ? 1 : h;
  }

  private find(key: Int32Array, hash: number): number {
    const { meta, words, width, recordWords } = this;
    for (let s = (hash & (this.buckets - 1)) * BUCKET, end = s + BUCKET; s < end; s++) {
      if (meta[2 * s] !== hash) continue;
      let k = 0;
      const base = s * recordWords + 2;
      while (k < width && words[base + k] === key[k]) k++;
      if (k === width) return s;
    }
    return -1;
  }

  /** An empty slot of the bucket, else the one that cost least. */
  private victim(bucket: number): number {
    const { meta } = this;
    let best = bucket * BUCKET;
    for (let s = best, end = s + BUCKET; s < end; s++) {
      if (meta[2 * s] === 0) return s;
      if (meta[2 * s + 1]! >>> 0 < meta[2 * best + 1]! >>> 0) best = s;
    }
    return best;
  }

  /** Writes a slot from `key`'s words beginning at `at`, with its count, cost (below 2^32) and hash. */
  private write(slot: number, key: Int32Array, at: number, count: number, cost: number, hash: number): void {
    const base = slot * this.recordWords;
    // A loop, not words.set(key.subarray(...)): a view per store was a tenth of a count's time.
    for (let k = 0; k < this.width; k++) this.words[base + 2 + k] = key[at + k]!;
    this.counts[base >>> 1] = count;
    this.meta[2 * slot] = hash;
    this.meta[2 * slot + 1] = cost | 0;
  }

  private grow(): void {
    const { meta, words, counts, recordWords } = this;
    // The new table is held beside the old one while the entries move over.
    this.reserve(2 * this.bytes);
    // A journal keeps the first table it grew from (the undoing puts it back, and what the grown tables hold goes).
    if (this.log && !this.log.table) this.log.table = { meta, words, counts, buckets: this.buckets };
    this.buckets *= 2;
    ({ meta: this.meta, words: this.words, counts: this.counts } = this.allocate(this.buckets * BUCKET));
    this.entries = 0;
    for (let s = 0; s < meta.length >>> 1; s++) {
      const hash = meta[2 * s]!;
      if (hash === 0) continue;
      // Doubling splits each bucket in two, so every old entry finds a free slot.
      const slot = this.victim(hash & (this.buckets - 1));
      const base = s * recordWords;
      this.write(slot, words, base + 2, counts[base >>> 1]!, meta[2 * s + 1]! >>> 0, hash);
      this.entries++;
    }
  }
}

/** Notes a journal takes at a time (256 KiB): its bytes are known, and it grows without copying. */
const NOTE_SHIFT = 16;
const NOTE_CHUNK = 1 << NOTE_SHIFT;

/** Takes one note, in the room logSlot made. */
function note(log: Journal, value: number): void {
  log.notes[log.length >>> NOTE_SHIFT]![log.length & (NOTE_CHUNK - 1)] = value;
  log.length++;
}

/** What a journal of the memo (CountCache.journal) notes. */
interface Journal {
  /** Per store, what the slot written held (CountCache.logSlot), in chunks of NOTE_CHUNK. */
  notes: Int32Array[];
  /** Notes taken. */
  length: number;
  /** The entries held and the figures when the journal began. */
  count: number;
  stats: CountCache['stats'];
  /** The table before it first grew, with the journal's notes up to then. */
  table?: { meta: Int32Array; words: Int32Array; counts: Float64Array; buckets: number };
}
