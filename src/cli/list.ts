import type { Argv } from 'yargs';
import { AMO_ENCODINGS, CARD_ENCODINGS } from '../card/index.js';
import { UserError } from '../core/errors.js';
import { PUZZLES } from '../../encoders/index.js';
import { POLYOMINOES, PRESETS } from '../../encoders/polyomino.js';
import { type Args, guarded } from './common.js';

export const command = 'list [what]';
export const describe = 'list puzzles, presets, pieces or encodings';

const TOPICS = ['puzzles', 'presets', 'pieces', 'encodings'] as const;

export const builder = (y: Argv) =>
  y.positional('what', { type: 'string', choices: TOPICS, default: 'puzzles' }).option('json', { type: 'boolean', describe: 'machine-readable list' });

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
        ...AMO_ENCODINGS.map((e) => ({ name: `--amo ${e.name}`, about: `${e.fits} (clauses ${e.clauses}, aux ${e.auxVars})` })),
        ...CARD_ENCODINGS.map((e) => ({ name: `--card ${e.name}`, about: `${e.fits} (clauses ${e.clauses}, aux ${e.auxVars})` })),
      ];
    default:
      throw new UserError(`list: unknown topic "${what}"; choose one of: ${TOPICS.join(', ')}`);
  }
}

export const handler = (args: Args) =>
  guarded(async () => {
    const list = rows(String(args.what ?? 'puzzles'));
    if (args.json) {
      process.stdout.write(JSON.stringify(list) + '\n');
      return 0;
    }
    const width = Math.max(...list.map((r) => r.name!.length));
    for (const r of list) process.stdout.write(`${r.name!.padEnd(width)}  ${r.about}\n`);
    return 0;
  });
