// cagesat's C shim over CaDiCaL 1.9.5 (README.md beside this file).
//
// One `Shim` owns a solver and is its terminator, learner and external propagator
// (IPASIR-UP). The propagator only adds clauses during search: it propagates nothing,
// decides nothing, accepts every model, and its notifications are no-ops here (no call
// into Rust per assignment). Whether clauses wait is a plain flag of this object, set
// when Rust's terminate callback answers "import" (it is polled anyway); only then does
// `cb_has_external_clause` cross into Rust.
//
// Every function below is called from one thread at a time per solver. CaDiCaL's API
// contracts that it enforces by aborting (options only while configuring, values only
// after a satisfiable call) are checked here or by the Rust caller.

#include "cadical.hpp"

#include <cstdint>
#include <vector>

extern "C" {
/// Rust's terminate callback: 0 goes on, 1 stops the call, 2 goes on and says that
/// clauses wait to be imported.
typedef int (*cu_terminate_fn) (void *data);
/// Rust's learn callback: one learnt clause, ended by a zero.
typedef void (*cu_learn_fn) (void *data, const int *clause);
/// Whether Rust has a clause ready to import (1) or not (0).
typedef int (*cu_has_clause_fn) (void *data);
/// The next literal of the clause being imported; 0 ends it.
typedef int (*cu_clause_lit_fn) (void *data);
}

namespace {

struct Shim : CaDiCaL::Terminator,
              CaDiCaL::Learner,
              CaDiCaL::ExternalPropagator {
  CaDiCaL::Solver solver;
  bool configuring = true;

  void *data = nullptr;
  cu_terminate_fn terminate_fn = nullptr;
  cu_learn_fn learn_fn = nullptr;
  int max_learn = 0;
  std::vector<int> learnt;
  cu_has_clause_fn has_clause_fn = nullptr;
  cu_clause_lit_fn clause_lit_fn = nullptr;
  bool pending = false;

  uint64_t solves = 0;
  uint64_t imported = 0;

  // Terminator.
  bool terminate () override {
    if (!terminate_fn)
      return false;
    int answer = terminate_fn (data);
    if (answer == 2) {
      pending = true;
      return false;
    }
    return answer != 0;
  }

  // Learner.
  bool learning (int size) override {
    if (!learn_fn || size > max_learn)
      return false;
    learnt.clear ();
    return true;
  }
  void learn (int lit) override {
    learnt.push_back (lit);
    if (!lit)
      learn_fn (data, learnt.data ());
  }

  // ExternalPropagator.
  void notify_assignment (int, bool) override {}
  void notify_new_decision_level () override {}
  void notify_backtrack (size_t) override {}
  bool cb_check_found_model (const std::vector<int> &) override {
    return true;
  }
  int cb_decide () override { return 0; }
  int cb_propagate () override { return 0; }
  bool cb_has_external_clause () override {
    if (!pending || !has_clause_fn)
      return false;
    if (has_clause_fn (data))
      return true;
    pending = false;
    return false;
  }
  int cb_add_external_clause_lit () override {
    int lit = clause_lit_fn (data);
    if (!lit)
      imported++;
    return lit;
  }
};

} // namespace

extern "C" {

void *cu_init () {
  try {
    return new Shim ();
  } catch (...) {
    return nullptr;
  }
}

void cu_release (void *s) { delete static_cast<Shim *> (s); }

/// 1 when `name` is one of CaDiCaL's options.
int cu_is_option (const char *name) {
  return CaDiCaL::Solver::is_valid_option (name) ? 1 : 0;
}

/// Sets option `name` to `val` while the solver is still configuring; 1 when it took.
int cu_set_option (void *s, const char *name, int val) {
  Shim *shim = static_cast<Shim *> (s);
  if (!shim->configuring || !CaDiCaL::Solver::is_valid_option (name))
    return 0;
  return shim->solver.set (name, val) ? 1 : 0;
}

/// The value of option `name` (0 for an unknown name).
int cu_get_option (void *s, const char *name) {
  return static_cast<Shim *> (s)->solver.get (name);
}

/// Applies configuration `name` while the solver is still configuring; 1 when it took.
int cu_configure (void *s, const char *name) {
  Shim *shim = static_cast<Shim *> (s);
  if (!shim->configuring ||
      !CaDiCaL::Solver::is_valid_configuration (name))
    return 0;
  return shim->solver.configure (name) ? 1 : 0;
}

void cu_add (void *s, int lit) {
  Shim *shim = static_cast<Shim *> (s);
  shim->configuring = false;
  shim->solver.add (lit);
}

void cu_assume (void *s, int lit) {
  Shim *shim = static_cast<Shim *> (s);
  shim->configuring = false;
  shim->solver.assume (lit);
}

/// 10 satisfiable, 20 unsatisfiable, 0 interrupted.
int cu_solve (void *s) {
  Shim *shim = static_cast<Shim *> (s);
  shim->configuring = false;
  shim->solves++;
  return shim->solver.solve ();
}

int cu_val (void *s, int lit) {
  return static_cast<Shim *> (s)->solver.val (lit);
}

int cu_failed (void *s, int lit) {
  return static_cast<Shim *> (s)->solver.failed (lit) ? 1 : 0;
}

int cu_status (void *s) { return static_cast<Shim *> (s)->solver.status (); }

int cu_vars (void *s) { return static_cast<Shim *> (s)->solver.vars (); }

/// Connects (or, with a null `f`, disconnects) the terminate callback.
void cu_set_terminate (void *s, void *data, cu_terminate_fn f) {
  Shim *shim = static_cast<Shim *> (s);
  shim->data = data;
  shim->terminate_fn = f;
  if (f)
    shim->solver.connect_terminator (shim);
  else
    shim->solver.disconnect_terminator ();
}

/// Connects (or, with a null `f`, disconnects) the learn callback for learnt clauses of up
/// to `max_size` literals.
void cu_set_learn (void *s, void *data, int max_size, cu_learn_fn f) {
  Shim *shim = static_cast<Shim *> (s);
  shim->data = data;
  shim->learn_fn = f;
  shim->max_learn = max_size;
  if (f)
    shim->solver.connect_learner (shim);
  else
    shim->solver.disconnect_learner ();
}

/// Connects the object as external propagator that imports clauses from Rust.
void cu_connect_import (void *s, void *data, cu_has_clause_fn has,
                        cu_clause_lit_fn lit) {
  Shim *shim = static_cast<Shim *> (s);
  shim->configuring = false;
  shim->data = data;
  shim->has_clause_fn = has;
  shim->clause_lit_fn = lit;
  shim->solver.connect_external_propagator (shim);
}

/// Observes variable `var` (positive): external clauses may contain it. It is frozen.
void cu_observe (void *s, int var) {
  static_cast<Shim *> (s)->solver.add_observed_var (var);
}

/// Calls of `cu_solve` and clauses imported during search so far.
void cu_counts (void *s, uint64_t *solves, uint64_t *imported) {
  Shim *shim = static_cast<Shim *> (s);
  *solves = shim->solves;
  *imported = shim->imported;
}

} // extern "C"
