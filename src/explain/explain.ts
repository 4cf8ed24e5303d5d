import type { Cnf, Family } from '../core/cnf.js';
import type { FamilyShape, FormulaCheck, Instance } from '../core/puzzle.js';
import { FAMILY as SYMMETRY_BREAKING, addedPlan, breakingAbout, breakingFormula } from '../symmetry/breaking.js';

/**
 * `puzzlesat explain`: what each constraint family of a formula says, what it
 * costs, and why it costs exactly that. Where the encoder explains itself
 * (Instance.explain: the packing model, the Dobble encoding) each family's
 * size is derived a second time from the puzzle, so the reader can check the
 * arithmetic against the formula actually built; this module only lays that
 * out beside the clauses.
 */

export interface SampleClause {
  /** What this particular clause is about, e.g. "cell (3,4)". */
  about: string;
  /** The clause in logic notation, long ones cut short. */
  text: string;
  literals: number[];
}

export type { FormulaCheck };

export interface FamilyExplanation {
  name: string;
  sentence: string;
  clauses: number;
  auxVars: number;
  literals: number;
  /** Null when the family's structure is not known (e.g. a DIMACS file). */
  formula: FormulaCheck | null;
  samples: SampleClause[];
}

export interface Explanation {
  puzzle: string;
  params: Record<string, unknown>;
  vars: number;
  /** Variables of the puzzle itself (the others are auxiliaries of encodings). */
  namedVars: number;
  auxVars: number;
  clauses: number;
  literals: number;
  /** What the puzzle's own variables stand for. */
  variables: string;
  families: FamilyExplanation[];
}

const SHOWN_LITERALS = 3;

export function explain(instance: Instance): Explanation {
  const cnf = instance.cnf;
  const own = instance.explain?.();
  const shapes = new Map<string, FamilyShape>(own?.families ?? []);
  const plan = addedPlan(instance);
  if (plan) shapes.set(SYMMETRY_BREAKING, { formula: breakingFormula(plan), about: breakingAbout(plan) });
  const counts = cnf.familyCounts();
  const families = cnf.families.map((family, i): FamilyExplanation => {
    const shape = shapes.get(family.name);
    return {
      name: family.name,
      sentence: family.sentence,
      clauses: counts[i]!.clauses,
      auxVars: counts[i]!.auxVars,
      literals: family.literalCount,
      formula: shape?.formula ?? null,
      samples: sampleClauses(cnf, family, shape),
    };
  });
  const auxVars = cnf.vars.auxCount;
  return {
    puzzle: instance.puzzle,
    params: instance.params,
    vars: cnf.varCount,
    namedVars: cnf.varCount - auxVars,
    auxVars,
    clauses: cnf.clauseCount,
    literals: families.reduce((n, f) => n + f.literals, 0),
    variables:
      own?.variables ??
      `${cnf.varCount} ${cnf.varCount === 1 ? 'variable' : 'variables'}; a solution is read from the ${cnf.projection.length} of them in the projection`,
    families,
  };
}

// ---- logic notation -----------------------------------------------------------

/** A literal as `name` or `¬name`. */
export const showLiteral = (cnf: Cnf, lit: number): string => (lit < 0 ? '¬' : '') + cnf.vars.name(lit);

/** A clause as a disjunction; past `shown` literals the rest becomes "…" and the length is given. */
export function showClause(cnf: Cnf, clause: ArrayLike<number>, shown = SHOWN_LITERALS): string {
  if (clause.length === 0) return '⊥ (the empty clause)';
  const lits = Array.from(clause);
  if (lits.length <= shown + 1) return lits.map((l) => showLiteral(cnf, l)).join(' ∨ ');
  return `${lits
    .slice(0, shown)
    .map((l) => showLiteral(cnf, l))
    .join(' ∨ ')} ∨ … (${lits.length} literals)`;
}

/** The first, a middle and the last clause: the start, the bulk and the end of the family. */
function sampleClauses(cnf: Cnf, family: Family, shape: FamilyShape | undefined): SampleClause[] {
  const n = family.size;
  const picks = [...new Set([0, Math.floor(n / 2), n - 1])].filter((i) => i >= 0 && i < n);
  return picks.map((i) => {
    const clause = family.clause(i);
    return { about: shape?.about(i) ?? `clause ${i + 1} of ${n}`, text: showClause(cnf, clause), literals: Array.from(clause) };
  });
}

// ---- comparing encodings ----------------------------------------------------------

export interface EncodingRow {
  encoding: string;
  vars: number;
  auxVars: number;
  clauses: number;
  literals: number;
  /** Clauses per family, in family order. */
  families: { name: string; clauses: number; auxVars: number }[];
}

export function encodingRow(encoding: string, instance: Instance): EncodingRow {
  const cnf = instance.cnf;
  let literals = 0;
  for (const f of cnf.families) literals += f.literalCount;
  return { encoding, vars: cnf.varCount, auxVars: cnf.vars.auxCount, clauses: cnf.clauseCount, literals, families: cnf.familyCounts() };
}
