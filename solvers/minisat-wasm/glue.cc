// The C interface that solvers/minisat-wasm.ts drives. Literals are DIMACS
// integers (v or -v, v >= 1); clauses and assumptions arrive as int32 buffers
// in the wasm heap so that JS makes one call per clause, not per literal.
//
// MiniSat's own files are untouched: the solver below is a subclass with its
// own search loop (calling MiniSat's propagate, analyze, cancelUntil, ...),
// which adds two things MiniSat lacks:
//  - exact-cover branching: decide on the registered clause (one per cell of
//    a packing) that has the fewest literals left, the rule that makes
//    dancing links fast (Knuth's minimum remaining values);
//  - projected enumeration of all models without blocking clauses: after a
//    model, flip the deepest projection decision chronologically, and never
//    backjump over a flipped decision (Grumberg, Schuster, Yadgar 2004;
//    Toda, Soh 2016).

#include <stdint.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include <vector>

#include "minisat/core/Solver.h"
#include "minisat/mtl/Sort.h"

using namespace Minisat;

namespace {

enum Branching { BRANCH_VSIDS = 0, BRANCH_COVER = 1 };
// Which unassigned literal of the chosen clause is decided true.
enum LiteralChoice { CHOOSE_FIRST = 0, CHOOSE_ACTIVE = 1 };

// What the enumeration reports after a step.
enum EnumStep { ENUM_BUDGET = 0, ENUM_MODEL = 10, ENUM_DONE = 20, ENUM_INTERNAL_ERROR = -2 };
// A clause that is false below the current level, where it cannot be analysed.
const CRef CRef_Error = 0xFFFFFFFEu;
// A conflict found by an exactly-one group rather than a clause.
const CRef CRef_Group = 0xFFFFFFFDu;

class SearchingSolver : public Solver {
 public:
  // ---- configuration -------------------------------------------------------

  void setBranching(int rule, int choice) {
    branching = rule;
    literalChoice = choice;
    branchLits.clear();
    branchStart.assign(1, 0);
    countsDirty = true;
  }

  void addBranchClause(const vec<Lit> &lits) {
    for (int i = 0; i < lits.size(); i++) branchLits.push_back(lits[i]);
    branchStart.push_back((int)branchLits.size());
    countsDirty = true;
  }

  // An exactly-one constraint over `lits`, propagated natively instead of by
  // clauses: a true member falsifies the others, and the last member left
  // not false is made true. Implied literals get no reason clause, so only
  // an enumeration without conflict analysis may use them (see onConflict);
  // the formula's clauses for the same constraint can then be left out.
  // Cover branching then decides on the unsatisfied group with the fewest
  // members left, as dancing links picks an item.
  void addExactlyOne(const vec<Lit> &lits) {
    for (int i = 0; i < lits.size(); i++) groupLits.push_back(lits[i]);
    groupStart.push_back((int)groupLits.size());
    // The trail so far is counted afresh, with the new group, by the next propagation.
    backtrackTo(0);
    groupsDirty = true;
    // Propagation only reacts to members being assigned: a group without
    // members (a cell no placement covers) is false from the start, and a
    // group of one says its member is true.
    if (lits.size() == 0) ok = false;
    if (lits.size() == 1 && ok) {
      vec<Lit> unit;
      unit.push(lits[0]);
      addClause_(unit);
    }
  }

  bool hasGroups() const { return groupStart.size() > 1; }

  void setProjection(const vec<Var> &vars) {
    isProjection.assign(nVars(), 0);
    for (int i = 0; i < vars.size(); i++) isProjection[vars[i]] = 1;
    countsDirty = true;
  }

  // ---- single solves -------------------------------------------------------

  // MiniSat's solve_() backtracks to level 0 when it returns, so a run of
  // solves whose assumptions share a prefix (the leaves of a cube tree,
  // walked depth-first) propagates that prefix again every time. This keeps
  // the trail instead: the next solve backtracks only to the last decision
  // level the two assumption lists agree on.
  lbool solveKeepingPrefix(const vec<Lit> &assumps) {
    endEnumeration();
    takeAssumptions(assumps);
    if (!ok) return l_False;
    lbool status = l_Undef;
    for (int restart = 0; status == l_Undef; restart++) {
      double base = luby_restart ? lubyTerm(restart_inc, restart) : pow(restart_inc, restart);
      status = searchFor((int)(base * restart_first), false);
      if (!withinBudget()) break;
    }
    if (status == l_True) copyModel();
    else if (status == l_False && conflict.size() == 0) ok = false;
    // A solve cut short by its budget keeps its trail; a SAT answer leaves
    // its own decisions above the assumptions. The next solve's backtrack
    // removes either.
    return status;
  }

