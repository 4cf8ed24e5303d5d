import { existsSync } from 'node:fs';
import type { Argv } from 'yargs';
import {
  DeadlineReached,
  dobblePages,
  defaultSolverName,
  algebraicDeck,
  checkFlatDeck,
  type Deck,
  type DeckMethod,
  deckMethod,
  deckProblem,
  DOBBLE_VARIABLES,
  type DobbleVariables,
  nameDeck,
  parseSymbols,
  planeSize,
  planInstance,
  puzzleArgsOf,
  readDeck,
  isSpecialFile,
  pageCount,
  pairwiseBeatsLines,
  resolvePlan,
  runPlan,
  searchMayNotEnd,
  type SolvePlan,
  type Status,
  symbolCount,
  symbolsLowerBound,
  symbolsNeeded,
  UsageError,
  UserError,
  readTextFile,
  readTextInput,
  removeReplaced,
  systemReason,
  writeDrawing,
} from '../index.js';
import {
  type Args,
  answerOutputOption,
  commonOptions,
  counted,
  formulaSize,
  guarded,
  guardedAnswer,
  interruptFlag,
  optionName,
  planRequest,
  positiveInt,
  runSeconds,
  scaleOption,
  userMessage,
  writeAnswer,
} from './common.js';
import { checkLaterFiles, shiftedValue } from './options.js';
import { withProgress } from './progress.js';

/**
 * `puzzlesat dobble`: a deck of K cards with m symbols each, every two cards
 * sharing exactly one symbol, from the projective plane of order m - 1
 * (algebraic) or from a SAT solver; `puzzlesat dobble check FILE` validates
 * any deck. Decks print one card a line with a `#` summary, so the output
 * reads back into `dobble check`.
 */
export const command = 'dobble';
export const describe = 'make a Dobble / Spot it! deck (every two cards share exactly one symbol), or check one';

const DECK_OPTIONS = [
  'solver',
  'amo',
  'card',
  'json',
  'timeout',
  'symbols-per-card',
  'order',
  'cards',
  'symbols',
  'method',
  'max-symbols',
  'symmetry-breaking',
  'symmetry-steps',
  'variables',
  'svg',
  'png',
  'seed',
  'output',
] as const;

/** Options that only mean something to the SAT method. */
const SAT_ONLY = ['solver', 'amo', 'card', 'timeout', 'max-symbols', 'symmetry-breaking', 'symmetry-steps', 'variables'] as const;

/** `dobble check`'s command line (the CLI's usage errors quote it). */
export const checkCommand = 'check <deck>';

/** How deck and symbols files take comments (parseDeck), said once for both options' help. */
const COMMENT_RULE = 'a # at the start of a line or after a space starts a comment, so C# is a name';

const check = {
  command: checkCommand,
  describe: `check a deck file (one card a line, symbols split by spaces, or by commas when the line has one; ${COMMENT_RULE})`,
  builder: (y: Argv) =>
    y
      .positional('deck', { type: 'string', describe: 'the deck file ("-": standard input)' })
      .option('json', { type: 'boolean', describe: 'the verdict as JSON on stdout (status VALID or INVALID)' }),
  handler: (args: Args) =>
    guarded(args, async () => {
      // A check writes nothing and has nothing to report part-way, and its work is synchronous (a stop is not heard until
      // it ends): Ctrl-C ends it at once, as by default. It was heard after the check, which had said OK with exit 0.
      const stop = await interruptFlag();
      stop.release();
      if (stop.stopped()) return;
      // yargs hands a lone "-" over as "": standard input, named <stdin> in messages as a DIMACS file read from it is.
      const fromStdin = args.deck === '-' || args.deck === '';
      const file = fromStdin ? '<stdin>' : String(args.deck);
      const text = fromStdin ? readTextInput(0, file) : readTextFile(file, 'dobble check');
      const deck = readDeck(text, file);
      const result = checkFlatDeck(deck);
      const { lines } = deck;
      if (args.json) {
        // The summary contract: a check solves nothing (solver null) and is always complete.
        const shape = result.ok
          ? { cards: result.cards, symbolsPerCard: result.symbolsPerCard, symbols: result.symbols }
          : { problem: result.problem, lines: result.at.map((c) => lines[c]!) };
        const summary = {
          status: result.ok ? 'VALID' : 'INVALID',
          puzzle: 'dobble',
          params: { deck: file },
          count: result.ok ? 1 : 0,
          complete: true,
          vars: 0,
          clauses: 0,
          solver: null,
          seconds: runSeconds(),
          ...shape,
        };
        process.stdout.write(JSON.stringify(summary) + '\n');
        return result.ok ? 0 : 1;
      }
      if (!result.ok) {
        // The symbols are the deck's, as written: shown as every message is (an ESC in one drove the terminal).
        process.stderr.write(`puzzlesat: ${userMessage(deckProblemLine(file, lines, result))}\n`);
        return 1;
      }
      process.stdout.write(
        `OK: ${counted(result.cards, 'card')}, ${counted(result.symbolsPerCard, 'symbol')} per card, ${counted(result.symbols, 'symbol')}; every two cards share exactly one\n`,
      );
      return 0;
    }),
};

