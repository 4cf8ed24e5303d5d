import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import {
  DIMACS_PACKINGS,
  MAX_TIMEOUT_SECONDS,
  MIN_MEMORY_BYTES,
  UsageError,
  UserError,
  fileIdentity,
  isSpecialFile,
  kebabField,
  linkTarget,
  packingNamed,
  readFiles,
  runIntegerRules,
  systemReason,
  type WholeRule,
} from '../index.js';

/**
 * The one validation layer for option values, run (as yargs middleware)
 * before any verb starts work: every numeric option obeys its rule here, so
 * that `-1`, `NaN`, `abc`, `''` or a timeout beyond Node's timer never reach
 * the code that would quietly misread them, and an output path that cannot
 * be written fails before minutes of encoding.
 */
interface IntRule {
  kind: 'int';
  min: number;
  max?: number;
  why?: string;
}
interface SecondsRule {
  kind: 'seconds';
}
/** A positive number up to `max` (a factor, not a count). */
interface FactorRule {
  kind: 'factor';
  max: number;
  why: string;
}
/** An amount of memory: a number of MiB, or with a unit (512M, 2G, 1.5G). */
interface SizeRule {
  kind: 'size';
}
type Rule = IntRule | SecondsRule | FactorRule | SizeRule;

const count = (min: number, max?: number, why?: string): IntRule => ({ kind: 'int', min, max, why });

/** The run's whole-number settings, as the library checks them (runIntegerRules). */
const run = runIntegerRules(availableParallelism());
const asRule = (rule: WholeRule): IntRule => ({ kind: 'int', ...rule });
/**
 * A job lock is renewed on a timer of half its length, and BullMQ sets
 * timers of the whole length: both must stay within setTimeout's 2^31-1 ms
 * (beyond it Node fires them at once, and an idle worker spins).
 */
export const MAX_LOCK_SECONDS = 86_400;

const RULES: Readonly<Record<string, Rule>> = {
  timeout: { kind: 'seconds' },
  'search-box': { kind: 'seconds' },
  scale: { kind: 'factor', max: 16, why: 'a 16x picture of the 8x8 board is already 5000 px wide' },
  'cube-depth': asRule(run.cubeDepth),
  workers: asRule(run.workers),
  limit: count(1),
  show: count(0),
  sample: asRule(run.sample),
  repeat: count(1),
  seed: asRule(run.seed),
  cards: count(1),
  order: count(1),
  'max-symbols': count(1),
  // A deck of m² - m + 1 cards of m symbols is built and printed whole.
  'symbols-per-card': count(2, 200, 'a deck of cards of 200 symbols has 39801 cards: larger ones are too big to build and print'),
  capacity: count(0),
  'min-value': count(0),
  'random-items': count(1),
  best: count(1),
  'max-cells': count(1),
  'max-placements': count(1),
  'max-vars': count(1),
  'max-literals': count(1),
  'max-input-bytes': count(1),
  jobs: asRule(run.jobs),
  concurrency: asRule(run.workers),
  'lock-seconds': count(1, MAX_LOCK_SECONDS, 'one day; a job renews its lock while it runs'),
  'max-seconds': count(1),
  'max-memory': { kind: 'size' },
};

/**
 * The one output-path rule, for every option that writes a file: it names a
 * file, not a directory or "-"; its directory exists and is writable (a
 * device, /dev/null or a pipe's /dev/stdout, is written in place: the device
 * itself must be); its name says the format it will hold (checkNamedFormat);
 * an existing file is replaced only with --force (or continued with
 * --resume, for the files that stream); a file the run reads is never
 * written, even with --force; no two outputs are one file. All checked here,
 * before any work starts, and each a usage error (exit 2): the option's value
 * is what is wrong, whichever part of the rule it breaks, and the same in
 * every verb. What only the write itself meets (a full disk, a folder
 * removed meanwhile) is exit 1, a failed run, "OPTION: cannot write FILE".
 */
const OUTPUT_PATHS = ['output', 'svg', 'png', 'histogram', 'proof'] as const;
/** Options (and positionals) naming a file the run reads. */
const INPUT_PATHS = ['kind', 'cnf', 'board', 'figure', 'pieces-file', 'symbols', 'model', 'deck', 'items'] as const;
/** Options naming several files the run reads, comma-separated (bench --merge a/report.json,b/report.json). */
const INPUT_LISTS = ['merge'] as const;
/** Verbs whose option of an output's name is something else: check-proof reads its proof. */
const NOT_OUTPUTS: Readonly<Record<string, readonly string[]>> = { 'check-proof': ['proof'] };
/**
 * Verbs whose output option names a directory they write fixed files into
 * (bench: report.md …): the verb checks those files with checkLaterOutputs
 * once it knows their names; here only that the path is no file.
 */
