import type { ClauseSink } from './sink.js';

/**
 * Simplified cardinality networks (Asín, Nieuwenhuis, Oliveras &
 * Rodríguez-Carbonell, Constraints 2011), at most k of n with 1 <= k < n.
 * Blocks of m inputs (m the power of two >= k+1) are sorted by Batcher
 * odd-even merge sorting networks; blocks are combined pairwise, in a balanced
 * tree, by their simplified merge, which keeps only the top m+1 outputs.
 * Comparators get the one-direction clauses ("at most" needs no more):
 * max = a | b is implied by a and by b, min = a & b by a and b together.
 *
 * The network is first built as a graph of wires and only then turned into
 * clauses, pulling from output k+1 (the one that must be false): gates that
 * do not feed it cost nothing, and the constant-false wires that pad the last
 * block are simplified away (max(a, false) = a, min(a, false) = false).
 */
export function cardinalityNetworkAtMostK(sink: ClauseSink, lits: readonly number[], k: number): void {
  const size = blockSizeFor(k);
  forbid(sink, INPUTS, outputsOf(partOf(lits.length, size), size, lits)[k]!);
}

/** The blocks' size: the power of two ≥ k+1. */
function blockSizeFor(k: number): number {
  let size = 1;
  while (size < k + 1) size *= 2;
  return size;
}

/**
 * A part of the network over `length` inputs: over more than a block, the
 * tree that merges its two halves' top outputs; else a block's sort of
 * `width` wires (a power of two), those past the inputs padding, which
 * merges the sorts of its two halves, down to a single wire.
 */
interface Part {
  tree: boolean;
  width: number;
  length: number;
}

/** The whole network over `length` inputs, blocks of `size`. */
const partOf = (length: number, size: number): Part => ({ tree: length > size, width: size, length });

/**
 * A part's halves, and how their outputs join into its own: the tree is cut
 * at a block boundary, so that only the last block is padded, and keeps the
 * top `size` outputs of its merge; a sort merges two sorts of half its width.
 */
function halvesOf(part: Part, size: number): { halves: [Part, Part]; join: (a: Wire[], b: Wire[]) => Wire[] } | undefined {
  if (part.tree) {
    const middle = size * Math.ceil(part.length / size / 2);
    return { halves: [partOf(middle, size), partOf(part.length - middle, size)], join: (a, b) => simplifiedMerge(a, b).slice(0, size) };
  }
  if (part.width === 1) return undefined;
  const width = part.width / 2;
  const first = Math.min(part.length, width);
  return {
    halves: [
      { tree: false, width, length: first },
      { tree: false, width, length: part.length - first },
    ],
    join: merge,
  };
}

/** A part's outputs over its inputs, sorted in decreasing order: the wires of the network it makes. */
function outputsOf(part: Part, size: number, inputs: readonly number[]): Wire[] {
  const split = halvesOf(part, size);
  if (!split) return [inputs.length ? inputs[0]! : FALSE];
  const [a, b] = split.halves;
  return split.join(outputsOf(a, size, inputs.slice(0, a.length)), outputsOf(b, size, inputs.slice(a.length)));
}

/** What cardinalityNetworkAtMostK writes, counted: the literals its clauses hold and the auxiliaries (one a gate pulled). */
export interface NetworkSize {
  literals: number;
  auxVars: number;
}

/**
 * The size of cardinalityNetworkAtMostK over n literals (1 ≤ k < n), exact,
 * without building its network. Which gates are pulled, and whether a wire
 * is forbidden by expanding its gate or by a unit on a literal made
 * already, depends on the order of the pulls, so the count runs the same
 * code as the build on a sink that only counts. It runs it one part at a
 * time: a part's own gates (one merge) are made over placeholders for its
 * halves' outputs, and the pulls that reach a placeholder are handed, in
 * their order, to that half. A part's size depends on its shape and those
 * pulls alone, and parts of one shape are pulled alike more often than not
 * (the full blocks, their halves), each counted once. Measured: 0.2 s for
 * a million literals at k = 1000 (203 million literals), 7 s for 200,000 at
 * k = 100,000, whose top merges are 131,072 wires wide and made whole.
 */
