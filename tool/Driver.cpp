#include "tool/Driver.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <set>
#include <tuple>

#include "annotations/ClangDiags.h"
#include "checker/Checks.h"
#include "checker/Prover.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
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

/// Every diagnostic of a file, from Clang's driver (argument errors) and from the
/// compiler (parse errors, ours), goes through here: printed as text with the options
/// of the engine that reports it (or recorded, for --format=json/sarif), and counted,
/// so that any error fails the file.
/// (Owning the printer also keeps Clang from building its own for
/// '-fdiagnostics-format=sarif', which crashes in Clang 22 under LibTooling.)
class CountingPrinter : public c::DiagnosticConsumer {
public:
  explicit CountingPrinter(DiagnosticRecorder* recorder) : recorder_(recorder) {}
  void BeginSourceFile(const c::LangOptions& lo, const c::Preprocessor* pp) override {
    if (recorder_) recorder_->setLangOptions(&lo);
    if (pp && !recorder_) {
      printer_ = std::make_unique<c::TextDiagnosticPrinter>(llvm::errs(), pp->getDiagnostics().getDiagnosticOptions());
      printer_->BeginSourceFile(lo, pp);
    }
  }
  void EndSourceFile() override {
    if (recorder_) recorder_->setLangOptions(nullptr);
    if (!printer_) return;
    printer_->EndSourceFile();
    printer_.reset();  // the options it refers to die with the compiler instance
  }
  void finish() override {
    if (printer_) printer_->finish();
  }
  void HandleDiagnostic(c::DiagnosticsEngine::Level level, const c::Diagnostic& info) override {
    c::DiagnosticConsumer::HandleDiagnostic(level, info);  // counts errors and warnings
    if (recorder_) return recorder_->record(level, info);
    if (printer_) return printer_->HandleDiagnostic(level, info);
    // The driver's diagnostics (unknown arguments, ...): no source file is open.
    c::TextDiagnosticPrinter once(llvm::errs(), info.getDiags()->getDiagnosticOptions());
    once.HandleDiagnostic(level, info);
  }

private:
  DiagnosticRecorder* recorder_;
  std::unique_ptr<c::TextDiagnosticPrinter> printer_;
};

/// Reports through Clang's engine, telling the recorder (if any) which exo diagnostic
/// the next custom Clang diagnostic is (two IDs may share a message).
class IdentifyingSink : public model::DiagSink {
public:
  IdentifyingSink(ClangDiagSink& inner, DiagnosticRecorder* recorder) : inner_(inner), recorder_(recorder) {}
  void report(const model::Diagnostic& d) override {
    // The instances of a kernel template share their source: a warning they all earn
    // (same ID, place and text) is reported once, with its notes.
    const model::DiagLevel level = model::diagLevel(d.id);
    if (level == model::DiagLevel::Note && droppingNotes_) return;
    droppingNotes_ = level == model::DiagLevel::Warning &&
                     !warned_.insert({static_cast<int>(d.id), d.range.begin.raw, d.range.end.raw, d.args}).second;
    if (droppingNotes_) return;
    if (recorder_) recorder_->pendingExoId = d.id;
    inner_.report(d);
    if (recorder_) recorder_->pendingExoId.reset();
  }

private:
  ClangDiagSink& inner_;
  DiagnosticRecorder* recorder_;
  std::set<std::tuple<int, uint64_t, uint64_t, std::vector<std::string>>> warned_;
  bool droppingNotes_ = false;  // the notes of a warning not reported again
};

/// "'-Wexo-a', '-Wexo-b'": every exo warning flag, for the unknown-flag warning.
std::string knownWarningFlags() {
  std::string list;
#define DIAG(ID, LEVEL, TEXT)
#define DIAG_FLAG(ID, FLAG) list += (list.empty() ? "'-W" : ", '-W") + std::string(FLAG) + "'";
#include "model/Diagnostics.def"
#undef DIAG_FLAG
#undef DIAG
  return list;
}