const deckOptions = (y: Argv) =>
  answerOutputOption(
    scaleOption(commonOptions(y)),
    'the deck (one card a line and a # summary, a file `dobble check` reads; with no deck, FILE is not written, an earlier FILE is removed under --force, and the answer goes to stderr)',
  )
    .command(check as never)
    .option('symbols-per-card', { type: 'number', describe: 'symbols on each card (m ≥ 2)' })
    .option('order', { type: 'number', describe: 'order n: cards of n + 1 symbols, as encode dobble --order n (--symbols-per-card n + 1)' })
    .option('cards', { type: 'number', describe: 'deck size K (default the most there can be: m² - m + 1)' })
    .option('symbols', {
      type: 'string',
      describe: `a file of symbol names, one a line (words, emoji, image files; ${COMMENT_RULE}); default numbers from 0`,
    })
    .option('method', {
      type: 'string',
      choices: ['algebraic', 'sat'],
      describe:
        'algebraic (projective plane, needs m - 1 a prime power; the default) or sat (any m, proves impossibility; open-ended where m - 1 is not a prime power, as for 7 and 11 symbols, whose planes of order 6 and 10 do not exist: give --timeout S)',
    })
    .option('max-symbols', { type: 'number', describe: 'SAT method: use at most this many symbols (default m² - m + 1)' })
    .option('symmetry-breaking', {
      type: 'boolean',
      describe: 'SAT method: symmetry-breaking clauses (default on; --no-symmetry-breaking drops them)',
    })
    .option('symmetry-steps', { type: 'string', describe: 'SAT method: which symmetry-breaking steps (puzzlesat solve dobble --help lists them)' })
    .option('variables', {
      type: 'string',
      choices: DOBBLE_VARIABLES,
      describe:
        'SAT method: incidence (card holds symbol; the default), mols (full deck: n - 1 orthogonal Latin squares) or cyclic (full deck: the translates of one card, cyclic planes only)',
    })
    .option('svg', {
      type: 'string',
      describe:
        'printable cards, to a .svg FILE: FILE itself when they fit one page, else one file a page, FILE-1.svg, FILE-2.svg, ... (its .svg dropped)',
    })
    .option('png', { type: 'string', describe: 'the same pages as PNG, to a .png FILE: FILE, or FILE-1.png, FILE-2.png, ... (one file a page)' })
    .option('seed', { type: 'number', describe: 'seed of the random symbol sizes and turns in --svg (default 1)' })
    .example('$0 dobble --symbols-per-card 8', 'the 57-card deck of the projective plane of order 7')
    .example('$0 dobble --symbols-per-card 8 --cards 55 --symbols examples/symbols-57.txt --svg deck.svg', 'a named 55-card deck, printable')
    .example('$0 dobble --symbols-per-card 7 --method sat', 'proves that no 43-card deck of 7 symbols exists')
    .example(
      '$0 dobble --symbols-per-card 8 --method sat --variables mols --solver cadical',
      'the 57-card deck by SAT over 6 orthogonal Latin squares',
    )
    .example(
      '$0 dobble --symbols-per-card 10 --method sat --variables cyclic',
      'the 91-card deck by SAT: one card whose translates mod 91 are the deck',
    )
    .example('$0 dobble check examples/deck-7.txt', 'validate any deck');

