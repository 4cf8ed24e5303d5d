import { Script, createContext } from 'node:vm';
import type { Argv } from 'yargs';
import {
  DEFAULT_PNG_SCALE,
  DEFAULT_LIMITS,
  DeadlineReached,
  type EncodingKind,
  type PlanRequest,
  PUZZLES,
  type PuzzleOption,
  UsageError,
  UserError,
  colorWanted,
  encodingKinds,
  isCnfPath,
  puzzleArgsOf,
  readAhead,
  runDeadlineAt,
  systemReason,
  writeReplacing,
} from '../index.js';
import { EXIT_INTERRUPTED, heardInterrupt, hearsInterrupts, interruptFlag, interruptionSignal, pressesRead, wasInterrupted } from './interrupt.js';
import { inputFilesOf, optionName, outputFilesOf } from './options.js';

export { EXIT_INTERRUPTED, interruptFlag } from './interrupt.js';

/** The encoding options: which at-most-one and at-most-k encodings build the formula. */
export function encodingOptions<T>(y: Argv<T>) {
  return y
    .option('amo', {
      type: 'string',
      describe: `at-most-one encoding (default: ${defaultsByPuzzle('amo')}${nativeEnumerationDefaults()}; puzzlesat list encodings)`,
    })
    .option('card', { type: 'string', describe: `at-most-k encoding (default: ${defaultsByPuzzle('card')})` })
    .option('pb', { type: 'string', describe: `pseudo-Boolean encoding of weighted sums (default: ${defaultsByPuzzle('pb')})` })
    .group(['amo', 'card', 'pb'], 'Encoding:');
}

/** Size guards for reading and building any instance (src/core/limits.ts); main.ts applies them before a verb starts. */
export function sizeLimitOptions<T>(y: Argv<T>) {
  return y
    .option('max-cells', { type: 'number', describe: `refuse boards and figures larger than this (default ${DEFAULT_LIMITS.cells})` })
    .option('max-placements', { type: 'number', describe: `refuse packings with more piece placements (default ${DEFAULT_LIMITS.placements})` })
    .option('max-vars', {
      type: 'number',
      describe: `refuse formulas (built, or DIMACS files and proofs) with more variables (default ${DEFAULT_LIMITS.vars})`,
    })
    .option('max-literals', {
      type: 'number',
      describe: `stop an encoding whose constraint family grows past this many literals (default ${DEFAULT_LIMITS.literals})`,
    })
    .option('max-input-bytes', {
      type: 'number',
      describe: `refuse an input file (or standard input) larger than this, unpacked (default ${DEFAULT_LIMITS.bytes})`,
    })
    .group(['max-cells', 'max-placements', 'max-vars', 'max-literals', 'max-input-bytes'], 'Size limits:');
}

/** What builds a formula: the encodings and the size guards (encode and count take these alone, the solving verbs with commonOptions). */
export function formulaOptions<T>(y: Argv<T>) {
  return sizeLimitOptions(encodingOptions(y));
}

/** Options every puzzle verb that solves shares (the one CLI contract). */
export function commonOptions<T>(y: Argv<T>) {
  return summaryOption(
    formulaOptions(y)
      .option('solver', { type: 'string', describe: 'solver name (puzzlesat solvers lists them)' })
      .option('timeout', { type: 'number', describe: 'give up after this many seconds for the whole run (answer UNKNOWN, or an incomplete count)' }),
  )
    .group(['solver', 'timeout'], 'Solving:')
    .group(['json'], 'Output:');
}

/** --json for the verbs whose summary is the one contract (docs/summary.schema.json): commonOptions', and count's, which takes no --solver. */
export function summaryOption<T>(y: Argv<T>) {
  return y.option('json', { type: 'boolean', describe: 'machine-readable summary on stdout (docs/summary.schema.json)' });
}

/**
 * --resume and --force, for the verbs that stream their run to --output
 * (count, enumerate, sweep): `resume` says what continuing means to the verb;
 * --force is the same for all.
 */
export function resumeOptions<T>(y: Argv<T>, resume: string) {
  return y
    .option('resume', { type: 'boolean', describe: resume })
    .option('force', { type: 'boolean', describe: 'overwrite an existing --output file instead of refusing' });
}

