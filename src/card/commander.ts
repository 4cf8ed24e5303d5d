import { innerAtMostOne, innerAux, innerLiterals, pairwiseAtMostOne, pairwiseLiterals } from './pairwise.js';
import type { ClauseSink } from './sink.js';

const GROUP_SIZE = 3;

/**
 * Klieber & Kwon's commander encoding (2007), groups of three. A group of
 * two or three gets a commander c <-> (some input of the group) and pairwise
 * clauses inside; a lone input is its own commander. Then at most one
 * commander, recursively. Commanders are functions of the inputs.
 * About 3.5n clauses and n/2 auxiliaries.
 */
export function commanderAtMostOne(sink: ClauseSink, lits: readonly number[]): void {
  const commanders: number[] = [];
  for (let start = 0; start < lits.length; start += GROUP_SIZE) {
    commanders.push(commandGroup(sink, lits.slice(start, start + GROUP_SIZE)));
  }
  innerAtMostOne(sink, commanders, commanderAtMostOne);
}

/** The literals commanderAtMostOne's clauses hold over n literals: its groups' and its commanders' at-most-one. */
export function commanderLiterals(n: number): number {
  const groups = Math.floor(n / GROUP_SIZE) * groupLiterals(GROUP_SIZE) + groupLiterals(n % GROUP_SIZE);
  return groups + innerLiterals(Math.ceil(n / GROUP_SIZE), commanderLiterals);
}

/** The auxiliaries commanderAtMostOne makes over n literals: a commander for each group of two or more, and its commanders' at-most-one's. */
export function commanderAux(n: number): number {
  const groups = Math.floor(n / GROUP_SIZE) + Number(n % GROUP_SIZE >= 2);
  return groups + innerAux(Math.ceil(n / GROUP_SIZE), commanderAux);
}

/** A group's (commandGroup): pairwise inside, each input implies c, c implies one of them; nothing for a lone input. */
const groupLiterals = (g: number): number => (g < 2 ? 0 : pairwiseLiterals(g) + 2 * g + (1 + g));

function commandGroup(sink: ClauseSink, group: readonly number[]): number {
  if (group.length === 1) return group[0]!;
  const c = sink.aux();
  pairwiseAtMostOne(sink, group);
  for (const lit of group) sink.add([-lit, c]);
  sink.add([-c, ...group]);
  return c;
}
