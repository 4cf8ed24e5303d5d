import { bitsFor, implyCode } from './binary.js';
import { auxVars, type ClauseSink } from './sink.js';

/**
 * Bimander (Hölldobler & Nguyen 2013): the inputs in groups, pairwise inside a
 * group, and each input implies the binary code of its group. We use groups of
 * two (m = ceil(n/2) groups, PBLib's "n/2" setting): floor(n/2) + n*ceil(log2 ceil(n/2))
 * clauses, ceil(log2 ceil(n/2)) auxiliaries.
 */
/** The literals bimanderAtMostOne's clauses hold: two a pair, and two a bit of the group's code for each input. */
export const bimanderLiterals = (n: number): number => 2 * Math.floor(n / 2) + 2 * n * bitsFor(Math.ceil(n / 2));

export function bimanderAtMostOne(sink: ClauseSink, lits: readonly number[]): void {
  const groups = Math.ceil(lits.length / 2);
  const bits = auxVars(sink, bitsFor(groups));
  for (let g = 0; g < groups; g++) {
    const group = lits.slice(2 * g, 2 * g + 2);
    if (group.length === 2) sink.add([-group[0]!, -group[1]!]);
    for (const lit of group) implyCode(sink, lit, g, bits);
  }
}
