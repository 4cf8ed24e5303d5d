import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseAmo, parseCard } from '../src/card/index.js';
import { parsePb } from '../src/pb/index.js';
import { type DimacsFormula, clauseCount, dimacsClauses, instanceFromDimacs, readDimacsFile, runLimits } from '../src/core/dimacs.js';
import { UsageError, UserError, didYouMean } from '../src/core/errors.js';
import { camelField, fieldName, kebabField, withFieldNames } from '../src/core/field-names.js';
import { inputPath, withInputDirectory, withoutBoms } from '../src/core/input.js';
import { DEFAULT_LIMITS, DeadlineReached, kindOf, limitKey, limitsFromOptions, shownValue, withSizeLimits } from '../src/core/limits.js';
import { givenFields } from '../src/core/call-options.js';
import { type EncodingChoice, type Instance, type PuzzleEntry, type PuzzleOption, encodingKinds } from '../src/core/puzzle.js';
import { addSymmetryBreaking } from '../src/symmetry/breaking.js';
import { DOBBLE_PUZZLE } from './dobble.js';
import { GENIUS_SQUARE_PUZZLE } from './genius-square.js';
import { KNAPSACK_PUZZLE } from './knapsack.js';
import { POLYCUBE_PUZZLE, SOMA_PUZZLE } from './polycube.js';
import { PENTOMINO_PUZZLE, POLYOMINO_PUZZLE } from './polyomino.js';
import { POLYFORM_PUZZLE } from './polyform.js';

/** The puzzles by name; each entry lives in its encoder module. */
export const PUZZLES: readonly PuzzleEntry[] = [
  PENTOMINO_PUZZLE,
  POLYOMINO_PUZZLE,
  SOMA_PUZZLE,
  POLYCUBE_PUZZLE,
  POLYFORM_PUZZLE,
  GENIUS_SQUARE_PUZZLE,
  DOBBLE_PUZZLE,
  KNAPSACK_PUZZLE,
];

export function puzzleByName(name: string): PuzzleEntry {
  const p = PUZZLES.find((x) => x.name === name);
  // yargs hands "-" over as an empty string: standard input, which holds a formula only solve reads.
  if (name === '' || name === '-')
    throw new UsageError(`"-" (a DIMACS formula on standard input) is read by solve only; name a puzzle: ${PUZZLES.map((x) => x.name).join(', ')}`);
  if (!p)
    throw new UsageError(
      `unknown puzzle "${name}"${didYouMean(
        name,
        PUZZLES.map((x) => x.name),
      )}; choose one of: ${PUZZLES.map((x) => x.name).join(', ')} (or give a .cnf file)`,
    );
  return p;
}

/** The options that reach the encoders: every puzzle's own, the encodings and the size guards (the same names on the command line and in a plan). */
export const PUZZLE_ARG_NAMES: ReadonlySet<string> = new Set([
  'amo',
  'card',
  'pb',
  'max-cells',
  'max-placements',
  'max-vars',
  'max-literals',
  ...PUZZLES.flatMap((p) => p.options.map((o) => o.name)),
]);

/** The options among `args` that reach the encoders, by value (yargs' extras and camelCase twins left out). */
export function puzzleArgsOf(args: Record<string, unknown>): Record<string, string | number | boolean> {
  const picked: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(args))
    if (PUZZLE_ARG_NAMES.has(name) && value !== undefined) picked[name] = value as string | number | boolean;
  return picked;
}

/** What a puzzle that does not read an encoding option lacks. */
const UNREAD = { amo: 'at-most-one constraints', card: 'at-most-k constraints', pb: 'weighted sums' } as const;

