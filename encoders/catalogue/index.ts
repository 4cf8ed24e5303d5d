import { UsageError, didYouMean } from '../../src/core/errors.js';
import { callName } from '../../src/core/field-names.js';
import { checkName } from '../../src/core/call-options.js';
import { POLYCUBE_PUZZLES } from './polycubes.js';
import { POLYHEX_PUZZLES } from './polyhexes.js';
import { POLYIAMOND_PUZZLES } from './polyiamonds.js';
import { POLYOMINO_PUZZLES } from './polyominoes.js';
import { POLYSTICK_PUZZLES } from './polysticks.js';
import { POLYTRIG_PUZZLES } from './polytrigs.js';
import { POLYTWIG_PUZZLES } from './polytwigs.js';
import type { CataloguePuzzle, Family } from './types.js';

export type * from './types.js';

/** Every named puzzle, family by family. */
export const CATALOGUE: readonly CataloguePuzzle[] = [
  ...POLYOMINO_PUZZLES,
  ...POLYCUBE_PUZZLES,
  ...POLYIAMOND_PUZZLES,
  ...POLYHEX_PUZZLES,
  ...POLYSTICK_PUZZLES,
  ...POLYTRIG_PUZZLES,
  ...POLYTWIG_PUZZLES,
];

export const FAMILIES: readonly Family[] = ['polyominoes', 'polycubes', 'polyiamonds', 'polyhexes', 'polysticks', 'polytrigs', 'polytwigs'];

export function cataloguePuzzle(name: string, where = 'cataloguePuzzle'): CataloguePuzzle {
  checkName(where, 'name', name);
  const found = CATALOGUE.find((p) => p.name === name);
  if (!found)
    throw new UsageError(
      `${where}: unknown catalogue puzzle "${name}"${didYouMean(
        name,
        CATALOGUE.map((p) => p.name),
      )}; ${callName({ catalogue: true })} lists the ${CATALOGUE.length} named puzzles`,
    );
  return found;
}
