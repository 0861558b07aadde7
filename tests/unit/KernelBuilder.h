// Builds model::Kernel objects by hand for unit tests (no Clang involved).
#pragma once

#include <memory>
#include <string>

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
