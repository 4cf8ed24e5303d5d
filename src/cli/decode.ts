import { readFileSync, writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { instanceOfDimacs } from '../../encoders/index.js';
import { modelFromLiterals } from '../../solvers/external/clause-store.js';
import { readAnswer } from '../../solvers/external/output.js';
import { readDimacsFile } from '../core/dimacs.js';
import { UserError, oneLine } from '../core/errors.js';
import type { Instance } from '../core/puzzle.js';
import { colorWanted } from '../render/grid.js';
import { type Args, guarded } from './common.js';

export const command = 'decode <cnf>';
export const describe = "turn any solver's answer to a puzzlesat DIMACS file back into the puzzle's solution: checked and drawn";

export const builder = (y: Argv) =>
  y
    .positional('cnf', { type: 'string', describe: 'the DIMACS file (from puzzlesat encode)' })
    .option('model', { type: 'string', demandOption: true, describe: "the solver's answer: `s`/`v` lines (cadical, kissat, clasp, picosat) or minisat's result file" })
    .option('svg', { type: 'string', describe: 'draw the (first) solution as SVG into FILE' })
    .option('json', { type: 'boolean', describe: 'machine-readable summary on stdout' })
    .example('$0 encode pentomino --preset 6x10 -o p.cnf && cadical p.cnf > p.out; $0 decode p.cnf --model p.out', 'a tiling found by CaDiCaL, drawn');

export const handler = (args: Args) =>
  guarded(async () => {
    const cnfFile = String(args.cnf);
    const modelFile = String(args.model);
    const formula = readDimacsFile(cnfFile);
    const answer = readAnswer(readText(modelFile));
    if (answer.status === undefined) throw new UserError(`--model ${modelFile}: no solver answer found${answer.stray ? ` ("${oneLine(answer.stray, 60)}")` : ''}`);
    const instance = instanceOfDimacs(formula, cnfFile);
    const solutions = answer.models.map((lits, i) => decodeModel(instance, lits, `--model ${modelFile}: model ${i + 1}`));
    if (answer.status === 'SAT' && solutions.length === 0) throw new UserError(`--model ${modelFile}: SAT without a model`);
    if (args.svg !== undefined && solutions.length > 0) writeSvg(instance, solutions[0]!.solution, String(args.svg));
    const named = formula.names.size > 0;
    if (args.json) {
      const report = {
        puzzle: instance.puzzle,
        params: instance.params,
        status: answer.status,
        count: solutions.length,
        solutions: solutions.map((s) => ({ solution: instance.toJson(s.solution), ...(named ? { trueNames: s.trueNames } : { vars: s.trueVars }) })),
      };
      process.stdout.write(JSON.stringify(report) + '\n');
    } else {
      const color = colorWanted(process.stdout);
      for (const s of solutions) process.stdout.write(`${instance.render(s.solution, { color })}\n\n`);
      process.stdout.write(`${answer.status}: ${solutions.length} model${solutions.length === 1 ? '' : 's'} of ${instance.puzzle}, each checked against ${cnfFile} and the puzzle's checker\n`);
    }
    return 0;
  });

/** One model: checked against every clause of the file, decoded, and checked as a solution. */
function decodeModel(instance: Instance, lits: readonly number[], where: string) {
  const cnf = instance.cnf;
  const beyond = lits.find((lit) => Math.abs(lit) > cnf.varCount);
  if (beyond !== undefined) throw new UserError(`${where}: literal ${beyond} is beyond the file's ${cnf.varCount} variables`);
  const model = modelFromLiterals(lits, cnf.varCount);
  const check = cnf.satisfiedBy((v) => model[v] === 1);
  if (!check.ok) throw new UserError(`${where} breaks a ${check.family} clause of the file: ${oneLine(cnf.show(check.clause))}`);
  const trueVars = cnf.projection.filter((v) => model[v] === 1).sort((a, b) => a - b);
  const solution = instance.decode(trueVars);
  const problem = instance.check(solution);
  if (problem) throw new UserError(`${where} fails the puzzle's own check: ${problem}`);
  const trueNames = Array.from({ length: cnf.varCount }, (_, i) => i + 1)
    .filter((v) => model[v] === 1 && !cnf.vars.isAux(v))
    .map((v) => cnf.vars.name(v));
  return { solution, trueVars, trueNames };
}

function writeSvg(instance: Instance, solution: unknown, file: string): void {
  if (!instance.svg) throw new UserError(`--svg: ${instance.puzzle} has no SVG drawing`);
  try {
    writeFileSync(file, instance.svg(solution));
  } catch (e) {
    throw new UserError(`--svg: cannot write "${file}": ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'latin1');
  } catch (e) {
    throw new UserError(`--model: cannot read "${path}": ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}