/** --amo / --card / --pb as given, else the puzzle's own defaults; --pb only where the puzzle has weighted sums. */
export function encodingChoice(entry: PuzzleEntry, args: Record<string, unknown>): EncodingChoice {
  for (const kind of ['amo', 'card', 'pb'] as const)
    if (args[kind] !== undefined && !encodingKinds(entry).includes(kind))
      throw new UsageError(`${fieldName(kind)} does not apply to ${entry.name} (it has no ${UNREAD[kind]})`);
  return {
    amo: args.amo === undefined ? entry.defaults.amo : parseAmo(args.amo, fieldName('amo')),
    card: args.card === undefined ? entry.defaults.card : parseCard(args.card, fieldName('card')),
    ...(entry.defaults.pb === undefined ? {} : { pb: args.pb === undefined ? entry.defaults.pb : parsePb(args.pb, fieldName('pb')) }),
  };
}

/**
 * The options with --amo filled in for an enumeration whose engine will
 * propagate the puzzle's exactly-one groups natively, where the puzzle
 * declares an encoding for that; otherwise as given.
 */
export function withNativeEnumerationAmo(puzzle: string, args: Record<string, unknown>): Record<string, unknown> {
  if (args.amo !== undefined || isCnfPath(puzzle)) return args;
  const amo = puzzleByName(puzzle).defaults.nativeEnumerationAmo;
  return amo === undefined ? args : { ...args, amo };
}

/** A DIMACS file is given where a puzzle name would be. */
export const isCnfPath = (puzzle: string): boolean =>
  /\.(cnf|dimacs)(\.txt)?(\.gz|\.xz)?$/i.test(puzzle) || (puzzle.includes('/') && existsSync(puzzle));

/**
 * The options of a puzzle built by name (puzzles.byName, explainPuzzle),
 * checked against what it reads (its options, as on the command line or in
 * camel case, its encodings and the size limits) and spelled as on the
 * command line, the one spelling the build reads: the command line refuses
 * an unknown option, and here a typo (`prest`) was ignored and the default
 * built; a camel-case size limit (`maxCells`) was accepted and ignored, and
 * a camel-case option's value escaped the check of its choices. `what` names
 * the call; null options are none.
 */
export function knownOptions(what: string, name: string, args: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (typeof name !== 'string') throw new TypeError(`${what}: expected a puzzle name, got ${kindOf(name)}`);
  if (typeof (args ?? {}) !== 'object') throw new TypeError(`${what}: options: expected an object, got ${typeof args}`);
  const limits = Object.keys(DEFAULT_LIMITS).map((kind) => limitKey(kind as keyof typeof DEFAULT_LIMITS));
  const read = (entries: readonly PuzzleEntry[]) => [
    ...new Set([...entries.flatMap((e) => [...e.options.map((o) => o.name), ...encodingKinds(e)]), ...limits]),
  ];
  // A DIMACS file reads none of the puzzles' options, and another puzzle's option is no typo: buildInstance says it does not apply.
  const anyPuzzle = read(PUZZLES);
  const known = name === '-' || isCnfPath(name) ? anyPuzzle : read([puzzleByName(name)]);
  const spelled: Record<string, unknown> = {};
  for (const [key, value] of givenFields(what, args ?? {})) {
    const option = kebabField(key);
    if (!anyPuzzle.includes(option)) throw new UsageError(`${name} has no option "${key}"${didYouMean(key, known)}; it reads: ${known.join(', ')}`);
    if (option in spelled && spelled[option] !== value)
      throw new UsageError(`${name}: option "${option}" is given twice, with ${String(spelled[option])} and ${String(value)}`);
    spelled[option] = value;
  }
  return spelled;
}

/**
 * The instance named by a puzzle (or a DIMACS file) and options spelled as on
 * the command line; an option that the puzzle does not read is an error. The
 * size guards the options give (--max-cells, ...) hold for this build alone,
 * in this thread or a worker's; options that name none leave those in force.
 */
export function buildInstance(puzzle: string, args: Record<string, unknown>): Instance {
  return withSizeLimits(limitsFromOptions(args), () => builtInstance(puzzle, args));
}

