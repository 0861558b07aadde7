#pragma once

// The header of a sequential `for` loop that is not the canonical `for (v = lo; v < hi;
// ++v)`: counting down (`v > lo`, `--v`, `v -= c`), halving or doubling (`v /= 2`,
// `v >>= 1`, `v *= 2`, `v <<= 1`), an inclusive bound (`v <= hi`), or an update spelled
// `v = v op c`. The model builder rewrites such a loop as a canonical counter loop whose
// body starts by computing the variable (`const int h = 128 >> exo_h_iter;`): the prover
// and the printer see only canonical loops.

#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class Expr;
class ForStmt;
class Stmt;
class VarDecl;
}  // namespace clang

namespace exo {

struct LoopHeader {
  enum class Update { Add, Sub, Shl, Shr };
  enum class Compare { Less, LessEqual, Greater, GreaterEqual };
  Update update = Update::Add;
  int64_t amount = 1;  // the step c of Add / Sub, the shift k of Shl / Shr (`v /= 4`: 2)
  Compare compare = Compare::Less;  // with the variable on the left: `lo < v` is `v > lo`
  const clang::Expr* bound = nullptr;  // the other side of the comparison
};

/// Reads `fs`'s condition and increment for loop variable `vd`. nullopt with `why` (and
/// `where`, the part that is wrong) when they have none of the forms above, or when the
/// comparison converts the variable to another type.
std::optional<LoopHeader> readLoopHeader(clang::ASTContext& ctx, const clang::ForStmt* fs, const clang::VarDecl* vd,
                                         const clang::Stmt*& where, std::string& why);

/// The iterations of a halving or doubling loop from constant `start` while `v compare
/// bound` holds, each value a value of the variable's type (`bits` wide, `isUnsigned`):
/// nullopt with `why` when the loop would leave the type or not end within 64 steps.
std::optional<int64_t> shiftLoopTrips(const LoopHeader& h, int64_t start, int64_t bound, unsigned bits,
                                      bool isUnsigned, std::string& why);

}  // namespace exo
