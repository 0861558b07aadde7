#include "checker/ProverReport.h"

#include <set>

#include "model/Evaluate.h"

namespace exo::checker {

using namespace model;

void smallWitness(Queries& q, z3::solver& s) {
  const Encoder& enc = q.enc;
  s.push();
  for (auto& [v, a] : enc.params()) s.add(enc.atomExpr(a) >= 0 && enc.atomExpr(a) <= 256);
  if (q.solve(s) != Verdict::Sat) {
    s.pop();
    q.solve(s);
  }
}

int64_t val(const z3::model& m, const z3::expr& e) {
  z3::expr v = m.eval(e, true);
  int64_t out = 0;
  if (v.is_numeral()) v.is_numeral_i64(out);
  return out;
}

std::string tuple(const Encoder& enc, const z3::model& m, const Side& s, const std::vector<const Stmt*>& loops) {
  std::string out = "(";
  for (size_t i = 0; i < loops.size(); ++i)
    out += (i ? ", " : "") + std::to_string(val(m, enc.atomExpr(s.inst.loopVar.at(loops[i]->var))));
  return out + ")";
}

std::string blockText(const Encoder& enc, const z3::model& m, const Side& s) {
  return tuple(enc, m, s, s.inst.gridLoops);
}

void noteMeaning(DiagSink& sink, const AccessSite& s) {
  if (s.instr) sink.diag(DiagID::note_access, s.expr->range, {"the access in the meaning of '" + s.instr->instr->name + "'"});
}

std::string threadText(const Encoder& enc, const z3::model& m, const Side& s) {
  // An instruction a warp issues is made by any of its lanes: name the thread by its
  // flat index, and say which collective issued it.
  // A thread loop that does not count its threads from 0 by 1 (`for (t = 1; t < 129; ++t)`,
  // `t += 2`) would name a thread by a value no thread index has (review of the
  // seventeenth session: "thread (254)" in a block of 128): then the thread's flat index,
  // and the loop variables by name.
  bool identity = true;
  for (const Stmt* l : s.inst.threadLoops)
    identity = identity && l->step == 1 && l->lo && l->lo->kind == ExprKind::IntLit && l->lo->ival == 0;
  std::string t;
  if (s.inst.threadLoops.empty() || issuedByCollective(*s.site)) {
    t = "thread (" + std::to_string(val(m, enc.toZ3(*s.inst.flat))) + ")";
  } else if (identity) {
    t = "thread " + tuple(enc, m, s, s.inst.threadLoops);
  } else {
    t = "thread " + std::to_string(val(m, enc.toZ3(*s.inst.flat))) + " (";
    for (size_t i = 0; i < s.inst.threadLoops.size(); ++i)
      t += (i ? ", " : "") + s.inst.threadLoops[i]->var->name + " = " +
           std::to_string(val(m, enc.atomExpr(s.inst.loopVar.at(s.inst.threadLoops[i]->var))));
    t += ")";
  }
  if (issuedByCollective(*s.site)) t += std::string(" of the issuing ") + collective(s.site->instr->instr->collective).name;
  if (!s.inst.gridLoops.empty()) t += " of block " + blockText(enc, m, s);
  return t;
}

std::string elementText(const Encoder& enc, const z3::model& m, const Side& s) {
  std::string e = s.site->var->name;
  for (const Poly& p : s.idx) e += "[" + std::to_string(val(m, enc.toZ3(p))) + "]";
  return e;
}

namespace {

/// `v = 3` for a sequential loop's variable at a witness; for a rewritten loop header
/// (Stmt::computes) the source's variable, computed from the counter (`h = 32`, not
/// `exo_h_iter = 2`).
std::string loopValueText(const Encoder& enc, const z3::model& m, const Side& s, const Stmt& l) {
  const int64_t counter = val(m, enc.atomExpr(s.inst.loopVar.at(l.var)));
  const Stmt* first = l.computes && !l.body.empty() && l.body[0] && !l.body[0]->body.empty() ? l.body[0]->body[0].get() : nullptr;
  if (first && first->kind == StmtKind::Decl && first->var == l.computes && first->init) {
    Env env = [&](const Var* v) -> std::optional<Wide> {
      for (const auto& [p, atom] : enc.params())
        if (p == v) return Wide(val(m, enc.atomExpr(atom)));
      auto it = s.inst.loopVar.find(v);
      if (it != s.inst.loopVar.end()) return Wide(val(m, enc.atomExpr(it->second)));
      return std::nullopt;
    };
    if (std::optional<Wide> x = evaluate(*first->init, env).value)
      return l.computes->name + " = " + std::to_string(static_cast<int64_t>(*x));
  }
  return l.var->name + " = " + std::to_string(counter);
}

}  // namespace

std::string witnessText(const Encoder& enc, const z3::model& m, const Side& a, const Side& b) {
  std::string out;
  for (auto& [v, atom] : enc.params())
    out += (out.empty() ? "" : ", ") + v->name + " = " + std::to_string(val(m, enc.atomExpr(atom)));
  // Sequential loop values tell which iterations meet (e.g. k0 = 0 and k0 = 32).
  std::string seq;
  bool second = false;
  for (const Side* s : {&a, &b}) {
    std::string one;
    for (const Stmt* l : s->inst.loops)
      if (l->loop == LoopKind::Seq)
        one += (one.empty() ? "" : ", ") + loopValueText(enc, m, *s, *l);
    if (!one.empty() && !(second && &a == &b))
      seq += std::string(seq.empty() ? "" : ", ") + (&a == &b ? "" : second ? "the second access at " : "the first access at ") + one;
    second = true;
  }
  if (!seq.empty()) out += (out.empty() ? "" : "; ") + seq;
  std::string data = inputValuesText(enc, m);
  if (!data.empty()) out += (out.empty() ? "" : "; ") + data;
  return out.empty() ? "any parameter values" : out;
}

std::string inputValuesText(const Encoder& enc, const z3::model& m) {
  // The input elements that the question's formulas read (their atoms have a value in
  // the model), each once, in the order the encoding read them; the value is the input
  // function's at that index, so equal indices show equal values. With them the witness
  // is a run of the program on that data.
  std::string out;
  std::set<std::string> seen;
  for (const InputRead& r : enc.inputReads()) {
    if (!m.has_interp(enc.atomExpr(r.value).decl())) continue;
    const int64_t i = val(m, r.index);
    std::string one = r.var->name + "[" + std::to_string(i) + "]";
    if (!seen.insert(one).second) continue;
    const z3::func_decl* f = enc.inputFunction(r.var);
    out += (out.empty() ? "" : ", ") + one + " = " + std::to_string(val(m, m.eval((*f)(enc.ctx.int_val(i)), true)));
  }
  return out;
}

}  // namespace exo::checker
