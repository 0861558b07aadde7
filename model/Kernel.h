// The kernel model: a small, Clang-independent IR of one exo kernel.
//
// The parser builds it from Clang's AST; the checker and the prover analyse it; the
// rewriter lowers and prints it. Source positions are opaque `SrcLoc`s that only the
// diagnostics layer (tool/) knows how to turn back into file:line:col.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/Collective.h"
#include "model/Instruction.h"
#include "model/Layout.h"

namespace exo::model {

/// An opaque source position (a clang::SourceLocation's raw encoding; 0 = unknown).
struct SrcLoc {
  uint64_t raw = 0;
  bool valid() const { return raw != 0; }
};

/// A source range, for carets that underline a whole construct.
struct SrcRange {
  SrcLoc begin, end;
};

/// BF16 / F16: exo::bf16 / exo::f16 (16-bit float storage; arithmetic converts to float).
/// Char is plain `char` (signed on the targets exo-cuda supports: x86-64 and its CUDA
/// device side), SChar / UChar `signed char` / `unsigned char`, Short / UShort 16 bits.
enum class ScalarKind { Bool, Int, UInt, Long, ULong, Float, Double, BF16, F16,
                        MBarrier,  // exo::mbarrier (a 64-bit mbarrier in CUDA): only instructions touch it
                        Char, SChar, UChar, Short, UShort
};

/// A C scalar or pointer type, enough to print it and to reason about it.
struct Type {
  ScalarKind scalar = ScalarKind::Int;
  bool isPointer = false;
  bool pointeeConst = false;  // `const float*`
  bool isRestrict = false;    // `float* __restrict__`
  bool isConst = false;       // top-level const (`const int n`)
  bool longLong = false;      // Long / ULong spelled `long long` in the source (same type to the prover)

  bool isIntegral() const;
  bool isFloating() const {
    return scalar == ScalarKind::Float || scalar == ScalarKind::Double || scalar == ScalarKind::BF16 ||
           scalar == ScalarKind::F16;
  }
  unsigned scalarBytes() const;
  std::string scalarSpelling() const;
};

/// A short name of a scalar type, for identifiers ("f32", "bf16", "i32").
const char* scalarShortName(ScalarKind k);

/// An element type a kernel's `[[exo::reduce(add)]]` parameter may have: one CUDA's
/// atomicAdd adds (int, unsigned, the 64-bit integers through unsigned long long, float,
/// double).
bool hasKernelAtomicAdd(ScalarKind k);

/// Where an array or scalar lives.
enum class Memory {
  Param,      // kernel parameter (scalar, or pointer into global memory)
  Shared,     // [[exo::shared]]: one copy per CTA
  Registers,  // [[exo::registers]] at block scope: distributed over the threads
  Local,      // declared inside a thread loop (or a scalar anywhere): per thread
};

enum class VarKind { Param, LoopVar, Scalar, Array };

/// The L2 cache hint of a global array's TMA loads (exo::l2 in exo/exo.hpp, same order
/// after None).
enum class L2Policy { None, EvictFirst, EvictLast };

struct Expr;
using ExprPtr = std::shared_ptr<Expr>;

struct Var {
  std::string name;
  /// The name the source gives it, where `name` is one the parser made: a counted
  /// loop's counter (`exo_i_iter`) is the user's loop `i`. Empty: `name`.
  std::string sourceName;
  const std::string& displayName() const { return sourceName.empty() ? name : sourceName; }
  Type type;
  VarKind kind = VarKind::Scalar;
  Memory memory = Memory::Local;
  std::vector<int64_t> dims;  // Array: extents, outermost first
  SrcLoc loc;
  /// Registers arrays: which thread owns each element (set by model::mapThreads,
  /// checked by checker::checkDistributedRegisters, read by the rewriter).
  RegisterLayout layout;
  /// Shared arrays: byte offset in the CTA's shared memory (set by model::mapThreads).
  int64_t sharedOffset = -1;
  /// Shared arrays declared `[[exo::shared(swizzleW)]]`: W = 128, 64 or 32 (bytes per
  /// swizzled row), else 0. Rows of the innermost dimension (W bytes) are stored with
  /// their 16-byte chunks permuted (byte address bits 4.. ^= bits 7..: chunk j of row r at
  /// j ^ (r % 8) for 128), as TMA and wgmma expect; such an array is read and written
  /// only through instructions that say they take it.
  int swizzle = 0;
  /// A shared array declared at cluster level (outside the `block_in_cluster` loops of a
  /// cluster body, Kernel::rankLoops): distributed over the cluster's blocks along its
  /// first dimension, `a[r]` in the shared memory of the block of rank r; another
  /// block's part is read and written through distributed shared memory.
  bool clusterShared = false;
  /// The variable of a `block_in_cluster` loop of a cluster body: the block's rank.
  bool blockRank = false;
  /// Pointer parameters: the shape declared by `exo::extent(p, e1, ...)` (row-major,
  /// launch-time expressions), empty when undeclared (bounds then are not checked).
  std::vector<ExprPtr> extents;
  SrcRange extentRange;  // the exo::extent statement
  /// Pointer parameters: `exo::l2_policy(p, exo::l2::X)`, the L2 cache hint of p's TMA
  /// loads (a performance hint: no analysis reads it; the printer passes it on).
  L2Policy l2Policy = L2Policy::None;
  SrcRange l2PolicyRange;  // the exo::l2_policy statement
  /// Kernel pointer parameters marked `[[exo::reduce(add)]]`: the kernel only adds to its
  /// elements (`h[i] += v`, each one Stmt::atomic), atomically on the GPU.
  bool reduceAdd = false;

