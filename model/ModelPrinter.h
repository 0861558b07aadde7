// Prints the kernel model as an indented tree (exo-cuda --dump-model): for bug reports
// and golden tests of the parser and the thread mapping.
#pragma once

#include <string>

#include "model/Kernel.h"

namespace exo::model {

/// One line per node, children indented by two spaces: loops with their kind, trip
/// count, step and (parallel below the grid) unit and collective; variables with
/// memory, dims and offsets; expressions with their types, implicit casts marked.
std::string printModel(const Kernel& k);

}  // namespace exo::model
