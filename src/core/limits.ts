import { UsageError, UserError, didYouMean } from './errors.js';
import { fieldName, kebabField } from './field-names.js';
import { SEEDS } from './random.js';

/**
 * Size guards, checked before the allocation they protect: a 100000x100000
 * board or a 1000x1000x1000 figure is refused in a millisecond with a clear
 * message instead of exhausting V8's heap minutes later. Each limit has an
 * option that raises it (the CLI sets them from --max-cells, --max-placements,
 * --max-vars and --max-literals; worker threads rebuild the same instance with the same options).
 */
export interface SizeLimits {
  /** Cells of a board or figure. */
  cells: number;
  /** Placements (a piece in one orientation at one offset) of a packing. */
  placements: number;
  /** Variables a DIMACS header may declare (about 300 bytes each once read). */
  vars: number;
  /** Literals one constraint family may hold (4 bytes each, doubled while growing). */
  literals: number;
  /** Bytes of one input file or of standard input, read whole (after decompression). */
  bytes: number;
}

/** setTimeout's largest delay is 2^31-1 ms; beyond it Node fires at once. */
export const MAX_TIMEOUT_SECONDS = 2_147_483;
/** The least memory bound that makes sense: a counter's memo alone wants a MiB. */
export const MIN_MEMORY_BYTES = 2 ** 20;

/**
 * The numbers a run takes from its caller, held to the rules the CLI's
 * option table (src/cli/options.ts) applies to the same options: a library
 * call reaches the run without that table, and a timeout of -1 or NaN, or a
 * limit of 0, was silently ignored or stopped the run at once. Names are the
 * library's own (`timeout`, `limit`, `maxMemory`).
 */
export function checkRunNumbers(given: RunNumbers): void {
  const { timeout, limit, maxMemory, conflicts } = given;
  // NaN or -1 workers were taken as given, 10^9 started that many threads (100,000 took 8 GB and crashed).
  const rules = runIntegerRules(given.cores ?? 1);
  for (const field of Object.keys(rules) as (keyof typeof rules)[]) checkWhole(field, given[field], rules[field]);
  if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0 && timeout <= MAX_TIMEOUT_SECONDS))
    throw new UserError(`timeout: expected a positive number of seconds (at most ${MAX_TIMEOUT_SECONDS}, 24.8 days), got ${shownValue(timeout)}`);
  if (limit !== undefined && !(Number.isInteger(limit) && (limit as number) >= 1))
    throw new UserError(`limit: expected a whole number ≥ 1, got ${shownValue(limit)}`);
  if (maxMemory !== undefined && !(Number.isInteger(maxMemory) && (maxMemory as number) >= MIN_MEMORY_BYTES))
    throw new UserError(`maxMemory: expected a whole number of bytes ≥ ${MIN_MEMORY_BYTES}, got ${shownValue(maxMemory)}`);
  if (conflicts !== undefined && !(Number.isInteger(conflicts) && (conflicts as number) >= 0))
    throw new UserError(`conflicts: expected a whole number ≥ 0, got ${shownValue(conflicts)}`);
}

/** The numbers checkRunNumbers holds to their rules; `cores`, of this machine, bounds the workers. */
export interface RunNumbers {
  timeout?: unknown;
  limit?: unknown;
  maxMemory?: unknown;
  conflicts?: unknown;
  workers?: unknown;
  jobs?: unknown;
  cubeDepth?: unknown;
  sample?: unknown;
  seed?: unknown;
  cores?: number;
}

/**
 * Threads beyond a few per core only add memory (each worker holds its own
 * copy of the formula and a solver): 100,000 of them took 8 GB and crashed.
 */
export const THREADS_PER_CORE = 4;
/** A queue run's jobs are all put on the queue at its start. */
export const MAX_JOBS = 100_000;

/** A whole-number setting's bounds; `why` says what the most is. */
export interface WholeRule {
  min: number;
  max?: number;
  why?: string;
}

