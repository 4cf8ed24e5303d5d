import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/temp-dir.js';
import {
  type BenchReport,
  DLX,
  ENCODINGS,
  PUZZLES,
  SUITES,
  boxedSearch,
  countDisagreements,
  projectCpu,
  median,
  mergeReports,
  ratioText,
  renderMarkdown,
  resolveSuite,
  runSuite,
  timePerSolution,
  timedRun,
} from '../src/bench/encodings.js';
import { renderChart } from '../src/bench/chart.js';
import { runLimited } from '../src/core/cpu-limit.js';
import { PB_SUITES, type PbReport, pbDisagreements, renderPbMarkdown, runPbSuite } from '../src/bench/pb-encodings.js';
import { UserError } from '../src/core/errors.js';
import { logicSolver } from '../solvers/logic-solver.js';
import { suiteSettings } from '../src/cli/bench.js';
import { missing } from './helpers/requires.js';

describe('bench helpers', () => {
  it('takes medians with timed-out runs ranked last', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([1, null, 5])).toBe(5);
    expect(median([1, null, null])).toBeNull();
    expect(median([])).toBeNull();
  });

  it('writes ratios, estimates from time per solution after a timeout, and bounds when nothing was found', () => {
    const m = (seconds: number | null, found: number) => ({ seconds, found, runs: 1 });
    expect(ratioText(m(3, 20), m(2, 20), 60)).toBe('1.50');
    expect(ratioText(m(250, 1), m(2, 1), 600)).toBe('125');
    // 60 s for 100 solutions against 10 s for 1000: 0.6 s against 0.01 s each.
    expect(ratioText(m(null, 100), m(10, 1000), 60)).toBe('≈60.0');
    expect(ratioText(m(null, 50), m(null, 200), 60)).toBe('≈4.00');
    expect(ratioText(m(null, 0), m(2, 1), 60)).toBe('>30.0');
    expect(ratioText(m(6, 1), m(null, 0), 60)).toBe('<0.10');
    expect(ratioText(m(null, 0), m(null, 0), 60)).toBe('–');
    expect(ratioText(undefined, m(1, 1), 60)).toBe('–');
    expect(timePerSolution(m(null, 4), 60)).toBe(15);
    expect(timePerSolution(m(null, 0), 60)).toBeNull();
  });

  it('reads the CLI options into suite settings', () => {
    const args = (extra: Record<string, unknown>) => ({ _: ['bench'], ...extra });
    expect(suiteSettings(args({ quick: true }))).toEqual(SUITES.quick);
    expect(suiteSettings(args({ repeat: 5, baseline: 'sequential', timeout: 7, solvers: 'logic-solver, minisat' }))).toMatchObject({
      suite: 'full',
      repeat: 5,
      baseline: 'sequential',
      timeoutSeconds: 7,
      solvers: ['logic-solver', 'minisat'],
    });
    expect(suiteSettings(args({ puzzles: 'soma, 6x10' })).puzzles).toEqual(['soma', '6x10']);
    expect(() => suiteSettings(args({ repeat: 0 }))).toThrow(UserError);
    expect(() => suiteSettings(args({ timeout: -1 }))).toThrow(UserError);
    expect(suiteSettings(args({ searchBox: 3 })).search).toEqual({ ...SUITES.full.search, boxSeconds: 3 });
    expect(() => suiteSettings(args({ searchBox: 0 }))).toThrow(/--search-box/);
  });

  it('states the searching regime: every class at a shallow cube depth, cover branching, chrono enumeration, on minisat-wasm', () => {
    for (const suite of Object.values(SUITES)) {
      expect(suite.search).toMatchObject({ solver: 'minisat-wasm', branching: 'cover', enumMode: 'chrono' });
      expect(suite.search.cubeDepth).toBeLessThanOrEqual(2);
    }
  });

  it('projects a boxed search to every class: the time to the first class once, then the rate after it', async () => {
    // 2 s to the first of 100 classes, 3 s more for the next 10: 2 + 99 * 0.3.
    expect(projectCpu(5, 2, 11, 100)).toBeCloseTo(31.7, 12);
    expect(projectCpu(4, 4, 1, 100)).toBe(400);
    const summary = (count: number, complete: boolean) => async (_stop: () => boolean, onFound: () => void) => {
      for (let i = 0; i < count; i++) onFound();
      return { count, raw: count, complete, cubes: 0, solves: 0 };
    };
    const boxed = await boxedSearch(summary(4, false), 1, 100);
    expect(boxed).toMatchObject({ found: 4, complete: false, firstCpu: expect.any(Number) });
    expect(boxed.allCpu).toBe(projectCpu(boxed.cpu, boxed.firstCpu!, 4, 100));
    const finished = await boxedSearch(summary(100, true), 1, 100);
    expect(finished.allCpu).toBe(finished.cpu);
    expect((await boxedSearch(summary(0, false), 1, 100)).allCpu).toBeNull();
    // The run is handed a stop that turns true once the box has passed.
    const stops = await boxedSearch(
      async (shouldStop) => {
        const before = shouldStop();
        await new Promise((resolve) => setTimeout(resolve, 30));
        return { count: before ? 1 : shouldStop() ? 2 : 3, raw: 0, complete: false, cubes: 0, solves: 0 };
      },
      0.01,
      10,
    );
    expect(stops.found).toBe(2);
  });

  it('refuses unknown names and a baseline outside the suite', async () => {
    await expect(resolveSuite({ ...SUITES.quick, baseline: 'product' })).rejects.toThrow(UserError);
    await expect(resolveSuite({ ...SUITES.quick, encodings: ['pairwise', 'nosuch'] })).rejects.toThrow(/unknown encoding "nosuch"/);
    await expect(resolveSuite({ ...SUITES.quick, puzzles: ['tangram'] })).rejects.toThrow(UserError);
  });

  it('stops a run at its time box and reports it unfinished', async () => {
    const puzzle = PUZZLES.find((p) => p.name === '6x10')!;
    const instance = puzzle.build(ENCODINGS.find((e) => e.name === 'sequential')!);
    for (const backend of [{ kind: 'dlx' } as const, { kind: 'sat', factory: logicSolver } as const]) {
      const run = await timedRun(instance, backend, { unique: true, n: 100, timeoutSeconds: 1e-6 });
      expect(run.end).toBeNull();
      expect(run.nth).toBeNull();
      expect(run.count).toBeLessThan(100);
    }
  });
});