  bool isArray() const { return kind == VarKind::Array; }
  /// Leading indices implied by the owning thread (distributed registers), else 0.
  size_t ownedIndexCount() const { return memory == Memory::Registers ? layout.impliedIndices() : 0; }
  bool isGlobalPointer() const { return kind == VarKind::Param && type.isPointer; }
  int64_t elementCount() const;
};

// ---------------------------------------------------------------- expressions

enum class ExprKind {
  IntLit,    // ival
  FloatLit,  // fval; printed as `spelling`
  VarRef,    // var (scalar, loop variable or parameter)
  Index,     // var[args...]  (array element, or pointer[flat])
  Unary,     // op args[0]         op in {"-", "!", "~", "+"}
  Binary,    // args[0] op args[1]
  Select,    // args[0] ? args[1] : args[2]
  Call,      // name(args...)      whitelisted math functions
  Cast,      // (type) args[0]; `implicit` for C++'s own conversions (not printed)
  Window,    // var[args...] with fewer indices than dimensions: a tile operand of an instruction
};

/// The operators of Unary and Binary expressions (one table in model/Kernel.cpp: spelling
/// and C++ precedence). `Expr::spelling` keeps the text for printing.
enum class Op {
  None,  // not an operator expression
  // unary
  Neg, Pos, Not, BitNot,
  // binary, by precedence (loosest first)
  LogOr, LogAnd, BitOr, BitXor, BitAnd, Eq, Ne, Lt, Gt, Le, Ge, Shl, Shr, Add, Sub, Mul, Div, Rem,
};
/// The operator spelled `text` (unary: "-", "+", "!", "~"); Op::None if unknown.
Op opFromSpelling(const std::string& text, bool unary);
const char* opSpelling(Op op);
/// C++ precedence of a binary operator, larger binds tighter (|| = 2 ... * / % = 11).
int opPrecedence(Op op);

struct Expr {
  ExprKind kind;
  Op op = Op::None;  // Unary, Binary
  SrcRange range;
  Type type;
  int64_t ival = 0;
  double fval = 0;  // FloatLit value (the brute-force interpreter of the tests reads it)
  std::string spelling;  // FloatLit spelling, operator, callee
  Var* var = nullptr;
  std::vector<ExprPtr> args;
  /// Cast: a conversion C++ applies by itself (usual arithmetic conversions, an
  /// initializer converted to the declared type). Kept in the model wherever it can
  /// change a value (to unsigned, narrower or bool), so that the prover, the oracle and
  /// the evaluator see C++'s meaning; the printer leaves it to the CUDA compiler.
  bool implicit = false;

