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
 * `puzzlesat verify --json` runs (our solver's counts) as bench/results/catalogue.md.
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
  outcome: string;
  count?: number;
  cpu?: number;
  solver?: string;
  reason?: string;
}

/** The puzzle lines of `puzzlesat verify --json` runs, in order; a puzzle counted again (say with more time) keeps its last line. */
function verifyRows(files: readonly string[]): VerifyRow[] {
  const byName = new Map<string, VerifyRow>();
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').trim().split('\n')) {
      const row = JSON.parse(line) as VerifyRow;
      // The summary line (absent when a run was stopped) has no name.
      if (row.name !== undefined) byName.set(row.name, row);
    }
  }
  return CATALOGUE.flatMap((p) => byName.get(p.name) ?? []);
}

/** `puzzlesat verify --json` runs as a Markdown report: the tally, every disagreement with the catalogue's note on it, the puzzles not reached, the rows. */
function verifyReport(files: readonly string[]): string {
  const puzzles = verifyRows(files);
  const tally = (o: string) => puzzles.filter((r) => r.outcome === o).length;
  const families = [...new Set(puzzles.map((r) => r.family))].map(
    (f) => `${f} ${puzzles.filter((r) => r.family === f && r.outcome === 'agrees').length}/${puzzles.filter((r) => r.family === f).length}`,
  );
  const cpu = puzzles.reduce((s, r) => s + (r.outcome === 'agrees' ? (r.cpu ?? 0) : 0), 0);
  const limits = [...new Set(puzzles.map((r) => r.limit))].sort((a, b) => a - b);
  const reached = new Set(puzzles.map((r) => r.name));
  const missing = CATALOGUE.filter((p) => !reached.has(p.name)).map((p) => p.name);
  const disagreements = puzzles
    .filter((r) => r.outcome === 'disagrees')
    .map((r) => `- ${r.name}: ours ${r.count}, documented ${r.documented}. ${cataloguePuzzle(r.name).note}.`);
  return [
    '# Catalogue: documented counts against our solver',
    '',
    '`puzzlesat verify --json` over the catalogue (encoders/catalogue): each puzzle counted by `puzzlesat enumerate`',
    "(the polyform puzzle, polycube for cubes) in a child process under a CPU limit (`--max-seconds`, the row's",
    '`limit`), niced, on a 2-core machine shared with other jobs (load average 7-40 during the runs). `counts` says',
    "what the documented count counts; restrictions are the source's own, given to the pieces as turns and flips;",
    "classes are counted with --unique. Rendered by `node dist/bench/catalogue.js --verify` from the runs' JSON lines",
    '(bench/results/catalogue-verify.jsonl; a puzzle counted twice keeps its later line).',
    '',
    `${CATALOGUE.length} catalogue puzzles, ${puzzles.length} counted: ${tally('agrees')} agree (in ${cpu.toFixed(0)} CPU s), ` +
      `${tally('disagrees')} disagree, ${tally('did not finish')} did not finish within their limit (${limits.join(' or ')} CPU s), ` +
      `${tally('unsupported')} not expressible, ${missing.length} not reached. Agreeing by family: ${families.join(', ')}.`,
    '',
    ...(disagreements.length ? ['Disagreements (the catalogue keeps the documented count):', '', ...disagreements, ''] : []),
    ...(missing.length ? [`Not reached: ${missing.join(', ')}.`, ''] : []),
    '| puzzle | family | counts | ours | documented | CPU s | limit | solver | result |',
    '|---|---|---|---:|---:|---:|---:|---|---|',
    ...puzzles.map(
      (r) =>
        `| ${r.name} | ${r.family} | ${r.counts} | ${r.count ?? ''} | ${r.documented} | ${r.cpu?.toFixed(1) ?? ''} | ${r.limit} | ${r.solver ?? ''} | ${r.outcome === 'disagrees' ? '**disagrees**' : r.outcome}${r.reason ? `: ${r.reason}` : ''} |`,
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
