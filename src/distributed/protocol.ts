import { createHash } from 'node:crypto';
import { ROLL_COUNT } from '../../encoders/genius-square.js';
import { PUZZLE_ARG_NAMES, PUZZLES } from '../../encoders/index.js';
import { FIGURES } from '../../encoders/polycube.js';
import type { Found } from '../enumerate/blocking-loop.js';
import { camelField, fieldName } from '../core/field-names.js';
import { toolVersion } from '../core/version.js';
import { DEFAULT_LIMITS, type SizeLimits } from '../core/limits.js';
import {
  BRANCHING_RULES,
  ENUM_MODES,
  PROPAGATIONS,
  SYMMETRY_BREAKING,
  type EnumeratePlan,
  type Part,
  type PuzzleArgs,
  type Strategy,
} from '../core/plan.js';

/**
 * The queue protocol between a coordinator and its workers. Everything a
 * worker receives is checked here as untrusted input: a job is plain JSON
 * data that names a puzzle by name and its options by value (never a file
 * to read on the worker's machine), and carries the run's fingerprint, which
 * names the tool version that made it.
 */

/** The one BullMQ queue that every coordinator fills and every worker takes from. */
export const QUEUE_NAME = 'puzzlesat';
/** A job's lock between heartbeats (puzzlesat worker --lock-seconds). */
export const DEFAULT_LOCK_SECONDS = 30;

/** An enumeration job: the run's resolved plan and one part of its cube tree (CubeTree.leaves with part). */
export interface EnumerateWork {
  kind: 'enumerate';
  plan: EnumeratePlan;
  part: Part;
  /**
   * The coordinator's size limits (its --max-cells, ..., or a library
   * caller's setSizeLimits), which the job builds and runs under: a worker's
   * job thread starts with the defaults, as the local run's threads do (pool.ts).
   */
  limits: SizeLimits;
}

/** A sweep job: Genius Square rolls (one per symmetry class) to solve. */
export interface SweepWork {
  kind: 'sweep';
  count: boolean;
  rolls: number[];
}

export type Work = EnumerateWork | SweepWork;

export interface JobData {
  /** `v<tool version>-<hash of the run>`: the same for every job of one run. */
  fingerprint: string;
  work: Work;
}

export interface EnumerateResult {
  kind: 'enumerate';
  found: Found[];
  cubes: number;
  solves: number;
  complete: boolean;
}

export interface SweepResult {
  kind: 'sweep';
  /** Per roll: its number of solutions, or 1/0 (solvable or not) without counting. */
  answers: number[];
}

export type JobResult = EnumerateResult | SweepResult;

/** A job that can never succeed (malformed, or for another tool version): it fails at once, without retries. */
export class BadJobError extends Error {}

/** The fingerprint of a run: the tool version in clear (workers compare it), the run's content hashed. */
export function fingerprint(run: unknown, version = toolVersion()): string {
  const hash = createHash('sha256').update(stableJson(run)).digest('hex').slice(0, 16);
  return `v${version}-${hash}`;
}

/** JSON with object keys sorted, so that equal runs hash alike whatever order their options came in. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** BullMQ job ids may not contain ":" nor be integers; ours are `<fingerprint>-<name of the piece of work>`. */
export const jobId = (runFingerprint: string, piece: string): string => `${runFingerprint}-${piece}`;

/** Options whose values reach the encoders; anything else in a job is refused. */
const PUZZLE_OPTION_NAMES = PUZZLE_ARG_NAMES;
/** Options that name a file to read: a worker never reads files a job names. */
const FILE_OPTIONS = new Set(['pieces-file']);
/**
 * Shapes given by value: a size, inline art (which has a "/" or "|"), or for
 * a figure one of the named figures. Anything else would be read as a file —
 * a bare name like `secret` too.
 */