void collectKernels(const c::DeclContext* dc, const c::SourceManager& sm, std::vector<const c::FunctionDecl*>& out,
                    std::vector<const c::FunctionDecl*>& templates, std::vector<const c::FunctionDecl*>& implicit) {
  for (const c::Decl* d : dc->decls()) {
    // Namespaces and extern "C" { } blocks hold kernels too.
    if (llvm::isa<c::NamespaceDecl>(d) || llvm::isa<c::LinkageSpecDecl>(d))
      collectKernels(llvm::cast<c::DeclContext>(d), sm, out, templates, implicit);
    if (const auto* ft = llvm::dyn_cast<c::FunctionTemplateDecl>(d)) {
      // A kernel template: each explicit instantiation definition is a kernel. Its
      // declarations share their instances: look at the definition only.
      const c::FunctionDecl* fn = ft->getTemplatedDecl();
      if (fn && fn->doesThisDeclarationHaveABody() && isExoKernel(fn) && sm.isInMainFile(fn->getLocation())) {
        size_t before = out.size();
        bool specialized = false;  // an explicit specialization `template <> ...` is a kernel of its own
        for (const c::FunctionDecl* spec : ft->specializations()) {
          const c::TemplateSpecializationKind kind = spec->getTemplateSpecializationKind();
          if (kind == c::TSK_ExplicitInstantiationDefinition && spec->hasBody()) out.push_back(spec);
          else if (kind == c::TSK_ImplicitInstantiation) implicit.push_back(spec);  // used, but no kernel: warned
          else if (kind == c::TSK_ExplicitSpecialization) specialized = true;  // collected as a function below
        }
        if (out.size() == before && !specialized) templates.push_back(fn);
      }
    }
    const auto* fn = llvm::dyn_cast<c::FunctionDecl>(d);
    if (fn && fn->doesThisDeclarationHaveABody() && isExoKernel(fn) && sm.isInMainFile(fn->getLocation()))
      out.push_back(fn);
  }
}

/// An instance of a kernel template as C++ spells it: "k<exo::f16, 64>".
std::string instanceSpelling(c::ASTContext& ctx, const c::FunctionDecl* fn) {
  std::string s = fn->getNameAsString();
  llvm::raw_string_ostream os(s);
  c::printTemplateArgumentList(os, fn->getTemplateSpecializationArgs()->asArray(), ctx.getPrintingPolicy());
  return s;
}

/// The kernels of one .cu must differ in their CUDA kernel's name and in their
/// launcher's overload (name and parameter types as CUDA spells them): two instances of
/// a template whose arguments change no parameter type, `long` and `long long`, an
/// instance and a plain kernel of the same signature.
bool kernelsDistinct(const std::vector<std::unique_ptr<model::Kernel>>& ks, model::DiagSink& sink) {
  auto spelled = [](const model::Kernel& k) { return k.name + k.templateArgs; };
  for (size_t i = 0; i < ks.size(); ++i)
    for (size_t j = i + 1; j < ks.size(); ++j) {
      if (rewriter::kernelSymbol(*ks[i]) != rewriter::kernelSymbol(*ks[j]) &&
          rewriter::launcherOverload(*ks[i]) != rewriter::launcherOverload(*ks[j]))
        continue;
      sink.diag(model::DiagID::err_kernel_instances_collide, ks[j]->instanceLoc.valid() ? ks[j]->instanceLoc : ks[j]->loc,
                {spelled(*ks[i]), spelled(*ks[j]), ks[j]->name});
      return false;
    }
  return true;
}

std::string describe(const model::Kernel& k, const checker::ProverStats& stats) {
  std::string grid;
  for (const model::Stmt* l : k.gridLoops) grid += (grid.empty() ? "" : ", ") + l->var->name;
  std::string declared, undeclared;
  for (const model::Var* p : k.params) {
    if (!p->isGlobalPointer()) continue;
    std::string& list = p->extents.empty() ? undeclared : declared;
    list += (list.empty() ? "" : ", ") + p->name;
  }
  std::string global = declared.empty() ? "" : "; global arrays inside their exo::extent: " + declared;
  if (!undeclared.empty())
    global += "; bounds NOT checked for global arrays without exo::extent: " + undeclared;
  return llvm::formatv("kernel '{0}': one block per ({1}), {2} threads per block, {3} bytes of shared memory; "
                       "checked attributes, nesting, placement, barriers, memory and register ownership; "
                       "proved for every size the exo::assume facts allow: no races, every barrier sufficient "
                       "and reached by all threads, accesses in bounds, no signed overflow in indices, bounds and "
                       "assumes ({4} access pairs, {5} solver queries, "
                       "{6:f3} s){7}",
                       k.name + k.templateArgs, grid.empty() ? "single block" : grid, k.blockThreads, k.sharedBytes,
                       stats.accessPairs, stats.solverQueries, stats.seconds, global)
      .str();
}