function builtInstance(puzzle: string, given: Record<string, unknown>): Instance {
  const args = withoutBoms(given);
  if (puzzle === '-' || isCnfPath(puzzle)) {
    // A formula comes whole: a puzzle's option given with it would be silently ignored.
    const unread = [...PUZZLES.flatMap((p) => p.options.map((o) => o.name)), 'amo', 'card', 'pb'].find((name) => args[name] !== undefined);
    if (unread)
      throw new UsageError(
        `${fieldName(camelField(unread))} does not apply to a DIMACS formula (${puzzle === '-' ? '<stdin>' : puzzle}): it is read as it is`,
      );
    // Read to be run: the file meets the run's deadline as the formula built from it does.
    const source = puzzle === '-' ? '<stdin>' : puzzle;
    const f = readDimacsFile(puzzle, { ...runLimits(), meetDeadline: true });
    // Its header is read as decode reads it, a line decode refuses refused here too; the clauses are run as the file gives them.
    headerPuzzle(f, source);
    return instanceFromDimacs(f, source);
  }
  const entry = puzzleByName(puzzle);
  const mine = new Set(entry.options.map((o) => o.name));
  for (const p of PUZZLES) {
    for (const o of p.options) {
      if (!mine.has(o.name) && args[o.name] !== undefined) throw new UsageError(`${fieldName(camelField(o.name))} does not apply to ${puzzle}`);
    }
  }
  // yargs checks kinds and choices on the command line; values it never saw (library callers, worker threads) are checked here.
  for (const o of entry.options) checkPuzzleOption(o, args[o.name]);
  return entry.build({ ...args, ...encodingChoice(entry, args) });
}

/**
 * An option's value checked against the puzzle's declaration of it: of its
 * kind (a library caller's flip: 'false' allowed reflections, and board: 2
 * was read as descriptor 2) and among its choices.
 */
function checkPuzzleOption(o: PuzzleOption, value: unknown): void {
  if (value === undefined) return;
  const field = fieldName(camelField(o.name));
  if (typeof value !== o.type)
    throw new UsageError(
      `${field}: expected ${KINDS[o.type]}, got ${Array.isArray(value) ? 'an array' : typeof value === 'object' ? kindOf(value) : shownValue(value)}`,
    );
  const problem = outsideChoices(o, String(value));
  if (problem) throw new UserError(`${field}: "${String(value)}" ${problem}`);
}

const KINDS: Record<PuzzleOption['type'], string> = { string: 'text', number: 'a number', boolean: 'true or false' };

/**
 * A typed builder's options (puzzles.polyomino's, in camel case) checked as
 * the same puzzle's are by name: each the puzzle declares, and its
 * encodings (a typo in nonOverlap built the other encoding, and amo: 'x'
 * crashed in the search). Options of the builder's own (Dobble's symmetry
 * steps) are its to check.
 */
export function checkTypedOptions(puzzle: string, options: Record<string, unknown>): void {
  const entry = puzzleByName(puzzle);
  for (const [key, value] of Object.entries(options)) {
    const o = entry.options.find((x) => x.name === kebabField(key));
    if (o) checkPuzzleOption(o, value);
  }
  encodingChoice(entry, options);
}

/**
 * The instance a DIMACS file describes, to read a solver's model back as a
 * solution: the puzzle of its header (headerPuzzle), and only when the
 * rebuilt formula is the file's clause for clause; the file as a plain
 * formula when it names no puzzle, or a name of its own (toDimacs's
 * `puzzle`, or the formula puzzlesat writes for one).
 */
export function instanceOfDimacs(f: DimacsFormula, source: string): Instance {
  const header = headerPuzzle(f, source);
  if (header === undefined) return instanceFromDimacs(f, source);
  const { entry, rebuilt } = header;
  const differs = formulaDifference(rebuilt, f);
  const file = namedFiles(f, dirname(source))[0];
  if (differs && file !== undefined)
    throw new UserError(
      `${paramLine(f, source, file)}: ${entry.name} rebuilt from its header differs from the file (${differs})${changedFile(f, source, file)}, or the file was edited`,
    );
  if (differs)
    throw new UserError(
      `${source}: ${entry.name} rebuilt from its header differs from the file (${differs}); was it edited, or written by another version?`,
    );
  return rebuilt;
}

