#!/usr/bin/env bash
# Builds every sample's CPU driver (samples/<name>/main.cpp, which includes the
# sequential kernel <name>.exo.cpp) with the host compiler, warnings as errors, and
# runs it. Exits nonzero if any sample fails to build or to match its reference.
#
# Usage: tests/samples/run_cpu_samples.sh [REPO_ROOT]     (CXX overrides g++)
set -u

root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
cxx=${CXX:-g++}
# Every sample with a CPU driver (samples/<name>/main.cpp).
samples=()
for d in "$root"/samples/*/main.cpp; do samples+=("$(basename "$(dirname "$d")")"); done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/exo-cpu-samples.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

failed=0
for s in "${samples[@]}"; do
  src="$root/samples/$s/main.cpp"
  if ! "$cxx" -std=c++17 -O1 -Wall -Wextra -Werror -I "$root/annotations/include" \
       "$src" -o "$tmp/$s"; then
    echo "$s: BUILD FAILED ($src)"
    failed=1
    continue
  fi
  if ! "$tmp/$s"; then
    echo "$s: FAILED"
    failed=1
  fi
done

if [ "$failed" -ne 0 ]; then
  echo "cpu samples: FAIL"
  exit 1
fi
echo "cpu samples: all ${#samples[@]} passed"
