#!/usr/bin/env bash
# scripts/bootstrap against a simulated bare machine (issue 6): shims on PATH stand in
# for dpkg-query (nothing installed), apt-cache (what the configured sources offer),
# apt-get (records what it is asked) and wget/curl/gpg (must never be called).
# Each case runs the real script and checks what it asked for.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bootstrap="$root/scripts/bootstrap"
passed=0; failed=0

# make_shims DIR INSTALLED CANDIDATE: INSTALLED=yes|no; CANDIDATE=always|after-update|never
make_shims() {
  local dir=$1 installed=$2 candidate=$3
  mkdir -p "$dir/bin"; : >"$dir/log"
  cat >"$dir/bin/dpkg-query" <<SH
#!/bin/sh
echo "dpkg-query \$*" >>"$dir/log"
[ "$installed" = yes ] && { printf 'install ok installed'; exit 0; }
echo "dpkg-query: no packages found matching \$3" >&2; exit 1
SH
  # apt-cache prints the candidate line first and a long version table after it, as the
  # real one does for packages with many versions: a reader that stops at the first
  # match (grep -q) makes it die of SIGPIPE, which is the bug this test guards.
  cat >"$dir/bin/apt-cache" <<SH
#!/bin/sh
echo "apt-cache \$*" >>"$dir/log"
echo "\$2:"; echo "  Installed: (none)"
if [ "$candidate" = always ] || { [ "$candidate" = after-update ] && [ -f "$dir/updated" ]; }; then
  echo "  Candidate: 1:22.1.8-1~deb12u1"
else
  echo "  Candidate: (none)"
fi
echo "  Version table:"
i=0; while [ \$i -lt 20000 ]; do echo "     1:22.1.\$i-1 500 http://deb.example/debian bookworm/main amd64 Packages"; i=\$((i+1)); done
SH
  cat >"$dir/bin/apt-get" <<SH
#!/bin/sh
echo "apt-get \$*" >>"$dir/log"
[ "\$1" = update ] || [ "\$2" = update ] && touch "$dir/updated"
exit 0
SH
  for t in wget curl gpg tee; do
    printf '#!/bin/sh\necho "%s $*" >>"%s"; exit 1\n' "$t" "$dir/log" >"$dir/bin/$t"
  done
  printf '#!/bin/sh\nexec "$@"\n' >"$dir/bin/sudo"
  chmod +x "$dir/bin/"*
}

check() {  # check NAME CONDITION-DESCRIPTION COMMAND...
  local name=$1 what=$2; shift 2
  if "$@"; then passed=$((passed+1)); else failed=$((failed+1)); echo "FAIL: $name: $what"; fi
}

run_case() {  # run_case DIR [ENV=VAL ...]: runs the bootstrap, sets $rc and $out
  local dir=$1; shift
  ls /etc/apt/sources.list.d /etc/apt/trusted.gpg.d >"$dir/before" 2>/dev/null
  out=$(env "$@" PATH="$dir/bin:$PATH" timeout 120 bash "$bootstrap" 2>&1); rc=$?
  ls /etc/apt/sources.list.d /etc/apt/trusted.gpg.d >"$dir/after" 2>/dev/null
}

common_checks() {  # nothing downloaded, no apt source added
  local name=$1 dir=$2
  check "$name" "downloads nothing (wget/curl/gpg/tee not called)" \
    bash -c "! grep -qE '^(wget|curl|gpg|tee) ' '$dir/log'"
  check "$name" "adds no apt source or key" cmp -s "$dir/before" "$dir/after"
  check "$name" "runs no apt-get other than update/install" \
    bash -c "! grep -E '^apt-get ' '$dir/log' | grep -vqE '^apt-get (-qq )?update|^apt-get install '"
}

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# 1. Bare machine, the configured sources have every package.
d=$tmp/bare; make_shims "$d" no always; run_case "$d"
check bare "exits 0 (rc=$rc; output: ${out: -300})" test "$rc" -eq 0
for p in clang-22 libclang-22-dev llvm-22-dev libclang-cpp22-dev llvm-22-tools libz3-dev libgtest-dev cmake pre-commit; do
  check bare "asks apt-get install for $p" bash -c "grep '^apt-get install ' '$d/log' | grep -qw -- '$p'"
done
common_checks bare "$d"

# 2. Stale package lists: the candidate appears only after apt-get update.
d=$tmp/stale; make_shims "$d" no after-update; run_case "$d"
check stale "exits 0 (rc=$rc; output: ${out: -300})" test "$rc" -eq 0
check stale "runs apt-get update before install" \
  bash -c "grep -E '^apt-get (update|install|-qq update)' '$d/log' | head -1 | grep -q update && grep -q '^apt-get install' '$d/log'"
common_checks stale "$d"

# 3. No candidate at all: a clear error naming the package and what to do, non-zero exit.
d=$tmp/none; make_shims "$d" no never; run_case "$d"
check none "exits non-zero" test "$rc" -ne 0
check none "names clang-22 as unavailable" bash -c "grep -q 'no installation candidate' <<<\"\$0\" && grep -q 'clang-22' <<<\"\$0\"" "$out"
check none "says what to do (LLVM_DIR, bookworm-backports)" bash -c "grep -q LLVM_DIR <<<\"\$0\" && grep -q backports <<<\"\$0\"" "$out"
check none "installs nothing" bash -c "! grep -q '^apt-get install' '$d/log'"
common_checks none "$d"

# 4. The user's own LLVM: LLVM_DIR skips the LLVM packages.
d=$tmp/own; make_shims "$d" no always; run_case "$d" LLVM_DIR=/opt/llvm-22/lib/cmake/llvm
check own "exits 0 (rc=$rc)" test "$rc" -eq 0
check own "does not install clang-22 or llvm-22-dev" bash -c "! grep '^apt-get install' '$d/log' | grep -qE 'clang-22|llvm-22'"
check own "still installs libz3-dev" bash -c "grep '^apt-get install' '$d/log' | grep -qw libz3-dev"
common_checks own "$d"

# 5. Everything installed: nothing to do, apt is not touched.
d=$tmp/done; make_shims "$d" yes always; run_case "$d"
check installed "exits 0 (rc=$rc)" test "$rc" -eq 0
check installed "calls neither apt-get nor apt-cache" bash -c "! grep -qE '^apt-(get|cache) ' '$d/log'"

echo "bootstrap: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
