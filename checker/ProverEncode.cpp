#include "checker/ProverEncode.h"

#include "model/Evaluate.h"
#include "model/ThreadMapping.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <set>

#include "model/Walk.h"

namespace exo::checker {

using namespace model;

// ------------------------------------------------------------------------ Poly

Poly Poly::constant(int64_t c) {
  Poly p;
  if (c) p.terms[{}] = c;
  return p;
}

Poly Poly::atom(int a) {
  Poly p;
  p.terms[{a}] = 1;
  return p;
}

bool Poly::isConst() const { return terms.empty() || (terms.size() == 1 && terms.begin()->first.empty()); }

int64_t Poly::constValue() const {
  auto it = terms.find({});
  return it == terms.end() ? 0 : it->second;
}

bool Poly::isLinear() const {
  for (const auto& [m, c] : terms)
    if (m.size() > 1) return false;
  return true;
}

Poly Poly::operator+(const Poly& o) const {
  Poly r = *this;
  for (const auto& [m, c] : o.terms)
    if ((r.terms[m] += c) == 0) r.terms.erase(m);
  return r;
}

Poly Poly::operator-(const Poly& o) const { return *this + o.scaled(-1); }

Poly Poly::operator*(const Poly& o) const {
  Poly r;
  for (const auto& [m1, c1] : terms)
    for (const auto& [m2, c2] : o.terms) {
      std::vector<int> m = m1;
      m.insert(m.end(), m2.begin(), m2.end());
      std::sort(m.begin(), m.end());
      if ((r.terms[m] += c1 * c2) == 0) r.terms.erase(m);
    }
  return r;
}

Poly Poly::scaled(int64_t c) const {
  Poly r;
  if (c == 0) return r;
  for (const auto& [m, k] : terms) r.terms[m] = k * c;
  return r;
}

void Poly::splitBy(int a, Poly& quotient, Poly& rest) const {
  quotient = Poly();
  rest = Poly();
  for (const auto& [m, c] : terms) {
    auto it = std::find(m.begin(), m.end(), a);
    if (it == m.end()) {
      rest.terms[m] = c;
    } else {
      std::vector<int> q = m;
      q.erase(q.begin() + (it - m.begin()));
      quotient.terms[q] = c;
    }
  }
}

// --------------------------------------------------------------------- Encoder

Encoder::Encoder(z3::context& c, const KernelFacts& f) : ctx(c), facts(f) {
  for (const Var* p : f.kernel->params)
    if (!p->type.isPointer && p->type.isIntegral()) paramAtom(p);
  // exo::assume facts: scalar parameters only (the parser enforces it). An assume we
  // cannot encode is dropped: fewer facts can only make the prover more cautious.
  for (const Expr* a : f.assumes) {
    Instance global;
    std::string why;
    // Or what it implies: `assume(n % 8 == 0 && x > 0.f)` still says n % 8 == 0.
    std::optional<z3::expr> b = boolExpr(*a, global, why);
    if (!b) {
      global.facts.clear();
      b = impliedFacts(*a, true, global);
    }
    if (b) {
      for (const z3::expr& x : global.facts) assumeFacts_.push_back(x);
      assumeFacts_.push_back(*b);
    }
  }
}

int Encoder::newAtom(const std::string& name) {
  atoms_.push_back(ctx.int_const((name + "!" + std::to_string(counter_++)).c_str()));
  return static_cast<int>(atoms_.size()) - 1;
}

int Encoder::paramAtom(const Var* v) {
  auto it = paramAtoms_.find(v);
  if (it != paramAtoms_.end()) return it->second;
  int a = newAtom(v->name);
  assumeFacts_.push_back(atoms_[a] >= wideVal(minValue(v->type.scalar)) && atoms_[a] <= wideVal(maxValue(v->type.scalar)));
  definitions_.push_back(assumeFacts_.back());
  paramAtoms_[v] = a;
  paramAtomSet_.insert(a);
  sharedAtoms_.push_back(a);
  params_.push_back({v, a});
  return a;
}

z3::expr Encoder::toZ3(const Poly& p) const {
  z3::expr sum = ctx.int_val(0);
  bool first = true;
  for (const auto& [m, c] : p.terms) {
    z3::expr t = ctx.int_val(static_cast<int64_t>(c));
    for (int a : m) t = t * atoms_[a];
    sum = first ? t : sum + t;
    first = false;
  }
  return sum;
}

z3::expr Encoder::wideVal(Wide v) const {
  if (v >= INT64_MIN && v <= INT64_MAX) return ctx.int_val(static_cast<int64_t>(v));
  // Beyond 64-bit signed (unsigned long's range, 2^64): Z3 reads the decimal numeral.
  std::string digits;
  bool negative = v < 0;
  Wide m = negative ? -v : v;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  } while (m > 0);
  return ctx.int_val((negative ? "-" + digits : digits).c_str());
}

Poly Encoder::converted(const Poly& x, ScalarKind to, Instance& inst) {
  if (x.isConst()) {
    Wide c = convertInteger(x.constValue(), to);
    if (c <= INT64_MAX) return Poly::constant(static_cast<int64_t>(c));
  }
  if (to == ScalarKind::Bool) {
    int b = newAtom("bool");
    inst.facts.push_back(atoms_[b] == z3::ite(toZ3(x) != 0, ctx.int_val(1), ctx.int_val(0)));
    return Poly::atom(b);
  }
  // Modulo 2^width; a signed result is shifted into [-2^(width-1), 2^(width-1)).
  int r = newAtom("wrap");
  int q = newAtom("wraps");
  z3::expr X = toZ3(x), R = atoms_[r], Q = atoms_[q];
  z3::expr lo = wideVal(minValue(to)), hi = wideVal(maxValue(to));
  z3::expr modulus = hi - lo + 1;
  inst.facts.push_back(X == modulus * Q + R);
  inst.facts.push_back(R >= lo && R <= hi);
  return Poly::atom(r);
}

