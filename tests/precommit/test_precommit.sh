#!/usr/bin/env bash
# The pre-commit hooks (issue 12), in throw-away git repositories:
#  1. README's plain git hook line (no pre-commit needed): a commit without kernels, a
#     clean kernel with spaces in its name and a deletion pass; a racy kernel blocks.
#  2. .pre-commit-hooks.yaml with the real `pre-commit` tool (PyPI), the same cases;
#     skipped (exit 77, reported by CTest as skipped) when pre-commit is not installed.
# usage: test_precommit.sh <source-dir> <exo-cuda binary>
set -euo pipefail
src=$(cd "$1" && pwd)
exo_dir=$(cd "$(dirname "$2")" && pwd)
export PATH="$exo_dir:$PATH"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1

new_repo() {  # new_repo <dir>: an empty repository with one commit
  git init -q "$1"
  git -C "$1" commit -q --allow-empty -m init
}
kernels() {  # kernels <dir>: a clean and a racy kernel source, not staged
  mkdir -p "$1/my kernels"
  cat > "$1/my kernels/clean k.exo.cpp" <<'K'
#include <exo/exo.hpp>
[[exo::kernel]] void clean(float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[t] = t;
}
K
  cat > "$1/racy.exo.cpp" <<'K'
#include <exo/exo.hpp>
[[exo::kernel]] void racy(float* __restrict__ y) {
  [[exo::parallel(thread)]] for (int t = 0; t < 32; ++t) y[0] = t;
}
K
}
commits() { git -C "$1" rev-list --count HEAD; }
# cases <repo> <name>: the four commits; the hook must be installed in <repo>.
cases() {
  local r=$1 name=$2 n
  echo "notes" > "$r/notes.txt" && git -C "$r" add notes.txt
  git -C "$r" commit -q -m "no kernels" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "$name: a commit without kernels was blocked"; }
  kernels "$r"
  git -C "$r" add "my kernels/clean k.exo.cpp"
  git -C "$r" commit -q -m "clean kernel" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "$name: a clean kernel (name with spaces) was blocked"; }
  n=$(commits "$r")
  git -C "$r" add racy.exo.cpp
  if git -C "$r" commit -q -m "racy kernel" >"$tmp/out" 2>&1; then fail "$name: a racy kernel was committed"; fi
  [ "$(commits "$r")" = "$n" ] || fail "$name: the racy commit happened"
  grep -q "racy.exo.cpp:3:.*error:" "$tmp/out" || { cat "$tmp/out"; fail "$name: no diagnostic for the racy kernel"; }
  git -C "$r" reset -q racy.exo.cpp
  git -C "$r" rm -q "my kernels/clean k.exo.cpp"
  git -C "$r" commit -q -m "delete a kernel" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "$name: deleting a kernel was blocked"; }
  echo "   ok ($name): no kernels, a clean kernel with spaces, a deletion pass; a racy kernel blocks"
}

echo "== README's git hook line"
line=$(grep -m1 -- "xargs -0 -r exo-cuda --check-only" "$src/README.md") || fail "README has no git hook line"
new_repo "$tmp/plain"
printf '#!/bin/sh\n%s\n' "$line" > "$tmp/plain/.git/hooks/pre-commit"
chmod +x "$tmp/plain/.git/hooks/pre-commit"
cases "$tmp/plain" "git hook"

echo "== .pre-commit-hooks.yaml with pre-commit"
if ! command -v pre-commit >/dev/null; then
  echo "SKIPPED: the 'pre-commit' tool is not installed (scripts/bootstrap installs Debian's; or pip install pre-commit); .pre-commit-hooks.yaml was not tested"
  exit 77
fi
export PRE_COMMIT_HOME=$tmp/pre-commit-home
new_repo "$tmp/hooks"
cp "$src/.pre-commit-hooks.yaml" "$tmp/hooks/"
git -C "$tmp/hooks" add .pre-commit-hooks.yaml && git -C "$tmp/hooks" commit -q -m hooks
new_repo "$tmp/user"
printf 'repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: exo-cuda\n' "$tmp/hooks" "$(git -C "$tmp/hooks" rev-parse HEAD)" \
  > "$tmp/user/.pre-commit-config.yaml"
git -C "$tmp/user" add .pre-commit-config.yaml
(cd "$tmp/user" && pre-commit install >/dev/null)
cases "$tmp/user" "pre-commit $(pre-commit --version | cut -d' ' -f2)"
echo "PASS"
