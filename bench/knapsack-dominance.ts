/**
 * `puzzlesat optimize knapsack`: how much the dominance clauses buy. On
 * random items (weights and values 1-100, capacity half the total weight,
 * `--random-items N --seed S`), the same search for the one best load runs
 * with and without them, one after the other in this process; dynamic
 * programming (best value for each capacity, item by item) gives the
 * optimum each run must prove, and its own time as the yardstick a
 * specialised solver sets.
 *
 *   npx tsc && node dist/bench/knapsack-dominance.js [--items 30,40,50,60,100] [--seeds 1,2] [--box 60] [--solver cadical-wasm] [--write [FILE]]
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type Item, knapsack } from '../encoders/knapsack.js';
import { type OptimizeResult, maximize } from '../src/index.js';
import { machineDescription } from '../src/bench/encodings.js';
import { option } from './args.js';
import { timed } from '../src/bench/timing.js';

const DEFAULT_REPORT = 'bench/results/knapsack-dominance.md';

function bestByDp(items: readonly Item[], capacity: number): number {
  const best = new Array<number>(capacity + 1).fill(0);
  for (const it of items) for (let c = capacity; c >= it.weight; c--) best[c] = Math.max(best[c]!, best[c - it.weight]! + it.value);
  return best[capacity]!;
}

interface Row {
  items: number;
  seed: number;
  optimum: number;
  dpCpu: number;
  runs: { dominance: boolean; status: string; value?: number; cpu: number; solves: number; clauses?: number }[];
}

async function run(items: number, seed: number, box: number, solver: string): Promise<Row> {
  const k = knapsack({ randomItems: items, seed });
  const dp = await timed(() => bestByDp(k.items, k.capacity));
  const runs: Row['runs'] = [];
  for (const dominance of [false, true]) {
    const { terms, weights } = k.objective!;
    const { value: r, cpu } = await timed<OptimizeResult>(() =>
      maximize(k, terms, weights, { solver, timeout: box, ...(dominance ? { dominance: k.objective!.dominance } : {}) }),
    );
    const value = r.solutions[0]?.value;
    if (value !== undefined && (value > dp.value || (r.status === 'OPTIMUM' && value !== dp.value)))
      throw new Error(`${items} items, seed ${seed}: ${r.status} ${value}, but dynamic programming says ${dp.value}`);
    runs.push({ dominance, status: r.status, value, cpu, solves: r.solves, clauses: r.dominance?.clauses });
    process.stderr.write(`${items} items, seed ${seed}, dominance ${dominance}: ${r.status} ${value ?? '-'} in ${cpu.toFixed(2)} CPU s\n`);
  }
  return { items, seed, optimum: dp.value, dpCpu: dp.cpu, runs };
}

function machine(): string {
  const m = machineDescription();
  return `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB; Node ${m.node}`;
}

function report(rows: readonly Row[], box: number, solver: string, command: string, load: string): string {
  const cell = (r: Row['runs'][number]) =>
    `${r.status === 'OPTIMUM' ? `${r.cpu.toFixed(2)}` : `${r.status} ${r.value ?? '–'} at ${r.cpu.toFixed(1)}`} (${r.solves} solves)`;
  const lines = [
    '# The knapsack optimum with and without dominance clauses',
    '',
    `${new Date().toISOString().slice(0, 10)}; ${machine()}; load average ${load}.`,
    '',
    '```',
    command,
    '```',
    '',
    `What does the search: \`maximize\` (the linear SAT-UNSAT search behind \`puzzlesat optimize\`, bounds in the bdd encoding) on ${solver}, for the one best load, each run boxed at ${box} s of wall time. "dominance" adds one clause "take j → take i" for each covering pair where item i weighs no more than item j and is worth more (every optimum keeps them: else swapping the two would fit and be worth more). Dynamic programming, a specialised solver, gives the optimum each run is checked against and its own CPU time as a yardstick. CPU seconds of this process; a run that did not prove its optimum in the box shows its status and best value.`,
    '',
    '| items | seed | optimum | dominance clauses | without: CPU s | with: CPU s | dynamic programming, CPU s |',
    '|---:|---:|---:|---:|---|---|---:|',
    ...rows.map((row) => {
      const [off, on] = row.runs;
      return `| ${row.items} | ${row.seed} | ${row.optimum} | ${on!.clauses ?? 0} | ${cell(off!)} | ${cell(on!)} | ${row.dpCpu.toFixed(4)} |`;
    }),
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const sizes = (option(argv, '--items') ?? '30,40,50,60,100').split(',').map(Number);
  const seeds = (option(argv, '--seeds') ?? '1,2').split(',').map(Number);
  const box = Number(option(argv, '--box') ?? 60);
  const solver = option(argv, '--solver') ?? 'cadical-wasm';
  const writeAt = argv.indexOf('--write');
  const load = () => loadavg()[0]!.toFixed(1);
  const loadBefore = load();
  const rows: Row[] = [];
  for (const items of sizes) for (const seed of seeds) rows.push(await run(items, seed, box, solver));
  const text = report(
    rows,
    box,
    solver,
    `node dist/bench/knapsack-dominance.js ${argv.join(' ')}`.trim(),
    `${loadBefore} at the start, ${load()} at the end`,
  );
  if (writeAt < 0) process.stdout.write(text);
  else {
    const file = argv[writeAt + 1] && !argv[writeAt + 1]!.startsWith('--') ? argv[writeAt + 1]! : DEFAULT_REPORT;
    writeFileSync(file, text);
    process.stderr.write(`wrote ${file}\n`);
  }
}

await main();
