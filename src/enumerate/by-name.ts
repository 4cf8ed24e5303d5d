import { buildInstance } from '../../encoders/index.js';
import { solverByName } from '../../solvers/index.js';
import type { Solver } from '../../solvers/types.js';
import { sizeLimits } from '../core/limits.js';
import type { EnumeratePlan, Part } from '../core/plan.js';
import type { Instance } from '../core/puzzle.js';
import type { EnumerateSummary } from './blocking-loop.js';
import { type PartHooks, enumeratePart } from './part.js';

/**
 * Where only a plan came (a worker thread, a queue job): its instance rebuilt
 * by name, its engine's solvers by name.
 */

let rebuilt: { key: string; instance: Instance } | undefined;

/**
 * The plan's instance, rebuilt where only the plan came (a worker thread, a
 * queue job): the encoders are deterministic, so the same puzzle and options
 * give the same formula. The last one is kept, since a run's parts share it,
 * keyed by the size limits in force too: a thread takes job after job, and a
 * job under lower limits reused the one built under higher, never refused.
 */
export function rebuiltInstance(plan: Pick<EnumeratePlan, 'puzzle' | 'args'>): Instance {
  const key = JSON.stringify([plan.puzzle, Object.entries(plan.args).sort(([a], [b]) => (a < b ? -1 : 1)), sizeLimits()]);
  if (rebuilt?.key !== key) rebuilt = { key, instance: buildInstance(plan.puzzle, plan.args) };
  return rebuilt.instance;
}

/** A part of a plan where only the plan came: the one thing worker threads and queue jobs run. */
export const runPlanPart = (plan: EnumeratePlan, part: Part, hooks: Omit<PartHooks, 'createSolver'>): Promise<EnumerateSummary> =>
  enumeratePart(plan, rebuiltInstance(plan), part, { ...hooks, createSolver: engineSolvers(plan) });

/** The plan's engine's solvers, looked up when the first is wanted (an exact-cover engine never asks). */
export const engineSolvers =
  (plan: Pick<EnumeratePlan, 'engine'>): (() => Solver) =>
  () =>
    solverByName(plan.engine).create();
