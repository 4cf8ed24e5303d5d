import { type Capabilities, coversAllVariables } from '../../solvers/types.js';
import { UsageError } from '../core/errors.js';
import { fieldName } from '../core/field-names.js';
import type { EnumeratePlan, EnumMode, Propagation, Strategy, SymmetryBreaking } from '../core/plan.js';
import type { Instance } from '../core/puzzle.js';
import { type PlanPoll, classSearchInstance, parseSymmetryBreaking } from '../symmetry/breaking.js';
import { defaultCubeDepth, parseBranching, parsePropagation, resolveBranching, resolveEnumMode, resolvePropagation } from './blocking-loop.js';
import { EXACT_COVER_DEPTH } from './dlx.js';
import { cubeDepthFor, nativeCubeDepth } from './native.js';
import { searchInstance } from './part.js';

/**
 * The search settings of an enumeration plan, decided on its instance and
 * its engine's capabilities: pure, so that the playground (a browser, its own
 * engines) resolves its plans with the very rules src/plan.ts uses.
 */
export interface SearchRequest {
  unique: boolean;
  /** Given --unique-by, parsed. */
  symmetryBreaking: SymmetryBreaking;
  /** The engine's own enumeration may serve (not with --no-native, --certify, a resume or a queue). */
  nativeAllowed: boolean;
  enumMode: EnumMode;
  certify: boolean;
  propagation?: string;
  branching?: string;
  cubeDepth?: number;
}

export type SearchSettings = Pick<EnumeratePlan, 'strategy' | 'symmetryBreaking' | 'propagation' | 'branching' | 'cubeDepth'>;

/**
 * `poll` is called as the symmetry-breaking plan and the formula with its
 * family are worked out for classes (seconds of a large board): a caller
 * that may stop throws out of it (breaking.ts, PlanPoll).
 */
export function searchSettings(instance: Instance, engine: string, caps: Capabilities, r: SearchRequest, poll?: PlanPoll): SearchSettings {
  const asked = { propagation: parsePropagation(r.propagation), branching: parseBranching(r.branching) };
  const target = r.nativeAllowed ? nativeTarget(instance, caps, r.unique, r.symmetryBreaking, poll) : undefined;
  // An engine that cannot project runs on the bare formula, each class kept by its orbit.
  const symmetryBreaking = target === 'bare' ? 'orbits' : r.symmetryBreaking;
  const strategy: Strategy = caps.exactCover ? 'exact-cover' : target ? 'native' : 'cubes';
  const searched = searchInstance(instance, { unique: r.unique, symmetryBreaking, strategy }, poll);
  const propagation = strategy === 'cubes' ? resolvePropagation(searched, caps, engine, r.enumMode, asked.propagation) : 'clauses';
  return {
    strategy,
    symmetryBreaking,
    propagation,
    branching: strategy === 'cubes' ? resolveBranching(searched, caps, engine, asked.branching) : 'vsids',
    cubeDepth: r.cubeDepth ?? defaultDepth(strategy, searched, caps, propagation, r.certify),
  };
}

/**
 * Whether the engine's own enumeration can serve, and on what: the formula
 * with the symmetry-breaking family, or — for an engine that cannot project
 * (picosat), whose models would repeat on the family's auxiliaries — the bare
 * formula.
 */
function nativeTarget(
  instance: Instance,
  caps: Capabilities,
  unique: boolean,
  mode: SymmetryBreaking,
  poll: PlanPoll | undefined,
): 'family' | 'bare' | undefined {
  if (caps.nativeEnumeration === undefined) return undefined;
  // A projection onto no variable (`c p show 0`) is no projection to an engine's own enumeration (every model, repeating the empty solution): the loop serves it.
  const projects = (i: Instance) => caps.nativeEnumeration === 'projecting' && i.cnf.projection.length > 0;
  const fits = (i: Instance) => projects(i) || coversAllVariables(i.cnf.projection, i.cnf.varCount);
  if (fits(unique ? classSearchInstance(instance, mode, poll) : instance)) return 'family';
  return unique && mode === 'clauses' && fits(instance) ? 'bare' : undefined;
}

/** Dancing links searches the exact cover itself: the SAT loop's settings mean nothing to it. */
export function refuseForExactCover(
  engine: string,
  r: { enumMode?: string; propagation?: string; branching?: string; cubeDepth?: number; certify?: boolean; workers?: number },
): void {
  const solver = `${fieldName('solver')} ${engine}`;
  if (r.certify)
    throw new UsageError(`${fieldName('certify')}: ${engine} gives no UNSAT answers to certify; choose a SAT solver with ${fieldName('solver')}`);
  if (r.workers !== undefined && r.workers > 1)
    throw new UsageError(
      `${fieldName('workers')} does not go with ${solver}: dancing links enumerates in one thread (threads split a SAT solver's cube tree)`,
    );
  const loopOptions = [
    ['enumMode', r.enumMode],
    ['propagation', r.propagation],
    ['branching', r.branching],
    ['cubeDepth', r.cubeDepth],
  ] as const;
  for (const [field, value] of loopOptions)
    if (value !== undefined) throw new UsageError(`${fieldName(field)} does not go with ${solver}: dancing links searches the exact cover itself`);
}

/**
 * The cube depth when none is asked for, declared once for every strategy:
 * dancing links cuts its search at a fixed depth; a native enumerator takes a
 * few meaty cubes; a solver program in the cube loop takes cubes by
 * measurement (below); an in-process engine the instance's own hint.
 *
 * For a solver program (8x8 board with the centre hole, CPU s of our process
 * and the programs): one that takes cube batches pays a run per model
 * whatever the cube count, so deep cubes, each nearly solved by the cube
 * tree, win (cadical: 56 at 15 cubes, 16 at 237, 8.4 at 1333, 5.4 at 4002);
 * one that takes a cube per run pays a run per cube too, so fewer (minisat:
 * 11.8 at 237 cubes, 22.9 at 1333).
 */
export function defaultDepth(strategy: Strategy, instance: Instance, caps: Capabilities, propagation: Propagation, certifying: boolean): number {
  if (strategy === 'exact-cover') return EXACT_COVER_DEPTH;
  if (strategy === 'native') return nativeCubeDepth(instance);
  if (!caps.external) return defaultCubeDepth(instance, propagation);
  return cubeDepthFor(instance, caps.cubeBatch && !certifying ? BATCH_CUBES : PER_RUN_CUBES, MAX_EXTERNAL_DEPTH);
}
const BATCH_CUBES = 4000;
const PER_RUN_CUBES = 200;
const MAX_EXTERNAL_DEPTH = 8;

/**
 * A plan for an instance enumerated in this thread by an engine the host
 * holds itself (the playground's browser builds): no puzzle name to rebuild
 * it from, so no threads and no queue.
 */
export function localPlan(instance: Instance, engine: string, caps: Capabilities, r: { unique: boolean; limit?: number }): EnumeratePlan {
  const enumMode = resolveEnumMode(caps, engine, undefined, false);
  const symmetryBreaking = parseSymmetryBreaking(undefined, fieldName('uniqueBy'));
  const settings = searchSettings(instance, engine, caps, { unique: r.unique, symmetryBreaking, nativeAllowed: true, enumMode, certify: false });
  return {
    verb: 'enumerate',
    puzzle: instance.puzzle,
    args: {},
    rebuildable: false,
    engine,
    unique: r.unique,
    limit: r.limit,
    enumMode,
    workers: 1,
    ...settings,
  };
}