/** --resume continues the JSON lines file that --output names (count, enumerate): refused at once without one, before the plan is built. */
export function resumeNeedsOutput(args: Args): void {
  if (args.resume && !args.output) throw new UsageError(`--resume needs ${optionName('output')} FILE.jsonl to resume from`);
}

/**
 * The run of a verb that stops on Ctrl-C with what it has and streams it to
 * --output (count, enumerate, sweep): Ctrl-C is heard before the progress
 * starts, and however the run ends the progress line is cleared, the output
 * let go (`release`) and Ctrl-C handed back, so that the summary is written
 * after them. `run` polls `stopped` to end early.
 */
export async function stoppableRun<P extends { stop(): void }, T>(
  start: () => P,
  release: (() => void) | undefined,
  run: (progress: P, stopped: () => boolean) => Promise<T>,
): Promise<T> {
  const stop = await interruptFlag();
  const progress = start();
  try {
    return await run(progress, stop.stopped);
  } finally {
    progress.stop();
    release?.();
    stop.release();
  }
}

/** Each puzzle's default encoding, as read from its entry: "bimander for pentomino, ...; sequential for dobble". */
function defaultsByPuzzle(kind: EncodingKind): string {
  const byEncoding = new Map<string, string[]>();
  for (const p of PUZZLES.filter((x) => encodingKinds(x).includes(kind)))
    byEncoding.set(p.defaults[kind]!, [...(byEncoding.get(p.defaults[kind]!) ?? []), p.name]);
  if (byEncoding.size === 1) return `${[...byEncoding.keys()][0]!}${kind === 'pb' ? ` for ${[...byEncoding.values()][0]!.join(', ')}` : ''}`;
  return [...byEncoding].map(([encoding, puzzles]) => `${encoding} for ${puzzles.join(', ')}`).join('; ');
}

/** "; enumerate with minisat-wasm: pairwise for pentomino, ..." where puzzles declare one. */
function nativeEnumerationDefaults(): string {
  const declaring = PUZZLES.filter((p) => p.defaults.nativeEnumerationAmo !== undefined);
  if (!declaring.length) return '';
  return `; enumerate on minisat-wasm: ${[...new Set(declaring.map((p) => p.defaults.nativeEnumerationAmo))].join('/')} for ${declaring.map((p) => p.name).join(', ')}`;
}

/**
 * One option's help from the descriptions of the puzzles that read it: the
 * description where they agree, else each with its puzzles ("soma, polycube:
 * ...; polyform: ..."), since yargs shows one text per option and the first
 * puzzle's alone misstated the others' (polyform's --symmetry defaults to
 * isometries, soma's to rotations).
 */
function sharedDescription(byDescription: ReadonlyMap<string, readonly string[]>): string {
  if (byDescription.size === 1) return [...byDescription.keys()][0]!;
  return [...byDescription].map(([describe, puzzles]) => `${puzzles.join(', ')}: ${describe}`).join('; ');
}

/**
 * The puzzle-specific options, all declared once and shown in help under the
 * puzzles that read them; buildInstance rejects those a puzzle does not read.
 */
export function puzzleOptions<T>(y: Argv<T>) {
  const readers = new Map<string, { option: PuzzleOption; puzzles: string[]; byDescription: Map<string, string[]> }>();
  for (const p of PUZZLES) {
    for (const o of p.options) {
      const known = readers.get(o.name) ?? { option: o, puzzles: [], byDescription: new Map<string, string[]>() };
      readers.set(o.name, known);
      known.puzzles.push(p.name);
      known.byDescription.set(o.describe, [...(known.byDescription.get(o.describe) ?? []), p.name]);
    }
  }
  let out = y;
  const groups = new Map<string, string[]>();
  for (const [name, { option: o, puzzles, byDescription }] of readers) {
    out = out.option(name, { type: o.type, describe: sharedDescription(byDescription), choices: o.choices as string[] | undefined }) as Argv<T>;
    const label = `${puzzles.join(', ')}:`;
    groups.set(label, [...(groups.get(label) ?? []), name]);
  }
  for (const [label, keys] of groups) out = out.group(keys, label);
  return out;
}

/** The output file option of every verb that writes one: -o, --output (and --out, its older name). */
export function outputOption<T>(y: Argv<T>, describe: string) {
  return y.option('output', { alias: ['o', 'out'], type: 'string', describe }).group(['output'], 'Output:');
}

