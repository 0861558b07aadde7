// Encoding of kernel expressions for Z3.
//
// Index expressions are normalized to polynomials over "atoms" (Z3 integer constants:
// scalar parameters, loop iteration counters, and fresh quotient/remainder/select
// results). Keeping the polynomial form, instead of handing Z3 a product directly,
// lets the prover delinearize `row * N + col` itself (see ProverQuery.cpp), so parametric
// strides stay in linear arithmetic where Z3 is a decision procedure.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <z3++.h>

#include "checker/ProverAccess.h"
#include "model/Evaluate.h"

namespace exo::checker {

/// A polynomial with int64 coefficients over atoms (monomial = sorted atom ids).
struct Poly {
  std::map<std::vector<int>, int64_t> terms;

  static Poly constant(int64_t c);
  static Poly atom(int a);
  bool isConst() const;
  int64_t constValue() const;
  bool isLinear() const;
  Poly operator+(const Poly& o) const;
  Poly operator-(const Poly& o) const;
  Poly operator*(const Poly& o) const;
  Poly scaled(int64_t c) const;
  /// Splits this = a * quotient + rest, where rest has no monomial containing a.
  void splitBy(int a, Poly& quotient, Poly& rest) const;
};

/// A read of a modelled input (KernelFacts::modelledInputs) that the encoding made: the
/// array, the index and the atom of the value (a witness names them: `idx[3] = -1`).
struct InputRead {
  const model::Var* var;
  z3::expr index;
  int value;
};

/// One instantiation of the loops around an access: fresh atoms for each enclosing
/// loop, the facts that bound them, and the executing thread.
struct Instance {
  std::map<const model::Var*, int> loopVar;       // loop variable -> atom
  std::map<const model::Stmt*, int> iter;         // loop -> iteration-count atom
  std::vector<const model::Stmt*> loops;          // enclosing loops, outermost first
  std::vector<z3::expr> facts;
  std::vector<const model::Stmt*> gridLoops;      // the block loops of the path
  std::vector<const model::Stmt*> threadLoops;    // parallel loops below the grid
  std::optional<Poly> flat;                       // flat thread index in the CTA
  /// Conditions on the path that could not be encoded (dropped: more instances), with
  /// why: a witness that violates one is not an execution (checker/ProverWitness).
  std::vector<std::pair<const model::Expr*, std::string>> dropped;
  /// An instance apart (Encoder::instantiateApart) may not exist: everything encoded on it,
  /// then and later (ring positions, commit counts), is encoded definitionally.
  bool apart = false;
};

class Encoder {
public:
  Encoder(z3::context& ctx, const KernelFacts& facts);

  z3::context& ctx;
  const KernelFacts& facts;

  int newAtom(const std::string& name);
  z3::expr atomExpr(int a) const { return atoms_[a]; }
  z3::expr toZ3(const Poly& p) const;
  int paramAtom(const model::Var* v);
  /// Facts about scalar parameters from exo::assume (those that can be encoded).
  const std::vector<z3::expr>& assumeFacts() const { return assumeFacts_; }
  /// The part of assumeFacts() that holds whatever the assumes say: the parameters'
  /// type ranges and the definitions of shared parameter quotients (`n / 256`). Grows
  /// as atoms are made (the overflow check of an assume uses only the assumes before it).
  const std::vector<z3::expr>& definitions() const { return definitions_; }
  const std::vector<std::pair<const model::Var*, int>>& params() const { return params_; }
  /// Every read of a modelled input encoded so far (all instances), in order.
  const std::vector<InputRead>& inputReads() const { return inputReads_; }
  /// The function of a modelled input's elements, once a read of it was encoded.
  const z3::func_decl* inputFunction(const model::Var* v) const {
    auto it = inputs_.find(v);
    return it == inputs_.end() ? nullptr : &it->second;
  }

  /// Instantiates the loops and conditions along `path`. Unencodable loop bounds or
  /// conditions are dropped (over-approximation: more instances, never fewer).
  Instance instantiate(const Path& path, const std::string& tag);
  /// The same, with the facts that say the instance runs at all (iteration ranges, the
  /// conditions of the ifs, the thread's rank) in `ranges` instead of `facts`, which
  /// then only define atoms: always satisfiable. For instances whose existence is a
  /// formula (checker/ProverAsync).
  Instance instantiateApart(const Path& path, const std::string& tag, std::vector<z3::expr>& ranges);
  /// instantiateApart, with the bounds of the parallel iterations in `ranges` too: every
  /// fact left in `facts` only defines an atom from others, so the caller may define the
  /// iteration atoms as it likes (checker/ProverInitialized pins them to another
  /// instance's) and the facts stay satisfiable.
  Instance instantiateDefined(const Path& path, const std::string& tag, std::vector<z3::expr>& ranges);
  /// While set, every fact the encoder adds only defines atoms (always satisfiable, for
  /// any values of the atoms it reads): no `divisor != 0`, no range of a bounded
  /// operand. For instances that may not run (checker/ProverInitialized's candidates).
  void setDefinitional(bool on) { definitional_ = on; }

  /// The declaration of an integer scalar declared with a value and never assigned
  /// (its value is its initializer's wherever it is read); nullptr otherwise.
  const model::Stmt* scalarDefinition(const model::Var* v) const;
  /// An environment for model::evaluate: `base` first, then the scalars of
  /// scalarDefinition that `allowed` admits (all when empty), evaluated from their
  /// initializers in this environment and converted to their type (a cycle: no value).
  model::Env definedScalars(model::Env base, std::function<bool(const model::Var*)> allowed = {}) const;

