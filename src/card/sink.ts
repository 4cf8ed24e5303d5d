/**
 * What an encoding module needs from the formula: a place for clauses and a
 * source of fresh auxiliary variables. Keeping the modules behind this narrow
 * interface lets index.ts decide labels and count the cost in one place.
 */
export interface ClauseSink {
  add(clause: readonly number[]): void;
  aux(): number;
  /**
   * Literals the sink adds to every clause it is given (an optimisation
   * bound's guard, ¬g: 1; none when absent), so that an encoding that counts
   * its literals before writing them (the BDD, the weight counter) counts
   * what the formula will hold.
   */
  readonly literalsAdded?: number;
}

/** `count` fresh auxiliary variables, in order. */
export function auxVars(sink: ClauseSink, count: number): number[] {
  return Array.from({ length: count }, () => sink.aux());
}
