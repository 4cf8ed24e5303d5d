import type { Argv } from 'yargs';
import {
  DEFAULT_STRATEGY,
  OPTIMIZE_STRATEGIES,
  type OptimizeResult,
  PUZZLES,
  UsageError,
  buildInstance,
  checkEngine,
  colorWanted,
  encodingChoice,
  isCnfPath,
  maximize,
  minimize,
  puzzleByName,
} from '../index.js';
import { type Args, commonOptions, counted, formulaSize, guarded, interruptFlag, interruptibleSetUp, puzzleOptions, runSeconds } from './common.js';
import { certificateLine, proofSummary } from './solve.js';

export const command = 'optimize <kind>';
export const describe = 'the best solutions of a puzzle by its objective (knapsack: the most value), each proved best';

/** The puzzles that declare an objective, for help and errors. */
const withObjective = () => PUZZLES.filter((p) => p.objective !== undefined).map((p) => p.name);

const noObjective = (puzzle: string) => new UsageError(`optimize: ${puzzle} has no objective; puzzles with one: ${withObjective().join(', ')}`);

export const builder = (y: Argv) =>
  puzzleOptions(commonOptions(y))
    .positional('kind', { type: 'string', describe: `the kind of puzzle, one with an objective (${withObjective().join(', ')})` })
    .option('best', { type: 'number', describe: 'the k best solutions, in order of value (default 1)' })
    .option('strategy', {
      type: 'string',
      choices: OPTIMIZE_STRATEGIES.map((s) => s.name),
      describe: `how to search (default ${DEFAULT_STRATEGY}): ${OPTIMIZE_STRATEGIES.map((s) => `${s.name}, ${s.fits}`).join('; ')}`,
    })
    .option('certify', { type: 'boolean', describe: "check each optimum's UNSAT with a DRAT proof (our checker) or fail" })
    .group(['best', 'strategy', 'certify'], 'Optimising:')
    .example('$0 optimize knapsack --items tent:5:8,stove:3:6,rope:2:3,lamp:4:7 --capacity 9', 'the most valuable load of 9, proved')
    .example(
      '$0 optimize knapsack --random-items 30 --best 3 --pb adder --certify',
      'the 3 best of 30 random items, each optimum checked by a DRAT proof',
    );

export const handler = (args: Args) =>
  guarded(args, async () => {
    const puzzle = String(args.kind);
    if (isCnfPath(puzzle)) throw new UsageError(`optimize: a DIMACS file has no objective; puzzles with one: ${withObjective().join(', ')}`);
    // Checked before the build, which a --timeout or Ctrl-C can cut short: these usage errors were then answered UNKNOWN, exit 0.
    if (puzzleByName(puzzle).objective === undefined) throw noObjective(puzzle);
    if (args.solver !== undefined) await checkEngine(String(args.solver));
    // Ctrl-C ends the search as --timeout would: the solutions found so far are printed, and the exit is 130.
    // Listened for from the start: pressed while the formula is built, the build stops there (interruptibleSetUp), as at a --timeout.
    const stop = await interruptFlag();
    const instance = await interruptibleSetUp(() => buildInstance(puzzle, args));
    const objective = instance.objective;
    if (!objective) throw noObjective(puzzle);
    // The puzzle's formula as built, before the search adds its bounds.
    const size = { vars: instance.cnf.varCount, clauses: instance.cnf.clauseCount };
    const search = objective.sense === 'maximize' ? maximize : minimize;
    const result = await search(instance, objective.terms, objective.weights, {
      solver: args.solver as string | undefined,
      strategy: args.strategy as never,
      encoding: encodingChoice(puzzleByName(puzzle), args).pb,
      timeout: args.timeout as number | undefined,
      signal: stop.signal,
      best: args.best as number | undefined,
      certify: args.certify === true,
      dominance: objective.dominance,
    }).finally(() => stop.release());
    const summary = {
      status: result.status,
      puzzle,
      params: instance.params,
      count: result.solutions.length,
      complete: result.status === 'OPTIMUM' || result.status === 'UNSAT',
      ...size,
      solver: result.solver,
      seconds: runSeconds(),
      objective: { name: objective.name, sense: objective.sense },
      solves: result.solves,
      ...(result.dominance ? { dominance: result.dominance } : {}),
      solutions: result.solutions.map((s) => ({
        value: s.value,
        solution: instance.toJson(s.solution),
        ...(s.proof ? { proof: s.proof } : {}),
        ...(s.certificate ? { certificate: proofSummary(s.certificate) } : {}),
      })),
    };
    process.stdout.write(args.json ? `${JSON.stringify(summary)}\n` : text(result, instance.render.bind(instance), objective.name, summary));
    return { code: 0, complete: summary.complete };
  });

function text(
  result: OptimizeResult,
  render: (s: unknown, o: { color: boolean }) => string,
  name: string,
  summary: { seconds: number; solver: string; vars: number; clauses: number },
): string {
  const out: string[] = [];
  result.solutions.forEach((s, i) => {
    const known = s.proof ? `best${i ? ' of the rest' : ''}: ${s.proof}` : 'the best found in time, not proved best';
    out.push(`#${i + 1}: ${name} ${s.value} (${known})`, render(s.solution, { color: colorWanted(process.stdout) }));
    if (s.certificate) out.push(certificateLine(s.certificate));
  });
  if (result.dominance) out.push(`The search added ${result.dominance.clauses} dominance clauses: ${result.dominance.why}.`);
  const values = result.solutions.map((s) => s.value).join(', ');
  out.push(
    `${result.status}${values ? ` ${name} ${values}` : ''} in ${summary.seconds.toFixed(2)} s with ${summary.solver} [${formulaSize(summary)}, ${counted(result.solves, 'solve')}]`,
  );
  return `${out.join('\n')}\n`;
}
