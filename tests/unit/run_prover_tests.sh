#!/usr/bin/env bash
# Runs exo-prover-tests as two processes at once (CI's machine has two cores and the
# suite is single-threaded): the two longest cross-checks in one, every other test in
# the other. The second is a negative filter, so a test added or renamed later still
# runs. Prints both outputs (also when stopped: a ctest timeout); fails if either fails.
#
# Usage: tests/unit/run_prover_tests.sh PATH/TO/exo-prover-tests
set -u
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 PATH/TO/exo-prover-tests" >&2
  exit 2
fi
bin=$1
long="ProverCrossCheck.RandomRingKernelsAgainstBruteForce:ProverCrossCheck.RandomClusterKernelsAgainstBruteForce"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/exo-prover-tests.XXXXXX") || exit 2
a="" b=""
show() { cat "$tmp/long.txt" "$tmp/rest.txt" 2>/dev/null; }
stop() {
  kill $a $b 2>/dev/null
  wait 2>/dev/null
  show
  echo "prover tests: stopped"
  rm -rf "$tmp"
  exit 1
}
trap stop INT TERM
trap 'rm -rf "$tmp"' EXIT
"$bin" --gtest_filter="$long" > "$tmp/long.txt" 2>&1 &
a=$!
"$bin" --gtest_filter="-$long" > "$tmp/rest.txt" 2>&1 &
b=$!
wait "$a"; ra=$?
wait "$b"; rb=$?
show
if [ "$ra" -ne 0 ] || [ "$rb" -ne 0 ]; then
  echo "prover tests: FAIL (the two longest cross-checks exit $ra, the other tests exit $rb)"
  exit 1
fi
echo "prover tests: both processes passed"
