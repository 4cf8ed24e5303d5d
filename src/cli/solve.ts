import { readFileSync, writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { type DimacsFormula, instanceFromDimacs, parseDimacs, readDimacsFile } from '../core/dimacs.js';
import { UserError } from '../core/errors.js';
import { pickSolver } from '../../solvers/index.js';
import { colorWanted } from '../render/grid.js';
import { solveOnce } from '../enumerate/solve-once.js';
import { buildInstance, isCnfPath } from '../../encoders/index.js';
import { type Args, commonOptions, guarded, puzzleOptions, seconds } from './common.js';

export const command = 'solve <puzzle>';
export const describe = 'find one solution of a puzzle, or solve any DIMACS file';

export const builder = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('puzzle', { type: 'string', describe: 'puzzle name, a .cnf file, or - for DIMACS on standard input' })
    .option('svg', { type: 'string', describe: 'also draw the solution as SVG into FILE' })
    .option('sat-exit-codes', { type: 'boolean', describe: 'exit 10 when SAT, 20 when UNSAT (SAT-competition style)' });

export const handler = (args: Args) =>
  guarded(async () => {
    // yargs hands a lone "-" over as an empty string.
    const puzzle = args.puzzle === '' && process.argv.includes('-') ? '-' : String(args.puzzle);
    const formula = puzzle === '-' ? parseDimacs(readFileSync(0, 'latin1'), '<stdin>') : isCnfPath(puzzle) ? readDimacsFile(puzzle) : undefined;
    const instance = formula ? instanceFromDimacs(formula, puzzle === '-' ? '<stdin>' : puzzle) : buildInstance(puzzle, args);
    const start = performance.now();
    const factory = await pickSolver(args.solver);
    const { status, trueVars, model } = await solveOnce(instance.cnf, factory.create(), { timeoutSeconds: args.timeout as number | undefined });
    const solution = status === 'SAT' ? instance.decode(trueVars) : undefined;
    const problem = solution === undefined ? null : instance.check(solution);
    if (problem) throw new Error(`the solution fails the independent check: ${problem}`);
    if (args.svg !== undefined && solution !== undefined) {
      if (!instance.svg) throw new UserError(`--svg: ${puzzle} has no SVG drawing`);
      try {
        writeFileSync(String(args.svg), instance.svg(solution));
      } catch (e) {
        throw new UserError(`--svg: cannot write "${String(args.svg)}": ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
    }
    const file = formula !== undefined;
    const summary = {
      status,
      count: status === 'SAT' ? 1 : 0,
      complete: status !== 'UNKNOWN',
      vars: instance.cnf.varCount,
      clauses: instance.cnf.clauseCount,
      solver: factory.name,
      seconds: seconds(start),
      ...(formula ? { model, ...trueNamesOf(formula, model) } : { puzzle, params: instance.params, solution: solution === undefined ? null : instance.toJson(solution) }),
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

/** The names of the true variables, when the file names its variables (`c var N name`). */
function trueNamesOf(formula: DimacsFormula, model: readonly number[]): { trueNames?: string[] } {
  if (formula.names.size === 0) return {};
  return { trueNames: model.filter((lit) => lit > 0 && formula.names.has(lit)).map((v) => formula.names.get(v)!) };
}
