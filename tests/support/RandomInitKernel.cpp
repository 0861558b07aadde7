// Random kernels whose register and local arrays are written and read in random orders:
// the cross-check of checker/ProverInitialized against the brute force.
#include <sstream>

#include "tests/support/RandomKernel.h"

#include "tests/support/ExprBuild.h"

namespace exo::test {

using namespace model;

namespace {

class InitGen {
public:
  explicit InitGen(std::mt19937& rng) : rng_(rng) {}

  RandomKernel build() {
    RandomKernel out;
    out.kernel = std::make_unique<Kernel>();
    k_ = out.kernel.get();
    k_->name = "random_init";
    const int64_t NM = pick(2, 3);
    T_ = pick(0, 1) ? 2 : 4;
    E_ = pick(2, 4);
    L_ = pick(2, 3);
    n_ = k_->newVar("n", Type{}, VarKind::Param, Memory::Param, {});
    in_ = k_->newVar("in", floatPointer(true), VarKind::Param, Memory::Param, {});
    out_ = k_->newVar("out", floatPointer(false), VarKind::Param, Memory::Param, {});
    k_->params = {n_, in_, out_};
    k_->body = Stmt::block();
    line("[[exo::kernel]] void random_init(int n, const float* __restrict__ in, float* __restrict__ out) {");
    ++depth_;
    k_->body->body.push_back(Stmt::assume(bin("&&", bin(">=", ref(n_), lit(0)), bin("<=", ref(n_), lit(NM)))));
    line("exo::assume(n >= 0 && n <= " + std::to_string(NM) + ");");
    for (int64_t v = 0; v <= NM; ++v) out.sizes.push_back({{n_, v}});

    b_ = loopVar("b");
    StmtPtr grid = Stmt::forLoop(LoopKind::Block, b_, lit(0), lit(2));
    line("[[exo::parallel(block)]] for (int b = 0; b < 2; ++b) {");
    ++depth_;
    Stmt* body = grid->forBody();
    r_ = array("r", Memory::Registers, {T_, E_});
    body->body.push_back(Stmt::decl(r_));
    line("[[exo::registers]] float r[" + std::to_string(T_) + "][" + std::to_string(E_) + "];");
    if (pick(0, 5) > 0) body->body.push_back(initNest());
    body->body.push_back(mainNest());
    --depth_;
    line("}");
    --depth_;
    line("}");
    k_->body->body.push_back(std::move(grid));
    out.text = text_.str();
    return out;
  }

private:
  int64_t pick(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }
  void line(const std::string& l) { text_ << std::string(2 * depth_, ' ') << l << "\n"; }

  Var* loopVar(const std::string& name) { return k_->newVar(name, Type{}, VarKind::LoopVar, Memory::Local, {}); }
  Var* array(const std::string& name, Memory m, std::vector<int64_t> dims) {
    Var* v = k_->newVar(name, floatType(), VarKind::Array, m, {});
    v->dims = std::move(dims);
    return v;
  }
  static ExprPtr at(Var* v, std::vector<ExprPtr> idx) { return Expr::index(v, std::move(idx), floatType()); }
  ExprPtr input() { return Expr::index(in_, {bin("+", bin("*", ref(b_), lit(T_)), ref(t_))}, floatType()); }
  static ExprPtr one() { return Expr::floatLit(1.0, "1.f", floatType()); }
  static ExprPtr zero() { return Expr::floatLit(0.0, "0.f", floatType()); }

  /// parallel(thread) for t < T: for e = lo; e < hi; e += step: [if (cond)] r[t][e] = in[b * T + t];
  StmtPtr initNest() {
    t_ = loopVar("t");
    StmtPtr nest = Stmt::forLoop(LoopKind::Thread, t_, lit(0), lit(T_));
    line("[[exo::parallel(thread)]] for (int t = 0; t < " + std::to_string(T_) + "; ++t)");
    ++depth_;
    Var* e = loopVar("e");
    const int64_t lo = pick(0, 3) == 0 ? 1 : 0, hi = pick(0, 3) == 0 ? E_ - 1 : E_, step = pick(0, 3) == 0 ? 2 : 1;
    StmtPtr loop = Stmt::forLoop(LoopKind::Seq, e, lit(lo), lit(hi), step);
    line("for (int e = " + std::to_string(lo) + "; e < " + std::to_string(hi) + "; e += " + std::to_string(step) + ")");
    ++depth_;
    StmtPtr write = Stmt::assign(at(r_, {ref(t_), ref(e)}), "=", input());
    std::string text = "r[t][e] = in[b * " + std::to_string(T_) + " + t];";
    switch (pick(0, 5)) {
      case 0: {
        const int64_t c = pick(0, E_ - 1);
        write = Stmt::ifStmt(bin("!=", ref(e), lit(c)), Stmt::block({}), nullptr);
        write->body[0]->body.push_back(Stmt::assign(at(r_, {ref(t_), ref(e)}), "=", input()));
        text = "if (e != " + std::to_string(c) + ") " + text;
        break;
      }
      case 1:
        write = Stmt::ifStmt(bin("<", ref(t_), ref(n_)), Stmt::block({}), nullptr);
        write->body[0]->body.push_back(Stmt::assign(at(r_, {ref(t_), ref(e)}), "=", input()));
        text = "if (t < n) " + text;
        break;
      default:
        break;
    }
    line(text);
    loop->forBody()->body.push_back(std::move(write));
    nest->forBody()->body.push_back(std::move(loop));
    depth_ -= 2;
    return nest;
  }

