#include "model/Rings.h"

#include <string>
#include <utility>

#include "model/ExprPrinter.h"
#include "model/Instruction.h"
#include "model/Walk.h"

namespace exo::model {

const Var* ringOf(const Stmt& call) {
  return call.operands.size() >= 2 ? call.operands[call.operands.size() - 2]->var : nullptr;
}

const Expr& ringPosition(const Stmt& call) { return *call.operands.back(); }

std::vector<std::vector<const Stmt*>> ringCopyGroups(const Kernel& k, const Var& ring) {
  std::vector<std::vector<const Stmt*>> groups;
  std::vector<std::pair<const Stmt*, std::string>> keys;
  if (!k.blockBody) return groups;
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    if (s.kind != StmtKind::Instr) return true;
    if (s.instr->async.kind == AsyncRole::Kind::IssueRing && ringOf(s) == &ring) {
      std::pair<const Stmt*, std::string> key{path.empty() ? nullptr : path.back(), printExpr(ringPosition(s))};
      size_t g = 0;
      while (g < keys.size() && keys[g] != key) ++g;
      if (g == keys.size()) {
        keys.push_back(key);
        groups.emplace_back();
      }
      groups[g].push_back(&s);
    }
    return false;  // an instruction's meaning holds no calls
  });
  return groups;
}

}  // namespace exo::model
