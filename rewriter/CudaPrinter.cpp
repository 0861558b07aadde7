#include "rewriter/CudaPrinter.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "checker/Checks.h"
#include "model/Evaluate.h"
#include "model/ExprPrinter.h"
#include "model/Fragment.h"
#include "model/Multicast.h"
#include "model/Rings.h"
#include "model/Roles.h"
#include "model/ThreadMapping.h"
#include "model/Walk.h"

namespace exo::rewriter {

using namespace model;

namespace {

std::string lowered(const ExprPtr& e) { return model::printExpr(e, /*lowered=*/true); }

/// A file name as a C string literal body: `"` and `\` escaped, control characters
/// in octal (a name is one line of a #line directive and of a comment).
std::string escapedName(const std::string& name) {
  std::string out;
  for (unsigned char ch : name) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += static_cast<char>(ch);
    } else if (ch < 0x20 || ch == 0x7f) {
      const char oct[] = {'\\', static_cast<char>('0' + (ch >> 6)), static_cast<char>('0' + ((ch >> 3) & 7)),
                          static_cast<char>('0' + (ch & 7)), 0};
      out += oct;
    } else {
      out += static_cast<char>(ch);
    }
  }
  return out;
}

// ------------------------------------------------------------- expressions

/// Whether the printed code of `s` reads `v` (dropped register indices do not count).
bool printedUses(const Stmt& s, const Var* v) {
  bool used = false;
  std::function<void(const Expr&)> visit = [&](const Expr& e) {
    used |= e.var == v && e.kind == ExprKind::VarRef;
    size_t from = e.kind == ExprKind::Index || e.kind == ExprKind::Window ? e.var->ownedIndexCount() : 0;
    for (size_t i = from; i < e.args.size(); ++i) visit(*e.args[i]);
  };
  forEachOwnExpr(s, [&](const ExprPtr& e) { visit(*e); });
  if (s.kind == StmtKind::Instr) return used;  // its meaning is not printed: the call is
  for (const StmtPtr& c : s.body) used |= printedUses(*c, v);
  return used;
}

std::string paramDecl(const Var* v) {
  const Type& t = v->type;
  std::string s;
  if (t.isPointer) {
    s = (t.pointeeConst ? "const " : "") + t.scalarSpelling() + "*" + (t.isRestrict ? " __restrict__" : "");
    if (t.isConst) s += " const";
    return s + " " + v->name;
  }
  return (t.isConst ? "const " : "") + t.scalarSpelling() + " " + v->name;
}

/// The CUDA kernel's name: `k_kernel`, an instance of a kernel template with its
/// arguments (`k_kernel_f16`; the launchers, overloads, keep the kernel's name).
std::string kernelFunctionName(const Kernel& k) {
  return k.name + "_kernel" + (k.instance.empty() ? "" : "_" + k.instance);
}

/// The launcher's stream parameter: `stream`, unless a kernel parameter has that name.
std::string launcherStreamName(const Kernel& k) {
  for (const Var* p : k.params)
    if (p->name == "stream") return "exo_stream";
  return "stream";
}

/// `cudaError_t name(params..., cudaStream_t stream = 0)`: the launcher's definition in
/// the .cu and its declaration in the generated header. An instance whose launcher is a
/// template's explicit specialization (Kernel::launcherTemplateParams):
/// `template <> cudaError_t name<128>(params..., cudaStream_t stream)`, the default
/// stream being the launcher template's (launcherTemplateDeclaration).
std::string launcherSignature(const Kernel& k) {
  bool specialization = !k.launcherTemplateParams.empty();
  std::string s = specialization ? "template <> cudaError_t " + k.name + k.launcherTemplateArgs + "(" : "cudaError_t " + k.name + "(";
  for (const Var* p : k.params) s += paramDecl(p) + ", ";
  return s + "cudaStream_t " + launcherStreamName(k) + (specialization ? ")" : " = 0)");
}

/// The launcher template an instance specializes, declared once per output before its
/// first specialization: `template <int TILE> cudaError_t name(params...,
/// cudaStream_t stream = 0);` (instances with other parameter types specialize an
/// overload of it). Empty for an overload launcher.
std::string launcherTemplateComment(const Kernel& k) {
  return "// The launcher template of " + k.name + "'s instances, called as the sequential program calls them (" +
         k.name + k.launcherTemplateArgs + "(...)).\n";
}

std::string launcherTemplateDeclaration(const Kernel& k) {
  if (k.launcherTemplateParams.empty()) return "";
  std::string s = "template <" + k.launcherTemplateParams + "> cudaError_t " + k.name + "(";
  for (const Var* p : k.params) s += paramDecl(p) + ", ";
  return s + "cudaStream_t " + launcherStreamName(k) + " = 0);";
}

std::string dimsSuffix(const Var* v, size_t from) {
  std::string s;
  for (size_t i = from; i < v->dims.size(); ++i) s += "[" + std::to_string(v->dims[i]) + "]";
  return s;
}

/// `e` as a value of kind k, converted explicitly where C++ converts it implicitly.
std::string convertedTo(const ExprPtr& e, ScalarKind k) {
  if (!isUnsignedKind(k)) return lowered(e);  // signed conversions of a bound keep its value
  Type t;
  t.scalar = k;
  return "(" + t.scalarSpelling() + ")(" + lowered(e) + ")";
}

/// The loop's start as its variable takes it: C++ converts the initializer to the
/// variable's type first (`short b = L` with L = -40000 starts at 25536; `unsigned char
/// b = -156` at 100), so the launcher's span starts there too (review of the sixteenth
/// session: a launch of 65600 blocks for 64 iterations, and of none for 10).
std::string startValue(const Stmt& loop) {
  const ScalarKind v = loop.var->type.scalar;
  const int bits = integerBits(v);
  const Expr* lit = loop.lo.get();
  while (lit->kind == ExprKind::Cast && lit->implicit && lit->args.size() == 1) lit = lit->args[0].get();
  if (lit->kind == ExprKind::IntLit && bits > 1) {  // a literal its type holds: as it is
    const bool u = isUnsignedKind(v);
    const int64_t x = lit->ival;
    const bool fits = bits >= 64 ? (!u || x >= 0)
                                 : x >= (u ? 0 : -(int64_t(1) << (bits - 1))) &&
                                       x <= (u ? (int64_t(1) << bits) - 1 : (int64_t(1) << (bits - 1)) - 1);
    if (fits) return "(" + std::to_string(x) + ")";
  }
  // Explicitly: the model's conversion to the variable's type is implicit, which
  // lowered() does not print.
  return "(" + loop.var->type.scalarSpelling() + ")(" + lowered(loop.lo) + ")";
}

/// Number of block-loop iterations, as C: ceil((hi - lo) / step) in long long, with hi as
/// the loop compares it and lo as the variable starts.
std::string extentExpr(const Stmt& loop) {
  ScalarKind cmp = loop.compareAs.value_or(loop.var->type.scalar);
  std::string hi = convertedTo(loop.hi, cmp);
  const bool fromZero = loop.lo->kind == ExprKind::IntLit && loop.lo->ival == 0;
  const std::string st = std::to_string(loop.step);
  if (cmp == ScalarKind::ULong) {
    // Compared as unsigned long: the span and the trip count in that type (0 when
    // hi <= lo), then as a long long clamped to its maximum. A plain cast would make a
    // bound of 2^63 or more negative ("no iterations": nothing launched, cudaSuccess);
    // clamped, it is more blocks than a grid holds and the launcher refuses it.
    const std::string start = startValue(loop);
    const std::string lo = loop.var->type.scalar == ScalarKind::ULong ? start : "(unsigned long)" + start;
    std::string n = fromZero ? "(" + hi + ")" : "((" + hi + ") > " + lo + " ? (" + hi + ") - " + lo + " : 0UL)";
    if (loop.step != 1) n = "(" + n + " / " + st + " + (" + n + " % " + st + " != 0))";
    return "(" + n + " > 9223372036854775807ULL ? 9223372036854775807LL : (long long)" + n + ")";
  }
  const std::string span = fromZero ? hi : "(long long)(" + hi + ") - (long long)" + startValue(loop);
  if (loop.step == 1) return "(long long)(" + span + ")";
  // ceil(span / step) without adding step - 1 first (a span near the maximum would
  // overflow), parenthesized whole: callers write `exo_block % <extent>` (an
  // unparenthesized quotient there would bind the wrong way).
  return "((long long)(" + span + ") / " + st + " + ((long long)(" + span + ") % " + st + " > 0))";
}

// -------------------------------------------------------------- statements

/// The thread's index within its current collective: ((exo_tid % m1) % m2) ... for the
/// units m1, m2, ... of the enclosing parallel loops (ThreadMapping.h: r' = r % unit).
struct ThreadIndex {
  std::vector<int64_t> moduli;

  /// The index inside one iteration of a loop of `unit` threads.
  ThreadIndex inner(int64_t unit) const {
    ThreadIndex t = *this;
    // (x % a) % b == x % b when b divides a (x >= 0): keep the expression short.
    while (!t.moduli.empty() && t.moduli.back() % unit == 0) t.moduli.pop_back();
    t.moduli.push_back(unit);
    return t;
  }
  std::string str() const {
    std::string s = "exo_tid";
    for (size_t i = 0; i < moduli.size(); ++i)
      s = (i ? "(" + s + ")" : s) + " % " + std::to_string(moduli[i]);
    return s;
  }
  std::string divided(int64_t unit) const {
    if (unit == 1) return str();
    return (moduli.empty() ? str() : "(" + str() + ")") + " / " + std::to_string(unit);
  }
};

/// Global pointers whose elements an instruction needs aligned (exo::aligned), with
/// the largest alignment asked for, in parameter order.
std::vector<std::pair<const Var*, int64_t>> globalAlignments(const Kernel& k) {
  std::map<const Var*, int64_t> need;
  walkStmts(*k.body, [&](Stmt& s, const std::vector<Stmt*>&) {
    if (s.kind == StmtKind::Aligned && s.lhs->var && s.lhs->var->isGlobalPointer())
      need[s.lhs->var] = std::max(need[s.lhs->var], s.step);
    return true;
  });
  std::vector<std::pair<const Var*, int64_t>> out;
  for (const Var* p : k.params)
    if (need.count(p)) out.push_back({p, need[p]});
  return out;
}

