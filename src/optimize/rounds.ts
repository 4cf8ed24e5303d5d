import { refusePastLimits } from '../card/index.js';
import { unaryCount, unaryCountSize } from '../card/totalizer.js';
import type { Cnf } from '../core/cnf.js';
import { DeadlineReached } from '../core/limits.js';
import type { Certificate } from '../proof/certify.js';
import type { Model, SatSolver } from '../session/solver.js';
import { type NormalObjective, costOf } from './objective.js';

/**
 * One minimisation on a solver object: the least cost of the formula as it
 * stands, and how that is known. Two strategies:
 *
 * - linear (SAT-UNSAT): solve, then ask for a cost below the model's, again
 *   and again, each bound a pseudo-Boolean constraint switched on by a guard
 *   literal assumed for that solve; the UNSAT that ends it proves the optimum.
 * - core-guided (OLL, as in RC2: Morgado, Dodaro & Marques-Silva, CP 2014;
 *   Ignatiev, Morgado & Marques-Silva, JSAT 2019): assume every costly
 *   literal false; each core raises the lower bound by its least weight and
 *   is relaxed by a totalizer over it whose outputs become new assumptions;
 *   the first model under the assumptions costs exactly the lower bound.
 *
 * Either way, when a certificate is asked for, the optimum's UNSAT (cost ≤
 * optimum - 1) is checked by our DRAT checker.
 */
export interface RoundContext {
  s: SatSolver;
  objective: NormalObjective;
  /** Adds the bound cost ≤ k, switched on by the guard. */
  bound: (k: number, guard: number) => void;
  /** Seconds left for the whole optimisation (undefined: no limit). */
  timeLeft: () => number | undefined;
  /** Ends the search as the time running out would (Ctrl-C). */
  signal?: AbortSignal;
  /** The option that asked for certificates (its name goes into error messages); undefined: none asked. */
  certify?: string;
  /** A cost no solution can go under (k best: the optimum of the round before), tried first. */
  floor?: number;
}

export type RoundStatus = 'OPTIMUM' | 'FEASIBLE' | 'UNSAT' | 'UNKNOWN';

/**
 * How an optimum is known: `bound`, the UNSAT of a lower cost; `floor`, it
 * costs what the round before found least, so nothing left costs less;
 * `least`, no assignment costs less; `cores`, the cores' lower bound (with
 * `refuted` when one more solve refuted a lower cost, for its certificate).
 */
export type ProofKind = 'bound' | 'floor' | 'least' | 'cores' | 'cores refuted';

export interface Round {
  status: RoundStatus;
  cost?: number;
  model?: Model;
  proof?: ProofKind;
  certificate?: Certificate;
}

export type RoundStrategy = (ctx: RoundContext) => Promise<Round>;

/** Where the objective's bounds and relaxations go. */
const FAMILY = 'objective';

/** A guard literal that, assumed true, bounds the objective: cost ≤ k. */
function guardedBound(ctx: RoundContext, k: number): number {
  return inObjectiveFamily(ctx.s.formula, (f) => {
    const guard = f.vars.aux(`objective ≤ ${k}`);
    ctx.bound(k - ctx.objective.offset, guard);
    return guard;
  });
}

/** What `build` adds, or undefined when the run's deadline passes while it adds clauses (the search then ends with what it has). */
function unlessOutOfTime<T>(build: () => T): T | undefined {
  try {
    return build();
  } catch (e) {
    if (e instanceof DeadlineReached) return undefined;
    throw e;
  }
}

/** Runs `emit` with the objective's family current, then resumes the family that was. */
function inObjectiveFamily<T>(f: Cnf, emit: (f: Cnf) => T): T {
  const previous = f.currentFamily?.name;
  f.family(FAMILY, 'the bounds and relaxations of the objective, each switched on by an assumption');
  try {
    return emit(f);
  } finally {
    if (previous !== undefined) f.family(previous);
  }
}

async function proved(ctx: RoundContext, found: { cost: number; model: Model }, proof: ProofKind, unsatJustAnswered: boolean): Promise<Round> {
  const certificate = ctx.certify && unsatJustAnswered ? await ctx.s.certify(ctx.certify) : undefined;
  return { status: 'OPTIMUM', ...found, proof, ...(certificate ? { certificate } : {}) };
}

