#include "model/ModelPrinter.h"

#include <sstream>

#include "model/Fragment.h"


namespace exo::model {

namespace {

std::string typeText(const Type& t) {
  std::string s = t.isPointer ? (t.pointeeConst ? "const " : "") + t.scalarSpelling() + "*" : t.scalarSpelling();
  if (t.isRestrict) s += " __restrict__";
  if (t.isConst) s = t.isPointer ? s + " const" : "const " + s;
  return s;
}

const char* memoryName(Memory m) {
  switch (m) {
    case Memory::Param: return "param";
    case Memory::Shared: return "shared";
    case Memory::Registers: return "registers";
    case Memory::Local: return "local";
  }
  return "?";
}

const char* exprKindName(ExprKind k) {
  switch (k) {
    case ExprKind::IntLit: return "int";
    case ExprKind::FloatLit: return "float";
    case ExprKind::VarRef: return "ref";
    case ExprKind::Index: return "index";
    case ExprKind::Unary: return "unary";
    case ExprKind::Binary: return "binary";
    case ExprKind::Select: return "select";
    case ExprKind::Call: return "call";
    case ExprKind::Cast: return "cast";
    case ExprKind::Window: return "tile";
  }
  return "?";
}

class Printer {
public:
  explicit Printer(std::ostringstream& os) : os_(os) {}

  void kernel(const Kernel& k) {
    os_ << "kernel " << k.name << ": " << k.blockThreads << " threads, " << k.sharedBytes << " bytes shared, grid (";
    for (size_t i = 0; i < k.gridLoops.size(); ++i) os_ << (i ? ", " : "") << k.gridLoops[i]->var->name;
    os_ << ")\n";
    for (const Var* p : k.params) {
      os_ << "  param ";
      var(*p);
      os_ << "\n";
    }
    if (k.body) stmt(*k.body, 1);
  }

private:
  void ind(int d) { os_ << std::string(2 * d, ' '); }

  void var(const Var& v) {
    os_ << v.name << ": " << typeText(v.type) << ", " << memoryName(v.memory);
    if (!v.dims.empty()) {
      os_ << ", dims ";
      for (int64_t d : v.dims) os_ << "[" << d << "]";
    }
    if (v.sharedOffset >= 0) os_ << ", offset " << v.sharedOffset;
    if (v.layout.kind == RegisterLayout::Kind::LoopIndexed) {
      os_ << ", layout: owner runs iteration (";
      for (size_t i = 0; i < v.layout.loops.size(); ++i) os_ << (i ? ", " : "") << v.layout.loops[i]->var->name;
      std::vector<int64_t> local = v.layout.localDims(v);
      os_ << "), local " << (local.empty() ? "scalar" : "dims ");
      for (int64_t d : local) os_ << "[" << d << "]";
      if (v.layout.fragment) os_ << ", fragment " << v.layout.fragment->name;
    }
  }

  void stmt(const Stmt& s, int d) {
    ind(d);
    switch (s.kind) {
      case StmtKind::Block: os_ << "block"; break;
      case StmtKind::For:
        os_ << "for " << s.var->name << ": " << typeText(s.var->type) << ", " << loopKindName(s.loop) << ", trip "
            << (s.tripCount() >= 0 ? std::to_string(s.tripCount()) : "?") << ", step " << s.step;
        if (s.unit) os_ << ", unit " << s.unit << ", collective " << s.collective;
        if (s.compareAs) {
          Type t;
          t.scalar = *s.compareAs;
          os_ << ", compares as " << t.scalarSpelling();
        }
        break;
      case StmtKind::If: os_ << "if"; break;
      case StmtKind::Assign: os_ << "assign '" << s.op << "'" << (s.atomic ? " atomic" : ""); break;
      case StmtKind::Decl:
        os_ << "decl ";
        var(*s.var);
        break;
      case StmtKind::Assume: os_ << "assume"; break;
      case StmtKind::Expects: os_ << "expects"; break;
      case StmtKind::Instr:
        if (s.isBarrier()) {
          os_ << "sync " << syncScopeName(s.barrierScope());
          break;
        }
        os_ << "instr " << s.instr->name << ", " << collective(s.instr->collective).name << ", cuda "
            << s.instr->cudaFunction;
        break;
      case StmtKind::Aligned: os_ << "aligned " << s.step; break;
    }
    os_ << "\n";
    // Every expression the statement holds, then its child statements.
    s.forEachExprField([&](const char* field, const ExprPtr& e) {
      if (e) expr(*e, d + 1, field);
    });
    if (s.isBarrier()) return;  // its meaning is empty: nothing to show
    for (const StmtPtr& c : s.body)
      if (c) stmt(*c, d + 1);
  }

  void expr(const Expr& e, int d, const char* field = nullptr) {
    ind(d);
    if (field) os_ << field << ": ";
    os_ << exprKindName(e.kind);
    switch (e.kind) {
      case ExprKind::IntLit: os_ << " " << e.ival; break;
      case ExprKind::FloatLit: os_ << " " << e.spelling; break;
      case ExprKind::VarRef: case ExprKind::Index: case ExprKind::Window:
        os_ << " " << (e.var ? e.var->name : "?");
        break;
      case ExprKind::Unary: case ExprKind::Binary: os_ << " '" << e.spelling << "'"; break;
      case ExprKind::Call: os_ << " " << e.spelling; break;
      case ExprKind::Select: case ExprKind::Cast: break;
    }
    os_ << " : " << typeText(e.type);
    if (e.implicit) os_ << " [implicit]";
    os_ << "\n";
    for (const ExprPtr& a : e.args)
      if (a) expr(*a, d + 1);
  }

  std::ostringstream& os_;
};

}  // namespace

std::string printModel(const Kernel& k) {
  std::ostringstream os;
  Printer(os).kernel(k);
  return os.str();
}

}  // namespace exo::model
