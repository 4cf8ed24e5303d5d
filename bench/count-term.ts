/**
 * One subproblem counted to the end by dancing links and by each of the
 * counter's two engines, one after the other in this process, round after
 * round: where the memo buys little (O'Beirne's hexagon), is the counter
 * still no slower than `enumerate --solver dlx`? The subproblem is a
 * puzzle (a polyform by name, or any puzzle by its parameters) with some
 * of its rows forced, as a Burnside term pins one (the term "r3446" of a
 * count file forces row 3445).
 *
 * A projection from the first seconds of a search is no measure (one
 * term's tree can be 16 times another's), so every engine runs the whole
 * subproblem; CPU seconds of this process, engines interleaved so that a
 * change in the machine's speed falls on all of them alike.
 *
 *   npx tsc && node dist/bench/count-term.js --puzzle one-sided-hexiamonds-obeirnes-hexagon --force 3445 [--engines dlx,mrv,sweep] [--rounds 2] [--cache-mib 256] [--write FILE]
 *   node dist/bench/count-term.js --kind polyomino --params '{"board":"10x9","pieces":"…","flip":false}' --force 1949,1374
 */
import { loadavg } from 'node:os';
import { buildInstance, type Instance } from '../src/index.js';
import { solveExactCover } from '../solvers/dlx/exact-cover.js';
import { compileProblem } from '../src/count/problem.js';
import { itemOrderOf } from '../src/count/solutions.js';
import { MrvCounter } from '../src/count/mrv.js';
import { SweepCounter } from '../src/count/sweep.js';
import { machineDescription } from '../src/bench/encodings.js';
import { option, publish, runMain } from './args.js';
import { timed } from '../src/bench/timing.js';

const ENGINES = {
  dlx: 'solveExactCover: dancing links with MRV, the search behind `enumerate --solver dlx`, visiting every solution',
  mrv: "the counter's MRV engine (live rows as bits, a memo), `count --strategy mrv`",
  sweep: "the counter's sweep (first empty cell, bitsets, a memo), `count --strategy sweep`",
} as const;
type Engine = keyof typeof ENGINES;

interface Run {
  engine: Engine;
  count: number;
  nodes: number;
  cpu: number;
}

/** An argument as a shell reads it back: quoted when it holds more than plain characters. */
function shellWord(arg: string): string {
  return /^[\w.,=/:+-]+$/.test(arg) ? arg : "'" + arg.split("'").join("'\\''") + "'";
}

function countOnce(engine: Engine, instance: Instance, forced: number[], cacheBytes: number): Promise<Run> {
  return timed(() => {
    if (engine === 'dlx') return solveExactCover(instance.exactCover!, { forced });
    const problem = compileProblem(instance.exactCover!, itemOrderOf(instance), forced);
    const counter = engine === 'mrv' ? new MrvCounter(problem, { cacheBytes }) : new SweepCounter(problem, { cacheBytes });
    return { count: counter.count(), nodes: counter.nodes };
  }).then(({ value, cpu }) => ({ engine, count: value.count, nodes: value.nodes, cpu }));
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const kind = option(argv, '--kind') ?? 'polyform';
  const params = option(argv, '--params');
  const puzzle = params ?? option(argv, '--puzzle') ?? 'one-sided-hexiamonds-obeirnes-hexagon';
  const instance = buildInstance(kind, params ? (JSON.parse(params) as Record<string, unknown>) : { puzzle });
  const forced = (option(argv, '--force') ?? '').split(',').filter(Boolean).map(Number);
  const engines = (option(argv, '--engines') ?? 'dlx,mrv,sweep').split(',') as Engine[];
  for (const e of engines) if (!(e in ENGINES)) throw new Error(`--engines: unknown engine "${e}"; choose from ${Object.keys(ENGINES).join(', ')}`);
  const rounds = Number(option(argv, '--rounds') ?? 2);
  const cacheMib = Number(option(argv, '--cache-mib') ?? 256);
  const load = loadavg()[0]!.toFixed(1);
  const runs: Run[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const engine of engines) {
      const run = await countOnce(engine, instance, forced, cacheMib * 2 ** 20);
      runs.push(run);
      process.stderr.write(`round ${round + 1} ${engine}: ${run.count} solutions, ${run.nodes} nodes, ${run.cpu.toFixed(1)} CPU s\n`);
    }
  }
  const counts = new Set(runs.map((r) => r.count));
  if (counts.size > 1) throw new Error(`the engines disagree: ${[...counts].join(' / ')}`);
  const m = machineDescription();
  const total = (e: Engine) => runs.filter((r) => r.engine === e).reduce((s, r) => s + r.cpu, 0);
  const peer = engines.includes('dlx') ? total('dlx') : undefined;
  const lines = [
    `# ${kind} ${puzzle}, rows ${forced.join(', ') || 'none'} forced: counted to the end by each engine`,
    '',
    `${new Date().toISOString().slice(0, 10)}; ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB; Node ${m.node}. Load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end. \`node dist/bench/count-term.js ${argv.map(shellWord).join(' ')}\`.`,
    '',
    `What does the search: ${engines.map((e) => `**${e}** is ${ENGINES[e]}`).join('; ')}. Memo: ${cacheMib} MiB. One process, the engines one after the other in each round; CPU seconds of the process.`,
    '',
    `| engine | solutions | nodes | CPU s, round by round | total | ÷ dlx |`,
    '|---|---:|---:|---|---:|---:|',
    ...engines.map((e) => {
      const mine = runs.filter((r) => r.engine === e);
      const ratio = peer ? (total(e) / peer).toFixed(2) : '–';
      return `| ${e} | ${mine[0]!.count.toLocaleString('en-US')} | ${mine[0]!.nodes.toLocaleString('en-US')} | ${mine.map((r) => r.cpu.toFixed(1)).join(', ')} | ${total(e).toFixed(1)} | ${ratio} |`;
    }),
    '',
  ];
  publish(argv, lines.join('\n'));
}

runMain('count-term', main);
