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

const char* loopKindName(LoopKind k) {
  switch (k) {
    case LoopKind::Seq: return "sequential";
    case LoopKind::Block: return "block";
    case LoopKind::Warpgroup: return "warpgroup";
    case LoopKind::Warp: return "warp";
    case LoopKind::Thread: return "thread";
  }
  return "?";
}

const char* syncScopeName(SyncScope s) {
  switch (s) {
    case SyncScope::Block: return "block";
    case SyncScope::Warpgroup: return "warpgroup";
    case SyncScope::Warp: return "warp";
  }
  return "?";
}

int64_t loopUnitThreads(LoopKind k) {
  switch (k) {
    case LoopKind::Warpgroup: return 128;
    case LoopKind::Warp: return 32;
    case LoopKind::Thread: return 1;
    default: return 0;
  }
}

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