/**
 * The whole-number settings of a run and their bounds, declared once: the
 * library's calls check them here (checkRunNumbers), the CLI's option table
 * holds --workers, --jobs, --cube-depth, --sample and --seed to the same.
 */
export function runIntegerRules(cores: number): Record<'workers' | 'jobs' | 'cubeDepth' | 'sample' | 'seed', WholeRule> {
  return {
    workers: { min: 1, max: THREADS_PER_CORE * cores, why: `${THREADS_PER_CORE} threads for each of the ${cores} cores` },
    jobs: { min: 1, max: MAX_JOBS, why: 'each job is a record in Redis, all written at the start' },
    cubeDepth: { min: 0 },
    sample: { min: 1 },
    seed: { min: 0, max: SEEDS - 1, why: 'the random generator keeps 32 bits of a seed' },
  };
}

/** Refuses a value given for `field` that is not a whole number within `rule`. */
function checkWhole(field: string, value: unknown, { min, max, why }: WholeRule): void {
  if (value === undefined) return;
  if (!Number.isSafeInteger(value) || (value as number) < min || (max !== undefined && (value as number) > max))
    throw new UserError(
      `${fieldName(field)}: expected a whole number ≥ ${min}${max === undefined ? '' : ` and ≤ ${max} (${why})`}, got ${shownValue(value)}`,
    );
}

/**
 * A value as the caller gave it, in a message: strings quoted, NaN and
 * Infinity by name (JSON would say null); an object, an array or a function
 * by its kind, as String() showed them "[object Object]", an array as its
 * items (["x"] as x, [] as nothing), a function as its source over many
 * lines, and crashed on an object without a prototype.
 */
export const shownValue = (value: unknown): string => {
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' && value !== null ? 'an object' : String(value);
};

/** What kind of value a caller gave where another was expected, in a message: its typeof, null by name (typeof says object). */
export const kindOf = (value: unknown): string => (value === null ? 'null' : typeof value);

/**
 * A name chosen from a list (an encoding, a strategy, a translation), checked
 * to be text before it is looked up: a key is read as its String(), so
 * ['pairwise'] was taken as "pairwise", an object was "[object Object]", and
 * one without a prototype crashed. `where` names the field.
 */
export function choiceText(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new UsageError(`${where}: expected text, got ${Array.isArray(value) ? 'an array' : kindOf(value)}`);
  return value;
}

export const DEFAULT_LIMITS: Readonly<SizeLimits> = {
  cells: 250_000,
  placements: 1_000_000,
  vars: 2_000_000,
  literals: 64_000_000,
  bytes: 256 * 1024 * 1024,
};

/** The field that raises each limit, as the library spells it (the command line's --max-cells, ...; byName's maxCells or 'max-cells'). */
const FIELD: Readonly<Record<keyof SizeLimits, string>> = {
  cells: 'maxCells',
  placements: 'maxPlacements',
  vars: 'maxVars',
  literals: 'maxLiterals',
  bytes: 'maxInputBytes',
};

/** A limit's option as the command line and byName's options spell it (max-cells). */
export const limitKey = (kind: keyof SizeLimits): string => kebabField(FIELD[kind]);

/** The limits the options (max-cells, ..., as on the command line) give; absent ones stay at their defaults. */
export function limitsFromOptions(args: Record<string, unknown>): Partial<SizeLimits> {
  return Object.fromEntries(Object.keys(FIELD).map((kind) => [kind, args[limitKey(kind as keyof SizeLimits)] as number | undefined]));
}

/** The limits in force in this thread: the defaults, or what the CLI set for its one run (setSizeLimits). */
let current: SizeLimits = { ...DEFAULT_LIMITS };

/**
 * The limits given, each a whole number ≥ 1, named by `field`: NaN turned
 * its guard off (no amount is more than NaN), and -1 refused every build.
 */
