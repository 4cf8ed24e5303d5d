/**
 * Certified UNSAT: an UNSAT answer the tool relies on is backed by a DRAT
 * proof that our own checker (./drat.ts) verifies, or the run fails.
 *
 * The generic route works whatever solver gave the answer: the exact formula
 * the UNSAT was about (the CNF, the clauses added since — blocking clauses —
 * and the assumptions, as unit clauses) is solved again by a solver that
 * writes proofs, and that proof is checked against that same formula. When the
 * answering solver writes proofs itself, its own proof is checked instead.
 */
import { UserError } from '../core/errors.js';
import { runDeadlineAt } from '../core/limits.js';
import type { ProofProducer, Solver, SolverFactory } from '../../solvers/types.js';
import { type CheckResult, type FlatClauses, checkProofBytes } from './drat.js';
import { IntVec } from './int-vec.js';

/** The format we ask solvers for: binary is about a third of the size of text. */
export const PROOF_FORMAT = 'drat-binary';

export function asProofProducer(solver: Solver): (Solver & ProofProducer) | undefined {
  const p = solver as Solver & Partial<ProofProducer>;
  return typeof p.enableProof === 'function' && typeof p.takeProof === 'function' ? (p as Solver & ProofProducer) : undefined;
}

/** Whether the factory's solvers write proofs (a throwaway solver is asked). */
export function writesProofs(factory: SolverFactory): boolean {
  const probe = factory.create();
  try {
    return asProofProducer(probe) !== undefined;
  } finally {
    probe.dispose();
  }
}

/** What an UNSAT answer was about: clauses (CNF, then any added later) and assumptions. */
export interface UnsatClaim {
  varCount: number;
  clauses: Iterable<ArrayLike<number>>;
  assumptions?: readonly number[];
  /** The solver that answered UNSAT, for messages. */
  answeredBy: string;
}

export interface Certificate {
  prover: string;
  check: CheckResult;
}

/** The claim's formula, flat, with the assumptions as unit clauses. */
export function claimFormula(claim: UnsatClaim): FlatClauses {
  const lits = new IntVec(1 << 12);
  const ends = new IntVec(1 << 10);
  let vars = claim.varCount;
  const add = (clause: ArrayLike<number>) => {
    for (let k = 0; k < clause.length; k++) {
      lits.push(clause[k]!);
      vars = Math.max(vars, Math.abs(clause[k]!));
    }
    ends.push(lits.size);
  };
  for (const clause of claim.clauses) add(clause);
  for (const lit of claim.assumptions ?? []) add([lit]);
  return { vars, lits: lits.toArray(), ends: ends.toArray() };
}

/**
 * Checks a solver's proof against the formula it was about, within the
 * run's deadline (--timeout: a proof can take longer to check than to
 * write); a UserError when it does not verify or the time runs out.
 */
export function checkedProof(formula: FlatClauses, proof: ReturnType<ProofProducer['takeProof']>, prover: string, option: string): Certificate {
  const { result: check } = checkProofBytes(formula, proof.bytes, `${prover}'s proof`, { deadline: runDeadlineAt() });
  if (check.status === 'UNKNOWN') throw new UserError(`${option}: ${prover}'s proof was not checked in time: ${check.message}`);
  if (check.status !== 'VERIFIED') throw new UserError(`${option}: ${prover}'s proof does not verify: ${check.message}`);
  return { prover, check };
}

/**
 * Re-solves the claim with `prover` and checks its proof. A model means the
 * UNSAT answer was wrong; that, an UNKNOWN, or a proof that fails, is a
 * UserError starting with `option`.
 */
export async function certifyUnsat(claim: UnsatClaim, prover: SolverFactory, option: string): Promise<Certificate> {
  const formula = claimFormula(claim);
  const solver = prover.create();
  const producer = asProofProducer(solver);
  try {
    if (!producer) throw new UserError(`${option}: ${prover.name} does not write proofs`);
    producer.enableProof(PROOF_FORMAT);
    solver.ensureVars(formula.vars);
    let from = 0;
    for (let i = 0; i < formula.ends.length; i++) {
      solver.addClause((formula.lits as Int32Array).subarray(from, formula.ends[i]!));
      from = formula.ends[i]!;
    }
    const status = await solver.solve();
    if (status === 'SAT') throw new UserError(`${option}: ${claim.answeredBy} answered UNSAT, but ${prover.name} finds a model of the same formula`);
    if (status !== 'UNSAT') throw new UserError(`${option}: ${prover.name} could not decide the formula ${claim.answeredBy} called UNSAT`);
    return checkedProof(formula, producer.takeProof(), prover.name, option);
  } finally {
    solver.dispose();
  }
}
