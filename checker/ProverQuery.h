// Building and solving the prover's queries: the solver set-up, the two instantiated
// access sites ("sides") a query is about, and "same element" as a formula.
#pragma once

#include <string>
#include <vector>

#include <z3++.h>

#include "checker/Prover.h"
#include "checker/ProverAccess.h"
#include "checker/ProverEncode.h"

namespace exo::checker {

enum class Verdict { Unsat, Sat, Unknown };

/// One instantiated access: the loops around it and its index values.
struct Side {
  const AccessSite* site = nullptr;
  Instance inst;
  std::vector<Poly> idx;
};

/// The Z3 context, the encoder over it and the statistics: what every check shares.
class Queries {
public:
  Queries(const KernelFacts& facts, ProverStats& stats) : enc(ctx, facts), stats_(stats) {}

  z3::context ctx;
  Encoder enc;

  /// A fresh solver holding the exo::assume facts.
  z3::solver newSolver();
  Verdict solve(z3::solver& s);
  void countPair() { ++stats_.accessPairs; }

  static void addFacts(z3::solver& s, const Instance& inst);

  /// Instantiates the loops around `s` (atoms named with `tag`) and encodes its indices.
  Side makeSide(const AccessSite& s, const std::string& tag);

  /// The flat thread index of a side's instance.
  z3::expr flat(const Side& s) const { return enc.toZ3(*s.inst.flat); }

  /// Both sides touch the same element (index by index).
  z3::expr sameElement(const Side& a, const Side& b);

private:
  bool provenInRange(const Poly& r, int p, const Side& side);
  z3::expr equalIndex(const Poly& a, const Poly& b, const Side& sa, const Side& sb, int depth = 0);

  ProverStats& stats_;
};

}  // namespace exo::checker