function given(limits: Partial<SizeLimits>, field: (kind: keyof SizeLimits) => string = (kind) => fieldName(FIELD[kind])): Partial<SizeLimits> {
  const set = Object.entries(limits).filter(([, v]) => v !== undefined) as [keyof SizeLimits, number][];
  for (const [kind, v] of set)
    if (!Number.isSafeInteger(v) || v < 1) throw new UsageError(`${field(kind)}: expected a whole number ≥ 1, got ${shownValue(v)}`);
  return Object.fromEntries(set);
}

/** The limits of this thread from now on (the CLI's, from its options, for the one run a process makes); a limit it has not is refused, not ignored. */
export function setSizeLimits(limits: Partial<SizeLimits>): void {
  // None (null too) is the defaults; 5 was taken as none, and 'x' read as a limit "0".
  if (limits !== undefined && limits !== null && (typeof limits !== 'object' || Array.isArray(limits)))
    throw new TypeError(`setSizeLimits: expected an object of limits, got ${Array.isArray(limits) ? 'an array' : kindOf(limits)}`);
  const kinds = Object.keys(FIELD);
  const unknown = Object.keys(limits ?? {}).find((kind) => !kinds.includes(kind));
  if (unknown !== undefined)
    throw new UsageError(`setSizeLimits has no limit "${unknown}"${didYouMean(unknown, kinds)}; it reads: ${kinds.join(', ')}`);
  current = { ...DEFAULT_LIMITS, ...given(limits ?? {}, (kind) => `setSizeLimits: ${kind}`) };
}

/**
 * Runs `build` under these limits (absent ones: those in force), then puts
 * back those in force: limits given with one build (`puzzles.byName(name,
 * { 'max-cells': … })`, a plan's options) are that build's, where they were
 * every later build's in the thread, a library caller's other puzzles too.
 */
export function withSizeLimits<T>(limits: Partial<SizeLimits>, build: () => T): T {
  const before = current;
  current = { ...current, ...given(limits) };
  try {
    return build();
  } finally {
    current = before;
  }
}

export const sizeLimit = (kind: keyof SizeLimits): number => current[kind];

/**
 * The limits in force in this thread, as data a worker thread can take
 * (setSizeLimits there): a thread starts with the defaults, and a library
 * caller's setSizeLimits held on its own thread only, so a count or an
 * enumeration on worker threads refused in them what it had built here.
 */
export const sizeLimits = (): SizeLimits => ({ ...current });
/**
 * What raises a limit, as the caller gives it: the CLI's option (--max-cells);
 * in the library, where only puzzles.byName's options have the field and
 * setSizeLimits raises it for every later call (a typed builder, parseDimacs
 * or a Formula has no such field), those two.
 */
export const limitOption = (kind: keyof SizeLimits): string =>
  fieldName(FIELD[kind], `puzzles.byName's ${FIELD[kind]} or setSizeLimits({ ${kind}: … })`);

/** Throws a UserError (naming `where` and the field that raises the limit) when `amount` exceeds the limit (by default the one in force). */
export function checkSize(kind: keyof SizeLimits, amount: number, where: string, what: string, limit = current[kind]): void {
  if (amount > limit) {
    throw new UserError(
      `${where}: ${what} ${formatCount(amount)} ${kind}, more than the limit of ${formatCount(limit)} (raise it with ${limitOption(kind)})`,
    );
  }
}

/**
 * The refusal of an amount counted as it grows and stopped at the limit, so
 * known only to pass it (`more`: what has more of it, "the pieces have more
 * placements on the board"), naming the field that raises it as checkSize does.
 */
export function pastLimit(kind: keyof SizeLimits, where: string, more: string, limit = current[kind]): UserError {
  return new UserError(`${where}: ${more} than the limit of ${formatCount(limit)} (raise it with ${limitOption(kind)})`);
}

const formatCount = (n: number): string => (Number.isFinite(n) && n < 1e15 ? String(n) : n.toExponential(2));