export const builder = (y: Argv) => localOnly(deckOptions(y), DECK_OPTIONS);

/**
 * Options are global in yargs: made local, the deck-making ones are rejected
 * by `dobble check` instead of ignored. (yargs takes global(keys, false);
 * @types/yargs 17 lacks the second argument.)
 */
function localOnly<T>(y: Argv<T>, keys: readonly string[]): Argv<T> {
  return (y as Argv<T> & { global(keys: readonly string[], global: boolean): Argv<T> }).global(keys, false);
}

/** What a method found: a deck, or a proof (UNSAT) or timeout (UNKNOWN) without one. */
interface Outcome {
  status: Status;
  deck?: Deck;
  solver: string;
  vars: number;
  clauses: number;
  /** Why there is no answer, when it is not the solver's time limit. */
  reason?: string;
}

/** Everything the output says about one run. */
interface Report {
  method: DeckMethod;
  symbolsPerCard: number;
  cards: number;
  maxSymbols?: number;
  /** The SAT model asked for (--variables): what an UNSAT answer rules out depends on it. */
  variables?: DobbleVariables;
  timeout?: number;
  outcome: Outcome;
  /** The deck as printed: symbol names, or numbers without --symbols. */
  named?: (string | number)[][];
  seconds: number;
  svg?: string[];
  png?: string[];
}