void Encoder::divMod(const Poly& e, int64_t c, Instance& inst, int& q, int& r) {
  q = newAtom("q");
  r = newAtom("r");
  z3::expr E = toZ3(e), Q = atoms_[q], R = atoms_[r], C = ctx.int_val(static_cast<int64_t>(c));
  divisions_.push_back({e, Poly::constant(c), q, r});
  // C truncates toward zero: the remainder takes the sign of the dividend.
  inst.facts.push_back(E == C * Q + R);
  inst.facts.push_back(z3::implies(E >= 0, R >= 0 && R < C));
  inst.facts.push_back(z3::implies(E < 0, R <= 0 && R > -C));
}

void Encoder::floorDivMod(const Poly& e, int64_t c, Instance& inst, int& q, int& r) {
  q = newAtom("q");
  r = newAtom("r");
  z3::expr E = toZ3(e), Q = atoms_[q], R = atoms_[r], C = ctx.int_val(static_cast<int64_t>(c));
  divisions_.push_back({e, Poly::constant(c), q, r});
  inst.facts.push_back(E == C * Q + R);
  inst.facts.push_back(R >= 0 && R < C);
}

Instance Encoder::instantiateApart(const Path& path, const std::string& tag, std::vector<z3::expr>& ranges) {
  // An instance apart (a ring signal or wait pinned at a position, an await, a `near`
  // instance) may not exist: its `ranges` say when it does, and its facts must be
  // definitions, satisfiable whatever its loop values. So it is encoded definitionally
  // (a zero divisor leaves the quotient free, an operand of `^` is taken mod 2^k), now and
  // in every later encoding on it or a copy (Instance::apart: its ring position, its
  // commit counts): a division's `n != 0` or a bit bound asserted for a phantom instance
  // excluded real executions from ring and async queries -- false accepts (reviews,
  // twelfth session; lit async/phantom_*.cpp).
  const bool wasDefinitional = definitional_;
  definitional_ = true;
  ranges_ = &ranges;
  Instance inst = instantiate(path, tag);
  ranges_ = nullptr;
  definitional_ = wasDefinitional;
  inst.apart = true;
  return inst;
}

Instance Encoder::instantiateDefined(const Path& path, const std::string& tag, std::vector<z3::expr>& ranges) {
  iterationsApart_ = true;
  Instance inst = instantiateApart(path, tag, ranges);
  iterationsApart_ = false;
  return inst;
}

void Encoder::onlyWhen(const z3::expr& cond, Instance& inst, size_t from) {
  for (size_t i = from; i < inst.facts.size(); ++i) inst.facts[i] = z3::implies(cond, inst.facts[i]);
}

std::nullopt_t Encoder::dropFactsFrom(Instance& inst, size_t from) {
  inst.facts.erase(inst.facts.begin() + static_cast<std::ptrdiff_t>(from), inst.facts.end());
  return std::nullopt;
}

