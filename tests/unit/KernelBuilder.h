// Builds model::Kernel objects by hand for unit tests (no Clang involved).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/Kernel.h"

namespace exo::test {

struct KB {
  std::unique_ptr<model::Kernel> kernel = std::make_unique<model::Kernel>();

  KB() {
    kernel->name = "k";
    kernel->body = block();
  }

  static model::StmtPtr block() { return model::Stmt::block(); }

  model::Var* param(const std::string& name) {
    for (model::Var* p : kernel->params)
      if (p->name == name) return p;
    model::Type t;
    model::Var* v = kernel->newVar(name, t, model::VarKind::Param, model::Memory::Param, {});
    kernel->params.push_back(v);
    return v;
  }

  static model::ExprPtr ref(model::Var* v) { return model::Expr::varRef(v); }

  static model::ExprPtr bin(const char* op, model::ExprPtr a, model::ExprPtr b) {
    return model::Expr::binary(op, std::move(a), std::move(b));
  }

  static model::ExprPtr index(model::Var* v, std::vector<model::ExprPtr> args) {
    return model::Expr::index(v, std::move(args));
  }

  /// Appends `lhs = rhs;` to a Block statement (a loop's body: loop->forBody()).
  static model::Stmt* assign(model::Stmt* block, model::ExprPtr lhs, model::ExprPtr rhs) {
    block->body.push_back(model::Stmt::assign(std::move(lhs), "=", std::move(rhs)));
    return block->body.back().get();
  }

  /// Appends `[[exo::sync(scope)]];` to a Block statement.
  static void sync(model::Stmt* block, model::SyncScope scope) {
    block->body.push_back(model::Stmt::sync(scope));
  }

  model::Stmt* loop(model::Stmt* parent, model::LoopKind kind, const std::string& var, model::ExprPtr lo,
                    model::ExprPtr hi, int64_t step = 1) {
    model::Var* v = kernel->newVar(var, model::Type{}, model::VarKind::LoopVar, model::Memory::Local, {});
    parent->body.push_back(model::Stmt::forLoop(kind, v, std::move(lo), std::move(hi), step));
    return parent->body.back().get();
  }

  model::Stmt* loop(model::Stmt* parent, model::LoopKind kind, const std::string& var, int64_t trip) {
    return loop(parent, kind, var, model::Expr::intLit(0), model::Expr::intLit(trip));
  }

  model::Stmt* blockLoop(model::Stmt* parent, const std::string& var, model::Var* bound) {
    return loop(parent, model::LoopKind::Block, var, model::Expr::intLit(0), ref(bound));
  }
};

}  // namespace exo::test
