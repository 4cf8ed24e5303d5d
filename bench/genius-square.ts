/**
 * The Genius Square sweeps, timed: is every one of the 62208 rolls solvable
 * (goal: under 60 s on 2 cores), and how many solutions does each have (a
 * published Java program took about 2 hours on 12 cores; its statistics:
 * all solvable, mean about 1936, min 11, max 22317) — counted by our sweep
 * beside a C dancing-links counter (bench/peers/genius-count.c, compiled
 * here with `cc -O2`) given the same rolls: one per symmetry class, as the
 * sweep solves them. Every count of the sweep is checked against the C
 * peer's, roll for roll.
 *
 *   npx tsc && node dist/bench/genius-square.js [--workers 2] [--first 3000] [--count all|N] [--write]
 *
 * --first N compares the counters on the first N rolls; --count all (the
 * default) or N on all rolls or the first N, whose statistics the report
 * gives. --write puts the report into bench/results/genius-square.md as
 * well as on stdout, and with --count all the histogram of solutions per
 * roll next to it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLL_COUNT, RollSolver, blockedCells, geniusSquare, rollAt, symmetryClassKey } from '../encoders/genius-square.js';
import { runSweep, sampleRolls, summarizeSweep, type SweepRun } from '../src/enumerate/sweep.js';
import { renderHistogramSvg } from '../src/render/genius.js';
import { timed, type Timed } from '../src/bench/timing.js';

interface Args {
  workers: number;
  /** Rolls 0..first-1 for the comparison with the C peer. */
  first: number;
  /** Rolls for the statistics: all of them, or the first N. */
  count: 'all' | number;
  write: boolean;
}

function parseArgs(argv: string[]): Args {
  const get = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const count = get('--count') ?? 'all';
  return {
    workers: Number(get('--workers') ?? 2),
    first: Number(get('--first') ?? 3000),
    count: count === 'all' ? 'all' : Number(count),
    write: argv.includes('--write'),
  };
}

const fmt = (x: number, digits = 1) => x.toFixed(digits);
const RESULTS = 'bench/results';
const PEER_SOURCE = fileURLToPath(new URL('../../bench/peers/genius-count.c', import.meta.url));
const CLASSES = new Set(Array.from({ length: ROLL_COUNT }, (_, i) => symmetryClassKey(rollAt(i)))).size;
const firstRolls = (n: number) => Array.from({ length: n }, (_, i) => i);

/** CPU milliseconds per roll of `work` over `n` sampled rolls. */
function perRoll(n: number, work: (roll: number) => void): number {
  const rolls = sampleRolls(n, 3);
  const cpu = process.cpuUsage();
  for (const roll of rolls) work(roll);
  const { user, system } = process.cpuUsage(cpu);
  return (user + system) / 1000 / n;
}

/** One roll per symmetry class, the first in roll order: the rolls the sweep solves. */
function representatives(rolls: readonly number[]): number[] {
  const seen = new Set<number>();
  return rolls.filter((roll) => {
    const key = symmetryClassKey(rollAt(roll));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---- the C peer --------------------------------------------------------------------

interface Peer {
  dir: string;
  binary: string;
}

/** Compiles the C peer, or says why it cannot. */
function compilePeer(): Peer | string {
  if (spawnSync('sh', ['-c', 'command -v cc']).status !== 0) return 'no C compiler (cc) on this machine: the C peer rows are skipped';
  const dir = mkdtempSync(join(tmpdir(), 'genius-peer-'));
  const binary = join(dir, 'genius-count');
  const built = spawnSync('cc', ['-O2', '-o', binary, PEER_SOURCE], { encoding: 'utf8' });
  if (built.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `cc -O2 failed on bench/peers/genius-count.c: the C peer rows are skipped (${built.stderr.trim().split('\n')[0]})`;
  }
  return { dir, binary };
}

/** The peer's input: the pieces' placements on the empty board, then the blocked cells of each roll. */
function peerInput(solver: RollSolver, rolls: readonly number[]): string {
  const { cells, pieces, placements } = solver.emptyBoard;
  const lines = [`cells ${cells} pieces ${pieces} placements ${placements.length}`];
  for (const pl of placements) lines.push(`${pl.piece} ${pl.cells.length} ${pl.cells.join(' ')}`);
  lines.push(`rolls ${rolls.length}`);
  for (const roll of rolls) {
    const blocked = blockedCells(rollAt(roll));
    lines.push(`${blocked.length} ${blocked.join(' ')}`);
  }
  return lines.join('\n') + '\n';
}

interface PeerRun {
  /** Solutions per roll, by roll index. */
  counts: Map<number, number>;
  /** The processes' own CPU seconds (getrusage), reading the input included. */
  cpu: number;
  wall: number;
}

/** Counts the rolls with the C peer in `processes` processes at once, each given every processes-th roll. */
async function runPeer(peer: Peer, solver: RollSolver, rolls: readonly number[], processes: number): Promise<PeerRun> {
  const shares = Array.from({ length: processes }, (_, p) => rolls.filter((_, i) => i % processes === p));
  const files = shares.map((share, p) => {
    const file = join(peer.dir, `rolls-${p}.txt`);
    writeFileSync(file, peerInput(solver, share));
    return file;
  });
  const start = performance.now();
  const outputs = await Promise.all(files.map((file) => runPeerProcess(peer.binary, file)));
  const wall = (performance.now() - start) / 1000;
  const counts = new Map<number, number>();
  let cpu = 0;
  outputs.forEach((output, p) => {
    const lines = output.trim().split('\n');
    const last = lines.pop()!;
    if (!last.startsWith('cpu ') || lines.length !== shares[p]!.length)
      throw new Error(`genius-count: unexpected output (${lines.length} counts for ${shares[p]!.length} rolls, last line "${last}")`);
    cpu += Number(last.slice(4));
    lines.forEach((line, i) => counts.set(shares[p]![i]!, Number(line)));
  });
  return { counts, cpu, wall };
}

function runPeerProcess(binary: string, input: string): Promise<string> {
  const fd = openSync(input, 'r');
  const child = spawn(binary, [], { stdio: [fd, 'pipe', 'inherit'] });
  closeSync(fd);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`genius-count exited with ${code}`))));
  });
}

