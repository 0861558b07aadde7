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

  static model::StmtPtr block() {
    auto s = std::make_unique<model::Stmt>();
    s->kind = model::StmtKind::Block;
    return s;
  }

  model::Var* param(const std::string& name) {
    for (model::Var* p : kernel->params)
      if (p->name == name) return p;
    model::Type t;
    model::Var* v = kernel->newVar(name, t, model::VarKind::Param, model::Memory::Param, {});
    kernel->params.push_back(v);
    return v;
  }

  static model::ExprPtr ref(model::Var* v) {
    auto e = std::make_shared<model::Expr>();
    e->kind = model::ExprKind::VarRef;
    e->var = v;
    return e;
  }

  static model::ExprPtr bin(const char* op, model::ExprPtr a, model::ExprPtr b) {
    auto e = std::make_shared<model::Expr>();
    e->kind = model::ExprKind::Binary;
    e->spelling = op;
    e->args = {a, b};
    return e;
  }

  static model::ExprPtr index(model::Var* v, std::vector<model::ExprPtr> args) {
    auto e = std::make_shared<model::Expr>();
    e->kind = model::ExprKind::Index;
    e->var = v;
    e->args = std::move(args);
    return e;
  }

  /// Appends `lhs = rhs;` to a Block statement (a loop's body: loop->forBody()).
  static model::Stmt* assign(model::Stmt* block, model::ExprPtr lhs, model::ExprPtr rhs) {
    auto s = std::make_unique<model::Stmt>();
    s->kind = model::StmtKind::Assign;
    s->op = "=";
    s->lhs = lhs;
    s->rhs = rhs;
    block->body.push_back(std::move(s));
    return block->body.back().get();
  }

  /// Appends `[[exo::sync(scope)]];` to a Block statement.
  static void sync(model::Stmt* block, model::SyncScope scope) {
    auto s = std::make_unique<model::Stmt>();
    s->kind = model::StmtKind::Sync;
    s->scope = scope;
    block->body.push_back(std::move(s));
  }

  model::Stmt* loop(model::Stmt* parent, model::LoopKind kind, const std::string& var, model::ExprPtr lo,
                    model::ExprPtr hi, int64_t step = 1) {
    auto f = std::make_unique<model::Stmt>();
    f->kind = model::StmtKind::For;
    f->loop = kind;
    model::Type t;
    f->var = kernel->newVar(var, t, model::VarKind::LoopVar, model::Memory::Local, {});
    f->lo = lo;
    f->hi = hi;
    f->step = step;
    f->body.push_back(block());
    parent->body.push_back(std::move(f));
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