class KernelPrinter {
public:
  KernelPrinter(const Kernel& k, const PrintOptions& o, std::ostringstream& os)
      : k_(k), opts_(o), os_(os), name_(escapedName(o.sourceName)) {}

  /// The kernel and its launcher live in the kernel's namespace, as in the source.
  /// `declareTemplate`: the launcher template, before the first of its specializations.
  void print(bool declareTemplate) {
    for (const std::string& ns : k_.namespaces) os_ << "namespace " << ns << " {\n";
    if (declareTemplate) os_ << launcherTemplateComment(k_) << launcherTemplateDeclaration(k_) << "\n";
    printKernel();
    printLauncher();
    for (size_t i = k_.namespaces.size(); i-- > 0;) os_ << "}  // namespace " << k_.namespaces[i] << "\n";
    os_ << "\n";
  }

private:
  unsigned lineOf(SrcLoc loc) const { return opts_.lineOf ? opts_.lineOf(loc) : 0; }

  void line(SrcLoc loc) { directive(lineOf(loc)); }
  void directive(unsigned l) {
    if (!l) return;
    os_ << "#line " << l << " \"" << name_ << "\"\n";
    mappedFrom_ = os_.tellp();
    mappedLine_ = l;
  }

  /// The source line the next output line maps to (0: none yet).
  unsigned currentLine() const {
    if (!mappedLine_) return 0;
    std::string text = os_.str();
    return mappedLine_ + static_cast<unsigned>(std::count(text.begin() + mappedFrom_, text.end(), '\n'));
  }

  /// Before a closing brace of `r`'s construct: keeps it mapped inside the construct's
  /// lines (else to its last line), never to a later statement or past the file's end.
  void closing(SrcRange r) {
    unsigned first = lineOf(r.begin), last = lineOf(r.end.valid() ? r.end : r.begin), cur = currentLine();
    if (last && (cur < first || cur > last)) directive(last);
  }
  /// Exactly at `loc`'s line (the closing braces of the kernel and the launcher).
  void closingAt(SrcLoc loc) {
    unsigned l = lineOf(loc);
    if (l && currentLine() != l) directive(l);
  }
  SrcLoc kernelEnd() const { return k_.body->range.end.valid() ? k_.body->range.end : k_.loc; }
  std::string ind() const { return std::string(2 * depth_, ' '); }

  std::string streamName() const { return launcherStreamName(k_); }

  // A cluster kernel's arrays too, although static ones would also sit at the same
  // offset in every block: the CPU emulation (tests/emulation) can give each block of a
  // cluster its own dynamic buffer, not its own copy of a static array.
  bool dynamicShared() const { return k_.sharedBytes > 48 * 1024 || k_.clustered(); }
  bool anySwizzled() const {
    for (const auto& v : k_.vars)
      if (v->swizzle) return true;
    return false;
  }
  std::string kernelName() const { return kernelFunctionName(k_); }

