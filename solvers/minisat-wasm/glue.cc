// The C interface that solvers/minisat-wasm.ts drives. Literals are DIMACS
// integers (v or -v, v >= 1); clauses and assumptions arrive as int32 buffers
// in the wasm heap so that JS makes one call per clause, not per literal.

#include <stdint.h>
#include <stdlib.h>

#include "minisat/core/Solver.h"

using namespace Minisat;

namespace {

struct Handle {
  Solver solver;
  vec<Lit> lits;  // reused for every clause and assumption list
};

enum SolveResult { RESULT_UNKNOWN = 0, RESULT_SAT = 10, RESULT_UNSAT = 20 };
const int BAD_LITERAL = -1;
// Above this, var + var (MiniSat's literal encoding) would overflow an int.
const int MAX_VAR = (1 << 30) - 1;
enum Stat { STAT_CONFLICTS = 0, STAT_DECISIONS = 1, STAT_PROPAGATIONS = 2, STAT_RESTARTS = 3 };

void ensureVars(Solver &s, int n) {
  while (s.nVars() < n) s.newVar();
}

// Copies DIMACS literals into h.lits, creating variables they mention.
// False when one is 0 or out of range.
bool loadLits(Handle &h, const int32_t *dimacs, int count) {
  h.lits.clear();
  for (int i = 0; i < count; i++) {
    int32_t x = dimacs[i];
    if (x == 0 || x > MAX_VAR || x < -MAX_VAR) return false;
    int v = x > 0 ? x : -x;
    ensureVars(h.solver, v);
    h.lits.push(mkLit(v - 1, x < 0));
  }
  return true;
}

}  // namespace

extern "C" {

Handle *ms_new() { return new Handle(); }

void ms_delete(Handle *h) { delete h; }

void ms_ensure_vars(Handle *h, int n) { ensureVars(h->solver, n); }

int ms_num_vars(Handle *h) { return h->solver.nVars(); }

// Returns 0 once the clauses so far are known to be unsatisfiable, -1 for a
// bad literal (the clause is then not added).
int ms_add_clause(Handle *h, const int32_t *lits, int count) {
  if (!loadLits(*h, lits, count)) return BAD_LITERAL;
  return h->solver.addClause_(h->lits) ? 1 : 0;
}

// Solves under the assumptions, stopping after `conflictBudget` more
// conflicts (negative: no limit). Returns 10 SAT, 20 UNSAT, or 0 when the
// budget ran out (calling again resumes with the clauses learnt so far), or
// -1 for a bad literal.
int ms_solve(Handle *h, const int32_t *assumptions, int count, double conflictBudget) {
  if (!loadLits(*h, assumptions, count)) return BAD_LITERAL;
  if (conflictBudget < 0)
    h->solver.budgetOff();
  else
    h->solver.setConfBudget((int64_t)conflictBudget);
  lbool result = h->solver.solveLimited(h->lits);
  if (result == l_True) return RESULT_SAT;
  if (result == l_False) return RESULT_UNSAT;
  return RESULT_UNKNOWN;
}

// After SAT: writes the model of variables 1..n to out[0..n-1] as 1 (true)
// or 0 (false). Variables created after that solve read as false.
void ms_read_model(Handle *h, int8_t *out, int n) {
  const vec<lbool> &model = h->solver.model;
  for (int v = 0; v < n; v++) out[v] = (v < model.size() && model[v] == l_True) ? 1 : 0;
}

// 64-bit counters travel as doubles: exact up to 2^53, and JS gets a number.
double ms_stat(Handle *h, int which) {
  const Solver &s = h->solver;
  switch (which) {
    case STAT_CONFLICTS: return (double)s.conflicts;
    case STAT_DECISIONS: return (double)s.decisions;
    case STAT_PROPAGATIONS: return (double)s.propagations;
    case STAT_RESTARTS: return (double)s.starts;
    default: return -1;
  }
}

// preference: 1 decide true first, -1 decide false first, 0 leave it to the
// solver's phase saving. MiniSat's user polarity is the sign of the decision
// literal, so l_True there means "negative", hence the inversion.
void ms_set_polarity(Handle *h, int var, int preference) {
  ensureVars(h->solver, var);
  lbool pol = preference > 0 ? l_False : preference < 0 ? l_True : l_Undef;
  h->solver.setPolarity(var - 1, pol);
}

}  // extern "C"
