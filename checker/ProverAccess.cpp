#include "checker/ProverAccess.h"

#include <functional>

#include "model/Evaluate.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

bool mayConflict(const AccessSite& a, const AccessSite& b) {
  return a.var == b.var && (a.write || b.write) && !(a.atomic && b.atomic);
}

const Stmt* stepTarget(const PathStep& s) { return s.container->body[s.child].get(); }

std::vector<const Stmt*> enclosingLoops(const Path& p) {
  std::vector<const Stmt*> out;
  for (const PathStep& s : p)
    if (s.container->kind == StmtKind::For) out.push_back(s.container);
  return out;
}

namespace {

class Collector {
public:
  explicit Collector(KernelFacts& f) : f_(f) {}

  void stmt(const Stmt& s) {
    // Every expression field is read (Stmt::forEachExprField, in source order), except
    // an assignment's, whose right-hand side is evaluated before its target's indices.
    if (s.kind != StmtKind::Assign && s.kind != StmtKind::Aligned)
      s.forEachExprField([&](const char*, const ExprPtr& e) { reads(e, s); });
    switch (s.kind) {
      case StmtKind::For:
        f_.loopOf[s.var] = &s;
        break;
      case StmtKind::If:
        break;
      case StmtKind::Assign:
        // Right-hand side first: it is evaluated before the store.
        reads(s.rhs, s);
        if (s.lhs->kind == ExprKind::Index) {
          for (const ExprPtr& a : s.lhs->args) reads(a, s);
          if (s.op != "=") add(*s.lhs, false, s);
          add(*s.lhs, true, s);
        } else if (s.lhs->var) {
          if (s.op != "=") addScalarRead(*s.lhs, s);
          f_.scalarWrites.push_back({&s, path_});
          f_.assigned.insert(s.lhs->var);
        }
        break;
      case StmtKind::Decl:
        f_.decls[s.var] = {&s, path_};
        break;
      case StmtKind::Assume:
        if (s.cond) f_.assumes.push_back(s.cond.get());
        break;
      case StmtKind::Block:
        break;
      case StmtKind::Instr:
        if (s.isBarrier()) f_.syncs.push_back({&s, path_});  // its own convergence rule (err_sync_divergent)
        else if (collective(s.instr->collective).threads != 1) f_.collectiveOps.push_back({&s, path_});
        break;
      case StmtKind::Aligned:
        // Not an access: a statement about the element's address (its indices are read).
        for (const ExprPtr& a : s.lhs->args) reads(a, s);
        f_.alignments.push_back({&s, path_});
        break;
      case StmtKind::Expects:
        f_.expects.push_back({&s, path_});  // its condition's reads are read above
        break;
    }
    const Stmt* outerInstr = instr_;
    if (s.kind == StmtKind::Instr) instr_ = &s;
    for (size_t i = 0; i < s.body.size(); ++i) {
      if (!s.body[i]) continue;
      path_.push_back({&s, static_cast<int>(i)});
      stmt(*s.body[i]);
      path_.pop_back();
    }
    instr_ = outerInstr;
  }

private:
  void reads(const ExprPtr& e, const Stmt& s) {
    if (!e) return;
    if (e->kind == ExprKind::Index && e->var) add(*e, false, s);
    if (e->kind == ExprKind::VarRef && e->var && e->var->kind == VarKind::Scalar && e->var->memory == Memory::Local)
      addScalarRead(*e, s);
    for (size_t i = 0; i < e->args.size(); ++i) {
      // An operand that C evaluates only when a condition holds is guarded by it.
      std::optional<std::pair<const Expr*, bool>> guard = operandGuard(*e, i);
      if (guard) guards_.push_back(*guard);
      reads(e->args[i], s);
      if (guard) guards_.pop_back();
    }
  }
  void add(const Expr& e, bool write, const Stmt& s) {
    AccessSite a = placed(e, s, f_.sites.size());
    a.write = write;
    // Only the target of an atomic `+=` (its read and its write) is the atomic access:
    // what the right-hand side or an index reads is a plain read.
    a.atomic = s.kind == StmtKind::Assign && s.atomic && &e == s.lhs.get();
    f_.sites.push_back(std::move(a));
  }
  void addScalarRead(const Expr& e, const Stmt& s) { f_.scalarReads.push_back(placed(e, s, f_.scalarReads.size())); }
  /// An access of `e` by statement `s` here, the `order`-th of its list.
  AccessSite placed(const Expr& e, const Stmt& s, size_t order) const {
    AccessSite a;
    a.expr = &e;
    a.var = e.var;
    a.stmt = &s;
    a.path = path_;
    a.order = static_cast<int>(order);
    a.guards = guards_;
    a.instr = instr_;
    return a;
  }

  KernelFacts& f_;
  Path path_;
  const Stmt* instr_ = nullptr;  // the instruction whose meaning is being walked
  std::vector<std::pair<const Expr*, bool>> guards_;
};

}  // namespace

const Stmt* instructionCallOf(const Path& path) {
  for (auto it = path.rbegin(); it != path.rend(); ++it)
    if (it->container->kind == StmtKind::Instr) return it->container;
  return nullptr;
}

KernelFacts collectFacts(const Kernel& k) {
  KernelFacts f;
  f.kernel = &k;
  if (k.body) Collector(f).stmt(*k.body);
  // Over the arrays the sites access, not k.params: the two-tile model of a persistent
  // kernel gives the second tile fresh pointer variables (model/Persistent), each then
  // with its own function (a second, unrelated copy of the data: sound, only weaker).
  std::set<const Var*> written;
  for (const AccessSite& s : f.sites)
    if (s.write) written.insert(s.var);
  for (const AccessSite& s : f.sites) {
    const Var* p = s.var;
    if (p && p->isGlobalPointer() && p->type.pointeeConst && model::integerBits(p->type.scalar) > 0 && !written.count(p))
      f.modelledInputs.insert(p);
  }
  return f;
}

bool isModelledInputRead(const Expr& e, const KernelFacts& facts) {
  return e.kind == ExprKind::Index && e.var && e.args.size() == 1 && e.args[0] && facts.modelledInputs.count(e.var) &&
         !e.type.isPointer;
}

}  // namespace exo::checker