export const handler = (args: Args) =>
  guardedAnswer(args, async () => {
    const m = symbolsPerCard(args);
    const k = deckSize(args.cards, m);
    const { method, note } = deckMethod(args.method as DeckMethod | undefined, m, k);
    if (note) process.stderr.write(`puzzlesat: note: ${note}\n`);
    // Someone at a terminal without a limit would otherwise wait on a search that may never answer.
    if (method === 'sat' && args.timeout === undefined && process.stderr.isTTY && searchMayNotEnd(m, args.variables as DobbleVariables | undefined))
      process.stderr.write(
        `puzzlesat: note: ${m - 1} is not a prime power: this SAT search may not end (a partial deck of few cards is quick); --timeout S stops it with an incomplete answer (UNKNOWN)\n`,
      );
    if (method === 'algebraic') rejectSatOptions(args);
    if (args.seed !== undefined && args.svg === undefined && args.png === undefined)
      throw new UsageError('--seed sets the --svg layout: it needs --svg FILE (or --png FILE)');
    const symbolsFile = args.symbols === undefined ? undefined : String(args.symbols);
    const names = symbolsFile === undefined ? undefined : parseSymbols(readTextFile(symbolsFile, '--symbols'), symbolsFile);
    // Every deck of k cards needs this many symbols, so too few names is known before a search that may take hours.
    const fewest = symbolsLowerBound(k, m);
    if (names && names.length < fewest)
      throw new UserError(`${symbolsFile} has ${names.length} symbol names but a deck of ${k} cards with ${m} symbols each needs at least ${fewest}`);
    const asked = positiveInt(args['max-symbols'], '--max-symbols');
    if (asked !== undefined && asked < m) throw new UsageError(`--max-symbols: ${asked} is too few for cards of ${m} symbols each`);
    // The names are the symbols there are: a SAT deck free to use all m² - m + 1 could not be named after the search.
    const maxSymbols = asked ?? (method === 'sat' && names && names.length < planeSize(m - 1) ? names.length : undefined);
    // Every page file is named and checked before the search, where it is written (by the one output-path rule): k cards fill a known
    // number of pages, FILE-1 … FILE-N when more than one, and FILE itself is then no file the run writes.
    const [svgPaths, pngPaths] = [outputPages(args, 'svg', k), outputPages(args, 'png', k)];
    // The pages an earlier, larger deck left past these are in the way as these are: replaced (removed) only with --force.
    const earlier = [...earlierPages(args, 'svg', svgPaths), ...earlierPages(args, 'png', pngPaths)];
    checkLaterFiles(args, [
      ...(svgPaths ?? []).map((path) => ({ path, option: '--svg' })),
      ...(pngPaths ?? []).map((path) => ({ path, option: '--png' })),
      ...earlier.map(({ path, option }) => ({ path, option: `--${option}` })),
    ]);

    // k cards of m symbols name at most k·m: more room changes no answer of this one-deck verb, only the formula's size
    // (--max-symbols 1000000000 was refused by the literal limit). count and enumerate keep it: there it changes the models.
    const room = maxSymbols === undefined ? undefined : Math.min(maxSymbols, k * m);
    const outcome = method === 'algebraic' ? algebraic(m - 1, k) : await bySat(m - 1, k, room, args);
    const time = runSeconds();

    const deck = outcome.deck;
    if (deck) {
      const problem = deckProblem(deck, {
        cards: k,
        symbolsPerCard: m,
        maxSymbols: method === 'sat' ? (maxSymbols ?? planeSize(m - 1)) : undefined,
      });
      if (problem) throw new Error(`the ${method} deck fails its check: ${problem}`);
    }
    const named = deck && (names ? nameDeck(deck, names, symbolsFile) : deck);
    if (named && (svgPaths || pngPaths)) await writePages(named, { svg: svgPaths, png: pngPaths }, args);
    const [svg, png] = named ? [svgPaths, pngPaths] : [];
    const report: Report = {
      method,
      symbolsPerCard: m,
      cards: k,
      maxSymbols,
      variables: args.variables as DobbleVariables | undefined,
      timeout: args.timeout as number | undefined,
      outcome,
      named,
      seconds: time,
      svg,
      png,
    };
    // No deck: the files that would have held it must not keep an earlier run's (--json's -o is the summary, written below).
    if (!named)
      removeEarlierDeck(
        args,
        [
          ...(args.json || args.output === undefined ? [] : [{ path: String(args.output), option: 'output' }]),
          ...pageFiles(svgPaths, 'svg'),
          ...pageFiles(pngPaths, 'png'),
          ...earlier,
        ],
        () => "an earlier run's: this run has no deck",
      );
    else removeEarlierDeck(args, earlier, (n) => (n === 1 ? 'a page of an earlier deck' : 'pages of an earlier deck'));
    if (args.json) writeAnswer(args, JSON.stringify(jsonSummary(report)) + '\n');
    else if (!named && args.output !== undefined) {
      // -o FILE is the deck, a file `dobble check` reads: the one-line answer of no deck written there passed
      // as a deck of one card. Like the --svg pages of no deck, FILE is not written, and the answer goes to stderr.
      // (--json's FILE is the summary, written either way: its status and null cards say there is no deck.)
      process.stderr.write(`${String(args.output)} not written: ${textReport(report)}`);
    } else {
      writeAnswer(args, textReport(report));
      for (const paths of [svg, png])
        if (paths)
          process.stderr.write(`wrote ${paths.length === 1 ? paths[0] : `${paths.length} pages, one file a page: ${paths[0]} … ${paths.at(-1)}`}\n`);
    }
    for (const note of [strayFileNote(args, 'svg', svg), strayFileNote(args, 'png', png)]) if (note) process.stderr.write(`puzzlesat: ${note}\n`);
    // No deck is an answer too (UNSAT proves there is none), not a failure.
    return { code: 0, complete: jsonSummary(report).complete };
  });

/** A run's output files, each with the option that names it. */
interface OutputFile {
  path: string;
  option: string;
}

const pageFiles = (paths: readonly string[] | undefined, option: 'svg' | 'png'): OutputFile[] => (paths ?? []).map((path) => ({ path, option }));

/**
 * Files of an earlier deck, removed where --force let the run replace them
 * (an existing file is refused before the search without it, so none is
 * touched then): the deck files of a run that found none, where an earlier
 * deck reads as this run's answer, and the pages a larger deck left past
 * this one's (earlierPages). Said on stderr, as the files written are, with
 * `why` they went for so many files.
 */