Instance Encoder::instantiate(const Path& path, const std::string& tag) {
  Instance inst;
  // A fact saying that the instance runs (not defining an atom): apart, if asked.
  auto range = [&](const z3::expr& e) {
    if (ranges_) ranges_->push_back(e);
    else inst.facts.push_back(e);
  };
  for (const PathStep& s : path) {
    const Stmt* c = s.container;
    if (c->kind == StmtKind::For && c->var) {
      int v = newAtom(tag + c->var->name);
      int k = newAtom(tag + c->var->name + "#iter");
      z3::expr V = atoms_[v], K = atoms_[k];
      range(K >= 0);
      // The variable holds a value of its type: `v += step` past the type's largest value
      // is refused by the overflow check (signed or not: an unsigned variable would wrap
      // and the loop run on), so an execution that reaches an iteration has it in range.
      // Said where the comparison does not say it: char and short are compared after
      // promotion to int (`unsigned char i; i < 300`), an unsigned against a long bound
      // in long; a variable compared in its own type is bounded by the comparison (a
      // signed one past its type is an overflow of its increment, reported there).
      const ScalarKind vk = c->var->type.scalar;
      if (!c->var->type.isPointer && model::integerBits(vk) > 1 &&
          (model::integerBits(vk) < 32 || (model::isUnsignedKind(vk) && c->compareAs && *c->compareAs != vk)))
        range(V >= wideVal(model::minValue(vk)) && V <= wideVal(model::maxValue(vk)));
      std::string why;
      std::optional<Poly> lo = c->lo ? intExpr(*c->lo, inst, why) : std::nullopt;
      if (lo) inst.facts.push_back(V == toZ3(*lo) + ctx.int_val(static_cast<int64_t>(c->step)) * K);
      if (c->hi)
        if (std::optional<Poly> hi = intExpr(*c->hi, inst, why)) {
          bool converts = c->compareAs && !conversionKeepsValue(c->var->type.scalar, *c->compareAs);
          if (!converts) {
            range(V < toZ3(*hi));
          } else {
            // `v < hi` in C++'s comparison type (unsigned): the variable is converted first,
            // which adds 2^width to negative values. Iteration K runs only if the
            // condition held at every earlier one. The conversion is increasing on the
            // negative and on the non-negative values, so that is: it holds at K and,
            // when K is past the negatives, at the last negative iteration too.
            z3::expr HI = toZ3(*hi);
            range(toZ3(converted(Poly::atom(v), *c->compareAs, inst)) < HI);
            if (lo) {
              int q, r;
              floorDivMod(Poly::constant(-1) - *lo, c->step, inst, q, r);
              Poly lastNegative = *lo + Poly::atom(q).scaled(c->step);
              z3::expr held = toZ3(converted(lastNegative, *c->compareAs, inst)) < HI;
              range(z3::implies(V >= 0 && toZ3(*lo) < 0, held));
            }
          }
        }
      // Apart: a parallel loop's iteration is one of the collective's copies of its unit
      // (a definition: the decomposition of the flat index); that it is a real iteration
      // (below the trip count) is a range fact like any loop's.
      if (ranges_ && c->loop != LoopKind::Seq && c->loop != LoopKind::Block && c->unit > 0 && c->collective > 0) {
        z3::expr copies = K >= 0 && K < ctx.int_val(static_cast<int64_t>((c->collective + c->unit - 1) / c->unit));
        if (iterationsApart_) range(copies);
        else inst.facts.push_back(copies);
      }
      inst.loopVar[c->var] = v;
      inst.iter[c] = k;
      inst.loops.push_back(c);
      if (c->loop == LoopKind::Block) inst.gridLoops.push_back(c);
      else if (c->loop != LoopKind::Seq) inst.threadLoops.push_back(c);
    } else if (c->kind == StmtKind::If && c->cond) {
      std::string why;
      std::optional<z3::expr> b = boolExpr(*c->cond, inst, why);
      if (!b) {
        // Not encodable (floating point, a call): an uninterpreted predicate of the
        // integer values it reads, one per condition, so that two threads or two
        // accesses with the same values take the same branch (`if (alpha == 0.f)`).
        // Still listed as not exact: a witness through it cannot be replayed.
        b = opaqueCondition(*c->cond, inst);
        inst.dropped.push_back({c->cond.get(), why});
        // One that reads memory has no opaque form: keep what its branch implies of
        // its encodable operands (`if (t % 2 == 1 && s[t - 1] > 0.f)`: t is odd). Not
        // for an instance whose run conditions a caller collects (ranges_: those must
        // say exactly when it runs, and a dropped condition tells them it cannot).
        if (!b) {
          if (!ranges_)
            if (std::optional<z3::expr> implied = impliedFacts(*c->cond, s.child == 0, inst)) inst.facts.push_back(*implied);
          continue;
        }
      }
      if (b) range(s.child == 0 ? *b : !*b);
    }
  }
  // model/ThreadMapping's flat index: the iterations' first threads plus the thread's
  // rank inside the innermost iteration (0 when that iteration is a single thread).
  Poly rank;
  int64_t inner = innermostThreads(*facts.kernel, inst.threadLoops);
  if (inner > 1) {
    int r = newAtom(tag + "rank");
    // Apart or not, a fact: with the decomposition bounds below it makes the thread's
    // parallel iterations a function of its flat index (which the apart caller pins).
    inst.facts.push_back(atoms_[r] >= 0 && atoms_[r] < ctx.int_val(static_cast<int64_t>(inner)));
    rank = Poly::atom(r);
  }
  inst.flat = flatThread(inst.threadLoops, [&](const Stmt* l) { return Poly::atom(inst.iter[l]); }, rank,
                         [](const Poly& p, int64_t c) { return p.scaled(c); });
  return inst;
}

static bool isIntegralExpr(const Expr& e) { return !e.type.isPointer && !e.type.isFloating(); }

std::optional<Poly> Encoder::intExpr(const Expr& e, Instance& inst, std::string& why, int depth) {
  std::optional<Poly> v = integerValue(e, inst, why, depth);
  // Values are mathematical integers, exact for signed C arithmetic (checker/
  // ProverOverflow proves that no signed operation overflows). Unsigned arithmetic wraps
  // modulo 2^width: so does its model.
  bool wraps = e.kind == ExprKind::Binary ? (e.op == model::Op::Add || e.op == model::Op::Sub || e.op == model::Op::Mul || e.op == model::Op::Shl)
                                          : e.kind == ExprKind::Unary && (e.op == model::Op::Neg || e.op == model::Op::BitNot);
  if (v && wraps && isUnsignedKind(e.type.scalar) && e.type.scalar != ScalarKind::Bool)
    return converted(*v, e.type.scalar, inst);
  return v;
}