  // ---- enumeration ---------------------------------------------------------

  // Starts enumerating the models of the cube `assumps`, distinct on the
  // projection variables.
  void beginEnumeration(const vec<Lit> &assumps) {
    endEnumeration();
    takeAssumptions(assumps);
    enumerating = true;
    modelPending = false;
  }

  // Runs until the next model (ENUM_MODEL, readable in `model`), the end of
  // the cube (ENUM_DONE) or the conflict budget (ENUM_BUDGET; call again to
  // resume where it stopped).
  int enumerationStep() {
    if (!enumerating) return ENUM_DONE;
    if (hasGroups() && learnWhileEnumerating) return ENUM_INTERNAL_ERROR;  // see addExactlyOne
    if (!ok) return finishEnumeration();
    if (modelPending) {
      modelPending = false;
      if (!flipDeepest()) return finishEnumeration();
    }
    CRef confl = attachPending();
    if (confl == CRef_Error) return ENUM_INTERNAL_ERROR;
    if (!ok) return finishEnumeration();
    if (confl != CRef_Undef && onConflict(confl, true) != CONTINUE) return finishEnumeration();
    lbool status = searchFor(-1, true);
    if (status == l_True) {
      copyModel();
      modelPending = true;
      return ENUM_MODEL;
    }
    if (status == l_False) return finishEnumeration();
    return internalError ? ENUM_INTERNAL_ERROR : ENUM_BUDGET;
  }

  // Ends the enumeration (if one runs); clauses added during it are attached.
  void endEnumeration() {
    if (!enumerating) return;
    enumerating = false;
    modelPending = false;
    for (size_t i = 0; i < pending.size(); i++) {
      vec<Lit> lits;
      for (size_t j = 0; j < pending[i].size(); j++) lits.push(pending[i][j]);
      addClauseKeepingTrail(lits);
    }
    pending.clear();
  }

  // ---- clauses -------------------------------------------------------------

  // Adds a clause giving up no more of the trail than it must. A blocking
  // clause is false under the model just found; backtracking to level 0 for
  // it, as addClause_() requires, would make the next solve propagate every
  // assumption again. Instead the clause is attached just below the level
  // where its second-latest literal became false: there at least two of its
  // literals are not false, so it is neither unit nor conflicting and needs
  // no propagation, and the watches go on those two. During an enumeration
  // the clause waits until the search resumes, where it is attached without
  // backtracking at all, so that no flipped decision is lost.
  bool addClauseKeepingTrail(vec<Lit> &lits) {
    if (!ok) return false;
    if (!normalise(lits)) return true;
    if (enumerating) {
      pending.push_back(std::vector<Lit>());
      for (int i = 0; i < lits.size(); i++) pending.back().push_back(lits[i]);
      return true;
    }
    return attachBelow(lits);
  }

  // Enumerating: on a conflict, flip the deepest unflipped decision instead
  // of analysing it (dancing links' plain backtracking: no learnt clause).
  void setConflictLearning(bool on) { learnWhileEnumerating = on; }

  uint64_t flips = 0;

 private:
  enum ConflictOutcome { CONTINUE, EXHAUSTED, ROOT_UNSAT };

  // See addClauseKeepingTrail: lits are normalised.
  bool attachBelow(vec<Lit> &lits) {
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
      backtrackTo(0);
      return addClause_(lits);
    }
    backtrackTo(level);
    CRef cr = ca.alloc(lits, false);
    clauses.push(cr);
    attachClause(cr);
    return true;
  }

  int branching = BRANCH_VSIDS;
  int literalChoice = CHOOSE_FIRST;
  // Registered clauses, flattened: clause c is branchLits[branchStart[c] .. branchStart[c+1]).
  std::vector<Lit> branchLits;
  std::vector<int> branchStart = std::vector<int>(1, 0);
  // By literal index (toInt): the registered clauses containing it.
  std::vector<std::vector<int> > occurrences;
  // Per registered clause: its literals not false, and its literals true.
  std::vector<int> notFalse, trueCount;
  std::vector<char> isProjection;
  int unassignedProjection = 0;
  // trail[0 .. counted) is reflected in notFalse, trueCount and unassignedProjection.
  int counted = 0;
  bool countsDirty = true;

