/**
 * Classes by Burnside with the pinning nested (src/count/burnside.ts,
 * nestedBlocks) against the same count pinned once, the peer: the terms
 * `count --unique` ran before nesting, counted by the same code in this
 * process, the two interleaved round by round so that a change in the
 * machine's speed falls on both alike. Both are whole counts, to the end.
 *
 *   npx tsc && node dist/bench/count-nesting.js [--puzzles a,b,...] [--rounds 2] [--max-memory-mib 2048] [--write FILE]
 *   node dist/bench/count-nesting.js --puzzles one-sided-hexiamonds-obeirnes-hexagon --representatives 3450 --rounds 1
 *
 * --representatives keeps only the blocks pinned first at those variables
 * (a term key's first number): the classes through them, a part of a count
 * too long to run whole (O'Beirne's hexagon: 101 CPU min).
 */
import { loadavg } from 'node:os';
import { buildInstance } from '../src/index.js';
import { classTerms } from '../src/count/burnside.js';
import { countTerms } from '../src/count/solutions.js';
import { machineDescription } from '../src/bench/encodings.js';
import { timed } from '../src/bench/timing.js';
import { option, publish, runMain } from './args.js';

/** Catalogue puzzles whose fronts are too wide for the sweep (so `count --unique` nests), counted in seconds to a minute. */
const PUZZLES = [
  'solid-pentominoes-3x4x5',
  'solid-pentominoes-2x5x6',
  'solid-pentominoes-ring-5x3x5',
  'hexiamonds-6x6',
  'hexiamonds-5x8-stacked-long-hexagons',
];

const WAYS = {
  once: 'pinned once, at the representatives of the symmetry-breaking family (the terms before nesting)',
  nested: 'pinned again below each representative a symmetry fixes (what `count --unique` runs)',
} as const;
type Way = keyof typeof WAYS;

interface Run {
  puzzle: string;
  way: Way;
  classes: bigint;
  terms: number;
  nodes: number;
  method: string;
  cpu: number;
}

async function countOnce(puzzle: string, way: Way, maxBytes: number, representatives: number[] | undefined): Promise<Run> {
  const instance = buildInstance('polyform', { puzzle });
  const { value, cpu } = await timed(async () => {
    const terms = classTerms(instance, true, undefined, way === 'nested').filter((t) => !representatives || representatives.includes(t.pinned![0]!));
    return { terms: terms.length, result: await countTerms(instance, terms, { unique: true, maxBytes }) };
  });
  if (!value.result.complete) throw new Error(`${puzzle} ${way}: the count did not finish`);
  return { puzzle, way, classes: value.result.count, terms: value.terms, nodes: value.result.nodes, method: value.result.method, cpu };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const puzzles = (option(argv, '--puzzles') ?? PUZZLES.join(',')).split(',');
  const rounds = Number(option(argv, '--rounds') ?? 2);
  const maxBytes = Number(option(argv, '--max-memory-mib') ?? 2048) * 2 ** 20;
  const representatives = option(argv, '--representatives')?.split(',').map(Number);
  const load = loadavg()[0]!.toFixed(1);
  const runs: Run[] = [];
  for (const puzzle of puzzles) {
    for (let round = 0; round < rounds; round++) {
      for (const way of Object.keys(WAYS) as Way[]) {
        const run = await countOnce(puzzle, way, maxBytes, representatives);
        runs.push(run);
        process.stderr.write(`${puzzle} round ${round + 1} ${way}: ${run.classes} classes, ${run.nodes} nodes, ${run.cpu.toFixed(2)} CPU s\n`);
      }
    }
    const classes = new Set(runs.filter((r) => r.puzzle === puzzle).map((r) => r.classes));
    if (classes.size > 1) throw new Error(`${puzzle}: the two ways disagree: ${[...classes].join(' / ')}`);
  }
  const m = machineDescription();
  const of = (puzzle: string, way: Way) => runs.filter((r) => r.puzzle === puzzle && r.way === way);
  const cpu = (puzzle: string, way: Way) => of(puzzle, way).reduce((s, r) => s + r.cpu, 0);
  const cell = (puzzle: string, way: Way) => {
    const mine = of(puzzle, way);
    return `${mine[0]!.terms} terms, ${mine[0]!.nodes.toLocaleString('en-US')} nodes, ${mine.map((r) => r.cpu.toFixed(2)).join(' + ')} s`;
  };
  const lines = [
    '# Burnside pinned twice (nested) against pinned once',
    '',
    `${new Date().toISOString().slice(0, 10)}; ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB; Node ${m.node}. Load average ${load} at the start, ${loadavg()[0]!.toFixed(1)} at the end. \`node dist/bench/count-nesting.js ${argv.join(' ')}\`.`,
    '',
    `What does the search: the exact-cover counter (auto's engine for each term: nested terms by MRV, as these boards' fronts are too wide for the sweep), classes by Burnside's lemma${representatives ? ` through the representatives ${representatives.join(', ')} only` : ''}, ${Object.entries(
      WAYS,
    )
      .map(([way, text]) => `**${way}**: ${text}`)
      .join(
        '; ',
      )}. The peer is **once**. One process; each puzzle's two ways alternate for ${rounds} rounds; CPU seconds of the process, the terms' set-up included; memo bound ${maxBytes / 2 ** 20} MiB.`,
    '',
    '| puzzle | classes | once | nested | nodes ÷ once | CPU ÷ once |',
    '|---|---:|---|---|---:|---:|',
    ...puzzles.map((p) => {
      const [once, nested] = [of(p, 'once')[0]!, of(p, 'nested')[0]!];
      return `| ${p} | ${once.classes.toLocaleString('en-US')} | ${cell(p, 'once')} | ${cell(p, 'nested')} | ${(nested.nodes / once.nodes).toFixed(2)} | ${(cpu(p, 'nested') / cpu(p, 'once')).toFixed(2)} |`;
    }),
    '',
  ];
  publish(argv, lines.join('\n'));
}

runMain('count-nesting', main);