/// -MD: records every file the preprocessor enters (the main file first), as an absolute
/// path without "." and "..", once each; -MMD leaves out system headers.
class DependencyRecorder : public c::PPCallbacks {
public:
  DependencyRecorder(const c::SourceManager& sm, c::FileManager& fm, bool system, std::vector<std::string>& out)
      : sm_(sm), fm_(fm), system_(system), out_(out) {}
  void FileChanged(c::SourceLocation loc, FileChangeReason reason, c::SrcMgr::CharacteristicKind kind,
                   c::FileID) override {
    if (reason != EnterFile || (!system_ && c::SrcMgr::isSystem(kind))) return;
    c::OptionalFileEntryRef fe = sm_.getFileEntryRefForID(sm_.getFileID(sm_.getExpansionLoc(loc)));
    if (!fe) return;  // <built-in>, <command line>
    llvm::SmallString<256> path(fe->getName());
    fm_.makeAbsolutePath(path);
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    if (seen_.insert(path.str()).second) out_.push_back(std::string(path));
  }

private:
  const c::SourceManager& sm_;
  c::FileManager& fm_;
  bool system_;
  std::vector<std::string>& out_;
  llvm::StringSet<> seen_;
};

class PipelineConsumer : public c::ASTConsumer {
public:
  PipelineConsumer(const DriverOptions& opts, FileResult& result, UnknownExoAttrFilter* filter,
                   std::string sourceName, const WarningOptions& warnings, DiagnosticRecorder* recorder)
      : opts_(opts), result_(result), filter_(filter), sourceName_(std::move(sourceName)), warnings_(warnings),
        recorder_(recorder) {}

  void HandleTranslationUnit(c::ASTContext& ctx) override {
    ClangDiagSink clangSink(ctx.getDiagnostics(), ctx.getLangOpts(), &warnings_);
    IdentifyingSink sink(clangSink, recorder_);
    for (const std::string& flag : warnings_.unknown)
      sink.diag(model::DiagID::warn_unknown_warning_option, model::SrcLoc{}, {flag, knownWarningFlags()});
    run(ctx, sink);
    result_.fixes = clangSink.replacements();
  }

private:
  void run(c::ASTContext& ctx, model::DiagSink& sink) {
    c::DiagnosticsEngine& diags = ctx.getDiagnostics();
    for (auto& [loc, name] : filter_->unknown) sink.diag(model::DiagID::err_attr_unknown, toSrcLoc(loc), {name});
    if (diags.hasErrorOccurred()) return;

    const c::SourceManager& sm = ctx.getSourceManager();
    std::vector<const c::FunctionDecl*> fns, templates, implicit;
    collectKernels(ctx.getTranslationUnitDecl(), sm, fns, templates, implicit);
    for (const c::FunctionDecl* fn : implicit) {
      sink.diag(model::DiagID::warn_kernel_implicit_instance, toSrcLoc(fn->getPointOfInstantiation()),
                {instanceSpelling(ctx, fn)});
    }
    for (const c::FunctionDecl* fn : templates) {
      // `extern template void k<float>(...);` declares an instance defined elsewhere:
      // it instantiates nothing in this file, so exo-cuda has no kernel to generate.
      bool externOnly = false;
      if (const c::FunctionTemplateDecl* t = fn->getDescribedFunctionTemplate())
        for (const c::FunctionDecl* s : t->specializations())
          externOnly |= s->getTemplateSpecializationKind() == c::TSK_ExplicitInstantiationDeclaration;
      sink.diag(model::DiagID::err_kernel_template, toSrcLoc(fn->getLocation()),
                {fn->getNameAsString(),
                 externOnly ? "has only 'extern template' declarations, which instantiate nothing in this file (the "
                              "instance is defined elsewhere); write the explicit instantiation definition "
                              "('template void " + fn->getNameAsString() + "<...>(...);', without 'extern') in the file "
                              "exo-cuda reads"
                            : "has no explicit instantiation"});
    }
    if (fns.empty()) {
      if (templates.empty())
        sink.diag(model::DiagID::err_no_kernel, toSrcLoc(sm.getLocForStartOfFile(sm.getMainFileID())));
      return;
    }
    std::vector<std::unique_ptr<model::Kernel>> kernels;
    // The instances of a kernel template share their source: once one is wrong, the
    // next would mostly repeat its errors (with other witnesses). Its errors come first;
    // the other instances are checked once it is proven.
    std::set<const c::FunctionTemplateDecl*> failedTemplates;
    for (const c::FunctionDecl* fn : fns) {
      const c::FunctionTemplateDecl* tmpl = fn->getPrimaryTemplate();
      if (tmpl && failedTemplates.count(tmpl)) continue;
      unsigned errorsBefore = diags.getNumErrors();
      if (std::unique_ptr<model::Kernel> k = checkKernel(ctx, fn, sink)) kernels.push_back(std::move(k));
      if (tmpl && diags.getNumErrors() > errorsBefore) {
        failedTemplates.insert(tmpl);
        sink.diag(model::DiagID::note_kernel_instance, toSrcLoc(fn->getPointOfInstantiation()),
                  {instanceSpelling(ctx, fn)});
      }
    }
    if (diags.hasErrorOccurred() || !kernelsDistinct(kernels, sink)) return;
    result_.ok = true;
    if (opts_.checkOnly) return;
    rewriter::PrintOptions po;
    // As the user wrote it (output independent of the cwd's path), without "./" parts:
    // `k.exo.cpp` and `./k.exo.cpp` give the same CUDA.
    llvm::SmallString<256> name(sourceName_);
    llvm::sys::path::remove_dots(name, /*remove_dot_dot=*/false);
    po.sourceName = std::string(name);
    po.lineOf = [&sm](model::SrcLoc l) -> unsigned {
      c::SourceLocation loc = toClang(l);
      return loc.isValid() ? sm.getExpansionLineNumber(loc) : 0;
    };
    std::vector<const model::Kernel*> ptrs;
    for (auto& k : kernels) ptrs.push_back(k.get());
    result_.cuda = rewriter::printCuda(ptrs, po);
    if (opts_.header) result_.header = rewriter::printLauncherDeclarations(ptrs, po);
  }

