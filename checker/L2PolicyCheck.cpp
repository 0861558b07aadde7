// exo::l2_policy hints the TMA loads of a global array (exo/exo.hpp). A hint on an array
// that no TMA copy reads does nothing: warn, so that a user who expected it to reach
// plain loads or TMA stores learns that it does not.
#include "checker/Checks.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

void checkL2Policy(const Kernel& k, DiagSink& sink) {
  const std::set<const Var*> loaded = k.body ? tmaLoadSources(*k.body) : std::set<const Var*>{};
  for (const Var* p : k.params)
    if (p->l2Policy != L2Policy::None && !loaded.count(p))
      sink.diag(DiagID::warn_l2_policy_unused, p->l2PolicyRange, {p->name});
}

}  // namespace exo::checker
