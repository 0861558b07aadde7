#include "tool/Driver.h"

#include "llvm/Support/FormatVariadic.h"

#include "annotations/ClangDiags.h"
#include "checker/Checks.h"
#include "checker/Prover.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "model/ModelPrinter.h"
#include "model/ThreadMapping.h"
#include "parser/ModelBuilder.h"
#include "rewriter/CudaPrinter.h"

namespace exo {
namespace {

namespace c = clang;

/// Clang only warns about `[[exo::typo]]` ("unknown attribute ignored"): remember those
/// for our exo namespace, to report them as errors; forward everything else.
class UnknownExoAttrFilter : public c::DiagnosticConsumer {
public:
  UnknownExoAttrFilter(c::DiagnosticConsumer* next) : next_(next) {}
  void BeginSourceFile(const c::LangOptions& lo, const c::Preprocessor* pp) override {
    next_->BeginSourceFile(lo, pp);
  }
  void EndSourceFile() override { next_->EndSourceFile(); }
  void finish() override { next_->finish(); }
  void HandleDiagnostic(c::DiagnosticsEngine::Level level, const c::Diagnostic& info) override {
    if (info.getID() == c::diag::warn_unknown_attribute_ignored ||
        info.getID() == c::diag::warn_unknown_attribute_ignored_suggestion) {
      llvm::SmallString<128> msg;
      info.FormatDiagnostic(msg);
      llvm::StringRef m = msg.str();
      size_t at = m.find("'exo::");
      if (at != llvm::StringRef::npos) {
        llvm::StringRef name = m.drop_front(at + 6).take_until([](char ch) { return ch == '\''; });
        unknown.push_back({info.getLocation(), name.str()});
        return;
      }
    }
    c::DiagnosticConsumer::HandleDiagnostic(level, info);
    next_->HandleDiagnostic(level, info);
  }
  std::vector<std::pair<c::SourceLocation, std::string>> unknown;

private:
  c::DiagnosticConsumer* next_;
};

void collectKernels(const c::DeclContext* dc, const c::SourceManager& sm, std::vector<const c::FunctionDecl*>& out) {
  for (const c::Decl* d : dc->decls()) {
    // Namespaces and extern "C" { } blocks hold kernels too.
    if (llvm::isa<c::NamespaceDecl>(d) || llvm::isa<c::LinkageSpecDecl>(d))
      collectKernels(llvm::cast<c::DeclContext>(d), sm, out);
    const auto* fn = llvm::dyn_cast<c::FunctionDecl>(d);
    if (fn && fn->doesThisDeclarationHaveABody() && isExoKernel(fn) && sm.isInMainFile(fn->getLocation()))
      out.push_back(fn);
  }
}

std::string describe(const model::Kernel& k, const checker::ProverStats& stats) {
  std::string grid;
  for (const model::Stmt* l : k.gridLoops) grid += (grid.empty() ? "" : ", ") + l->var->name;
  return llvm::formatv("kernel '{0}': one block per ({1}), {2} threads per block, {3} bytes of shared memory; "
                       "checked attributes, nesting, placement, barriers, memory and register ownership; "
                       "proved for every size the exo::assume facts allow: no races, every barrier sufficient "
                       "and reached by all threads, accesses in bounds ({4} access pairs, {5} solver queries, "
                       "{6:f3} s)",
                       k.name, grid.empty() ? "single block" : grid, k.blockThreads, k.sharedBytes,
                       stats.accessPairs, stats.solverQueries, stats.seconds)
      .str();
}

class PipelineConsumer : public c::ASTConsumer {
public:
  PipelineConsumer(const DriverOptions& opts, FileResult& result, UnknownExoAttrFilter* filter,
                   std::string sourceName)
      : opts_(opts), result_(result), filter_(filter), sourceName_(std::move(sourceName)) {}

