// Roles: `if`s whose condition reads only parallel loop variables (a warp-specialized
// kernel's `if (g == 0) { producer } else { consumers }` inside a warpgroup loop). Such a
// condition has one value per thread for the whole kernel, so it splits a CTA's threads
// into fixed sets: the threads that run a statement are known before it runs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/Kernel.h"

namespace exo::model {

/// Whether `cond`, in an `if` enclosed by `path` (outermost first), is a role condition:
/// it reads at least one variable of a parallel loop on the path and nothing else but
/// constants and such variables.
bool isRoleCondition(const Expr& cond, const std::vector<const Stmt*>& path);

/// The enclosing statements of `target` in the kernel's block body, outermost first
/// (empty when it is not there).
std::vector<const Stmt*> pathTo(const Kernel& k, const Stmt& target);

/// Which threads of a CTA run `target` as far as threads decide: thread t is in when it
/// runs an iteration of every parallel loop around it (model/ThreadMapping) and every
/// role condition around it goes its way. Conditions that read other values are not
/// evaluated (a thread in the set may still skip the statement). nullopt, with `why`,
/// when a role condition has no value for some thread.
std::optional<std::vector<bool>> threadsRunning(const Kernel& k, const Stmt& target, std::string& why);

}  // namespace exo::model
