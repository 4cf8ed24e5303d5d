import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import {
  type BenchReport,
  PB_SUITES,
  SUITES,
  type SuiteSettings,
  UsageError,
  UserError,
  commaList,
  countDisagreements,
  kebabField,
  mergeReports,
  parseJson,
  pbDisagreements,
  readTextFile,
  renderChart,
  renderMarkdown,
  renderPbMarkdown,
  runPbSuite,
  runSuite,
  systemReason,
} from '../index.js';
import { type Args, guarded, outputOption, positiveInt, sizeLimitOptions, userMessage } from './common.js';
import { checkLaterOutputs, optionName, ruledValue } from './options.js';
import { withProgress } from './progress.js';

export const command = 'bench [suite]';
export const describe = 'benchmark encodings x solvers x puzzles against dancing links (Markdown, JSON, SVG chart)';

/** Where the full suite writes its report unless told otherwise (the quick one writes nothing by default). */
const FULL_RESULTS = join('bench', 'results');
/** The files each suite writes into its directory. */
const ENCODINGS_FILES = ['report.md', 'report.json', 'chart.svg'] as const;
const PB_FILES = ['pb-encodings.md', 'pb-encodings.json'] as const;

/** The directory the report goes into: -o, else the full suite's results folder; undefined for none. */
const reportDirectory = (args: Args, suite: string): string | undefined =>
  args.out === undefined ? (suite === 'full' ? FULL_RESULTS : undefined) : String(args.out);

/**
 * The one output-path rule (options.ts) for the files the report will
 * replace, checked before any work: an existing one needs --force, a
 * --merge input is never one. The default folder is the repository's own
 * results, kept in git, which a run of the full suite (`npm run bench`)
 * exists to rewrite: only the input rule holds there. A --merge runs
 * nothing, and wrote over those results unasked: it needs -o or --force.
 */
function checkReportFiles(args: Args, dir: string | undefined, files: readonly string[]): void {
  if (dir === undefined) return;
  const rules = args.out === undefined && args.merge === undefined ? { ...args, force: true } : args;
  // Without -o the refusal is of the default folder: naming --output (-o) there named an option never given.
  const option = args.out === undefined ? "bench --merge without -o, into the full suite's folder" : optionName('output');
  checkLaterOutputs(
    rules,
    files.map((file) => ({ path: join(dir, file), option })),
  );
}

/**
 * The end of either suite: the report on stdout (JSON with --json, else
 * Markdown), its files written into `dir` when there is one (`texts` are
 * drawn only then, one for each of `files`), and each disagreement between
 * the solvers on stderr, which makes the exit 1.
 */
function publishReport(
  args: Args,
  dir: string | undefined,
  out: { report: unknown; markdown: string; problems: readonly string[]; disagree: string },
  files: readonly string[],
  texts: () => string[],
): number {
  process.stdout.write(args.json ? `${JSON.stringify(out.report)}\n` : out.markdown);
  if (dir !== undefined) {
    try {
      mkdirSync(dir, { recursive: true });
      for (const [i, text] of texts().entries()) writeFileSync(join(dir, files[i]!), text);
    } catch (e) {
      throw new UserError(`${optionName('output')}: cannot write into "${dir}": ${systemReason(e)}`);
    }
    // "wrote bench/results/report.md, report.json and chart.svg": the folder once, on the first file.
    const named = [join(dir, files[0]!), ...files.slice(1)];
    process.stderr.write(`wrote ${named.slice(0, -1).join(', ')} and ${named.at(-1)!}\n`);
  }
  // A merged report's names are its file's: shown as every message is (an ESC in a solver's name drove the terminal).
  for (const p of out.problems) process.stderr.write(`puzzlesat: ${userMessage(`${out.disagree} disagree: ${p}`)}\n`);
  return out.problems.length ? 1 : 0;
}

const benchOptions = (y: Argv) =>
  y
    .positional('suite', {
      type: 'string',
      describe:
        'what to benchmark: encodings (packings: at-most-one encodings x solvers x puzzles) or pb (pseudo-Boolean and cardinality encodings on weighted workloads)',
      choices: ['encodings', 'pb'],
      default: 'encodings',
    })
    .option('quick', {
      type: 'boolean',
      describe: `the small suite (about a minute): ${SUITES.quick.puzzles.join(' and ')}, ${SUITES.quick.encodings.length} encodings, in-process solvers`,
    })
    .option('json', { type: 'boolean', describe: 'print the report as JSON instead of Markdown' })
    .option('repeat', {
      type: 'number',
      describe: `runs per measure, the median is kept (default ${SUITES.full.repeat}, quick ${SUITES.quick.repeat})`,
    })
    .option('baseline', { type: 'string', describe: `the encoding the ratio columns compare with (default ${SUITES.full.baseline})` })
    .option('timeout', {
      type: 'number',
      describe: `seconds per run before it is stopped and marked >T (default ${SUITES.full.timeoutSeconds}, quick ${SUITES.quick.timeoutSeconds})`,
    })
    .option('search-box', {
      type: 'number',
      describe: `wall seconds per run of the searching regime before it is stopped and projected from its rate (default ${SUITES.full.search.boxSeconds}, quick ${SUITES.quick.search.boxSeconds})`,
    })
    .option('solvers', { type: 'string', describe: "comma-separated solver names to include when available (default: the suite's)" })
    .option('puzzles', { type: 'string', describe: `comma-separated puzzles to run (default: the suite's; full: ${SUITES.full.puzzles.join(', ')})` })
    .option('merge', {
      type: 'string',
      describe:
        'instead of running, merge these comma-separated report.json files (one suite run in parts, e.g. one puzzle per core) into one report',
    })
    .example('$0 bench --quick', 'the one-minute suite, as Markdown on stdout')
    .example('$0 bench --puzzles soma --solvers minisat-wasm,cadical -o results', 'one puzzle, two solvers, report and chart into results/');

