// What the asynchronous checks share (checker/ProverAsync: groups; checker/ProverRings:
// mbarrier rings): the refusal they throw, sequential order of two statement instances
// as a formula, and the kernel's instruction statements with their paths.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <z3++.h>

#include "checker/ProverAccess.h"
#include "checker/ProverEncode.h"
#include "checker/ProverQuery.h"

namespace exo::checker {

/// "cannot prove ... because why", about statement `at` (thrown, reported by the check).
struct Unprovable {
  const model::Stmt* at;
  std::string why;
};

/// Point a (path, iteration atoms of its loops) runs before point b in the sequential
/// program (parallel loops too run in order there).
z3::expr seqBefore(const Encoder& enc, z3::context& ctx, const Path& pa, const std::map<const model::Stmt*, int>& ia,
                   const Path& pb, const std::map<const model::Stmt*, int>& ib);

/// The conjunction of `v` (true when empty).
z3::expr allOf(z3::context& ctx, const std::vector<z3::expr>& v);

/// `z` touches the element `x` touches, in x's CTA, not as the same issue of one call,
/// and sequentially after it: the accesses an asynchronous `x` may still be racing with.
void addLaterSameElement(Queries& q, z3::solver& s, const Side& x, const Side& z);

/// Every instruction call of the kernel with its path.
std::vector<PlacedStmt> instructionStatements(const model::Kernel& k);

}  // namespace exo::checker