  /// Integer value of e in inst; nullopt with `why` set if it cannot be encoded.
  /// Side conditions (division, select) are appended to inst.facts.
  std::optional<Poly> intExpr(const model::Expr& e, Instance& inst, std::string& why, int depth = 0);
  std::optional<z3::expr> boolExpr(const model::Expr& e, Instance& inst, std::string& why, int depth = 0);
  /// What `cond` evaluating to `value` implies, for a condition boolExpr cannot encode
  /// whole: the encodable literals among the operands that value forces through `&&`,
  /// `||` and `!` (`t % 2 == 1 && s[t - 1] > 0.f` taken: t % 2 == 1). A weaker fact than
  /// the condition (more instances, never fewer); nullopt when no literal is encodable.
  std::optional<z3::expr> impliedFacts(const model::Expr& cond, bool value, Instance& inst, int depth = 0);

  /// A division the encoder made, by a constant or a parameter: dividend = divisor * q + r
  /// (q, r fresh atoms; for a parameter divisor, when it is not 0).
  struct Division {
    Poly dividend, divisor;
    int q, r;
  };
  /// Every division made so far, in order (checker/ProverInitialized inverts
  /// quotient-remainder pairs: `(t + 128 * c) / 4` and `% 4` give back t + 128 * c).
  const std::vector<Division>& divisions() const { return divisions_; }
  /// The id the next atom will get: atoms from here on are made after this point.
  int nextAtom() const { return static_cast<int>(atoms_.size()); }

  /// Fresh q with C semantics q = e / c (truncation), r = e % c; adds the facts.
  void divMod(const Poly& e, int64_t c, Instance& inst, int& q, int& r);
  /// Fresh q = floor(e / c) (arithmetic shift, or e & (c - 1) via r).
  void floorDivMod(const Poly& e, int64_t c, Instance& inst, int& q, int& r);

  /// Atoms with one value per launch (parameters, divisions of parameters): the
  /// delinearization may split by them.
  const std::vector<int>& sharedAtoms() const { return sharedAtoms_; }

  /// x converted to kind `to` as C++ converts (modulo 2^width; bool: x != 0).
  Poly converted(const Poly& x, model::ScalarKind to, Instance& inst);
  z3::expr wideVal(model::Wide v) const;

private:
  std::optional<Poly> integerValue(const model::Expr& e, Instance& inst, std::string& why, int depth);
  /// A read of a modelled input: a fresh atom equal to the input's function at the index.
  std::optional<Poly> inputRead(const model::Expr& e, Instance& inst, std::string& why, int depth);
  /// k such that e's value is always in [0, 2^k), when the expression shows it.
  std::optional<int> boundedBits(const model::Expr& e) const;
  /// An uninterpreted predicate standing for a condition that cannot be encoded: a
  /// function of the integer values it reads (nullopt if it reads memory).
  std::optional<z3::expr> opaqueCondition(const model::Expr& cond, Instance& inst);
  /// A loop variable with constant bounds and at most kSmallLoop values: its atom in
  /// `inst` and its values, in order (the case splits of shifts and divisors use it).
  struct LoopValues {
    int atom;
    std::vector<int64_t> values;
  };
  static constexpr int64_t kSmallLoop = 64;
  std::optional<LoopValues> smallLoopValues(const model::Var* v, const Instance& inst) const;
  std::optional<Poly> divideBySmallLoopVar(const model::Expr& e, const Poly& x, Instance& inst);
  Poly divideByParameter(model::Op op, const Poly& x, const Poly& n, Instance& inst);
  std::optional<Poly> bitwise(const model::Expr& e, const Poly& l, const Poly& r, Instance& inst, std::string& why);
  bool onlyParams(const Poly& p) const;
  static std::string polyKey(const Poly& p);
  std::optional<Poly> shiftBySmallVar(const model::Expr& e, Instance& inst, std::string& why, int depth);

  std::vector<z3::expr>* ranges_ = nullptr;  // instantiateApart's destination for range facts
  bool iterationsApart_ = false;             // instantiateDefined: parallel bounds are ranges too
  bool definitional_ = false;                // setDefinitional
  /// Facts from index `from` on hold only when `cond` does (an operand C may not evaluate).
  void onlyWhen(const z3::expr& cond, Instance& inst, size_t from);
  /// When an operand C may not evaluate cannot be encoded: its facts so far (from index
  /// `from` on: a divisor's `!= 0`) must not stay in the instance unguarded, where they
  /// would rule out the executions that skip it (review of the twenty-third session:
  /// `m == 0 || (t / m > 0 && x[t] > 1.f)` kept m != 0).
  static std::nullopt_t dropFactsFrom(Instance& inst, size_t from);
  std::vector<z3::expr> atoms_;
  std::vector<Division> divisions_;
  std::map<const model::Var*, int> paramAtoms_;
  std::vector<std::pair<const model::Var*, int>> params_;
  std::vector<z3::expr> assumeFacts_;
  std::vector<z3::expr> definitions_;
  std::set<int> paramAtomSet_;
  std::set<int> paramDivAtoms_;  // the atoms of paramDivs_ (quotients, remainders)
  std::vector<int> sharedAtoms_;
  struct ParamDivision {
    int quotient, remainder;
    std::vector<z3::expr> definition;  // of both atoms, from the parameters (global facts)
  };
  std::map<std::string, ParamDivision> paramDivs_;  // `n / 64`: one pair of atoms per launch
  std::map<const model::Expr*, z3::func_decl> opaque_;
  std::map<const model::Var*, z3::func_decl> inputs_;  // one function per modelled input
  std::vector<InputRead> inputReads_;
  int counter_ = 0;
};

}  // namespace exo::checker
