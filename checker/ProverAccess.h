// Access collection for the prover: every memory access site of a kernel with the
// path of statements that leads to it, plus the facts the encoder needs about
// variables (declarations, assignments, loops) and the kernel's syncs.
#pragma once

#include <map>
#include <set>
#include <vector>

#include "model/Kernel.h"

namespace exo::checker {

/// One step down the statement tree: child `child` of `container`
/// (Block: index into body; For: 0 = the loop body; If: 0 = then, 1 = else).
struct PathStep {
  const model::Stmt* container;
  int child;
  bool operator==(const PathStep& o) const { return container == o.container && child == o.child; }
};
using Path = std::vector<PathStep>;

/// One array element access in the source.
struct AccessSite {
  const model::Expr* expr = nullptr;  // the Index expression
  const model::Var* var = nullptr;    // the array or pointer parameter
  bool write = false;                 // false: a read
  /// Part of an atomic read-modify-write (Stmt::atomic: the `+=` of a reduction operand).
  bool atomic = false;
  const model::Stmt* stmt = nullptr;  // the statement that evaluates it
  Path path;                          // kernel body .. stmt (stmt = last step's child)
  int order = 0;                      // program order, for deterministic reports
  /// Conditions under which the expression evaluates the access at all: the arm of a
  /// `c ? a : b`, the right operand of `&&` / `||` (condition, required value).
  std::vector<std::pair<const model::Expr*, bool>> guards;
  /// The instruction whose meaning makes this access (nullptr: the kernel's own code).
  /// Its thread is any thread of the issuing collective (the rank is free).
  const model::Stmt* instr = nullptr;
  /// A completion site (checker/ProverAsync): the access `completes` of an asynchronous
  /// instruction, placed at the await `completedAt` that completes it (path and stmt are
  /// the await's). Not collected: the async check makes them.
  const AccessSite* completes = nullptr;
  const model::Stmt* completedAt = nullptr;

  /// Where a report about this access points: the access, or the instruction call
  /// whose meaning makes it (the access in the instruction's header gets a note).
  model::SrcRange range() const { return instr ? instr->range : expr->range; }
};

/// The instruction call whose meaning holds the statement at the end of `path` (the
/// innermost one), or null: exo::aligned and exo::expects are reported at their call.
const model::Stmt* instructionCallOf(const Path& path);

/// A statement with its path (syncs, scalar assignments, declarations).
struct PlacedStmt {
  const model::Stmt* stmt = nullptr;
  Path path;
};

struct KernelFacts {
  const model::Kernel* kernel = nullptr;
  std::vector<AccessSite> sites;
  std::vector<PlacedStmt> syncs;
  std::vector<PlacedStmt> collectiveOps;       // instructions issued by more than one thread
  std::vector<PlacedStmt> alignments;          // exo::aligned in instructions' meanings
  std::vector<PlacedStmt> expects;             // exo::expects in instructions' meanings
  std::vector<PlacedStmt> scalarWrites;        // Assign to a scalar (VarRef lhs)
  /// Reads of local scalars (expr: the VarRef; no indices), for checker/ProverInitialized:
  /// kept apart from `sites`, which the race checks compare (a scalar is one thread's).
  std::vector<AccessSite> scalarReads;
  std::map<const model::Var*, PlacedStmt> decls;  // Decl of each local scalar/array
  std::map<const model::Var*, const model::Stmt*> loopOf;  // loop variable -> its For
  std::set<const model::Var*> assigned;        // scalars assigned after their declaration
  std::vector<const model::Expr*> assumes;     // exo::assume conditions
  /// Integer inputs whose values the prover models (`const int* idx`: a pointer parameter
  /// to a const integer type that nothing in the kernel writes, and that no written
  /// pointer may alias, which checker/Prover's aliasing check refuses): every read of
  /// element i is one value for the whole launch, so a read is an uninterpreted function
  /// of its index (gathers, CSR row bounds, histogram bins).
  std::set<const model::Var*> modelledInputs;
};

/// Is e a read of a modelled input (KernelFacts::modelledInputs) at one index?
bool isModelledInputRead(const model::Expr& e, const KernelFacts& facts);

KernelFacts collectFacts(const model::Kernel& k);

/// The access is made by an instruction that a whole collective issues (a warp): its
/// thread is any of the collective's, and register elements it touches are the
/// collective's (their owner was checked against the warp loop).
bool issuedByCollective(const AccessSite& s);

/// Two sites that may conflict: the same array, one of them writes, and they are not
/// both atomic reductions (which commute: docs/prover.md, "Atomic reductions").
bool mayConflict(const AccessSite& a, const AccessSite& b);

/// The statement a step leads to.
const model::Stmt* stepTarget(const PathStep& s);

/// The For statements on a path (the loops enclosing its target), outermost first.
std::vector<const model::Stmt*> enclosingLoops(const Path& p);

}  // namespace exo::checker
