import { UserError } from '../core/errors.js';

/**
 * A test hook, read only by `puzzlesat worker`: makes chosen jobs throw, so
 * that tests can show a job that throws ends with exact counts (retried) or
 * with a clear error (it fails on every attempt). It does nothing unless the
 * variable is set, and a worker with it set says so when it starts.
 *
 *   PUZZLESAT_FAULT_INJECT=fail-once:<part of a job id>    the first attempt throws
 *   PUZZLESAT_FAULT_INJECT=fail-always:<part of a job id>  every attempt throws
 *
 * "Once" is counted by the job's attempts in Redis (BullMQ's attemptsMade),
 * not by the worker, so it holds whichever worker takes the retry.
 */
export const FAULT_ENV = 'PUZZLESAT_FAULT_INJECT';

export interface FaultPlan {
  when: 'fail-once' | 'fail-always';
  /** A job whose id contains this fails. */
  idPart: string;
}

/** The plan in the variable, undefined when it is unset; a UserError naming the variable when it is not understood. */
export function faultPlan(env: NodeJS.ProcessEnv = process.env): FaultPlan | undefined {
  const text = env[FAULT_ENV];
  if (text === undefined || text === '') return undefined;
  const match = /^(fail-once|fail-always):(.+)$/.exec(text);
  if (!match) throw new UserError(`${FAULT_ENV}: expected fail-once:<part of a job id> or fail-always:<part of a job id>, got "${text}"`);
  return { when: match[1] as FaultPlan['when'], idPart: match[2]! };
}

/** The error an attempt of a job must throw under the plan, if any; `attemptsMade` counts its earlier attempts. */
export function injectedFault(plan: FaultPlan | undefined, jobId: string, attemptsMade: number): Error | undefined {
  if (!plan || !jobId.includes(plan.idPart)) return undefined;
  if (plan.when === 'fail-once' && attemptsMade > 0) return undefined;
  return new Error(`injected fault (${FAULT_ENV}=${plan.when}:${plan.idPart}) on attempt ${attemptsMade + 1}`);
}
