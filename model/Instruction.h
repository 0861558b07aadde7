// The instruction model: an instruction is one object, read from one C++ function of
// an instruction header (exo/sm80.hpp) marked `[[exo::instr(collective, "header",
// "cuda_function")]]`:
//   - its body is its meaning (the parser inlines it at every call, so the prover sees
//     the element accesses it makes to its operands),
//   - `collective` is who issues it (every thread of one copy, converged),
//   - each operand's memory (and, for fragments, the lane layout) comes from the
//     parameter's attribute,
//   - `cudaFunction` (declared in `header`) is its code: called with the same
//     arguments, each register operand being the issuing thread's own part.
// docs/instructions.md says how to add one.
#pragma once

#include <string>
#include <vector>

#include "model/Collective.h"
#include "model/Fragment.h"

namespace exo::model {

struct Operand {
  enum class Kind {
    Scalar,     // an integer or float value
    Global,     // a pointer parameter of the kernel (global memory)
    Shared,     // [[exo::shared]]: a tile of a shared array
    Registers,  // [[exo::registers]]: a tile of a distributed register array, owned by the issuing thread
    Fragment,   // [[exo::fragment(layout)]]: a tile of a register array spread over the warp
  };
  std::string name;  // the parameter's name
  Kind kind = Kind::Scalar;
  const FragmentLayout* layout = nullptr;  // Fragment
  std::vector<int64_t> tileDims;           // Shared / Registers / Fragment: the parameter's array extents
  bool writes = false;                     // the body assigns to it
};

struct Instruction {
  std::string name;  // qualified C++ name, as users call it (exo::sm80::mma_m16n8k16)
  CollectiveId collective = CollectiveId::Warp;
  std::string header;        // what the generated CUDA includes
  std::string cudaFunction;  // what it calls
  /// The instantiation's template arguments as CUDA spells them ("<__nv_bfloat16, 128, 40>";
  /// empty for a plain function): the CUDA form has the meaning's template parameters,
  /// in the same order, and its register operands (pointers) cannot deduce them.
  std::string templateArgs;
  std::vector<Operand> operands;
};

const char* operandKindName(Operand::Kind k);

}  // namespace exo::model
