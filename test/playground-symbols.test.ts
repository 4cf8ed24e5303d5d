import { describe, expect, it } from 'vitest';
import { parseSymbols } from '../encoders/dobble.js';
import { deckNames } from '../playground/symbol-list.js';
import { userErrorOf } from './helpers/expect-errors.js';

/**
 * The Dobble page's symbol list follows the CLI's rules for a --symbols file
 * (regression: the page split lines and trimmed them only, so a comment was a
 * symbol, a repeated name came back as "not a valid deck" after the search,
 * and too few names failed only once the deck was made).
 */
describe("the playground's symbol list", () => {
  it('reads names as the CLI reads a --symbols file: comments and blank lines dropped', () => {
    const text = '# fruit\napple\nbee   # an insect\n\r\n  cat  \nC#\n';
    expect(deckNames(text, 3, 2)).toEqual(['apple', 'bee', 'cat', 'C#']);
    expect(deckNames(text, 3, 2)).toEqual(parseSymbols(text, 'symbols.txt'));
    expect(deckNames(' \n# none\n', 7, 3)).toBeUndefined();
  });

  it('refuses what the CLI refuses, naming the line', () => {
    expect(userErrorOf(() => deckNames('a\nb\na\n', 3, 2))).toBe('the symbol list:3: symbol "a" already named on line 1');
    expect(userErrorOf(() => deckNames('a,b\n', 1, 2))).toMatch(/^the symbol list:1: symbol "a,b" has a comma/);
    expect(userErrorOf(() => deckNames('a\u0007\n', 1, 2))).toMatch(/^the symbol list:1: symbol ".*" holds a control character/);
  });

  it('refuses too few names for the deck before any search, as the CLI does', () => {
    // 7 cards of 3 symbols (the plane of order 2) need 7 names.
    expect(userErrorOf(() => deckNames('a\nb\nc\nd\ne\nf\n', 7, 3))).toBe(
      'the symbol list has 6 symbol names but a deck of 7 cards with 3 symbols each needs at least 7',
    );
    expect(deckNames('a\nb\nc\nd\ne\nf\ng\n', 7, 3)).toHaveLength(7);
  });
});
