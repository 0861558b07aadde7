// Soundness cross-check of the prover against the brute-force interpreter on random
// kernels: every kernel the brute force finds racy / out of bounds at some tried size
// must be rejected (zero false accepts); the false rejects are counted and printed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <random>
#include <regex>
#include <tuple>

#include "checker/Prover.h"
#include "model/ThreadMapping.h"
#include "rewriter/CudaPrinter.h"
#include "tests/support/BruteForce.h"
#include "tests/support/RandomKernel.h"

namespace exo::test {
namespace {

/// The parameter values of the prover's witness ("for example with n = 1392, ...").
std::map<const model::Var*, int64_t> witnessSizes(const model::Kernel& k, const std::vector<model::Diagnostic>& ds) {
  std::map<const model::Var*, int64_t> sizes;
  for (const auto& d : ds) {
    if (d.id != model::DiagID::note_witness || d.args.empty()) continue;
    for (const model::Var* p : k.params) {
      std::smatch m;
      if (std::regex_search(d.args[0], m, std::regex("\\b" + p->name + " = (-?[0-9]+)")))
        sizes[p] = std::stoll(m[1]);
    }
    break;
  }
  return sizes;
}

struct CountingSink : model::DiagSink {
  std::vector<model::Diagnostic> diags;
  void report(const model::Diagnostic& d) override { diags.push_back(d); }
  std::string all() const {
    std::string s;
    for (const auto& d : diags) {
      s += std::string("  ") + model::diagName(d.id);
      for (const auto& a : d.args) s += " | " + a;
      s += "\n";
    }
    return s;
  }
  bool has(model::DiagID id) const {
    for (const auto& d : diags)
      if (d.id == id) return true;
    return false;
  }
  std::string first() const {
    for (const auto& d : diags)
      if (model::diagLevel(d.id) == model::DiagLevel::Error) {
        std::string s = model::diagName(d.id);
        for (const auto& a : d.args) s += " | " + a;
        return s;
      }
    return "";
  }
};

/// Runs `programs` random kernels of `generate` through the prover and the brute force.
void crossCheck(const char* what, RandomKernel (*generate)(std::mt19937&), int defaultPrograms, unsigned defaultSeed) {
  // Fixed by default (the same programs every run); EXO_CROSSCHECK_PROGRAMS and
  // EXO_CROSSCHECK_SEED widen the search for a longer measurement run.
  const char* envPrograms = std::getenv("EXO_CROSSCHECK_PROGRAMS");
  const char* envSeed = std::getenv("EXO_CROSSCHECK_SEED");
  const int programs = envPrograms ? std::atoi(envPrograms) : defaultPrograms;
  std::mt19937 rng(envSeed ? static_cast<unsigned>(std::atoi(envSeed)) : defaultSeed);
  int tried = 0, racy = 0, clean = 0, falseAccepts = 0, falseRejects = 0, unmapped = 0, confirmedLate = 0, skippedUndefined = 0,
      overflowing = 0, asyncAccepted = 0, asyncRejected = 0;
  auto start = std::chrono::steady_clock::now();
  for (int p = 0; p < programs; ++p) {
    RandomKernel rk = generate(rng);
    CountingSink mapSink;
    if (!model::mapThreads(*rk.kernel, mapSink)) {
      ++unmapped;
      continue;
    }
    ++tried;
    BruteResult truth;
    bool undefined = false;
    for (const auto& sz : rk.sizes) {
      BruteResult r = bruteForce(*rk.kernel, sz);
      undefined |= r.undefined;
      if (r.bad() && !truth.bad()) truth = r;
    }
    if (undefined) {  // C++ gives the sequential program no meaning: nothing to compare
      ++skippedUndefined;
      continue;
    }
    // Signed overflow at the largest sizes the assumes allow (the last block: block
    // offsets grow with it): the program is undefined there, so it must be rejected.
    bool overflows = !rk.largest.empty() && bruteForce(*rk.kernel, rk.largest, 2'000'000, /*lastBlockOnly=*/true).undefined;
    CountingSink sink;
    bool proven = checker::proveKernel(*rk.kernel, sink);
    const bool async = rk.text.find("asynchronous: acopy") != std::string::npos;  // issues a copy
    asyncAccepted += async && proven;
    asyncRejected += sink.has(model::DiagID::err_async_in_flight) || sink.has(model::DiagID::err_async_not_awaited) ||
                     sink.has(model::DiagID::note_async_completes);
    if (truth.bad() || overflows) {
      ++racy;
      overflowing += overflows;
      if (proven) {
        ++falseAccepts;
        ADD_FAILURE() << "false accept: brute force found "
                      << (truth.bad() ? truth.detail : "signed overflow at the largest allowed size") << "\n" << rk.text;
      } else if (overflows && !truth.bad() && !sink.has(model::DiagID::err_overflow)) {
        ADD_FAILURE() << "an overflowing program rejected for another reason:\n" << sink.all() << rk.text;
      }
    } else {
      // Clean at the small sizes tried: a rejection is false unless the brute force,
      // run at the prover's own witness sizes, finds the problem there too.
      std::map<const model::Var*, int64_t> w = witnessSizes(*rk.kernel, sink.diags);
      size_t scalars = 0;
      for (const model::Var* v : rk.kernel->params) scalars += !v->type.isPointer;
      if (!proven && !w.empty() && w.size() == scalars &&
          bruteForce(*rk.kernel, w, 50'000'000).bad()) {
        ++racy;
        ++confirmedLate;
        continue;
      }
      ++clean;
      if (!proven) {
        ++falseRejects;
        if (falseRejects <= 5)
          std::printf("false reject #%d:\n%s%s", falseRejects, sink.all().c_str(),
                      rewriter::printCuda({rk.kernel.get()}, {}).c_str());
      }
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %d programs (%d racy, %d of them found only at the prover's witness sizes, %d of them "
              "overflowing int at the largest allowed size; %d clean; %d not mappable, %d undefined in C++), "
              "%d false accepts, %d false rejects, %.1f s\n",
              what, tried, racy, confirmedLate, overflowing, clean, unmapped, skippedUndefined, falseAccepts, falseRejects, secs);
  if (asyncAccepted || asyncRejected)
    std::printf("%s: with asynchronous copies: %d proven; %d rejected by an asynchronous rule (in flight, not awaited, "
                "or ordered only after the issue)\n",
                what, asyncAccepted, asyncRejected);
  EXPECT_EQ(falseAccepts, 0);
  EXPECT_GT(racy, programs / 10);   // the generator must exercise both outcomes
  EXPECT_GT(clean, programs / 10);
}

TEST(ProverCrossCheck, RandomKernelsAgainstBruteForce) { crossCheck("cross-check", randomKernel, 600, 12345u); }

// Asynchronous copies (an instruction on a queue), commits and awaits: the brute force
// lands each copy at the await that completes it and flags any access in between
// (checker/ProverAsync's rules, checked against executions).
// Register and local arrays read before their thread wrote them (checker/ProverInitialized).
TEST(ProverCrossCheck, RandomInitKernelsAgainstBruteForce) { crossCheck("init cross-check", randomInitKernel, 400, 4242u); }

// Cluster bodies: block_in_cluster loops over a distributed shared array; the brute
// force runs a cluster's blocks as one group, a block barrier ordering one block's
// threads and a cluster barrier all of them (docs/prover.md, "Cluster bodies").
TEST(ProverCrossCheck, RandomClusterKernelsAgainstBruteForce) {
  crossCheck("cluster cross-check", randomClusterKernel, 300, 2026u);
}

TEST(ProverCrossCheck, RandomAsyncKernelsAgainstBruteForce) {
  crossCheck("async cross-check", randomAsyncKernel, 400, 777u);
}

// ---------------------------------------------------------------- mbarrier rings

/// The oracle's verdict on a ring kernel over every n its assume allows (merged flags,
/// the first problem's detail); `undefined` when C++ gives some run no meaning.
struct RingTruth {
  BruteResult bad;
  bool undefined = false;
  bool tooLong = false;
};
RingTruth ringTruth(const RandomKernel& rk) {
  RingTruth out;
  for (const auto& sz : rk.sizes) {
    BruteResult r = bruteForce(*rk.kernel, sz);
    out.undefined |= r.undefined;
    out.tooLong |= r.tooLong;
    if (r.bad() && !out.bad.bad()) out.bad.detail = r.detail + " (n = " + std::to_string(sz.begin()->second) + ")";
    BruteResult& m = out.bad;
    m.race |= r.race, m.crossBlock |= r.crossBlock, m.outOfBounds |= r.outOfBounds, m.registerOwner |= r.registerOwner;
    m.notAwaited |= r.notAwaited, m.ringDeadlock |= r.ringDeadlock, m.ringOverSignal |= r.ringOverSignal;
    m.ringPhase |= r.ringPhase, m.ringNegative |= r.ringNegative, m.ringUnwaited |= r.ringUnwaited;
  }
  return out;
}

std::string flags(const BruteResult& r) {
  std::string s;
  auto add = [&](bool f, const char* name) {
    if (f) s += (s.empty() ? "" : ",") + std::string(name);
  };
  add(r.race, "race");
  add(r.crossBlock, "crossBlock");
  add(r.outOfBounds, "outOfBounds");
  add(r.notAwaited, "notAwaited");
  add(r.ringDeadlock, "ringDeadlock");
  add(r.ringOverSignal, "ringOverSignal");
  add(r.ringPhase, "ringPhase");
  add(r.ringNegative, "ringNegative");
  add(r.ringUnwaited, "ringUnwaited");
  return s;
}

// The oracle on fixed shapes: known-good protocols are clean (and proven), known-bad
// ones are flagged for the right reason (and rejected).
TEST(ProverCrossCheck, RingOracleKnownShapes) {
  using A = RingShape::Arrive;
  struct Case {
    const char* name;
    RingShape shape;
    bool bad;
    bool BruteResult::*flag;
  };
  RingShape good;  // S = 2, the consumers release slot kt after reading it
  good.slots = 2;
  good.maxN = 6;
  good.emptyWaitOffset = -2;
  good.emptyWaitGuard = 2;
  RingShape late = good;  // hopper_gemm: release kt - 1 (one step late)
  late.arriveOffset = -1;
  late.arriveGuard = 1;
  late.consumers = 2;
  late.warpgroups = true;
  late.twoCopies = true;
  RingShape perThread = good;
  perThread.arrive = A::PerThread;
  perThread.waitPerThread = true;
  perThread.slots = 3;
  perThread.emptyWaitOffset = -3;
  perThread.emptyWaitGuard = 3;
  RingShape noArrive = good;
  noArrive.arrive = A::None;
  RingShape arriveBefore = good;
  arriveBefore.arrive = A::BeforeReads;
  RingShape noWait = good;
  noWait.consumerWaits = false;
  RingShape lateOneSlot = late;  // releasing one step late with one slot: the producer waits for itself
  lateOneSlot.slots = 1;
  lateOneSlot.emptyWaitOffset = -1;
  lateOneSlot.emptyWaitGuard = 1;
  RingShape noEmpty = good;  // no release: the producer refills slots still being read
  noEmpty.producerWaits = false;
  noEmpty.arrive = A::None;
  RingShape noEmptyFits = noEmpty;  // ... unless the ring holds every step
  noEmptyFits.slots = 4;
  noEmptyFits.maxN = 4;
  RingShape earlyRefill = good;  // waits for a phase before the slot's previous one
  earlyRefill.emptyWaitOffset = -3;
  earlyRefill.emptyWaitGuard = 3;
  RingShape overSynced = good;  // waits for the previous step's release: more than needed, fine
  overSynced.emptyWaitOffset = -1;
  overSynced.emptyWaitGuard = 1;
  RingShape copyAhead = good;  // the copy signals the next position
  copyAhead.copyOffset = 1;
  RingShape twoIssuers = good;
  twoIssuers.producerThreads = 2;
  RingShape skipFirst = noEmptyFits;  // nobody waits for positions 0, 1: phases mix in slot 0 and 1
  skipFirst.slots = 2;
  skipFirst.consumerGuard = 2;
  RingShape wrongGuard = good;  // the producer's wait guarded one step too late
  wrongGuard.emptyWaitGuard = 3;
  const Case cases[] = {
      {"release after reads", good, false, nullptr},
      {"release one step late (hopper_gemm)", late, false, nullptr},
      {"per-thread waits and arrivals", perThread, false, nullptr},
      {"no empty ring, the ring holds every step", noEmptyFits, false, nullptr},
      {"refill waits for the previous step", overSynced, false, nullptr},
      {"missing arrive", noArrive, true, &BruteResult::ringDeadlock},
      {"arrive before the reads", arriveBefore, true, &BruteResult::race},
      {"consumers do not wait", noWait, true, &BruteResult::race},
      {"one slot released late", lateOneSlot, true, &BruteResult::ringDeadlock},
      {"no empty ring", noEmpty, true, &BruteResult::race},
      {"refill waits for the wrong phase", earlyRefill, true, &BruteResult::race},
      {"copy signals the next position", copyAhead, true, &BruteResult::race},
      {"two threads issue each copy", twoIssuers, true, &BruteResult::ringOverSignal},
      {"positions nobody waits for", skipFirst, true, &BruteResult::ringPhase},
      {"producer wait guarded too late", wrongGuard, true, &BruteResult::race},
  };
  for (const Case& c : cases) {
    RandomKernel rk = ringKernel(c.shape);
    CountingSink mapSink;
    ASSERT_TRUE(model::mapThreads(*rk.kernel, mapSink)) << c.name << "\n" << mapSink.all() << rk.text;
    RingTruth t = ringTruth(rk);
    ASSERT_FALSE(t.undefined || t.tooLong) << c.name;
    EXPECT_EQ(t.bad.bad(), c.bad) << c.name << ": " << t.bad.detail << "\n" << rk.text;
    if (c.flag) EXPECT_TRUE(t.bad.*c.flag) << c.name << ": flags " << flags(t.bad) << ": " << t.bad.detail << "\n" << rk.text;
    CountingSink sink;
    bool proven = checker::proveKernel(*rk.kernel, sink);
    EXPECT_EQ(proven, !c.bad) << c.name << "\n" << sink.all() << rk.text;
  }
  // Two problems this cross-check found the prover missing (now err_ring_position and
  // err_ring_copy_unwaited): a release of position kt - 1 at kt = 0 (empty[-1 % S]: the
  // CUDA indexes ring[p % S]), and a copy nobody waits for (it may land after its CTA
  // has ended). Flagged by the oracle for that reason only, rejected by the prover.
  RingShape negative = good;
  negative.arriveOffset = -1;
  negative.arriveGuard = -1;
  negative.slots = 4;
  negative.maxN = 2;
  negative.emptyWaitOffset = -4;
  negative.emptyWaitGuard = 4;
  RingShape unwaited = noEmptyFits;  // the consumers start at step 1: copy 0 is never waited for
  unwaited.consumerGuard = 1;
  for (const auto& [name, shape, flag] : {std::make_tuple("negative arrival position", negative, &BruteResult::ringNegative),
                                          std::make_tuple("copy never waited for", unwaited, &BruteResult::ringUnwaited)}) {
    RandomKernel rk = ringKernel(shape);
    CountingSink mapSink;
    ASSERT_TRUE(model::mapThreads(*rk.kernel, mapSink)) << name;
    RingTruth t = ringTruth(rk);
    BruteResult rest = t.bad;
    rest.ringNegative = rest.ringUnwaited = false;
    EXPECT_TRUE(t.bad.*flag && !rest.bad()) << name << ": flags " << flags(t.bad) << "\n" << rk.text;
    CountingSink sink;
    EXPECT_FALSE(checker::proveKernel(*rk.kernel, sink)) << name << "\n" << rk.text;
  }
}

// Random ring kernels (RandomKernel::randomRingKernel): TMA-like copies signalling a
// "full" ring, consumers waiting for it and releasing slots on an "empty" ring, with
// random positions, guards, placements and missing statements. The brute force runs
// every n the assume allows, with happens-before through rings (vector clocks), each
// copy's writes landing at its position's completion, and the protocol (deadlock,
// over-signalled positions, phase aliasing and mixing, copies never waited for).
TEST(ProverCrossCheck, RandomRingKernelsAgainstBruteForce) {
  const char* envPrograms = std::getenv("EXO_CROSSCHECK_PROGRAMS");
  const char* envSeed = std::getenv("EXO_CROSSCHECK_SEED");
  const int programs = envPrograms ? std::atoi(envPrograms) : 300;
  const unsigned seed = envSeed ? static_cast<unsigned>(std::atoi(envSeed)) : 4242u;
  std::mt19937 rng(seed);
  int tried = 0, bad = 0, clean = 0, accepted = 0, falseAccepts = 0, falseRejects = 0, unmapped = 0, skipped = 0;
  std::map<std::string, int> badBy, rejectedBy, falseRejectBy;
  auto start = std::chrono::steady_clock::now();
  for (int p = 0; p < programs; ++p) {
    RandomKernel rk = randomRingKernel(rng);
    CountingSink mapSink;
    if (!model::mapThreads(*rk.kernel, mapSink)) {
      ++unmapped;
      continue;
    }
    RingTruth truth = ringTruth(rk);
    if (truth.undefined || truth.tooLong) {
      ++skipped;
      continue;
    }
    ++tried;
    CountingSink sink;
    const bool proven = checker::proveKernel(*rk.kernel, sink);
    accepted += proven;
    if (!proven) {
      std::string first = sink.first();
      ++rejectedBy[first.substr(0, first.find(" | "))];
    }
    if (truth.bad.bad()) {
      ++bad;
      ++badBy[flags(truth.bad)];
      if (proven) {
        ++falseAccepts;
        ADD_FAILURE() << "false accept (program " << p << " of seed " << seed << "): brute force found "
                      << truth.bad.detail << "\n" << rk.text;
      }
    } else {
      ++clean;
      if (!proven) {
        ++falseRejects;
        std::string first = sink.first();
        ++falseRejectBy[first.substr(0, first.find(" | "))];
        if (falseRejects <= 3) std::printf("ring false reject #%d (program %d):\n%s%s", falseRejects, p, sink.all().c_str(), rk.text.c_str());
      }
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("ring cross-check (seed %u): %d programs (%d accepted, %d rejected; %d bad, %d clean; %d not mappable, "
              "%d undefined or too long), %d false accepts, %d false rejects, %.1f s\n",
              seed, tried, accepted, tried - accepted, bad, clean, unmapped, skipped, falseAccepts, falseRejects, secs);
  for (const auto& [f, n] : badBy) std::printf("  brute force: %-40s %d\n", f.c_str(), n);
  for (const auto& [d, n] : rejectedBy) std::printf("  prover rejected by: %-40s %d\n", d.c_str(), n);
  for (const auto& [d, n] : falseRejectBy) std::printf("  false rejects by: %-40s %d\n", d.c_str(), n);
  EXPECT_EQ(falseAccepts, 0);
  EXPECT_GT(bad, programs / 5);  // the generator must exercise both outcomes
  EXPECT_GT(accepted, programs / 5);
}

}  // namespace
}  // namespace exo::test
