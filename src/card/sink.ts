import { pastLimit } from '../core/limits.js';
import type { VarPool } from '../core/vars.js';

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
  /**
   * The auxiliaries the formula may still make (its variable limit less the
   * variables it has) and that limit, so that an encoding that lays its
   * auxiliaries out before it makes them (the BDD, the weight counter, the
   * adder) refuses one past --max-vars before any exists, as it refuses one
   * past --max-literals; none when absent.
   */
  readonly vars?: AuxRoom;
}

/** The auxiliaries a formula may still make, and its variable limit, for the message. */
export interface AuxRoom {
  room: number;
  limit: number;
}

/** The room a formula's pool leaves for auxiliaries. */
export const auxRoom = (vars: VarPool): AuxRoom => ({ room: vars.room, limit: vars.maxVars });

/** Refuses `what`, laid out with `aux` auxiliaries, when they would give the formula more variables than its limit. */
export function refuseAuxPastLimit(vars: AuxRoom | undefined, aux: number, what: string): void {
  if (vars !== undefined && aux > vars.room) throw pastLimit('vars', what, 'its auxiliaries would give the formula more variables', vars.limit);
}

/** `count` fresh auxiliary variables, in order. */
export function auxVars(sink: ClauseSink, count: number): number[] {
  return Array.from({ length: count }, () => sink.aux());
}