std::optional<Poly> Encoder::integerValue(const Expr& e, Instance& inst, std::string& why, int depth) {
  if (depth > 64) {
    why = "the expression is nested too deeply";
    return std::nullopt;
  }
  switch (e.kind) {
    case ExprKind::IntLit:
      if (e.type.scalar == ScalarKind::ULong && e.ival < 0) {
        why = "it uses an unsigned long constant of 2^63 or more";
        return std::nullopt;
      }
      return Poly::constant(e.ival);
    case ExprKind::FloatLit:
      why = "it uses a floating-point value";
      return std::nullopt;
    case ExprKind::Window:
      why = "it uses a tile of '" + e.var->name + "' as a value";
      return std::nullopt;
    case ExprKind::VarRef: {
      const Var* v = e.var;
      if (!v) break;
      if (v->kind == VarKind::LoopVar) {
        auto it = inst.loopVar.find(v);
        if (it != inst.loopVar.end()) return Poly::atom(it->second);
        why = "loop variable '" + v->name + "' is used outside its loop";
        return std::nullopt;
      }
      if (v->kind == VarKind::Param) {
        if (v->type.isPointer || v->type.isFloating()) break;
        return Poly::atom(paramAtom(v));
      }
      if (v->kind == VarKind::Scalar && !v->type.isFloating()) {
        auto d = facts.decls.find(v);
        if (d != facts.decls.end() && d->second.stmt->init && !facts.assigned.count(v)) {
          const Expr& init = *d->second.stmt->init;
          if (!isIntegralExpr(init)) {
            why = "'" + v->name + "' is initialized from a floating-point value";
            return std::nullopt;
          }
          std::optional<Poly> x = intExpr(init, inst, why, depth + 1);
          if (x && !conversionKeepsValue(init.type.scalar, v->type.scalar)) return converted(*x, v->type.scalar, inst);
          return x;
        }
        why = "'" + v->name + "' is assigned at run time";
        return std::nullopt;
      }
      why = "'" + v->name + "' is not an integer value known before the kernel runs";
      return std::nullopt;
    }
    case ExprKind::Index: {
      if (isModelledInputRead(e, facts)) return inputRead(e, inst, why, depth);
      const bool unmodelledGlobal = e.var && e.var->isGlobalPointer() && !facts.modelledInputs.count(e.var);
      why = "it depends on data read from '" + (e.var ? e.var->name : std::string("?")) + "' at run time" +
            (unmodelledGlobal && !e.var->type.isFloating() ? ", and only a 'const' integer input that the kernel never writes is modelled" : "");
      return std::nullopt;
    }
    case ExprKind::Unary: {
      if (e.args.empty()) break;
      if (e.op == model::Op::Not) {
        std::optional<z3::expr> b = boolExpr(e, inst, why, depth + 1);
        if (!b) return std::nullopt;
        int a = newAtom("not");
        inst.facts.push_back(atoms_[a] == z3::ite(*b, ctx.int_val(1), ctx.int_val(0)));
        return Poly::atom(a);
      }
      std::optional<Poly> x = intExpr(*e.args[0], inst, why, depth + 1);
      if (!x) return std::nullopt;
      if (e.op == model::Op::Neg) return x->scaled(-1);
      if (e.op == model::Op::BitNot) return x->scaled(-1) - Poly::constant(1);  // wrapped by intExpr if unsigned
      return x;
    }
    case ExprKind::Binary: {
      if (e.args.size() != 2) break;
      const model::Op op = e.op;
      if (op == model::Op::Lt || op == model::Op::Le || op == model::Op::Gt || op == model::Op::Ge || op == model::Op::Eq || op == model::Op::Ne || op == model::Op::LogAnd ||
          op == model::Op::LogOr) {
        std::optional<z3::expr> b = boolExpr(e, inst, why, depth + 1);
        if (!b) return std::nullopt;
        int a = newAtom("cmp");
        inst.facts.push_back(atoms_[a] == z3::ite(*b, ctx.int_val(1), ctx.int_val(0)));
        return Poly::atom(a);
      }
      if ((op == model::Op::Shl || op == model::Op::Shr) && !constantValue(*e.args[1]))
        return shiftBySmallVar(e, inst, why, depth);
      std::optional<Poly> l = intExpr(*e.args[0], inst, why, depth + 1);
      if (!l) return std::nullopt;
      std::optional<Poly> r = intExpr(*e.args[1], inst, why, depth + 1);
      if (!r) return std::nullopt;
      if (op == model::Op::Add) return *l + *r;
      if (op == model::Op::Sub) return *l - *r;
      if (op == model::Op::Mul) return *l * *r;
      if (op == model::Op::Div || op == model::Op::Rem) {
        if (!r->isConst() && onlyParams(*r)) return divideByParameter(op, *l, *r, inst);
        if (!r->isConst())
          if (std::optional<Poly> split = divideBySmallLoopVar(e, *l, inst)) return split;
        if (!r->isConst() || r->constValue() <= 0) {
          why = "it divides by a value that is neither a positive constant nor a parameter expression";
          return std::nullopt;
        }
        int64_t c = r->constValue();
        if (l->isConst()) return Poly::constant(op == model::Op::Div ? l->constValue() / c : l->constValue() % c);
        int q, m;
        if (onlyParams(*l)) {
          // `n / 256` is the same value in every instance: one shared atom, so that the
          // delinearization can split `t * (n / 256) + b` by it on both sides.
          std::string key = polyKey(*l) + "/" + std::to_string(c);
          auto it = paramDivs_.find(key);
          if (it == paramDivs_.end()) {
            Instance global;
            divMod(*l, c, global, q, m);
            for (const z3::expr& f : global.facts) {
              assumeFacts_.push_back(f);
              definitions_.push_back(f);
            }
            it = paramDivs_.emplace(key, ParamDivision{q, m, global.facts}).first;
            sharedAtoms_.push_back(q);
            paramDivAtoms_.insert(q);
            paramDivAtoms_.insert(m);
          }
          // The definition goes with every instance that uses it too: a solver made before
          // the atom was (a question whose first mention of `n / 64` is a barrier's guard)
          // would otherwise leave it free, and print witnesses that are not executions.
          // Exact definitions, true in every execution: they exclude none.
          for (const z3::expr& f : it->second.definition) inst.facts.push_back(f);
          return Poly::atom(op == model::Op::Div ? it->second.quotient : it->second.remainder);
        }
        divMod(*l, c, inst, q, m);
        return Poly::atom(op == model::Op::Div ? q : m);
      }
      if (op == model::Op::Shl || op == model::Op::Shr) {
        int64_t k = r->constValue();
        if (!r->isConst() || k < 0 || k > 40) {
          why = "it shifts by an amount that is not a small constant";
          return std::nullopt;
        }
        if (op == model::Op::Shl) return l->scaled(int64_t(1) << k);
        if (l->isConst()) return Poly::constant(l->constValue() >> k);
        int q, m;
        floorDivMod(*l, int64_t(1) << k, inst, q, m);
        return Poly::atom(q);
      }
      if (op == model::Op::BitAnd) {
        // x & (2^k - 1) is the non-negative remainder of x modulo 2^k (two's complement).
        const Poly* mask = r->isConst() ? &*r : l->isConst() ? &*l : nullptr;
        const Poly* x = mask == &*r ? &*l : &*r;
        if (mask && mask->constValue() > 0 && ((mask->constValue() + 1) & mask->constValue()) == 0) {
          if (x->isConst()) return Poly::constant(x->constValue() & mask->constValue());
          int q, m;
          floorDivMod(*x, mask->constValue() + 1, inst, q, m);
          return Poly::atom(m);
        }
      }
      if (op == model::Op::BitAnd || op == model::Op::BitOr || op == model::Op::BitXor) return bitwise(e, *l, *r, inst, why);
      why = std::string("operator '") + opSpelling(op) + "' is not affine";
      return std::nullopt;
    }
    case ExprKind::Select: {
      if (e.args.size() != 3) break;
      std::optional<z3::expr> c = boolExpr(*e.args[0], inst, why, depth + 1);
      if (!c) return std::nullopt;
      // C evaluates one arm: what encoding the other one assumes (a divisor's `!= 0`, a
      // bounded operand's range) must not restrict the instance.
      size_t from = inst.facts.size();
      std::optional<Poly> a = intExpr(*e.args[1], inst, why, depth + 1);
      if (!a) return dropFactsFrom(inst, from);
      onlyWhen(*c, inst, from);
      from = inst.facts.size();
      std::optional<Poly> b = intExpr(*e.args[2], inst, why, depth + 1);
      if (!b) return dropFactsFrom(inst, from);
      onlyWhen(!*c, inst, from);
      int s = newAtom("sel");
      inst.facts.push_back(atoms_[s] == z3::ite(*c, toZ3(*a), toZ3(*b)));
      return Poly::atom(s);
    }
    case ExprKind::Cast: {
      if (e.args.size() != 1 || !isIntegralExpr(e) || !isIntegralExpr(*e.args[0])) {
        why = "it converts a floating-point value";
        return std::nullopt;
      }
      std::optional<Poly> x = intExpr(*e.args[0], inst, why, depth + 1);
      if (!x || conversionKeepsValue(e.args[0]->type.scalar, e.type.scalar)) return x;
      return converted(*x, e.type.scalar, inst);  // C++'s exact conversion
    }
    case ExprKind::Call:
      why = "it calls '" + e.spelling + "'";
      return std::nullopt;
  }
  why = "the expression cannot be modelled";
  return std::nullopt;
}