  SrcLoc loc() const { return range.begin; }

  // Factories: the parser and the test builders make every node through these. The
  // type defaults to int; the caller sets `range` (and a literal's `spelling`).
  static ExprPtr make(ExprKind k, Type t = {}, std::vector<ExprPtr> args = {});
  static ExprPtr intLit(int64_t v, Type t = {});
  static ExprPtr floatLit(double v, std::string spelling, Type t);
  static ExprPtr varRef(Var* v, Type t = {});
  static ExprPtr index(Var* v, std::vector<ExprPtr> indices, Type t = {});
  static ExprPtr unary(std::string op, ExprPtr a, Type t = {});
  static ExprPtr binary(std::string op, ExprPtr a, ExprPtr b, Type t = {});
  static ExprPtr select(ExprPtr c, ExprPtr a, ExprPtr b, Type t = {});
  static ExprPtr call(std::string callee, std::vector<ExprPtr> args, Type t = {});
  /// (to) a; `implicit`: a conversion C++ applies by itself.
  static ExprPtr cast(Type to, ExprPtr a, bool implicit);
  /// The tile v[prefix...][.]...[.] (an instruction's array operand).
  static ExprPtr window(Var* v, std::vector<ExprPtr> prefix, Type t = {});
};

/// The same expression: same nodes, operators, literals and variables (the Var objects,
/// not their names: a local that shadows a name is another variable).
bool sameExpr(const Expr& a, const Expr& b);

// ----------------------------------------------------------------- statements

enum class StmtKind {
  Block,   // body
  For,     // for (var = lo; var < hi; var += step) body
  If,      // if (cond) body[0] else body[1]
  Assign,  // lhs op rhs   (op: "=", "+=", ...)
  Decl,    // declares var, optional init
  Assume,  // exo::assume(cond);
  Instr,   // a call of an instruction (model/Instruction.h): instr, operands; body[0] = its inlined meaning.
           // `[[exo::sync(scope)]];` is one: model::barrierInstruction(scope), Stmt::isBarrier
  Aligned, // exo::aligned(lhs, step) inside an instruction's meaning: &lhs is step-byte aligned
  Expects, // exo::expects(cond) inside an instruction's meaning: a precondition, proven at every call
};

/// A loop is sequential or parallel at the level of a row of the collectives table
/// (model/Collective.h): LoopKind(1 + row), in table order.
enum class LoopKind { Seq, Block, Warpgroup, Warp, Thread };
/// A barrier's scope is a row of the collectives table.
using SyncScope = CollectiveId;

/// The collective of a parallel loop's level; nullptr for Seq.
const Collective* levelOf(LoopKind k);
LoopKind loopKindOf(const Collective& c);
const char* loopKindName(LoopKind k);
const char* syncScopeName(SyncScope s);
/// Threads in one iteration of a parallel loop of this kind when its body is a single
/// thread (the table's `threads`: warp = 32, warpgroup = 128); 0 for Seq/Block.
int64_t loopUnitThreads(LoopKind k);

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

struct Stmt {
  StmtKind kind;
  SrcRange range;
  std::vector<StmtPtr> body;  // Block: statements; For: [body]; If: [then, else?]

  // For
  Var* var = nullptr;  // also Decl
  ExprPtr lo, hi;
  int64_t step = 1;
  /// The type `v < hi` compares in, when C++'s usual arithmetic conversions convert the
  /// loop variable (an `int` variable against an `unsigned` bound compares as unsigned);
  /// unset when it compares in the variable's own type. `hi` is already converted.
  std::optional<ScalarKind> compareAs;
  LoopKind loop = LoopKind::Seq;
  /// A block loop spelled `[[exo::parallel(block_in_cluster)]]`: its iterations are the
  /// blocks of one thread-block cluster (model/ThreadMapping: the innermost block loop).
  bool clusterBlocks = false;
  /// A block loop spelled `[[exo::parallel(persistent)]]` (model/Collective.h).
  bool persistent = false;
  /// A sequential loop rewritten from another header (`for (h = 128; h > 0; h /= 2)`,
  /// parser/LoopHeader.h): `var` is a counter and the body's first statement declares
  /// this variable, the source's, computed from it. Witnesses name it instead.
  const Var* computes = nullptr;
  /// A `block_in_cluster` loop inside a cluster body (Kernel::rankLoops), not a grid loop:
  /// each block of the cluster runs the iteration of its rank.
  bool rankLoop = false;
  /// Thread mapping (set by model/ThreadMapping for parallel loops below the grid):
  int64_t unit = 0;        // threads per iteration
  int64_t collective = 0;  // threads of the collective this loop splits

