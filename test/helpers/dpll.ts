/**
 * A deliberately small DPLL (unit propagation by scanning every clause, then
 * branching on the lowest unassigned variable) for the exhaustive checks of
 * small encodings. Independent of every solver adapter, so a bug in an
 * adapter cannot hide a bug in an encoding, and vice versa.
 */
export type Clauses = readonly ArrayLike<number>[];

/** A model (value[v] is true or false, index 0 unused) or null when unsatisfiable. */
export function solveDpll(clauses: Clauses, varCount: number, assumptions: readonly number[] = []): boolean[] | null {
  const value = assume(varCount, assumptions);
  return value && search(clauses, value) ? Array.from(value, (x) => x === 1) : null;
}

/** Whether unit propagation alone, from the assumptions, falsifies a clause. */
export function propagationRefutes(clauses: Clauses, varCount: number, assumptions: readonly number[]): boolean {
  const value = assume(varCount, assumptions);
  return value === null || !propagate(clauses, value);
}

// 0 unassigned, 1 true, -1 false; null when the assumptions contradict each other.
function assume(varCount: number, assumptions: readonly number[]): Int8Array | null {
  const value = new Int8Array(varCount + 1);
  for (const lit of assumptions) {
    const wanted = lit > 0 ? 1 : -1;
    if (value[Math.abs(lit)] === -wanted) return null;
    value[Math.abs(lit)] = wanted;
  }
  return value;
}

function search(clauses: Clauses, value: Int8Array): boolean {
  if (!propagate(clauses, value)) return false;
  const v = value.indexOf(0, 1);
  if (v === -1) return true;
  // False first: auxiliaries mostly stand for "at least so many", which the inputs force true when needed.
  for (const choice of [-1, 1]) {
    const saved = value.slice();
    value[v] = choice;
    if (search(clauses, value)) return true;
    value.set(saved);
  }
  return false;
}

/** Assigns the unit literals until none is left; false on a falsified clause. */
function propagate(clauses: Clauses, value: Int8Array): boolean {
  for (let changed = true; changed;) {
    changed = false;
    for (const clause of clauses) {
      let unassigned = 0;
      let last = 0;
      let satisfied = false;
      for (let i = 0; i < clause.length && !satisfied; i++) {
        const lit = clause[i]!;
        const v = value[Math.abs(lit)]!;
        if (v === 0) {
          unassigned++;
          last = lit;
        } else if (v === (lit > 0 ? 1 : -1)) {
          satisfied = true;
        }
      }
      if (satisfied) continue;
      if (unassigned === 0) return false;
      if (unassigned === 1) {
        value[Math.abs(last)] = last > 0 ? 1 : -1;
        changed = true;
      }
    }
  }
  return true;
}

/** The number of models over all variables 1..varCount that extend the assumptions (DPLL, counting both branches). */
export function countModels(clauses: Clauses, varCount: number, assumptions: readonly number[] = []): number {
  const value = assume(varCount, assumptions);
  return value ? count(clauses, value) : 0;
}

function count(clauses: Clauses, value: Int8Array): number {
  if (!propagate(clauses, value)) return 0;
  const v = value.indexOf(0, 1);
  if (v === -1) return 1;
  let total = 0;
  for (const choice of [-1, 1]) {
    const saved = value.slice();
    value[v] = choice;
    total += count(clauses, value);
    value.set(saved);
  }
  return total;
}

/** The assignment unit propagation reaches from the assumptions (index v: 1 true, -1 false, 0 open), or null on a conflict. */
export function unitPropagation(clauses: Clauses, varCount: number, assumptions: readonly number[]): Int8Array | null {
  const value = assume(varCount, assumptions);
  return value && propagate(clauses, value) ? value : null;
}