function removeEarlierDeck(args: Args, files: readonly OutputFile[], why: (removed: number) => string): void {
  if (!args.force) return;
  const removed = files.filter(({ path, option }) => {
    try {
      return removeReplaced(path);
    } catch (e) {
      throw new UserError(`${optionName(option)}: cannot remove the earlier "${path}": ${systemReason(e)}`);
    }
  });
  if (removed.length > 0) process.stderr.write(`removed ${removed.map((f) => f.path).join(', ')} (${why(removed.length)})\n`);
}

/** The CLI's --json contract (count, complete, vars, clauses, solver, seconds) plus the deck. */
function jsonSummary(r: Report) {
  const deck = r.outcome.deck;
  return {
    status: r.outcome.status,
    puzzle: 'dobble',
    params: {
      symbolsPerCard: r.symbolsPerCard,
      cards: r.cards,
      method: r.method,
      ...(r.maxSymbols === undefined ? {} : { maxSymbols: r.maxSymbols }),
      ...(r.variables === undefined ? {} : { variables: r.variables }),
    },
    cards: r.named ?? null,
    symbols: deck ? symbolCount(deck) : null,
    symbolsPerCard: r.symbolsPerCard,
    order: r.symbolsPerCard - 1,
    count: deck ? 1 : 0,
    complete: r.outcome.status !== 'UNKNOWN',
    vars: r.outcome.vars,
    clauses: r.outcome.clauses,
    solver: r.outcome.solver,
    seconds: r.seconds,
    method: r.method,
    ...(r.outcome.reason ? { reason: r.outcome.reason } : {}),
    ...(r.svg ? { svg: r.svg } : {}),
    ...(r.png ? { png: r.png } : {}),
  };
}

/** The deck one card a line and a `#` summary line, or the one-line answer when there is no deck. */
function textReport(r: Report): string {
  const { outcome, symbolsPerCard: m, cards: k } = r;
  const n = m - 1;
  const time = `${r.seconds.toFixed(2)} s`;
  if (r.named) {
    // The full deck is named the plane first: of order 1 it is also the pairwise deck (the triangle), yet it is the whole plane.
    const how =
      r.method !== 'algebraic'
        ? `SAT: ${outcome.solver}, ${time}, ${formulaSize(outcome)}`
        : k !== planeSize(n) && pairwiseBeatsLines(n, k)
          ? `algebraic: every two cards get a symbol of their own, ${time}`
          : `algebraic: ${k === planeSize(n) ? 'the' : `${k} of the ${planeSize(n)} lines of the`} projective plane of order ${n}, ${time}`;
    return `${formatDeck(r.named)}# ${counted(k, 'card')}, ${m} symbols per card, ${symbolCount(outcome.deck!)} symbols (${how})\n`;
  }
  if (outcome.status === 'UNSAT') return `${impossibility(k, m, r.maxSymbols, r.variables)} (UNSAT, proved by SAT in ${time})\n`;
  // The normalised models keep every plane and are slow from order 9 on; the cyclic one is fast where a cyclic plane exists.
  const hint =
    r.variables !== 'cyclic' && k === planeSize(n) && r.maxSymbols === undefined
      ? '; --variables cyclic looks for a cyclic deck (the translates of one card), fast for prime-power orders'
      : '';
  return `no answer from ${outcome.solver}${r.timeout === undefined ? '' : ` within ${r.timeout} s`} (UNKNOWN${outcome.reason ? `: ${outcome.reason}` : ''})${hint}\n`;
}

/** The problem at FILE:LINE of the card it is about, with the line of the other card it names (FILE alone for none). */
function deckProblemLine(file: string, lines: ArrayLike<number>, { problem, at }: { problem: string; at: readonly number[] }): string {
  const [card, other] = at;
  if (card === undefined) return `${file}: ${problem}`;
  return `${file}:${lines[card]}: ${problem}${other === undefined ? '' : ` (card ${other + 1} is on line ${lines[other]})`}`;
}

/** m, by --symbols-per-card m or --order m - 1, as the option-value rules (options.ts) have checked it. */
function symbolsPerCard(args: Args): number {
  const m = shiftedValue(args, 'symbols-per-card');
  if (m === undefined) throw new UsageError('dobble: give --symbols-per-card M or --order N, its M - 1 (or `dobble check FILE` to check a deck)');
  return m;
}