export function cardinalityNetworkSize(n: number, k: number): NetworkSize {
  const size = blockSizeFor(k);
  const counted = new Map<string, NetworkSize>();
  const falses = new Map<string, boolean[]>();
  const keyOf = (part: Part): string => `${part.tree ? 't' : 's'}${part.width}:${part.length}`;
  /** The part's outputs over numbers: 1 for its input at a single wire, else its halves' outputs 1..w and w+1..2w. */
  const placeholders = (part: Part): { outputs: Wire[]; halves?: [Part, Part]; width: number } => {
    const split = halvesOf(part, size);
    if (!split) return { outputs: [part.length ? 1 : FALSE], width: 1 };
    const [a, b] = split.halves;
    const width = a.width;
    const numbered = (half: Part, first: number) => falseOutputs(half).map((isFalse, i) => (isFalse ? FALSE : first + i));
    return { outputs: split.join(numbered(a, 1), numbered(b, width + 1)), halves: split.halves, width };
  };
  /** Which outputs of the part are the constant false (they simplify the merge above). */
  const falseOutputs = (part: Part): boolean[] => {
    const key = keyOf(part);
    let known = falses.get(key);
    if (!known) {
      known = placeholders(part).outputs.map((wire) => wire === FALSE);
      falses.set(key, known);
    }
    return known;
  };
  /** The part pulled by `pulls` in order: its size and its halves'. */
  const partSize = (part: Part, pulls: readonly Pull[]): NetworkSize => {
    const key = `${keyOf(part)}:${pulls.join(',')}`;
    const known = counted.get(key);
    if (known) return known;
    const { outputs, halves, width } = placeholders(part);
    const made: NetworkSize = { literals: 0, auxVars: 0 };
    // Auxiliaries are numbered past the placeholders, so that none is mistaken for one.
    let next = 2 * width;
    const counting: ClauseSink = { add: (clause) => void (made.literals += clause.length), aux: () => (made.auxVars++, ++next) };
    const handed: Pull[] = [];
    const lit = new Set<number>();
    const ends: Ends = halves
      ? {
          literal: (x) => {
            if (!lit.has(x)) handed.push(x);
            lit.add(x);
            return x;
          },
          // A half's output whose literal is made already is forbidden by a unit, as the build forbids a gate with a literal.
          forbid: (sink, x) => (lit.has(x) ? sink.add([-x]) : void handed.push(-x)),
        }
      : INPUTS;
    for (const pull of pulls) {
      const wire = outputs[Math.abs(pull) - 1]!;
      if (pull < 0) forbid(counting, ends, wire);
      else if (wire !== FALSE) literalOf(counting, ends, wire);
    }
    if (halves) {
      const inFirst = (x: Pull) => Math.abs(x) <= width;
      for (const [half, halfPulls] of [
        [halves[0], handed.filter(inFirst)],
        [halves[1], handed.filter((x) => !inFirst(x)).map((x) => Math.sign(x) * (Math.abs(x) - width))],
      ] as const) {
        if (!halfPulls.length) continue;
        const below = partSize(half, halfPulls);
        made.literals += below.literals;
        made.auxVars += below.auxVars;
      }
    }
    counted.set(key, made);
    return made;
  };
  return partSize(partOf(n, size), [-(k + 1)]);
}

/** A pull of a part's output j (from 1): j for its literal, -j to forbid it; in the order the build makes them. */
type Pull = number;

/** Padding: an input known to be false. */
const FALSE = null;
/** A wire that may be true: an input literal or a gate. */
type Signal = number | Gate;
type Wire = Signal | typeof FALSE;

class Gate {
  literal: number | undefined;
  constructor(
    readonly op: 'max' | 'min',
    readonly a: Signal,
    readonly b: Signal,
  ) {}
}

function comparator(a: Wire, b: Wire): [Wire, Wire] {
  if (a === FALSE) return [b, FALSE];
  if (b === FALSE) return [a, FALSE];
  return [new Gate('max', a, b), new Gate('min', a, b)];
}

/** Merges two sorted sequences of the same power-of-two length. */
function merge(a: readonly Wire[], b: readonly Wire[]): Wire[] {
  if (a.length === 1) return comparator(a[0]!, b[0]!);
  const d = merge(odd(a), odd(b));
  const e = merge(even(a), even(b));
  return [d[0]!, ...interleave(d.slice(1), e.slice(0, -1)), e[e.length - 1]!];
}

/** The top n+1 outputs of merging two sorted sequences of power-of-two length n. */
function simplifiedMerge(a: readonly Wire[], b: readonly Wire[]): Wire[] {
  if (a.length === 1) return comparator(a[0]!, b[0]!);
  const d = simplifiedMerge(odd(a), odd(b));
  const e = simplifiedMerge(even(a), even(b));
  return [d[0]!, ...interleave(d.slice(1), e.slice(0, -1))];
}

/** Compares d[i] with e[i] for each i, giving max, min, max, min, ... */
function interleave(d: readonly Wire[], e: readonly Wire[]): Wire[] {
  return d.flatMap((wire, i) => comparator(wire, e[i]!));
}

// Positions 1, 3, 5, ... and 2, 4, 6, ... counted from 1, as in the papers.
const odd = (wires: readonly Wire[]): Wire[] => wires.filter((_, i) => i % 2 === 0);
const even = (wires: readonly Wire[]): Wire[] => wires.filter((_, i) => i % 2 === 1);

/**
 * What pulling a wire does at a number: the build's numbers are its input
 * literals (a literal as it is, forbidden by a unit clause); the count's
 * stand, at a merge, for its halves' outputs, pulled there.
 */
interface Ends {
  literal(x: number): number;
  forbid(sink: ClauseSink, x: number): void;
}

const INPUTS: Ends = { literal: (x) => x, forbid: (sink, x) => sink.add([-x]) };

/** The literal of a (non-constant) wire, emitting its gate's clauses on first use. */
function literalOf(sink: ClauseSink, ends: Ends, wire: Signal): number {
  if (typeof wire === 'number') return ends.literal(wire);
  if (wire.literal === undefined) {
    const a = literalOf(sink, ends, wire.a);
    const b = literalOf(sink, ends, wire.b);
    const out = sink.aux();
    if (wire.op === 'max') {
      sink.add([-a, out]);
      sink.add([-b, out]);
    } else {
      sink.add([-a, -b, out]);
    }
    wire.literal = out;
  }
  return wire.literal;
}

/** Clauses that make the wire false. A max is false when both its inputs are: no variable needed. */
function forbid(sink: ClauseSink, ends: Ends, wire: Wire): void {
  if (wire === FALSE) return;
  if (typeof wire === 'number') {
    ends.forbid(sink, wire);
  } else if (wire.literal !== undefined) {
    sink.add([-wire.literal]);
  } else if (wire.op === 'max') {
    forbid(sink, ends, wire.a);
    forbid(sink, ends, wire.b);
  } else {
    sink.add([-literalOf(sink, ends, wire.a), -literalOf(sink, ends, wire.b)]);
  }
}