  // If / Assume
  ExprPtr cond;

  // Assign
  ExprPtr lhs, rhs;
  std::string op;
  /// An atomic read-modify-write: the `+=` of an instruction's `[[exo::reduce(add)]]`
  /// operand (set by the parser when it inlines the meaning), or of a kernel's
  /// `[[exo::reduce(add)]]` pointer parameter (printed as atomicAdd). Two of them never race.
  bool atomic = false;

  // Decl
  ExprPtr init;

  // Instr: the instruction and its arguments, in parameter order (a Window for an
  // array operand, the pointer's VarRef for a global one, the value for a scalar).
  const Instruction* instr = nullptr;
  std::vector<ExprPtr> operands;

  /// The children of a statement, in one place: f(name, field) for every expression
  /// field, in source order (null ones too); the child statements are `body`. Every
  /// walker (model/Walk.h), the model printer and the factories go through this, so a
  /// new ExprPtr field must be listed here and nowhere else.
  template <class F>
  void forEachExprField(F&& f) const {
    f("lo", lo);
    f("hi", hi);
    f("cond", cond);
    f("lhs", lhs);
    f("rhs", rhs);
    f("init", init);
    for (const ExprPtr& o : operands) f("operand", o);
  }

  // Factories: the parser and the test builders make every node through these; the
  // caller sets `range`.
  static StmtPtr make(StmtKind k);
  static StmtPtr block(std::vector<StmtPtr> body = {});
  /// for (v = lo; v < hi; v += step) body; `body` is a Block (an empty one if null).
  static StmtPtr forLoop(LoopKind kind, Var* v, ExprPtr lo, ExprPtr hi, int64_t step = 1, StmtPtr body = nullptr);
  static StmtPtr ifStmt(ExprPtr cond, StmtPtr then, StmtPtr otherwise = nullptr);
  static StmtPtr assign(ExprPtr lhs, std::string op, ExprPtr rhs);
  static StmtPtr decl(Var* v, ExprPtr init = nullptr);
  /// `[[exo::sync(scope)]];`: a call of barrierInstruction(scope).
  static StmtPtr sync(SyncScope scope);
  static StmtPtr assume(ExprPtr cond);
  /// An instruction call; `meaning` is its body inlined with the arguments (a Block).
  static StmtPtr instrCall(const Instruction* instr, std::vector<ExprPtr> operands, StmtPtr meaning);
  static StmtPtr aligned(ExprPtr element, int64_t bytes);
  static StmtPtr expects(ExprPtr cond);

