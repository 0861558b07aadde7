// exo-cuda --lsp: a minimal Language Server Protocol server on stdin/stdout, so that exo's
// diagnostics reach editors (clangd has no plugin interface for them). It checks a
// document when it is opened and when it is saved (the text the editor holds), publishes
// every diagnostic (exo's and Clang's, notes as related information, the stable ID as
// the code) and offers the fix-its as quick-fix code actions.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "tool/DiagnosticRecord.h"

namespace exo {

/// Checks `path` with the text `contents`; returns the diagnostics of the run.
using LspChecker = std::function<std::vector<DiagRecord>(const std::string& path, const std::string& contents)>;

/// Serves one client until 'exit' or the end of `in`; returns the process exit status
/// (0 after 'shutdown' then 'exit', 1 otherwise, as the protocol asks).
int runLspServer(std::FILE* in, std::FILE* out, const LspChecker& check);

/// "file:///a%20b/c.cpp" -> "/a b/c.cpp" ("" if not a file: URI).
std::string uriToPath(const std::string& uri);

}  // namespace exo
