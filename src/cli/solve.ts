import type { Argv } from 'yargs';
import {
  BRANCHING_RULES,
  DEFAULT_PNG_SCALE,
  type Certificate,
  type Instance,
  type SolvePlan,
  UsageError,
  UserError,
  checkPngSize,
  isCnfPath,
  modelLines,
  planInstance,
  resolvePlan,
  runPlan,
  trueNamesInFile,
  writeDrawing,
  writeReplacing,
  systemReason,
} from '../index.js';
import {
  type Args,
  answerColor,
  answerOutputOption,
  commonOptions,
  formulaSize,
  guardedAnswer,
  interruptFlag,
  planRequest,
  positionalFile,
  puzzleOptions,
  runSeconds,
  scaleOption,
  writeAnswer,
} from './common.js';
import { progressWanted, startProgress } from './progress.js';

export const command = 'solve <kind>';
export const describe = 'find one solution of a puzzle, or solve any DIMACS file';

export const builder = (y: Argv) =>
  scaleOption(answerOutputOption(puzzleOptions(commonOptions(y)), 'the solution (the drawing and status line, or for a .cnf file the s and v lines)'))
    .positional('kind', { type: 'string', describe: 'the kind of puzzle (puzzlesat list puzzles), a .cnf file, or - for DIMACS on standard input' })
    .option('svg', { type: 'string', describe: 'also draw the solution as SVG into FILE' })
    .option('png', {
      type: 'string',
      describe: `also draw the solution as PNG into FILE (--scale times the drawing's size, default ${DEFAULT_PNG_SCALE}x)`,
    })
    .option('sat-exit-codes', { type: 'boolean', describe: 'exit 10 when SAT, 20 when UNSAT (SAT-competition style)' })
    .option('proof', { type: 'string', describe: 'write a DRAT proof of an UNSAT answer to FILE (solvers that write proofs: cadical, cadical-wasm)' })
    .option('certify', { type: 'boolean', describe: 'check an UNSAT answer with a DRAT proof (our checker) or fail' })
    .option('branching', { type: 'string', choices: BRANCHING_RULES, describe: 'SAT decisions (default cover where the puzzle and solver allow)' })
    .group(['svg', 'png', 'scale', 'sat-exit-codes', 'proof'], 'Output:')
    .group(['certify', 'branching'], 'Solving:')
    .example('$0 solve pentomino --preset 8x8-square --png board.png', 'one tiling, drawn on the terminal and into board.png')
    .example('$0 solve examples/unsat.cnf --solver cadical --certify', 'any DIMACS file, its UNSAT answer checked by a DRAT proof');

export const handler = (args: Args) =>
  guardedAnswer(args, async () => {
    const puzzle = positionalFile(args.kind);
    const plan = (await resolvePlan(puzzle, { verb: 'solve', ...planRequest(args) })) as SolvePlan;
    const instance = planInstance(plan);
    // A drawing asked of a puzzle that has none is known now: said after the search, the answer would be lost.
    for (const format of ['svg', 'png'] as const)
      if (args[format] !== undefined && !instance.svg) throw new UsageError(`--${format}: ${puzzle} has no drawing`);
    // So is a PNG too large to draw: the board's picture bounds every solution's.
    if (args.png !== undefined && instance.boardSvg) checkPngSize(instance.boardSvg(), { scale: args.scale as number | undefined });
    const progress = startProgress(args, { unit: 'conflicts', who: plan.engine });
    // Ctrl-C stops a SAT engine's search (each hears the signal), and the answer is UNKNOWN. Dancing links
    // searches without a turn for the handler, which would only hold Ctrl-C back: it is left to kill the process
    // (a Ctrl-C heard before, once the puzzle was built, still reaches it: it polls shouldStop).
    const stop = await interruptFlag();
    if (plan.strategy === 'exact-cover') stop.release();
    let result;
    try {
      // The spinner reads the engine's conflict count between its slices of search.
      result = await runPlan(plan, {
        ...(progressWanted(args) ? { onConflicts: (n: number) => progress.update(n) } : {}),
        signal: stop.signal,
        shouldStop: stop.stopped,
      });
    } finally {
      progress.stop();
      stop.release();
    }
    const { status, model, solution, certificate } = result;
    if (result.proof && args.proof !== undefined) writeProof(String(args.proof), result.proof);
    for (const format of ['svg', 'png'] as const) {
      if (args[format] === undefined || solution === undefined || !instance.svg) continue;
      await writeDrawing(String(args[format]), instance.svg(solution), format, args.scale as number | undefined);
    }
    const file = !plan.rebuildable || isCnfPath(puzzle);
    const summary = {
      status,
      puzzle,
      params: instance.params,
      count: status === 'SAT' ? 1 : 0,
      complete: status !== 'UNKNOWN',
      vars: instance.cnf.varCount,
      clauses: instance.cnf.clauseCount,
      solver: result.solver,
      seconds: runSeconds(),
      ...(plan.certify ? { certified: status !== 'UNKNOWN', ...(certificate ? { proof: proofSummary(certificate) } : {}) } : {}),
      ...(file ? { model, ...trueNames(instance, model) } : { solution: solution === undefined ? null : instance.toJson(solution) }),
    };
    if (args.json) writeAnswer(args, JSON.stringify(summary) + '\n');
    else if (file) writeAnswer(args, (certificate ? `c ${certificateLine(certificate)}\n` : '') + competitionFormat(status, model));
    else
      writeAnswer(
        args,
        (solution === undefined ? '' : instance.render(solution, { color: answerColor(args) }) + '\n') +
          `${status} in ${summary.seconds.toFixed(2)} s with ${summary.solver} [${formulaSize(summary)}]\n` +
          (certificate ? `${certificateLine(certificate)}\n` : ''),
      );
    const satCode = status === 'SAT' ? 10 : status === 'UNSAT' ? 20 : 0;
    return { code: args['sat-exit-codes'] ? satCode : 0, complete: summary.complete };
  });

function writeProof(file: string, bytes: Uint8Array): void {
  try {
    writeReplacing(file, [bytes]);
  } catch (e) {
    throw new UserError(`--proof: cannot write "${file}": ${systemReason(e)}`);
  }
}

export function proofSummary(c: Certificate): { status: string; prover: string; lemmas: number; needed: number } {
  return { status: c.check.status, prover: c.prover, lemmas: c.check.additions, needed: c.check.coreLemmas };
}

export function certificateLine(c: Certificate): string {
  return `UNSAT VERIFIED: a DRAT proof from ${c.prover} checks (${c.check.coreLemmas} of ${c.check.additions} lemmas needed)`;
}

/** The SAT-competition answer: an `s` line and the model in `v` lines. */
export function competitionFormat(status: string, model: readonly number[]): string {
  const s = { SAT: 'SATISFIABLE', UNSAT: 'UNSATISFIABLE', UNKNOWN: 'UNKNOWN' }[status] ?? 'UNKNOWN';
  return [`s ${s}`, ...(status === 'SAT' ? modelLines(model) : [])].map((line) => `${line}\n`).join('');
}

/** The names of the true variables, when the file names its variables (`c var N name`). */
function trueNames(instance: Instance, model: readonly number[]): { trueNames?: string[] } {
  const names = trueNamesInFile(instance, model);
  return names ? { trueNames: names } : {};
}