const OUTPUT_DIRECTORIES: Readonly<Record<string, readonly string[]>> = { bench: ['output'] };
/**
 * Verbs whose output option names files only once the verb knows how many
 * (dobble's pages: FILE itself for one, FILE-1.svg … for more, never FILE
 * then): the verb checks each with checkLaterFiles where it is written; FILE
 * is not checked here, where it may be no file the run writes.
 */
const LATER_OUTPUTS: Readonly<Record<string, readonly string[]>> = { dobble: ['svg', 'png'] };

/** The options that draw, each in the one format it writes, named as a file's ending names it. */
const DRAWINGS: Readonly<Record<string, string>> = { svg: 'SVG', png: 'PNG' };
/** File endings of pictures: a drawing option's file of one of these but its own holds a picture of another format than it says. */
const PICTURE_ENDINGS: ReadonlySet<string> = new Set([
  'svg',
  'svgz',
  'png',
  'apng',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'bmp',
  'tif',
  'tiff',
  'pdf',
]);
/** The compressions an output writes, by verb and option (encode -o FILE.gz is gzip); every other output is written as it is. */
const PACKED_OUTPUTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = { encode: { output: DIMACS_PACKINGS } };

/**
 * Options of a verb that give one number two ways, `name` being `as` less
 * `shift`: the dobble verb's cards of m symbols are --symbols-per-card m, or
 * --order m - 1 as the dobble puzzle (`encode dobble --order`) says it. Each
 * is checked by as's rule (shifted for `name`), its messages naming the
 * option typed; given together they must agree (checkShifted).
 */
const SHIFTED: Readonly<Record<string, { name: string; as: string; shift: number }>> = {
  dobble: { name: 'order', as: 'symbols-per-card', shift: 1 },
};

/** The rule of an option on a verb: RULES', or for the shifted twin of another (SHIFTED) the other's rule moved by the shift. */
function ruleOf(verb: string, name: string): Rule | undefined {
  const twin = SHIFTED[verb];
  if (twin?.name !== name) return RULES[name];
  const rule = RULES[twin.as] as IntRule;
  return { ...rule, min: rule.min - twin.shift, max: rule.max === undefined ? undefined : rule.max - twin.shift };
}

/** The shifted twins of the verb (SHIFTED), given together, agree: neither may silently win. */
function checkShifted(args: Record<string, unknown>): void {
  const twin = SHIFTED[verbOf(args)];
  if (twin === undefined || args[twin.name] === undefined || args[twin.as] === undefined) return;
  const [given, as] = [Number(args[twin.name]), Number(args[twin.as])];
  if (given + twin.shift !== as)
    throw new UsageError(`--${twin.name} ${given} and --${twin.as} ${as} disagree (--${twin.name} n is --${twin.as} n + ${twin.shift}): give one`);
}

/**
 * The value of option `as` on the verb, given by it or by its shifted twin
 * (SHIFTED: the dobble verb's --order n is --symbols-per-card n + 1), as
 * checkNumericOptions has checked it; undefined when neither is given.
 */
export function shiftedValue(args: Record<string, unknown>, as: string): number | undefined {
  if (args[as] !== undefined) return Number(args[as]);
  const twin = SHIFTED[verbOf(args)];
  return twin?.as === as && args[twin.name] !== undefined ? Number(args[twin.name]) + twin.shift : undefined;
}

/** Options that say one thing two ways: given together, one would silently win. */
const CONFLICTS: readonly (readonly [string, string, string])[] = [
  ['preset', 'board', 'a preset names its own board'],
  ['pieces', 'pieces-file', 'both give the pieces'],
];

/** The arguments that are lists: yargs' own and verify's catalogue names. */
const LIST_POSITIONALS: ReadonlySet<string> = new Set(['_', 'names']);

/** Options that only mean something with another one: alone they would be silently ignored. */
const NEEDS: Readonly<Record<string, { needs: string; message: string }>> = {
  jobs: { needs: 'queue', message: 'splits a run into jobs on a queue: it needs --queue URL' },
  scale: { needs: 'png', message: 'sizes the --png picture: it needs --png FILE' },
  symmetry: { needs: 'unique', message: 'is the group --unique identifies by (enumerate, count, encode, explain): alone it does nothing' },
};

