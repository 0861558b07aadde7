// The C++ meaning of the model's integer expressions, evaluated exactly.
//
// One evaluator for everything that needs a concrete value: constant trip counts, the
// brute-force oracle of the tests, and the check that a prover witness is a real
// execution. Values are mathematical integers in the range of their C++ type: unsigned
// arithmetic and every conversion to a narrower or unsigned type wrap modulo 2^width
// (conversions to a signed type wrap as GCC, Clang and NVCC define it, and as C++20
// requires); bool is 0 or 1. What C++ leaves undefined (signed overflow, division by
// zero, shifts by a negative amount or past the width) has no value.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "model/Kernel.h"

namespace exo::model {

using Wide = __int128;

/// Width in bits of an integer scalar kind (bool: 1, int/unsigned: 32, long: 64).
int integerBits(ScalarKind k);
bool isUnsignedKind(ScalarKind k);
/// Smallest and largest value of an integer scalar kind.
Wide minValue(ScalarKind k);
Wide maxValue(ScalarKind k);

/// The value C++ gives `v` converted to kind `to` (integral conversion or to bool).
Wide convertInteger(Wide v, ScalarKind to);
/// Whether converting any value of integer kind `from` to `to` keeps it (int -> long,
/// unsigned -> long, bool -> int); false for signed <-> unsigned, narrowing, to bool.
bool conversionKeepsValue(ScalarKind from, ScalarKind to);

/// Values of variables: nullopt when unknown (memory contents, floats, ...).
using Env = std::function<std::optional<Wide>(const Var*)>;

struct Evaluation {
  std::optional<Wide> value;
  /// Why there is no value: empty when the value is only unknown (reads memory or an
  /// unknown variable), else the undefined behaviour met ("signed overflow in 'a * b'").
  std::string undefined;
};

/// Values of memory: element `index` of a one-dimensional array (a pointer parameter);
/// nullopt when unknown.
using Reader = std::function<std::optional<Wide>(const Var*, Wide index)>;

/// e's value under env. Floating-point values, memory reads and calls have no value;
/// with `read`, a read `a[i]` of an integer element has the value it gives.
Evaluation evaluate(const Expr& e, const Env& env, const Reader& read = {});

/// The value of an expression that reads no variable and fits in 64 bits.
std::optional<int64_t> constantValue(const Expr& e);

/// How running a loop header ended (runLoop).
enum class LoopEnd {
  Done,       // the condition became false
  Stopped,    // the visitor asked to stop
  Unknown,    // the bound could not be evaluated (reads memory, ...)
  Undefined,  // `v += step` overflowed a signed variable
  TooLong,    // more than `limit` iterations
};

/// Runs a loop's header as C++ does, from `start` (the initializer's value): calls
/// `visit(v)` for each value of the variable while `v < hi` holds after the usual
/// arithmetic conversions (Stmt::compareAs), until `visit` returns false.
LoopEnd runLoop(const Stmt& loop, Wide start, const Env& env, int64_t limit,
                const std::function<bool(Wide)>& visit, const Reader& read = {});

/// The constant trip count of a loop whose bounds read no variable: how many times C++
/// runs its body. -1 if the bounds are not constant or it runs more than `limit` times.
int64_t constantTripCount(const Stmt& loop, int64_t limit = int64_t(1) << 40);

}  // namespace exo::model
