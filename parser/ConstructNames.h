// What a Clang statement or expression is, in words, for diagnostics: "a 'try' block",
// "a lambda", ... never a Clang class name such as 'CXXTryStmt'.
#pragma once

#include <string>

namespace clang {
class Stmt;
}

namespace exo {

/// Names the construct `s` in words (with an article): "a 'try' block", "'throw'".
std::string constructName(const clang::Stmt* s);

}  // namespace exo
