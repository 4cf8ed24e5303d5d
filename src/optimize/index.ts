/**
 * Optimisation: the least (or greatest) value of a weighted sum over the
 * models of a formula or puzzle, proved optimal, and the k best solutions
 * by that value. Each round is one minimisation (./rounds.ts); after a
 * round its solution is blocked on the solution variables, so the next
 * round finds the next best, no cheaper than the one before.
 */
import { Cnf } from '../core/cnf.js';
import { UserError, didYouMean } from '../core/errors.js';
import { fieldName } from '../core/field-names.js';
import { checkRunNumbers, choiceText, shownValue } from '../core/limits.js';
import { type Dominance, type Instance, checkSource } from '../core/puzzle.js';
import { callOptions } from '../core/call-options.js';
import { checkWeights } from '../constraints.js';
import { termList } from '../formula/translate.js';
import type { Term } from '../formula/expr.js';
import { DEFAULT_PB, type PbEncoding, parsePb, weightedBounds } from '../pb/index.js';
import type { Certificate } from '../proof/certify.js';
import type { Model, SatSolver } from '../session/solver.js';
import { openSolver } from '../session/open.js';
import { normalObjective } from './objective.js';
import { type ProofKind, type Round, type RoundStatus, type RoundStrategy, coreGuidedRound, linearRound } from './rounds.js';

export type OptimizeStrategy = 'linear' | 'core-guided';

const STRATEGIES: Record<OptimizeStrategy, { fits: string; round: RoundStrategy }> = {
  linear: { fits: 'SAT-UNSAT linear search on a pseudo-Boolean bound: a solution at once, then better ones', round: linearRound },
  'core-guided': { fits: 'OLL over assumptions (as RC2): lower bounds from cores, good when the optimum is cheap', round: coreGuidedRound },
};

export const OPTIMIZE_STRATEGIES: readonly { name: OptimizeStrategy; fits: string }[] = Object.entries(STRATEGIES).map(([name, { fits }]) => ({
  name: name as OptimizeStrategy,
  fits,
}));

export const DEFAULT_STRATEGY: OptimizeStrategy = 'linear';

export function parseStrategy(given: unknown, where: string): OptimizeStrategy {
  const name = choiceText(given, where);
  if (Object.hasOwn(STRATEGIES, name)) return name as OptimizeStrategy;
  throw new UserError(
    `unknown optimisation strategy "${name}"${didYouMean(name, Object.keys(STRATEGIES))} (${where}); choose one of: ${Object.keys(STRATEGIES).join(', ')}`,
  );
}

export interface OptimizeOptions {
  /** A solver name (solvers() lists them). */
  solver?: string;
  /** Default 'linear'. */
  strategy?: OptimizeStrategy;
  /** The pseudo-Boolean encoding of the cost bounds (default 'bdd'). */
  encoding?: PbEncoding;
  /** Seconds for the whole search; what is found by then is kept. */
  timeout?: number;
  /** Ends the search once aborted (Ctrl-C), as the timeout would: what is found by then is kept. */
  signal?: AbortSignal;
  /** The k best solutions by value (default 1). */
  best?: number;
  /** Check each optimum's UNSAT with a DRAT proof and our checker; a proof that fails is an error. */
  certify?: boolean;
  /**
   * Clauses every optimum satisfies, though other solutions may not (an
   * instance's objective.dominance): added to cut the search for the one
   * best solution. Not with `best` > 1 (the second best may break them) nor
   * with `certify` (the certificate is of the formula itself).
   */
  dominance?: () => Dominance;
}

export interface Optimum<S = unknown> {
  /** The value of the weighted sum. */
  value: number;
  model: Model;
  /** A puzzle's solution, decoded and checked. */
  solution?: S;
  /** How the value is known to be the best left; absent for a FEASIBLE solution. */
  proof?: string;
  certificate?: Certificate;
}

export interface OptimizeResult<S = unknown> {
  /**
   * OPTIMUM: every solution listed is proved best among those not listed
   * before it (fewer than asked: there are no more); FEASIBLE: the last one
   * is only the best found in time; UNSAT: no solution at all; UNKNOWN:
   * none found in time.
   */
  status: RoundStatus;
  solutions: Optimum<S>[];
  solver: string;
  /** Solver calls, bounds and cores included. */
  solves: number;
  /** The dominance clauses the search added (see OptimizeOptions.dominance), when it added them. */
  dominance?: { clauses: number; why: string };
}

type Search = <S = unknown>(
  source: Cnf | Instance<S>,
  terms: readonly Term[],
  weights: readonly number[],
  options?: OptimizeOptions,
) => Promise<OptimizeResult<S>>;

/** The least value of Σ weights[i]·terms[i] over the models (and the next best, with `best`). */
export const minimize: Search = (source, terms, weights, options = {}) => optimize(source, terms, weights, 1, options);

/** The greatest value of Σ weights[i]·terms[i], as the least of its negation. */
export const maximize: Search = (source, terms, weights, options = {}) => optimize(source, terms, weights, -1, options);

const OPTIMIZE_FIELDS = {
  solver: true,
  strategy: true,
  encoding: true,
  timeout: true,
  signal: true,
  best: true,
  certify: true,
  dominance: true,
} as const satisfies Record<keyof OptimizeOptions, true>;

