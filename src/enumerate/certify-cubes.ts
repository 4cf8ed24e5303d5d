import type { Cnf } from '../core/cnf.js';
import { solverByName } from '../../solvers/index.js';
import { fieldName } from '../core/field-names.js';
import { certifyUnsat } from '../proof/certify.js';
import type { CubeExhausted } from './blocking-loop.js';

/**
 * How an enumeration backs the UNSAT answers that close its cubes with DRAT
 * proofs: the same formula re-solved by a prover (src/proof/certify.ts). A
 * single solve's proof work is the solver object's (src/session/solver.ts).
 */

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
      await certifyUnsat(
        { varCount: cnf.varCount, clauses, assumptions: claim.assumptions, answeredBy: claim.solver },
        factory,
        fieldName('certify'),
      );
      verified++;
    },
  };
}
