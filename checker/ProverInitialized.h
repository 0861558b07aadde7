// Reads of register and local arrays see a value their thread wrote: every read of an
// element of a `[[exo::registers]]` or thread-local array has, in every execution, a
// write of the same element earlier in the sequential program, inside the array's
// lifetime. Without one the sequential program reads an indeterminate value (undefined
// in C++) and the GPU reads whatever the registers held: an accumulator read before its
// first product, a persistent tile reading the previous tile's sums.
#pragma once

#include "checker/Prover.h"
#include "checker/ProverAccess.h"

namespace exo::checker {

/// Reports err_read_uninitialized at each read it cannot prove covered.
void checkInitializedReads(const KernelFacts& facts, ProverStats& stats, const ProverLimits& limits,
                           model::DiagSink& sink);

}  // namespace exo::checker