/**
 * Checks every numeric and output-path option present in `args`, and that
 * none is given without the option it needs; throws a UserError naming the
 * first bad one. `words` are the arguments as typed, whose text the messages
 * echo (yargs' number is not it: "abc" is NaN, "1e400" Infinity, and
 * 9007199254740993 another number).
 */
export function checkNumericOptions(args: Record<string, unknown>, words: readonly string[] = []): void {
  const typed = new Map(typedOptions(words).map(({ name, value }) => [name, value]));
  for (const [name, value] of Object.entries(args)) {
    // No option takes a list: a repeated one (-o a -o b) would be read as "a,b". Only verify's positional names do.
    if (Array.isArray(value) && name.length > 1 && !/[A-Z]/.test(name) && !LIST_POSITIONALS.has(name))
      throw new UserError(`--${name} is given ${value.length} times (${value.map(String).join(', ')}): give it once`);
    // yargs adds camelCase twins of kebab-case options; RULES spells them kebab, so each is checked once.
    const rule = ruleOf(verbOf(args), name);
    // yargs keeps a number option typed with no value (`--timeout --json`) as undefined: it would silently be no limit.
    if (rule && value === undefined) throw new UserError(`--${name}: expected a value after it`);
    if (rule) checkValue(name, value, rule, typed.get(name));
  }
  checkShifted(args);
  for (const { name, path, option } of pathsOf(args, [...INPUT_PATHS, ...INPUT_LISTS]))
    if (path === '-' && !STDIN_INPUTS.has(name))
      throw new UserError(
        `${option}: "-" (standard input) is not read here (only by --model and as the puzzle, formula or deck); give a file name (./- for a file named "-")`,
      );
  for (const { name, path, option } of outputsOf(args)) {
    checkWritable(path, option);
    checkNamedFormat(verbOf(args), name, path, option);
  }
  for (const { name, path, option } of pathsOf(args, LATER_OUTPUTS[verbOf(args)] ?? [])) {
    checkFileName(path, option);
    checkNamedFormat(verbOf(args), name, path, option);
  }
  for (const { path, option } of outputDirectoriesOf(args)) checkDirectory(path, option);
  for (const [a, b, why] of CONFLICTS) {
    if (args[a] !== undefined && args[b] !== undefined) throw new UserError(`--${a} and --${b} do not go together (${why}): give one`);
  }
  for (const [name, { needs, message }] of Object.entries(NEEDS)) {
    // A needed option said false (--no-unique, --unique=false) is as absent as one left out.
    if (args[name] !== undefined && (args[needs] === undefined || args[needs] === false)) throw new UserError(`--${name}: ${message}`);
  }
}

/**
 * Words after "--": yargs keeps them aside, and no verb reads them (the
 * puzzle or file is no argument after it either), so the run went on as if
 * they were not there (`solve ... -- --bogus` ran, exit 0).
 */
export function checkAfterDashes(words: readonly string[]): void {
  const end = words.indexOf('--');
  const after = end === -1 ? [] : words.slice(end + 1);
  if (after.length > 0) throw new UserError(`unexpected argument${after.length > 1 ? 's' : ''} after "--": ${after.join(', ')}`);
}

/**
 * The boolean options as typed, short forms too (`-q` is --quiet): a value
 * other than true or false after "=" is refused (yargs reads any value but
 * "true" as false: --flip=yes turned flipping off, --json=1 printed no JSON,
 * -q=x was quiet off), and so is one said both ways (`--flip --no-flip`,
 * `-q=false -q`), as a value option given twice is: yargs keeps the last,
 * and which one the user meant is a guess. `flags` are the verb's boolean
 * options, `shorts` the long name of each one-letter option (shortNames).
 */
export function checkBooleanWords(words: readonly string[], flags: ReadonlySet<string>, shorts: ReadonlyMap<string, string>): void {
  const said = new Map<string, boolean>();
  for (const word of words) {
    if (word === '--') return;
    const flag = booleanWord(word, shorts);
    if (flag === undefined || !flags.has(flag.name)) continue;
    const { name, typed, given } = flag;
    // yargs knows no --no-NAME=VALUE ("Unknown argument: --no-quiet"); a negation said with a value is no form to read.
    if (flag.negated && given !== undefined)
      throw new UserError(`${typed}: takes no value, got "${given}" (--no-${name} or --${name}=false turns --${name} off)`);
    if (given !== undefined && given !== 'true' && given !== 'false')
      throw new UserError(`${typed}: expected true or false after "=", got "${given}" (--no-${name} turns it off)`);
    const value = !flag.negated && given !== 'false';
    if (said.get(name) === !value) throw new UserError(`--${name} and --no-${name} contradict each other: give one`);
    said.set(name, value);
  }
}

