import { unaryCount } from '../card/totalizer.js';
import type { Cnf } from '../core/cnf.js';
import { type PbEncoding, atMostWeighted } from '../pb/index.js';
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
  encoding: PbEncoding;
  /** Seconds left for the whole optimisation (undefined: no limit). */
  timeLeft: () => number | undefined;
  /** The option that asked for certificates (its name goes into error messages); undefined: none asked. */
  certify?: string;
  /** A cost no solution can go under (k best: the optimum of the round before), tried first. */
  floor?: number;
}

export type RoundStatus = 'OPTIMUM' | 'FEASIBLE' | 'UNSAT' | 'UNKNOWN';

export interface Round {
  status: RoundStatus;
  cost?: number;
  model?: Model;
  /** How the optimum is known. */
  proof?: string;
  certificate?: Certificate;
}

export type RoundStrategy = (ctx: RoundContext) => Promise<Round>;

/** Where the objective's bounds and relaxations go. */
const FAMILY = 'objective';

/** A guard literal that, assumed true, bounds the objective: cost ≤ k. */
function guardedBound(ctx: RoundContext, k: number): number {
  return inObjectiveFamily(ctx.s.formula, (f) => {
    const guard = f.vars.aux(`objective ≤ ${k}`);
    atMostWeighted(f, ctx.objective.terms, k - ctx.objective.offset, ctx.encoding, `objective ≤ ${k}`, guard);
    return guard;
  });
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

async function proved(ctx: RoundContext, found: { cost: number; model: Model }, proof: string, unsatJustAnswered: boolean): Promise<Round> {
  const certificate = ctx.certify && unsatJustAnswered ? await ctx.s.certify(ctx.certify) : undefined;
  return { status: 'OPTIMUM', ...found, proof, ...(certificate ? { certificate } : {}) };
}

export const linearRound: RoundStrategy = async (ctx) => {
  const { s, objective } = ctx;
  let best: { cost: number; model: Model } | undefined;
  let assumptions = ctx.floor === undefined ? [] : [guardedBound(ctx, ctx.floor)];
  for (;;) {
    const status = await s.solve({ assumptions, timeout: ctx.timeLeft() });
    if (status === 'UNKNOWN') return best ? { status: 'FEASIBLE', ...best } : { status: 'UNKNOWN' };
    if (status === 'UNSAT') {
      if (best) return proved(ctx, best, `no solution costs less than ${best.cost} (UNSAT)`, true);
      if (assumptions.length === 0) return { status: 'UNSAT' };
      // Nothing left at the floor: search above it.
      assumptions = [];
      continue;
    }
    const cost = costOf(objective, (v) => s.model!.value(v));
    best = { cost, model: s.model! };
    if (ctx.floor !== undefined && cost <= ctx.floor) return proved(ctx, best, `no solution costs less than ${ctx.floor} (the round before)`, false);
    if (cost === objective.offset) return proved(ctx, best, `${cost} is the least the objective can be`, false);
    assumptions = [guardedBound(ctx, cost - 1)];
  }
};

export const coreGuidedRound: RoundStrategy = async (ctx) => {
  const { s, objective } = ctx;
  let lowerBound = objective.offset;
  // Assumption literal (true: no cost) -> its weight left.
  const soft = new Map<number, number>(objective.terms.map((t) => [-t.lit, t.weight]));
  // Assumption ¬o_j of a totalizer -> that totalizer, to assume ¬o_{j+1} once ¬o_j is in a core.
  const sums = new Map<number, { outputs: number[]; j: number; weight: number }>();
  for (;;) {
    const status = await s.solve({ assumptions: [...soft.keys()], timeout: ctx.timeLeft() });
    if (status === 'UNKNOWN') return { status: 'UNKNOWN' };
    if (status === 'SAT') {
      const cost = costOf(objective, (v) => s.model!.value(v));
      if (cost !== lowerBound)
        throw new Error(`core-guided search: a model of cost ${cost} under the assumptions, but the lower bound is ${lowerBound}`);
      const found = { cost, model: s.model! };
      if (!ctx.certify || cost === objective.offset) return proved(ctx, found, `the cores raise the lower bound to ${cost}`, false);
      // The cores are UNSATs under assumptions; one bound, checked, proves the same.
      if ((await s.solve({ assumptions: [guardedBound(ctx, cost - 1)], timeout: ctx.timeLeft() })) !== 'UNSAT')
        throw new Error(`core-guided search: cost ${cost} - 1 is not refuted, but the cores say it should be`);
      return proved(ctx, found, `the cores raise the lower bound to ${cost}; no solution costs less (UNSAT)`, true);
    }
    const core = (await s.core()) as number[];
    if (core.length === 0) return { status: 'UNSAT' };
    const least = Math.min(...core.map((a) => soft.get(a)!));
    lowerBound += least;
    for (const a of core) {
      const left = soft.get(a)! - least;
      if (left > 0) soft.set(a, left);
      else soft.delete(a);
      const sum = sums.get(a);
      if (sum && sum.j < sum.outputs.length) {
        const next = -sum.outputs[sum.j]!;
        soft.set(next, sum.weight);
        sums.set(next, { ...sum, j: sum.j + 1 });
      }
    }
    if (core.length === 1) {
      inObjectiveFamily(s.formula, (f) => f.add([-core[0]!]));
      continue;
    }
    // At least one of the core's costly literals is true; the totalizer's outputs count how many more.
    const outputs = inObjectiveFamily(s.formula, (f) =>
      unaryCount(
        { add: (c) => f.add(c), aux: () => f.vars.aux('oll totalizer') },
        core.map((a) => -a),
        core.length,
      ),
    );
    soft.set(-outputs[1]!, least);
    sums.set(-outputs[1]!, { outputs, j: 2, weight: least });
  }
};