export type Args = Record<string, unknown> & { _: (string | number)[] };

/**
 * -o FILE of the verbs whose answer is what they print (solve, decode,
 * dobble): the same text goes to FILE instead of stdout, uncoloured, written
 * whole once the answer is known (the output-path rule, checked before any
 * work, has refused an input, or an existing file without --force).
 */
/** --scale, which sizes a --png picture: one declaration for every verb that draws PNGs. */
export function scaleOption<T>(y: Argv<T>) {
  return y.option('scale', { type: 'number', describe: `PNG pixels per drawing unit (default ${DEFAULT_PNG_SCALE})` });
}

export function answerOutputOption<T>(y: Argv<T>, what: string) {
  return outputOption(y, `write ${what} to FILE instead of stdout (with --json, the JSON)`);
}

/** Whether the answer is drawn in colour: on a terminal's stdout, never into -o FILE. */
export const answerColor = (args: Args): boolean => args.output === undefined && colorWanted(process.stdout);

/** The answer to stdout, or with -o to its file (a line on stderr says where, as encode -o says, unless --json). */
export function writeAnswer(args: Args, text: string): void {
  if (args.output === undefined) {
    process.stdout.write(text);
    return;
  }
  const file = String(args.output);
  try {
    writeReplacing(file, [text]);
  } catch (e) {
    throw new UserError(`${optionName('output')}: cannot write "${file}": ${systemReason(e)}`);
  }
  if (!args.json) process.stderr.write(`wrote ${file}\n`);
}

/** The options as a plan request (src/plan.ts resolves and checks them): the puzzle's own by value, the rest by name. */
export function planRequest(args: Args): Omit<PlanRequest, 'verb'> {
  const text = (name: string) => (args[name] === undefined ? undefined : String(args[name]));
  const number = (name: string) => (args[name] === undefined ? undefined : Number(args[name]));
  const flag = (name: string) => (args[name] === undefined ? undefined : args[name] === true);
  return {
    args: puzzleArgsOf(args),
    solver: text('solver'),
    timeout: number('timeout'),
    proof: args.proof === undefined ? undefined : true,
    certify: flag('certify'),
    branching: text('branching'),
    unique: flag('unique'),
    uniqueBy: text('unique-by'),
    limit: number('limit'),
    native: flag('native'),
    workers: number('workers'),
    cubeDepth: number('cube-depth'),
    enumMode: text('enum-mode'),
    propagation: text('propagation'),
    queue: text('queue'),
    jobs: number('jobs'),
  };
}

export { commandLine } from './names.js';
export { optionName, positiveInt } from './options.js';

/**
 * Runs a command body, turning user errors into one line on stderr and exit
 * code 1 (2 for usage); `args` are the command's own, for the format of an
 * unanswered run, which goes where the answer would: to stdout, or for a verb
 * whose -o is its answer (`answerOutput`, writeAnswer) to that file.
 */
export async function guarded(args: Args, body: () => Promise<number | RunEnd | void>, { answerOutput = false } = {}): Promise<void> {
  // The body starts once the handler has returned: yargs then renders the whole help text (cacheHelpMessage),
  // 0.1 to 0.4 s, which after a body that builds its formula first came past a --timeout that ran out there.
  await Promise.resolve();
  try {
    await readAheadInputs(args);
    const code = exitCodeOf(await body(), wasInterrupted());
    if (code !== undefined) process.exitCode = code;
  } catch (e) {
    if (!(e instanceof DeadlineReached)) return reportError(e);
    try {
      const answer = unanswered(e, args, answerOutput);
      if (answerOutput) writeAnswer(args, answer);
      else process.stdout.write(answer);
      // Ctrl-C cut the set-up short (SetUpInterrupted): the answer is out, and the exit says it is partial.
      if (wasInterrupted()) process.exitCode = EXIT_INTERRUPTED;
    } catch (failed) {
      reportError(failed);
    }
  }
}

/** How a verb's run ended: its exit code, and whether its answer is complete (its summary's `complete`). */
export interface RunEnd {
  code: number;
  complete: boolean;
}

/**
 * The exit code of a run that ended so: 130 (128 + SIGINT) when Ctrl-C cut
 * its answer short, the partial answer out. A press heard once the work was
 * done (as a sweep's last roll was written) cut nothing: the run's own code
 * stands, as its summary's complete: true says. A verb that returns a code
 * alone says nothing of its answer, and any press is taken to have cut it.
 */