/** The rolls whose sweep count differs from the peer's; the peer counted one roll per class, which stands for all of the class. */
function mismatches(sweep: SweepRun, peer: PeerRun): string[] {
  const byClass = new Map([...peer.counts].map(([roll, count]) => [symmetryClassKey(rollAt(roll)), count]));
  const wrong: string[] = [];
  for (const [roll, row] of sweep.results) {
    const expected = byClass.get(symmetryClassKey(rollAt(roll)));
    if (row.solutions !== expected) wrong.push(`${rollAt(roll).join(',')}: sweep ${row.solutions}, C ${expected}`);
  }
  return wrong;
}

// ---- the report --------------------------------------------------------------------

interface Row {
  counter: string;
  /** Worker threads or processes, as words. */
  parallel: string;
  cpu: number;
  wall: number;
}

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
  say(
    `${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}; ` +
      `load average ${fmt(loadBefore, 2)} at the start (the machine is shared, so wall times are upper bounds; CPU times count every thread of this process, and the C peer's own getrusage).`,
  );
  say();
  say(
    `${ROLL_COUNT} rolls fall into ${CLASSES} classes under the board's 8 symmetries; the sweep solves one roll per class (same pieces turned alike give the same count), and so does the C peer here.`,
  );
  say();

  const solver = new RollSolver();
  say('## Cost per roll (one thread, CPU ms per roll, sampled rolls)');
  say();
  say('| step | ms per roll |');
  say('|---|---:|');
  say(
    `| buildPacking for the roll (placements, CNF, symmetries): what the sweep does not do | ${fmt(
      perRoll(50, (roll) => geniusSquare({ roll: rollAt(roll).join(',') })),
      2,
    )} |`,
  );
  say(
    `| bitboard (the sweep's counter): drop the placements that hit the blockers, search to the first solution | ${fmt(
      perRoll(2000, (roll) => solver.count(rollAt(roll), 1)),
      3,
    )} |`,
  );
  say(
    `| bitboard: every solution | ${fmt(
      perRoll(300, (roll) => solver.count(rollAt(roll))),
      3,
    )} |`,
  );
  say(
    `| dancing links (solvers/dlx/exact-cover.ts) on the shared matrix, blockers forced: every solution | ${fmt(
      perRoll(100, (roll) => solver.count(rollAt(roll), undefined, 'dlx')),
      3,
    )} |`,
  );
  say();

  const solvability = await timed(() => runSweep({ count: false, workers: args.workers }));
  const s = summarizeSweep(solvability.value.results);
  say(`## Solvability of all ${ROLL_COUNT} rolls (${solvability.value.workers} worker threads)`);
  say();
  say(
    `${s.solvable} of ${s.visited} rolls solvable${s.unsolvable.length ? `; unsolvable: ${s.unsolvable.join(' ')}` : ''}; ` +
      `${fmt(solvability.wall)} s wall, ${fmt(solvability.cpu)} s CPU (goal: under 60 s on 2 cores).`,
  );
  say();

  const peer = compilePeer();
  try {
    say('## Counting every solution: the sweep against the C peer');
    say();
    if (typeof peer === 'string') {
      say(peer);
      say();
    }
    // On every roll the C peer runs once, in as many processes as the sweep has workers: its CPU seconds hardly depend on the split.
    const first = await compare(say, solver, peer, `the first ${args.first} rolls`, firstRolls(args.first), args.workers, [
      ...new Set([1, args.workers]),
    ]);
    const allRolls = args.count === 'all' ? firstRolls(ROLL_COUNT) : firstRolls(args.count);
    const whole = args.count === 'all' ? `all ${ROLL_COUNT} rolls` : `the first ${args.count} rolls`;
    const counted =
      allRolls.length === first.rolls
        ? first.sweep
        : await compare(say, solver, peer, whole, allRolls, args.workers, [args.workers]).then((c) => c.sweep);
    reportCounts(say, counted.value, whole);
    if (args.write && args.count === 'all') {
      const values = [...counted.value.results.values()].map((r) => r.solutions ?? 0);
      mkdirSync(RESULTS, { recursive: true });
      writeFileSync(
        `${RESULTS}/genius-square-histogram.svg`,
        renderHistogramSvg(values, {
          title: `The Genius Square: solutions per roll (${values.length} rolls)`,
          xLabel: 'solutions of a roll',
          yLabel: 'rolls',
        }),
      );
      say();
      say('Histogram of the solutions per roll: [genius-square-histogram.svg](genius-square-histogram.svg).');
    }
  } finally {
    if (typeof peer !== 'string') rmSync(peer.dir, { recursive: true, force: true });
  }
  say();
  say(`Load average at the end: ${fmt(loadavg()[0]!, 2)}.`);

  if (args.write) {
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(`${RESULTS}/genius-square.md`, out.join('\n') + '\n');
  }
}