/**
 * What a word says of an option that may be boolean: `--NAME`, `--no-NAME`,
 * `--NAME=VALUE`, `--no-NAME=VALUE`, `-X` or `-X=VALUE` (X a short form),
 * by the option's long name and as typed; none for other words.
 */
function booleanWord(
  word: string,
  shorts: ReadonlyMap<string, string>,
): { name: string; typed: string; negated: boolean; given?: string } | undefined {
  const m = /^(?:--(no-)?([a-z][\w-]*)|-([a-zA-Z]))(?:=(.*))?$/.exec(word);
  // yargs reads `--q` and `--no-q` as the short form too: named by the long name, as `-q` is.
  const letters = m?.[2] ?? m?.[3] ?? '';
  const name = shorts.get(letters) ?? m?.[2];
  if (!m || name === undefined) return undefined;
  return { name, typed: word.replace(/=.*$/s, ''), negated: m[1] !== undefined, given: m[4] };
}

/** The long name of each one-letter option, from yargs' aliases of the verb's options ({ quiet: ['q'] }: q is quiet). */
export function shortNames(aliases: Readonly<Record<string, readonly string[]>>): Map<string, string> {
  return new Map(Object.entries(aliases).flatMap(([name, others]) => others.filter((a) => a.length === 1).map((a) => [a, name] as const)));
}

/** The inputs that read standard input from "-": --model, and the positionals (the puzzle, a proof's formula, a deck). */
const STDIN_INPUTS: ReadonlySet<string> = new Set(['model', 'kind', 'cnf', 'deck']);

/**
 * Options whose value is a file, so that a "-" after one can only be its
 * value: --model reads standard input from it (readPackedText); the others
 * name it in their own message (an output refuses it, checkFileName).
 */
const FILE_OPTIONS: ReadonlySet<string> = new Set([...OUTPUT_PATHS, 'out', ...INPUT_PATHS, ...INPUT_LISTS]);

/**
 * The words as yargs should see them: yargs takes a lone "-" after an option
 * for a positional (standard input as the puzzle), so `--model -` is joined
 * into `--model=-`, which it reads as the option's value (`--svg -` was
 * "Unknown argument: -", naming no option). Words after "--" are left as
 * they are.
 */
export function joinStdinValues(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    if (word === '--') return [...out, ...words.slice(k)];
    const name = word === '-o' ? 'output' : /^--([a-z][\w-]*)$/.exec(word)?.[1];
    if (name !== undefined && FILE_OPTIONS.has(name) && words[k + 1] === '-') {
      out.push(`${word}=-`);
      k++;
    } else out.push(word);
  }
  return out;
}

/**
 * What yargs loses before the table sees it, from the words as typed: an
 * empty value (`--workers ""` arrives as 0) and a value that begins with a
 * dash and is no number (`--max-memory -5M` arrives as the short options 5
 * and M). Each is checked as the table checks the option's value.
 */
export function checkTypedValues(words: readonly string[]): void {
  for (const { name, value, joined } of typedOptions(words)) {
    if (!RULES[name]) continue;
    const dashed = !joined && /^-[\d.]/.test(value) && !Number.isFinite(Number(value));
    if (value.trim() === '') throw new UserError(`--${name}: expected a value, got an empty one`);
    if (dashed) checkValue(name, value, RULES[name]);
  }
}

/**
 * `--no-NAME` of an option that takes a value: yargs reads it as NAME
 * false, and the run went on with that (--no-output wrote a file named
 * "false", --no-solver looked for a solver "false", --no-timeout was
 * "got 0"). `options` are the verb's options, `flags` its boolean ones.
 */
export function checkNegations(words: readonly string[], options: ReadonlySet<string>, flags: ReadonlySet<string>): void {
  const end = words.indexOf('--');
  for (const word of end === -1 ? words : words.slice(0, end)) {
    const name = /^--no-([a-z][\w-]*)(?:=.*)?$/.exec(word)?.[1];
    if (name !== undefined && options.has(name) && !flags.has(name) && !options.has(`no-${name}`))
      throw new UserError(`--no-${name}: --${name} takes a value and has no --no- form; leave it out for its default`);
  }
}