export function exitCodeOf(end: number | RunEnd | void, interrupted: boolean): number | undefined {
  const { code, complete } = typeof end === 'object' ? end : { code: end ?? undefined, complete: false };
  return interrupted && !complete ? EXIT_INTERRUPTED : code;
}

/** The positionals that name an input file (or "-"). */
const POSITIONAL_INPUTS: ReadonlySet<string> = new Set(['kind', 'cnf', 'deck', 'proof']);

/**
 * The inputs that could make a read wait without end are read first, where
 * a --timeout and Ctrl-C are heard (readAhead); the set-up then reads them
 * from memory. A FIFO always: one no process has opened for writing held
 * the run in open(2), which Node retries on a signal, so that only SIGTERM
 * ended it. Standard input under a --timeout only: without one, its
 * synchronous read already stops on Ctrl-C (readThroughSignals).
 */
async function readAheadInputs(args: Args): Promise<void> {
  const deadline = runDeadlineAt();
  // yargs reads a positional "-" as "" (positionalFile); the puzzle's positional is a file only when it names one (isCnfPath).
  const files = inputFilesOf(args)
    .map(({ name, file }) => ({ name, file: POSITIONAL_INPUTS.has(name) ? positionalFile(file) : file }))
    .filter(({ name, file }) => (name !== 'kind' || file === '-' || isCnfPath(file)) && (file !== '-' || Number.isFinite(deadline)));
  await readAhead(
    files.map(({ file }) => file),
    deadline,
    interruptionSignal(),
  );
}

/** Ctrl-C while the run's set-up built the formula: answered as a --timeout that ran out there is (unanswered), exit 130. */
class SetUpInterrupted extends DeadlineReached {
  constructor() {
    super('Ctrl-C while building the formula, before any solving');
  }
}

/**
 * The CLI's way of running a run's synchronous set-up (setSetUpRunner): the
 * SIGINT handler gets no turn inside it, so a press waited for the build to
 * end (a minute for a large Dobble order). V8 stops the work at once on the
 * signal instead, as it stops the REPL's (breakOnSigint, which holds the
 * handler back meanwhile); the press then counts as the handler's, and the
 * run ends as one whose --timeout ran out there. A press made before is read
 * first (held back, the handler would drop it) and stops the set-up before
 * it starts. Nothing is written during a set-up, so nothing on disk is cut
 * short. Where Ctrl-C is not heard (a verb that does not stop on it) the
 * work runs as it is, and Ctrl-C kills.
 */
export async function interruptibleSetUp<T>(work: () => T): Promise<T> {
  if (!hearsInterrupts()) return work();
  await pressesRead();
  if (wasInterrupted()) throw new SetUpInterrupted();
  try {
    return new Script('work()').runInContext(createContext({ work: () => graced(work) }), { breakOnSigint: true }) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException)?.code !== 'ERR_SCRIPT_EXECUTION_INTERRUPTED') throw e;
    heardInterrupt();
    throw new SetUpInterrupted();
  }
}

/**
 * V8 hears the press on a watchdog thread that wakes a moment after the
 * signal: a press in the set-up's last moment was lost (neither the watchdog
 * nor the handler saw it) when the work ended first. So the work waits a
 * little more at its end, a wait the press cuts short.
 */
const PRESS_GRACE_MS = 10;
const graceCell = new Int32Array(new SharedArrayBuffer(4));

function graced<T>(work: () => T): T {
  const result = work();
  Atomics.wait(graceCell, 0, 0, PRESS_GRACE_MS);
  return result;
}

/** guarded for the verbs whose -o is their answer (solve, dobble): a run unanswered is written where the answer would be. */
export const guardedAnswer = (args: Args, body: () => Promise<number | RunEnd | void>): Promise<void> => guarded(args, body, { answerOutput: true });

/**
 * --timeout ran out (or Ctrl-C came, SetUpInterrupted) before the formula was
 * built: an answer still, UNKNOWN with nothing found (the --timeout
 * contract), in the run's own format. It names the files the run was to
 * write, none written (the answer's own -o aside, `answerOutput`): an
 * existing one would otherwise pass for this run's output.
 */