/**
 * Counts the rolls with the sweep on one worker thread and on `workers`,
 * and with the C peer in each number of processes of `peerProcesses`; a
 * table of CPU and wall seconds with the CPU ratio of each sweep row to the
 * C row with as many threads (else to the first C row). Throws when a count
 * differs from the peer's.
 */
async function compare(
  say: (line?: string) => void,
  solver: RollSolver,
  peer: Peer | string,
  what: string,
  rolls: readonly number[],
  workers: number,
  peerProcesses: readonly number[],
): Promise<{ rolls: number; sweep: Timed<SweepRun> }> {
  const solved = representatives(rolls);
  say(`### ${what[0]!.toUpperCase()}${what.slice(1)} (${solved.length} classes)`);
  say();
  const sweeps: (Row & { threads: number })[] = [];
  const runs: Timed<SweepRun>[] = [];
  for (const threads of [...new Set([1, workers])]) {
    const sweep = await timed(() => runSweep({ count: true, rolls, workers: threads }));
    runs.push(sweep);
    if (sweep.value.solved !== solved.length) throw new Error(`the sweep solved ${sweep.value.solved} classes, expected ${solved.length}`);
    const used = sweep.value.workers;
    sweeps.push({
      counter: 'sweep: bitboard (solvers/dlx/bitboard.ts)',
      threads: used,
      parallel: `${used} worker thread${used === 1 ? '' : 's'}`,
      cpu: sweep.cpu,
      wall: sweep.wall,
    });
  }
  const peers: (Row & { threads: number })[] = [];
  if (typeof peer !== 'string') {
    for (const processes of peerProcesses) {
      const c = await runPeer(peer, solver, solved, processes);
      const wrong = runs.flatMap((run) => mismatches(run.value, c));
      if (wrong.length > 0)
        throw new Error(`${wrong.length} rolls counted differently by the sweep and the C peer, e.g. ${wrong.slice(0, 3).join('; ')}`);
      peers.push({
        counter: 'C dancing links (bench/peers/genius-count.c, cc -O2)',
        threads: processes,
        parallel: `${processes} process${processes === 1 ? '' : 'es'}`,
        cpu: c.cpu,
        wall: c.wall,
      });
    }
  }
  say('| counter | parallel | CPU s | wall s | CPU ratio to the C peer |');
  say('|---|---|---:|---:|---:|');
  for (const row of [...sweeps, ...peers]) {
    const against = sweeps.includes(row) ? (peers.find((p) => p.threads === row.threads) ?? peers[0]) : undefined;
    say(
      `| ${row.counter} | ${row.parallel} | ${fmt(row.cpu, 2)} | ${fmt(row.wall, 2)} | ${against ? `${fmt(row.cpu / against.cpu, 2)}x (against ${against.parallel})` : ''} |`,
    );
  }
  say();
  if (peers.length > 0) say(`Every one of the ${rolls.length} rolls has the same count from the sweep (each run) and from the C peer.`);
  say();
  return { rolls: rolls.length, sweep: runs[runs.length - 1]! };
}

function reportCounts(say: (line?: string) => void, run: SweepRun, what: string): void {
  const c = summarizeSweep(run.results);
  const sol = c.solutions!;
  say(`## Solutions of ${what}`);
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
}

await main();