// `x / n` and `x % n` by a launch-time value n (e.g. the ring index `(b + 1) % nb`):
// C's truncating semantics with a non-linear x = n * q + r, |r| < |n|, r of x's sign.
// Z3 decides what it can (0 <= x % n < n for x >= 0, n > 0; injectivity of (b + c) % n
// over a window of n values); an "unknown" becomes "cannot prove". A zero divisor is
// undefined behaviour of the sequential program and is not reported (docs/prover.md).
Poly Encoder::divideByParameter(model::Op op, const Poly& x, const Poly& n, Instance& inst) {
  int q = newAtom("q"), r = newAtom("r");
  z3::expr X = toZ3(x), N = toZ3(n), Q = atoms_[q], R = atoms_[r];
  divisions_.push_back({x, n, q, r});
  // Definitional (checker/ProverInitialized): a zero divisor leaves q and r free
  // instead of excluding the instance, which may be one that never runs.
  if (definitional_ || inst.apart) inst.facts.push_back(z3::implies(N != 0, X == N * Q + R));
  else inst.facts.push_back(N != 0 && X == N * Q + R);
  inst.facts.push_back(z3::implies(X >= 0, R >= 0) && z3::implies(X < 0, R <= 0));
  inst.facts.push_back(z3::implies(N > 0, R < N && R > -N) && z3::implies(N < 0, R < -N && R > N));
  return Poly::atom(op == model::Op::Div ? q : r);
}

// `x % (2 << l)`, `x / (1 << l)`: a divisor that depends on one loop variable with a
// small constant range (the guards of tree reductions) is a constant in each case:
// one exact division per value of l, selected by l's value.
std::optional<Poly> Encoder::divideBySmallLoopVar(const Expr& e, const Poly& x, Instance& inst) {
  // The divisor reads one loop variable, directly or through scalars declared from it and
  // never assigned (a doubling loop `for (st = 1; st < 256; st *= 2)` is a loop over
  // its exponent with `st` declared as `1 << iteration`: `t % (2 * st)`).
  const Var* var = nullptr;
  bool other = false;
  std::set<const Var*> seen;
  std::function<void(const ExprPtr&)> visit = [&](const ExprPtr& root) {
    forEachExpr(root, [&](const Expr& sub) {
      if (sub.kind == ExprKind::VarRef && sub.var) {
        if (sub.var->kind == VarKind::LoopVar && (!var || var == sub.var)) {
          var = sub.var;
        } else if (const Stmt* init = scalarDefinition(sub.var)) {
          if (seen.insert(sub.var).second) visit(init->init);
        } else {
          other = true;
        }
      }
      other |= sub.kind == ExprKind::Index || sub.kind == ExprKind::Call;
    });
  };
  visit(e.args[1]);
  if (!var || other) return std::nullopt;
  std::optional<LoopValues> loop = smallLoopValues(var, inst);
  if (!loop) return std::nullopt;
  std::vector<std::pair<int64_t, int64_t>> cases;  // value of the variable -> divisor
  for (int64_t v : loop->values) {
    Env env = definedScalars([&](const Var* y) { return y == var ? std::optional<Wide>(v) : std::nullopt; });
    std::optional<Wide> d = evaluate(*e.args[1], env).value;
    if (!d || *d <= 0 || *d > INT64_MAX) return std::nullopt;
    cases.push_back({v, static_cast<int64_t>(*d)});
  }
  int res = newAtom(e.op == model::Op::Div ? "qsplit" : "rsplit");
  for (auto [v, d] : cases) {
    int q, r;
    divMod(x, d, inst, q, r);
    inst.facts.push_back(z3::implies(atoms_[loop->atom] == ctx.int_val(v), atoms_[res] == atoms_[e.op == model::Op::Div ? q : r]));
  }
  return Poly::atom(res);
}