/**
 * The run's deadline (Date.now() clock; Infinity for none): --timeout counts
 * from the start, so that building the formula spends the same budget as
 * solving it. Encoders meet it as they add clauses (Family.add).
 */
let runDeadline = Infinity;

export function setRunDeadline(at: number): void {
  runDeadline = at;
}

/** The run's deadline (Date.now() clock; Infinity for none), for work that reads the clock itself (checking a proof, counting the catalogue). */
export const runDeadlineAt = (): number => runDeadline;

/** The time a run ran out of while it was still building its formula. */
export class DeadlineReached extends UserError {}

/**
 * How a run's synchronous set-up (resolvePlan building the formula and its
 * symmetry-breaking plan: a minute for a large puzzle) is run: as it is,
 * unless the front end sets another way (setSetUpRunner). The CLI's stops it
 * on Ctrl-C, which no signal handler can do: a handler gets no turn inside
 * synchronous work, and the press waited for the build to end. A promise,
 * so that the runner can let the event loop read a press made before.
 */
export type SetUpRunner = <T>(work: () => T) => Promise<T>;

let setUpRunner: SetUpRunner = async (work) => work();

export function setSetUpRunner(runner: SetUpRunner): void {
  setUpRunner = runner;
}

/** `work`, a run's synchronous set-up, run the way the front end set (setSetUpRunner). */
export const inSetUp = <T>(work: () => T): Promise<T> => setUpRunner(work);

export function checkDeadline(): void {
  if (Date.now() >= runDeadline) throw new DeadlineReached(`${fieldName('timeout')} ran out while building the formula, before any solving`);
}

/** Steps of a build between two looks at the clock (a mask: every 8192th). */
const DEADLINE_EVERY = 8191;

/**
 * checkDeadline() on every 8192th step of a loop that builds a formula:
 * clauses (Cnf.add), variables (VarPool) and the steps of a diagram that
 * adds none for a while (pb/bdd.ts descends a million levels before its
 * first clause), so that the clock is read often but cheaply.
 */
export function checkDeadlineAt(step: number): void {
  if (passedAt(step, runDeadline)) checkDeadline();
}

/**
 * A poll of the run's deadline for a loop that adds no clause while it
 * builds a formula (the symmetry-breaking plan's chains), called with the
 * steps done since its last call: checkDeadline() once every 8192 steps.
 */
export function deadlinePoll(): (steps?: number) => void {
  let left = 0;
  return (steps = 1) => {
    left -= steps;
    if (left > 0) return;
    left = DEADLINE_EVERY + 1;
    checkDeadline();
  };
}

/** Whether `deadline` (Date.now() clock) has passed, read on every 8192th step of a loop only, as checkDeadlineAt reads it. */
export const passedAt = (step: number, deadline: number): boolean => (step & DEADLINE_EVERY) === 0 && Date.now() >= deadline;

/** Seconds left of a limit of `seconds` from now and of the run's deadline, whichever ends first; undefined when neither limits. */
export function secondsLeft(seconds: number | undefined): number | undefined {
  const fromDeadline = runDeadline === Infinity ? undefined : Math.max(0, (runDeadline - Date.now()) / 1000);
  if (seconds === undefined) return fromDeadline;
  return fromDeadline === undefined ? seconds : Math.min(seconds, fromDeadline);
}

/** The time (Date.now() clock) `seconds` from now; Infinity for undefined, no limit. */
export const deadlineIn = (seconds: number | undefined): number => (seconds === undefined ? Infinity : Date.now() + seconds * 1000);

/** The time (Date.now() clock) that secondsLeft(seconds) ends at; Infinity when neither limits. */
export const deadlineAfter = (seconds: number | undefined): number => deadlineIn(secondsLeft(seconds));

/** Seconds from now to `deadline` (none left: 0); undefined for Infinity, no limit. */
export const secondsUntil = (deadline: number): number | undefined =>
  deadline === Infinity ? undefined : Math.max(0, (deadline - Date.now()) / 1000);