/** K, at most the m² - m + 1 cards of a plane (more need a symbol on every card, a deck not built here: an option value this tool does not take). */
function deckSize(value: unknown, m: number): number {
  const k = positiveInt(value, '--cards') ?? planeSize(m - 1);
  if (k > planeSize(m - 1)) throw new UsageError(`--cards: ${symbolsNeeded(k, m).message}`);
  return k;
}

function rejectSatOptions(args: Args): void {
  const given = SAT_ONLY.find((o) => args[o] !== undefined);
  if (given) throw new UsageError(`--${given} is for the SAT method: add --method sat`);
}

function algebraic(n: number, k: number): Outcome {
  return { status: 'SAT', deck: algebraicDeck(n, { cards: k }), solver: 'algebraic', vars: 0, clauses: 0 };
}

/** The deck as the dobble puzzle solved: its options by the puzzle's names, the plan resolved and run as `solve dobble` would. */
async function bySat(n: number, k: number, maxSymbols: number | undefined, args: Args): Promise<Outcome> {
  const { solver, timeout } = planRequest(args);
  // The deck's own shape last: the verb's reading of it (the room bySat is given) over the options as typed.
  const deckArgs = { ...puzzleArgsOf(args), order: n, cards: k, 'max-symbols': maxSymbols };
  // Ctrl-C stops the search, and the deck is reported UNKNOWN as at a --timeout (exit 130). Listened for
  // from the start: pressed while the formula is built, the build stops there (interruptibleSetUp), as at a --timeout.
  const stop = await interruptFlag();
  try {
    const plan = (await resolvePlan('dobble', { verb: 'solve', args: deckArgs, solver, timeout })) as SolvePlan;
    const instance = planInstance(plan);
    const { status, solution, solver: ran } = await runPlan(plan, { signal: stop.signal });
    return { status, deck: solution as Deck | undefined, solver: ran, vars: instance.cnf.varCount, clauses: instance.cnf.clauseCount };
  } catch (e) {
    // Out of time while the deck's formula was still being built: no answer, but the report (and its hint) as for any other.
    if (e instanceof DeadlineReached)
      return { status: 'UNKNOWN', solver: solver ?? defaultSolverName('solve'), vars: 0, clauses: 0, reason: e.message };
    throw e;
  } finally {
    stop.release();
  }
}

/**
 * What UNSAT proves. The encoding leaves out decks with one symbol on every
 * card (K > m), which only fit when at least 1 + K(m - 1) symbols are allowed.
 * The cyclic model has only the translates of one card, so its UNSAT rules
 * out those decks alone.
 */
function impossibility(k: number, m: number, maxSymbols: number | undefined, variables: DobbleVariables | undefined): string {
  if (variables === 'cyclic')
    return `no cyclic deck (the translates of one card mod ${k}) of ${k} cards with ${m} symbols each exists; other decks are not ruled out (drop --variables cyclic)`;
  const within = maxSymbols === undefined ? '' : ` using at most ${maxSymbols} symbols`;
  const aside = k > m && (maxSymbols ?? planeSize(m - 1)) >= 1 + k * (m - 1) ? ', other than those with one symbol on every card,' : '';
  return `no deck${aside} of ${k} cards with ${m} symbols each exists${within}`;
}

/** One card a line, in the deck-file format: commas between names when a name has a space. */
function formatDeck(cards: readonly (readonly (string | number)[])[]): string {
  const separator = cards.some((card) => card.some((s) => /\s/.test(String(s)))) ? ', ' : ' ';
  return cards.map((card) => card.join(separator) + '\n').join('');
}

/** The files --svg or --png will write for a deck of k cards; undefined without the option. */
function outputPages(args: Args, format: 'svg' | 'png', cards: number): string[] | undefined {
  return args[format] === undefined ? undefined : pagePaths(String(args[format]), pageCount(cards), format);
}

/**
 * FILE itself for one page; FILE-1 … FILE-N (the extension kept) for more.
 * The pages are named from FILE, so FILE ends in the format's own ending:
 * deck.txt made deck.txt-1.svg …, and deck.txt itself for one page. The
 * rule holds for one page as for several (the page count is the tool's to
 * know, not the user's). A device or pipe takes one page as it is, but
 * several would be files made beside it (/dev/stdout-1.svg): a usage error.
 */
