import type { Argv } from 'yargs';
import { writeDimacsFile, writeDimacsStream } from '../core/dimacs.js';
import { buildInstance } from '../../encoders/index.js';
import { type Args, commonOptions, guarded, puzzleOptions } from './common.js';

export const command = 'encode <puzzle>';
export const describe = 'write the puzzle as DIMACS CNF for any SAT solver';

export const builder = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('puzzle', { type: 'string', describe: 'puzzle name' })
    .option('output', { alias: 'o', type: 'string', describe: 'write to FILE instead of stdout' })
    .option('names', { type: 'boolean', describe: 'one "c var N name" comment per variable (--no-names omits them)' });

export const handler = (args: Args) =>
  guarded(async () => {
    const instance = buildInstance(String(args.puzzle), args);
    const meta = { puzzle: instance.puzzle, params: instance.params, names: args.names !== false };
    const cnf = instance.cnf;
    if (args.output) {
      writeDimacsFile(String(args.output), cnf, meta);
      const summary = { out: String(args.output), vars: cnf.varCount, clauses: cnf.clauseCount, families: cnf.familyCounts() };
      if (args.json) process.stdout.write(JSON.stringify(summary) + '\n');
      else process.stderr.write(`wrote ${summary.out}: ${summary.vars} vars, ${summary.clauses} clauses\n`);
    } else {
      await writeDimacsStream(process.stdout, cnf, meta);
    }
    return 0;
  });
