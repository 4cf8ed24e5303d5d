import type { AmoEncoding } from '../src/card/index.js';
import type { Explanation } from '../src/explain/explain.js';

/**
 * Messages between the page and the solver worker. The worker owns the
 * formula and the solver; the page only shows what it is told, so a long
 * search never blocks it, and Stop simply terminates the worker.
 */

export type PuzzleChoice =
  | { kind: 'pentomino'; preset: string }
  /** A drawn board as region art ("." cell, "#" hole, "/" between rows). */
  | { kind: 'polyomino'; board: string; pieces: string; flip: boolean }
  | { kind: 'soma'; figure: string }
  | { kind: 'genius-square'; roll: string };

export type Engine = 'logic-solver' | 'dlx';

export type ToWorker =
  /** No `amo`: the puzzle's own default at-most-one encoding. */
  | { type: 'load'; puzzle: PuzzleChoice; amo?: AmoEncoding }
  /** Solve is a run with limit 1; enumerate has no limit. */
  | { type: 'run'; engine: Engine; unique: boolean; limit?: number; gallery: number }
  | { type: 'dimacs' };

export type FromWorker =
  | { type: 'loaded'; summary: Explanation; exactCover: boolean }
  /** The SVG of one of the first `gallery` solutions. */
  | { type: 'solution'; index: number; svg: string }
  | { type: 'progress'; count: number; raw: number; seconds: number }
  | { type: 'done'; count: number; raw: number; complete: boolean; seconds: number }
  | { type: 'dimacs'; fileName: string; chunks: string[] }
  | { type: 'error'; message: string };