  /// TMA: one tensor map per (global pointer, box) an async_ring instruction copies
  /// from (or a tma_store instruction stores to), a `const __grid_constant__ CUtensorMap` parameter of the kernel encoded by
  /// the launcher from the pointer's exo::extent (checker/InstructionCheck checked it).
  struct TensorMap {
    const Var* tensor;
    size_t rank;  // 2 or 3: the tensor's exo::extent
    int64_t boxDepth, boxRows, boxCols;  // boxDepth 1 for a 2-D map or an R x C tile of a 3-D one
    int swizzle;  // bytes: 128, 64, 32, or 0 (plain)
    std::string name;
    bool sameMap(const TensorMap& o) const {
      return tensor == o.tensor && rank == o.rank && boxDepth == o.boxDepth && boxRows == o.boxRows &&
             boxCols == o.boxCols && swizzle == o.swizzle;
    }
  };
  /// A TMA copy's box: its (first) shared operand, the destination tile (its index, -1
  /// when none).
  static int boxIndex(const Instruction& in) {
    for (size_t i = 0; i < in.operands.size(); ++i)
      if (in.operands[i].kind == Operand::Kind::Shared) return static_cast<int>(i);
    return -1;
  }
  static const Operand* boxOperand(const Instruction& in) {
    const int i = boxIndex(in);
    return i < 0 ? nullptr : &in.operands[size_t(i)];
  }
  /// The map a TMA call's global operand `global` goes through (name unset); nullopt when
  /// the call has no 2-D or 3-D tile.
  std::optional<TensorMap> mapOf(const Stmt& call, const Expr& global) const {
    const Operand* dst = boxOperand(*call.instr);
    if (!dst || !global.var || dst->tileDims.size() < 2 || dst->tileDims.size() > 3) return std::nullopt;
    const std::vector<int64_t>& t = dst->tileDims;
    const size_t rank = global.var->extents.size() == 3 ? 3 : 2;
    if (rank == 2 && t.size() == 3) return std::nullopt;  // checker/InstructionCheck reported it
    return TensorMap{global.var, rank, t.size() == 3 ? t[0] : 1, boxRows(call), t.back(), tileSwizzle(call), ""};
  }
  const std::vector<TensorMap>& tensorMaps() {
    if (mapsDone_) return maps_;
    mapsDone_ = true;
    walkStmts(*k_.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
      if (s.kind != StmtKind::Instr) return true;
      if (!s.instr->async.viaTensorMap()) return false;
      for (size_t i = 0; i < s.operands.size() && i < s.instr->operands.size(); ++i) {
        if (s.instr->operands[i].kind != Operand::Kind::Global) continue;
        std::optional<TensorMap> m = mapOf(s, *s.operands[i]);
        if (!m) continue;
        bool known = false;
        for (const TensorMap& o : maps_) known |= o.sameMap(*m);
        if (known) continue;
        // A plain (unswizzled) map of the same box as a swizzled one is another map.
        m->name = "exo_tmap_" + m->tensor->name + "_" + (m->rank == 3 ? std::to_string(m->boxDepth) + "x" : "") +
                  std::to_string(m->boxRows) + "x" + std::to_string(m->boxCols) +
                  (m->swizzle == 128 ? "" : m->swizzle ? "_sw" + std::to_string(m->swizzle) : "_plain");
        maps_.push_back(*m);
      }
      return false;
    });
    return maps_;
  }
  /// The swizzle of a TMA call's tile: its array's declaration (`swizzled` operands take
  /// any), 0 for a plain tile.
  static int tileSwizzle(const Stmt& call) {
    const int i = boxIndex(*call.instr);
    if (i < 0 || size_t(i) >= call.operands.size()) return 0;
    const ExprPtr& tile = call.operands[size_t(i)];
    return tile && tile->var ? tile->var->swizzle : 0;
  }
  /// The rows of one TMA copy's box (the tile's next-to-last extent), or a block's share
  /// of a multicast's.
  int64_t boxRows(const Stmt& call) const {
    const Instruction& in = *call.instr;
    const Operand* dst = boxOperand(in);
    int64_t rows = dst && dst->tileDims.size() >= 2 ? dst->tileDims[dst->tileDims.size() - 2] : 0;
    return in.async.cluster && k_.clustered() ? rows / std::max<int64_t>(1, multicastGroup(k_, call).blocks) : rows;
  }
  /// A TMA load's tensor map with the L2 hint of its global (exo::l2_policy): the CUDA
  /// form takes the map and the policy together. Stores and reductions are not hinted.
  static std::string hinted(const Stmt& call, const Expr& global, const std::string& map) {
    if (call.instr->async.kind != AsyncRole::Kind::IssueRing || !global.var) return map;
    switch (global.var->l2Policy) {
      case L2Policy::None: return map;
      case L2Policy::EvictFirst: return "exo::sm90::gpu::l2_evict_first(" + map + ")";
      case L2Policy::EvictLast: return "exo::sm90::gpu::l2_evict_last(" + map + ")";
    }
    return map;
  }

  /// The tensor map a TMA call's global operand stands for.
  std::string tensorMapOf(const Stmt& call, const Expr& global) {
    std::optional<TensorMap> mine = mapOf(call, global);
    for (const TensorMap& m : tensorMaps())
      if (mine && m.sameMap(*mine)) return "&" + m.name;
    return "nullptr /* no tensor map */";
  }

  void printKernel() {
    os_ << "// " << k_.name << k_.templateArgs << ": " << (k_.gridLoops.empty() ? "1 block" : "one block per (");
    for (size_t i = 0; i < k_.gridLoops.size(); ++i) os_ << (i ? ", " : "") << k_.gridLoops[i]->var->name;
    if (!k_.gridLoops.empty()) os_ << ")";
    os_ << " of " << k_.blockThreads << " threads, " << k_.sharedBytes << " bytes of shared memory";
    if (!k_.clusterLoops.empty()) {
      os_ << "; clusters of " << k_.clusterSize << " blocks (";
      for (size_t i = 0; i < k_.clusterLoops.size(); ++i) os_ << (i ? ", " : "") << k_.clusterLoops[i]->var->name;
      os_ << ")";
    }
    if (!k_.rankLoops.empty())
      os_ << "; clusters of " << k_.clusterSize << " blocks, each block running its iteration of the block_in_cluster loops";
    if (k_.persistent)
      os_ << (!k_.clusterLoops.empty() ? "; persistent: whole clusters, at most one block per SM, run tiles in turn"
                             : "; persistent: one block per SM runs tiles in turn");
    os_ << ".\n";
    line(k_.loc);
    // Register budgets (setmaxnreg) start from the allocation of one block per SM.
    os_ << "__global__ void __launch_bounds__(" << k_.blockThreads << (checker::setsRegisterBudgets(k_) ? ", 1" : "") << ") ";
    if (k_.clustered()) os_ << "__cluster_dims__(" << k_.clusterSize << ", 1, 1) ";
    os_ << kernelName() << "(";
    for (size_t i = 0; i < k_.params.size(); ++i) os_ << (i ? ", " : "") << paramDecl(k_.params[i]);
    for (const TensorMap& m : tensorMaps()) os_ << ", const __grid_constant__ CUtensorMap " << m.name;
    os_ << ") {\n";
    depth_ = 1;
    // [[maybe_unused]]: a kernel without thread loops never reads it (nvcc warning #177).
    os_ << ind() << "[[maybe_unused]] const int exo_tid = threadIdx.x;\n";
    if (dynamicShared())
      os_ << ind() << "extern __shared__ __align__(" << (anySwizzled() ? 1024 : 128) << ") unsigned char exo_smem[];\n";
    if (k_.persistent) return printPersistentBody();
    printGridIndices();
    // The block body in its own scope, as in the source (it may shadow parameters).
    os_ << ind() << "{\n";
    nested(*k_.blockBody, ThreadIndex{});
    ++depth_;
    drainBulkStores();
    --depth_;
    if (k_.clustered()) {
      // No block leaves while another may still copy into its tiles, arrive at its
      // rings or read its distributed arrays (every thread of the cluster reaches this:
      // blocks have no early exit).
      os_ << ind() << "  exo::sm90::gpu::cluster_sync();  // the cluster's blocks leave together\n";
    }
    closing(k_.blockBody->range);
    os_ << ind() << "}\n";
    closingAt(kernelEnd());
    os_ << "}\n\n";
  }

  /// A persistent kernel (Kernel::persistent): the block's shared arrays and rings once,
  /// then the tiles blockIdx.x, blockIdx.x + gridDim.x, ... in the grouped order of
  /// printGroupedGrid, each running the block body. A ring's position p in the block's
  /// n-th tile is the sequence's p + n * period (the prover proved the period a multiple
  /// of the ring's S slots, so the slot is p's and the parity continues), printed as
  /// p + exo_<ring>_base: n * period reduced modulo 2 S 2^k <= 2^30 (a multiple of 2 S keeps
  /// slot and parity, and the sum an int; positions stay distinct for 2^k phases, which
  /// the CPU emulation of the rings, keyed by position, needs).
  void printPersistentBody() {
    os_ << ind() << "{\n";
    ++depth_;
    for (const StmtPtr& s : k_.blockBody->body)
      if (s->kind == StmtKind::Decl && s->var && s->var->memory == Memory::Shared) {
        decl(*s);  // once for all the block's tiles
        hoisted_.insert(s.get());
      }
    if (std::optional<TileRoles> roles = tileRoles()) {
      printTileRoles(*roles);
    } else {
      tileLoop([&] {
        os_ << ind() << "{\n";
        nested(*k_.blockBody, ThreadIndex{});
        closing(k_.blockBody->range);
        os_ << ind() << "}\n";
      });
    }
    drainBulkStores();
    if (k_.clustered())  // as printKernel's: no block leaves while a peer may still reach it
      os_ << ind() << "exo::sm90::gpu::cluster_sync();  // the cluster's blocks leave together\n";
    --depth_;
    closing(k_.gridLoops.front()->range);
    os_ << ind() << "}\n";
    closingAt(kernelEnd());
    os_ << "}\n\n";
  }
  static std::string ringBase(const Var& ring) { return "exo_" + ring.name + "_base"; }

  /// TMA stores (Kernel::instructions with AsyncRole::drainedAtExit) complete at the
  /// kernel's exit at the latest: every thread waits for its bulk groups there (a
  /// thread without any returns at once). The prover counts on it (checker/ProverAsync).
  void drainBulkStores() {
    bool any = false;
    for (const auto& in : k_.instructions) any |= in->async.drainedAtExit;
    if (!any) return;
    os_ << ind() << "exo::sm90::gpu::bulk_wait<0>();  // TMA stores still in flight complete before the block leaves\n";
  }

  /// Does a statement other than a self-fencing instruction write a shared array that an
  /// asynchronous TMA store (tma_store) reads? Those writes go through the generic proxy
  /// and TMA reads through the async proxy: the printer fences before every barrier and
  /// ring arrival (the proven order between the write and the store runs through one).
  bool genericWritesOfStoredTiles() {
    if (fenceKnown_) return fenceNeeded_;
    fenceKnown_ = true;
    std::set<const Var*> stored;
    walkStmts(*k_.blockBody, [&](Stmt& x, const std::vector<Stmt*>&) {
      if (x.kind != StmtKind::Instr || !x.instr->async.drainedAtExit) return true;
      for (size_t i = 0; i < x.operands.size() && i < x.instr->operands.size(); ++i)
        if (x.instr->operands[i].kind == Operand::Kind::Shared && x.operands[i] && x.operands[i]->var)
          stored.insert(x.operands[i]->var);
      return false;
    });
    if (stored.empty()) return false;
    walkStmts(*k_.blockBody, [&](Stmt& x, const std::vector<Stmt*>&) {
      if (x.kind == StmtKind::Assign && x.lhs && stored.count(x.lhs->var)) fenceNeeded_ = true;
      if (x.kind != StmtKind::Instr) return true;
      const AsyncRole& a = x.instr->async;
      if (a.fencesProxy || a.tensorMapStore || a.kind == AsyncRole::Kind::IssueRing) return false;  // fenced, or async proxy
      for (size_t i = 0; i < x.operands.size() && i < x.instr->operands.size(); ++i)
        if (x.instr->operands[i].writes && x.instr->operands[i].kind == Operand::Kind::Shared && x.operands[i] &&
            stored.count(x.operands[i]->var))
          fenceNeeded_ = true;
      return false;
    });
    return fenceNeeded_;
  }
  bool fenceKnown_ = false, fenceNeeded_ = false;

  /// Does the kernel write, through the generic proxy (plain stores, red.global of
  /// wgmma_store_add), a global array that a TMA instruction (a tensor-map load, store or
  /// reduction) also accesses? The async proxy then needs `fence.proxy.async.global`
  /// between them (PTX ISA, "Async Proxy"); a barrier or an mbarrier orders the threads,
  /// not the proxies (review of the fifteenth session: C zeroed by plain stores, then a
  /// TMA reduction into it after a block barrier, could add to the old C).
  bool genericWritesOfTmaGlobals() {
    if (globalFenceKnown_) return globalFenceNeeded_;
    globalFenceKnown_ = true;
    std::set<const Var*> viaTma = tensorMapGlobals(*k_.blockBody);
    if (viaTma.empty()) return false;
    walkStmts(*k_.blockBody, [&](Stmt& x, const std::vector<Stmt*>&) {
      if (x.kind == StmtKind::Assign && x.lhs && viaTma.count(x.lhs->var)) globalFenceNeeded_ = true;
      if (x.kind != StmtKind::Instr) return true;
      if (x.instr->async.viaTensorMap()) return false;  // the async proxy itself
      for (size_t i = 0; i < x.operands.size() && i < x.instr->operands.size(); ++i)
        if (x.instr->operands[i].writes && x.instr->operands[i].kind == Operand::Kind::Global && x.operands[i] &&
            viaTma.count(x.operands[i]->var))
          globalFenceNeeded_ = true;
      return false;
    });
    return globalFenceNeeded_;
  }
  bool globalFenceKnown_ = false, globalFenceNeeded_ = false;

  /// A sequential loop of a few iterations around an instruction that takes a register
  /// fragment and an operand computed from the loop's variable (wgmma_stage(s, acc, 64 *
  /// q)): unrolled, so that the CUDA form's register indices are constants and the
  /// fragment stays in registers (a dynamic index would put it in local memory).
  bool unrollForRegisters(const Stmt& loop) const {
    const int64_t trip = loop.tripCount();
    if (trip <= 0 || trip > 16 || !loop.forBody()) return false;
    bool found = false;
    walkStmts(const_cast<Stmt&>(*loop.forBody()), [&](Stmt& x, const std::vector<Stmt*>&) {
      if (found) return false;
      if (x.kind != StmtKind::Instr || x.isBarrier()) return true;
      bool fragment = false, usesVar = false;
      for (const Operand& op : x.instr->operands) fragment |= op.kind == Operand::Kind::Fragment;
      for (const ExprPtr& e : x.operands)
        forEachExpr(e, [&](const Expr& y) { usesVar |= y.var == loop.var; });
      found = fragment && usesVar;
      return false;
    });
    return found;
  }

  /// The loop over this block's tiles around `body`: each tile's grid indices and ring
  /// bases first.
  void tileLoop(const std::function<void()>& body) {
    line(k_.gridLoops.front()->loc());  // the tile loop's lines: the grid loops'
    if (!k_.clusterLoops.empty())
      os_ << ind() << "// The tiles this block's cluster runs, one after another (blockIdx.x / " << k_.clusterSize
          << ", + gridDim.x / " << k_.clusterSize << ", ...).\n";
    else
      os_ << ind() << "// The tiles this block runs, one after another (blockIdx.x, + gridDim.x, ...).\n";
    os_ << ind() << "long long exo_tiles = 1;\n";
    for (const Stmt* l : k_.gridLoops)
      if (!k_.isClusterLoop(l)) os_ << ind() << "exo_tiles *= " << extentExpr(*l) << ";\n";
    os_ << ind() << "long long exo_done = 0;  // tiles this block has run\n";
    line(k_.gridLoops.front()->loc());
    // In a cluster kernel the tiles are the clusters': consecutive blocks form a
    // cluster, and every block of it walks the same tiles.
    const std::string n = std::to_string(k_.clusterSize);
    if (!k_.clusterLoops.empty())
      os_ << ind() << "for (long long exo_tile = blockIdx.x / " << n << "; exo_tile < exo_tiles; exo_tile += gridDim.x / " << n
          << ", ++exo_done) {\n";
    else
      os_ << ind() << "for (long long exo_tile = blockIdx.x; exo_tile < exo_tiles; exo_tile += gridDim.x, ++exo_done) {\n";
    ++depth_;
    if (k_.tileDims() == 2) {
      printGroupedGrid("exo_tile");
    } else {
      line(k_.gridLoops.front()->loc());
      // The cluster loops are the innermost grid loops: the rank is the fastest index.
      os_ << ind() << "long long exo_block = " << (!k_.clusterLoops.empty() ? "exo_tile * " + n + " + blockIdx.x % " + n : "exo_tile")
          << ";\n";
      printLinearGrid();
    }
    for (const Kernel::RingPeriod& p : k_.ringPeriods) {
      // Modulo 2 S 2^k, the largest such at most 2^30: the slot and parity of every
      // position kept, the sum with a position an int, positions distinct for 2^k phases.
      const int64_t S = p.ring->dims.empty() ? 1 : p.ring->dims[0];
      int64_t modulus = 2 * S;
      while (modulus * 2 <= (int64_t(1) << 30)) modulus *= 2;
      os_ << ind() << "const int " << ringBase(*p.ring) << " = (int)((exo_done * (long long)(" << lowered(p.period)
          << ")) % " << modulus << "LL);  // position 0 of this tile in ring '" << p.ring->name << "'\n";
    }
    body();
    --depth_;
    closing(k_.gridLoops.front()->range);
    os_ << ind() << "}\n";
  }

  /// A persistent block body made of role statements over one warpgroup (or warp)
  /// loop: sequential loops with roles inside (rolesInside) and role loops (a parallel
  /// loop around one role `if`), besides register arrays, with no barrier. Printed with
  /// the roles outside the tile loop, each role's own tile loop running its branches
  /// (as rolesOutside does for one loop): the producer's one-thread branch is then never
  /// on a path of the consumers' wgmma (ptxas warning C7518 otherwise).
  struct TileRoles {
    const Stmt* loop = nullptr;            // the first role loop: its threads split the roles
    std::vector<const Stmt*> stmts;        // the statements, in order
    std::vector<const Stmt*> roleLoops;    // each statement's role loop (null: a declaration)
    std::vector<std::vector<int64_t>> gs;  // the role classes: iterations taking the same branches
    std::vector<std::vector<int>> branch;  // per class, per statement: the branch taken (-1: none)
  };
  std::optional<TileRoles> tileRoles() const {
    TileRoles t;
    // A barrier of a scope wider than one role copy (one iteration of the role loop)
    // would need every role to reach it in the same tile: no roles outside the tile loop
    // then. A role's own barrier (a warpgroup's, in a warpgroup role) is fine.
    int64_t widestBarrier = 0;
    walkStmts(*k_.blockBody, [&](Stmt& x, const std::vector<Stmt*>&) {
      if (x.isBarrier()) widestBarrier = std::max<int64_t>(widestBarrier, collective(x.barrierScope()).threads);
      return true;
    });
    // (Register budgets are refused in persistent kernels: checker/PersistentCheck.)
    for (const StmtPtr& s : k_.blockBody->body) {
      if (hoisted_.count(s.get())) continue;
      if (s->kind == StmtKind::Decl && s->var && s->var->memory == Memory::Registers) {
        t.stmts.push_back(s.get());
        t.roleLoops.push_back(nullptr);
        continue;
      }
      const Stmt* p = nullptr;
      if (s->kind == StmtKind::For && !s->isParallel()) p = rolesInside(*s);
      else if (s->isParallel() && s->forBody() && s->forBody()->body.size() == 1 && s->forBody()->body[0]->kind == StmtKind::If &&
               s->forBody()->body[0]->cond && isRoleCondition(*s->forBody()->body[0]->cond, {s.get()}))
        p = s.get();
      if (!p) return std::nullopt;
      if (t.loop && (!sameThreadSplit(*p, *t.loop) || p->var->type.scalar != t.loop->var->type.scalar))
        return std::nullopt;
      if (!t.loop) t.loop = p;
      t.stmts.push_back(s.get());
      t.roleLoops.push_back(p);
    }
    if (!t.loop || t.loop->tripCount() <= 0 || !constantValue(*t.loop->lo)) return std::nullopt;
    if (widestBarrier > iterationThreads(*t.loop)) return std::nullopt;
    std::vector<std::vector<int>> classes;
    for (int64_t i = 0; i < t.loop->tripCount(); ++i) {
      const Wide g = *constantValue(*t.loop->lo) + t.loop->step * i;
      std::vector<int> taken;
      for (const Stmt* p : t.roleLoops) {
        if (!p) {
          taken.push_back(-1);
          continue;
        }
        const Stmt& branch = *p->forBody()->body[0];
        Evaluation e = evaluate(*branch.cond, [&](const Var* v) -> std::optional<Wide> {
          return v == p->var ? std::optional<Wide>(g) : std::nullopt;
        });
        if (!e.value) return std::nullopt;
        const int b = *e.value != 0 ? 0 : 1;
        taken.push_back(b < static_cast<int>(branch.body.size()) ? b : -1);
      }
      size_t c = 0;
      while (c < classes.size() && classes[c] != taken) ++c;
      if (c == classes.size()) {
        classes.push_back(taken);
        t.gs.emplace_back();
      }
      t.gs[c].push_back(static_cast<int64_t>(g));
    }
    t.branch = classes;
    return t;
  }

  void printTileRoles(const TileRoles& t) {
    const Stmt& p0 = *t.loop;
    for (size_t i = 0; i < t.stmts.size(); ++i)
      if (!t.roleLoops[i]) decl(*t.stmts[i]);  // register arrays: one per thread for all its tiles
    parallelFor(p0, ThreadIndex{}, [&](ThreadIndex in) {
      for (size_t c = 0; c < t.gs.size(); ++c) {
        std::string cond;
        for (int64_t g : t.gs[c]) cond += (cond.empty() ? "" : " || ") + p0.var->name + " == " + std::to_string(g);
        if (c == 0) os_ << ind() << "if (" << cond << ") {\n";
        else if (c + 1 < t.gs.size()) os_ << ind() << "} else if (" << cond << ") {\n";
        else os_ << ind() << "} else {  // " << cond << "\n";
        ++depth_;
        tileLoop([&] {
          for (size_t i = 0; i < t.stmts.size(); ++i) {
            const Stmt* p = t.roleLoops[i];
            const int b = t.branch[c][i];
            if (!p || b < 0) continue;
            if (p->var->name != p0.var->name && printedUses(*p->forBody(), p->var))
              os_ << ind() << "const " << p->var->type.scalarSpelling() << " " << p->var->name << " = " << p0.var->name << ";\n";
            const Stmt& branch = *p->forBody()->body[0];
            const Stmt& s = *t.stmts[i];
            if (&s == p) {
              nested(*branch.body[b], in);
            } else {
              seqFor(s, in, [&](ThreadIndex i2) { nested(*branch.body[b], i2); });
            }
          }
        });
        --depth_;
        if (c + 1 < t.gs.size()) closing(p0.range);
      }
      closing(p0.range);
      os_ << ind() << "}\n";
    });
  }
  std::set<const Stmt*> hoisted_;  // printed before a persistent kernel's tile loop

  /// Block loops: blockIdx.x linearizes the grid, innermost block loop fastest; a
  /// tensor-core kernel's 2-D grid goes in groups of rows (printGroupedGrid).
  void printGridIndices() {
    // A cluster body: consecutive blocks form a cluster, the grid loops walk clusters.
    std::string index = "(long long)blockIdx.x";
    if (!k_.rankLoops.empty()) {
      os_ << ind() << "const int exo_rank = (int)(blockIdx.x % " << k_.clusterSize
          << ");  // the block's rank in its cluster: its iteration of every block_in_cluster loop\n";
      index = "(long long)blockIdx.x / " + std::to_string(k_.clusterSize);
    }
    if (k_.gridLoops.empty()) return;
    const size_t clusters = k_.tileDims();  // loops over clusters
    if (clusters == 2 && (!k_.instructions.empty() || k_.tileOrder.kind != Kernel::TileOrder::Kind::Default))
      return printGroupedGrid(index);
    os_ << ind() << "long long exo_block = " << (k_.rankLoops.empty() ? "blockIdx.x" : index) << ";\n";
    printLinearGrid();
  }
  void printLinearGrid() {
    for (size_t n = k_.gridLoops.size(); n-- > 0;) {
      const Stmt& l = *k_.gridLoops[n];
      line(l.loc());
      std::string idx = n == 0 ? "exo_block" : "exo_block % " + extentExpr(l);
      std::string type = l.var->type.scalarSpelling();
      os_ << ind() << "const " << type << " " << l.var->name << " = " << iterationValue(l, "(" + type + ")(" + idx + ")", /*simpleIter=*/true)
          << ";\n";
      if (n) os_ << ind() << "exo_block /= " << extentExpr(l) << ";\n";
    }
  }

  /// A 2-D grid in the kernel's tile order (exo::tile_order; by default groups of
  /// kGroupRows rows of the outer loop: consecutive blocks walk down a group's rows, then
  /// to its next column, so the blocks running at once share fewer, more reused A and B
  /// panels in L2). Blocks never depend on each other (the prover checks that no two
  /// write one global element), so any order of them computes the same; each is a
  /// bijection of [0, rows * columns) for any extents: groups of G along one dimension
  /// (row-major is groups of all the columns, column-major of all the rows).
  static constexpr int kGroupRows = 8;
  /// In a cluster kernel the groups are of clusters: the cluster loops' iterations are
  /// the block's rank, blockIdx.x % size (consecutive blocks form a cluster), the
  /// innermost loop fastest.
  void printGroupedGrid(std::string index) {
    using Kind = Kernel::TileOrder::Kind;
    if (!k_.clusterLoops.empty()) {
      line(k_.clusterLoops.front()->loc());
      for (const Stmt* c : k_.clusterLoops) {
        const int64_t stride = clusterStride(k_, c);
        std::string type = c->var->type.scalarSpelling();
        std::string rank = stride == 1 ? "blockIdx.x % " + std::to_string(c->tripCount())
                                        : "blockIdx.x / " + std::to_string(stride) + " % " + std::to_string(c->tripCount());
        os_ << ind() << "const " << type << " " << c->var->name << " = (" << type << ")(" << rank << ");  // "
            << (k_.clusterLoops.size() == 1 ? "the block's rank in its cluster" : "the block's coordinate in its cluster")
            << "\n";
      }
      if (!k_.persistent) {  // a persistent kernel's tile index walks clusters already
        os_ << ind() << "const long long exo_cluster = (long long)blockIdx.x / " << k_.clusterSize << ";\n";
        index = "exo_cluster";
      }
    }
    const Kind kind = k_.tileOrder.kind;
    // The grouped dimension (0: the rows, the outer loop; 1: the columns) and the group.
    const int along = kind == Kind::GroupedColumns || kind == Kind::RowMajor ? 1 : 0;
    const std::string group = kind == Kind::Default       ? std::to_string(kGroupRows)
                              : kind == Kind::RowMajor    ? "exo_cols"
                              : kind == Kind::ColumnMajor ? "exo_rows"
                                                          : std::to_string(k_.tileOrder.group);
    const Stmt& rows = *k_.gridLoops[0];
    const Stmt& cols = *k_.gridLoops[1];
    const char* what = k_.clustered() ? "Clusters" : "Blocks";
    if (kind == Kind::RowMajor || kind == Kind::ColumnMajor)
      os_ << ind() << "// " << what << (kind == Kind::RowMajor ? " row by row (" + rows.var->name + "), each row column by column.\n"
                                                               : " column by column (" + cols.var->name + "), each column row by row.\n");
    else
      os_ << ind() << "// " << what << " in groups of " << group << (along ? " columns (" : " rows (") << k_.gridLoops[along]->var->name
          << (along ? "), each group row by row.\n" : "), each group column by column.\n");
    os_ << ind() << "const long long exo_rows = " << extentExpr(rows) << ", exo_cols = " << extentExpr(cols) << ";\n";
    const std::string a = along ? "exo_cols" : "exo_rows", b = along ? "exo_rows" : "exo_cols";
    os_ << ind() << "const long long exo_group = " << index << " / (" << group << " * " << b << ");\n";
    os_ << ind() << "const long long exo_in = " << index << " - exo_group * " << group << " * " << b << ";\n";
    os_ << ind() << "const long long exo_height = " << a << " - exo_group * " << group << " < " << group << " ? " << a
        << " - exo_group * " << group << " : " << group << ";\n";
    for (int n = 0; n < 2; ++n) {
      const Stmt& l = *k_.gridLoops[n];
      line(l.loc());
      std::string idx = n == along ? "exo_group * " + group + " + exo_in % exo_height" : "exo_in / exo_height";
      std::string type = l.var->type.scalarSpelling();
      os_ << ind() << "const " << type << " " << l.var->name << " = "
          << iterationValue(l, "(" + type + ")(" + idx + ")", /*simpleIter=*/true) << ";\n";
    }
  }

  /// lo + step * iter, parenthesized so that `iter` and `lo` keep their meaning;
  /// `simpleIter`: iter is a single name or number.
  std::string iterationValue(const Stmt& l, const std::string& iter, bool simpleIter) {
    std::string v = l.step == 1 ? iter : std::to_string(l.step) + " * " + (simpleIter ? iter : "(" + iter + ")");
    if (l.lo->kind == ExprKind::IntLit && l.lo->ival == 0) return v;
    bool simpleLo = l.lo->kind == ExprKind::IntLit || l.lo->kind == ExprKind::VarRef;
    return (simpleLo ? lowered(l.lo) : "(" + lowered(l.lo) + ")") + " + " + (l.step == 1 && !simpleIter ? "(" + v + ")" : v);
  }

  void stmt(const Stmt& s, ThreadIndex r) {
    switch (s.kind) {
      case StmtKind::Block:
        for (size_t i = 0; i < s.body.size(); ++i) {
          const StmtPtr& c = s.body[i];
          // A role prologue (register budgets) joins the roles of the loop after it.
          if (i + 1 < s.body.size() && fusesWith(*c, *s.body[i + 1])) {
            rolesOutside(*s.body[i + 1], *rolesInside(*s.body[i + 1]), r, c.get());
            ++i;
            continue;
          }
          if (c->kind != StmtKind::Block) {
            stmt(*c, r);
            continue;
          }
          os_ << ind() << "{\n";  // a `{ ... }` of the source: keeps its declarations' scope
          nested(*c, r);
          closing(c->range);
          os_ << ind() << "}\n";
        }
        return;
      case StmtKind::For:
        if (s.rankLoop) return rankLoop(s, r);
        if (s.isParallel()) return parallelFor(s, r);
        if (const Stmt* roles = rolesInside(s)) return rolesOutside(s, *roles, r);
        return seqFor(s, r, [&](ThreadIndex in) { nested(*s.forBody(), in); });
      case StmtKind::If:
        line(s.loc());
        // `if (c) continue; rest` is `if (c) {} else { rest }` in the model: printed `if (!(c)) { rest }`.
        if (s.body.size() > 1 && s.body[0]->kind == StmtKind::Block && s.body[0]->body.empty()) {
          os_ << ind() << "if (!(" << lowered(s.cond) << ")) {\n";
          nested(*s.body[1], r);
          closing(s.range);
          os_ << ind() << "}\n";
          return;
        }
        os_ << ind() << "if (" << lowered(s.cond) << ") {\n";
        nested(*s.body[0], r);
        if (s.body.size() > 1) {
          closing(s.range);
          os_ << ind() << "} else {\n";
          nested(*s.body[1], r);
        }
        closing(s.range);
        os_ << ind() << "}\n";
        return;
      case StmtKind::Assign:
        line(s.loc());
        if (s.atomic) return atomicAdd(s);
        os_ << ind() << lowered(s.lhs) << " " << s.op << " " << lowered(s.rhs) << ";\n";
        return;
      case StmtKind::Decl:
        if (hoisted_.count(&s)) return;
        return decl(s);
      case StmtKind::Assume:
        return;  // checked by the launcher
      case StmtKind::Instr: {
        const std::string group = multicastGroupArgs(s);  // (its comment line before the #line)
        line(s.loc());
        // Generic writes of a tile that a TMA store reads: the writers fence them into
        // the async proxy before the barrier or arrival that orders them before the store.
        // (The issuing thread fences its own writes before the store too: program order
        // alone does not order the generic proxy before the async one.)
        if ((s.isBarrier() || s.instr->async.kind == AsyncRole::Kind::ArriveRing ||
             (s.instr->async.drainedAtExit && s.instr->async.tensorMapStore)) &&
            genericWritesOfStoredTiles())
          os_ << ind() << "exo::sm90::gpu::fence_proxy_async();  // generic writes of a tile a TMA store reads\n";
        // The same for global arrays that TMA loads, stores or reduces into: before every
        // barrier and ring arrival, and before the TMA instruction itself (its own thread's
        // writes).
        if ((s.isBarrier() || s.instr->async.kind == AsyncRole::Kind::ArriveRing || s.instr->async.viaTensorMap()) &&
            genericWritesOfTmaGlobals())
          os_ << ind() << "exo::sm90::gpu::fence_proxy_async_global();  // generic writes of global memory TMA accesses\n";
        // A barrier's CUDA form is its scope's row of the collectives table.
        if (s.isBarrier()) {
          os_ << ind() << collective(s.barrierScope()).barrier << "\n";
          return;
        }
        // The instruction's CUDA form, with the same arguments: a register tile prints
        // as this thread's part of it (the owner's indices dropped).
        os_ << ind() << s.instr->cudaFunction << s.instr->templateArgs << "(";
        for (size_t i = 0; i < s.operands.size(); ++i) {
          os_ << (i ? ", " : "");
          // A TMA copy reads its global operand through the tensor map of its box.
          if (s.instr->async.viaTensorMap() && i < s.instr->operands.size() &&
              s.instr->operands[i].kind == Operand::Kind::Global)
            os_ << hinted(s, *s.operands[i], tensorMapOf(s, *s.operands[i]));
          else if (k_.persistent && s.instr->async.ring() && i + 1 == s.operands.size() && ringOf(s))
            os_ << persistentPosition(*s.operands[i], *ringOf(s));
          else
            os_ << lowered(s.operands[i]);
        }
        os_ << group << ");\n";
        return;
      }
      case StmtKind::Aligned:
      case StmtKind::Expects:
        return;  // inside an instruction's meaning, which is not printed
    }
  }

  /// A multicast that reaches part of a 2-D cluster (model/Multicast): a comment line
  /// saying which blocks, and the CUDA form's last three arguments (the mask, this
  /// block's share and the shares); "" for a copy to the whole cluster.
  std::string multicastGroupArgs(const Stmt& s) {
    if (!s.instr->async.cluster || s.instr->async.kind != AsyncRole::Kind::IssueRing || !k_.clustered()) return "";
    const MulticastGroup g = multicastGroup(k_, s);
    if (g.wholeCluster || g.axes.empty()) return "";
    // The coordinates from the hardware rank (exo::sm90::gpu::cluster_coord), not the
    // loop variables' names: a declaration in the block may shadow those.
    std::string offset, share, same, shareOf;
    for (const Stmt* l : k_.clusterLoops) {
      const int64_t stride = clusterStride(k_, l);
      const std::string coord =
          "exo::sm90::gpu::cluster_coord(" + std::to_string(stride) + ", " + std::to_string(l->tripCount()) + ")";
      bool axis = false;
      for (const Stmt* a : g.axes) axis = axis || a == l;
      if (axis) {
        share = share.empty() ? coord : "(" + share + ") * " + std::to_string(l->tripCount()) + " + " + coord;
        shareOf += (shareOf.empty() ? "'" : ", '") + l->var->name + "'";
      } else {
        offset += (offset.empty() ? "" : " + ") + (stride == 1 ? coord : coord + " * " + std::to_string(stride));
        same += (same.empty() ? "'" : ", '") + l->var->name + "'";
      }
    }
    std::ostringstream pattern;
    pattern << "0x" << std::hex << g.basePattern << "u";
    os_ << ind() << "// To the " << g.blocks << " blocks of the cluster with this block's " << same
        << " (they copy the same box), this block issuing the share of its " << shareOf << ".\n";
    return ", (std::uint16_t)(" + pattern.str() + " << (" + offset + ")), " + share + ", " + std::to_string(g.blocks);
  }

  /// A ring position in a persistent kernel's tile: the sequence's position.
  std::string persistentPosition(const Expr& pos, const Var& ring) {
    const bool simple = pos.kind == ExprKind::VarRef || pos.kind == ExprKind::IntLit ||
                        (pos.kind == ExprKind::Binary && (pos.op == Op::Add || pos.op == Op::Sub || pos.op == Op::Mul ||
                                                          pos.op == Op::Div || pos.op == Op::Rem));
    std::string p = model::printExpr(pos, /*lowered=*/true);
    return (simple ? p : "(" + p + ")") + " + " + ringBase(ring);
  }

  void nested(const Stmt& body, ThreadIndex r) {
    ++depth_;
    stmt(body, r);
    --depth_;
  }

  void seqFor(const Stmt& s, ThreadIndex r, const std::function<void(ThreadIndex)>& body) {
    if (unrollForRegisters(s)) os_ << ind() << "#pragma unroll\n";
    line(s.loc());
    os_ << ind() << "for (" << s.var->type.scalarSpelling() << " " << s.var->name << " = " << lowered(s.lo) << "; " << s.var->name << " < "
        << lowered(s.hi) << "; " << (s.step == 1 ? "++" + s.var->name : s.var->name + " += " + std::to_string(s.step))
        << ") {\n";
    body(r);
    closing(s.range);
    os_ << ind() << "}\n";
  }

  /// Roles inside a sequential loop: `for (k) { parallel for (g) { if (role(g)) A else B } }`
  /// with nothing else in the two bodies, no barrier inside and bounds that the body
  /// cannot change. Returns the parallel loop, or null.
  const Stmt* rolesInside(const Stmt& s) const {
    const Stmt* body = s.forBody();
    if (!body || body->kind != StmtKind::Block || body->body.size() != 1) return nullptr;
    const Stmt* p = body->body[0].get();
    if (!p->isParallel() || p->loop == LoopKind::Block || !p->forBody() || p->forBody()->body.size() != 1) return nullptr;
    const Stmt* branch = p->forBody()->body[0].get();
    if (branch->kind != StmtKind::If || !branch->cond || !isRoleCondition(*branch->cond, {p})) return nullptr;
    bool barrier = false;
    walkStmts(const_cast<Stmt&>(*body), [&](Stmt& x, const std::vector<Stmt*>&) {
      barrier |= x.isBarrier();
      return !barrier;
    });
    bool fixedBounds = true;  // read only parameters and loop variables, which the body cannot assign
    for (const ExprPtr* bound : {&s.lo, &s.hi})
      forEachExpr(*bound, [&](const Expr& x) {
        if (x.var && x.var->kind != VarKind::Param && x.var->kind != VarKind::LoopVar) fixedBounds = false;
      });
    return barrier || !fixedBounds ? nullptr : p;
  }

  /// A role prologue just before a loop of roles (rolesInside): `parallel for (g) { if
  /// (role) X else Y }` over the same loop (kind, trips, threads, variable name and type:
  /// `g < 1 - g` means another thing for an unsigned g) with the same role condition, no barrier, X and Y once per thread (setmaxnreg: a budget must
  /// dominate its role's code for ptxas to apply it, C7507). Printed at the head of the
  /// roles' branches: each thread runs X (or Y) and then its loop, as before.
  bool fusesWith(const Stmt& pro, const Stmt& next) const {
    if (next.kind != StmtKind::For || next.isParallel()) return false;
    const Stmt* p = rolesInside(next);
    if (!p || !sameThreadSplit(pro, *p) || pro.var->name != p->var->name ||
        pro.var->type.scalar != p->var->type.scalar || pro.compareAs != p->compareAs)
      return false;
    const Stmt* body = pro.forBody();
    if (!body || body->body.size() != 1) return false;
    const Stmt& a = *body->body[0];
    const Stmt& b = *p->forBody()->body[0];
    if (a.kind != StmtKind::If || !a.cond || !isRoleCondition(*a.cond, {&pro}) || printExpr(*a.cond) != printExpr(*b.cond) ||
        a.body.size() > b.body.size())
      return false;
    bool barrierOrLoop = false;
    walkStmts(const_cast<Stmt&>(a), [&](Stmt& x, const std::vector<Stmt*>&) {
      barrierOrLoop |= x.isBarrier() || x.kind == StmtKind::For || x.kind == StmtKind::Decl;
      return !barrierOrLoop;
    });
    return !barrierOrLoop;
  }

  /// Prints `for (k) { parallel for (g) { if (role) A else B } }` as `parallel for (g) {
  /// if (role) { for (k) A } else { for (k) B } }`: each thread runs the same statements
  /// in the same order (its role does not change from one iteration to the next), but
  /// each role's loop is its own, so ptxas does not see the producer's one-thread branch
  /// inside the consumers' wgmma loop (which would serialize the wgmma: warning C7518).
  /// `prologue` (fusesWith): a role `if` printed at the head of the branches.
  void rolesOutside(const Stmt& s, const Stmt& p, ThreadIndex r, const Stmt* prologue = nullptr) {
    const Stmt& branch = *p.forBody()->body[0];
    const Stmt* pro = prologue ? prologue->forBody()->body[0].get() : nullptr;
    parallelFor(p, r, [&](ThreadIndex in) {
      line(branch.loc());
      os_ << ind() << "if (" << lowered(branch.cond) << ") {\n";
      for (size_t b = 0; b < branch.body.size(); ++b) {
        if (b) {
          closing(branch.range);
          os_ << ind() << "} else {\n";
        }
        if (pro && b < pro->body.size()) nested(*pro->body[b], in);  // the branch's budget first
        ++depth_;
        seqFor(s, in, [&](ThreadIndex i2) { nested(*branch.body[b], i2); });
        --depth_;
      }
      closing(branch.range);
      os_ << ind() << "}\n";
    });
  }

  /// A parallel loop: this thread runs iteration r / unit if r < trip * unit
  /// (model/ThreadMapping.h: threadsUsed, splitThread). `body` prints the body (default:
  /// the loop's own).
  /// A `block_in_cluster` loop of a cluster body: each block runs its own iteration.
  void rankLoop(const Stmt& s, ThreadIndex r) {
    line(s.loc());
    os_ << ind() << "{  // [[exo::parallel(block_in_cluster)]] " << s.var->name << ": this block's iteration\n";
    ++depth_;
    const std::string type = s.var->type.scalarSpelling();
    os_ << ind() << "const " << type << " " << s.var->name << " = (" << type << ")exo_rank;\n";
    stmt(*s.forBody(), r);
    --depth_;
    closing(s.range);
    os_ << ind() << "}\n";
  }

  void parallelFor(const Stmt& s, ThreadIndex r, const std::function<void(ThreadIndex)>& body = nullptr) {
    int64_t trip = s.tripCount(), used = threadsUsed(s);
    line(s.loc());
    os_ << ind() << "{  // [[exo::parallel(" << loopKindName(s.loop) << ")]] " << s.var->name << ": " << trip
        << " x " << s.unit << (s.unit == 1 ? " thread" : " threads") << "\n";
    ++depth_;
    bool guarded = used < s.collective;
    if (guarded) {
      os_ << ind() << "if (" << r.str() << " < " << used << ") {\n";
      ++depth_;
    }
    // model/ThreadMapping's split, with the thread index as CUDA text: the iteration is
    // r / unit, the rank inside it r % unit.
    auto split = splitThread(
        s, r, [](const ThreadIndex& t, int64_t unit) { return t.divided(unit); },
        [](const ThreadIndex& t, int64_t unit) { return t.inner(unit); });
    std::string iter = trip == 1 ? "0" : split.iteration;
    bool simpleIter = trip == 1 || (s.unit == 1 && r.moduli.empty());  // "0" or "exo_tid"
    // The iteration of a loop of whole warps is the same in every lane: broadcast from
    // lane 0 so that the compiler knows it. Without that, ptxas treats a role branch on
    // it (`if (g == 0)`) as divergent and serializes the wgmma inside (warning C7518:
    // "wgmma.mma_async instructions are serialized due to ... divergent path"; measured:
    // 0.73x instead of 0.85x cuBLAS). Tensor-core kernels only (they use instructions).
    // Only where every iteration is whole warps: this loop's unit and every enclosing
    // one (the moduli of the thread index) multiples of 32, so that all lanes of a warp
    // run the same iteration and reach the broadcast together.
    bool warpAligned = s.unit >= 32 && s.unit % 32 == 0;
    for (int64_t m : r.moduli) warpAligned = warpAligned && m % 32 == 0;
    if (trip > 1 && warpAligned && !k_.instructions.empty()) {
      iter = "__shfl_sync(0xffffffffu, " + iter + ", 0)";
      simpleIter = true;
    }
    if (printedUses(*s.forBody(), s.var)) {  // owned register indices need no variable
      if (guarded) line(s.loc());  // the guard took a line: a loop on the file's last line stays inside it
      // The value in the variable's type, as the sequential loop computes it: the thread
      // index is an int, so `lo + step * iter` in int arithmetic wrapped for a long
      // variable (`long j = 2147483647 + exo_tid`) or a product past INT_MAX (review of
      // the fifteenth session). A variable other than int takes its own type; an int
      // whose largest step * iteration leaves int is computed in long long (the value
      // fits: the prover checked the variable's range).
      const std::string type = s.var->type.scalarSpelling();
      const bool wideProduct = static_cast<__int128>(s.step) * (trip > 0 ? trip - 1 : 0) > INT32_MAX;
      if (s.var->type.scalar != ScalarKind::Int) {
        os_ << ind() << "const " << type << " " << s.var->name << " = "
            << iterationValue(s, "(" + type + ")(" + iter + ")", /*simpleIter=*/true) << ";\n";
      } else if (wideProduct) {
        os_ << ind() << "const int " << s.var->name << " = (int)("
            << iterationValue(s, "(long long)(" + iter + ")", /*simpleIter=*/true) << ");\n";
      } else {
        os_ << ind() << "const " << type << " " << s.var->name << " = " << iterationValue(s, iter, simpleIter) << ";\n";
      }
    }
    if (body) body(split.rank);
    else stmt(*s.forBody(), split.rank);
    if (guarded) {
      --depth_;
      closing(s.range);
      os_ << ind() << "}\n";
    }
    --depth_;
    closing(s.range);
    os_ << ind() << "}\n";
  }

  /// `h[i] += v` of a kernel's `[[exo::reduce(add)]]` parameter: one atomicAdd of v
  /// converted to the element's type (the parser refused the additions C++ would do in
  /// another type). 64-bit integers add as unsigned long long, the only 64-bit integer
  /// atomicAdd: the same bits modulo 2^64. Floats through exo_atomic_add_exact: the GPU's
  /// float atomicAdd flushes subnormals to zero (review of the twenty-fourth session:
  /// 32 additions of 1e-40f gave 0 on the H200); double's does not.
  void atomicAdd(const Stmt& s) {
    const ScalarKind k = s.lhs->var->type.scalar;
    const std::string target = "&" + lowered(s.lhs), value = lowered(s.rhs);
    os_ << ind();
    if (k == ScalarKind::Long || k == ScalarKind::ULong)
      os_ << "atomicAdd(reinterpret_cast<unsigned long long*>(" << target << "), static_cast<unsigned long long>(" << value << "));";
    else if (k == ScalarKind::Float)  // atomicAdd would flush subnormals: printCuda's helper
      os_ << "exo_atomic_add_exact(" << target << ", static_cast<float>(" << value << "));";
    else
      os_ << "atomicAdd(" << target << ", static_cast<" << s.lhs->var->type.scalarSpelling() << ">(" << value << "));";
    os_ << "  // [[exo::reduce(add)]]\n";
  }

  void decl(const Stmt& s) {
    const Var* v = s.var;
    line(s.loc());
    std::string type = v->type.scalarSpelling();
    if (v->memory == Memory::Shared) {
      if (dynamicShared()) {
        // A distributed array: this block's part, `v[rank]` (the others' through
        // exo::sm90::gpu::peer, distributed shared memory).
        const size_t from = v->clusterShared ? 1 : 0;
        if (v->clusterShared)
          os_ << ind() << "// " << v->name << "[r] is in block r's shared memory: this block's part here.\n";
        os_ << ind() << type << " (&" << v->name << ")" << dimsSuffix(v, from) << " = *reinterpret_cast<" << type
            << " (*)" << dimsSuffix(v, from) << ">(exo_smem + " << v->sharedOffset << ");\n";
        // Distributed shared memory may be reached only once every block of the cluster
        // runs (CUDA Programming Guide, "Distributed Shared Memory": cluster.sync() first);
        // a write into a peer's part before the first cluster barrier was printed without
        // one (review of the fifteenth session).
        if (v->clusterShared)
          os_ << ind() << "exo::sm90::gpu::cluster_sync();  // every block of the cluster runs before its part is reached\n";
      } else {
        // Instructions' vector accesses need 16-byte aligned arrays (proven from here).
        // (Arrays of 128 bytes or more 128: a TMA store's tile, model/ThreadMapping.)
        const bool big = v->elementCount() * v->type.scalarBytes() >= 128;
        os_ << ind() << "__shared__ "
            << (v->swizzle ? "__align__(1024) " : k_.instructions.empty() ? "" : big ? "__align__(128) " : "__align__(16) ") << type << " " << v->name
            << dimsSuffix(v, 0) << ";\n";
      }
      if (v->type.scalar == ScalarKind::MBarrier) {
        // The ring's mbarriers, initialized by one thread with the arrivals of a phase
        // (one per TMA call that signals the ring, whose bytes each expects are its box's,
        // or one per arriving thread: model/Rings), published to the async proxy before
        // anyone uses them.
        os_ << ind() << "if (exo_tid == 0) {\n";
        os_ << ind() << "  for (int exo_i = 0; exo_i < " << v->elementCount() << "; ++exo_i) exo::sm90::gpu::mbarrier_init(&"
            << v->name << "[exo_i], " << ringArrivalCount(k_, *v) << ");\n";
        os_ << ind() << "  exo::sm90::gpu::mbarrier_init_fence();\n";
        os_ << ind() << "}\n";
        // In a cluster the other blocks' copies and arrivals reach these slots too.
        os_ << ind() << (k_.clusterLoops.empty() ? "__syncthreads();\n" : "exo::sm90::gpu::cluster_sync();\n");
      }
      return;
    }
    if (v->memory == Memory::Registers) {
      if (!v->layout.distributed()) return;  // never used
      std::string local;
      for (int64_t d : v->layout.localDims(*v)) local += "[" + std::to_string(d) + "]";
      os_ << ind() << type << " " << v->name << local << ";  // this "
          << (v->layout.fragment ? std::string(v->layout.fragment->threads == 32 ? "lane" : "thread") + "'s part of the " +
                                       v->layout.fragment->name + " fragments "
                                 : std::string("thread's part of "))
          << v->name << dimsSuffix(v, 0) << "\n";
      return;
    }
    os_ << ind() << (v->type.isConst ? "const " : "") << type << " " << v->name << dimsSuffix(v, 0);
    if (s.init) os_ << " = " << lowered(s.init);
    os_ << ";\n";
  }

  void printLauncher() {
    // The assumes are evaluated as written, in the kernel's types and in order: the prover
    // proved that none of their operations overflows given the assumes before it
    // (checker/ProverOverflow), and the grid's bounds likewise; the grid size is then
    // computed in long long (extentExpr), which that proof covers too.
    os_ << "// Host launcher: checks the kernel's exo::assume preconditions (in order; none overflows\n"
        << "// given the ones before it), then launches.\n";
    line(k_.loc);
    os_ << launcherSignature(k_) << " {\n";
    depth_ = 1;
    for (const StmtPtr& s : k_.body->body)
      if (s->kind == StmtKind::Assume) {
        line(s->loc());
        os_ << ind() << "if (!(" << lowered(s->cond) << ")) return cudaErrorInvalidValue;\n";
      }
    // Instructions' vector accesses to global memory: the pointers' own alignment (the
    // prover checked the offsets).
    for (const auto& [v, bytes] : globalAlignments(k_)) {
      closingAt(k_.loc);
      os_ << ind() << "if (reinterpret_cast<unsigned long long>(" << v->name << ") % " << bytes
          << " != 0) return cudaErrorInvalidValue;  // instructions need it " << bytes << "-byte aligned\n";
    }
    closingAt(k_.loc);  // the grid size and the launch: the kernel's line, or its block loops'
    os_ << ind() << "long long exo_blocks = 1;\n";
    for (const Stmt* l : k_.gridLoops) {
      line(l->loc());
      os_ << ind() << "const long long exo_extent_" << l->var->name << " = " << extentExpr(*l) << ";\n";
      os_ << ind() << "if (exo_extent_" << l->var->name << " <= 0) return cudaSuccess;  // no iterations\n";
      os_ << ind() << "if (exo_extent_" << l->var->name << " > 2147483647LL / exo_blocks) return cudaErrorInvalidValue;\n";
      os_ << ind() << "exo_blocks *= exo_extent_" << l->var->name << ";\n";
    }
    if (!k_.rankLoops.empty()) {
      os_ << ind() << "if (exo_blocks > 2147483647LL / " << k_.clusterSize << ") return cudaErrorInvalidValue;\n";
      os_ << ind() << "exo_blocks *= " << k_.clusterSize << ";  // the blocks of each cluster\n";
    }
    for (const TensorMap& m : tensorMaps()) {
      // The tensor as exo::extent declares it: rows x cols elements, row-major.
      const Var* t = m.tensor;
      closingAt(k_.loc);
      os_ << ind() << "CUtensorMap " << m.name << ";\n";
      auto extent = [&](size_t d) { return "(unsigned long long)(" + lowered(t->extents[d]) + ")"; };
      const std::string swizzle = m.swizzle == 128 ? "true" : m.swizzle == 0 ? "false" : std::to_string(m.swizzle);
      if (m.rank == 3)
        os_ << ind() << "if (exo::sm90::host::make_tensor_map_3d_swizzled(&" << m.name << ", " << t->name << ", " << extent(0)
            << ", " << extent(1) << ", " << extent(2) << ", " << m.boxDepth << ", " << m.boxRows << ", " << m.boxCols << ", "
            << m.swizzle;
      else
        os_ << ind() << "if (exo::sm90::host::make_tensor_map_2d" << (m.swizzle == 64 || m.swizzle == 32 ? "_swizzled" : "")
            << "(&" << m.name << ", " << t->name << ", " << extent(0) << ", " << extent(1) << ", " << extent(1)
            << " * sizeof(*" << t->name << "), " << m.boxRows << ", " << m.boxCols << ", " << swizzle;
      os_ << ") != CUDA_SUCCESS) return cudaErrorInvalidValue;\n";
    }
    if (k_.persistent) {
      closingAt(k_.loc);
      if (!k_.clusterLoops.empty())
        os_ << ind() << "// Persistent: whole clusters, at most the SMs' worth (no more than the tiles), each running tiles in turn.\n";
      else
        os_ << ind() << "// Persistent: one block per SM (no more than the tiles), each running tiles in turn.\n";
      os_ << ind() << "int exo_device = 0, exo_sms = 0;\n";
      os_ << ind() << "cudaError_t exo_attr = cudaGetDevice(&exo_device);\n";
      os_ << ind() << "if (exo_attr == cudaSuccess) exo_attr = cudaDeviceGetAttribute(&exo_sms, cudaDevAttrMultiProcessorCount, exo_device);\n";
      os_ << ind() << "if (exo_attr != cudaSuccess) return exo_attr;\n";
      if (!k_.clusterLoops.empty()) {  // whole clusters (exo_blocks counts the clusters' blocks), one at least
        const std::string n = std::to_string(k_.clusterSize);
        os_ << ind() << "const long long exo_fit = exo_sms >= " << n << " ? exo_sms / " << n << " * " << n << " : " << n << ";\n";
        os_ << ind() << "if (exo_blocks > exo_fit) exo_blocks = exo_fit;\n";
      }
      else
        os_ << ind() << "if (exo_blocks > exo_sms) exo_blocks = exo_sms;\n";
    }
    std::string smem = dynamicShared() ? std::to_string(k_.sharedBytes) : "0";
    closingAt(k_.loc);
    if (dynamicShared()) {
      os_ << ind() << "cudaError_t exo_err = cudaFuncSetAttribute(" << kernelName()
          << ", cudaFuncAttributeMaxDynamicSharedMemorySize, " << smem << ");\n";
      os_ << ind() << "if (exo_err != cudaSuccess) return exo_err;\n";
    }
    // The launch through cudaLaunchKernelEx, whose result is this launch's own status
    // (after `<<<...>>>`, cudaGetLastError would return an earlier call's pending error
    // as the launcher's, and clear it). Its configuration on one line (grid, block,
    // dynamic shared memory, stream, no attributes) so that the #line before it covers
    // it; `::dim3`, which a parameter named dim3 would hide.
    os_ << ind() << "cudaLaunchConfig_t exo_config = {::dim3((unsigned)exo_blocks), ::dim3(" << k_.blockThreads << "), "
        << smem << ", " << streamName() << ", nullptr, 0};\n";
    if (k_.persistent && !k_.clusterLoops.empty()) {
      // Whole clusters, no more than run at once (a GPC holds whole clusters: fewer than
      // the SMs' worth may fit; a cluster that waits for a free GPC would start only after
      // another has run all its tiles). The SMs' worth when the runtime cannot tell.
      const std::string n = std::to_string(k_.clusterSize);
      os_ << ind() << "int exo_clusters = 0;\n";
      os_ << ind() << "if (cudaOccupancyMaxActiveClusters(&exo_clusters, " << kernelName()
          << ", &exo_config) == cudaSuccess && exo_clusters > 0 && exo_blocks > (long long)exo_clusters * " << n
          << ") exo_blocks = (long long)exo_clusters * " << n << ";\n";
      os_ << ind() << "exo_config.gridDim.x = (unsigned)exo_blocks;\n";
    }
    os_ << ind() << "return cudaLaunchKernelEx(&exo_config, " << kernelName();
    for (const Var* p : k_.params) os_ << ", " << p->name;
    for (const TensorMap& m : tensorMaps()) os_ << ", " << m.name;
    os_ << ");\n";
    closingAt(kernelEnd());
    os_ << "}\n";
  }

  bool mapsDone_ = false;
  std::vector<TensorMap> maps_;
  const Kernel& k_;
  const PrintOptions& opts_;
  std::ostringstream& os_;
  std::string name_;                 // the source name, escaped for #line
  std::streamoff mappedFrom_ = 0;    // where the output after the last #line starts
  unsigned mappedLine_ = 0;          // the line that #line gave (0: none yet)
  int depth_ = 1;
};

