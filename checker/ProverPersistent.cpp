// Persistent kernels (docs/prover.md, "Persistent kernels"). After one tile is proven as
// any block, two facts make a block's sequence of tiles safe:
//  1. each ring completes exactly positions 0 .. P - 1 in a tile, P its period
//     (Kernel::ringPeriods) and a multiple of its S slots: then every slot completes
//     P / S phases per tile, and the next tile's position p is the sequence's p + P
//     (same slot, parity continued) -- what the CUDA printer passes to the ring;
//  2. two consecutive tiles on one block, spelled out (model::twoTiles: the block body
//     twice, the second's positions + P), pass every check of the prover: races on the
//     shared memory both use, ring protocol across the boundary (the second tile's
//     waits for positions -S .. -1 are now the first tile's last releases), wgmma and
//     TMA completion.
// Tiles further apart are ordered through the ones between: every tile runs the same
// shared accesses, ring statements and barriers (checker/PersistentCheck), so an access
// of tile t is followed in its thread by the same access of tile t + 1, which (2) orders
// before any conflicting access of tile t + 2.
#include "checker/ProverPersistent.h"

#include <algorithm>
#include <set>

#include "checker/ProverAsyncBase.h"
#include "checker/ProverRingPins.h"
#include "model/Evaluate.h"
#include "model/ExprPrinter.h"
#include "model/Persistent.h"
#include "model/Rings.h"

namespace exo::checker {

using namespace model;

namespace {

/// The prefix of `p` down to the block body (the grid loops' steps).
Path gridPrefix(const Kernel& k, const Path& p) {
  Path out;
  for (const PathStep& s : p) {
    if (s.container == k.blockBody) break;
    out.push_back(s);
  }
  return out;
}

class PeriodProof : RingPins {
public:
  PeriodProof(const Kernel& k, Queries& q, DiagSink& sink) : RingPins(q), k_(k), sink_(sink) {}

  void run() {
    std::vector<PlacedStmt> instrs = instructionStatements(k_);
    for (const Kernel::RingPeriod& rp : k_.ringPeriods) {
      std::vector<const PlacedStmt*> signals;
      for (const PlacedStmt& p : instrs)
        if (p.stmt->instr->async.signalsRing() && ringOf(*p.stmt) == rp.ring) signals.push_back(&p);
      if (signals.empty()) continue;
      try {
        prove(rp, signals);
      } catch (const Unprovable& u) {
        sink_.diag(DiagID::err_persistent_tiles, u.at->range,
                   {"the positions ring '" + rp.ring->name + "' completes in one tile cannot be modelled: " + u.why});
      }
    }
  }

private:
  void fail(const Stmt* at, const std::string& why) { sink_.diag(DiagID::err_persistent_tiles, at->range, {why}); }

