import type { Cnf } from '../core/cnf.js';
import { solverByName } from '../../solvers/index.js';
import type { Solver } from '../../solvers/types.js';
import type { CubeExhausted } from '../enumerate/blocking-loop.js';
import { type Certificate, PROOF_FORMAT, asProofProducer, certifyUnsat, checkedProof, claimFormula } from './certify.js';

/**
 * How a run backs its UNSAT answers with DRAT proofs: the answering engine's
 * own proof when it writes one, else the same formula re-solved by a prover
 * (certify.ts). The plan (src/plan.ts) has chosen which; these carry it out.
 */

/** One solve's proof work: set up before the first clause, finished after the answer. */
export interface ProofSession {
  /** After an UNSAT answer, before the solver is disposed: takes its own proof. */
  afterUnsat(solver: Solver): void;
  /** Once the answer is known: the certificate (certifying), and the proof bytes (kept). */
  finish(status: string): Promise<{ certificate?: Certificate; proof?: Uint8Array }>;
}

/**
 * A proof session for one solve of `cnf` by `solver` (answering as
 * `engine`): `ownProof` takes the engine's own proof, `certify` checks it (or
 * re-solves with `prover` for one).
 */
export function proofSession(
  cnf: Cnf,
  solver: Solver,
  options: { engine: string; ownProof: boolean; certify: boolean; prover?: string },
): ProofSession {
  if (options.ownProof) asProofProducer(solver)!.enableProof(PROOF_FORMAT);
  const claim = { varCount: cnf.varCount, clauses: { [Symbol.iterator]: () => cnf.clauses() }, answeredBy: options.engine };
  let own: ReturnType<NonNullable<ReturnType<typeof asProofProducer>>['takeProof']> | undefined;
  return {
    afterUnsat(s) {
      if (options.ownProof) own = asProofProducer(s)!.takeProof();
    },
    async finish(status) {
      if (status !== 'UNSAT') return {};
      if (own)
        return { proof: own.bytes, ...(options.certify ? { certificate: checkedProof(claimFormula(claim), own, options.engine, '--certify') } : {}) };
      if (options.certify && options.prover) return { certificate: await certifyUnsat(claim, solverByName(options.prover), '--certify') };
      return {};
    },
  };
}

/** Checks each cube's closing UNSAT: re-solved with the prover, the proof checked by ours. */
export function cubeCertifier(cnf: Cnf, prover: string) {
  const factory = solverByName(prover);
  let verified = 0;
  return {
    prover,
    verified: () => verified,
    check: async (claim: CubeExhausted) => {
      const clauses = (function* () {
        yield* cnf.clauses();
        yield* claim.blocking;
      })();
      await certifyUnsat({ varCount: cnf.varCount, clauses, assumptions: claim.assumptions, answeredBy: claim.solver }, factory, '--certify');
      verified++;
    },
  };
}
