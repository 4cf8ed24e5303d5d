import { UserError, parseSymbols, symbolsLowerBound } from '../src/index.js';

/** How messages name the Dobble page's list of symbol names, as the CLI's name its --symbols file. */
const SOURCE = 'the symbol list';

/**
 * The Dobble page's symbol list, read by the CLI's rules for a --symbols
 * file (parseSymbols: a name a line, `#` comments and blank lines dropped; a
 * repeated name, a comma or a control character refused, naming its line),
 * and, as the CLI does, refused before any search when a deck of `cards`
 * cards of `perCard` symbols needs more names than it has. Undefined for an
 * empty list: the symbols are their numbers.
 */
export function deckNames(text: string, cards: number, perCard: number): string[] | undefined {
  const names = parseSymbols(text, SOURCE);
  if (names.length === 0) return undefined;
  const fewest = symbolsLowerBound(cards, perCard);
  // Past the full deck the bound is Infinity: the deck's own check refuses that many cards, and says why.
  if (Number.isFinite(fewest) && names.length < fewest)
    throw new UserError(
      `${SOURCE} has ${names.length} symbol names but a deck of ${cards} cards with ${perCard} symbols each needs at least ${fewest}`,
    );
  return names;
}