  void prove(const Kernel::RingPeriod& rp, const std::vector<const PlacedStmt*>& signals) {
    const Var& ring = *rp.ring;
    const int64_t S = ring.dims.empty() ? 1 : ring.dims[0];
    const std::string P = printExpr(*rp.period);
    const Stmt* first = signals.front()->stmt;
    // The anchor: one block (the grid loops' iterations), no thread.
    Instance anchor = enc_.instantiate(gridPrefix(k_, signals.front()->path), "tile.");
    std::string why;
    std::optional<Poly> period = enc_.intExpr(*rp.period, anchor, why);
    if (!period) throw Unprovable{first, "its period '" + P + "' cannot be modelled (" + why + ")"};
    {  // P % S == 0 (and P > 0)
      z3::solver s = q_.newSolver();
      Queries::addFacts(s, anchor);
      int quotient = 0, rest = 0;
      enc_.divMod(*period, S, anchor, quotient, rest);
      Queries::addFacts(s, anchor);
      s.add(enc_.atomExpr(rest) != 0 || enc_.toZ3(*period) <= 0);
      // A constant count has no assume to add (`3 % 4 == 0` is false): resize the ring or
      // signal more positions per tile.
      if (q_.solve(s) != Verdict::Unsat)
        return fail(first, "ring '" + ring.name + "' completes '" + P + "' positions per tile, which the assumptions do not make a positive multiple of its " +
                               std::to_string(S) + " slots (each slot must complete the same number of phases in every tile); " +
                               (constantValue(*rp.period) ? std::string("resize the ring")
                                                          : "add 'exo::assume(" + P + " > 0 && (" + P + ") % " + std::to_string(S) +
                                                                " == 0);' or resize the ring"));
    }
    // Every signal is at a position below P (R0 proved them >= 0).
    for (const PlacedStmt* sig : signals) {
      Instance inst = enc_.instantiate(sig->path, "sig.");
      Poly pos = positionIn(*sig, inst);
      Poly per = *enc_.intExpr(*rp.period, inst, why);
      z3::solver s = q_.newSolver();
      Queries::addFacts(s, inst);
      s.add(enc_.toZ3(pos) >= enc_.toZ3(per));
      if (q_.solve(s) != Verdict::Unsat)
        return fail(sig->stmt, "this statement may signal a position of ring '" + ring.name + "' at or beyond '" + P +
                                   "', the positions one tile completes (the next tile's positions start there)");
    }
    // Every position 0 .. P - 1 is signalled in the tile: by some copy statement's
    // instance (its one thread), or by every arriving thread group through one of the
    // arrival statements it runs (roles may arrive from statements of their own).
    const int x = enc_.newAtom("tile.position");
    const Poly target = Poly::atom(x);
    z3::solver s = q_.newSolver();
    Queries::addFacts(s, anchor);
    s.add(enc_.atomExpr(x) >= 0 && enc_.toZ3(target) < enc_.toZ3(*period));
    z3::expr signalled = q_.ctx.bool_val(false);
    std::vector<std::pair<std::vector<int64_t>, z3::expr>> byThreads;  // arrivals, per thread group
    int tag = 0;
    for (const PlacedStmt* sig : signals) {
      std::optional<RingThreads> t = ringThreads(k_, *sig->stmt, why);
      if (!t || t->tuples.empty()) continue;
      const bool arrival = sig->stmt->instr->async.kind == AsyncRole::Kind::ArriveRing;
      for (size_t i = 0; i < (arrival ? t->tuples.size() : 1); ++i) {
        LoopTuple tuple;
        for (size_t l = 0; l < t->loops.size(); ++l) tuple.push_back({t->loops[l], t->tuples[i][l]});
        Pinned pin = pinAt(*sig, target, gridPrefix(k_, sig->path), anchor, std::nullopt, tag++, &tuple);
        for (const z3::expr& d : pin.defs) s.add(d);
        if (!arrival) {
          signalled = signalled || *pin.exists;
          continue;
        }
        auto it = std::find_if(byThreads.begin(), byThreads.end(), [&](const auto& e) { return e.first == t->tuples[i]; });
        if (it == byThreads.end())
          byThreads.emplace_back(t->tuples[i], *pin.exists);
        else
          it->second = it->second || *pin.exists;
      }
    }
    if (!byThreads.empty()) {
      z3::expr all = q_.ctx.bool_val(true);
      for (const auto& [threads, arrived] : byThreads) all = all && arrived;
      signalled = signalled || all;
    }
    s.add(!signalled);
    if (q_.solve(s) != Verdict::Unsat)
      return fail(first, "some position 0 .. '" + P + "' - 1 of ring '" + ring.name +
                             "' may not be signalled in a tile, so a slot would complete fewer phases than the next tile's "
                             "positions count on; signal every position of the ring in each tile (a consumer releases "
                             "its last slot too)");
  }

  const Kernel& k_;
  DiagSink& sink_;
};

/// Forwards diagnostics, with a note after each error that it concerns two tiles.
class TwoTileSink : public DiagSink {
public:
  TwoTileSink(DiagSink& out, std::string periods) : out_(out), periods_(std::move(periods)) {}
  void report(const Diagnostic& d) override {
    if (diagLevel(d.id) == DiagLevel::Error) ++out_.errors;
    out_.report(d);
    if (diagLevel(d.id) == DiagLevel::Error) out_.report(Diagnostic{DiagID::note_persistent_tiles, d.range, {periods_}, {}});
  }

private:
  DiagSink& out_;
  std::string periods_;
};

}  // namespace

bool provePersistent(const Kernel& k, DiagSink& sink, const std::function<bool(const Kernel&, DiagSink&)>& prove,
                     ProverStats& stats, const ProverLimits& limits) {
  const unsigned before = sink.errors;
  {
    KernelFacts facts = collectFacts(k);
    Queries q(facts, stats, limits);
    PeriodProof(k, q, sink).run();
  }
  if (sink.errors != before) return false;
  std::unique_ptr<Kernel> two = twoTiles(k);
  for (const auto& in : k.instructions) two->instructions.push_back(std::make_unique<Instruction>(*in));
  std::string periods;
  for (const Kernel::RingPeriod& p : k.ringPeriods)
    periods += (periods.empty() ? "" : ", ") + std::string("position p of '") + p.ring->name + "' is p + " + printExpr(*p.period);
  TwoTileSink tiles(sink, periods.empty() ? "no rings" : periods);
  return prove(*two, tiles) && sink.errors == before;
}

}  // namespace exo::checker
