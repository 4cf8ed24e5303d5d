import type { AmoEncoding, Explanation } from '../src/index.js';

/**
 * Messages between the pages and the solver worker. The worker owns the
 * formula and the solver; a page only shows what it is told, so a long
 * search never blocks it, and Stop simply terminates the worker.
 */

export type PuzzleChoice =
  | { kind: 'pentomino'; preset: string }
  /** A drawn board as region art ("." cell, "#" hole, "/" between rows). */
  | { kind: 'polyomino'; board: string; pieces: string; flip: boolean }
  | { kind: 'soma'; figure: string }
  | { kind: 'genius-square'; roll: string }
  /** A board of another grid as the polyform puzzle's JSON, and its pieces as --pieces takes them. */
  | { kind: 'polyform'; board: string; pieces: string; flip: boolean };

/** The SAT solvers a worker may offer; which of them loaded, it says in its first message. */
export type SatEngine = 'minisat-wasm' | 'cadical-wasm' | 'logic-solver';
/** A SAT solver, or an exact-cover engine (dancing links) on the exact-cover form of a packing: by its registered name. */
export type Engine = string;

/** An engine as the worker found it: loaded, or why not; `exactCover` for an engine that searches the exact-cover form, not CNF. */
export interface EngineInfo {
  name: Engine;
  label: string;
  exactCover: boolean;
  ok: boolean;
  version?: string;
  reason?: string;
}

export type DobbleMethod = 'algebraic' | 'sat' | 'cyclic';

export interface DeckRequest {
  type: 'deck';
  /** The order n of the projective plane: cards of n + 1 symbols. */
  order: number;
  /** Cards to keep; undefined: all n² + n + 1. */
  cards?: number;
  /** sat: the incidence model; cyclic: the translates of one card (encoders/dobble/cyclic.ts), full decks only. */
  method: DobbleMethod;
  engine: SatEngine;
  /** The symbol list as typed: names for the symbols 0, 1, ..., read by the CLI's rules (symbol-list.ts); none: the numbers themselves. */
  names: string;
}

export type ToWorker =
  /** No `amo`: the puzzle's own default at-most-one encoding. */
  | { type: 'load'; puzzle: PuzzleChoice; amo?: AmoEncoding }
  /** Solve is a run with limit 1; enumerate has no limit. */
  | { type: 'run'; engine: Engine; unique: boolean; limit?: number; gallery: number }
  | { type: 'dimacs' }
  | DeckRequest;

export type FromWorker =
  /** The worker's first message, once it has tried to load every engine. */
  | { type: 'engines'; engines: EngineInfo[] }
  | { type: 'loaded'; summary: Explanation; exactCover: boolean }
  /** The SVG of one of the first `gallery` solutions. */
  | { type: 'solution'; index: number; svg: string }
  | { type: 'progress'; count: number; raw: number; seconds: number }
  /** `solver`: the engine that ran (its name as the CLI's --solver takes it). */
  | { type: 'done'; count: number; raw: number; complete: boolean; seconds: number; solver: string }
  | { type: 'dimacs'; fileName: string; chunks: string[] }
  | DeckAnswer
  | { type: 'error'; message: string };

/** A deck request's answer: the deck with its pictures and check, or the proof that there is none. */
export type DeckAnswer = {
  type: 'deck';
  solver: string;
  seconds: number;
  /** The SAT formula's size (0 for the algebraic method). */
  vars: number;
  clauses: number;
} & ({ status: 'SAT'; cards: string[][]; svgs: string[]; check: string; valid: boolean } | { status: 'UNSAT' | 'UNKNOWN' });

/**
 * The orders the Dobble page offers: beyond 16 the cards get too many to draw
 * (order 16: 273 cards of 17 symbols). SAT stops at 9, the frontier of SAT
 * here (issue 13); no plane of order 10 exists (Lam 1989), and SAT could not
 * prove it.
 */
export const DOBBLE_ORDERS = { min: 2, max: 16, satMax: 9 } as const;
