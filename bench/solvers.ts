/**
 * Every available SAT solver on the same pentomino CNFs, first solution only,
 * through the Solver interface as the CLI uses it (for external solvers that
 * includes writing the DIMACS file and starting the program). Prints a
 * Markdown table of wall-clock seconds, with ratios against the minisat
 * program. Wall-clock, because the external solvers' time is spent in other
 * processes; the load average is printed with it, since the cores may be shared.
 *
 *   npx tsc && node dist/bench/solvers.js [--timeout 60] [--only minisat,clasp] [--repeat 1]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { polyomino } from '../encoders/polyomino.js';
import type { Instance } from '../src/core/puzzle.js';
import { UserError, oneLine } from '../src/core/errors.js';
import { claspWasm } from '../solvers/clasp-wasm.js';
import { EXTERNAL_SOLVERS } from '../solvers/external/adapter.js';
import { logicSolver } from '../solvers/logic-solver.js';
import { loadMinisatWasm, minisatWasm } from '../solvers/minisat-wasm.js';
import { ModelCheckError, type SolverFactory } from '../solvers/types.js';
import { checkedTrueVars, loadFormula } from '../src/enumerate/solve-once.js';

const REFERENCE = 'minisat';

interface Problem {
  name: string;
  instance: Instance;
}

const problems = (): Problem[] =>
  (['8x8-square', '6x10'] as const).flatMap((preset) =>
    (['compact', 'pairwise'] as const).map((nonOverlap) => ({ name: `${preset} ${nonOverlap}`, instance: polyomino({ preset, nonOverlap }) })),
  );

/** Seconds to the first solution, or why there is none. */
type Outcome = { seconds: number } | { failure: string };

async function firstSolution(factory: SolverFactory, instance: Instance, timeoutSeconds: number): Promise<Outcome> {
  const started = performance.now();
  const solver = factory.create();
  try {
    loadFormula(solver, instance.cnf);
    const status = await solver.solve({ timeoutSeconds });
    const seconds = (performance.now() - started) / 1000;
    if (status === 'UNKNOWN') return { failure: `> ${timeoutSeconds} s` };
    if (status !== 'SAT') return { failure: `said ${status}` };
    checkedTrueVars(instance.cnf, solver);
    return { seconds };
  } catch (e) {
    if (e instanceof ModelCheckError) return { failure: 'wrong model' };
    if (e instanceof UserError) return { failure: e.message.includes('over 1 MB') ? 'input > 1 MB' : `error: ${oneLine(e.message, 40)}` };
    throw e;
  } finally {
    solver.dispose();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(factory: SolverFactory, instance: Instance, timeoutSeconds: number, repeat: number): Promise<Outcome> {
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const outcome = await firstSolution(factory, instance, timeoutSeconds);
    if ('failure' in outcome) return outcome;
    times.push(outcome.seconds);
  }
  return { seconds: median(times) };
}

function cell(outcome: Outcome, reference: Outcome | undefined): string {
  if ('failure' in outcome) return outcome.failure;
  const ratio = reference && 'seconds' in reference ? ` (${(outcome.seconds / reference.seconds).toFixed(2)}×)` : '';
  return `${outcome.seconds.toFixed(2)}${ratio}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { timeout: { type: 'string', default: '60' }, only: { type: 'string' }, repeat: { type: 'string', default: '1' } },
  });
  const timeoutSeconds = Number(values.timeout);
  const repeat = Math.max(1, Number(values.repeat));
  const only = values.only?.split(',');
  await loadMinisatWasm();
  const factories = [logicSolver, minisatWasm, claspWasm, ...EXTERNAL_SOLVERS].filter((f) => f.available().ok && (!only || only.includes(f.name)));
  const list = problems();
  const results = new Map<string, Outcome[]>();
  for (const factory of factories) {
    const row: Outcome[] = [];
    for (const p of list) {
      row.push(await measure(factory, p.instance, timeoutSeconds, repeat));
      process.stderr.write(`${factory.name} on ${p.name}: ${cell(row.at(-1)!, undefined)}\n`);
    }
    results.set(factory.name, row);
  }
  const reference = results.get(REFERENCE);
  const lines = [
    `First solution, wall-clock seconds (median of ${repeat}), ratio against the ${REFERENCE} program; timeout ${timeoutSeconds} s; load average ${loadavg()[0]!.toFixed(1)} at the end.`,
    '',
    `| solver | ${list.map((p) => `${p.name} (${p.instance.cnf.varCount} vars, ${p.instance.cnf.clauseCount} clauses)`).join(' | ')} |`,
    `|---|${list.map(() => '---:').join('|')}|`,
    ...factories.map(
      (f) =>
        `| ${f.name} | ${results
          .get(f.name)!
          .map((o, i) => cell(o, reference?.[i]))
          .join(' | ')} |`,
    ),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

await main();