  // Exactly-one groups. Group g's members are the occurrences in
  // slots groupStart[g] .. groupStart[g+1] of memberOcc, and the first
  // groupLive[g] of them are its members not false: a member that becomes
  // false is swapped to the end of that live prefix and the prefix shrinks
  // (Knuth's "dancing cells"), so propagation visits live members only, as
  // dancing links visits live rows; undoing in reverse trail order just
  // lengthens the prefix again.
  std::vector<Lit> groupLits;  // as added, group after group
  std::vector<int> groupStart = std::vector<int>(1, 0);
  bool groupsDirty = false;
  // An occurrence is one member of one group: its literal, group and slot.
  std::vector<Lit> occLit;
  std::vector<int> occGroup, occSlot;
  std::vector<int> memberOcc;  // by slot
  // By literal index: its occurrences are occByLit[occByLitStart[i] .. occByLitStart[i+1]).
  std::vector<int> occByLitStart, occByLit;
  // Per group, over trail[0 .. gqhead): the live prefix's length, members true.
  std::vector<int> groupLive, groupTrue;
  int gqhead = 0;

  bool enumerating = false;
  bool learnWhileEnumerating = true;
  bool modelPending = false;
  bool internalError = false;
  // The levels whose decision is a flipped one, ascending.
  std::vector<int> flipped;
  // Clauses added while enumerating, attached when the search resumes.
  std::vector<std::vector<Lit> > pending;
  // Units learnt above level 0 (they hold there only through a binary reason); asserted at level 0.
  std::vector<Lit> pendingUnits;
  vec<Lit> learntScratch;

  // ---- shared set-up ---------------------------------------------------------

  void takeAssumptions(const vec<Lit> &assumps) {
    int shared = 0;
    while (shared < assumptions.size() && shared < assumps.size() && assumptions[shared] == assumps[shared]) shared++;
    // Levels 1..k of a finished search hold assumptions 0..k-1 (each
    // assumption gets its own level, even an already-true one), so the
    // shared ones stay valid.
    if (decisionLevel() > shared) backtrackTo(shared);
    assumps.copyTo(assumptions);
    model.clear();
    conflict.clear();
    internalError = false;
    if (!ok) return;
    solves++;
    max_learnts = nClauses() * learntsize_factor;
    learntsize_adjust_confl = learntsize_adjust_start_confl;
    learntsize_adjust_cnt = (int)learntsize_adjust_confl;
  }

  void copyModel() {
    model.growTo(nVars());
    for (int i = 0; i < nVars(); i++) model[i] = value(i);
  }

  int finishEnumeration() {
    endEnumeration();
    return ENUM_DONE;
  }

  // ---- incremental counts ----------------------------------------------------

  void backtrackTo(int level) {
    if (decisionLevel() <= level) return;
    int keep = trail_lim[level];
    for (int i = counted - 1; i >= keep; i--) uncount(trail[i]);
    if (counted > keep) counted = keep;
    for (int i = gqhead - 1; i >= keep; i--) untallyGroups(trail[i]);
    if (gqhead > keep) gqhead = keep;
    cancelUntil(level);
    while (!flipped.empty() && flipped.back() > level) flipped.pop_back();
  }

  void count(Lit p) {
    size_t t = (size_t)toInt(p), f = (size_t)toInt(~p);
    if (t < occurrences.size())
      for (size_t k = 0; k < occurrences[t].size(); k++) trueCount[occurrences[t][k]]++;
    if (f < occurrences.size())
      for (size_t k = 0; k < occurrences[f].size(); k++) notFalse[occurrences[f][k]]--;
    if (projected(var(p))) unassignedProjection--;
  }

  void uncount(Lit p) {
    size_t t = (size_t)toInt(p), f = (size_t)toInt(~p);
    if (t < occurrences.size())
      for (size_t k = 0; k < occurrences[t].size(); k++) trueCount[occurrences[t][k]]--;
    if (f < occurrences.size())
      for (size_t k = 0; k < occurrences[f].size(); k++) notFalse[occurrences[f][k]]++;
    if (projected(var(p))) unassignedProjection++;
  }

  bool projected(Var v) const { return (size_t)v < isProjection.size() && isProjection[v]; }

