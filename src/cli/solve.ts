import type { Argv } from 'yargs';
import { UserError } from '../core/errors.js';
import { pickSolver } from '../../solvers/index.js';
import { colorWanted } from '../render/grid.js';
import { writeDrawing } from '../render/png.js';
import { solveOnce } from '../enumerate/solve-once.js';
import { buildInstance, isCnfPath } from '../../encoders/index.js';
import { type Args, commonOptions, guarded, puzzleOptions, seconds } from './common.js';
import { progressWanted, startProgress } from './progress.js';

/** A time limit of about 30 years: no limit in practice. */
const UNREACHED_SECONDS = 1e9;

export const command = 'solve <puzzle>';
export const describe = 'find one solution of a puzzle, or solve any DIMACS file';

export const builder = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('puzzle', { type: 'string', describe: 'puzzle name or a .cnf file' })
    .option('svg', { type: 'string', describe: 'also draw the solution as SVG into FILE' })
    .option('png', { type: 'string', describe: 'also draw the solution as PNG into FILE' })
    .option('sat-exit-codes', { type: 'boolean', describe: 'exit 10 when SAT, 20 when UNSAT (SAT-competition style)' })
    .group(['svg', 'png', 'sat-exit-codes'], 'Output:')
    .example('$0 solve pentomino --preset 8x8-square --png board.png', 'one tiling, drawn on the terminal and into board.png')
    .example('$0 solve examples/unsat.cnf --solver cadical', 'any DIMACS file, answered in the SAT-competition format');

export const handler = (args: Args) =>
  guarded(async () => {
    const puzzle = String(args.puzzle);
    const instance = buildInstance(puzzle, args);
    const start = performance.now();
    const solver = (await pickSolver(args.solver)).create();
    const progress = startProgress(args, { unit: 'conflicts', who: solver.name });
    // The spinner reads the solver's conflict count between its slices of search; an engine
    // only slices (and lets the timer run) under a time limit, hence a limit nobody reaches.
    const heartbeat = setInterval(() => progress.update(solver.stats().conflicts ?? 0), 250);
    const timeoutSeconds = (args.timeout as number | undefined) ?? (progressWanted(args) ? UNREACHED_SECONDS : undefined);
    let result;
    try {
      result = await solveOnce(instance.cnf, solver, { timeoutSeconds });
    } finally {
      clearInterval(heartbeat);
      progress.stop();
    }
    const { status, trueVars, model } = result;
    const solution = status === 'SAT' ? instance.decode(trueVars) : undefined;
    const problem = solution === undefined ? null : instance.check(solution);
    if (problem) throw new Error(`the solution fails the independent check: ${problem}`);
    for (const format of ['svg', 'png'] as const) {
      if (args[format] === undefined || solution === undefined) continue;
      if (!instance.svg) throw new UserError(`--${format}: ${puzzle} has no drawing`);
      writeDrawing(String(args[format]), instance.svg(solution), format);
    }
    const file = isCnfPath(puzzle);
    const summary = {
      status,
      puzzle,
      params: instance.params,
      count: status === 'SAT' ? 1 : 0,
      complete: status !== 'UNKNOWN',
      vars: instance.cnf.varCount,
      clauses: instance.cnf.clauseCount,
      solver: solver.name,
      seconds: seconds(start),
      ...(file ? { model } : { solution: solution === undefined ? null : instance.toJson(solution) }),
    };
    if (args.json) process.stdout.write(JSON.stringify(summary) + '\n');
    else if (file) process.stdout.write(competitionFormat(status, model));
    else {
      if (solution !== undefined) process.stdout.write(instance.render(solution, { color: colorWanted(process.stdout) }) + '\n');
      process.stdout.write(`${status} in ${summary.seconds.toFixed(2)} s with ${summary.solver} [${summary.vars} vars, ${summary.clauses} clauses]\n`);
    }
    if (!args['sat-exit-codes']) return 0;
    return status === 'SAT' ? 10 : status === 'UNSAT' ? 20 : 0;
  });

/** The SAT-competition answer: an `s` line and the model in `v` lines. */
export function competitionFormat(status: string, model: readonly number[]): string {
  const s = { SAT: 'SATISFIABLE', UNSAT: 'UNSATISFIABLE', UNKNOWN: 'UNKNOWN' }[status] ?? 'UNKNOWN';
  let out = `s ${s}\n`;
  if (status === 'SAT') {
    for (let i = 0; i < model.length; i += 16) out += `v ${model.slice(i, i + 16).join(' ')}\n`;
    out += 'v 0\n';
  }
  return out;
}
