import type { Argv } from 'yargs';
import {
  DEFAULT_PNG_SCALE,
  type Instance,
  UsageError,
  decodeAnswer,
  inputName,
  readDimacsFile,
  readPackedText,
  summaryPuzzle,
  writeDrawing,
} from '../index.js';
import {
  type Args,
  answerColor,
  answerOutputOption,
  counted,
  guarded,
  positionalFile,
  runSeconds,
  scaleOption,
  sizeLimitOptions,
  writeAnswer,
} from './common.js';
import { refuseOutputsRead } from './options.js';

export const command = 'decode <cnf>';
export const describe = "turn any solver's answer to a puzzlesat DIMACS file back into the puzzle's solution: checked and drawn";

export const builder = (y: Argv) =>
  scaleOption(answerOutputOption(sizeLimitOptions(y), 'the decoded solutions (drawn, and the verdict line)'))
    .positional('cnf', {
      type: 'string',
      describe:
        'the DIMACS file (from puzzlesat encode): its c puzzle and c param lines rebuild the puzzle, and a misspelt puzzle or a parameter it does not have is refused at its line; a file naming no puzzle of puzzlesat is a plain formula, its models checked against its clauses only',
    })
    .option('model', {
      type: 'string',
      demandOption: true,
      describe: "the solver's answer: `s`/`v` lines (cadical, kissat, clasp, picosat) or minisat's result file; - reads standard input",
    })
    .option('svg', { type: 'string', describe: 'draw the (first) solution as SVG into FILE' })
    .option('png', {
      type: 'string',
      describe: `draw the (first) solution as PNG into FILE (--scale times the drawing's size, default ${DEFAULT_PNG_SCALE}x)`,
    })
    .option('json', {
      type: 'boolean',
      describe:
        'machine-readable summary on stdout; count is the distinct solutions (models that differ only in auxiliary variables, outside the projection, are one) and models the models read; complete is true only when the answer is every solution: UNSAT, or an enumeration the solver ran to the end (cryptominisat5 --maxsol, picosat --all, clasp -n 0), not one model',
    })
    .example(
      '$0 encode pentomino --preset 6x10 -o p.cnf && cadical p.cnf > p.out; $0 decode p.cnf --model p.out',
      'a tiling found by CaDiCaL, drawn',
    );

export const handler = (args: Args) =>
  guarded(args, async () => {
    const cnfFile = positionalFile(args.cnf);
    const modelFile = String(args.model);
    if (modelFile === '-' && cnfFile === '-')
      throw new UsageError('--model -: standard input is already the DIMACS file; save one of the two to a file');
    const formula = readDimacsFile(cnfFile, undefined, 'decode <cnf>');
    // Standard input is <stdin> in messages and params.file, as solve - names it.
    const source = inputName(cnfFile);
    const { instance, status, solutions, models, complete } = decodeAnswer(formula, readPackedText(modelFile, '--model'), {
      cnf: source,
      model: `--model ${modelFile}`,
    });
    refuseOutputsRead(args);
    // A plain formula is the file, as solve and enumerate name it: in the summary as given ("-" too), in messages as read.
    const puzzle = summaryPuzzle(instance, cnfFile);
    const called = summaryPuzzle(instance, source);
    const first = solutions[0];
    if (first)
      for (const format of ['svg', 'png'] as const)
        if (args[format] !== undefined) await draw(instance, called, first.solution, format, String(args[format]), args.scale as number | undefined);
    const named = formula.names.size > 0;
    if (args.json) {
      const report = {
        puzzle,
        params: instance.params,
        status,
        // Solutions, as count counts a file's projected models; models says how many the answer held.
        count: solutions.length,
        models,
        // Every solution, as enumerate's complete says: only an UNSAT answer or an enumeration the solver ran to the end.
        complete,
        vars: formula.vars,
        clauses: formula.ends.length,
        solver: null,
        seconds: runSeconds(),
        solutions: solutions.map((s) => ({ solution: instance.toJson(s.solution), ...(named ? { trueNames: s.trueNames } : { vars: s.trueVars }) })),
      };
      writeAnswer(args, JSON.stringify(report) + '\n');
    } else {
      const color = answerColor(args);
      const drawn = solutions.map((s) => `${instance.render(s.solution, { color })}\n\n`).join('');
      // A plain formula has no checker beyond its clauses: saying one checked its models claimed a check never made.
      const checker = instance.formula ? '' : " and the puzzle's checker";
      // An UNSAT or UNKNOWN answer holds nothing to check ("0 models …, each checked" claimed a check never made);
      // only a proof of UNSAT can be checked (check-proof).
      const proof = status === 'UNSAT' ? ' (puzzlesat check-proof checks a DRAT proof of it)' : '';
      writeAnswer(
        args,
        status !== 'SAT' && models === 0
          ? `${status}, as the solver says: no model to check against ${source}${proof}\n`
          : `${drawn}${status}: ${solutionsOfModels(solutions.length, models)} of ${called}, each checked against ${source}${checker}\n`,
      );
    }
    return 0;
  });

/**
 * How many the answer holds: its models, when each is a solution of its own;
 * else the solutions and the models that collapsed into an earlier one, which
 * a count of models alone would have overstated.
 */
function solutionsOfModels(solutions: number, models: number): string {
  if (solutions === models) return counted(models, 'model');
  const collapsed = models - solutions;
  return `${counted(solutions, 'solution')} (${counted(models, 'model')}; ${collapsed} ${collapsed === 1 ? 'differs' : 'differ'} from an earlier one only in auxiliary variables)`;
}

async function draw(
  instance: Instance,
  puzzle: string,
  solution: unknown,
  format: 'svg' | 'png',
  file: string,
  scale: number | undefined,
): Promise<void> {
  if (!instance.svg) throw new UsageError(`--${format}: ${puzzle} has no ${format.toUpperCase()} drawing`);
  await writeDrawing(file, instance.svg(solution), format, scale);
}