/// The headers of the instructions the kernels call, sorted.
std::set<std::string> instructionHeaders(const std::vector<const Kernel*>& kernels) {
  std::set<std::string> out;
  for (const Kernel* k : kernels) {
    for (const auto& in : k->instructions) out.insert(in->header);
    // A cluster body's barrier and distributed shared memory, and the cluster barrier
    // before a cluster kernel's exit (exo::sm90::gpu): a cluster kernel without any
    // instruction printed the barrier without its header (review of the twenty-fourth
    // session: nvcc failed).
    if (!k->rankLoops.empty() || !k->clusterLoops.empty()) out.insert("exo/sm90.hpp");
  }
  return out;
}

bool usesScalar(const Kernel& k, ScalarKind kind) {
  for (const auto& v : k.vars)
    if (v->type.scalar == kind) return true;
  return false;
}

bool usesNamedBarrier(const Kernel& k) {
  bool found = false;
  walkStmts(*k.body, [&](Stmt& s, const std::vector<Stmt*>&) {
    found |= s.isBarrier() && collective(s.barrierScope()).namedBarrier;
    return true;
  });
  return found;
}

/// A `+=` of a kernel's own float `[[exo::reduce(add)]]` parameter (not an instruction's
/// meaning, which is printed as the instruction).
bool usesExactFloatAdd(const Kernel& k) {
  bool found = false;
  walkStmts(*k.body, [&](Stmt& s, const std::vector<Stmt*>&) {
    found |= s.kind == StmtKind::Assign && s.atomic && s.lhs && s.lhs->var && s.lhs->var->type.scalar == ScalarKind::Float;
    return s.kind != StmtKind::Instr;
  });
  return found;
}

