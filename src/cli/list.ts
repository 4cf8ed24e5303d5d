import type { Argv } from 'yargs';
import { AMO_ENCODINGS, CARD_ENCODINGS, POLYOMINOES, PRESETS, PUZZLES, UsageError, didYouMean } from '../index.js';
import { type Args, guarded } from './common.js';

export const command = 'list [topic]';
export const describe = 'list puzzles, presets, pieces or encodings';

const TOPICS = ['puzzles', 'presets', 'pieces', 'encodings'] as const;

export const builder = (y: Argv) =>
  y
    .positional('topic', { type: 'string', choices: TOPICS, default: 'puzzles', describe: 'what to list' })
    .option('json', { type: 'boolean', describe: 'machine-readable list' })
    .example('$0 list presets', 'the named boards and piece sets')
    .example('$0 list encodings --json', 'the at-most-one and at-most-k encodings, as JSON');

function rows(what: string): Record<string, string>[] {
  switch (what) {
    case 'puzzles':
      return PUZZLES.map((p) => ({ name: p.name, about: p.about }));
    case 'presets':
      return Object.entries(PRESETS).map(([name, p]) => ({ name, about: p.about }));
    case 'pieces':
      return Object.entries(POLYOMINOES).map(([name, art]) => ({ name, about: art }));
    case 'encodings':
      return [
        // The name is what the option takes; `option` says which option.
        ...AMO_ENCODINGS.map((e) => ({ name: e.name, option: 'amo', about: `${e.fits} (clauses ${e.clauses}, aux ${e.auxVars})` })),
        ...CARD_ENCODINGS.map((e) => ({ name: e.name, option: 'card', about: `${e.fits} (clauses ${e.clauses}, aux ${e.auxVars})` })),
      ];
    default:
      throw new UsageError(`list: unknown topic "${what}"${didYouMean(String(what), TOPICS)}; choose one of: ${TOPICS.join(', ')}`);
  }
}

export const handler = (args: Args) =>
  guarded(args, async () => {
    const list = rows(String(args.topic ?? 'puzzles'));
    if (args.json) {
      process.stdout.write(JSON.stringify(list) + '\n');
      return 0;
    }
    const label = (r: Record<string, string>) => (r.option ? `--${r.option} ${r.name}` : r.name!);
    const width = Math.max(...list.map((r) => label(r).length));
    for (const r of list) process.stdout.write(`${label(r).padEnd(width)}  ${r.about}\n`);
    return 0;
  });