/**
 * A value beginning with "-" typed after an option that takes text
 * (`--board -3x2`): yargs reads the word as short options and says
 * "Unknown arguments: 3, x", naming neither the option nor its value.
 * Asked only when yargs found unknown arguments; `texts` are the options
 * that take text, `shorts` the short options there are (`--pieces -q` is a
 * value left out, not this).
 */
export function checkDashedTexts(words: readonly string[], texts: ReadonlySet<string>, shorts: ReadonlySet<string>): void {
  for (const { name, value, joined } of typedOptions(words))
    if (!joined && texts.has(name) && /^-[^-]/.test(value) && !shorts.has(value.slice(1)))
      throw new UserError(`--${name}: "${value}" begins with "-", which reads as options; write --${name}=${value}`);
}

/**
 * Each long option as typed with the word that may be its value: `--name
 * value`, or `--name=value` (joined); named in kebab case, as RULES names it
 * (yargs takes `--maxCells` for `--max-cells`). Words after "--" are no options.
 */
function typedOptions(words: readonly string[]): { name: string; value: string; joined: boolean }[] {
  const end = words.indexOf('--');
  return (end === -1 ? words : words.slice(0, end)).flatMap((word, k, all) => {
    const joined = /^--([a-z][\w-]*)=(.*)$/.exec(word);
    const name = joined?.[1] ?? /^--([a-z][\w-]*)$/.exec(word)?.[1];
    const value = joined ? joined[2]! : all[k + 1];
    return name && value !== undefined ? [{ name: kebabField(name), value, joined: joined !== null }] : [];
  });
}

/**
 * Checks `value` by `rule`; messages show `typed`, the text on the command
 * line, when there is one. The text is what is checked: yargs' number is
 * JavaScript's Number() of it, which reads "0x3", "0b11", "0o3" and " 3 " as
 * 3 and "1e2" as 100.
 */
function checkValue(name: string, value: unknown, rule: Rule, typed?: string): number {
  const option = `--${name}`;
  const text = typed ?? (typeof value === 'string' ? value : undefined);
  const got = shownValue(text ?? value);
  if (rule.kind === 'size') return sizeInBytes(text ?? value, option);
  const n = asNumber(text ?? value, rule.kind === 'int' ? WHOLE : DECIMAL);
  if (rule.kind === 'seconds') {
    if (n === undefined || !(n > 0) || !Number.isFinite(n)) throw new UserError(`${option}: expected a positive number of seconds, got ${got}`);
    if (n > MAX_TIMEOUT_SECONDS) throw new UserError(`${option}: at most ${MAX_TIMEOUT_SECONDS} seconds (24.8 days), got ${got}`);
    return n;
  }
  if (rule.kind === 'factor') {
    if (n === undefined || !(n > 0) || !Number.isFinite(n)) throw new UserError(`${option}: expected a positive number, got ${got}`);
    if (n > rule.max) throw new UserError(`${option}: at most ${rule.max} (${rule.why}), got ${got}`);
    return n;
  }
  if (n === undefined || !Number.isInteger(n) || n < rule.min) {
    throw new UserError(`${option}: expected a whole number ≥ ${rule.min}, got ${got}`);
  }
  // Past 2^53 a double skips whole numbers: the value would not be the one typed.
  if (!Number.isSafeInteger(n)) throw new UserError(`${option}: at most ${Number.MAX_SAFE_INTEGER}, got ${got}`);
  if (rule.max !== undefined && n > rule.max) throw new UserError(`${option}: at most ${rule.max}${rule.why ? ` (${rule.why})` : ''}, got ${got}`);
  return n;
}

/** The text of a count: decimal digits, nothing else (no sign, point, exponent, radix prefix or space). */
const WHOLE = /^\d+$/;
/** The text of seconds or a factor: decimal digits with at most one point (1.5, .5, 2.). */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** A number only when the value is a number, or text of the given syntax (yargs turns "abc" into NaN, which stays refused). */
function asNumber(value: unknown, syntax: RegExp): number | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'string' && syntax.test(value)) return Number(value);
  return undefined;
}

const shownValue = (value: unknown): string =>
  typeof value === 'number' && Number.isNaN(value) ? 'something that is not a number' : `"${String(value)}"`;

