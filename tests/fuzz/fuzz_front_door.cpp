// libFuzzer target over exo-cuda's front door: source text in, diagnostics and generated
// code out, all in memory. One input is one kernel file (the name below, not on disk);
// it runs the whole pipeline (Clang's parse with exo's attributes, model, checks,
// prover, CUDA and header printers), records the diagnostics as data and writes them
// as JSON and SARIF, as `exo-cuda --format=json -o k.cu --header k.h` would.
// Built with -DEXO_FUZZ=ON by clang (scripts/fuzz); any crash, sanitizer report or
// timeout is a bug. EXO_FUZZ_PCH=<exo.pch> (scripts/fuzz makes it): exo/exo.hpp
// precompiled and pre-included, twice as many inputs per second (its <cmath> is most of
// the parse); the inputs' own '#include <exo/exo.hpp>' then costs nothing.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "clang/Tooling/CompilationDatabase.h"
#include "tool/DiagnosticRecord.h"
#include "tool/Driver.h"

extern "C" int exoAttributesLinked();

namespace {

const char* const kInput = "/exo-fuzz/input.exo.cpp";

std::unique_ptr<clang::tooling::FixedCompilationDatabase> database(const exo::DriverOptions& opts) {
  std::vector<std::string> args;
  if (const char* pch = std::getenv("EXO_FUZZ_PCH")) {
    args = {"-include-pch", pch};
    auto db = std::make_unique<clang::tooling::FixedCompilationDatabase>(".", args);
    std::string probe = "[[exo::kernel]] void k(float* __restrict__ y) {\n"
                        "  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = sqrtf(1.f);\n}\n";
    if (exo::processFile(*db, kInput, opts, &probe).ok) return db;
    std::fprintf(stderr, "exo-fuzz: EXO_FUZZ_PCH=%s does not work with this build; fuzzing without it\n", pch);
    args.clear();
  }
  return std::make_unique<clang::tooling::FixedCompilationDatabase>(".", args);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const exo::DriverOptions opts = [] {
    (void)exoAttributesLinked();
    exo::DriverOptions o;
    o.exoIncludeDir = EXO_INCLUDE_DIR;
    o.clangResourceDir = EXO_CLANG_RESOURCE_DIR;
    o.header = true;
    o.dumpModel = true;                // the model printer too
    o.recordDiagnostics = true;        // no text on stderr: records, then JSON and SARIF below
    o.proverMaxQueries = 20000;        // a tenth of the default: keeps each input under a second or so
    return o;
  }();
  static const std::unique_ptr<clang::tooling::FixedCompilationDatabase> db = database(opts);
  std::string source(reinterpret_cast<const char*>(data), size);
  exo::FileResult r = exo::processFile(*db, kInput, opts, &source);
  exo::DiagDocumentInfo info;
  info.inputs = {kInput};
  info.workingDirectory = "/exo-fuzz";
  std::string json = exo::diagnosticsJson(r.diagnostics, info);
  std::string sarif = exo::diagnosticsSarif(r.diagnostics, info);
  // An input that fails must say why; one that passes has CUDA.
  bool hasError = false;
  for (const exo::DiagRecord& d : r.diagnostics) hasError |= d.level == "error" || d.level == "fatal";
  if (r.ok == hasError || (r.ok && r.cuda.empty()) || json.empty() || sarif.empty()) __builtin_trap();
  return 0;
}