  void HandleTranslationUnit(c::ASTContext& ctx) override {
    ClangDiagSink sink(ctx.getDiagnostics(), ctx.getLangOpts());
    run(ctx, sink);
    result_.fixes = sink.replacements();
  }

private:
  void run(c::ASTContext& ctx, ClangDiagSink& sink) {
    c::DiagnosticsEngine& diags = ctx.getDiagnostics();
    for (auto& [loc, name] : filter_->unknown) sink.diag(model::DiagID::err_attr_unknown, toSrcLoc(loc), {name});
    if (diags.hasErrorOccurred()) return;

    const c::SourceManager& sm = ctx.getSourceManager();
    std::vector<const c::FunctionDecl*> fns;
    collectKernels(ctx.getTranslationUnitDecl(), sm, fns);
    if (fns.empty()) {
      sink.diag(model::DiagID::err_no_kernel, toSrcLoc(sm.getLocForStartOfFile(sm.getMainFileID())));
      return;
    }
    std::vector<std::unique_ptr<model::Kernel>> kernels;
    for (const c::FunctionDecl* fn : fns) {
      std::unique_ptr<model::Kernel> k = buildKernelModel(ctx, fn, sink);
      if (!k || !model::mapThreads(*k, sink)) continue;
      bool structured = checker::checkStructure(*k, sink);
      if (opts_.dumpModel) result_.model += model::printModel(*k);
      if (!structured) continue;
      checker::ProverStats stats;
      checker::ProverLimits limits;
      limits.maxQueries = opts_.proverMaxQueries;
      bool proven = checker::proveKernel(*k, sink, &stats, limits);
      if (opts_.printStats)
        llvm::errs() << "exo-cuda: " << k->name << ": prover " << (proven ? "proved" : "rejected") << " in "
                     << llvm::format("%.3f", stats.seconds) << " s, " << stats.accessPairs << " access pairs, "
                     << stats.solverQueries << " solver queries\n";
      if (proven) {
        result_.summary.push_back(describe(*k, stats));
        kernels.push_back(std::move(k));
      }
    }
    if (diags.hasErrorOccurred()) return;
    result_.ok = true;
    if (opts_.checkOnly) return;
    rewriter::PrintOptions po;
    po.sourceName = sourceName_;  // as the user wrote it: output independent of the cwd's path
    po.lineOf = [&sm](model::SrcLoc l) -> unsigned {
      c::SourceLocation loc = toClang(l);
      return loc.isValid() ? sm.getExpansionLineNumber(loc) : 0;
    };
    std::vector<const model::Kernel*> ptrs;
    for (auto& k : kernels) ptrs.push_back(k.get());
    result_.cuda = rewriter::printCuda(ptrs, po);
  }

  const DriverOptions& opts_;
  FileResult& result_;
  UnknownExoAttrFilter* filter_;
  std::string sourceName_;
};

class PipelineAction : public c::ASTFrontendAction {
public:
  PipelineAction(const DriverOptions& opts, FileResult& result) : opts_(opts), result_(result) {}

  std::unique_ptr<c::ASTConsumer> CreateASTConsumer(c::CompilerInstance& ci, llvm::StringRef) override {
    c::DiagnosticsEngine& diags = ci.getDiagnostics();
    // Wrap (not own) the printer: keep ownership where it is.
    orig_ = diags.getClient();
    filter_ = std::make_unique<UnknownExoAttrFilter>(orig_);
    owner_ = diags.takeClient();  // null if the engine did not own it
    diags.setClient(filter_.get(), /*ShouldOwnClient=*/false);
    return std::make_unique<PipelineConsumer>(opts_, result_, filter_.get(), result_.sourceName);
  }

  void EndSourceFileAction() override {
    c::DiagnosticsEngine& diags = getCompilerInstance().getDiagnostics();
    if (owner_) diags.setClient(owner_.release(), /*ShouldOwnClient=*/true);
    else diags.setClient(orig_, /*ShouldOwnClient=*/false);
  }

private:
  const DriverOptions& opts_;
  FileResult& result_;
  std::unique_ptr<UnknownExoAttrFilter> filter_;
  std::unique_ptr<c::DiagnosticConsumer> owner_;
  c::DiagnosticConsumer* orig_ = nullptr;
};

class PipelineFactory : public c::tooling::FrontendActionFactory {
public:
  PipelineFactory(const DriverOptions& opts, FileResult& result) : opts_(opts), result_(result) {}
  std::unique_ptr<c::FrontendAction> create() override { return std::make_unique<PipelineAction>(opts_, result_); }

private:
  const DriverOptions& opts_;
  FileResult& result_;
};

}  // namespace

FileResult processFile(const c::tooling::CompilationDatabase& db, const std::string& file, const DriverOptions& opts) {
  FileResult result;
  result.sourceName = file;
  c::tooling::ClangTool tool(db, {file});
  using c::tooling::ArgumentInsertPosition;
  // Parse as plain C++17 (fast, no CUDA headers), with our header and clang 22's
  // resource headers; __EXO_CUDA__ keeps exo.hpp from silencing unknown attributes.
  tool.appendArgumentsAdjuster(c::tooling::getClangStripOutputAdjuster());
  tool.appendArgumentsAdjuster(c::tooling::getInsertArgumentAdjuster(
      {"-x", "c++", "-std=c++17"}, ArgumentInsertPosition::BEGIN));
  tool.appendArgumentsAdjuster(c::tooling::getInsertArgumentAdjuster(
      {"-fsyntax-only", "-D__EXO_CUDA__=1", "-I" + opts.exoIncludeDir, "-resource-dir", opts.clangResourceDir},
      ArgumentInsertPosition::END));
  tool.setPrintErrorMessage(false);  // the diagnostics already said why
  PipelineFactory factory(opts, result);
  int rc = tool.run(&factory);
  if (rc != 0) result.ok = false;
  return result;
}

}  // namespace exo
