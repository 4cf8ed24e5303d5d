import type { Argv } from 'yargs';
import { IN_PROCESS_DEFAULTS, SOLVERS, type SolverUse, defaultSolverName, loadWasmSolvers } from '../../solvers/index.js';
import { type Args, guarded } from './common.js';

export const command = 'solvers';
export const describe = 'list the solvers and whether each can run here';

export const builder = (y: Argv) =>
  y
    .option('json', { type: 'boolean', describe: 'machine-readable list' })
    .example('$0 solvers', 'which solvers run here, and the default')
    .example('$0 solvers --json', 'the same as JSON');

/** The uses (solve, enumerate) for which this solver is the default here. */
const defaultUses = (name: string): SolverUse[] => (Object.keys(IN_PROCESS_DEFAULTS) as SolverUse[]).filter((use) => defaultSolverName(use) === name);

export const handler = (args: Args) =>
  guarded(async () => {
    await loadWasmSolvers();
    const list = [
      ...SOLVERS.map((s) => {
        const a = s.available();
        return {
          name: s.name,
          kind: s.kind,
          available: a.ok,
          version: a.ok ? a.version : undefined,
          reason: a.ok ? undefined : a.reason,
          description: s.description,
          enumeration: s.enumeration,
          default: s.name === defaultSolverName(),
          defaultFor: defaultUses(s.name),
        };
      }),
      {
        name: 'dlx',
        kind: 'exact-cover',
        available: true,
        version: 'built in',
        reason: undefined,
        description: 'dancing links (Algorithm X) on the placement model, for tiling puzzles',
        enumeration: 'fast: dancing links on the exact-cover form (tiling puzzles)',
        default: false,
        defaultFor: [] as SolverUse[],
      },
    ];
    if (args.json) {
      process.stdout.write(JSON.stringify(list) + '\n');
      return 0;
    }
    const width = Math.max(...list.map((s) => s.name.length));
    for (const s of list) {
      const state = s.available ? `ok${s.version ? ` (${s.version})` : ''}` : `unavailable: ${s.reason}`;
      process.stdout.write(
        `${s.name.padEnd(width)}  ${s.kind.padEnd(11)}  ${state}${s.defaultFor?.length ? `  [default for ${s.defaultFor.join(', ')}]` : ''}\n    ${s.description}\n${s.enumeration ? `    enumerates: ${s.enumeration}\n` : ''}`,
      );
    }
    return 0;
  });
