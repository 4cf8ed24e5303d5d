import { UsageError, didYouMean } from './errors.js';
import { kindOf, shownValue } from './limits.js';

/**
 * The options object of a library call, checked as puzzles.byName checks a
 * puzzle's: a field the call does not read (a typo, `limt`) is refused, where
 * it was ignored and the call ran without it (no limit, no timeout, the
 * default encoding); null is no options, as undefined is, and a field of
 * null is refused (givenFields); and the flags,
 * signals and callbacks among them are of their kind. `fields` lists every
 * field of the options' type, so that a field added there must be added here.
 */
export function callOptions<T extends object>(what: string, options: T | null | undefined, fields: Record<keyof T, true>): T {
  if (options === undefined || options === null) return {} as T;
  if (typeof options !== 'object') throw new TypeError(`${what}: options: expected an object, got ${typeof options}`);
  const known = Object.keys(fields);
  for (const [key] of givenFields(what, options)) {
    if (!known.includes(key)) throw new UsageError(`${what} has no option "${key}"${didYouMean(key, known)}; it reads: ${known.join(', ')}`);
  }
  checkKinds(options as Record<string, unknown>);
  return options;
}

/**
 * The fields of a caller's options that are given, as [name, value]: the one
 * rule for null in every library call. A field set to undefined is left out;
 * a field set to null is refused, naming it, for no field takes null: some
 * calls read it as the default (solve's solver), others as a value ("null",
 * an unknown solver or method), others refused it, each its own way.
 */
export function givenFields(what: string, options: object): [string, unknown][] {
  const fields = Object.entries(options).filter(([, value]) => value !== undefined);
  const nulled = fields.find(([, value]) => value === null);
  if (nulled) throw new TypeError(`${what}: ${nulled[0]}: got null; leave the field out (or undefined) for its default`);
  return fields;
}

/**
 * Refuses a `field` of the call `what` that is not a string (a name), by its
 * kind: 5 or null was taken as the name "5" or "null", and refused as an
 * unknown one, naming a value the caller never wrote.
 */
export function checkName(what: string, field: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`${what}: ${field}: expected a name (a string), got ${kindOf(value)}`);
}

/** The flags and callbacks of the library's calls, by name: each is of one kind in every call that has it. */
const FLAGS = ['unique', 'proof', 'certify', 'minimal', 'names', 'compare', 'native', 'resuming', 'count', 'resume'];
const CALLBACKS = [
  'onProgress',
  'dominance',
  // runPlan's hooks: onSolution: 5 was called at the first solution, deep in the run.
  'onSolution',
  'shouldStop',
  'onCubeDone',
  'onCubeTree',
  'onQueueProgress',
  'onConflicts',
  'onSweepProgress',
  'onCountProgress',
  'onCountUnit',
];

/** A script without types gave unique: 'yes', taken as false, and dominance: 5, called deep in the search. */
function checkKinds(o: Record<string, unknown>): void {
  for (const flag of FLAGS)
    if (o[flag] !== undefined && typeof o[flag] !== 'boolean') throw new TypeError(`${flag}: expected true or false, got ${shownValue(o[flag])}`);
  for (const callback of CALLBACKS)
    if (o[callback] !== undefined && typeof o[callback] !== 'function')
      throw new TypeError(`${callback}: expected a function, got ${kindOf(o[callback])}`);
  if (o.signal !== undefined && !isSignal(o.signal)) throw new TypeError(`signal: expected an AbortSignal, got ${kindOf(o.signal)}`);
}

/** An AbortSignal by what the engines use of it (a polyfill's, another realm's, pass): its aborted flag and its abort event. */
function isSignal(value: unknown): boolean {
  const signal = value as { aborted?: unknown; addEventListener?: unknown } | null;
  return typeof signal === 'object' && signal !== null && typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function';
}
