// The C interface that solvers/minisat-wasm.ts drives. Literals are DIMACS
// integers (v or -v, v >= 1); clauses and assumptions arrive as int32 buffers
// in the wasm heap so that JS makes one call per clause, not per literal.

#include <stdint.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "minisat/core/Solver.h"
#include "minisat/mtl/Sort.h"

using namespace Minisat;

namespace {

// MiniSat's solve_() backtracks to level 0 when it returns, so a run of
// solves whose assumptions share a prefix (the leaves of a cube tree, walked
// depth-first) propagates that prefix again every time. This solver keeps
// the trail instead: the next solve backtracks only to the last decision
// level the two assumption lists agree on.
class PrefixKeepingSolver : public Solver {
 public:
  lbool solveKeepingPrefix(const vec<Lit> &assumps) {
    int shared = 0;
    while (shared < assumptions.size() && shared < assumps.size() && assumptions[shared] == assumps[shared]) shared++;
    // Levels 1..k of a finished solve hold assumptions 0..k-1 (MiniSat gives
    // each assumption its own level, even an already-true one), so the
    // shared ones stay valid.
    if (decisionLevel() > shared) cancelUntil(shared);
    assumps.copyTo(assumptions);
    model.clear();
    conflict.clear();
    if (!ok) return l_False;
    solves++;
    max_learnts = nClauses() * learntsize_factor;
    learntsize_adjust_confl = learntsize_adjust_start_confl;
    learntsize_adjust_cnt = (int)learntsize_adjust_confl;
    lbool status = l_Undef;
    for (int restart = 0; status == l_Undef; restart++) {
      double base = luby_restart ? lubyTerm(restart_inc, restart) : pow(restart_inc, restart);
      status = search((int)(base * restart_first));
      if (!withinBudget()) break;
    }
    if (status == l_True) {
      model.growTo(nVars());
      for (int i = 0; i < nVars(); i++) model[i] = value(i);
    } else if (status == l_False && conflict.size() == 0) {
      ok = false;
    }
    // A solve cut short by its budget has already backtracked to level 0; a
    // SAT answer leaves its own decisions above the assumptions, which the
    // next solve's backtrack removes.
    return status;
  }

  // Adds a clause giving up no more of the trail than it must. A blocking
  // clause is false under the model just found; backtracking to level 0 for
  // it, as addClause_() requires, would make the next solve propagate every
  // assumption again. Instead the clause is attached just below the level
  // where its second-latest literal became false: there at least two of its
  // literals are not false, so it is neither unit nor conflicting and needs
  // no propagation, and the watches go on those two.
  bool addClauseKeepingTrail(vec<Lit> &lits) {
    if (!ok) return false;
    sort(lits);
    int kept = 0;
    for (int i = 0; i < lits.size(); i++) {
      if (kept > 0 && lits[i] == ~lits[kept - 1]) return true;  // x and -x sort side by side
      if (kept == 0 || lits[i] != lits[kept - 1]) lits[kept++] = lits[i];
    }
    lits.shrink(lits.size() - kept);
    for (int w = 0; w < 2 && w < lits.size(); w++) {
      for (int i = w + 1; i < lits.size(); i++) {
        if (falseSince(lits[i]) > falseSince(lits[w])) {
          Lit t = lits[w];
          lits[w] = lits[i];
          lits[i] = t;
        }
      }
    }
    int level = lits.size() < 2 ? 0 : falseSince(lits[1]) == INT_MAX ? decisionLevel() : falseSince(lits[1]) - 1;
    if (level <= 0) {
      cancelUntil(0);
      return addClause_(lits);
    }
    cancelUntil(level);
    CRef cr = ca.alloc(lits, false);
    clauses.push(cr);
    attachClause(cr);
    return true;
  }

 private:
  // The decision level at which p became false; INT_MAX while it is not false.
  int falseSince(Lit p) const { return value(p) == l_False ? level(var(p)) : INT_MAX; }

  // Exponent of the i-th term (i from 1) of the Luby sequence 1 1 2 1 1 2 4 ...:
  // the term ends a block of length 2^k - 1 exactly when i = 2^k - 1, and
  // otherwise repeats the sequence from the start of the block's second half.
  static int lubyExponent(long i) {
    for (;;) {
      int k = 1;
      while ((1L << k) - 1 < i) k++;
      if (i == (1L << k) - 1) return k - 1;
      i -= (1L << (k - 1)) - 1;
    }
  }
  static double lubyTerm(double y, int restart) { return pow(y, lubyExponent(restart + 1L)); }
};

struct Handle {
  PrefixKeepingSolver solver;
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
  return h->solver.addClauseKeepingTrail(h->lits) ? 1 : 0;
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
  lbool result = h->solver.solveKeepingPrefix(h->lits);
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

// Caps the learnt clauses at this fraction of the problem clauses (MiniSat's
// default is a third). Cube-and-conquer runs many short solves whose learnt
// clauses mostly concern one cube; keeping them all slows propagation.
void ms_set_learnt_fraction(Handle *h, double fraction) { h->solver.learntsize_factor = fraction; }

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