const Stmt* Encoder::scalarDefinition(const Var* v) const {
  if (!v || v->kind != VarKind::Scalar || v->type.isFloating() || v->type.isPointer || facts.assigned.count(v))
    return nullptr;
  auto d = facts.decls.find(v);
  return d != facts.decls.end() && d->second.stmt->init ? d->second.stmt : nullptr;
}

model::Env Encoder::definedScalars(model::Env base, std::function<bool(const Var*)> allowed) const {
  auto evaluating = std::make_shared<std::set<const Var*>>();
  auto self = std::make_shared<model::Env>();
  *self = [this, base = std::move(base), allowed = std::move(allowed), evaluating,
           weak = std::weak_ptr<model::Env>(self)](const Var* v) -> std::optional<Wide> {
    if (std::optional<Wide> x = base(v)) return x;
    const Stmt* decl = scalarDefinition(v);
    if (!decl || (allowed && !allowed(v)) || !evaluating->insert(v).second) return std::nullopt;
    std::optional<Wide> x = evaluate(*decl->init, *weak.lock()).value;
    evaluating->erase(v);
    return x ? std::optional<Wide>(convertInteger(*x, v->type.scalar)) : std::nullopt;
  };
  // The returned copy keeps `self` alive for the recursive calls through `weak`.
  return [self](const Var* v) { return (*self)(v); };
}

std::optional<Encoder::LoopValues> Encoder::smallLoopValues(const Var* v, const Instance& inst) const {
  auto loopIt = facts.loopOf.find(v);
  auto atomIt = inst.loopVar.find(v);
  if (loopIt == facts.loopOf.end() || atomIt == inst.loopVar.end()) return std::nullopt;
  const Stmt* loop = loopIt->second;
  int64_t trip = loop->tripCount();
  std::optional<int64_t> lo = constantValue(*loop->lo);
  if (trip < 0 || trip > kSmallLoop || !lo) return std::nullopt;
  LoopValues out{atomIt->second, {}};
  for (int64_t i = 0; i < trip; ++i)
    out.values.push_back(static_cast<int64_t>(convertInteger(*lo + i * loop->step, v->type.scalar)));
  return out;
}

std::optional<z3::expr> Encoder::opaqueCondition(const Expr& cond, Instance& inst) {
  std::vector<const Var*> reads;
  bool modelable = true;
  std::function<void(const Expr&)> visit = [&](const Expr& x) {
    for (const ExprPtr& a : x.args) visit(*a);
    if (x.kind == ExprKind::Index) modelable = false;  // memory: may differ between reads
    if (x.kind != ExprKind::VarRef || !x.var) return;
    const Var* v = x.var;
    if (v->kind == VarKind::Param && !v->type.isIntegral()) return;  // a launch constant
    if (std::find(reads.begin(), reads.end(), v) == reads.end()) reads.push_back(v);
  };
  visit(cond);
  if (!modelable) return std::nullopt;
  z3::expr_vector args(ctx);
  z3::sort_vector sorts(ctx);
  for (const Var* v : reads) {
    Expr ref;
    ref.kind = ExprKind::VarRef;
    ref.var = const_cast<Var*>(v);
    ref.type = v->type;
    std::string why;
    std::optional<Poly> value = intExpr(ref, inst, why);
    if (!value || v->type.isFloating()) return std::nullopt;  // a run-time or floating-point scalar
    args.push_back(toZ3(*value));
    sorts.push_back(ctx.int_sort());
  }
  auto it = opaque_.find(&cond);
  if (it == opaque_.end())
    it = opaque_.emplace(&cond, z3::function(("cond!" + std::to_string(counter_++)).c_str(), sorts, ctx.bool_sort())).first;
  return it->second(args);
}

std::optional<Poly> Encoder::inputRead(const Expr& e, Instance& inst, std::string& why, int depth) {
  std::optional<Poly> i = intExpr(*e.args[0], inst, why, depth + 1);
  if (!i) return std::nullopt;
  auto f = inputs_.find(e.var);
  if (f == inputs_.end())
    f = inputs_.emplace(e.var, z3::function(("input!" + e.var->name).c_str(), ctx.int_sort(), ctx.int_sort())).first;
  const ScalarKind k = e.type.scalar;
  int a = newAtom(e.var->name + "[]");
  z3::expr index = toZ3(*i);
  // A definition (element `index` of the input) and the element type's range: both hold
  // for any index, so they restrict no instance (an apart or definitional one included).
  inst.facts.push_back(atoms_[a] == f->second(index));
  inst.facts.push_back(atoms_[a] >= wideVal(minValue(k)) && atoms_[a] <= wideVal(maxValue(k)));
  inputReads_.push_back({e.var, index, a});
  return Poly::atom(a);
}