  /// An index of loc / r: a constant, or the step k modulo the extent.
  std::pair<ExprPtr, std::string> element(int64_t extent) {
    if (pick(0, 3) == 0) return {bin("%", ref(k_var_), lit(extent)), "k % " + std::to_string(extent)};
    int64_t c = pick(0, extent - 1);
    return {lit(c), std::to_string(c)};
  }

  /// parallel(thread) for t < T: { float loc[L]; [prefill]; for k < n: random statements; out = r }
  StmtPtr mainNest() {
    t_ = loopVar("t");
    StmtPtr nest = Stmt::forLoop(LoopKind::Thread, t_, lit(0), lit(T_));
    line("[[exo::parallel(thread)]] for (int t = 0; t < " + std::to_string(T_) + "; ++t) {");
    ++depth_;
    Stmt* body = nest->forBody();
    Var* loc = array("loc", Memory::Local, {L_});
    body->body.push_back(Stmt::decl(loc));
    line("float loc[" + std::to_string(L_) + "];");
    if (pick(0, 2) > 0) {
      Var* j = loopVar("j");
      const int64_t upto = pick(0, 2) == 0 ? L_ - 1 : L_;
      // `j % n` (a division by a parameter) in a loop of n steps: nothing when n == 0.
      const bool byN = pick(0, 3) == 0;
      StmtPtr fill = Stmt::forLoop(LoopKind::Seq, j, lit(0), byN ? ref(n_) : lit(upto));
      ExprPtr slot = byN ? bin("%", ref(j), ref(n_)) : ref(j);
      fill->forBody()->body.push_back(Stmt::assign(at(loc, {slot}), "=", input()));
      line("for (int j = 0; j < " + (byN ? std::string("n") : std::to_string(upto)) + "; ++j) loc[" +
           (byN ? "j % n" : "j") + "] = in[b * " + std::to_string(T_) + " + t];");
      body->body.push_back(std::move(fill));
    }
    k_var_ = loopVar("k");
    StmtPtr steps = Stmt::forLoop(LoopKind::Seq, k_var_, lit(0), ref(n_));
    line("for (int k = 0; k < n; ++k) {");
    ++depth_;
    const int count = static_cast<int>(pick(1, 3));
    for (int i = 0; i < count; ++i) steps->forBody()->body.push_back(step(loc));
    --depth_;
    line("}");
    body->body.push_back(std::move(steps));
    const int64_t ce = pick(0, E_ - 1);
    body->body.push_back(Stmt::assign(Expr::index(out_, {bin("+", bin("*", ref(b_), lit(T_)), ref(t_))}, floatType()), "=",
                                      at(r_, {ref(t_), lit(ce)})));
    line("out[b * " + std::to_string(T_) + " + t] = r[t][" + std::to_string(ce) + "];");
    --depth_;
    line("}");
    return nest;
  }

  /// One statement of the step loop.
  StmtPtr step(Var* loc) {
    auto [li, lt] = element(L_);
    auto [ri, rt] = element(E_);
    const std::string L = "loc[" + lt + "]", R = "r[t][" + rt + "]";
    const std::string in = "in[b * " + std::to_string(T_) + " + t]";
    switch (pick(0, 6)) {
      case 6: {  // a guard that always holds, through a bitwise operation on the step
        StmtPtr s = Stmt::ifStmt(bin("<", bin("^", ref(t_), ref(k_var_)), lit(64)), Stmt::block({}), nullptr);
        s->body[0]->body.push_back(Stmt::assign(at(loc, {li}), "=", input()));
        line("if ((t ^ k) < 64) " + L + " = " + in + ";");
        return s;
      }
      case 0: {  // written in one step only
        const int64_t c = pick(0, 1);
        StmtPtr s = Stmt::ifStmt(bin("==", ref(k_var_), lit(c)), Stmt::block({}), nullptr);
        s->body[0]->body.push_back(Stmt::assign(at(loc, {li}), "=", input()));
        line("if (k == " + std::to_string(c) + ") " + L + " = " + in + ";");
        return s;
      }
      case 1: {  // started by the first step through a select
        ExprPtr prev = Expr::select(bin("==", ref(k_var_), lit(0)), zero(), at(loc, {li}), floatType());
        line(L + " = (k == 0 ? 0.f : " + L + ") + " + in + ";");
        return Stmt::assign(at(loc, {li}), "=", bin("+", prev, input()));
      }
      case 2:
        line(R + " += " + L + ";");
        return Stmt::assign(at(r_, {ref(t_), ri}), "+=", at(loc, {li}));
      case 3:
        line(L + " += " + R + ";");
        return Stmt::assign(at(loc, {li}), "+=", at(r_, {ref(t_), ri}));
      case 4:
        line(L + " = " + in + ";");
        return Stmt::assign(at(loc, {li}), "=", input());
      default:
        line(R + " = " + L + " + 1.f;");
        return Stmt::assign(at(r_, {ref(t_), ri}), "=", bin("+", at(loc, {li}), one()));
    }
  }

  std::mt19937& rng_;
  Kernel* k_ = nullptr;
  Var *n_ = nullptr, *in_ = nullptr, *out_ = nullptr, *b_ = nullptr, *t_ = nullptr, *k_var_ = nullptr, *r_ = nullptr;
  int64_t T_ = 4, E_ = 4, L_ = 2;
  std::ostringstream text_;
  int depth_ = 0;
};

}  // namespace

RandomKernel randomInitKernel(std::mt19937& rng) { return InitGen(rng).build(); }

}  // namespace exo::test