bool usesMath(const Kernel& k) {
  bool found = false;
  walkStmts(*k.body, [&](Stmt& s, const std::vector<Stmt*>&) {
    forEachOwnExpr(s, [&](const ExprPtr& e) {
      forEachExpr(e, [&](const Expr& x) { found |= x.kind == ExprKind::Call; });
    });
    return true;
  });
  return found;
}

}  // namespace


static std::string qualifiedName(const Kernel& k, const std::string& name) {
  std::string q;
  for (const std::string& ns : k.namespaces) q += ns + "::";
  return q + name;
}

std::string printCuda(const std::vector<const Kernel*>& kernels, const PrintOptions& opts) {
  std::ostringstream os;
  os << "// Generated by exo-cuda from " << escapedName(opts.sourceName) << ". Do not edit: edit the source and rerun.\n"
     << "// Build: nvcc -std=c++17 -gencode=arch=compute_90a,code=sm_90a\n"
     << "#include <cuda_runtime.h>\n";
  bool math = false, named = false, exactAdd = false;
  for (const Kernel* k : kernels) {
    math |= usesMath(*k);
    named |= usesNamedBarrier(*k);
    exactAdd |= usesExactFloatAdd(*k);
  }
  if (math) os << "#include <cmath>\n";
  bool bf16 = false, f16 = false;
  for (const Kernel* k : kernels) {
    bf16 |= usesScalar(*k, ScalarKind::BF16);
    f16 |= usesScalar(*k, ScalarKind::F16);
  }
  if (bf16) os << "#include <cuda_bf16.h>\n";
  if (f16) os << "#include <cuda_fp16.h>\n";
  for (const std::string& h : instructionHeaders(kernels)) os << "#include <" << h << ">  // instructions\n";
  os << "\n";
  if (named)
    os << "#ifndef EXO_NAMED_BARRIER  // bar.sync <id>, <threads>: one barrier per warpgroup\n"
       << "#define EXO_NAMED_BARRIER(id, threads) asm volatile(\"bar.sync %0, %1;\" :: \"r\"(id), \"n\"(threads) : \"memory\")\n"
       << "#endif\n\n";
  if (exactAdd)
    os << "#ifndef EXO_ATOMIC_ADD_EXACT\n"
       << "#define EXO_ATOMIC_ADD_EXACT\n"
       << "// *p += v, atomically, rounded as the sequential program rounds: atomicAdd on float\n"
       << "// flushes subnormal operands and results to zero (RED/ATOM .ADD.F32.FTZ on sm_90),\n"
       << "// a compare-and-swap of the IEEE sum does not (nvcc keeps subnormals by default).\n"
       << "__device__ __forceinline__ void exo_atomic_add_exact(float* p, float v) {\n"
       << "  unsigned* bits = reinterpret_cast<unsigned*>(p);\n"
       << "  unsigned seen, old = *bits;\n"
       << "  do {\n"
       << "    seen = old;\n"
       << "    old = atomicCAS(bits, seen, __float_as_uint(__uint_as_float(seen) + v));\n"
       << "  } while (old != seen);\n"
       << "}\n"
       << "#endif\n\n";
  std::set<std::string> declared;  // launcher templates, with their namespaces
  for (const Kernel* k : kernels) {
    std::string decl = launcherTemplateDeclaration(*k);
    KernelPrinter(*k, opts, os).print(!decl.empty() && declared.insert(qualifiedName(*k, decl)).second);
  }
  return os.str();
}