  // Brings the counts up to the trail: from scratch after the registered
  // clauses or the projection changed, else only the literals assigned since.
  void catchUp() {
    if (countsDirty) {
      int clausesN = (int)branchStart.size() - 1;
      occurrences.assign(2 * (size_t)nVars(), std::vector<int>());
      notFalse.assign(clausesN, 0);
      trueCount.assign(clausesN, 0);
      for (int c = 0; c < clausesN; c++) {
        for (int i = branchStart[c]; i < branchStart[c + 1]; i++) occurrences[toInt(branchLits[i])].push_back(c);
        notFalse[c] = branchStart[c + 1] - branchStart[c];
      }
      unassignedProjection = 0;
      for (size_t v = 0; v < isProjection.size(); v++) unassignedProjection += isProjection[v];
      counted = 0;
      countsDirty = false;
    }
    for (; counted < trail.size(); counted++) count(trail[counted]);
  }

  // ---- exactly-one groups ----------------------------------------------------

  // Lays the groups out afresh (after addExactlyOne, at level 0): every member live, none true.
  void buildGroups() {
    int groupsN = (int)groupStart.size() - 1, occN = (int)groupLits.size();
    occLit = groupLits;
    occGroup.assign(occN, 0);
    occSlot.assign(occN, 0);
    memberOcc.assign(occN, 0);
    groupLive.assign(groupsN, 0);
    groupTrue.assign(groupsN, 0);
    occByLitStart.assign(2 * (size_t)nVars() + 1, 0);
    for (int g = 0; g < groupsN; g++) {
      groupLive[g] = groupStart[g + 1] - groupStart[g];
      for (int o = groupStart[g]; o < groupStart[g + 1]; o++) {
        occGroup[o] = g;
        occSlot[o] = o;
        memberOcc[o] = o;
        occByLitStart[toInt(occLit[o]) + 1]++;
      }
    }
    for (size_t i = 1; i < occByLitStart.size(); i++) occByLitStart[i] += occByLitStart[i - 1];
    std::vector<int> fill(occByLitStart.begin(), occByLitStart.end() - 1);
    occByLit.assign(occN, 0);
    for (int o = 0; o < occN; o++) occByLit[fill[toInt(occLit[o])]++] = o;
    gqhead = 0;
    groupsDirty = false;
  }

  // The occurrences of literal p in groups: [*begin, *end).
  void occurrencesOf(Lit p, int &begin, int &end) const {
    size_t i = (size_t)toInt(p);
    if (i + 1 >= occByLitStart.size()) {
      begin = end = 0;
      return;
    }
    begin = occByLitStart[i];
    end = occByLitStart[i + 1];
  }

  // p has been assigned: its groups count it true, or drop it from their live prefix.
  void tallyGroups(Lit p) {
    int b, e;
    occurrencesOf(p, b, e);
    for (int k = b; k < e; k++) groupTrue[occGroup[occByLit[k]]]++;
    occurrencesOf(~p, b, e);
    for (int k = b; k < e; k++) {
      int o = occByLit[k], g = occGroup[o];
      int last = groupStart[g] + --groupLive[g];
      int other = memberOcc[last], slot = occSlot[o];
      memberOcc[slot] = other;
      occSlot[other] = slot;
      memberOcc[last] = o;
      occSlot[o] = last;
    }
  }

  // Undoes tallyGroups(p), called in reverse trail order.
  void untallyGroups(Lit p) {
    int b, e;
    occurrencesOf(p, b, e);
    for (int k = b; k < e; k++) groupTrue[occGroup[occByLit[k]]]--;
    occurrencesOf(~p, b, e);
    for (int k = e; k-- > b;) groupLive[occGroup[occByLit[k]]]++;
  }

  // MiniSat's clause propagation and the groups', to a fixpoint.
  CRef propagateAll() {
    if (groupsDirty) buildGroups();
    for (;;) {
      CRef confl = propagate();
      if (confl != CRef_Undef || gqhead == trail.size()) return confl;
      while (gqhead < trail.size()) {
        Lit p = trail[gqhead++];
        tallyGroups(p);
        if (!propagateGroups(p)) return CRef_Group;
      }
    }
  }

  // What p, just counted, implies in its groups; false on a conflict.
  bool propagateGroups(Lit p) {
    int b, e;
    occurrencesOf(p, b, e);
    for (int k = b; k < e; k++) {
      int g = occGroup[occByLit[k]];
      if (groupTrue[g] > 1) return false;
      for (int slot = groupStart[g], end = groupStart[g] + groupLive[g]; slot < end; slot++) {
        Lit q = occLit[memberOcc[slot]];
        if (q == p) continue;
        if (value(q) == l_True) return false;
        if (value(q) == l_Undef) uncheckedEnqueue(~q);
      }
    }
    occurrencesOf(~p, b, e);
    for (int k = b; k < e; k++) {
      int g = occGroup[occByLit[k]];
      if (groupTrue[g] > 0 || groupLive[g] > 1) continue;
      if (groupLive[g] == 0) return false;
      // One member left not false (as far as counted): make it true, unless it already is.
      Lit q = occLit[memberOcc[groupStart[g]]];
      if (value(q) == l_Undef) uncheckedEnqueue(q);
    }
    return true;
  }

