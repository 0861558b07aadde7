// Brute-force reference checker, used only by tests: runs the sequential reading of a
// kernel at concrete parameter values, tracks which thread of which CTA touched every
// element in which sync epoch, and reports what the prover must reject.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "model/Kernel.h"

namespace exo::test {

struct BruteResult {
  bool race = false;           // two threads of one CTA, no covering sync between
  bool crossBlock = false;     // two CTAs touch one global element, one writes
  bool outOfBounds = false;    // shared/registers/local index outside its extent
  bool registerOwner = false;  // two threads touch one distributed register element
  bool tooLong = false;        // gave up (step limit)
  bool undefined = false;      // C++ undefined behaviour (signed overflow, ...): no meaning to compare
  bool notAwaited = false;     // an asynchronous access still in flight when its CTA ends
  // mbarrier rings (AsyncRole IssueRing / AwaitRing / ArriveRing):
  bool ringDeadlock = false;    // a wait for a position with fewer than its expected signals at that point
  bool ringOverSignal = false;  // a position signalled more often than the slot's arrival count
  bool ringPhase = false;       // a slot's phases may alias (docs/hopper.md, R4), or mix (a signal of p
                                // not ordered after the completion of p - S, on a slot some thread waits on)
  bool ringNegative = false;    // a copy or arrival at a position < 0: slot p % S is outside the ring
  bool ringUnwaited = false;    // a TMA copy whose position no thread waits for: it may land after the CTA ends
  bool uninitializedRead = false;  // a register or local array element read (sequentially) before anything
                                   // wrote it since its declaration; the arm a `?:` or `&&` skips is not read
  std::string detail;          // the first problem, for test messages
  bool bad() const {
    return race || crossBlock || outOfBounds || registerOwner || notAwaited || ringDeadlock || ringOverSignal || ringPhase ||
           ringNegative || ringUnwaited || uninitializedRead;
  }
};

/// Interprets k (already thread-mapped) with the given integer parameter values.
/// Asynchronous instructions (model::AsyncRole) run as the hardware may run them: each
/// access of an issue happens at some moment up to the await that completes its group,
/// so any conflicting access in between is a race, and later ones must be ordered after
/// that await.
/// mbarrier rings run as the hardware may run them too: happens-before through a ring
/// is tracked with vector clocks (a signal of (ring, p) publishes the signalling
/// thread's clock into p, a wait for p joins it); a TMA copy's element accesses are
/// checked at its issue against earlier accesses and then belong to a completion agent
/// of (ring, p) that later accesses must be ordered after (their thread waited for p,
/// transitively). Ring and barrier orderings are not combined into one chain (that can
/// only over-report). Protocol: a wait for a position with fewer than the slot's
/// arrival count (model::ringArrivalCount) of signals earlier in the sequential run is
/// a deadlock, as is a wait before position -S (a wait for -S .. -1 returns at once: the
/// phase before each slot's first); more signals than that count, a copy or arrival at
/// a negative position (slot p % S < 0), a
/// copy whose position nobody waits for, a signal of p not ordered after every wait for
/// p - S, a signal of p not ordered after every signal (and copy completion) of p - S
/// on a slot that some thread waits on (the signal would count towards the earlier
/// phase), and a wait for p >= S by a thread that has not waited for p - S, are problems.
/// Index expressions must not read memory (memory contents are not modelled).
/// `lastBlockOnly`: runs only the last iteration of each block loop (the largest block
/// offsets: where index arithmetic that grows with the block overflows first), without
/// enumerating the others.
BruteResult bruteForce(const model::Kernel& k, const std::map<const model::Var*, int64_t>& params,
                       int64_t maxAccesses = 2'000'000, bool lastBlockOnly = false);

}  // namespace exo::test
