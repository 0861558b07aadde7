#include "model/Kernel.h"

#include "model/Evaluate.h"


namespace exo::model {

bool Type::isIntegral() const { return !isPointer && !isFloating() && scalar != ScalarKind::MBarrier; }

unsigned Type::scalarBytes() const {
  switch (scalar) {
    case ScalarKind::Bool: case ScalarKind::Char: case ScalarKind::SChar: case ScalarKind::UChar: return 1;
    case ScalarKind::BF16: case ScalarKind::F16: case ScalarKind::Short: case ScalarKind::UShort: return 2;
    case ScalarKind::Int: case ScalarKind::UInt: case ScalarKind::Float: return 4;
    case ScalarKind::Long: case ScalarKind::ULong: case ScalarKind::Double: case ScalarKind::MBarrier: return 8;
  }
  return 4;
}

std::string Type::scalarSpelling() const {
  switch (scalar) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Int: return "int";
    case ScalarKind::UInt: return "unsigned";
    case ScalarKind::Long: return longLong ? "long long" : "long";
    case ScalarKind::ULong: return longLong ? "unsigned long long" : "unsigned long";
    case ScalarKind::Float: return "float";
    case ScalarKind::Double: return "double";
    case ScalarKind::BF16: return "__nv_bfloat16";
    case ScalarKind::F16: return "__half";
    case ScalarKind::MBarrier: return "std::uint64_t";
    case ScalarKind::Char: return "char";
    case ScalarKind::SChar: return "signed char";
    case ScalarKind::UChar: return "unsigned char";
    case ScalarKind::Short: return "short";
    case ScalarKind::UShort: return "unsigned short";
  }
  return "int";
}

const char* scalarShortName(ScalarKind k) {
  switch (k) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Int: return "i32";
    case ScalarKind::UInt: return "u32";
    case ScalarKind::Long: return "i64";
    case ScalarKind::ULong: return "u64";
    case ScalarKind::Float: return "f32";
    case ScalarKind::Double: return "f64";
    case ScalarKind::BF16: return "bf16";
    case ScalarKind::F16: return "f16";
    case ScalarKind::MBarrier: return "mbarrier";
    case ScalarKind::Char: return "char";  // not i8: a kernel of char and one of signed char differ
    case ScalarKind::SChar: return "i8";
    case ScalarKind::UChar: return "u8";
    case ScalarKind::Short: return "i16";
    case ScalarKind::UShort: return "u16";
  }
  return "t";
}