  // Minimum remaining values: the first index with nothing true and the
  // fewest left (not false), or -1 when every one has something true. After
  // propagation none has one left, so two is as few as it gets.
  static int fewestLeft(const std::vector<int> &trueN, const std::vector<int> &left) {
    int best = -1, fewest = INT_MAX;
    for (int i = 0; i < (int)trueN.size(); i++) {
      if (trueN[i] == 0 && left[i] < fewest) {
        best = i;
        fewest = left[i];
        if (fewest <= 2) break;
      }
    }
    return best;
  }

  // The unsatisfied group with the fewest members left, its first free
  // member; lit_Undef when every group has a true member. Called with the
  // trail fully propagated, so the counts are exact.
  Lit pickGroupLiteral() {
    int best = fewestLeft(groupTrue, groupLive);
    if (best < 0) return lit_Undef;
    for (int slot = groupStart[best], end = groupStart[best] + groupLive[best]; slot < end; slot++) {
      Lit p = occLit[memberOcc[slot]];
      if (value(p) == l_Undef && (!enumerating || projected(var(p)))) return p;
    }
    return lit_Undef;
  }

  // ---- decisions -------------------------------------------------------------

  // The next decision literal, lit_Undef when every variable has a value.
  // Enumerating, projection variables come first: a model is complete on
  // the projection before anything else is decided, so that flipping only
  // projection decisions enumerates each projected model once.
  Lit pickDecision() {
    catchUp();
    if (branching == BRANCH_COVER) {
      Lit p = hasGroups() ? pickGroupLiteral() : pickCoverLiteral();
      if (p != lit_Undef) return p;
    }
    if (enumerating && unassignedProjection > 0) return pickProjectionLiteral();
    return pickBranchLit();
  }

  // A literal of the registered clause, not yet satisfied, with the fewest
  // literals that are not false; none when all are satisfied.
  Lit pickCoverLiteral() {
    int best = fewestLeft(trueCount, notFalse);
    if (best < 0) return lit_Undef;
    Lit chosen = lit_Undef;
    for (int i = branchStart[best]; i < branchStart[best + 1]; i++) {
      Lit p = branchLits[i];
      if (value(p) != l_Undef || (enumerating && !projected(var(p)))) continue;
      if (chosen == lit_Undef || (literalChoice == CHOOSE_ACTIVE && activity[var(p)] > activity[var(chosen)])) chosen = p;
      if (literalChoice == CHOOSE_FIRST) break;
    }
    return chosen;
  }

  // The most active unassigned projection variable, in its saved phase.
  Lit pickProjectionLiteral() {
    Var best = var_Undef;
    for (Var v = 0; v < (Var)isProjection.size(); v++) {
      if (isProjection[v] && value(v) == l_Undef && (best == var_Undef || activity[v] > activity[best])) best = v;
    }
    if (best == var_Undef) return pickBranchLit();
    if (user_pol[best] != l_Undef) return mkLit(best, user_pol[best] == l_True);
    return mkLit(best, polarity[best]);
  }

  Lit decisionAt(int level) const { return trail[trail_lim[level - 1]]; }

  bool isFlipped(int level) const {
    for (size_t i = flipped.size(); i-- > 0;) {
      if (flipped[i] == level) return true;
      if (flipped[i] < level) return false;
    }
    return false;
  }

  int highestFlip() const { return flipped.empty() ? 0 : flipped.back(); }

  // Undoes to the deepest decision that has not been flipped yet and decides
  // its negation at the same level, with no reason: everything under the
  // original decision has been enumerated. After a model only projection
  // decisions count (`projectionOnly`): the rest were decided once the
  // projection was complete. After a conflict met without analysis any
  // decision does, since the whole subtree under it is exhausted. Cube
  // assumptions, on the first levels, are never flipped. False: nothing is
  // left to flip.
  bool flipDeepest(bool projectionOnly = true) {
    for (int k = decisionLevel(); k > assumptions.size(); k--) {
      Lit d = decisionAt(k);
      if (isFlipped(k) || (projectionOnly && !projected(var(d)))) continue;
      backtrackTo(k - 1);
      newDecisionLevel();
      flipped.push_back(k);
      uncheckedEnqueue(~d);
      flips++;
      return true;
    }
    return false;
  }

