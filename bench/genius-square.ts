/**
 * The Genius Square sweeps, timed: is every one of the 62208 rolls solvable
 * (goal: under 60 s on 2 cores), and how many solutions does each have
 * (a published Java program took about 2 hours on 12 cores; its statistics:
 * all solvable, mean about 1936, min 11, max 22317). Also the per-roll cost
 * of building the full model (CNF included), which is why the sweep solves
 * on one shared exact-cover matrix instead.
 *
 *   npx tsc && node dist/bench/genius-square.js [--workers 2] [--count all|N] [--tsv FILE] [--write]
 *
 * --count N times a random sample of N rolls and extrapolates; --count all
 * counts every roll (resumable through --tsv FILE). --write puts the report
 * into bench/results/genius-square.md as well as on stdout, and with
 * --count all the histogram of solutions per roll next to it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { ROLL_COUNT, RollSolver, geniusSquare, rollAt, symmetryClassKey } from '../encoders/genius-square.js';
import { runSweep, sampleRolls, summarizeSweep, type SweepRun } from '../src/enumerate/sweep.js';
import { renderHistogramSvg } from '../src/render/genius.js';
import { timed } from './timing.js';

interface Args {
  workers: number;
  /** Rolls to count: all of them, or a sample of this size. */
  count: 'all' | number;
  tsv?: string;
  write: boolean;
}

function parseArgs(argv: string[]): Args {
  const get = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const count = get('--count') ?? '2000';
  return { workers: Number(get('--workers') ?? 2), count: count === 'all' ? 'all' : Number(count), tsv: get('--tsv'), write: argv.includes('--write') };
}

/** Wall-clock and CPU seconds (all threads of this process) of an async run. */
/** Milliseconds per roll of `work` over the first `n` sampled rolls. */
function perRoll(n: number, work: (roll: number) => void): number {
  const rolls = sampleRolls(n, 3);
  const start = performance.now();
  for (const roll of rolls) work(roll);
  return (performance.now() - start) / n;
}

const fmt = (x: number, digits = 1) => x.toFixed(digits);
const RESULTS = 'bench/results';
const CLASSES = new Set(Array.from({ length: ROLL_COUNT }, (_, i) => symmetryClassKey(rollAt(i)))).size;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const loadBefore = loadavg()[0]!;
  const out: string[] = [];
  const say = (line = '') => {
    out.push(line);
    console.log(line);
  };

  say('# The Genius Square: sweeping all rolls');
  say();
  say(`${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}; ` + `load average ${fmt(loadBefore, 2)} at the start (the machine is shared, so wall times are upper bounds; CPU times count every thread of this process).`);
  say();
  say(`${ROLL_COUNT} rolls fall into ${CLASSES} classes under the board's 8 symmetries; the sweep solves one roll per class (same pieces turned alike give the same count).`);
  say();

  const solver = new RollSolver();
  const build = perRoll(100, (roll) => geniusSquare({ roll: rollAt(roll).join(',') }));
  const first = perRoll(2000, (roll) => solver.count(rollAt(roll), 1));
  say('## Cost per roll (single thread)');
  say();
  say('| step | ms per roll |');
  say('|---|---:|');
  say(`| buildPacking for the roll (placements, CNF, symmetries) | ${fmt(build, 2)} |`);
  say(`| shared matrix: forced blockers + dancing links to the first solution | ${fmt(first, 3)} |`);
  say();

  const solvability = await timed(() => runSweep({ count: false, workers: args.workers }));
  const s = summarizeSweep(solvability.value.results);
  say(`## Solvability of all ${ROLL_COUNT} rolls (${solvability.value.workers} worker threads)`);
  say();
  say(`${s.solvable} of ${s.visited} rolls solvable${s.unsolvable.length ? `; unsolvable: ${s.unsolvable.join(' ')}` : ''}; ` + `${fmt(solvability.wall)} s wall, ${fmt(solvability.cpu)} s CPU (goal: under 60 s on 2 cores).`);
  say();

  const rolls = args.count === 'all' ? undefined : sampleRolls(args.count, 1);
  const counting = await timed(() => runSweep({ count: true, rolls, workers: args.workers, out: args.tsv, resume: args.tsv !== undefined }));
  reportCounts(say, counting, args.count);
  if (args.write && args.count === 'all') {
    const values = [...counting.value.results.values()].map((r) => r.solutions ?? 0);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(`${RESULTS}/genius-square-histogram.svg`, renderHistogramSvg(values, { title: `The Genius Square: solutions per roll (${values.length} rolls)`, xLabel: 'solutions of a roll', yLabel: 'rolls' }));
    say();
    say('Histogram of the solutions per roll: [genius-square-histogram.svg](genius-square-histogram.svg).');
  }
  say();
  say(`Load average at the end: ${fmt(loadavg()[0]!, 2)}.`);

  if (args.write) {
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(`${RESULTS}/genius-square.md`, out.join('\n') + '\n');
  }
}

function reportCounts(say: (line?: string) => void, counting: { value: SweepRun; wall: number; cpu: number }, count: Args['count']): void {
  const run = counting.value;
  const c = summarizeSweep(run.results);
  const sol = c.solutions!;
  const fresh = run.solved > 0;
  say(count === 'all' ? `## Solutions of every roll (${run.workers} worker threads)` : `## Solutions of a random sample of ${count} rolls (${run.workers} worker threads)`);
  say();
  say('| | this run | published (Java, all rolls) |');
  say('|---|---:|---:|');
  say(`| rolls | ${c.visited} | ${ROLL_COUNT} |`);
  say(`| solvable | ${c.solvable} | all |`);
  say(`| min solutions | ${sol.min} | 11 |`);
  say(`| mean | ${fmt(sol.mean)} | about 1936 |`);
  say(`| median | ${sol.median} | |`);
  say(`| max | ${sol.max} | 22317 |`);
  say(`| solutions in all | ${sol.total} | |`);
  say();
  say(`Hardest: ${c.hardest.map((h) => `${h.roll} (${h.solutions})`).join(', ')}.`);
  say(`Easiest: ${c.easiest.map((h) => `${h.roll} (${h.solutions})`).join(', ')}.`);
  say();
  if (!fresh) {
    say('Every roll was already in the TSV: no timing.');
    return;
  }
  const perClass = counting.cpu / run.solved;
  say(`${run.solved} classes solved in ${fmt(counting.wall)} s wall, ${fmt(counting.cpu)} s CPU (${fmt(perClass * 1000)} ms CPU per class).`);
  const allCpu = perClass * CLASSES;
  const whole = run.solved === CLASSES ? `All ${CLASSES}` : `Extrapolated to all ${CLASSES}`;
  say(`${whole} classes: ${fmt(allCpu / 60)} CPU minutes, about ${fmt(allCpu / 60 / run.workers)} minutes on ${run.workers} free cores.`);
}

await main();
