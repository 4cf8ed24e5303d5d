import type { Argv } from 'yargs';
import { engines } from '../index.js';
import { type Args, guarded } from './common.js';

export const command = 'solvers';
export const describe = 'list the solvers and whether each can run here';

export const builder = (y: Argv) =>
  y
    .option('json', { type: 'boolean', describe: 'machine-readable list' })
    .example('$0 solvers', 'which solvers run here, and the default')
    .example('$0 solvers --json', 'the same as JSON');

export const handler = (args: Args) =>
  guarded(args, async () => {
    const list = await engines();
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
