#include "checker/ProverWitness.h"

#include "checker/ProverReport.h"
#include "model/Evaluate.h"
#include "model/ExprPrinter.h"

namespace exo::checker {

using namespace model;

namespace {

constexpr int64_t kMaxIterations = int64_t(1) << 20;  // beyond: the loop is not replayed

class Replay {
public:
  Replay(const Encoder& enc, const z3::model& m, const Side& s) : enc_(enc), m_(m), s_(s) {
    for (auto& [v, atom] : enc.params()) env_[v] = val(m, enc.atomExpr(atom));
    // A modelled input's elements are the model's function: the witness's input data.
    read_ = [this](const Var* v, Wide i) -> std::optional<Wide> {
      const z3::func_decl* f = enc_.inputFunction(v);
      if (!f || i < INT64_MIN || i > INT64_MAX) return std::nullopt;
      return Wide(val(m_, m_.eval((*f)(enc_.ctx.int_val(static_cast<int64_t>(i))), true)));
    };
  }

  WitnessCheck run() {
    for (const PathStep& step : s_.site->path) {
      const Stmt* c = step.container;
      if (c->kind == StmtKind::For && c->var) {
        auto it = s_.inst.loopVar.find(c->var);
        if (it == s_.inst.loopVar.end()) continue;
        Wide v = val(m_, enc_.atomExpr(it->second));
        if (!reaches(*c, v)) return unreal("loop variable '" + c->var->name + "' = " + text(v) + " is not a value its loop takes");
        env_[c->var] = v;
      } else if (c->kind == StmtKind::If && c->cond) {
        if (!holds(*c->cond, step.child == 0)) return result_;
      }
    }
    for (const auto& [cond, value] : s_.site->guards)
      if (!holds(*cond, value)) return result_;
    // A statement instance (no access: checker/ProverAsync's ring checks) has no index.
    for (size_t d = 0; s_.site->expr && d < s_.site->expr->args.size() && d < s_.idx.size(); ++d) {
      std::optional<Wide> actual = value(*s_.site->expr->args[d]);
      Wide claimed = val(m_, enc_.toZ3(s_.idx[d]));
      if (actual && *actual != claimed)
        return unreal("index '" + printExpr(*s_.site->expr->args[d]) + "' is " + text(*actual) + ", not " + text(claimed));
    }
    return result_;
  }

  /// The C++ value of e at the witness (after run()): nullopt if it reads memory or is
  /// undefined.
  std::optional<Wide> at(const Expr& e) { return value(e); }

private:
  static std::string text(Wide v) { return std::to_string(static_cast<long long>(v)); }

  std::optional<Wide> value(const Expr& e, int depth = 0) {
    return evaluate(e, [&](const Var* v) { return variable(v, depth); }, read_).value;
  }

  /// A loop variable or parameter of the witness, or a scalar declared once with an
  /// initializer and never assigned (the encoder inlines those too).
  std::optional<Wide> variable(const Var* v, int depth) {
    auto it = env_.find(v);
    if (it != env_.end()) return it->second;
    const KernelFacts& facts = enc_.facts;
    auto d = facts.decls.find(v);
    if (depth > 32 || v->kind != VarKind::Scalar || d == facts.decls.end() || !d->second.stmt->init ||
        facts.assigned.count(v))
      return std::nullopt;
    std::optional<Wide> init = value(*d->second.stmt->init, depth + 1);
    if (!init || integerBits(v->type.scalar) == 0) return std::nullopt;
    return convertInteger(*init, v->type.scalar);
  }

  /// Does the loop, run from its start, reach iteration value v (the condition holding
  /// at every iteration before)?
  bool reaches(const Stmt& loop, Wide v) {
    std::optional<Wide> lo = value(*loop.lo);
    if (!lo) return true;  // reads memory or a run-time scalar: cannot replay, accept
    Env env = [&](const Var* x) { return variable(x, 0); };
    LoopEnd end = runLoop(loop, *lo, env, kMaxIterations, [&](Wide cur) { return cur != v; }, read_);
    // Reached; or the bound is unknown, or the loop too long to replay: accept.
    return end == LoopEnd::Stopped || end == LoopEnd::Unknown || end == LoopEnd::TooLong;
  }

  /// Does `cond` have truth value `want` here? A condition that reads memory may go
  /// either way (the data decides): yes. One that cannot be evaluated otherwise
  /// (floating point) and that the encoder dropped: not confirmed, so no.
  bool holds(const Expr& cond, bool want) {
    std::optional<Wide> v = value(cond);
    std::string unmodelled;
    for (const auto& [dropped, why] : s_.inst.dropped)
      if (dropped == &cond) unmodelled = why;
    if (!v) {
      if (readsMemory(cond) || unmodelled.empty()) return true;
      result_.what = "whether the condition '" + printExpr(cond) + "' holds there cannot be decided";
    } else if ((*v != 0) == want) {
      return true;
    } else {
      result_.what = "the condition '" + printExpr(cond) + "' is " + (want ? "false" : "true") + " there";
    }
    result_.real = false;
    result_.unmodelled = unmodelled;
    return false;
  }

  static bool readsMemory(const Expr& e) {
    if (e.kind == ExprKind::Index) return true;
    for (const ExprPtr& a : e.args)
      if (readsMemory(*a)) return true;
    return false;
  }

  WitnessCheck unreal(const std::string& what) {
    result_.real = false;
    result_.what = what;
    return result_;
  }

  const Encoder& enc_;
  const z3::model& m_;
  const Side& s_;
  std::map<const Var*, Wide> env_;
  Reader read_;
  WitnessCheck result_;
};

}  // namespace

WitnessCheck checkWitness(const Encoder& enc, const z3::model& m, const Side& s) {
  return Replay(enc, m, s.issue ? *s.issue : s).run();
}

WitnessCheck checkWitnessValues(const Encoder& enc, const z3::model& m, const Side& s,
                                const std::vector<const Expr*>& exprs, std::vector<std::optional<Wide>>& values) {
  Replay r(enc, m, s);
  WitnessCheck w = r.run();
  values.clear();
  for (const Expr* e : exprs) values.push_back(w.real ? r.at(*e) : std::nullopt);
  return w;
}

WitnessCheck bothReal(const Encoder& enc, const z3::model& m, const Side& a, const Side& b) {
  WitnessCheck w = checkWitness(enc, m, a);
  return w.real ? checkWitness(enc, m, b) : w;
}

std::string unrealWitnessReason(const WitnessCheck& w) {
  if (!w.unmodelled.empty())
    return "a condition on its path cannot be modelled (" + w.unmodelled + ") and the only counterexample found ignores it: " +
           w.what + "; write the condition with affine terms, constant divisors or masks";
  return "the counterexample found is not an execution of the program (" + w.what + "): a limit of the prover";
}

}  // namespace exo::checker
