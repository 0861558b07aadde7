#include "model/Kernel.h"

#include "model/Evaluate.h"

namespace exo::model {

bool Type::isIntegral() const { return !isPointer && !isFloating(); }

unsigned Type::scalarBytes() const {
  switch (scalar) {
    case ScalarKind::Bool: return 1;
    case ScalarKind::Int: case ScalarKind::UInt: case ScalarKind::Float: return 4;
    case ScalarKind::Long: case ScalarKind::ULong: case ScalarKind::Double: return 8;
  }
  return 4;
}

std::string Type::scalarSpelling() const {
  switch (scalar) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Int: return "int";
    case ScalarKind::UInt: return "unsigned";
    case ScalarKind::Long: return "long";
    case ScalarKind::ULong: return "unsigned long";
    case ScalarKind::Float: return "float";
    case ScalarKind::Double: return "double";
  }
  return "int";
}

int64_t Var::elementCount() const {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

ExprPtr Expr::intLit(int64_t v) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::IntLit;
  e->ival = v;
  e->type.scalar = ScalarKind::Int;
  return e;
}

static_assert(static_cast<int>(LoopKind::Block) == 1 + static_cast<int>(CollectiveId::Block) &&
                  static_cast<int>(LoopKind::Thread) == 1 + static_cast<int>(CollectiveId::Thread),
              "LoopKind names the rows of the collectives table in table order");

const Collective* levelOf(LoopKind k) {
  return k == LoopKind::Seq ? nullptr : &collective(static_cast<CollectiveId>(static_cast<int>(k) - 1));
}

LoopKind loopKindOf(const Collective& c) { return static_cast<LoopKind>(static_cast<int>(c.id) + 1); }

const char* loopKindName(LoopKind k) { return k == LoopKind::Seq ? "sequential" : levelOf(k)->name; }

const char* syncScopeName(SyncScope s) { return collective(s).name; }

int64_t loopUnitThreads(LoopKind k) { return k == LoopKind::Seq ? 0 : levelOf(k)->threads; }

int64_t Stmt::tripCount() const { return constantTripCount(*this); }

Var* Kernel::newVar(std::string n, Type t, VarKind k, Memory m, SrcLoc l) {
  auto v = std::make_unique<Var>();
  v->name = std::move(n);
  v->type = t;
  v->kind = k;
  v->memory = m;
  v->loc = l;
  vars.push_back(std::move(v));
  return vars.back().get();
}

}  // namespace exo::model