  /// Builds, maps and proves one kernel: its model if proven, else null (reported).
  std::unique_ptr<model::Kernel> checkKernel(c::ASTContext& ctx, const c::FunctionDecl* fn, model::DiagSink& sink) {
    std::unique_ptr<model::Kernel> k = buildKernelModel(ctx, fn, sink);
    if (!k || !model::mapThreads(*k, sink)) return nullptr;
    bool structured = checker::checkStructure(*k, sink);
    if (opts_.dumpModel) result_.model += model::printModel(*k);
    if (!structured) return nullptr;
    checker::ProverStats stats;
    checker::ProverLimits limits;
    limits.maxQueries = opts_.proverMaxQueries;
    limits.maxWork = opts_.proverMaxWork;
    limits.timeLimitSeconds = opts_.proverTimeLimit;
    limits.sharedReads = opts_.checkSharedReads;
    bool proven = checker::proveKernel(*k, sink, &stats, limits);
    if (opts_.printStats)
      llvm::errs() << "exo-cuda: " << k->name << k->templateArgs << ": prover " << (proven ? "proved" : "rejected")
                   << " in " << llvm::format("%.3f", stats.seconds) << " s, " << stats.accessPairs << " access pairs, "
                   << stats.solverQueries << " solver queries (" << stats.solverWork << " resource units, the slowest "
                   << llvm::format("%.3f", stats.slowestQuerySeconds) << " s), " << stats.overflowChecks
                   << " operations checked for overflow (" << stats.overflowSolved << " by the solver)\n";
    if (!proven) return nullptr;
    result_.summary.push_back(describe(*k, stats));
    return k;
  }

  const DriverOptions& opts_;
  FileResult& result_;
  UnknownExoAttrFilter* filter_;
  std::string sourceName_;
  const WarningOptions& warnings_;
  DiagnosticRecorder* recorder_;
};

class PipelineAction : public c::ASTFrontendAction {
public:
  PipelineAction(const DriverOptions& opts, FileResult& result, const WarningOptions& warnings,
                 DiagnosticRecorder* recorder)
      : opts_(opts), result_(result), warnings_(warnings), recorder_(recorder) {}

  std::unique_ptr<c::ASTConsumer> CreateASTConsumer(c::CompilerInstance& ci, llvm::StringRef) override {
    c::DiagnosticsEngine& diags = ci.getDiagnostics();
    // Wrap (not own) the printer: keep ownership where it is.
    orig_ = diags.getClient();
    filter_ = std::make_unique<UnknownExoAttrFilter>(orig_);
    owner_ = diags.takeClient();  // null if the engine did not own it
    diags.setClient(filter_.get(), /*ShouldOwnClient=*/false);
    if (opts_.dependencies)
      ci.getPreprocessor().addPPCallbacks(std::make_unique<DependencyRecorder>(
          ci.getSourceManager(), ci.getFileManager(), opts_.systemDependencies, result_.dependencies));
    return std::make_unique<PipelineConsumer>(opts_, result_, filter_.get(), result_.sourceName, warnings_,
                                              recorder_);
  }

