import type { Argv } from 'yargs';
import {
  UsageError,
  addSymmetryBreaking,
  buildInstance,
  refuseUniqueOnFormula,
  refuseUniqueWithoutSymmetries,
  summaryPuzzle,
  writeDimacsFile,
  writeDimacsStream,
} from '../index.js';
import { type Args, formulaOptions, formulaSize, guarded, outputOption, puzzleOptions, runSeconds } from './common.js';
import { optionName, refuseOutputsRead } from './options.js';

export const command = 'encode <kind>';
export const describe = 'write the puzzle as DIMACS CNF for any SAT solver';

export const builder = (y: Argv) =>
  outputOption(puzzleOptions(formulaOptions(y)), 'write to FILE instead of stdout (gzip when FILE ends in .gz)')
    .positional('kind', { type: 'string', describe: 'the kind of puzzle (puzzlesat list puzzles)' })
    .option('json', { type: 'boolean', describe: 'with --output: the summary (vars, clauses, families) as JSON on stdout' })
    .option('unique', {
      type: 'boolean',
      describe: 'add the symmetry-breaking family: every model is then one symmetry class, for any counter (soma, polycube: the group is --symmetry)',
    })
    .option('names', { type: 'boolean', describe: 'one "c var N name" comment per variable (--no-names omits them)' })
    .group(['json', 'names'], 'Output:')
    .example('$0 encode pentomino --preset 6x10 -o 6x10.cnf', 'the 6x10 tiling as DIMACS for any SAT solver')
    .example('$0 encode soma --amo pairwise | head', 'the Soma cube with pairwise at-most-one, first lines');

export const handler = (args: Args) =>
  guarded(args, async () => {
    // The summary goes where the formula would: only beside a file.
    if (args.json && !args.output) throw new UsageError(`--json needs ${optionName('output')} FILE (without it the formula itself is on stdout)`);
    refuseUniqueOnFormula(String(args.kind), args.unique === true);
    const instance = buildInstance(String(args.kind), args);
    refuseOutputsRead(args);
    refuseUniqueWithoutSymmetries(instance, String(args.kind), args.unique === true);
    if (args.unique === true) addSymmetryBreaking(instance);
    // The header records --unique, so that decode rebuilds the symmetry-breaking family too.
    const params = args.unique === true ? { ...instance.params, unique: true } : instance.params;
    const meta = { puzzle: instance.puzzle, params, names: args.names !== false };
    const cnf = instance.cnf;
    if (args.output) {
      writeDimacsFile(String(args.output), cnf, meta, optionName('output'));
      // Nothing is solved: status ENCODED, no count, no solver (docs/summary.schema.json).
      const summary = {
        status: 'ENCODED',
        // A plain formula is the file, as every verb's summary names it.
        puzzle: summaryPuzzle(instance, String(args.kind)),
        params,
        count: 0,
        complete: true,
        vars: cnf.varCount,
        clauses: cnf.clauseCount,
        solver: null,
        seconds: runSeconds(),
        out: String(args.output),
        families: cnf.familyCounts(),
      };
      if (args.json) process.stdout.write(JSON.stringify(summary) + '\n');
      else process.stderr.write(`wrote ${summary.out}: ${formulaSize(summary)}\n`);
    } else {
      await writeDimacsStream(process.stdout, cnf, meta);
    }
    return 0;
  });
