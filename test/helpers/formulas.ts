import { Formula } from '../../src/index.js';

/** The smallest formula the facade's misuse tests call things on: one clause, a ∨ b. */
export function ab(): Formula {
  const f = new Formula();
  f.add([f.vars.id('a'), f.vars.id('b')]);
  return f;
}
