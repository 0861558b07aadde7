// Register budgets (exo/sm90.hpp: setmaxnreg_inc / setmaxnreg_dec): each warpgroup sets
// its budget at most once, outside sequential loops, and the budgets of all warpgroups fit
// the SM's register file. The CUDA printer then launches with one block per SM
// (`__launch_bounds__(threads, 1)`), the allocation the budgets start from.
#include <map>
#include <string>

#include "checker/Checks.h"
#include "model/Roles.h"
#include "model/Walk.h"

namespace exo::checker {

using namespace model;

namespace {

constexpr int64_t kRegisterFile = 65536;  // 32-bit registers per SM (H100/H200)

/// The register count of a setmaxnreg call (its template argument), or 0 when `s` is
/// not one; `inc` says which way it goes.
int64_t budgetOf(const Stmt& s, bool& inc) {
  if (s.kind != StmtKind::Instr) return 0;
  const std::string& f = s.instr->cudaFunction;
  auto endsWith = [&](const char* tail) {
    std::string t = tail;
    return f.size() >= t.size() && f.compare(f.size() - t.size(), t.size(), t) == 0;
  };
  if (!endsWith("setmaxnreg_inc") && !endsWith("setmaxnreg_dec")) return 0;
  inc = endsWith("setmaxnreg_inc");
  const std::string& a = s.instr->templateArgs;  // "<232>"
  return a.size() > 2 ? std::atoll(a.c_str() + 1) : 0;
}

}  // namespace

int64_t launchRegisters(const Kernel& k) {
  int64_t threads = k.blockThreads > 0 ? k.blockThreads : 1;
  int64_t r = kRegisterFile / threads;
  if (r > 255) r = 255;  // a thread's most
  return r / 8 * 8;      // allocated in steps of 8
}

bool setsRegisterBudgets(const Kernel& k) {
  bool any = false;
  if (k.blockBody)
    walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>&) {
      bool inc = false;
      any |= budgetOf(s, inc) > 0;
      return s.kind != StmtKind::Instr;
    });
  return any;
}

void checkRegisterBudgets(const Kernel& k, DiagSink& sink) {
  if (!k.blockBody) return;
  const int64_t atLaunch = launchRegisters(k);
  const int64_t groups = (k.blockThreads + 127) / 128;
  std::map<int64_t, const Stmt*> setBy;  // warpgroup -> its setmaxnreg
  std::map<int64_t, int64_t> budget;
  walkStmts(*k.blockBody, [&](Stmt& s, const std::vector<Stmt*>& path) {
    bool inc = false;
    const int64_t r = budgetOf(s, inc);
    if (!r) return s.kind != StmtKind::Instr;
    const std::string name = s.instr->name + s.instr->templateArgs;
    for (const Stmt* p : path)
      if (p->kind == StmtKind::For && p->loop == LoopKind::Seq) {
        sink.diag(DiagID::err_setmaxnreg, s.range, {name, "runs in a sequential loop; set a warpgroup's budget once, before its loops"})
            .diag(DiagID::note_loop_here, p->range, {loopKindName(p->loop)});
        return false;
      }
    if (inc ? r < atLaunch : r > atLaunch) {
      sink.diag(DiagID::err_setmaxnreg, s.range,
                {name, std::string("asks for ") + (inc ? "fewer" : "more") + " registers than the " + std::to_string(atLaunch) +
                           " each thread has at launch (65536 over " + std::to_string(k.blockThreads) + " threads); use " +
                           (inc ? "setmaxnreg_dec" : "setmaxnreg_inc")});
      return false;
    }
    std::string why;
    std::optional<std::vector<bool>> running = threadsRunning(k, s, why);
    if (!running) {
      sink.diag(DiagID::err_setmaxnreg, s.range, {name, "runs on threads that cannot be told (" + why + ")"});
      return false;
    }
    for (int64_t g = 0; g < groups; ++g) {
      if (!(*running)[static_cast<size_t>(g * 128)]) continue;
      if (setBy.count(g)) {
        sink.diag(DiagID::err_setmaxnreg, s.range,
                  {name, "is the second budget of warpgroup " + std::to_string(g) + "; set each warpgroup's budget once"})
            .diag(DiagID::note_other_use, setBy[g]->range);
        return false;
      }
      setBy[g] = &s;
      budget[g] = r;
    }
    return false;
  });
  if (setBy.empty()) return;
  if (k.blockThreads % 128 != 0) {
    const Stmt* first = setBy.begin()->second;
    sink.diag(DiagID::err_setmaxnreg, first->range,
              {first->instr->name + first->instr->templateArgs,
               "needs a block of whole warpgroups, but this one has " + std::to_string(k.blockThreads) +
                   " threads; make the block a multiple of 128 threads"});
    return;
  }
  int64_t total = 0;
  std::string parts;
  for (int64_t g = 0; g < groups; ++g) {
    int64_t r = budget.count(g) ? budget[g] : atLaunch;
    total += r * 128;
    parts += (g ? ", " : "") + std::to_string(r);
  }
  if (total > kRegisterFile) {
    const Stmt* first = nullptr;
    for (const auto& [g, st] : setBy)
      if (!first) first = st;
    sink.diag(DiagID::err_setmaxnreg, first->range,
              {first->instr->name + first->instr->templateArgs,
               "gives the warpgroups " + parts + " registers per thread: " + std::to_string(total) +
                   " in all, more than the SM's 65536; lower the budgets"});
  }
}

}  // namespace exo::checker