function pagePaths(file: string, pages: number, format: 'svg' | 'png'): string[] {
  const special = isSpecialFile(file);
  if (!special && !ENDING[format].test(file))
    throw new UsageError(
      `--${format}: "${file}" does not end in .${format}: the pages are named from it (FILE-1.${format}, FILE-2.${format} … when they are more than one); give a .${format} file name`,
    );
  if (pages === 1) return [file];
  if (special)
    throw new UsageError(
      `--${format}: ${file} is a device or pipe, not a file: a deck of ${pages} pages needs a file name (it writes FILE-1.${format} …)`,
    );
  return Array.from({ length: pages }, (_, i) => pageName(file, format, i + 1));
}

/** The ending of each format's page files, in any case (DECK.SVG). */
const ENDING = { svg: /\.svg$/i, png: /\.png$/i } as const;

/** Page n of a deck of several pages: FILE-n.svg, the .svg (.png) ending of FILE dropped. */
const pageName = (file: string, format: 'svg' | 'png', n: number): string => `${file.replace(ENDING[format], '')}-${n}.${format}`;

/**
 * The note on FILE found beside a deck of several pages, which does not write
 * it: an earlier deck of one page may have left it, and the folder then holds
 * two decks. It is named, not refused (no file the run writes is in the way)
 * nor removed, even under --force: it is no file this run was asked to write,
 * and may be any file of the user's. Undefined when there is none.
 */
function strayFileNote(args: Args, format: 'svg' | 'png', written: readonly string[] | undefined): string | undefined {
  const file = String(args[format]);
  if (written === undefined || written.length === 1 || !existsSync(file)) return undefined;
  return `note: ${file} is not one of this deck's ${written.length} pages (${written[0]} … ${written.at(-1)}); left as it was: remove it if an earlier deck wrote it`;
}

/**
 * The numbered pages an earlier deck of more pages left past this run's
 * `written` ones: FILE-(n+1).svg … for n pages (from FILE-1.svg when FILE
 * alone is written), as long as they follow on without a gap, as a deck's
 * pages do. Left, the folder mixed two decks. A file after a gap, or FILE
 * itself beside numbered pages, is no such page (FILE may be any file of
 * the user's) and is left alone (FILE is named: strayFileNote).
 */
function earlierPages(args: Args, format: 'svg' | 'png', written: readonly string[] | undefined): OutputFile[] {
  const file = String(args[format]);
  if (written === undefined || isSpecialFile(file)) return [];
  const pages: OutputFile[] = [];
  for (let n = written[0] === file ? 1 : written.length + 1; existsSync(pageName(file, format, n)); n++)
    pages.push({ path: pageName(file, format, n), option: format });
  return pages;
}

/**
 * The deck's pages, each written to its --svg file and its --png file (PNG
 * rendered from the SVG) as it is drawn (dobblePages), a bar counting them
 * on a terminal: all were drawn before the first was written, in silence,
 * and held meanwhile (cards of 90 symbols: 1336 pages, two minutes; of 200,
 * some 4000 pages, most of an hour and 1.6 GB of SVG).
 */
async function writePages(
  cards: readonly (readonly (string | number)[])[],
  files: Readonly<Record<'svg' | 'png', readonly string[] | undefined>>,
  args: Args,
): Promise<void> {
  const total = (files.svg ?? files.png ?? []).length;
  await withProgress(args, { unit: 'pages', total }, async (progress) => {
    let done = 0;
    for (const page of dobblePages(
      cards.map((card) => card.map(String)),
      { seed: args.seed as number | undefined },
    )) {
      // The paths were named from pageCount before the deck was drawn: a page without its file would be lost.
      if (done === total) throw new Error(`more pages drawn than the ${total} files named for them`);
      for (const format of ['svg', 'png'] as const) {
        const path = files[format]?.[done];
        if (path !== undefined) await writeDrawing(path, page, format, args.scale as number | undefined);
      }
      progress.update(++done);
    }
    if (done !== total) throw new Error(`${done} pages drawn for ${total} files`);
  });
}