const SHAPE_BY_VALUE: Readonly<Record<string, (value: string) => boolean>> = {
  board: (value) => /^\d+x\d+$/.test(value) || (/^[.# /]+$/.test(value) && value.includes('/')),
  figure: (value) => FIGURES[value] !== undefined || /^\d+x\d+x\d+$/.test(value) || (/^[.# /|]+$/.test(value) && /[/|]/.test(value)),
};
/** Bounds that keep one job's work and payload sane. */
const MAX_PARTS = 1_000_000;
const MAX_ROLLS = 100_000;
/** A string option: room for a board's art up to the cells limit (a file's board travels so). */
const MAX_TEXT = 1 << 20;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isWhole = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

function fail(message: string): never {
  throw new BadJobError(`malformed job: ${message}`);
}

/**
 * Checks a job's data as it came off the queue and returns it typed; throws
 * BadJobError naming the first problem. `version` is the worker's own.
 */
export function validateJob(data: unknown, version = toolVersion()): JobData {
  if (!isRecord(data)) fail('the data is not an object');
  const fp = data.fingerprint;
  if (typeof fp !== 'string' || !/^v[\w.+-]+-[0-9a-f]{16}$/.test(fp)) fail('no fingerprint "v<version>-<hash>"');
  const made = fp.slice(1, fp.lastIndexOf('-'));
  if (made !== version)
    throw new BadJobError(`job made by puzzlesat ${made}; this worker runs ${version} (run workers of the coordinator's version)`);
  const work = data.work;
  if (!isRecord(work)) fail('no work object');
  if (work.kind === 'enumerate') return { fingerprint: fp, work: validateEnumerate(work) };
  if (work.kind === 'sweep') return { fingerprint: fp, work: validateSweep(work) };
  fail(`unknown kind ${JSON.stringify(work.kind)?.slice(0, 40)}`);
}

const STRATEGIES: readonly Strategy[] = ['exact-cover', 'cubes'];

/** A value of a plan field that must be one of `values`. */
function oneOf<T extends string>(value: unknown, values: readonly T[], field: string): T {
  if (!values.includes(value as T)) fail(`plan.${field} must be one of ${values.join(', ')}`);
  return value as T;
}

function validateEnumerate(w: Record<string, unknown>): EnumerateWork {
  const p = w.plan;
  if (!isRecord(p) || p.verb !== 'enumerate') fail('plan must be an enumeration plan');
  if (typeof p.puzzle !== 'string' || !PUZZLES.some((entry) => entry.name === p.puzzle))
    fail(`puzzle must be one of ${PUZZLES.map((entry) => entry.name).join(', ')}`);
  if (typeof p.engine !== 'string' || !/^[\w.-]{1,64}$/.test(p.engine)) fail('plan.engine must be a solver name');
  if (typeof p.unique !== 'boolean') fail('plan.unique must be true or false');
  if (!isWhole(p.cubeDepth, 0, 1000)) fail('plan.cubeDepth must be a whole number from 0 to 1000');
  if (p.timeoutSeconds !== undefined && !(typeof p.timeoutSeconds === 'number' && p.timeoutSeconds > 0))
    fail('plan.timeoutSeconds must be a positive number');
  const part = w.part;
  if (!isRecord(part) || !isWhole(part.of, 1, MAX_PARTS) || !isWhole(part.index, 0, part.of - 1))
    fail(`part must be {index, of} with 0 <= index < of <= ${MAX_PARTS}`);
  const plan: EnumeratePlan = {
    verb: 'enumerate',
    puzzle: p.puzzle,
    args: puzzleArgs(p.args),
    rebuildable: true,
    engine: p.engine,
    strategy: oneOf(p.strategy, STRATEGIES, 'strategy'),
    unique: p.unique,
    symmetryBreaking: oneOf(p.symmetryBreaking, SYMMETRY_BREAKING, 'symmetryBreaking'),
    enumMode: oneOf(p.enumMode, ENUM_MODES, 'enumMode'),
    propagation: oneOf(p.propagation, PROPAGATIONS, 'propagation'),
    branching: oneOf(p.branching, BRANCHING_RULES, 'branching'),
    cubeDepth: p.cubeDepth,
    timeoutSeconds: p.timeoutSeconds as number | undefined,
    // A job is one part of the run, on one thread, to the end: the coordinator splits and counts.
    workers: 1,
  };
  return { kind: 'enumerate', plan, part: { index: part.index as number, of: part.of as number }, limits: jobLimits(w.limits) };
}

/** The job's size limits: every kind, each a whole number ≥ 1, as setSizeLimits takes them. */
function jobLimits(given: unknown): SizeLimits {
  if (!isRecord(given)) fail('limits must be an object of size limits');
  const kinds = Object.keys(DEFAULT_LIMITS) as (keyof SizeLimits)[];
  const unknown = Object.keys(given).find((kind) => !(kinds as string[]).includes(kind));
  if (unknown !== undefined) fail(`unknown limit "${unknown.slice(0, 40)}"; limits are ${kinds.join(', ')}`);
  for (const kind of kinds) if (!isWhole(given[kind], 1, Number.MAX_SAFE_INTEGER)) fail(`limits.${kind} must be a whole number ≥ 1`);
  return Object.fromEntries(kinds.map((kind) => [kind, given[kind]])) as unknown as SizeLimits;
}

/** The puzzle's options as a job carries them: by value, never a file for the worker to read. */
function puzzleArgs(given: unknown): PuzzleArgs {
  if (!isRecord(given)) fail('args must be an object');
  const args: PuzzleArgs = {};
  for (const [name, value] of Object.entries(given)) {
    if (!PUZZLE_OPTION_NAMES.has(name)) fail(`unknown option "${name.slice(0, 40)}"`);
    // As the caller spells it (a library coordinator gave piecesFile, the command line --pieces-file): the args carry
    // the command line's names, and the message was "--pieces-file ..." to both.
    const field = fieldName(camelField(name));
    if (FILE_OPTIONS.has(name)) fail(`${field} names a file, which workers do not read`);
    if (!(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) fail(`${field} must be a string, number or boolean`);
    if (typeof value === 'string' && value.length > MAX_TEXT) fail(`${field} is longer than ${MAX_TEXT} characters`);
    if (SHAPE_BY_VALUE[name] && !SHAPE_BY_VALUE[name](String(value)))
      fail(`${field} must be given by value (a size, a named figure or inline art), not a file`);
    args[name] = value;
  }
  return args;
}

function validateSweep(w: Record<string, unknown>): SweepWork {
  if (typeof w.count !== 'boolean') fail('count must be true or false');
  const rolls = w.rolls;
  if (!Array.isArray(rolls) || rolls.length === 0 || rolls.length > MAX_ROLLS) fail(`rolls must be a list of 1 to ${MAX_ROLLS} roll indices`);
  if (!rolls.every((r) => isWhole(r, 0, ROLL_COUNT - 1))) fail(`every roll must be an index from 0 to ${ROLL_COUNT - 1}`);
  return { kind: 'sweep', count: w.count, rolls: rolls as number[] };
}
