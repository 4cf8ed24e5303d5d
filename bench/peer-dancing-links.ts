/**
 * The npm dancing-links package as the peer the benchmarks count beside:
 * it knows no symmetry, so on 8x8 + 2x2 it is given the X's centre in the
 * fundamental triangle 1 <= x <= y <= 3 (off the diagonal each class once,
 * on it each class twice), and counts classes too.
 */
import { DancingLinks } from 'dancing-links';
import type { PackingInstance, Placement } from '../encoders/packing.js';
import type { ExactCoverProblem } from '../solvers/dlx/exact-cover.js';

/** The X's centre: the mean of its five cells. */
function centreOf(instance: PackingInstance, placement: Placement): [number, number] {
  const cells = placement.cells.map((c) => instance.spec.region[c]!);
  return [cells.reduce((s, c) => s + c[0], 0) / cells.length, cells.reduce((s, c) => s + c[1], 0) / cells.length];
}

/**
 * The instance's own placements as exact cover (cells, then one column per
 * piece), with the X only where `keepX` allows its centre.
 */
function restrictedProblem(instance: PackingInstance, keepX: (x: number, y: number) => boolean): ExactCoverProblem {
  const x = instance.spec.pieces.findIndex((p) => p.name === 'X');
  const cells = instance.spec.region.length;
  const rows = instance.placements.filter((pl) => pl.piece !== x || keepX(...centreOf(instance, pl))).map((pl) => [...pl.cells, cells + pl.piece]);
  return { primary: cells + instance.spec.pieces.length, secondary: 0, rows };
}

/** Centres in the fundamental triangle, off its diagonal (each class once) and on it (each class twice). */
export function fundamentalProblems(instance: PackingInstance): { offDiagonal: ExactCoverProblem; diagonal: ExactCoverProblem } {
  return {
    offDiagonal: restrictedProblem(instance, (x, y) => x < y && y <= 3),
    diagonal: restrictedProblem(instance, (x, y) => x === y && y <= 3),
  };
}

export function countWithPeer({ primary, secondary, rows }: ExactCoverProblem): number {
  const solver = new DancingLinks<number>().createSolver({ primaryColumns: primary, secondaryColumns: secondary });
  solver.addSparseConstraints(
    rows.map((cells, row) => ({
      data: row,
      columnIndices: { primary: cells.filter((c) => c < primary), secondary: cells.filter((c) => c >= primary).map((c) => c - primary) },
    })),
  );
  return solver.findAll().length;
}