/**
 * The one reader of a DIMACS file's header, for every verb that reads the
 * file: the puzzle of its `c puzzle` line rebuilt from its `c param` lines;
 * undefined when it names no puzzle of puzzlesat. A name one typo from a
 * puzzle's, a parameter the puzzle has not, or a value of the wrong kind is
 * refused at its line: read as a plain formula, a model was said to be
 * checked by a puzzle checker there was none of, and the verbs that read
 * the file as a formula (explain, count) named a puzzle decode refuses.
 */
export function headerPuzzle(f: DimacsFormula, source: string): { entry: PuzzleEntry; rebuilt: Instance } | undefined {
  if (f.puzzle === undefined || FORMULA_PUZZLES.has(f.puzzle)) return undefined;
  const at = (line: number | undefined) => (line === undefined ? source : `${source}:${line}`);
  const lineOf = (key: string) => paramLine(f, source, key);
  const entry = PUZZLES.find((p) => p.name === f.puzzle);
  if (!entry) {
    const names = PUZZLES.map((p) => p.name);
    const near = didYouMean(f.puzzle, names);
    // Any other name is a formula's own (toDimacs's `puzzle`): a plain formula, whose models no checker but its clauses checks.
    if (near === '') return undefined;
    throw new UserError(`${at(f.headerLines?.puzzle)}: unknown puzzle "${f.puzzle}" in the header${near}; puzzlesat knows ${names.join(', ')}`);
  }
  const keys = headerKeys(entry);
  // A file the header names is looked for beside the DIMACS file first, then from the working directory (withInputDirectory).
  const dir = dirname(source);
  let rebuilt: Instance;
  try {
    rebuilt = withInputDirectory(dir, () =>
      withFieldNames(
        // A parameter of the header that is not this puzzle's (amo under a knapsack that claims a packing's header) is
        // named as the header spells it too: "--amo does not apply" sent the user to an option they never gave.
        (field) => (keys.has(field) ? `c param ${keys.get(field)!}` : f.params.has(field) ? `c param ${field}` : undefined),
        () => {
          const built = entry.build({
            ...argsFromParams(entry, f.params, lineOf),
            ...encodingChoice(entry, { amo: f.params.get('amo'), card: f.params.get('card'), pb: f.params.get('pb') }),
          });
          // encode --unique says so in the header: the file then holds the symmetry-breaking family.
          if (f.params.get('unique') === 'true') addSymmetryBreaking(built);
          return built;
        },
      ),
    );
  } catch (e) {
    // Out of time is no fault of the header: the run is unanswered, as for a formula built from options.
    if (e instanceof DeadlineReached || (e instanceof UserError && e.message.startsWith(`${source}:`))) throw e;
    const message = (e as Error).message;
    // The line the message is about: a file read that it names (what the file holds now may be the cause: an area message
    // names the board's parameter and the pieces file both), else the parameter it names, else a file read.
    const files = namedFiles(f, dir);
    const key =
      files.find((k) => message.includes(f.params.get(k)!)) ?? [...f.params.keys()].find((k) => message.includes(`c param ${k}`)) ?? files[0];
    throw new UserError(
      `${key === undefined ? at(f.headerLines?.puzzle) : lineOf(key)}: cannot rebuild ${entry.name} from its header: ${message}${changedFile(f, source, key)}`,
    );
  }
  // What encode writes: what the rebuilt puzzle records (soma's pieces, dobble's order), and options recorded but not read back (genius-square's seed).
  const recorded = entry.options.filter((o) => o.param === false).map((o) => camelField(o.name));
  const known = [...new Set([...keys.values(), 'unique', ...Object.keys(rebuilt.params), ...recorded])];
  const unknown = [...f.params.keys()].find((k) => !known.includes(k));
  if (unknown !== undefined)
    throw new UserError(
      `${lineOf(unknown)}: ${entry.name} has no parameter "${unknown}"${didYouMean(unknown, known)}; its header parameters are ${known.join(', ')}`,
    );
  return { entry, rebuilt };
}

