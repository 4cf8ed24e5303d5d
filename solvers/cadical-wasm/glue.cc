// The C interface that solvers/cadical-wasm.ts drives, over CaDiCaL's C++
// API (CaDiCaL::Solver). Literals are DIMACS integers; clauses and
// assumptions arrive as int32 buffers in the wasm heap so that JS makes one
// call per clause, not per literal.

#include <stdint.h>
#include <limits.h>
#include <stdio.h>

#include "cadical.hpp"
#include "internal.hpp"

namespace CaDiCaL {

// CaDiCaL 1.5.3 has no public accessor for its search counters; its solver
// class befriends `App` (the command-line front end, cadical.cpp), which is
// not linked into this module. Borrowing that name is the one way to read
// them without patching Debian's sources.
class App {
 public:
  static const Stats &stats(const Solver &s) { return s.internal->stats; }
};

}  // namespace CaDiCaL

namespace {

enum SolveResult { RESULT_UNKNOWN = 0, RESULT_SAT = 10, RESULT_UNSAT = 20 };
const int BAD_LITERAL = -1;
enum Stat { STAT_CONFLICTS = 0, STAT_DECISIONS = 1, STAT_PROPAGATIONS = 2, STAT_RESTARTS = 3 };

// CaDiCaL rejects INT_MIN (it has no negation) and 0 ends a clause.
bool validLiteral(int32_t lit) { return lit != 0 && lit != INT_MIN; }

bool allValid(const int32_t *lits, int count) {
  for (int i = 0; i < count; i++)
    if (!validLiteral(lits[i])) return false;
  return true;
}

// CaDiCaL's limits are ints; larger budgets mean "no limit this slice".
int limitArgument(double budget) { return budget < 0 || budget > INT_MAX ? -1 : (int)budget; }

}  // namespace

extern "C" {

CaDiCaL::Solver *cd_new() { return new CaDiCaL::Solver(); }

void cd_delete(CaDiCaL::Solver *s) { delete s; }

// Starts a DRAT trace into `path` (a file in emscripten's in-memory file
// system, read back by JS). Only allowed before the first clause. Returns 0
// when CaDiCaL refused (clauses already added, or the file did not open).
int cd_trace_proof(CaDiCaL::Solver *s, const char *path, int binary) {
  if (s->state() != CaDiCaL::CONFIGURING) return 0;
  s->set("binary", binary ? 1 : 0);
  return s->trace_proof(path) ? 1 : 0;
}

// Pushes buffered proof lines into the file, so that JS reads all of them.
void cd_flush_proof(CaDiCaL::Solver *s) { s->flush_proof_trace(); }

// Sets one of CaDiCaL's options by name (see `cadical --help`); 0 when the
// name is unknown or the option cannot change in the solver's state.
int cd_set_option(CaDiCaL::Solver *s, const char *name, int value) { return s->set(name, value) ? 1 : 0; }

void cd_reserve(CaDiCaL::Solver *s, int n) { s->reserve(n); }

int cd_num_vars(CaDiCaL::Solver *s) { return s->vars(); }

// Returns -1 for a bad literal (the clause is then not added), else 1.
int cd_add_clause(CaDiCaL::Solver *s, const int32_t *lits, int count) {
  if (!allValid(lits, count)) return BAD_LITERAL;
  for (int i = 0; i < count; i++) s->add(lits[i]);
  s->add(0);
  return 1;
}

// Solves under the assumptions, stopping after about `conflictBudget` more
// conflicts or `decisionBudget` more decisions (negative: no limit). Returns
// 10 SAT, 20 UNSAT, 0 when a budget ran out (calling again resumes with all
// that was learnt), or -1 for a bad literal.
int cd_solve(CaDiCaL::Solver *s, const int32_t *assumptions, int count, double conflictBudget,
             double decisionBudget) {
  if (!allValid(assumptions, count)) return BAD_LITERAL;
  for (int i = 0; i < count; i++) s->assume(assumptions[i]);
  s->limit("conflicts", limitArgument(conflictBudget));
  s->limit("decisions", limitArgument(decisionBudget));
  int result = s->solve();
  return result == 10 ? RESULT_SAT : result == 20 ? RESULT_UNSAT : RESULT_UNKNOWN;
}

// After SAT: writes the model of variables 1..n to out[0..n-1] as 1 (true)
// or 0 (false).
void cd_read_model(CaDiCaL::Solver *s, int8_t *out, int n) {
  int known = s->vars();
  for (int v = 1; v <= n; v++) out[v - 1] = v <= known && s->val(v) > 0 ? 1 : 0;
}

// After UNSAT under assumptions: writes 1 to out[i] when assumptions[i] is
// among those the refutation used (CaDiCaL's failed()), else 0.
void cd_read_failed(CaDiCaL::Solver *s, const int32_t *assumptions, int count, int8_t *out) {
  for (int i = 0; i < count; i++) out[i] = s->failed(assumptions[i]) ? 1 : 0;
}

// preference: 1 decide true first, -1 decide false first, 0 leave it to the
// solver's own phase.
void cd_set_phase(CaDiCaL::Solver *s, int var, int preference) {
  if (preference == 0)
    s->unphase(var);
  else
    s->phase(preference > 0 ? var : -var);
}

// 64-bit counters travel as doubles: exact up to 2^53, and JS gets a number.
double cd_stat(CaDiCaL::Solver *s, int which) {
  const CaDiCaL::Stats &st = CaDiCaL::App::stats(*s);
  switch (which) {
    case STAT_CONFLICTS: return (double)st.conflicts;
    case STAT_DECISIONS: return (double)st.decisions;
    case STAT_PROPAGATIONS: return (double)st.propagations.search;
    case STAT_RESTARTS: return (double)st.restarts;
    default: return -1;
  }
}

}  // extern "C"