/** The output-path rule for every option that writes (OUTPUT_PATHS); throws a UserError naming the first that breaks it. */
export function checkOutputs(args: Record<string, unknown>): void {
  const verb = verbOf(args);
  const inputs = inputsOf(args);
  const written = new Map<string, string>();
  for (const { name, path, option } of outputsOf(args)) {
    const resumable = name === 'output' && (verb === 'enumerate' || verb === 'sweep' || verb === 'count');
    checkOutputFile(args, inputs, written, { path, option, writer: option }, resumable);
  }
}

/** A file an output writes: its path, the option that writes it, and how a message names that writer (the option, or the option and the page). */
interface OutputFile {
  path: string;
  option: string;
  writer: string;
}

/**
 * The rule for one output file: not an input, not a file another output
 * writes (`written`, by file where it exists, else by the path it will have),
 * replaced only with --force (or continued with --resume, when `resumable`).
 */
function checkOutputFile(
  args: Record<string, unknown>,
  inputs: readonly { name: string; id: string }[],
  written: Map<string, string>,
  { path, option, writer }: OutputFile,
  resumable = false,
): void {
  const id = fileId(path);
  const key = outputKey(path);
  const twice = key === undefined ? undefined : written.get(key);
  if (twice) throw new UsageError(`${option}: ${path} is also written by ${twice}; give each output its own file`);
  if (key !== undefined) written.set(key, writer);
  if (id === undefined) return;
  refuseInput(inputs, id, option, path);
  if (!args.force && !(resumable && args.resume))
    throw new UsageError(`${option}: ${path} exists; add ${resumable ? '--resume to continue it or ' : ''}--force to replace it`);
}

/**
 * The same rule for files a run names only once it knows how many there are
 * (bench's report files in its folder), checked before the first is written:
 * no two of them, nor one of them and an output an option names, one file.
 */
export function checkLaterOutputs(args: Record<string, unknown>, files: readonly { path: string; option: string }[]): void {
  const inputs = inputsOf(args);
  const written = new Map<string, string>();
  for (const { path, option } of outputsOf(args)) {
    const key = outputKey(path);
    if (key !== undefined) written.set(key, option);
  }
  for (const { path, option } of files) checkOutputFile(args, inputs, written, { path, option, writer: `${option} (${path})` });
}

/** What tells two outputs apart: the file where it exists, else the path it will have (a link to a file not there yet is that file: the write makes it); none for standard output. */
function outputKey(path: string): string | undefined {
  const id = fileId(path);
  return id ?? (path === '-' ? undefined : `path ${resolve(linkTarget(path))}`);
}

/**
 * The whole rule for the files of LATER_OUTPUTS (a deck's pages), all the
 * verb's at once, each checked where it is written: through its link, its
 * folder must be there and writable (a usage error, as for any output
 * path); then as checkLaterOutputs.
 */
export function checkLaterFiles(args: Record<string, unknown>, files: readonly { path: string; option: string }[]): void {
  for (const { path, option } of files) checkWritable(path, option);
  checkLaterOutputs(args, files);
}

/**
 * The output-path rule's "never an input" for the files the run has read
 * that no option names (readFiles): a board or pieces file a DIMACS header
 * names is known only once the header is read, after checkOutputs. Called
 * once the puzzle is built, before anything is written.
 */
export function refuseOutputsRead(args: Record<string, unknown>): void {
  const read = readFiles();
  for (const { path, option } of outputsOf(args)) {
    const id = fileId(path);
    // Every file an option names was refused before (checkOutputs): this one the input names, as a header's c param line does.
    if (id !== undefined && read.has(id))
      throw new UsageError(`${option}: ${path} is read by this run (its input names it); write elsewhere (--force does not replace inputs)`);
  }
}

/** The files the run reads, by identity. */
function inputsOf(args: Record<string, unknown>): { name: string; id: string }[] {
  return inputFilesOf(args).flatMap(({ name, file }) => {
    const id = fileId(file);
    return id ? [{ name, id }] : [];
  });
}

/** The files the options (and positionals) name for the run to read, each with the option naming it; "-" is standard input. */
export function inputFilesOf(args: Record<string, unknown>): { name: string; file: string }[] {
  const filesOf = (name: string): string[] => (typeof args[name] === 'string' ? [String(args[name])] : []);
  const listed = (name: string): string[] => filesOf(name).flatMap((list) => list.split(',').map((file) => file.trim()));
  const named = [...INPUT_PATHS, ...(verbOf(args) === 'check-proof' ? ['proof'] : [])].flatMap((name) =>
    filesOf(name).map((file) => ({ name, file })),
  );
  return [...named, ...INPUT_LISTS.flatMap((name) => listed(name).map((file) => ({ name, file })))];
}