/** Where a header's `c param KEY` line is (`source:line`; the file alone when the line is not known). */
function paramLine(f: DimacsFormula, source: string, key: string): string {
  const line = f.headerLines?.params.get(key);
  return line === undefined ? source : `${source}:${line}`;
}

/** What a message adds when the `c param KEY` line names a file that is there: what it holds now may not be what was encoded. */
function changedFile(f: DimacsFormula, source: string, key: string | undefined): string {
  const path = key === undefined ? undefined : f.params.get(key)!;
  return path !== undefined && isFile(inputPath(path, dirname(source)))
    ? `; this line names ${path}, which may have changed since ${source} was written`
    : '';
}

/** The puzzle names puzzlesat writes for a formula that is no puzzle: a DIMACS file encoded again (`cnf`), a library formula (`formula`). */
const FORMULA_PUZZLES: ReadonlySet<string> = new Set(['cnf', 'formula']);

/** The header key each library field of the puzzle is rebuilt from (its options', and its encodings'). */
function headerKeys(entry: PuzzleEntry): Map<string, string> {
  const keys = new Map<string, string>(encodingKinds(entry).map((kind) => [kind, kind]));
  for (const o of entry.options) if (o.param !== false) keys.set(camelField(o.name), o.param ?? camelField(o.name));
  return keys;
}

/**
 * The header's parameters that name a file the rebuild reads (a pieces file,
 * a board file, as puzzlesat wrote before it wrote their content inline),
 * found as the rebuild finds it (inputPath, from `dir`): what the file holds
 * now is what the rebuild gets.
 */
const namedFiles = (f: DimacsFormula, dir: string): string[] =>
  [...f.params].filter(([key, value]) => key === 'piecesFile' || isFile(inputPath(value, dir))).map(([key]) => key);

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The options recorded in a header, typed as the entry declares them; a value not of that type is refused at its line (`where`). */
function argsFromParams(entry: PuzzleEntry, params: ReadonlyMap<string, string>, where: (key: string) => string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const o of entry.options) {
    if (o.param === false) continue;
    const key = o.param ?? camelField(o.name);
    const value = params.get(key);
    if (value === undefined) continue;
    const typed = o.type === 'number' ? numberOf(value) : o.type === 'boolean' ? BOOLEANS.get(value) : value;
    const problem = typed === undefined ? `is not ${o.type === 'number' ? 'a number' : 'true or false'}` : outsideChoices(o, String(typed));
    if (problem) throw new UserError(`${where(key)}: c param ${key} "${value}" ${problem}`);
    args[o.name] = typed;
  }
  return args;
}

/** A map, not an object: a header's `c param flip constructor` found Object's constructor. */
const BOOLEANS: ReadonlyMap<string, boolean> = new Map([
  ['true', true],
  ['false', false],
]);

const numberOf = (text: string): number | undefined => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined);

/** "is not one of a, b" for a value outside an option's choices; undefined when it has none or the value is one. */
const outsideChoices = (o: PuzzleOption, value: string): string | undefined =>
  o.choices && !o.choices.includes(value) ? `is not one of ${o.choices.join(', ')}${didYouMean(value, o.choices)}` : undefined;

/** Where an instance's formula and a file's differ, or undefined when they are the same clause for clause. */
function formulaDifference(instance: Instance, f: DimacsFormula): string | undefined {
  const cnf = instance.cnf;
  if (cnf.varCount !== f.vars) return `${cnf.varCount} variables, not ${f.vars}`;
  if (cnf.clauseCount !== clauseCount(f)) return `${cnf.clauseCount} clauses, not ${clauseCount(f)}`;
  const theirs = dimacsClauses(f);
  let i = 0;
  for (const ours of cnf.clauses()) {
    const clause = theirs.next().value!;
    i++;
    if (ours.length !== clause.length || ours.some((lit, j) => lit !== clause[j])) return `clause ${i}`;
  }
  return undefined;
}