  void EndSourceFileAction() override {
    c::DiagnosticsEngine& diags = getCompilerInstance().getDiagnostics();
    if (owner_) diags.setClient(owner_.release(), /*ShouldOwnClient=*/true);
    else diags.setClient(orig_, /*ShouldOwnClient=*/false);
  }

private:
  const DriverOptions& opts_;
  FileResult& result_;
  const WarningOptions& warnings_;
  DiagnosticRecorder* recorder_;
  std::unique_ptr<UnknownExoAttrFilter> filter_;
  std::unique_ptr<c::DiagnosticConsumer> owner_;
  c::DiagnosticConsumer* orig_ = nullptr;
};

class PipelineFactory : public c::tooling::FrontendActionFactory {
public:
  PipelineFactory(const DriverOptions& opts, FileResult& result, const WarningOptions& warnings,
                  DiagnosticRecorder* recorder)
      : opts_(opts), result_(result), warnings_(warnings), recorder_(recorder) {}
  std::unique_ptr<c::FrontendAction> create() override {
    return std::make_unique<PipelineAction>(opts_, result_, warnings_, recorder_);
  }

private:
  const DriverOptions& opts_;
  FileResult& result_;
  const WarningOptions& warnings_;
  DiagnosticRecorder* recorder_;
};

}  // namespace

FileResult processFile(const c::tooling::CompilationDatabase& db, const std::string& file, const DriverOptions& opts,
                       const std::string* contents) {
  FileResult result;
  result.sourceName = file;
  c::tooling::ClangTool tool(db, {file});
  if (contents) tool.mapVirtualFile(file, *contents);
  using c::tooling::ArgumentInsertPosition;
  // Parse as plain C++17 (fast, no CUDA headers), with our header and clang 22's
  // resource headers; __EXO_CUDA__ keeps exo.hpp from silencing unknown attributes.
  tool.appendArgumentsAdjuster(c::tooling::getClangStripOutputAdjuster());
  tool.appendArgumentsAdjuster(c::tooling::getInsertArgumentAdjuster(
      {"-x", "c++", "-std=c++17"}, ArgumentInsertPosition::BEGIN));
  tool.appendArgumentsAdjuster(c::tooling::getInsertArgumentAdjuster(
      {"-fsyntax-only", "-D__EXO_CUDA__=1", "-I" + opts.exoIncludeDir, "-resource-dir", opts.clangResourceDir},
      ArgumentInsertPosition::END));
  // exo-cuda prints diagnostics as text (ours and Clang's alike): drop any other format.
  tool.appendArgumentsAdjuster([](const c::tooling::CommandLineArguments& args, llvm::StringRef) {
    c::tooling::CommandLineArguments kept;
    for (const std::string& a : args)
      if (!llvm::StringRef(a).starts_with("-fdiagnostics-format")) kept.push_back(a);
    return kept;
  });
  // Warning options from exo-cuda's command line come last (they win over the
  // database's); the exo ones are read here and kept from Clang.
  tool.appendArgumentsAdjuster(
      c::tooling::getInsertArgumentAdjuster(opts.warningArgs, ArgumentInsertPosition::END));
  // Recording: no "N errors generated." on stderr (Clang prints it with the carets).
  if (opts.recordDiagnostics)
    tool.appendArgumentsAdjuster(
        c::tooling::getInsertArgumentAdjuster("-fno-caret-diagnostics", ArgumentInsertPosition::END));
  WarningOptions warnings;
  tool.appendArgumentsAdjuster([&warnings](const c::tooling::CommandLineArguments& args, llvm::StringRef) {
    warnings = WarningOptions();
    c::tooling::CommandLineArguments kept;
    for (const std::string& a : args)
      if (!warnings.consume(a)) kept.push_back(a);
    return kept;
  });
  tool.setPrintErrorMessage(false);  // the diagnostics already said why
  DiagnosticRecorder recorder;
  CountingPrinter printer(opts.recordDiagnostics ? &recorder : nullptr);
  tool.setDiagnosticConsumer(&printer);
  PipelineFactory factory(opts, result, warnings, opts.recordDiagnostics ? &recorder : nullptr);
  int rc = tool.run(&factory);
  result.diagnostics = std::move(recorder.records);
  // Any error, including one from Clang's driver (an unknown flag), fails the file.
  if (rc != 0 || printer.getNumErrors() > 0) {
    result.ok = false;
    result.cuda.clear();
    result.header.clear();
  }
  return result;
}

}  // namespace exo