export const linearRound: RoundStrategy = async (ctx) => {
  const { s, objective } = ctx;
  let best: { cost: number; model: Model } | undefined;
  const floor = ctx.floor === undefined ? undefined : unlessOutOfTime(() => guardedBound(ctx, ctx.floor!));
  if (ctx.floor !== undefined && floor === undefined) return { status: 'UNKNOWN' };
  let assumptions = floor === undefined ? [] : [floor];
  for (;;) {
    const status = await s.solve({ assumptions, timeout: ctx.timeLeft(), signal: ctx.signal });
    if (status === 'UNKNOWN') return best ? { status: 'FEASIBLE', ...best } : { status: 'UNKNOWN' };
    if (status === 'UNSAT') {
      if (best) return proved(ctx, best, 'bound', true);
      if (assumptions.length === 0) return { status: 'UNSAT' };
      // Nothing left at the floor: search above it.
      assumptions = [];
      continue;
    }
    const cost = costOf(objective, (v) => s.model!.value(v));
    best = { cost, model: s.model! };
    if (ctx.floor !== undefined && cost <= ctx.floor) return proved(ctx, best, 'floor', false);
    if (cost === objective.offset) return proved(ctx, best, 'least', false);
    const guard = unlessOutOfTime(() => guardedBound(ctx, cost - 1));
    if (guard === undefined) return { status: 'FEASIBLE', ...best };
    assumptions = [guard];
  }
};

export const coreGuidedRound: RoundStrategy = async (ctx) => {
  const { s, objective } = ctx;
  let lowerBound = objective.offset;
  // Assumption literal (true: no cost) -> its weight left.
  const soft = new Map<number, number>(objective.terms.map((t) => [-t.lit, t.weight]));
  // Assumption ¬o_j of a totalizer -> that totalizer, to assume ¬o_{j+1} once ¬o_j is in a core.
  const sums = new Map<number, { outputs: number[]; j: number }>();
  for (;;) {
    const status = await s.solve({ assumptions: [...soft.keys()], timeout: ctx.timeLeft(), signal: ctx.signal });
    if (status === 'UNKNOWN') return { status: 'UNKNOWN' };
    if (status === 'SAT') {
      const cost = costOf(objective, (v) => s.model!.value(v));
      if (cost !== lowerBound)
        throw new Error(`core-guided search: a model of cost ${cost} under the assumptions, but the lower bound is ${lowerBound}`);
      const found = { cost, model: s.model! };
      if (!ctx.certify || cost === objective.offset) return proved(ctx, found, cost === objective.offset ? 'least' : 'cores', false);
      // The cores are UNSATs under assumptions; one bound, checked, proves the same.
      const guard = unlessOutOfTime(() => guardedBound(ctx, cost - 1));
      if (guard === undefined) return proved(ctx, found, 'cores', false);
      const status = await s.solve({ assumptions: [guard], timeout: ctx.timeLeft(), signal: ctx.signal });
      if (status === 'UNKNOWN') return proved(ctx, found, 'cores', false);
      if (status === 'SAT') throw new Error(`core-guided search: cost ${cost} - 1 is not refuted, but the cores say it should be`);
      return proved(ctx, found, 'cores refuted', true);
    }
    const core = (await s.core()) as number[];
    if (core.length === 0) return { status: 'UNSAT' };
    const least = Math.min(...core.map((a) => soft.get(a)!));
    lowerBound += least;
    for (const a of core) {
      const left = soft.get(a)! - least;
      if (left > 0) soft.set(a, left);
      else soft.delete(a);
      // The weight a core takes from ¬o_j moves on to ¬o_{j+1} (RC2's rule: added to what it has).
      const sum = sums.get(a);
      if (sum && sum.j < sum.outputs.length) {
        const next = -sum.outputs[sum.j]!;
        soft.set(next, (soft.get(next) ?? 0) + least);
        sums.set(next, { outputs: sum.outputs, j: sum.j + 1 });
      }
    }
    if (core.length === 1) {
      inObjectiveFamily(s.formula, (f) => f.add([-core[0]!]));
      continue;
    }
    // At least one of the core's costly literals is true; the totalizer's outputs count how many more.
    const relaxed = core.map((a) => -a);
    // Counted before any of it is made, literals and auxiliaries, as a constraint's encoding is: a core of 3000 literals owes 13.6 million literals.
    refusePastLimits(s.formula, unaryCountSize(relaxed.length, relaxed.length), `the totalizer over a core of ${relaxed.length} literals`);
    const outputs = unlessOutOfTime(() =>
      inObjectiveFamily(s.formula, (f) => unaryCount({ add: (c) => f.add(c), aux: () => f.vars.aux('oll totalizer') }, relaxed, relaxed.length)),
    );
    if (outputs === undefined) return { status: 'UNKNOWN' };
    soft.set(-outputs[1]!, least);
    sums.set(-outputs[1]!, { outputs, j: 2 });
  }
};
