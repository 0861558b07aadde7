#include "checker/ProverAsyncBase.h"

#include <functional>

namespace exo::checker {

using namespace model;

static z3::expr seqBeforeFrom(const Encoder& enc, z3::context& ctx, const Path& pa, const std::map<const Stmt*, int>& ia,
                              const Path& pb, const std::map<const Stmt*, int>& ib, size_t i) {
  if (i >= pa.size() || i >= pb.size()) return ctx.bool_val(false);
  const PathStep &sa = pa[i], &sb = pb[i];
  if (sa.container != sb.container) return ctx.bool_val(false);  // not from one root: never
  const Stmt* c = sa.container;
  if (sa.child != sb.child) return ctx.bool_val(c->kind == StmtKind::Block && sa.child < sb.child);
  if (c->kind == StmtKind::For) {
    auto a = ia.find(c), b = ib.find(c);
    if (a != ia.end() && b != ib.end()) {
      z3::expr A = enc.atomExpr(a->second), B = enc.atomExpr(b->second);
      return A < B || (A == B && seqBeforeFrom(enc, ctx, pa, ia, pb, ib, i + 1));
    }
  }
  return seqBeforeFrom(enc, ctx, pa, ia, pb, ib, i + 1);
}

z3::expr seqBefore(const Encoder& enc, z3::context& ctx, const Path& pa, const std::map<const Stmt*, int>& ia,
                   const Path& pb, const std::map<const Stmt*, int>& ib) {
  return seqBeforeFrom(enc, ctx, pa, ia, pb, ib, 0);
}

z3::expr allOf(z3::context& ctx, const std::vector<z3::expr>& v) {
  z3::expr e = ctx.bool_val(true);
  for (const z3::expr& x : v) e = e && x;
  return e;
}

void addLaterSameElement(Queries& q, z3::solver& s, const Side& x, const Side& z) {
  const Encoder& enc = q.enc;
  for (const Stmt* g : x.inst.gridLoops)
    if (z.inst.iter.count(g)) s.add(enc.atomExpr(x.inst.iter.at(g)) == enc.atomExpr(z.inst.iter.at(g)));
  s.add(q.sameElement(x, z));
  s.add(q.differentIssues(x, z));
  s.add(seqBefore(enc, q.ctx, x.site->path, x.inst.iter, z.site->path, z.inst.iter));
}

std::vector<PlacedStmt> instructionStatements(const Kernel& k) {
  std::vector<PlacedStmt> out;
  std::function<void(const Stmt&, Path&)> walk = [&](const Stmt& s, Path& path) {
    if (s.kind == StmtKind::Instr) {
      out.push_back({&s, path});
      return;
    }
    for (size_t i = 0; i < s.body.size(); ++i) {
      if (!s.body[i]) continue;
      path.push_back({&s, static_cast<int>(i)});
      walk(*s.body[i], path);
      path.pop_back();
    }
  };
  Path p;
  if (k.body) walk(*k.body, p);
  return out;
}

}  // namespace exo::checker
