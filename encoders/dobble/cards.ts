/** Lexicographic order of sorted cards (a prefix first). */
export function compareLex(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** The cards with their symbols sorted, in lexicographic order: one printed form for every model's deck. */
export function sortedDeck(cards: readonly (readonly number[])[]): number[][] {
  return cards.map((card) => [...card].sort((a, b) => a - b)).sort(compareLex);
}