function refuseInput(inputs: readonly { name: string; id: string }[], id: string, option: string, path: string): void {
  const input = inputs.find((i) => i.id === id);
  if (input)
    throw new UsageError(
      `${option}: ${path} is ${input.name === 'kind' || input.name === 'cnf' ? 'the input' : `the --${input.name} file`} of this run; write elsewhere (--force does not replace inputs)`,
    );
}

const verbOf = (args: Record<string, unknown>): string => String(Array.isArray(args._) ? args._[0] : '');

/** The output files the options name, with the option as messages spell it. */
function outputsOf(args: Record<string, unknown>): { name: string; path: string; option: string }[] {
  const later = LATER_OUTPUTS[verbOf(args)] ?? [];
  return outputFilesOf(args).filter(({ name }) => !later.includes(name));
}

/**
 * Every file the options name for the run to write, a deck's pages too (by
 * the name LATER_OUTPUTS number them after): what a run stopped before it
 * wrote anything says it left as it was.
 */
export function outputFilesOf(args: Record<string, unknown>): { name: string; path: string; option: string }[] {
  const verb = verbOf(args);
  const skipped = [...(NOT_OUTPUTS[verb] ?? []), ...(OUTPUT_DIRECTORIES[verb] ?? [])];
  return pathsOf(
    args,
    OUTPUT_PATHS.filter((name) => !skipped.includes(name)),
  );
}

/** The output directories the options name (OUTPUT_DIRECTORIES). */
const outputDirectoriesOf = (args: Record<string, unknown>) => pathsOf(args, OUTPUT_DIRECTORIES[verbOf(args)] ?? []);

/** The paths these options give, with the option as messages spell it. */
function pathsOf(args: Record<string, unknown>, names: readonly string[]): { name: string; path: string; option: string }[] {
  return names.filter((name) => typeof args[name] === 'string').map((name) => ({ name, path: String(args[name]), option: optionName(name) }));
}

/**
 * An option as messages spell it, by its name or its library field (uniqueBy
 * is --unique-by): the output file is -o/--output on every verb, whatever a
 * layer below calls it (the request's out; --out is an older alias), named
 * with its short form. The one spelling of the CLI's messages, and the
 * mapping of fieldName on the command line (cli.ts).
 */
export const optionName = (name: string): string => (name === 'output' || name === 'out' ? '--output (-o)' : `--${kebabField(name)}`);