std::optional<int> Encoder::boundedBits(const Expr& e) const {
  auto bitsOf = [](int64_t v) -> std::optional<int> {
    if (v < 0) return std::nullopt;
    int k = 0;
    while (k < 62 && (int64_t(1) << k) <= v) ++k;
    return k;
  };
  switch (e.kind) {
    case ExprKind::IntLit: return bitsOf(e.ival);
    case ExprKind::VarRef: {
      auto it = e.var ? facts.loopOf.find(e.var) : facts.loopOf.end();
      if (it == facts.loopOf.end()) return std::nullopt;
      const Stmt* loop = it->second;
      int64_t trip = loop->tripCount();
      std::optional<int64_t> lo = constantValue(*loop->lo);
      if (trip <= 0 || !lo || *lo < 0) return trip == 0 ? std::optional<int>(0) : std::nullopt;
      return bitsOf(*lo + (trip - 1) * loop->step);
    }
    case ExprKind::Binary: {
      if (e.args.size() != 2) return std::nullopt;
      std::optional<int> a = boundedBits(*e.args[0]), b = boundedBits(*e.args[1]);
      if (e.op == model::Op::BitAnd) {
        if (a && b) return std::min(*a, *b);
        // x & (2^k - 1) of any x, and x & y of a non-negative bounded y.
        return a ? a : b;
      }
      if ((e.op == model::Op::BitOr || e.op == model::Op::BitXor) && a && b) return std::max(*a, *b);
      if (e.op == model::Op::Rem && e.args[1]->kind == ExprKind::IntLit && e.args[1]->ival > 0 && a)
        return a;  // a non-negative x % c stays below x
      if (e.op == model::Op::Shr && a) return a;
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

// Bitwise operators, exactly, when one operand is known to lie in [0, 2^k): the other
// is split into x = 2^k * q + r (floor, so also for negative x in two's complement),
// r and the bounded operand into k bits, combined bit by bit with linear facts
// (Boolean bits). XOR and OR keep x's high
// part, AND drops it. This is what swizzled layouts need: `col ^ (row & 7)`.
std::optional<Poly> Encoder::bitwise(const Expr& e, const Poly& l, const Poly& r, Instance& inst, std::string& why) {
  const model::Op op = e.op;
  if (l.isConst() && r.isConst()) {
    int64_t a = l.constValue(), b = r.constValue();
    return Poly::constant(op == model::Op::BitXor ? a ^ b : op == model::Op::BitOr ? (a | b) : (a & b));
  }
  std::optional<int> kl = boundedBits(*e.args[0]), kr = boundedBits(*e.args[1]);
  if (!kl && !kr) {
    why = std::string("'") + opSpelling(op) + "' needs an operand known to lie in [0, 2^k) (a mask 'x & (2^k - 1)', a loop variable "
          "with constant bounds, or a constant)";
    return std::nullopt;
  }
  bool rightBounded = kr && (!kl || *kr <= *kl);
  const Poly& x = rightBounded ? l : r;
  const Poly& y = rightBounded ? r : l;
  int k = rightBounded ? *kr : *kl;
  if (k > 16) {
    why = std::string("'") + opSpelling(op) + "' mixes more than 16 bits";
    return std::nullopt;
  }
  if (k == 0) return op == model::Op::BitAnd ? Poly() : x;  // y == 0
  int q, rest;
  floorDivMod(x, int64_t(1) << k, inst, q, rest);
  // Bits are Boolean constants (the SAT core splits on them far faster than
  // branch-and-bound on 0/1 integers): v = sum of ite(bit_i, 2^i, 0).
  auto bitsOf = [&](const Poly& v, const char* name) {
    std::vector<z3::expr> bits;
    z3::expr sum = ctx.int_val(0);
    for (int i = 0; i < k; ++i) {
      bits.push_back(ctx.bool_const((std::string(name) + "!" + std::to_string(counter_++)).c_str()));
      sum = sum + z3::ite(bits.back(), ctx.int_val(static_cast<int64_t>(int64_t(1) << i)), ctx.int_val(0));
    }
    inst.facts.push_back(toZ3(v) == sum);
    return bits;
  };
  // y lies in [0, 2^k) when the instance runs (boundedBits); definitional, its bits are
  // those of y mod 2^k, so that an instance that does not run is not excluded.
  Poly yBits = y;
  if (definitional_ || inst.apart) {
    int yq, yr;
    floorDivMod(y, int64_t(1) << k, inst, yq, yr);
    yBits = Poly::atom(yr);
  }
  std::vector<z3::expr> bx = bitsOf(Poly::atom(rest), "bitx"), by = bitsOf(yBits, "bity");
  int res = newAtom(op == model::Op::BitXor ? "xor" : op == model::Op::BitOr ? "or" : "and");
  z3::expr sum = ctx.int_val(0);
  for (int i = 0; i < k; ++i) {
    z3::expr d = op == model::Op::BitXor ? (bx[i] != by[i]) : op == model::Op::BitOr ? (bx[i] || by[i]) : (bx[i] && by[i]);
    sum = sum + z3::ite(d, ctx.int_val(static_cast<int64_t>(int64_t(1) << i)), ctx.int_val(0));
  }
  z3::expr high = op == model::Op::BitAnd ? ctx.int_val(0) : atoms_[q] * ctx.int_val(static_cast<int64_t>(int64_t(1) << k));
  inst.facts.push_back(atoms_[res] == high + sum);
  return Poly::atom(res);
}

// Parameters, and quotients and remainders of parameter expressions by constants (`K / 64`,
// one atom per launch, defined by the global facts): values fixed before the kernel runs.
bool Encoder::onlyParams(const Poly& p) const {
  for (const auto& [m, c] : p.terms)
    for (int a : m)
      if (!paramAtomSet_.count(a) && !paramDivAtoms_.count(a)) return false;
  return true;
}

std::string Encoder::polyKey(const Poly& p) {
  std::string k;
  for (const auto& [m, c] : p.terms) {
    k += std::to_string(c) + "*";
    for (int a : m) k += std::to_string(a) + ".";
    k += "+";
  }
  return k;
}

// `c >> l` / `c << l` where l is a loop variable with a small constant range: one case
// per value of l (the tree-reduction idiom `s[t + (128 >> l)]`).
// `x >> l`, `256 >> (l + 1)`: an amount that depends on one loop variable with a small
// constant range (and nothing else) is a constant in each case, selected by the
// variable's value (as divideBySmallLoopVar does for divisors).
std::optional<Poly> Encoder::shiftBySmallVar(const Expr& e, Instance& inst, std::string& why, int depth) {
  const Expr& amount = *e.args[1];
  why = "it shifts by an amount that is neither a constant nor a function of one loop variable with constant bounds";
  const Var* var = nullptr;
  bool other = false;
  forEachExpr(e.args[1], [&](const Expr& sub) {
    if (sub.kind == ExprKind::VarRef && sub.var) {
      if (sub.var->kind == VarKind::LoopVar && (!var || var == sub.var)) var = sub.var;
      else other = true;
    }
    other |= sub.kind == ExprKind::Index || sub.kind == ExprKind::Call;
  });
  if (!var || other) return std::nullopt;
  std::optional<LoopValues> loop = smallLoopValues(var, inst);
  if (!loop) return std::nullopt;
  std::vector<std::pair<int64_t, int64_t>> cases;  // value of the variable -> shift amount
  for (int64_t v : loop->values) {
    std::optional<Wide> k = evaluate(amount, [&](const Var* x) -> std::optional<Wide> {
                              return x == var ? std::optional<Wide>(v) : std::nullopt;
                            }).value;
    // A negative or too wide amount is undefined (ProverOverflow reports it).
    if (!k || *k < 0 || *k > 40) return std::nullopt;
    cases.push_back({v, static_cast<int64_t>(*k)});
  }
  std::optional<Poly> l = intExpr(*e.args[0], inst, why, depth + 1);
  if (!l) return std::nullopt;
  int res = newAtom("shift");
  for (auto [value, k] : cases) {
    Poly v;
    if (e.op == model::Op::Shl) {
      v = l->scaled(int64_t(1) << k);
    } else if (l->isConst()) {
      v = Poly::constant(l->constValue() >> k);
    } else {
      int q, m;
      floorDivMod(*l, int64_t(1) << k, inst, q, m);
      v = Poly::atom(q);
    }
    inst.facts.push_back(z3::implies(atoms_[loop->atom] == ctx.int_val(value), atoms_[res] == toZ3(v)));
  }
  return Poly::atom(res);
}

std::optional<z3::expr> Encoder::impliedFacts(const Expr& cond, bool value, Instance& inst, int depth) {
  if (depth > 64) return std::nullopt;
  if (cond.kind == ExprKind::Unary && cond.op == model::Op::Not && cond.args.size() == 1)
    return impliedFacts(*cond.args[0], !value, inst, depth + 1);
  // `a && b` true, or `a || b` false: both operands were evaluated, and both have the
  // value. (Their other outcomes force nothing on either operand alone.)
  const bool both = cond.kind == ExprKind::Binary && cond.args.size() == 2 &&
                    ((cond.op == model::Op::LogAnd && value) || (cond.op == model::Op::LogOr && !value));
  if (both) {
    std::optional<z3::expr> a = impliedFacts(*cond.args[0], value, inst, depth + 1);
    std::optional<z3::expr> b = impliedFacts(*cond.args[1], value, inst, depth + 1);
    if (a && b) return *a && *b;
    return a ? a : b;
  }
  std::string why;
  std::optional<z3::expr> b = boolExpr(cond, inst, why, depth + 1);
  if (!b) return std::nullopt;
  return value ? *b : !*b;
}

std::optional<z3::expr> Encoder::boolExpr(const Expr& e, Instance& inst, std::string& why, int depth) {
  if (depth > 64) {
    why = "the expression is nested too deeply";
    return std::nullopt;
  }
  if (e.kind == ExprKind::Unary && e.op == model::Op::Not && e.args.size() == 1) {
    std::optional<z3::expr> b = boolExpr(*e.args[0], inst, why, depth + 1);
    if (!b) return std::nullopt;
    return !*b;
  }
  if (e.kind == ExprKind::Binary && e.args.size() == 2) {
    const model::Op op = e.op;
    if (op == model::Op::LogAnd || op == model::Op::LogOr) {
      std::optional<z3::expr> a = boolExpr(*e.args[0], inst, why, depth + 1);
      if (!a) return std::nullopt;
      // The right operand is evaluated only when the left does not decide (as for `?:`).
      const size_t from = inst.facts.size();
      std::optional<z3::expr> b = boolExpr(*e.args[1], inst, why, depth + 1);
      if (!b) return dropFactsFrom(inst, from);
      onlyWhen(op == model::Op::LogAnd ? *a : !*a, inst, from);
      return op == model::Op::LogAnd ? (*a && *b) : (*a || *b);
    }
    if (op == model::Op::Lt || op == model::Op::Le || op == model::Op::Gt || op == model::Op::Ge || op == model::Op::Eq || op == model::Op::Ne) {
      std::optional<Poly> a = intExpr(*e.args[0], inst, why, depth + 1);
      if (!a) return std::nullopt;
      std::optional<Poly> b = intExpr(*e.args[1], inst, why, depth + 1);
      if (!b) return std::nullopt;
      z3::expr A = toZ3(*a), B = toZ3(*b);
      if (op == model::Op::Lt) return A < B;
      if (op == model::Op::Le) return A <= B;
      if (op == model::Op::Gt) return A > B;
      if (op == model::Op::Ge) return A >= B;
      if (op == model::Op::Eq) return A == B;
      return A != B;
    }
  }
  std::optional<Poly> v = intExpr(e, inst, why, depth + 1);
  if (!v) return std::nullopt;
  return toZ3(*v) != 0;
}

}  // namespace exo::checker