  SrcLoc loc() const { return range.begin; }
  Stmt* forBody() const { return body.empty() ? nullptr : body[0].get(); }
  bool isParallel() const { return kind == StmtKind::For && loop != LoopKind::Seq; }
  /// A barrier: a call of a barrier instruction (`[[exo::sync(scope)]];`).
  bool isBarrier() const { return kind == StmtKind::Instr && instr && instr->barrier; }
  /// The collective a barrier synchronizes (isBarrier() only).
  SyncScope barrierScope() const { return instr->collective; }
  int64_t tripCount() const;  // constant trip count with C++'s meaning (model/Evaluate), or -1
};

// --------------------------------------------------------------------- kernel

struct Kernel {
  std::string name;
  /// An explicit instantiation of a kernel template (`template void k<exo::f16>(...);`):
  /// its template arguments, short and joined by '_' ("f16", "bf16_128"); empty for a
  /// plain function. The CUDA kernel's name carries it; the launchers of the instances
  /// share the kernel's name, as C++ overloads told apart by their parameter types.
  std::string instance;
  std::string templateArgs;  // the same as C++ spells them ("<exo::f16>"), for messages
  SrcLoc instanceLoc;        // where the instance is instantiated (invalid: a plain function)
  /// An instance of a template with a parameter that no function parameter's type names
  /// (`template <int TILE>`): its launcher is an explicit specialization of a launcher
  /// template, called as the sequential function is (`scale<128>(n, x, y)`), since
  /// overloads could not tell the instances apart. The template's parameters as CUDA
  /// declares them ("class T, int TILE") and this instance's arguments ("<float, 128>");
  /// both empty: the launcher is an overload.
  std::string launcherTemplateParams;
  std::string launcherTemplateArgs;
  std::vector<std::string> namespaces;  // enclosing namespaces, outermost first
  SrcLoc loc;
  std::vector<Var*> params;
  std::vector<std::unique_ptr<Var>> vars;  // owns every Var of the kernel
  std::vector<std::unique_ptr<Instruction>> instructions;  // the instructions it calls, one each
  StmtPtr body;                            // a Block

  // Derived by model/ThreadMapping:
  std::vector<Stmt*> gridLoops;  // the perfect nest of block loops, outermost first
  /// The innermost grid loops when they are `block_in_cluster` loops, outermost first:
  /// their iterations are the blocks of one cluster of `clusterSize` (the product of
  /// their constant trip counts; one loop: a 1-D cluster, two: a 2-D cluster). The
  /// block's rank in its cluster linearizes them, the innermost fastest (blockIdx.x %
  /// clusterSize); empty and 1 without a cluster grid.
  std::vector<Stmt*> clusterLoops;
  int64_t clusterSize = 1;
  bool isClusterLoop(const Stmt* l) const {
    for (const Stmt* c : clusterLoops)
      if (c == l) return true;
    return false;
  }
  /// The grid loops that walk clusters (or blocks, without clusters).
  size_t tileDims() const { return gridLoops.size() - clusterLoops.size(); }
  /// A cluster body: the innermost grid loop's body holds `block_in_cluster` loops among
  /// other statements (sequential loops, `[[exo::sync(cluster)]]`, shared arrays
  /// distributed over the cluster's blocks). Those loops (Stmt::rankLoop), in source
  /// order; blockBody is then the cluster body, run by every block of the cluster, each
  /// block taking its own iteration of every rank loop (docs/hopper.md, section 7).
  std::vector<Stmt*> rankLoops;
  /// Blocks run in clusters of clusterSize (either form).
  bool clustered() const { return clusterSize > 1; }
  Stmt* blockBody = nullptr;     // the statement run by one CTA
  /// Every grid loop is `persistent`: one block per SM walks the tiles (the grid
  /// loops' iterations) in turn, its shared memory and rings carried from one to the
  /// next. Each ring's positions per tile, an expression of the parameters (a multiple
  /// of its slots: checker/PersistentCheck derives it, checker/ProverPersistent proves
  /// it): the next tile's position p is the sequence's position p + period.
  bool persistent = false;
  /// `exo::tile_order(how, group)` at the top of the kernel (checker/TileOrderCheck checks
  /// that the grid has two block loops); Default: grouped_rows of 8 for a tensor-core
  /// kernel's 2-D grid, else row-major.
  struct TileOrder {
    enum class Kind { Default, RowMajor, ColumnMajor, GroupedRows, GroupedColumns } kind = Kind::Default;
    int64_t group = 1;
    SrcRange range;
  } tileOrder;
  struct RingPeriod {
    const Var* ring = nullptr;
    ExprPtr period;
  };
  std::vector<RingPeriod> ringPeriods;
  int64_t blockThreads = 0;
  int64_t sharedBytes = 0;

  Var* newVar(std::string name, Type type, VarKind kind, Memory mem, SrcLoc loc);
};


}  // namespace exo::model
