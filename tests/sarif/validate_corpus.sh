#!/usr/bin/env bash
# Validates the SARIF log exo-cuda writes for every error input of the lit corpus
# (tests/lit/*/err_*.cpp, racy_*.cpp, fixits/*.cpp) against a SARIF 2.1.0 schema file:
# the official OASIS one where it is available (it is not vendored here, and CI has no
# network), e.g. from github.com/oasis-tcs/sarif-spec, sarif-2.1/schema/sarif-schema-2.1.0.json.
#
# Usage: tests/sarif/validate_corpus.sh SCHEMA [EXO_CUDA]   (EXO_CUDA default build/exo-cuda)
# Exit status: 0 when every log validates (schema and the standard's cross-references,
# tests/sarif/validate_sarif.py); 1 otherwise, naming each invalid one.
set -u
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
schema=${1:?usage: validate_corpus.sh SCHEMA [EXO_CUDA]}
exo=${2:-$root/build/exo-cuda}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/exo-sarif.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
n=0
bad=0
for f in "$root"/tests/lit/*/err_*.cpp "$root"/tests/lit/*/racy_*.cpp "$root"/tests/lit/fixits/*.cpp; do
  n=$((n + 1))
  timeout 120 "$exo" --check-only --format=sarif "$f" -- -I "$root/annotations/include" > "$tmp/log.sarif" 2>/dev/null
  if ! python3 "$root/tests/sarif/validate_sarif.py" "$tmp/log.sarif" --schema "$schema" > "$tmp/out" 2>&1; then
    bad=$((bad + 1))
    echo "INVALID: $f"
    sed 's/^/    /' "$tmp/out" | head -5
  fi
done
echo "validate_corpus: $n logs, $bad invalid (schema $(basename "$schema"))"
[ "$bad" -eq 0 ]