std::string kernelSymbol(const Kernel& k) {
  return qualifiedName(k, kernelFunctionName(k));
}

std::string launcherOverload(const Kernel& k) {
  std::string s = qualifiedName(k, k.name) + k.launcherTemplateArgs + "(";
  for (const Var* p : k.params) {
    // Top-level const and __restrict__ do not make an overload.
    const Type& t = p->type;
    s += t.isPointer ? (t.pointeeConst ? "const " : "") + t.scalarSpelling() + "*" : t.scalarSpelling();
    s += ",";
  }
  return s + ")";
}

std::string printLauncherDeclarations(const std::vector<const Kernel*>& kernels, const PrintOptions& opts) {
  std::ostringstream os;
  os << "// From " << escapedName(opts.sourceName) << ".\n";
  std::set<std::string> declared;  // launcher templates, with their namespaces
  for (const Kernel* k : kernels) {
    for (const std::string& ns : k->namespaces) os << "namespace " << ns << " {\n";
    std::string decl = launcherTemplateDeclaration(*k);
    if (!decl.empty() && declared.insert(qualifiedName(*k, decl)).second) os << launcherTemplateComment(*k) << decl << "\n";
    os << launcherSignature(*k) << ";\n";
    for (size_t i = k->namespaces.size(); i-- > 0;) os << "}  // namespace " << k->namespaces[i] << "\n";
  }
  os << "\n";
  return os.str();
}

std::string printHeader(const std::vector<std::string>& sourceNames, const std::string& declarations) {
  std::ostringstream os;
  os << "// Generated by exo-cuda from ";
  for (size_t i = 0; i < sourceNames.size(); ++i) os << (i ? ", " : "") << escapedName(sourceNames[i]);
  os << ". Do not edit: edit the source and rerun.\n"
     << "// The host launchers of the kernels: each returns cudaErrorInvalidValue when an exo::assume\n"
     << "// fails, else the launch's error. Pointers are device pointers.\n"
     << "#pragma once\n"
     << "#include <cuda_runtime.h>\n"
     << "#include <cuda_bf16.h>  // __nv_bfloat16 and __half parameters\n"
     << "#include <cuda_fp16.h>\n\n"
     << declarations;
  return os.str();
}

}  // namespace exo::rewriter