  // ---- search ------------------------------------------------------------------

  // MiniSat's search() with the decisions above, conflict handling that
  // respects flips when enumerating, and no restarts then (nof_conflicts < 0).
  lbool searchFor(int nof_conflicts, bool enumerate) {
    int conflictC = 0;
    starts++;
    for (;;) {
      CRef confl = propagateAll();
      if (confl != CRef_Undef) {
        conflicts++;
        conflictC++;
        int outcome = onConflict(confl, enumerate);
        if (outcome != CONTINUE) return l_False;
        if (internalError) return l_Undef;
        continue;
      }
      if ((nof_conflicts >= 0 && conflictC >= nof_conflicts) || !withinBudget()) {
        if (!enumerate) backtrackTo(0);
        return l_Undef;
      }
      if (decisionLevel() == 0) {
        if (!assertPendingUnits()) return l_False;
        if (qhead < trail.size()) continue;
        if (!simplify()) return l_False;
      }
      if (learnts.size() - nAssigns() >= max_learnts) reduceDB();

      Lit next = lit_Undef;
      while (decisionLevel() < assumptions.size()) {
        Lit p = assumptions[decisionLevel()];
        if (value(p) == l_True) {
          newDecisionLevel();  // a dummy level keeps assumption i on level i+1
        } else if (value(p) == l_False) {
          analyzeFinal(~p, conflict);
          return l_False;
        } else {
          next = p;
          break;
        }
      }
      if (next == lit_Undef) {
        decisions++;
        next = pickDecision();
        if (next == lit_Undef) return l_True;
      }
      newDecisionLevel();
      uncheckedEnqueue(next);
    }
  }

  // 1UIP learning as MiniSat does it. Without flips the search backjumps to
  // the assertion level. With them it never goes below the highest flipped
  // level: above it, it backjumps to the higher of the two; at it, the
  // flipped branch is exhausted too, so the next decision down is flipped.
  int onConflict(CRef confl, bool enumerate) {
    if (decisionLevel() == 0) {
      ok = false;
      return ROOT_UNSAT;
    }
    if (enumerate && !learnWhileEnumerating) {
      if (flipDeepest(false)) return CONTINUE;
      // Nothing left to flip: the conflict is on an assumption's (or a
      // flip's) level. Leave that level, whose propagation stopped half way
      // with a false clause, so that the next cube, which may share the
      // assumptions below it, starts from a consistent trail.
      backtrackTo(decisionLevel() - 1);
      return EXHAUSTED;
    }
    // Group implications have no reason clause to analyse.
    if (hasGroups()) return fail();
    int floor = enumerate ? highestFlip() : 0;
    vec<Lit> &learnt = learntScratch;
    learnt.clear();
    int assertionLevel;
    analyze(confl, learnt, assertionLevel);
    decayAfterConflict();
    if (floor == 0 || decisionLevel() > floor) {
      backtrackTo(assertionLevel > floor ? assertionLevel : floor);
      assertLearnt(learnt);
      return CONTINUE;
    }
    if (!flipDeepest()) {
      backtrackTo(decisionLevel() - 1);  // off the conflicting level, as above
      return EXHAUSTED;
    }
    // The learnt clause is implied by the formula, so it stays; its
    // asserting literal was on the flipped level, which is gone now.
    if (attachHere(learnt, true) != CRef_Undef) return fail();  // impossible: the asserting literal is unassigned
    return CONTINUE;
  }

  int fail() {
    internalError = true;
    return CONTINUE;
  }

  void decayAfterConflict() {
    varDecayActivity();
    claDecayActivity();
    if (--learntsize_adjust_cnt == 0) {
      learntsize_adjust_confl *= learntsize_adjust_inc;
      learntsize_adjust_cnt = (int)learntsize_adjust_confl;
      max_learnts *= learntsize_inc;
    }
  }

  // Asserts learnt[0], the one unassigned literal of the learnt clause, at
  // the current level.
  void assertLearnt(vec<Lit> &learnt) {
    if (learnt.size() == 1) {
      if (decisionLevel() == 0) uncheckedEnqueue(learnt[0]);
      else attachHere(learnt, true);
      return;
    }
    CRef cr = ca.alloc(learnt, true);
    learnts.push(cr);
    attachClause(cr);
    claBumpActivity(ca[cr]);
    uncheckedEnqueue(learnt[0], cr);
  }

