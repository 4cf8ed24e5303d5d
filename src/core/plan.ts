/**
 * A resolved plan: everything a run does, as plain data. src/plan.ts
 * (resolvePlan) is the one place that fills it in from what was asked —
 * every default applied, every combination checked — and src/run.ts
 * (runPlan) carries it out. Worker threads, queue jobs and the playground
 * receive a Plan and a Part, never a list of loose options, so no path can
 * drop a setting. It lives in core because every layer that runs part of a
 * plan reads it.
 */

/**
 * How the SAT engine meets each cube: 'chrono', it enumerates the cube itself
 * (chronological backtracking after each model, no blocking clauses);
 * 'blocking', a solve per model, each model blocked by a clause (any engine).
 */
export const ENUM_MODES = ['chrono', 'blocking'] as const;
export type EnumMode = (typeof ENUM_MODES)[number];

/**
 * 'native': the instance's exactly-one groups go to the engine as groups and
 * their families' clauses stay out of it (every model is still checked
 * against the whole CNF); 'clauses': the engine propagates the whole CNF.
 */
export const PROPAGATIONS = ['native', 'clauses'] as const;
export type Propagation = (typeof PROPAGATIONS)[number];

/** How an engine decides: MiniSat's VSIDS, or exact-cover branching on a clause family (as dancing links does). */
export const BRANCHING_RULES = ['cover', 'vsids'] as const;
export type BranchingRule = (typeof BRANCHING_RULES)[number];

/** How `unique` keeps one solution per class: the symmetry-breaking family in the formula, or stabiliser orbits and orbit blocking. */
export const SYMMETRY_BREAKING = ['clauses', 'orbits'] as const;
export type SymmetryBreaking = (typeof SYMMETRY_BREAKING)[number];

/**
 * What searches: dancing links on the exact-cover form, the engine's own
 * enumeration (clasp, picosat), or the cube tree with the SAT engine
 * finishing each cube (the blocking-clause loop, or chrono).
 */
export type Strategy = 'exact-cover' | 'native' | 'cubes';

/** A puzzle's options by value, as the CLI spells them (`preset`, `amo`, `non-overlap`): what rebuilds the instance anywhere. */
export type PuzzleArgs = Record<string, string | number | boolean>;

/** One share of a run's work: every `of`-th unit of the cube tree from `index` (CubeTree.leaves). */
export interface Part {
  index: number;
  of: number;
}

/** What every plan says. */
interface PlanBase {
  /** A puzzle name (PUZZLES), or a DIMACS file for solve. */
  puzzle: string;
  /** The puzzle's options with the encodings chosen (amo, card) and any drawn seed: the same instance is rebuilt from them. */
  args: PuzzleArgs;
  /** Whether a worker can rebuild the instance from `puzzle` and `args` (not so for a formula handed to the library). */
  rebuildable: boolean;
  /** The engine by its registered name (solvers/index.ts ENGINES), dlx included. */
  engine: string;
  /** Seconds for the whole run; absent for none. */
  timeoutSeconds?: number;
}

export interface SolvePlan extends PlanBase {
  verb: 'solve';
  strategy: Exclude<Strategy, 'native'>;
  branching: BranchingRule;
  /** The engine writes its own DRAT proof (--proof, or --certify with an engine that can). */
  ownProof: boolean;
  /** The UNSAT answer is checked by a DRAT proof. */
  certify: boolean;
  /** The engine that re-solves for a proof when the answering one writes none (--certify). */
  prover?: string;
}

export interface EnumeratePlan extends PlanBase {
  verb: 'enumerate';
  strategy: Strategy;
  unique: boolean;
  symmetryBreaking: SymmetryBreaking;
  limit?: number;
  enumMode: EnumMode;
  propagation: Propagation;
  branching: BranchingRule;
  /** Literals each cube fixes before the engine takes over. */
  cubeDepth: number;
  /** Worker threads in this process (1: this thread). */
  workers: number;
  /** Jobs on a Redis queue for `puzzlesat worker`s instead of threads. */
  queue?: { url: string; jobs?: number };
  /** Each UNSAT closing a cube is checked by a DRAT proof from this engine (so the loop runs in this thread). */
  prover?: string;
}

export interface SweepPlan {
  verb: 'sweep';
  puzzle: 'genius-square';
  /** Count each roll's solutions (else only whether it has one). */
  count: boolean;
  /** Visit this many random rolls (seeded) instead of all. */
  sample?: { rolls: number; seed: number };
  /** Worker threads (undefined: all cores). */
  workers?: number;
  queue?: { url: string };
  /** The results file to stream to, and whether to keep what it holds. */
  out?: { path: string; resume: boolean };
  /** Stop after this many seconds, as Ctrl-C would: the rolls visited are kept. */
  timeoutSeconds?: number;
}

/** What counts: the exact-cover counter with a cache (src/count/sweep.ts, mrv.ts), or the projected model counter on the formula (src/count/cnf.ts). */
export const COUNT_METHODS = ['exact-cover', 'cnf'] as const;
export type CountMethod = (typeof COUNT_METHODS)[number];

/** How `count --unique` counts classes: Burnside pinned at the symmetry-breaking family's representatives (nested on wide boards), Burnside over the whole group, or models of the symmetry-breaking family. */
export const COUNT_UNIQUE_BY = ['burnside', 'burnside-group', 'clauses'] as const;
export type UniqueBy = (typeof COUNT_UNIQUE_BY)[number];

/** The exact-cover counter's branching: the first empty cell of a sweep, fewest options first, or auto: by parts where the board falls apart (components.ts), else the sweep where the front stays short. */
export const COUNT_STRATEGIES = ['auto', 'sweep', 'mrv'] as const;
export type StrategyChoice = (typeof COUNT_STRATEGIES)[number];

export interface CountPlan extends Omit<PlanBase, 'engine'> {
  verb: 'count';
  unique: boolean;
  /** Set with unique. */
  uniqueBy?: UniqueBy;
  method: CountMethod;
  strategy: StrategyChoice;
  /** Bytes the counter and its cache may take; beyond them the count stops, incomplete. */
  maxBytes: number;
  /** Worker threads counting an exact-cover puzzle's terms side by side, each with its part of maxBytes (1: this thread). */
  workers: number;
}

export type Plan = SolvePlan | EnumeratePlan | SweepPlan | CountPlan;
export type Verb = Plan['verb'];

/** Every verb once (the record's keys): a plan's verb is one of these, and a Verb added to Plan must be added here too. */
const EACH_VERB: Record<Verb, true> = { solve: true, enumerate: true, sweep: true, count: true };
export const VERBS = Object.keys(EACH_VERB) as readonly Verb[];