function unanswered(e: DeadlineReached, args: Args, answerOutput: boolean): string {
  const puzzle = positionalFile(args.kind ?? args._[0]);
  const unwritten = outputFilesOf(args)
    .filter(({ name }) => !(answerOutput && name === 'output'))
    .map(({ path }) => path);
  if (args.json === true) {
    const summary = {
      status: 'UNKNOWN',
      puzzle,
      params: {},
      count: 0,
      complete: false,
      vars: 0,
      clauses: 0,
      // The solver asked for, as a run stopped in its search names it (the default is known only once the formula is).
      solver: typeof args.solver === 'string' ? args.solver : null,
      seconds: runSeconds(),
    };
    return `${JSON.stringify({ ...summary, reason: e.message, ...(unwritten.length > 0 ? { unwritten } : {}) })}\n`;
  }
  return `UNKNOWN: ${e.message}${unwrittenNote(unwritten)}\n`;
}

/** "; a.jsonl not written (left as it was)" for the output files a stopped run did not touch; nothing when there are none. */
function unwrittenNote(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  return `; ${paths.join(', ')} not written (left as ${paths.length === 1 ? 'it was' : 'they were'})`;
}

/** One line on stderr for any failure (a UserError as it is; anything else as an internal error), exit code 1, or 2 for a usage error. */
export function reportError(e: unknown): void {
  if (e instanceof UserError) {
    process.stderr.write(`puzzlesat: ${userMessage(e.message)}\n`);
    if (e instanceof UsageError) {
      process.exitCode = EXIT_USAGE;
      return;
    }
  } else {
    const err = e as Error;
    process.stderr.write(`puzzlesat: internal error: ${userMessage(err?.message ?? String(e))}\n`);
    if (process.env.PUZZLESAT_DEBUG) process.stderr.write(`${err?.stack ?? ''}\n`);
  }
  process.exitCode = 1;
}

const MAX_TOKEN = 60;
const MAX_MESSAGE = 240;
// Not \S{61,}: V8 keeps a backtracking entry per character of an open-ended count, and a
// token of some ten million characters (a DIMACS file's, an items line's) overflowed its stack.
const LONG_TOKEN = new RegExp(`\\S{${MAX_TOKEN + 1}}\\S*`, 'g');

/**
 * Characters a terminal shows as nothing, or that reorder or break the line:
 * a byte-order mark, zero-width space, word joiner, direction marks,
 * embeddings and isolates, line and paragraph separators. Quoted in a
 * message, a value that holds one read as the value it was refused for not
 * being. (The zero-width joiners are left: emoji are made with them.)
 */
const INVISIBLE = /[\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * A message fit for one terminal line: control bytes (escape sequences,
 * newlines, NULs from binary input) shown as \xNN and invisible characters
 * as \uNNNN, any token longer than MAX_TOKEN characters cut in the middle,
 * the whole capped at MAX_MESSAGE.
 */
export function userMessage(message: string): string {
  const clean = message
    .replace(LONG_TOKEN, (t) => `${t.slice(0, MAX_TOKEN / 2)}…(${t.length} chars)…${t.slice(-10)}`)
    .replace(/[\x00-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return clean.length <= MAX_MESSAGE ? clean : `${clean.slice(0, MAX_MESSAGE - 1)}…`;
}

/** The exit code of a usage error (a bad option value, an unknown name), as for yargs' own. */
export const EXIT_USAGE = 2;

/**
 * Seconds since the run began: performance.now() counts from the process's
 * start, so a summary's `seconds` covers loading and building the formula
 * (summary.schema.json: "building included"), as --timeout does.
 */
export const runSeconds = (): number => Math.round(performance.now()) / 1000;

/** A positional file argument, "-" for standard input: yargs hands a lone "-" over as an empty string. */
export const positionalFile = (value: unknown): string => (value === '' && process.argv.includes('-') ? '-' : String(value));

/** "1 solution", "2 solutions", "1 class": the noun in the singular for exactly one (plural: the plural where adding s is wrong). */
export const counted = (n: number | bigint | string, noun: string, plural = `${noun}s`): string => `${n} ${String(n) === '1' ? noun : plural}`;

/** A formula's size as every text summary gives it: "2879 vars, 109068 clauses", "1 var, 1 clause". */
export const formulaSize = (s: { vars: number; clauses: number }): string => `${counted(s.vars, 'var')}, ${counted(s.clauses, 'clause')}`;