async function optimize<S>(
  source: Cnf | Instance<S>,
  terms: readonly Term[],
  weights: readonly number[],
  sign: 1 | -1,
  given: OptimizeOptions | undefined,
): Promise<OptimizeResult<S>> {
  const what = sign === 1 ? 'minimize' : 'maximize';
  const options = callOptions(what, given, OPTIMIZE_FIELDS);
  checkSource(what, source);
  // A projection set by hand is checked as solve checks it: solutions are read and told apart on it ("no variable 4 in this formula" came from inside).
  if (source instanceof Cnf) source.checkedProjection();
  checkWeights(what, termList(what, terms), weights);
  const encoding = parsePb(options.encoding ?? DEFAULT_PB, 'encoding');
  const best = options.best ?? 1;
  if (!Number.isInteger(best) || best < 1) throw new RangeError(`best: a whole number ≥ 1, got ${shownValue(best)}`);
  // Checked before the search: an unknown strategy crashed mid-way, a timeout of -1 was ignored.
  const round = STRATEGIES[parseStrategy(options.strategy ?? DEFAULT_STRATEGY, 'strategy')].round;
  checkRunNumbers({ timeout: options.timeout });
  // The search adds bounds and blocking clauses: to a copy, so the caller's formula stays as it was.
  const s = await openSolver(source instanceof Cnf ? source.clone() : { ...source, cnf: source.cnf.clone() }, {
    solver: options.solver,
  });
  try {
    const f = s.formula;
    // The solution variables, fixed before the objective adds its own.
    const solutionVars = [...f.solutionVariables()];
    const objective = normalObjective(
      f,
      terms,
      weights.map((w) => sign * w),
    );
    const dominance = best === 1 && !options.certify ? dominanceOf(options.dominance) : undefined;
    if (dominance?.clauses.length) {
      f.family('dominance', `clauses every optimum satisfies: ${dominance.why}`);
      for (const clause of dominance.clauses) f.add([...clause]);
    }
    // One bound maker for every round: the adder's network is shared by all bounds.
    const bounds = weightedBounds(f, objective.terms, encoding, 'objective');
    const deadline = options.timeout === undefined ? Infinity : Date.now() + 1000 * options.timeout;
    const solutions: Optimum<S>[] = [];
    let status: RoundStatus = 'OPTIMUM';
    while (solutions.length < best) {
      const r: Round = await round({
        s,
        objective,
        bound: bounds,
        // The session meets the command line's --timeout for the whole run too.
        timeLeft: () => (deadline === Infinity ? undefined : Math.max(0.001, (deadline - Date.now()) / 1000)),
        signal: options.signal,
        certify: options.certify ? fieldName('certify') : undefined,
        floor: solutions.length ? signed(sign, solutions.at(-1)!.value) : undefined,
      });
      if (r.status === 'UNSAT' || r.status === 'UNKNOWN') {
        if (solutions.length === 0) status = r.status;
        else if (r.status === 'UNKNOWN') status = 'FEASIBLE';
        break;
      }
      solutions.push(optimum(s, r, sign));
      if (r.status === 'FEASIBLE') {
        status = 'FEASIBLE';
        break;
      }
      block(s, r.model!, solutionVars);
    }
    return {
      status,
      solutions,
      solver: s.name,
      solves: s.stats().solves,
      ...(dominance?.clauses.length ? { dominance: { clauses: dominance.clauses.length, why: dominance.why } } : {}),
    };
  } finally {
    s.close();
  }
}

/**
 * The clauses a caller's dominance gives, checked before any is added: a
 * function that returned 1 or forgot its clauses crashed in the search
 * ("Cannot read properties of undefined (reading 'length')"). Each clause is
 * then checked as every clause added to a formula is.
 */
function dominanceOf(given: (() => Dominance) | undefined): Dominance | undefined {
  if (given === undefined) return undefined;
  const d: unknown = given();
  const { clauses, why } = (typeof d === 'object' && d !== null ? d : {}) as Partial<Dominance>;
  if (!Array.isArray(clauses) || typeof why !== 'string')
    throw new TypeError(`dominance: expected a function that returns { clauses, why }, got a function that returns ${shownValue(d)}`);
  return { clauses, why };
}

/** How each kind of proof reads, for a search that minimises (lower) or maximises (higher). */
const PROOF_TEXT: Record<ProofKind, (better: string) => string> = {
  bound: (better) => `no solution left has a ${better} value (UNSAT)`,
  floor: () => 'it ties the solution before it, the best then',
  least: (better) => `no value can be ${better}`,
  cores: (better) => `its cores rule out a ${better} value`,
  'cores refuted': (better) => `its cores rule out a ${better} value, and so does an UNSAT`,
};

function optimum<S>(s: SatSolver, r: Round, sign: 1 | -1): Optimum<S> {
  const solution = s.solutionOf(r.model!) as S | undefined;
  return {
    value: signed(sign, r.cost!),
    model: r.model!,
    ...(solution === undefined ? {} : { solution }),
    ...(r.proof ? { proof: PROOF_TEXT[r.proof](sign === 1 ? 'lower' : 'higher') } : {}),
    ...(r.certificate ? { certificate: r.certificate } : {}),
  };
}

/** Rules out this solution (its values on the solution variables) for the rounds after. */
function block(s: SatSolver, model: Model, solutionVars: readonly number[]): void {
  const f = s.formula;
  const previous = f.currentFamily?.name;
  f.family('best so far', 'each solution found so far, ruled out for the next best');
  f.add(solutionVars.map((v) => (model.value(v) ? -v : v)));
  if (previous !== undefined) f.family(previous);
}

/** The value in the caller's sense (maximising negates), without a -0. */
const signed = (sign: 1 | -1, x: number): number => (x === 0 ? 0 : sign * x);
