#!/usr/bin/env bash
# Runs exo-prover-tests as two processes at once (CI's machine has two cores and the
# suite is single-threaded): the two longest cross-checks in one, every other test in
# the other. The second is a negative filter, so a test added or renamed later still
# runs. Prints both outputs; fails if either fails.
#
# Usage: tests/unit/run_prover_tests.sh PATH/TO/exo-prover-tests
set -u
bin=$1
long="ProverCrossCheck.RandomRingKernelsAgainstBruteForce:ProverCrossCheck.RandomClusterKernelsAgainstBruteForce"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/exo-prover-tests.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
"$bin" --gtest_filter="$long" > "$tmp/long.txt" 2>&1 &
a=$!
"$bin" --gtest_filter="-$long" > "$tmp/rest.txt" 2>&1 &
b=$!
wait "$a"; ra=$?
wait "$b"; rb=$?
cat "$tmp/long.txt" "$tmp/rest.txt"
if [ "$ra" -ne 0 ] || [ "$rb" -ne 0 ]; then
  echo "prover tests: FAIL (exit $ra and $rb)"
  exit 1
fi
echo "prover tests: both processes passed"
