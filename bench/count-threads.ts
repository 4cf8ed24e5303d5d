/**
 * `count --workers 2` against `--workers 1`, the same puzzles, interleaved
 * round after round: what threads buy in wall time, and what they cost in
 * CPU (each thread has its own memo, so it misses what another cached).
 * Every run is the CLI in a child process (bench/cpu-limited.ts); CPU
 * seconds are the child's, wall seconds the parent's clock. Threads only pay
 * on a machine with a free core for each: run it with nothing else running.
 *
 *   npx tsc && node dist/bench/count-threads.js [--rounds 2] [--write bench/results/count-threads.md]
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { option } from './args.js';
import { runLimited } from './cpu-limited.js';
import { machineDescription } from '../src/bench/encodings.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const CPU_LIMIT = 900;

const PUZZLES: { name: string; args: string[]; how: string }[] = [
  {
    name: '8x8 + 2x2 square, classes',
    args: ['pentomino', '--preset', '8x8-square', '--unique'],
    how: 'Burnside, 6 heavy terms: each term whole on a thread',
  },
  { name: '8x8 + 2x2 square, solutions', args: ['pentomino', '--preset', '8x8-square'], how: 'one term: a run of neighbouring units a thread' },
  { name: '6x10, solutions', args: ['pentomino', '--preset', '6x10'], how: 'one term: a run of neighbouring units a thread' },
];
const WORKERS = [1, 2];

interface Run {
  count: string;
  wall: number;
  cpu: number;
}

async function runOnce(args: string[], workers: number): Promise<Run> {
  const started = performance.now();
  const r = await runLimited(process.execPath, [CLI, 'count', ...args, '--workers', String(workers), '--json'], CPU_LIMIT);
  const wall = (performance.now() - started) / 1000;
  const summary = JSON.parse(r.stdout) as { count: number | string; complete: boolean };
  if (!summary.complete) throw new Error(`count ${args.join(' ')} --workers ${workers}: incomplete within ${CPU_LIMIT} CPU s`);
  return { count: String(summary.count), wall, cpu: r.cpu };
}

const rounds = Number(option(process.argv, '--rounds') ?? 2);
const write = option(process.argv, '--write');
const load = [loadavg()[0]!];
const runs = new Map<string, Run[]>();
for (let round = 0; round < rounds; round++)
  for (const p of PUZZLES)
    for (const w of WORKERS) {
      const run = await runOnce(p.args, w);
      const key = `${p.name}|${w}`;
      runs.set(key, [...(runs.get(key) ?? []), run]);
      process.stderr.write(`${p.name}, --workers ${w}: ${run.count} in ${run.wall.toFixed(2)} s wall, ${run.cpu.toFixed(2)} CPU s\n`);
    }
load.push(loadavg()[0]!);

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const m = machineDescription();
const lines = [
  '# Counting on threads: `count --workers 2` against one thread',
  '',
  `${new Date().toISOString().slice(0, 10)}; ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB; Node ${m.node}. Load average ${load[0]!.toFixed(1)} at the start, ${load[1]!.toFixed(1)} at the end. \`node dist/bench/count-threads.js --rounds ${rounds}\`.`,
  '',
  "What does the search: `puzzlesat count … --json --workers N`, the exact-cover counter, in a child process; each row is both workers settings run in turn, round after round. Wall seconds by this process's clock, CPU seconds the child's (all its threads). ÷ 1: the sum over the rounds against `--workers 1`'s.",
  '',
  '| puzzle | how the threads share it | workers | count | wall s (each round) | CPU s (each round) | wall ÷ 1 | CPU ÷ 1 |',
  '|---|---|---:|---:|---|---|---:|---:|',
];
for (const p of PUZZLES) {
  const one = runs.get(`${p.name}|1`)!;
  for (const w of WORKERS) {
    const rs = runs.get(`${p.name}|${w}`)!;
    const counts = new Set(rs.map((r) => r.count));
    if (counts.size !== 1 || [...counts][0] !== one[0]!.count) throw new Error(`${p.name}: counts differ between runs: ${[...counts].join(', ')}`);
    const wall = rs.map((r) => r.wall.toFixed(2)).join(', ');
    const cpu = rs.map((r) => r.cpu.toFixed(2)).join(', ');
    const ratio = (f: (r: Run) => number) => (sum(rs.map(f)) / sum(one.map(f))).toFixed(2);
    lines.push(
      `| ${p.name} | ${w === 1 ? 'one thread' : p.how} | ${w} | ${rs[0]!.count} | ${wall} | ${cpu} | ${ratio((r) => r.wall)} | ${ratio((r) => r.cpu)} |`,
    );
  }
}
const report = lines.join('\n') + '\n';
process.stdout.write(report);
if (write) writeFileSync(write, report);