  bool assertPendingUnits() {
    for (size_t i = 0; i < pendingUnits.size(); i++) {
      Lit u = pendingUnits[i];
      if (value(u) == l_False) return ok = false;
      if (value(u) == l_Undef) uncheckedEnqueue(u);
    }
    pendingUnits.clear();
    return true;
  }

  // Attaches the clauses added during the enumeration at the current state.
  // Before the first flip nothing needs keeping, so they go where they
  // would outside an enumeration.
  CRef attachPending() {
    CRef firstConflict = CRef_Undef;
    for (size_t i = 0; i < pending.size(); i++) {
      vec<Lit> lits;
      for (size_t j = 0; j < pending[i].size(); j++) lits.push(pending[i][j]);
      if (highestFlip() == 0) {
        if (!attachBelow(lits)) return CRef_Undef;
        continue;
      }
      CRef c = attachHere(lits, false);
      if (c == CRef_Error) return c;
      if (firstConflict == CRef_Undef) firstConflict = c;
    }
    pending.clear();
    return firstConflict;
  }

  // Attaches a clause without backtracking: the watches go on literals that
  // are not false if it has two, else on the latest false ones. A unit
  // clause is propagated at the current level. Returns the clause when it is
  // false, at the current level (CRef_Error if it is false below it, which
  // the callers rule out), else CRef_Undef.
  //
  // A unit clause above level 0 becomes binary, with the negated decision of
  // the current level (a reasonless literal that is not a decision would
  // confuse conflict analysis); the unit itself is asserted on the way back
  // to level 0. Callers are above the assumption levels, so the current
  // level has a decision.
  CRef attachHere(vec<Lit> &lits, bool learnt) {
    if (lits.size() == 0) {
      ok = false;
      return CRef_Error;
    }
    if (lits.size() == 1) {
      pendingUnits.push_back(lits[0]);
      lits.push(~decisionAt(decisionLevel()));
    }
    for (int w = 0; w < 2; w++) {
      for (int i = w + 1; i < lits.size(); i++) {
        if (watchRank(lits[i]) > watchRank(lits[w])) {
          Lit t = lits[w];
          lits[w] = lits[i];
          lits[i] = t;
        }
      }
    }
    CRef cr = ca.alloc(lits, learnt);
    if (learnt) learnts.push(cr);
    else clauses.push(cr);
    attachClause(cr);
    if (value(lits[0]) == l_False) return level(var(lits[0])) == decisionLevel() ? cr : CRef_Error;
    if (value(lits[0]) == l_Undef && value(lits[1]) == l_False) uncheckedEnqueue(lits[0], cr);
    return CRef_Undef;
  }

  // Watch preference: unassigned, then true (earliest first), then false (latest first).
  int watchRank(Lit p) const {
    if (value(p) == l_Undef) return INT_MAX;
    if (value(p) == l_True) return INT_MAX - 1 - level(var(p));
    return level(var(p));
  }

  // Sorts, drops duplicates; false for a tautology.
  static bool normalise(vec<Lit> &lits) {
    sort(lits);
    int kept = 0;
    for (int i = 0; i < lits.size(); i++) {
      if (kept > 0 && lits[i] == ~lits[kept - 1]) return false;  // x and -x sort side by side
      if (kept == 0 || lits[i] != lits[kept - 1]) lits[kept++] = lits[i];
    }
    lits.shrink(lits.size() - kept);
    return true;
  }

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
  SearchingSolver solver;
  vec<Lit> lits;  // reused for every clause and assumption list
};

enum SolveResult { RESULT_UNKNOWN = 0, RESULT_SAT = 10, RESULT_UNSAT = 20 };
const int BAD_LITERAL = -1;
// A call the solver's configuration rules out (a solve after exactly-one groups).
const int MISUSE = -2;
// Above this, var + var (MiniSat's literal encoding) would overflow an int.
const int MAX_VAR = (1 << 30) - 1;
enum Stat { STAT_CONFLICTS = 0, STAT_DECISIONS = 1, STAT_PROPAGATIONS = 2, STAT_RESTARTS = 3, STAT_FLIPS = 4 };

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
  if (h->solver.hasGroups()) return MISUSE;  // solves analyse conflicts: see addExactlyOne
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