export const builder = (y: Argv) =>
  outputOption(sizeLimitOptions(benchOptions(y)), `write report.md, report.json and chart.svg into DIR (the full suite: ${FULL_RESULTS} by default)`);

/** The suite the options describe. */
export function suiteSettings(args: Args): SuiteSettings {
  const base = args.quick ? SUITES.quick : SUITES.full;
  const timeout = ruledValue('timeout', args.timeout) ?? base.timeoutSeconds;
  const searchBox = ruledValue('search-box', args.searchBox) ?? base.search.boxSeconds;
  return {
    ...base,
    repeat: positiveInt(args.repeat, '--repeat') ?? base.repeat,
    baseline: args.baseline === undefined ? base.baseline : String(args.baseline),
    timeoutSeconds: timeout,
    search: { ...base.search, boxSeconds: searchBox },
    solvers: args.solvers === undefined ? base.solvers : list(args.solvers, '--solvers'),
    puzzles: args.puzzles === undefined ? base.puzzles : list(args.puzzles, '--puzzles'),
  };
}

const list = (value: unknown, option: string): string[] => commaList(String(value), option, UsageError);

/**
 * A value's type as a merged report must have it: a list of one shape, an
 * object of named ones (NAME? may be absent or null), or 'number|null' for a
 * measure that is null when a run did not finish.
 */
type Shape = 'string' | 'number' | 'number|null' | 'boolean' | readonly [Shape] | { readonly [key: string]: Shape };

/** A timing as the tables print it: its seconds (null: stopped at the time limit), the solutions found, and the runs. */
const MEASURE_SHAPE: Shape = { seconds: 'number|null', found: 'number', runs: 'number' };

/**
 * Every value of a merged report that its tables and chart print: a report
 * cut or edited otherwise was an internal error ("Cannot read properties of
 * null (reading 'cpu')"), for 10 of its 67 values set to null, and one
 * without a value they print only read "undefined" there (a cell's search
 * without raw: "1 classes stand for undefined solutions"; a machine of {}).
 */
const REPORT_SHAPE: Shape = {
  date: 'string',
  machine: { os: 'string', cpu: 'string', cores: 'number', memoryGiB: 'number', node: 'string' },
  loadAverage: { start: 'number', end: 'number' },
  settings: {
    suite: 'string',
    puzzles: ['string'],
    encodings: ['string'],
    solvers: ['string'],
    limit: 'number',
    repeat: 'number',
    timeoutSeconds: 'number',
    baseline: 'string',
    search: { solver: 'string', cubeDepth: 'number', branching: 'string', enumMode: 'string', propagation: 'string', boxSeconds: 'number' },
  },
  puzzles: [{ name: 'string', about: 'string', all: 'boolean', cubeDepth: 'number|null', expected: { classes: 'number', raw: 'number' } }],
  cells: [
    {
      puzzle: 'string',
      encoding: 'string',
      solver: 'string',
      vars: 'number|null',
      clauses: 'number|null',
      buildSeconds: 'number',
      'first?': MEASURE_SHAPE,
      'firstN?': MEASURE_SHAPE,
      'all?': MEASURE_SHAPE,
      'count?': 'number',
      'raw?': 'number',
      'search?': {
        found: 'number',
        raw: 'number',
        complete: 'boolean',
        cpu: 'number',
        firstCpu: 'number|null',
        wall: 'number',
        allCpu: 'number|null',
        cubeDepth: 'number|null',
        branching: 'string',
        enumeration: 'string',
      },
      'error?': 'string',
    },
  ],
};

const TYPE_WORDS = {
  string: 'a string',
  number: 'a number',
  'number|null': 'a number or null',
  boolean: 'true or false',
} as const;

function fitsType(v: unknown, type: keyof typeof TYPE_WORDS): boolean {
  if (type === 'number|null') return v === null || typeof v === 'number';
  return typeof v === type;
}