// The quick suite's searching regime runs minisat-wasm.
describe.skipIf(missing('minisat-wasm'))('bench --quick', () => {
  let report: BenchReport;
  beforeAll(async () => {
    report = await runSuite(SUITES.quick);
  }, 600_000);

  it('has the documented JSON shape', () => {
    const json = JSON.parse(JSON.stringify(report)) as BenchReport;
    expect(json.settings.suite).toBe('quick');
    expect(Number.isNaN(Date.parse(json.date))).toBe(false);
    expect(json.machine).toEqual({
      os: expect.any(String),
      cpu: expect.any(String),
      cores: expect.any(Number),
      memoryGiB: expect.any(Number),
      node: process.version,
    });
    expect(json.puzzles.map((p) => p.name)).toEqual(SUITES.quick.puzzles);
    for (const cell of json.cells) {
      expect(cell.error).toBeUndefined();
      expect(cell.first).toEqual({ seconds: expect.any(Number), found: 1, runs: 1 });
      expect(cell.firstN).toEqual({ seconds: expect.any(Number), found: 20, runs: 1 });
      if (cell.solver === DLX) expect([cell.vars, cell.clauses]).toEqual([null, null]);
      else expect([cell.vars, cell.clauses]).toEqual([expect.any(Number), expect.any(Number)]);
    }
  });

  it('measures every encoding with every in-process MiniSat, and dlx once per puzzle', async () => {
    const { solvers } = await resolveSuite(SUITES.quick);
    expect(solvers.map((s) => s.name)).toContain('logic-solver');
    for (const puzzle of SUITES.quick.puzzles) {
      const cells = report.cells.filter((c) => c.puzzle === puzzle);
      expect(cells.filter((c) => c.solver === DLX)).toHaveLength(1);
      const sat = cells.filter((c) => c.solver !== DLX).map((c) => `${c.encoding} ${c.solver}`);
      expect(sat.sort()).toEqual(SUITES.quick.encodings.flatMap((e) => solvers.map((s) => `${e} ${s.name}`)).sort());
    }
  });

  it('finds the same counts in every cell of a puzzle', () => {
    expect(countDisagreements(report)).toEqual([]);
    const counts = (puzzle: string) => new Set(report.cells.filter((c) => c.puzzle === puzzle).map((c) => `${c.count}/${c.raw}`));
    // N = 20 classes of 6x10, none of them symmetric: 80 solutions.
    expect([...counts('6x10')]).toEqual(['20/80']);
    // Every class of the roll, enumerated to the end in each cell.
    expect([...counts('genius-square')]).toEqual(['316/316']);
    expect(report.cells.filter((c) => c.puzzle === 'genius-square').every((c) => c.all?.seconds != null)).toBe(true);
  });

  it('runs the searching regime on dlx and minisat-wasm only, every cell stating its cube depth, branching and enumeration', () => {
    const { search } = SUITES.quick;
    for (const puzzle of SUITES.quick.puzzles) {
      const cells = report.cells.filter((c) => c.puzzle === puzzle);
      expect(
        cells
          .filter((c) => c.search)
          .map((c) => `${c.encoding} ${c.solver}`)
          .sort(),
      ).toEqual(['exact cover dlx', ...SUITES.quick.encodings.map((e) => `${e} minisat-wasm`)].sort());
      for (const c of cells.filter((c) => c.search && c.solver !== DLX)) {
        expect(c.search).toMatchObject({ cubeDepth: search.cubeDepth, branching: 'cover', enumeration: 'chrono' });
      }
      expect(cells.find((c) => c.solver === DLX)!.search).toMatchObject({
        cubeDepth: null,
        branching: 'MRV (exact cover)',
        enumeration: 'dancing links',
      });
    }
  });

  it('counts every class of the roll in the searching regime, and a full orbit per class of a boxed 6x10 run', () => {
    for (const c of report.cells.filter((c) => c.search)) {
      const m = c.search!;
      expect(m.found).toBeGreaterThan(0);
      if (c.puzzle === 'genius-square') expect([m.found, m.raw, m.complete, m.allCpu]).toEqual([316, 316, true, m.cpu]);
      else if (m.complete) expect([m.found, m.raw]).toEqual([2339, 9356]);
      else {
        // Stopped by the box: no solution of 6x10 is symmetric, so each class is 4 solutions; the projection scales the CPU to all 2339.
        expect(m.raw).toBe(4 * m.found);
        expect(m.allCpu).toBe(projectCpu(m.cpu, m.firstCpu!, m.found, 2339));
      }
    }
  });

  it('flags a searching cell whose count differs', () => {
    const broken = structuredClone(report);
    const cell = broken.cells.find((c) => c.puzzle === 'genius-square' && c.solver !== DLX && c.search)!;
    cell.search!.found = 300;
    expect(countDisagreements(broken)).toEqual([
      `genius-square ${cell.encoding} ${cell.solver} searching: 300 classes (316 solutions), expected 316 (316)`,
    ]);
  });

  it('flags a cell whose count differs', () => {
    const broken = structuredClone(report);
    const cell = broken.cells.find((c) => c.puzzle === 'genius-square' && c.solver !== DLX)!;
    cell.count = 315;
    expect(countDisagreements(broken)).toEqual([`genius-square ${cell.encoding} ${cell.solver}: 315 classes (316 solutions), expected 316 (316)`]);
    // A first-N run must still count a full orbit (4 solutions) per class of 6x10.
    const partial = broken.cells.find((c) => c.puzzle === '6x10' && c.solver === DLX)!;
    partial.raw = 79;
    expect(countDisagreements(broken)).toHaveLength(2);
    expect(countDisagreements(broken)[0]).toBe('6x10 exact cover dlx: 20 classes stand for 79 solutions, expected 80');
  });

  it('merges the reports of a suite run in parts, one puzzle each, into the report of the whole', () => {
    const part = (puzzle: string): BenchReport => ({
      ...report,
      settings: { ...report.settings, puzzles: [puzzle] },
      puzzles: report.puzzles.filter((p) => p.name === puzzle),
      cells: report.cells.filter((c) => c.puzzle === puzzle),
    });
    const [a, b] = [part('6x10'), { ...part('genius-square'), date: '2099-01-01T00:00:00.000Z' }];
    const merged = mergeReports([a, b]);
    expect(merged.cells).toEqual(report.cells);
    expect(merged.puzzles).toEqual(report.puzzles);
    expect(merged.settings).toEqual(report.settings);
    expect(merged.date).toBe(b.date);
    expect(
      renderMarkdown(merged)
        .split('\n')
        .filter((line) => line.includes(' | dlx | ')),
    ).toHaveLength(4);
    expect(() => mergeReports([a, a])).toThrow(/puzzle 6x10 is in more than one report/);
    expect(() => mergeReports([a, { ...b, settings: { ...b.settings, repeat: 9 } }])).toThrow(/different settings/);
    expect(() => mergeReports([])).toThrow(UserError);
  });

  it('renders a table per puzzle and one bar per enumerated cell', () => {
    const markdown = renderMarkdown(report);
    for (const puzzle of SUITES.quick.puzzles) expect(markdown).toContain(`## ${puzzle}:`);
    for (const puzzle of SUITES.quick.puzzles) expect(markdown).toContain(`### ${puzzle}, the SAT solver searching`);
    // Per puzzle: dlx in the first-N table and in the searching table.
    expect(markdown.split('\n').filter((line) => line.startsWith('| ') && line.includes(' | dlx | '))).toHaveLength(4);
    const regimeRows = markdown.split('\n').filter((line) => line.includes(` | minisat-wasm | ${SUITES.quick.search.cubeDepth} | cover | chrono | `));
    expect(regimeRows).toHaveLength(SUITES.quick.puzzles.length * SUITES.quick.encodings.length);
    const svg = renderChart(report);
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    // A bar per cell that timed its first N classes, and one per searching cell.
    const bars = report.cells.filter((c) => c.firstN).length + report.cells.filter((c) => c.search?.allCpu != null).length;
    expect(svg.match(/<rect x="270"/g)).toHaveLength(bars);
  });
});

