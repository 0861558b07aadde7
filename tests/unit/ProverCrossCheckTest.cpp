// Soundness cross-check of the prover against the brute-force interpreter on random
// kernels: every kernel the brute force finds racy / out of bounds at some tried size
// must be rejected (zero false accepts); the false rejects are counted and printed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <regex>

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
TEST(ProverCrossCheck, RandomAsyncKernelsAgainstBruteForce) {
  crossCheck("async cross-check", randomAsyncKernel, 400, 777u);
}

}  // namespace
}  // namespace exo::test
