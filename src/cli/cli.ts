/** The command line (main.ts, the entry, loads it once Ctrl-C is heard). */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import * as bench from './bench.js';
import * as checkProof from './check-proof.js';
import * as count from './count.js';
import * as decode from './decode.js';
import * as dobble from './dobble.js';
import * as encode from './encode.js';
import * as enumerate from './enumerate.js';
import * as explain from './explain.js';
import * as list from './list.js';
import * as optimize from './optimize.js';
import * as solve from './solve.js';
import * as solvers from './solvers.js';
import * as sweep from './sweep.js';
import * as verify from './verify.js';
import * as worker from './worker.js';
import {
  PUZZLES,
  UserError,
  didYouMean,
  kebabField,
  limitsFromOptions,
  setRunDeadline,
  setSetUpRunner,
  setSizeLimits,
  systemReason,
} from '../index.js';
import {
  checkAfterDashes,
  checkBooleanWords,
  checkDashedTexts,
  checkNegations,
  checkNumericOptions,
  checkOutputs,
  refuseOutputsRead,
  checkTypedValues,
  joinStdinValues,
  shortNames,
} from './options.js';
import { interruptibleSetUp, userMessage } from './common.js';
import { useFieldNames } from './names.js';

// The layers below name the fields a caller gave as the library spells them (board, maxCells): on the
// command line they are its options (--board, --max-cells), the one mapping of optionName; the calls
// they advise (the library's CATALOGUE, puzzles.byName) are command lines. Worker threads take it on too.
useFieldNames();

// A reader that closes the pipe early (`puzzlesat encode ... | head`) is not an error; any other
// write error (a full disk: `> /dev/full`) is one line and exit 1, in every verb.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  process.stderr.write(`puzzlesat: cannot write the output: ${systemReason(e)}\n`);
  process.exit(1);
});
// Nothing can be said when stderr itself fails: the exit code tells.
process.stderr.on('error', () => process.exit(1));

const VERBS_WITH_A_PUZZLE = new Set(['solve', 'enumerate', 'count', 'encode', 'explain']);
const puzzleList = PUZZLES.map((p) => p.name).join(', ');

/** The options of the verb being parsed (yargs' typings leave out getOptions()). */
const verbOptions = () =>
  (
    cli as unknown as { getOptions(): { key: Record<string, unknown>; boolean: string[]; string: string[]; alias: Record<string, string[]> } }
  ).getOptions();

/** The verb's boolean options as typed (checkBooleanWords), by the verb's table of options. */
function checkBooleans(words: readonly string[]): void {
  const known = verbOptions();
  checkBooleanWords(words, new Set(known.boolean), shortNames(known.alias));
}

/**
 * A usage problem (unknown option, missing argument, bad choice): one line
 * and exit 2, the convention that tells it from a failed run (1). A missing
 * puzzle names the puzzles there are.
 */