// After UNSAT under assumptions: writes 1 to out[i] when assumptions[i] is
// among those the refutation used, else 0. MiniSat's analyzeFinal leaves
// them, negated, in `conflict` (empty when the clauses alone are UNSAT).
void ms_read_failed(Handle *h, const int32_t *assumptions, int count, int8_t *out) {
  const vec<Lit> &conflict = h->solver.conflict;
  for (int i = 0; i < count; i++) {
    out[i] = 0;
    int32_t x = assumptions[i];
    if (x == 0 || x > MAX_VAR || x < -MAX_VAR) continue;
    Lit negated = ~mkLit((x > 0 ? x : -x) - 1, x < 0);
    for (int j = 0; j < conflict.size() && !out[i]; j++) out[i] = conflict[j] == negated ? 1 : 0;
  }
}

// Caps the learnt clauses at this fraction of the problem clauses (MiniSat's
// default is a third). Cube-and-conquer runs many short solves whose learnt
// clauses mostly concern one cube; keeping them all slows propagation.
// Branching rule: 0 VSIDS (MiniSat's), 1 cover: decide on the registered
// clause with the fewest literals not false (then VSIDS once all are
// satisfied). choice: 0 its first unassigned literal, 1 its most active one.
// Clears the registered clauses.
void ms_set_branching(Handle *h, int rule, int choice) { h->solver.setBranching(rule, choice); }

// Registers one clause for cover branching (it should be one of the
// formula's clauses). -1 for a bad literal.
int ms_add_branch_clause(Handle *h, const int32_t *lits, int count) {
  if (!loadLits(*h, lits, count)) return BAD_LITERAL;
  h->solver.addBranchClause(h->lits);
  return 1;
}

// An exactly-one constraint over the literals, propagated natively (see
// SearchingSolver::addExactlyOne): for enumerations without conflict
// learning only; ms_solve then refuses (-2). -1 for a bad literal.
int ms_add_exactly_one(Handle *h, const int32_t *lits, int count) {
  if (!loadLits(*h, lits, count)) return BAD_LITERAL;
  h->solver.addExactlyOne(h->lits);
  return 1;
}

// The variables models are enumerated on (DIMACS numbers). -1 for a bad one.
int ms_set_projection(Handle *h, const int32_t *vars, int count) {
  vec<Var> vs;
  for (int i = 0; i < count; i++) {
    if (vars[i] <= 0 || vars[i] > MAX_VAR) return BAD_LITERAL;
    ensureVars(h->solver, vars[i]);
    vs.push(vars[i] - 1);
  }
  h->solver.setProjection(vs);
  return 1;
}

// Starts enumerating the models of a cube (the assumptions), distinct on
// the projection. -1 for a bad literal.
int ms_enum_begin(Handle *h, const int32_t *assumptions, int count) {
  if (!loadLits(*h, assumptions, count)) return BAD_LITERAL;
  h->solver.beginEnumeration(h->lits);
  return 1;
}

// Runs to the next model (10; read it with ms_read_model; clauses added
// before the next call are attached without losing the enumeration's
// place), the end of the cube (20), or until about `conflictBudget` more
// conflicts (negative: no limit) have passed (0: call again to resume).
// -2: an internal error (a bug, never a property of the formula).
int ms_enum_next(Handle *h, double conflictBudget) {
  if (conflictBudget < 0)
    h->solver.budgetOff();
  else
    h->solver.setConfBudget((int64_t)conflictBudget);
  return h->solver.enumerationStep();
}

// Ends the enumeration early; the clauses added during it stay.
void ms_enum_end(Handle *h) { h->solver.endEnumeration(); }

// 1: learn from conflicts while enumerating (the default), 0: backtrack to
// the deepest unflipped decision and flip it, as dancing links does.
void ms_set_conflict_learning(Handle *h, int on) { h->solver.setConflictLearning(on != 0); }

void ms_set_learnt_fraction(Handle *h, double fraction) { h->solver.learntsize_factor = fraction; }

// 64-bit counters travel as doubles: exact up to 2^53, and JS gets a number.
double ms_stat(Handle *h, int which) {
  const Solver &s = h->solver;
  switch (which) {
    case STAT_CONFLICTS: return (double)s.conflicts;
    case STAT_DECISIONS: return (double)s.decisions;
    case STAT_PROPAGATIONS: return (double)s.propagations;
    case STAT_RESTARTS: return (double)s.starts;
    case STAT_FLIPS: return (double)h->solver.flips;
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
