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
  let blockSize = 1;
  while (blockSize < k + 1) blockSize *= 2;
  forbid(sink, topOutputs(lits, blockSize)[k]!);
}

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

/** The `size` largest of the inputs, sorted in decreasing order (size a power of two). */
function topOutputs(inputs: readonly Wire[], size: number): Wire[] {
  if (inputs.length <= size) return sort([...inputs, ...Array<Wire>(size - inputs.length).fill(FALSE)]);
  // Cut at a block boundary so that only the last block is padded.
  const middle = size * Math.ceil(inputs.length / size / 2);
  const merged = simplifiedMerge(topOutputs(inputs.slice(0, middle), size), topOutputs(inputs.slice(middle), size));
  return merged.slice(0, size);
}

/** Batcher's odd-even merge sort; the length is a power of two. */
function sort(wires: readonly Wire[]): Wire[] {
  if (wires.length === 1) return [...wires];
  const middle = wires.length / 2;
  return merge(sort(wires.slice(0, middle)), sort(wires.slice(middle)));
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

/** The literal of a (non-constant) wire, emitting its gate's clauses on first use. */
function literalOf(sink: ClauseSink, wire: Signal): number {
  if (typeof wire === 'number') return wire;
  if (wire.literal === undefined) {
    const a = literalOf(sink, wire.a);
    const b = literalOf(sink, wire.b);
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
function forbid(sink: ClauseSink, wire: Wire): void {
  if (wire === FALSE) return;
  if (typeof wire === 'number' || wire.literal !== undefined) {
    sink.add([-literalOf(sink, wire)]);
  } else if (wire.op === 'max') {
    forbid(sink, wire.a);
    forbid(sink, wire.b);
  } else {
    sink.add([-literalOf(sink, wire.a), -literalOf(sink, wire.b)]);
  }
}