function usageError(msg: string | undefined, err: Error | undefined): never {
  const known = verbOptions();
  // A value yargs misread (checkTypedValues, checkDashedTexts) is the error to name, not the unknown options it made of it.
  try {
    checkTypedValues(hideBin(process.argv));
    if (/^Unknown arguments?: /.test(String(msg))) {
      // `-q=` left yargs an unknown "=".
      checkBooleans(hideBin(process.argv));
      checkDashedTexts(hideBin(process.argv), new Set(known.string), new Set(Object.keys(known.key).filter((k) => k.length === 1)));
    }
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    msg = e.message;
  }
  let text = String(msg ?? err?.message)
    .replace(/:\s*\n\s*/g, ': ')
    .replace(/\s*\n\s*/g, '; ');
  const verb = hideBin(process.argv)[0] ?? '';
  // "Unknown argument: presett": suggest the option it is a typo of.
  const options = Object.keys(known.key).filter((k) => k.length > 1 && !/[A-Z]/.test(k));
  text = text.replace(/^(Unknown arguments?: )(.*)$/, (_, head: string, names: string) => {
    // yargs names each unknown kebab-case option twice, as typed and as its camelCase twin: keep what was typed.
    const typed = names.split(', ').filter((name, _i, all) => !/[A-Z]/.test(name) || !all.includes(kebabField(name)));
    const listed = typed
      .map((name) => `${asTyped(name)}${didYouMean(name, options).replace(/mean (\S+)\?/, 'mean --$1?')}${afterFlag(name, known.boolean)}`)
      .join(', ');
    return (typed.length === 1 ? 'Unknown argument: ' : head) + listed;
  });
  const missing = /^Not enough non-option arguments: got (\d+)/.exec(text);
  if (missing && VERBS_WITH_A_PUZZLE.has(verb)) {
    text = `${verb}: name a puzzle: ${puzzleList}${verb === 'encode' ? '' : ', or a .cnf file'} (puzzlesat list puzzles)`;
  } else if (missing) {
    text = missingPositionals(hideBin(process.argv), Number(missing[1]));
  }
  // yargs says "Invalid values: Argument: X, Given: "v", Choices: "a", "b""; name the option as it is typed.
  // A positional (list's topic) is named as such, not as an option nobody can type.
  text = text.replace(/^Invalid values: Argument: ([\w-]+), Given: (.*?), Choices: (.*)$/, (_, name: string, given: string, choices: string) => {
    const plain = choices.replace(/"/g, '');
    const where = process.argv.some((a) => a === `--${name}` || a.startsWith(`--${name}=`)) ? `--${name}` : `${verb}: the ${name}`;
    return `${where}: expected one of ${plain}, got ${given}${didYouMean(given.replace(/"/g, ''), plain.split(', '))}`;
  });
  process.stderr.write(`puzzlesat: ${userMessage(text)}\n`);
  process.exit(2);
}

/**
 * An unknown argument as it was typed: yargs names an option without its
 * dashes, as it names a stray word ("Unknown argument: o" for `list -o x`),
 * so that which of the two it was did not show. A stray word stays as it is.
 */
function asTyped(name: string): string {
  const args = hideBin(process.argv);
  const end = args.indexOf('--');
  const words = end === -1 ? args : args.slice(0, end);
  const long = words.map((w) => /^--([^=]+)/.exec(w)?.[1]).find((typed) => typed !== undefined && kebabField(typed) === kebabField(name));
  if (long !== undefined) return `--${long}`;
  const short = name.length === 1 && words.some((w) => /^-[^-]/.test(w) && w.slice(1).split('=')[0]!.includes(name));
  return short ? `-${name}` : name;
}

/**
 * Why a word is unknown when it follows a boolean option (`--flip no`): the
 * option takes no value, so yargs made the word an argument of its own.
 */
function afterFlag(word: string, booleans: readonly string[]): string {
  const args = hideBin(process.argv);
  const flag = /^--([a-z][\w-]*)$/.exec(args[args.indexOf(word) - 1] ?? '')?.[1];
  return flag !== undefined && booleans.includes(flag) ? ` (--${flag} takes no value: --no-${flag} or --${flag}=false turns it off)` : '';
}

/** The verbs' command lines ('check-proof <cnf> <proof>'), each naming its positionals. */
const COMMANDS = [
  ...[checkProof, count, decode, encode, enumerate, explain, optimize, solve, sweep].map((m) => m.command),
  `dobble ${dobble.checkCommand}`,
];

/**
 * "check-proof: missing <proof>; usage: puzzlesat check-proof <cnf> <proof>",
 * for yargs' "Not enough non-option arguments: got 1": the command whose
 * words before its positionals were typed (`dobble check`, not `dobble`).
 */
function missingPositionals(args: readonly string[], got: number): string {
  const words = (command: string) => command.split(' ').filter((w) => !w.startsWith('<'));
  const command = COMMANDS.find((c) => words(c).every((w, k) => args[k] === w)) ?? args[0] ?? '';
  const typed = words(command).join(' ');
  const required = command.split(' ').filter((w) => w.startsWith('<'));
  return `${typed}: missing ${required.slice(got).join(' ') || 'an argument'}; usage: puzzlesat ${command} [options] (puzzlesat ${typed} --help)`;
}

/**
 * yargs prints the completion script before strict mode sees an argument
 * after `completion`, so `puzzlesat completion extra >> ~/.bashrc` would
 * append the script and then fail: refuse it first. (Shells ask for
 * completions with --get-yargs-completions, never through this verb.)
 */
function refuseCompletionArguments(args: readonly string[]): void {
  const extra = args[0] === 'completion' ? args.slice(1).find((a) => !a.startsWith('-')) : undefined;
  if (extra !== undefined) usageError(`completion takes no argument, got "${extra}"`, undefined);
}

/**
 * Words after "--", refused here for every verb, before yargs reads a word:
 * yargs made its own complaint of them (`solve -- a.cnf` was "name a
 * puzzle") or answered --help (`solve --help -- x` printed the help, exit 0).
 */
function refuseAfterDashes(args: readonly string[]): void {
  // A shell asking for completions gets none there, as before, not an error in the middle of the line being typed.
  if (args[0] === '--get-yargs-completions') return;
  try {
    checkAfterDashes(args);
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    usageError(e.message, undefined);
  }
}

const EPILOG = [
  `Puzzles: ${puzzleList} (puzzlesat list puzzles says what each is).`,
  'Exit codes: 0 success, 1 error, 2 usage error, 130 interrupted (Ctrl-C); solve --sat-exit-codes: 10 SAT, 20 UNSAT.',
  'Progress is drawn on stderr when it is a terminal (--quiet: never).',
].join('\n');

/** `puzzlesat <verb> <kind> [options]`: one contract across puzzles; the kind is the verb's positional, so that `--puzzle NAME` (a catalogue puzzle) is an option of its own. */
const cli = yargs(joinStdinValues(hideBin(process.argv)));
refuseAfterDashes(hideBin(process.argv));
refuseCompletionArguments(hideBin(process.argv));
await cli
  .scriptName('puzzlesat')
  .usage('$0 <verb> <kind> [options]')
  // Every option value is checked once, here, before any verb starts work: a bad one is a usage error.
  .middleware((argv) => {
    try {
      checkTypedValues(hideBin(process.argv));
      const known = verbOptions();
      checkNegations(hideBin(process.argv), new Set(Object.keys(known.key)), new Set(known.boolean));
      checkBooleans(hideBin(process.argv));
      checkNumericOptions(argv, hideBin(process.argv));
      setSizeLimits(limitsFromOptions(argv));
      // --timeout counts from the process's start (performance.timeOrigin), as a summary's seconds do:
      // loading the program and building the formula spend it too.
      if (typeof argv.timeout === 'number') setRunDeadline(performance.timeOrigin + argv.timeout * 1000);
      // Ctrl-C is heard while the formula is built too, which no signal handler is (common.ts). Once built, the
      // puzzle has read all it reads, files a DIMACS header names too: no output may be one of them.
      setSetUpRunner(async (work) => {
        const built = await interruptibleSetUp(work);
        refuseOutputsRead(argv);
        return built;
      });
      // The output-path rule (options.ts) as a whole is a usage error, exit 2: each part of it, a folder that is
      // not there, a file in the way without --force, an input or another output's file, is an option value the
      // run refuses before any work, fixed by changing the command line. (A file in the way was exit 1, a missing folder 2.)
      checkOutputs(argv);
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      usageError(e.message, undefined);
    }
  })
  .command(solve as never)
  .command(enumerate as never)
  .command(optimize as never)
  .command(count as never)
  .command(encode as never)
  .command(decode as never)
  .command(explain as never)
  .command(list as never)
  .command(solvers as never)
  .command(sweep as never)
  .command(verify as never)
  .command(dobble as never)
  .command(bench as never)
  .command(worker as never)
  .command(checkProof as never)
  .completion('completion', 'print a bash/zsh completion script (puzzlesat completion >> ~/.bashrc)')
  .option('force', {
    type: 'boolean',
    global: true,
    describe: 'replace existing output files (-o, --svg, --png, --proof, --histogram); never a file the run reads',
  })
  .option('quiet', {
    alias: 'q',
    type: 'boolean',
    global: true,
    describe: 'no progress bar or spinner on stderr (they are only drawn on a terminal anyway)',
  })
  .demandCommand(
    1,
    'name a verb: solve, enumerate, count, optimize, encode, decode, explain, bench, list, solvers, sweep, verify, dobble, check-proof, worker, completion',
  )
  .example('$0 solve pentomino --preset 8x8-square', 'one tiling of the 8x8 board with the 2x2 square')
  .example('$0 enumerate soma --unique --solver dlx', 'the 480 classes of the Soma cube under rotations')
  .epilog(EPILOG)
  .strict()
  .recommendCommands()
  .fail(usageError)
  .help()
  .version()
  // After --help or --version yargs would exit at once, before a failed write to stdout (`> /dev/full`) is reported: let the process end by itself.
  .exitProcess(false)
  .wrap(Math.min(110, process.stdout.columns || 80))
  .parseAsync();
