/**
 * The catalogue's documented counts against a count of our own, puzzle by
 * puzzle, each in a child process under a CPU limit: a Markdown table of our
 * count, the documented count, CPU seconds and what counted, with the puzzles
 * that did not finish. The counter is the independent exact-cover search of
 * test/helpers/polyform-count.ts (the general polyform puzzle that would let
 * the SAT and dlx backends count every grid is issue #22's grid layer).
 *
 *   npx tsc && node dist/bench/catalogue.js [--cpu SECONDS] [--write] [NAMES...]
 *
 * --write rewrites bench/results/catalogue-independent.md (run from the
 * repository's root). With `--verify FILE...` it renders instead the JSON lines of
 * `puzzlesat verify --json` runs (by count and by enumeration, side by side) as
 * bench/results/catalogue.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOGUE, cataloguePuzzle } from '../encoders/catalogue/index.js';
import { countPuzzle } from '../test/helpers/polyform-count.js';
import { SIGNAL_EXIT, runLimited } from './cpu-limited.js';

const COUNTER = 'independent exact-cover counter (test/helpers)';

interface Row {
  name: string;
  family: string;
  counts: string;
  documented: number;
  ours: number | undefined;
  cpu: number;
}

/** In the child: count one puzzle and print the count and the CPU seconds it took. */
function countOne(name: string): void {
  const start = process.cpuUsage();
  const { count } = countPuzzle(cataloguePuzzle(name));
  const { user, system } = process.cpuUsage(start);
  process.stdout.write(JSON.stringify({ count, cpu: (user + system) / 1e6 }) + '\n');
}

async function run(names: string[], cpuLimit: number, progress: (rows: Row[]) => void): Promise<Row[]> {
  const rows: Row[] = [];
  for (const p of names.length ? names.map((n) => cataloguePuzzle(n)) : CATALOGUE) {
    const { code, stdout, cpu } = await runLimited(process.execPath, [fileURLToPath(import.meta.url), '--one', p.name], cpuLimit, { nice: true });
    const done = code === 0 ? (JSON.parse(stdout) as { count: number; cpu: number }) : undefined;
    if (code !== 0 && code <= SIGNAL_EXIT) throw new Error(`${p.name}: the counter failed (exit ${code})`);
    rows.push({ name: p.name, family: p.family, counts: p.counts, documented: p.count, ours: done?.count, cpu: done?.cpu ?? cpu });
    process.stderr.write(`${p.name}: ${done ? done.count : 'did not finish'} (${p.count})\n`);
    progress(rows);
  }
  return rows;
}

function report(rows: Row[], cpuLimit: number): string {
  const finished = rows.filter((r) => r.ours !== undefined);
  const agree = finished.filter((r) => r.ours === r.documented);
  const lines = [
    '# Catalogue: documented counts reproduced',
    '',
    `Each puzzle of the catalogue (encoders/catalogue) counted by the ${COUNTER}, in a child`,
    `process limited to ${cpuLimit} CPU s (\`node dist/bench/catalogue.js --cpu ${cpuLimit} --write\`), niced, on a`,
    '2-core machine shared with other jobs. `counts` says what the documented count counts (all',
    "solutions, classes under the board's symmetry, or the source's own restriction), and the counter",
    'counts the same thing. A blank count did not finish within the limit.',
    '',
    `${rows.length} puzzles: ${finished.length} finished, ${agree.length} agree with the documented count, ` +
      `${finished.length - agree.length} disagree, ${rows.length - finished.length} did not finish.`,
    '',
    '| puzzle | family | counts | ours | documented | CPU s | counter |',
    '|---|---|---|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.family} | ${r.counts} | ${r.ours ?? ''} | ${r.documented} | ${r.cpu.toFixed(1)} | ${r.ours === undefined ? 'did not finish' : r.ours === r.documented ? 'agrees' : '**disagrees**'} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

interface VerifyRow {
  name: string;
  family: string;
  counts: string;
  documented: number;
  /** The CPU seconds the count was allowed. */
  limit: number;
  /** How verify counted (lines from before --method existed were SAT enumeration). */
  method?: 'count' | 'enumerate';
  outcome: string;
  count?: number;
  cpu?: number;
  solver?: string;
  reason?: string;
}

type Method = NonNullable<VerifyRow['method']>;
const METHODS: readonly Method[] = ['count', 'enumerate'];

/** The puzzle lines of `puzzlesat verify --json` runs by method, then name; a puzzle counted again the same way (say with more time) keeps its last line. */
function verifyRows(files: readonly string[]): Map<Method, Map<string, VerifyRow>> {
  const byMethod = new Map<Method, Map<string, VerifyRow>>(METHODS.map((m) => [m, new Map()]));
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').trim().split('\n')) {
      const row = JSON.parse(line) as VerifyRow;
      // The summary line (absent when a run was stopped) has no name.
      if (row.name !== undefined) byMethod.get(row.method ?? 'enumerate')!.set(row.name, row);
    }
  }
  return byMethod;
}