describe('bench pb --quick', () => {
  let report: PbReport;
  beforeAll(async () => {
    report = await runPbSuite(PB_SUITES.quick);
  }, 600_000);

  it('runs every PB encoding on the knapsack and every PB and cardinality encoding on queens domination', () => {
    const workloads = [...new Set(report.rows.map((r) => r.workload))];
    expect(workloads).toEqual(['knapsack', 'queens domination']);
    expect(report.rows.filter((r) => r.workload === 'knapsack').map((r) => r.encoding)).toEqual(['bdd', 'swc', 'adder']);
    expect(report.rows.filter((r) => r.workload === 'queens domination').map((r) => r.encoding)).toEqual([
      'bdd',
      'swc',
      'adder',
      'sequential',
      'totalizer',
      'cardinality-network',
      'modulo-totalizer',
    ]);
  });

  it('answers as the known optimum says: SAT at it, UNSAT beyond, the maximisation proved at it (dynamic programming; OEIS A075458)', () => {
    expect(pbDisagreements(report)).toEqual([]);
    for (const r of report.rows) expect([r.sat.status, r.unsat.status], `${r.workload} ${r.encoding}`).toEqual(['SAT', 'UNSAT']);
    for (const r of report.rows.filter((x) => x.optimize)) expect(r.optimize?.value).toBe(r.expected.optimum);
  });

  it('flags a row whose answer contradicts the optimum', () => {
    const bad = { ...report, rows: [{ ...report.rows[0]!, unsat: { status: 'SAT' as const, cpu: 0.1 } }] };
    expect(pbDisagreements(bad)).toEqual([`${report.rows[0]!.workload} ${report.rows[0]!.problem} bdd minisat-wasm: SAT beyond the optimum`]);
  });

  it('renders one table per workload, the cardinality encodings marked', () => {
    const markdown = renderPbMarkdown(report);
    expect(markdown).toMatch(/^# Pseudo-Boolean encodings \(quick suite\)/);
    expect(markdown).toMatch(/## knapsack[\s\S]*## queens domination/);
    expect(markdown).toContain('| 6×6, γ = 3 | totalizer (card) | minisat-wasm |');
  });
});

const tmp = tempDir('puzzlesat-bench-tmp-');

describe('the bench scripts', () => {
  it('count leaves nothing in the temporary directory (regression: its folder of Dorian towers files stayed after every run)', () => {
    const script = join(import.meta.dirname, '..', 'dist', 'bench', 'count.js');
    // --only a name no puzzle has: the report's frame, no runs.
    const r = spawnSync(process.execPath, [script, '--only', 'none'], { encoding: 'utf8', env: { ...process.env, TMPDIR: tmp } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^# Counting without enumerating/);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('runLimited: a CPU box', () => {
  // A child that burns CPU in slices, says "stopped" and exits 130 on SIGINT, as puzzlesat's verbs do at Ctrl-C.
  const burner = [
    '-e',
    "process.on('SIGINT', () => { process.stdout.write('stopped\\n'); process.exit(130); });" +
      'const burn = () => { const end = Date.now() + 20; while (Date.now() < end); setImmediate(burn); }; burn();',
  ];

  it('interrupts the command at interruptAtCpu CPU seconds, so that it can still say what it has', async () => {
    // The kernel's box is 20 s; the SIGINT at 1 CPU s must come long before it (without it the run would end by SIGXCPU, no output).
    const { code, stdout, cpu } = await runLimited(process.execPath, burner, 20, { interruptAtCpu: 1 });
    expect(code).toBe(130);
    expect(stdout).toBe('stopped\n');
    expect(cpu).toBeGreaterThanOrEqual(1);
    expect(cpu).toBeLessThan(20);
  });
});
