import type { Argv } from 'yargs';
import { UsageError, checkProofChunks, inputChunks, limitOption, readDimacsFile, readFileChunks, runDeadlineAt, sizeLimit } from '../index.js';
import { type Args, guarded, positionalFile, runSeconds, sizeLimitOptions } from './common.js';

export const command = 'check-proof <cnf> <proof>';
export const describe = 'verify a DRAT proof (text or binary) that a DIMACS formula is unsatisfiable';

export const builder = (y: Argv) =>
  sizeLimitOptions(y)
    .positional('cnf', { type: 'string', describe: 'the formula, DIMACS' })
    .positional('proof', { type: 'string', describe: 'the proof, DRAT text or binary (told apart by content)' })
    .option('json', { type: 'boolean', describe: 'machine-readable result on stdout' })
    .option('timeout', {
      type: 'number',
      describe: 'give up after this many seconds for the whole run: no verdict (status UNKNOWN, complete false), exit 1',
    })
    .example('$0 check-proof examples/unsat.cnf unsat.drat', 'verify a proof written by solve --proof unsat.drat')
    .example('$0 check-proof formula.cnf proof.drat --json', 'the verdict as JSON');

export const handler = (args: Args) =>
  guarded(args, async () => {
    const cpuStart = process.cpuUsage();
    const cnfPath = positionalFile(args.cnf);
    const proofPath = positionalFile(args.proof);
    if (cnfPath === '-' && proofPath === '-')
      throw new UsageError('check-proof - -: standard input is the formula or the proof, not both; save one of the two to a file');
    const formula = readDimacsFile(cnfPath, undefined, 'check-proof <cnf>');
    // Read a piece at a time as it is parsed: the proof's steps are held, never its whole text (GBs for a hard formula).
    // Named as the argument it is: "cannot read "."" alone did not say which of the two it was.
    const chunks = proofPath === '-' ? inputChunks(0, '<stdin>') : readFileChunks(proofPath, 'check-proof <proof>');
    // New (extension) variables are allowed up to the variable limit: the checker allocates for each.
    const maxVar = Math.max(formula.vars, sizeLimit('vars'));
    // --timeout is the run's deadline (set before the verb starts): reading the files spent it too, and reading the proof meets it.
    const { result, format } = checkProofChunks(formula, chunks, proofPath, {
      maxVar,
      maxVarText: `the formula's ${formula.vars} variables and the limit of ${maxVar} (raise it with ${limitOption('vars')})`,
      deadline: runDeadlineAt(),
    });
    const cpu = process.cpuUsage(cpuStart);
    // The shared summary fields (docs/summary.schema.json): a check solves nothing and counts no solutions.
    const report = {
      status: result.status,
      puzzle: cnfPath,
      params: { file: cnfPath, proof: proofPath },
      count: 0,
      // A check stopped by --timeout reached no verdict.
      complete: result.status !== 'UNKNOWN',
      vars: formula.vars,
      clauses: formula.ends.length,
      solver: null,
      message: result.message,
      format,
      additions: result.additions,
      deletions: result.deletions,
      coreLemmas: result.coreLemmas,
      ratLemmas: result.ratLemmas,
      ignoredDeletions: result.ignoredDeletions,
      missingDeletions: result.missingDeletions,
      seconds: runSeconds(),
      cpuSeconds: Math.round((cpu.user + cpu.system) / 1000) / 1000,
    };
    if (args.json) process.stdout.write(JSON.stringify(report) + '\n');
    // No verdict is said as an error is, one line on stderr: nothing on stdout reads as one.
    if (result.status === 'UNKNOWN') process.stderr.write(`puzzlesat: ${result.message.replace(/^UNKNOWN: /, '')}\n`);
    else if (!args.json) process.stdout.write(`${result.message} (${format} DRAT, ${report.seconds.toFixed(2)} s)\n`);
    return result.status === 'VERIFIED' ? 0 : 1;
  });
