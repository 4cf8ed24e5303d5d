import { innerAtMostOne, pairwiseAtMostOne } from './pairwise.js';
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

function commandGroup(sink: ClauseSink, group: readonly number[]): number {
  if (group.length === 1) return group[0]!;
  const c = sink.aux();
  pairwiseAtMostOne(sink, group);
  for (const lit of group) sink.add([-lit, c]);
  sink.add([-c, ...group]);
  return c;
}
