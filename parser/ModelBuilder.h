// Parse step: Clang AST of a `[[exo::kernel]]` function -> model::Kernel.
//
// Accepts exactly the kernel language (README "Language reference"); anything else
// gets one diagnostic saying what is not supported and what to write instead.
#pragma once

#include <memory>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "model/Diagnostics.h"
#include "model/Kernel.h"

namespace exo {

/// True if `fn` carries [[exo::kernel]].
bool isExoKernel(const clang::FunctionDecl* fn);

/// Builds the model of one kernel, or returns null after reporting to `sink`.
std::unique_ptr<model::Kernel> buildKernelModel(clang::ASTContext& ctx, const clang::FunctionDecl* fn,
                                                model::DiagSink& sink);

}  // namespace exo
