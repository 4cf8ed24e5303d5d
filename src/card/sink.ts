/**
 * What an encoding module needs from the formula: a place for clauses and a
 * source of fresh auxiliary variables. Keeping the modules behind this narrow
 * interface lets index.ts decide labels and count the cost in one place.
 */
export interface ClauseSink {
  add(clause: readonly number[]): void;
  aux(): number;
}

/** `count` fresh auxiliary variables, in order. */
export function auxVars(sink: ClauseSink, count: number): number[] {
  return Array.from({ length: count }, () => sink.aux());
}