int64_t Var::elementCount() const {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

ExprPtr Expr::make(ExprKind k, Type t, std::vector<ExprPtr> args) {
  auto e = std::make_shared<Expr>();
  e->kind = k;
  e->type = t;
  e->args = std::move(args);
  return e;
}

ExprPtr Expr::intLit(int64_t v, Type t) {
  ExprPtr e = make(ExprKind::IntLit, t);
  e->ival = v;
  return e;
}

ExprPtr Expr::floatLit(double v, std::string spelling, Type t) {
  ExprPtr e = make(ExprKind::FloatLit, t);
  e->fval = v;
  e->spelling = std::move(spelling);
  return e;
}

ExprPtr Expr::varRef(Var* v, Type t) {
  ExprPtr e = make(ExprKind::VarRef, t);
  e->var = v;
  return e;
}

ExprPtr Expr::index(Var* v, std::vector<ExprPtr> indices, Type t) {
  ExprPtr e = make(ExprKind::Index, t, std::move(indices));
  e->var = v;
  return e;
}

namespace {
struct OpRow {
  Op op;
  const char* spelling;
  bool unary;
  int precedence;  // binary: C++ precedence, larger binds tighter
};
// clang-format off
const OpRow kOps[] = {
  {Op::Neg, "-", true, 12}, {Op::Pos, "+", true, 12}, {Op::Not, "!", true, 12}, {Op::BitNot, "~", true, 12},
  {Op::LogOr, "||", false, 2}, {Op::LogAnd, "&&", false, 3}, {Op::BitOr, "|", false, 4},
  {Op::BitXor, "^", false, 5}, {Op::BitAnd, "&", false, 6},
  {Op::Eq, "==", false, 7}, {Op::Ne, "!=", false, 7},
  {Op::Lt, "<", false, 8}, {Op::Gt, ">", false, 8}, {Op::Le, "<=", false, 8}, {Op::Ge, ">=", false, 8},
  {Op::Shl, "<<", false, 9}, {Op::Shr, ">>", false, 9},
  {Op::Add, "+", false, 10}, {Op::Sub, "-", false, 10},
  {Op::Mul, "*", false, 11}, {Op::Div, "/", false, 11}, {Op::Rem, "%", false, 11},
};
// clang-format on
}  // namespace

Op opFromSpelling(const std::string& text, bool unary) {
  for (const OpRow& r : kOps)
    if (r.unary == unary && text == r.spelling) return r.op;
  return Op::None;
}

const char* opSpelling(Op op) {
  for (const OpRow& r : kOps)
    if (r.op == op) return r.spelling;
  return "";
}

int opPrecedence(Op op) {
  for (const OpRow& r : kOps)
    if (r.op == op) return r.precedence;
  return 13;
}

ExprPtr Expr::unary(std::string op, ExprPtr a, Type t) {
  ExprPtr e = make(ExprKind::Unary, t, {std::move(a)});
  e->op = opFromSpelling(op, /*unary=*/true);
  e->spelling = std::move(op);
  return e;
}

ExprPtr Expr::binary(std::string op, ExprPtr a, ExprPtr b, Type t) {
  ExprPtr e = make(ExprKind::Binary, t, {std::move(a), std::move(b)});
  e->op = opFromSpelling(op, /*unary=*/false);
  e->spelling = std::move(op);
  return e;
}

ExprPtr Expr::select(ExprPtr c, ExprPtr a, ExprPtr b, Type t) {
  return make(ExprKind::Select, t, {std::move(c), std::move(a), std::move(b)});
}

ExprPtr Expr::call(std::string callee, std::vector<ExprPtr> args, Type t) {
  ExprPtr e = make(ExprKind::Call, t, std::move(args));
  e->spelling = std::move(callee);
  return e;
}

ExprPtr Expr::cast(Type to, ExprPtr a, bool implicit) {
  ExprPtr e = make(ExprKind::Cast, to, {std::move(a)});
  e->implicit = implicit;
  return e;
}

ExprPtr Expr::window(Var* v, std::vector<ExprPtr> prefix, Type t) {
  ExprPtr e = make(ExprKind::Window, t, std::move(prefix));
  e->var = v;
  return e;
}

StmtPtr Stmt::make(StmtKind k) {
  auto s = std::make_unique<Stmt>();
  s->kind = k;
  return s;
}

StmtPtr Stmt::block(std::vector<StmtPtr> body) {
  StmtPtr s = make(StmtKind::Block);
  s->body = std::move(body);
  return s;
}

StmtPtr Stmt::forLoop(LoopKind kind, Var* v, ExprPtr lo, ExprPtr hi, int64_t step, StmtPtr body) {
  StmtPtr s = make(StmtKind::For);
  s->loop = kind;
  s->var = v;
  s->lo = std::move(lo);
  s->hi = std::move(hi);
  s->step = step;
  s->body.push_back(body ? std::move(body) : block());
  return s;
}

StmtPtr Stmt::ifStmt(ExprPtr cond, StmtPtr then, StmtPtr otherwise) {
  StmtPtr s = make(StmtKind::If);
  s->cond = std::move(cond);
  s->body.push_back(std::move(then));
  if (otherwise) s->body.push_back(std::move(otherwise));
  return s;
}

StmtPtr Stmt::assign(ExprPtr lhs, std::string op, ExprPtr rhs) {
  StmtPtr s = make(StmtKind::Assign);
  s->lhs = std::move(lhs);
  s->op = std::move(op);
  s->rhs = std::move(rhs);
  return s;
}

StmtPtr Stmt::decl(Var* v, ExprPtr init) {
  StmtPtr s = make(StmtKind::Decl);
  s->var = v;
  s->init = std::move(init);
  return s;
}

StmtPtr Stmt::sync(SyncScope scope) { return instrCall(&barrierInstruction(scope), {}, nullptr); }

const Instruction& barrierInstruction(CollectiveId scope) {
  // One per row of the table, made once; rows without a barrier keep an unused entry
  // (exo::sync's attribute only takes names of rows with one).
  static const std::vector<Instruction> table = [] {
    std::vector<Instruction> out;
    for (const Collective& c : collectives()) {
      Instruction in;
      in.name = std::string("exo::sync(") + c.name + ")";
      in.collective = c.id;
      in.barrier = c.hasBarrier();
      out.push_back(std::move(in));
    }
    return out;
  }();
  for (const Instruction& in : table)
    if (in.collective == scope) return in;
  return table.front();  // unreachable: every CollectiveId is a row
}

StmtPtr Stmt::assume(ExprPtr cond) {
  StmtPtr s = make(StmtKind::Assume);
  s->cond = std::move(cond);
  return s;
}

StmtPtr Stmt::instrCall(const Instruction* instr, std::vector<ExprPtr> operands, StmtPtr meaning) {
  StmtPtr s = make(StmtKind::Instr);
  s->instr = instr;
  s->operands = std::move(operands);
  s->body.push_back(meaning ? std::move(meaning) : block());
  return s;
}

StmtPtr Stmt::expects(ExprPtr cond) {
  StmtPtr s = make(StmtKind::Expects);
  s->cond = std::move(cond);
  return s;
}

StmtPtr Stmt::aligned(ExprPtr element, int64_t bytes) {
  StmtPtr s = make(StmtKind::Aligned);
  s->lhs = std::move(element);
  s->step = bytes;
  return s;
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

namespace exo::model {

const char* operandKindName(Operand::Kind k) {
  switch (k) {
    case Operand::Kind::Scalar: return "a value";
    case Operand::Kind::Global: return "global memory";
    case Operand::Kind::Shared: return "shared memory";
    case Operand::Kind::Registers: return "the issuing thread's registers";
    case Operand::Kind::Fragment: return "a warp's registers (a fragment)";
  }
  return "";
}

}  // namespace exo::model

namespace exo::model {

bool sameExpr(const Expr& a, const Expr& b) {
  if (a.kind != b.kind || a.op != b.op || a.var != b.var || a.ival != b.ival || a.spelling != b.spelling ||
      a.type.scalar != b.type.scalar || a.implicit != b.implicit || a.args.size() != b.args.size())
    return false;
  if (a.kind == ExprKind::FloatLit && a.fval != b.fval) return false;
  for (size_t i = 0; i < a.args.size(); ++i) {
    if (!a.args[i] || !b.args[i]) {
      if (a.args[i] != b.args[i]) return false;
      continue;
    }
    if (!sameExpr(*a.args[i], *b.args[i])) return false;
  }
  return true;
}

bool parseAsyncRole(const std::string& text, AsyncRole& out) {
  if (text == "tma_store") {
    out = AsyncRole{};
    out.tensorMapStore = true;
    return true;
  }
  if (text == "stage_async") {
    out = AsyncRole{};
    out.fencesProxy = true;
    return true;
  }
  const std::string storeAsync = "tma_store_async(";
  if (text.compare(0, storeAsync.size(), storeAsync) == 0) {
    AsyncRole r;
    if (!parseAsyncRole("async(" + text.substr(storeAsync.size()), r)) return false;
    out = r;
    out.tensorMapStore = true;
    out.drainedAtExit = true;
    return true;
  }
  // Cluster-wide forms first: "multicast_ring(" / "arrive_cluster_ring(" are not
  // prefixes of the others.
  static const std::pair<const char*, AsyncRole::Kind> clusterKinds[] = {{"multicast_ring(", AsyncRole::Kind::IssueRing},
                                                                          {"arrive_cluster_ring(", AsyncRole::Kind::ArriveRing}};
  for (const auto& [prefix, kind] : clusterKinds) {
    std::string p = prefix;
    if (text.compare(0, p.size(), p) != 0) continue;
    AsyncRole r;
    if (!parseAsyncRole(std::string(kind == AsyncRole::Kind::IssueRing ? "async_ring(" : "arrive_ring(") + text.substr(p.size()), r))
      return false;
    out = r;
    out.cluster = true;
    return true;
  }
  static const std::pair<const char*, AsyncRole::Kind> kinds[] = {{"async_ring(", AsyncRole::Kind::IssueRing},
                                                                   {"await_ring(", AsyncRole::Kind::AwaitRing},
                                                                   {"arrive_ring(", AsyncRole::Kind::ArriveRing},
                                                                   {"async_commit(", AsyncRole::Kind::IssueCommit},
                                                                   {"async(", AsyncRole::Kind::Issue},
                                                                   {"commit(", AsyncRole::Kind::Commit},
                                                                   {"await(", AsyncRole::Kind::Await},
                                                                   {"await_read(", AsyncRole::Kind::AwaitRead}};
  for (const auto& [prefix, kind] : kinds) {
    std::string p = prefix;
    if (text.size() <= p.size() + 1 || text.compare(0, p.size(), p) != 0 || text.back() != ')') continue;
    std::string queue = text.substr(p.size(), text.size() - p.size() - 1);
    if (queue.empty() || queue.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos) return false;
    out.kind = kind;
    out.queue = queue;
    return true;
  }
  return false;
}

bool hasKernelAtomicAdd(ScalarKind k) {
  return k == ScalarKind::Int || k == ScalarKind::UInt || k == ScalarKind::Long || k == ScalarKind::ULong ||
         k == ScalarKind::Float || k == ScalarKind::Double;
}

}  // namespace exo::model
