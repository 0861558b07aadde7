#!/usr/bin/env bash
# The CMake package (issue 12): `cmake --install` into a temporary prefix, then a small
# external project (tests/cmake/project) does find_package(ExoCuda), builds and runs the
# CPU reference, and generates the kernel's CUDA and launcher header through
# exo_add_kernels (compiled by nvcc when it exists, compile only). Touching a header the
# kernel includes must regenerate the .cu (DEPFILE); changing it must change the .cu.
# Ninja (generate only) and Unix Makefiles (with CUDA when nvcc exists).
# usage: test_package.sh <source-dir> <build-dir>
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
mtime() { date -r "$1" +%s%N; }

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
prefix=$tmp/prefix
test -x "$prefix/bin/exo-cuda" || fail "no bin/exo-cuda installed"
test -f "$prefix/include/exo/exo.hpp" || fail "no include/exo/exo.hpp installed"
config=$(ls "$prefix"/lib*/cmake/ExoCuda/ExoCudaConfig.cmake 2>/dev/null | head -1)
test -n "$config" || fail "no ExoCudaConfig.cmake installed"
echo "installed: $prefix/bin/exo-cuda, $prefix/include/exo, $config"

nvcc=$(command -v nvcc || { test -x /usr/local/cuda/bin/nvcc && echo /usr/local/cuda/bin/nvcc; } || true)
configs=()
command -v ninja >/dev/null && configs+=("Ninja:OFF")
if [ -n "$nvcc" ]; then configs+=("Unix Makefiles:ON"); else configs+=("Unix Makefiles:OFF"); fi

for c in "${configs[@]}"; do
  gen=${c%:*} cuda=${c#*:}
  echo "== $gen, CUDA compile $cuda"
  proj=$tmp/proj-${gen// /_}
  cp -r "$src/tests/cmake/project" "$proj"
  args=(-S "$proj" -B "$proj/build" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DEXO_USER_CUDA=$cuda)
  [ "$cuda" = ON ] && args+=(-DCMAKE_CUDA_COMPILER="$nvcc")
  cmake "${args[@]}" >"$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; fail "configure ($gen)"; }
  cmake --build "$proj/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "build ($gen)"; }
  "$proj/build/saxpy_check" || fail "CPU reference ($gen)"
  gen_dir=$proj/build/exo/saxpy_gpu
  cu=$gen_dir/saxpy.cu h=$gen_dir/saxpy.h d=$gen_dir/saxpy.cu.d
  grep -q "__launch_bounds__(32)" "$cu" || fail "$cu: not the 32-thread kernel"
  grep -q "^cudaError_t saxpy(int n, float a, const float\* __restrict__ x, float\* __restrict__ y, cudaStream_t stream = 0);" "$h" \
    || fail "$h: no launcher declaration"
  grep -q "$proj/kernels/tile.hpp" "$d" || fail "$d: tile.hpp is not a dependency"
  grep -q "$prefix/include/exo/exo.hpp" "$d" || fail "$d: the installed tool did not use the installed exo.hpp"
  if [ "$cuda" = ON ]; then
    ls "$proj"/build/CMakeFiles/saxpy_gpu.dir/exo/saxpy_gpu/saxpy.cu.o >/dev/null 2>&1 \
      || fail "nvcc did not compile saxpy.cu"
  fi

  t0=$(mtime "$cu")
  cmake --build "$proj/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "no-op rebuild ($gen)"; }
  [ "$(mtime "$cu")" = "$t0" ] || fail "$gen: the .cu was regenerated with nothing changed"

  touch "$proj/kernels/tile.hpp"
  cmake --build "$proj/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "rebuild after touch ($gen)"; }
  [ "$(mtime "$cu")" -gt "$t0" ] || fail "$gen: touching tile.hpp did not regenerate the .cu"

  sed -i 's/kTile = 32/kTile = 64/' "$proj/kernels/tile.hpp"
  cmake --build "$proj/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "rebuild after edit ($gen)"; }
  grep -q "__launch_bounds__(64)" "$cu" || fail "$gen: editing tile.hpp did not change the .cu"
  "$proj/build/saxpy_check" || fail "CPU reference after the edit ($gen)"
  echo "   ok: built, CPU reference passed, .cu regenerated after touching and after editing tile.hpp"
done
echo "PASS"