/** The JSON path of the first value of `v` not of its shape, and what was expected there; undefined when every one is. A key NAME? may be absent, not null. */
function misfit(v: unknown, shape: Shape, path: string): string | undefined {
  if (typeof shape === 'string') return fitsType(v, shape) ? undefined : `${path}: expected ${TYPE_WORDS[shape]}`;
  if (Array.isArray(shape)) {
    if (!Array.isArray(v)) return `${path}: expected a list`;
    for (const [i, x] of v.entries()) {
      const wrong = misfit(x, (shape as readonly [Shape])[0], `${path}[${i}]`);
      if (wrong) return wrong;
    }
    return undefined;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `${path}: expected an object`;
  for (const [key, inner] of Object.entries(shape)) {
    const name = key.replace(/\?$/, '');
    const value = (v as Record<string, unknown>)[name];
    if (key.endsWith('?') && value === undefined) continue;
    const wrong = misfit(value, inner, `${path}.${name}`);
    if (wrong) return wrong;
  }
  return undefined;
}

/**
 * A report's names as the suite writes them, from its lists of puzzles,
 * encodings and solvers (none holds "|"), and each cell once: the JSON path
 * of the first that is not, and why. A "|" split the Markdown table's
 * columns, and a cell given twice was printed twice, the ratios of both
 * taken from the first.
 */
function misnamed(report: BenchReport): string | undefined {
  const { settings, puzzles, cells } = report;
  const names: (readonly [string, string])[] = [
    ...(['puzzles', 'encodings', 'solvers'] as const).flatMap((list) => settings[list].map((name, i) => [`$.settings.${list}[${i}]`, name] as const)),
    ['$.settings.baseline', settings.baseline],
    ...puzzles.map((p, i) => [`$.puzzles[${i}].name`, p.name] as const),
    ...cells.flatMap((c, i) => (['puzzle', 'encoding', 'solver'] as const).map((key) => [`$.cells[${i}].${key}`, c[key]] as const)),
  ];
  const barred = names.find(([, name]) => name.includes('|'));
  if (barred) return `${barred[0]}: "${barred[1]}" holds "|", which splits a Markdown table's columns; no suite's name has one`;
  const seen = new Map<string, number>();
  for (const [i, c] of cells.entries()) {
    const key = JSON.stringify([c.puzzle, c.encoding, c.solver]);
    const first = seen.get(key);
    if (first !== undefined)
      return `$.cells[${i}]: the cell of ${c.puzzle}, ${c.encoding} and ${c.solver} is $.cells[${first}] too; a report gives each cell once`;
    seen.set(key, i);
  }
  return undefined;
}

function readReport(file: string): BenchReport {
  const text = readTextFile(file, '--merge');
  try {
    const report = parseJson(text, file) as BenchReport;
    const wrong = misfit(report, REPORT_SHAPE, '$') ?? misnamed(report);
    if (wrong) throw new Error(wrong);
    return report;
  } catch (e) {
    throw new UserError(`--merge: "${file}" is not a bench report.json (${(e as Error).message})`);
  }
}

export const handler = (args: Args) =>
  guarded(args, async () => {
    if (args.suite === 'pb') return benchPb(args);
    const settings = suiteSettings(args);
    // Merged reports are read first: their suite names the default folder, checked before anything is written.
    const merged = args.merge === undefined ? undefined : mergeReports(list(args.merge, '--merge').map(readReport));
    const dir = reportDirectory(args, merged?.settings.suite ?? settings.suite);
    checkReportFiles(args, dir, ENCODINGS_FILES);
    const report: BenchReport = await withProgress(
      args,
      { unit: 'cells' },
      async (progress) =>
        merged ??
        runSuite(settings, (line, { done, total }) => {
          progress.above(() => process.stderr.write(`${line}\n`));
          progress.setTotal(total);
          progress.update(done);
        }),
    );
    const markdown = renderMarkdown(report);
    return publishReport(args, dir, { report, markdown, problems: countDisagreements(report), disagree: 'counts' }, ENCODINGS_FILES, () => [
      markdown,
      `${JSON.stringify(report, null, 2)}\n`,
      renderChart(report),
    ]);
  });

/** `bench pb`: the pseudo-Boolean suite, its report written as pb-encodings.md and .json (the full suite: into bench/results). */
async function benchPb(args: Args): Promise<number> {
  for (const option of ['merge', 'puzzles', 'baseline', 'repeat', 'searchBox'])
    if (args[option] !== undefined) throw new UsageError(`--${kebabField(option)} does not apply to bench pb`);
  const base = args.quick ? PB_SUITES.quick : PB_SUITES.full;
  const timeout = ruledValue('timeout', args.timeout) ?? base.timeoutSeconds;
  const settings = { ...base, timeoutSeconds: timeout, solvers: args.solvers === undefined ? base.solvers : list(args.solvers, '--solvers') };
  const dir = reportDirectory(args, settings.suite);
  checkReportFiles(args, dir, PB_FILES);
  const report = await withProgress(args, { unit: 'rows' }, (progress) =>
    runPbSuite(settings, (line) => progress.above(() => process.stderr.write(`${line}\n`))),
  );
  const markdown = renderPbMarkdown(report);
  return publishReport(args, dir, { report, markdown, problems: pbDisagreements(report), disagree: 'answers' }, PB_FILES, () => [
    markdown,
    `${JSON.stringify(report, null, 2)}\n`,
  ]);
}