/** An existing regular file's identity (device and inode: the same through links and other spellings); undefined for none or a device. */
function fileId(path: string | undefined): string | undefined {
  if (path === undefined || path === '' || path === '-') return undefined;
  try {
    const st = statSync(path);
    return st.isFile() ? fileIdentity(st) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An output path that can be written, checked where the write goes: through a
 * symbolic link to its target (writeReplacing follows it, as a shell's `>`
 * does), so that the target's directory must exist and be writable, not the
 * link's. A device is written in place (writeReplacing), so it is the device
 * that must be writable: /dev/null was refused to any user but root, who
 * alone may write into /dev.
 */
function checkWritable(path: string, option: string): void {
  checkFileName(path, option);
  let file = path;
  try {
    file = linkTarget(path);
    if (isSpecialFile(file)) return accessSync(file, constants.W_OK);
    const parent = dirname(resolve(file));
    if (!statSync(parent).isDirectory()) throw new UsageError(`${option}: ${parent} is not a directory`);
    accessSync(parent, constants.W_OK);
    // The name itself, which its directory's checks pass: one too long (ENAMETOOLONG) failed only at the write, after the run.
    statIfThere(file);
  } catch (e) {
    if (e instanceof UserError) throw e;
    const link = file === path ? '' : ` (a link to ${resolve(file)})`;
    throw new UsageError(`${option}: cannot write "${path}"${link}: ${systemReason(e)}`);
  }
}

/** An output option's value names a file: not nothing, not a directory (a deck's pages, FILE-1.svg …, are named from it too). */
function checkFileName(path: string, option: string): void {
  if (path === '') throw new UsageError(`${option}: give a file name`);
  // No output writes to standard output by "-": it was a file named "-", replaced without --force (fileId sees no file in "-").
  if (path === '-') throw new UsageError(`${option}: "-" is not standard output here; give a file name (./- for a file named "-")`);
  // Caught here, before any verb opens it: --resume would read it, --force would try to replace it.
  if (isDirectory(path)) throw new UsageError(`${option}: "${path}" is a directory; give a file name`);
  // A name ending in "/" is a directory's, there or not: its parent passed the checks, and the write failed after the run (ENOTDIR).
  if (path.endsWith('/')) throw new UsageError(`${option}: "${path}" names a directory; give a file name`);
}

/** statSync of a path that need not exist: any failure but its absence is thrown. */
function statIfThere(path: string): void {
  try {
    statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/**
 * A file's name says what it holds, to the viewer or tool that opens it: an
 * output whose name says otherwise (SVG in x.png, plain DIMACS in FILE.xz)
 * is refused. A drawing option's file ends in no picture's ending but its
 * own; no output's file ends in a compression but the ones its verb writes
 * (PACKED_OUTPUTS). Other endings (--svg notes.txt) and none (/dev/null)
 * name no format the file contradicts.
 */
function checkNamedFormat(verb: string, name: string, path: string, option: string): void {
  const ending = /.\.([^.]+)$/.exec(basename(path))?.[1];
  if (ending === undefined) return;
  const drawing = DRAWINGS[name];
  const picture = ending.toLowerCase();
  if (drawing !== undefined && PICTURE_ENDINGS.has(picture) && picture !== name)
    throw new UsageError(`${option}: "${path}" ends in .${ending}, but ${option} writes ${drawing}; give a .${name} file name`);
  const packing = packingNamed(path);
  const written = PACKED_OUTPUTS[verb]?.[name] ?? [];
  if (packing === undefined || written.includes(packing)) return;
  const writes = written.length ? `compresses only to ${written.join(', ')}` : 'writes it uncompressed';
  throw new UsageError(`${option}: "${path}" ends in .${ending}, but ${verb} ${writes}; drop the .${ending}`);
}

/** A directory to write into: a new one, or one that exists; a file there is refused before the run, not after it (EEXIST). */
function checkDirectory(path: string, option: string): void {
  if (path === '') throw new UsageError(`${option}: give a directory name`);
  if (path === '-') throw new UsageError(`${option}: "-" is not standard output here; give a directory name (./- for one named "-")`);
  if (existsSync(path) && !isDirectory(path)) throw new UsageError(`${option}: "${path}" is a file, not a directory; give a directory`);
  // The folder is made only when the report is written, after the suite: where it cannot be, say so now.
  const existing = nearestExisting(resolve(path));
  try {
    if (!isDirectory(existing)) throw new UsageError(`${option}: cannot make the directory "${path}": ${existing} is a file`);
    accessSync(existing, constants.W_OK);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UsageError(`${option}: cannot make the directory "${path}": ${systemReason(e)}`);
  }
}

/** The path itself when it exists, else its nearest ancestor that does (the root at worst). */
function nearestExisting(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

const UNITS: Readonly<Record<string, number>> = { k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

/** Bytes from "512" (MiB), "512M", "2G", "1.5g", "64K", "2GiB", "2GB" ... (a "B" alone is no unit: "512B" is refused, not 512 MiB). */
export function sizeInBytes(value: unknown, option: string): number {
  const m = /^(\d+\.?\d*|\.\d+)(?:([kmgt])i?b?)?$/i.exec(String(value));
  const bytes = m ? Number(m[1]) * UNITS[(m[2] ?? 'm').toLowerCase()]! : NaN;
  if (!(bytes >= MIN_MEMORY_BYTES) || !Number.isFinite(bytes))
    throw new UserError(`${option}: expected an amount of memory of at least 1M (a number of MiB, or with K, M, G or T), got ${shownValue(value)}`);
  // A bound the machine cannot give is no bound: the memo would grow until the system killed the run, its summary unwritten.
  if (bytes > totalmem())
    throw new UserError(`${option}: at most this machine's memory, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, got ${shownValue(value)}`);
  return Math.floor(bytes);
}

/** An option of RULES checked by its rule, or undefined when it is absent: for verbs that read one directly (bench's settings). */
export function ruledValue(name: string, value: unknown): number | undefined {
  return value === undefined ? undefined : checkValue(name, value, RULES[name]!);
}

/** A whole number ≥ 1, or undefined when the option is absent (the rule of RULES for verbs that read it directly). */
export function positiveInt(value: unknown, option: string): number | undefined {
  if (value === undefined) return undefined;
  return checkValue(option.replace(/^--/, ''), value, count(1));
}