/** One method's tally over the catalogue, in words. */
function tally(rows: ReadonlyMap<string, VerifyRow>): string {
  const list = [...rows.values()];
  const of = (o: string) => list.filter((r) => r.outcome === o).length;
  const cpu = list.reduce((s, r) => s + (r.outcome === 'agrees' ? (r.cpu ?? 0) : 0), 0);
  const limits = [...new Set(list.map((r) => r.limit))].sort((a, b) => a - b);
  return (
    `${list.length} counted: ${of('agrees')} agree (in ${cpu.toFixed(0)} CPU s), ${of('disagrees')} disagree, ` +
    `${of('did not finish')} did not finish within their limit (${limits.join(' or ')} CPU s), ${of('unsupported')} not expressible`
  );
}

const cell = (r: VerifyRow | undefined): string =>
  r === undefined
    ? 'not run'
    : r.outcome === 'agrees' || r.outcome === 'disagrees'
      ? `${r.count} in ${r.cpu?.toFixed(1)} s${r.outcome === 'disagrees' ? ' **disagrees**' : ''}`
      : `${r.outcome}${r.reason ? `: ${r.reason}` : ''} (${r.cpu?.toFixed(0) ?? '–'} of ${r.limit} s)`;

/** `puzzlesat verify --json` runs as a Markdown report: the tally per method, every disagreement with the catalogue's note on it, the rows. */
function verifyReport(files: readonly string[]): string {
  const byMethod = verifyRows(files);
  const counted = byMethod.get('count')!;
  const enumerated = byMethod.get('enumerate')!;
  const outcome = (name: string) => counted.get(name)?.outcome ?? enumerated.get(name)?.outcome;
  const families = [...new Set(CATALOGUE.map((p) => p.family))].map(
    (f) => `${f} ${CATALOGUE.filter((p) => p.family === f && outcome(p.name) === 'agrees').length}/${CATALOGUE.filter((p) => p.family === f).length}`,
  );
  const unfinished = CATALOGUE.filter((p) => outcome(p.name) !== 'agrees' && outcome(p.name) !== 'disagrees').map((p) => p.name);
  const disagreements = CATALOGUE.filter((p) => [counted.get(p.name), enumerated.get(p.name)].some((r) => r?.outcome === 'disagrees')).map(
    (p) =>
      `- ${p.name}: ours ${counted.get(p.name)?.count ?? enumerated.get(p.name)?.count}, documented ${p.count}. ${cataloguePuzzle(p.name).note}.`,
  );
  return [
    '# Catalogue: documented counts against ours',
    '',
    '`puzzlesat verify --json` over the catalogue (encoders/catalogue), each puzzle in a child process under a CPU limit',
    '(`--max-seconds`), on a 2-core machine shared with other jobs, two ways: **count** (`verify`, whose default method',
    'is `puzzlesat count`: the exact-cover counter with its memo, classes by Burnside) and **enumerate** (`verify --method',
    'enumerate`: `puzzlesat enumerate`, the SAT solver named visiting every solution, an independent second path).',
    "`counts` says what the documented count counts; restrictions are the source's own, given to the pieces as turns and",
    "flips; classes are counted with --unique. Rendered by `node dist/bench/catalogue.js --verify` from the runs' JSON lines",
    '(bench/results/catalogue-count.jsonl, catalogue-verify.jsonl; a puzzle counted twice the same way keeps its later line).',
    '',
    `${CATALOGUE.length} catalogue puzzles. By count: ${tally(counted)}. By enumeration: ${tally(enumerated)}.`,
    `Agreeing by family (either way): ${families.join(', ')}.`,
    '',
    ...(disagreements.length ? ['Disagreements (the catalogue keeps the documented count):', '', ...disagreements, ''] : []),
    ...(unfinished.length ? [`Finished neither way within the limit: ${unfinished.join(', ')}.`, ''] : []),
    '| puzzle | family | counts | documented | count: ours in CPU s | enumerate: ours in CPU s | solver (enumerate) |',
    '|---|---|---|---:|---|---|---|',
    ...CATALOGUE.map(
      (p) =>
        `| ${p.name} | ${p.family} | ${p.counts} | ${p.count} | ${cell(counted.get(p.name))} | ${cell(enumerated.get(p.name))} | ${enumerated.get(p.name)?.solver ?? ''} |`,
    ),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--one') return countOne(args[1]!);
  if (args[0] === '--verify') {
    const text = verifyReport(args.slice(1));
    writeFileSync('bench/results/catalogue.md', text);
    return void process.stdout.write(text);
  }
  const cpuAt = args.indexOf('--cpu');
  const cpuLimit = cpuAt >= 0 ? Number(args[cpuAt + 1]) : 600;
  const names = args.filter((a, i) => !a.startsWith('--') && !(cpuAt >= 0 && i === cpuAt + 1));
  // With --write the report is rewritten after each puzzle, so a long run shows its progress.
  const write = (rows: Row[]) => args.includes('--write') && writeFileSync('bench/results/catalogue-independent.md', report(rows, cpuLimit));
  process.stdout.write(report(await run(names, cpuLimit, write), cpuLimit));
}

await main();
