#!/usr/bin/env bash
# The CMake package (issue 12): `cmake --install` into a temporary prefix, then a small
# external project (tests/cmake/project) does find_package(ExoCuda), builds and runs the
# CPU reference, and generates the kernels' CUDA and launcher header through
# exo_add_kernels (compiled by nvcc when it exists, compile only). The kernel source
# includes a header found only through the target's include directories and uses one of
# its compile definitions; it also uses a header that only the compile options of a linked
# library force-include (-include) and a macro that only those options define (-D): exo-cuda
# must be given all of them, and not the nvcc-only options the CUDA target also has
# (--expt-relaxed-constexpr, -Xcompiler=-Wall, ..., a SHELL: group), which Clang rejects.
# Touching a header the kernel includes must regenerate the .cu (DEPFILE), and recompile
# it; changing it must change the .cu. With nvcc: Unix Makefiles and Ninja with CUDA, and Ninja generate-only (a
# custom target); without: both generate-only; and Ninja Multi-Config (with nvcc: CUDA too, one
# directory per configuration). Without ninja, its runs are skipped.
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
ninja=$(command -v ninja || true)
[ -n "$ninja" ] || echo "SKIP the Ninja runs: ninja is not installed (apt-get install ninja-build)"
[ -n "$nvcc" ] || echo "SKIP the CUDA compile: no nvcc on PATH or in /usr/local/cuda/bin"
configs=()
if [ -n "$nvcc" ]; then
  configs+=("Unix Makefiles:ON")
  [ -n "$ninja" ] && configs+=("Ninja:ON" "Ninja:OFF")
else
  configs+=("Unix Makefiles:OFF")
  [ -n "$ninja" ] && configs+=("Ninja:OFF")
fi

for c in "${configs[@]}"; do
  gen=${c%:*} cuda=${c#*:}
  echo "== $gen, CUDA compile $cuda"
  proj=$tmp/proj-${gen// /_}-$cuda
  cp -r "$src/tests/cmake/project" "$proj"
  args=(-S "$proj" -B "$proj/build" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DEXO_USER_CUDA=$cuda)
  [ "$cuda" = ON ] && args+=(-DCMAKE_CUDA_COMPILER="$nvcc")
  cmake "${args[@]}" >"$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; fail "configure ($gen)"; }
  cmake --build "$proj/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "build ($gen)"; }
  "$proj/build/saxpy_check" || fail "CPU reference ($gen)"
  gen_dir=$proj/build/exo/saxpy_gpu
  cu=$gen_dir/saxpy.cu h=$gen_dir/saxpy.h d=$gen_dir/saxpy.cu.d
  grep -q "__launch_bounds__(32) saxpy_kernel" "$cu" || fail "$cu: not the 32-thread saxpy kernel"
  # kScaleThreads from include/exo_user/scale.hpp, EXO_USER_SCALE from the definitions.
  grep -q "__launch_bounds__(128) scale_kernel" "$cu" || fail "$cu: not the 128-thread scale kernel"
  grep -qF "y[b * 128 + t] = 2.5f * y[b * 128 + t];" "$cu" || fail "$cu: EXO_USER_SCALE is not 2.5f in scale"
  # kShiftThreads from the force-included exo_user/prelude.hpp, EXO_USER_SHIFT from a -D
  # option: both from the compile options only.
  grep -q "__launch_bounds__(64) shift_kernel" "$cu" || fail "$cu: not the 64-thread shift kernel"
  grep -qF "y[b * 64 + t] = y[b * 64 + t] + 0.5f;" "$cu" || fail "$cu: EXO_USER_SHIFT is not 0.5f in shift"
  grep -q "^cudaError_t saxpy(int n, float a, const float\* __restrict__ x, float\* __restrict__ y, cudaStream_t stream = 0);" "$h" \
    || fail "$h: no saxpy launcher declaration"
  grep -q "^cudaError_t scale(int n, float\* __restrict__ y, cudaStream_t stream = 0);" "$h" \
    || fail "$h: no scale launcher declaration"
  grep -q "^cudaError_t shift(int n, float\* __restrict__ y, cudaStream_t stream = 0);" "$h" \
    || fail "$h: no shift launcher declaration"
  grep -q "$proj/kernels/tile.hpp" "$d" || fail "$d: tile.hpp is not a dependency"
  grep -q "$proj/include/exo_user/scale.hpp" "$d" || fail "$d: exo_user/scale.hpp is not a dependency"
  grep -q "$proj/include/exo_user/prelude.hpp" "$d" || fail "$d: the force-included exo_user/prelude.hpp is not a dependency"
  grep -q "$prefix/include/exo/exo.hpp" "$d" || fail "$d: the installed tool did not use the installed exo.hpp"
  obj=
  if [ "$cuda" = ON ]; then
    obj=$(find "$proj/build" -name saxpy.cu.o | head -1)
    [ -n "$obj" ] || fail "$gen: nvcc did not compile saxpy.cu"
    find "$proj/build" -name use_launcher.cu.o | grep -q . || fail "$gen: nvcc did not compile use_launcher.cu"
  fi

  t0=$(mtime "$cu")
  cmake --build "$proj/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "no-op rebuild ($gen)"; }
  [ "$(mtime "$cu")" = "$t0" ] || fail "$gen: the .cu was regenerated with nothing changed"

  # One header beside the kernel, one found through the target's include directories, one
  # force-included by its compile options.
  for hdr in kernels/tile.hpp include/exo_user/scale.hpp include/exo_user/prelude.hpp; do
    t0=$(mtime "$cu")
    [ -z "$obj" ] || o0=$(mtime "$obj")
    touch "$proj/$hdr"
    cmake --build "$proj/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "rebuild after touching $hdr ($gen)"; }
    [ "$(mtime "$cu")" -gt "$t0" ] || fail "$gen: touching $hdr did not regenerate the .cu"
    [ -z "$obj" ] || [ "$(mtime "$obj")" -gt "$o0" ] || fail "$gen: touching $hdr did not recompile saxpy.cu"
  done

  sed -i 's/kTile = 32/kTile = 64/' "$proj/kernels/tile.hpp"
  cmake --build "$proj/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "rebuild after edit ($gen)"; }
  grep -q "__launch_bounds__(64) saxpy_kernel" "$cu" || fail "$gen: editing tile.hpp did not change the .cu"
  "$proj/build/saxpy_check" || fail "CPU reference after the edit ($gen)"
  echo "   ok: built, CPU reference passed, .cu regenerated${obj:+ and recompiled} after touching tile.hpp, exo_user/scale.hpp and exo_user/prelude.hpp, and changed after editing tile.hpp"
done

# A multi-config generator: Debug and Release parse the kernels with their own
# definitions (EXO_USER_DEBUG in Debug only adds a kernel), each into exo/<target>/<config>;
# each configuration's DEPFILE regenerates only its own .cu.
if [ -n "$ninja" ]; then
  gen="Ninja Multi-Config"
  cuda=OFF
  [ -n "$nvcc" ] && cuda=ON
  echo "== $gen, CUDA compile $cuda"
  proj=$tmp/proj-multi
  cp -r "$src/tests/cmake/project" "$proj"
  args=(-S "$proj" -B "$proj/build" -G "$gen" -DCMAKE_PREFIX_PATH="$prefix" -DEXO_USER_CUDA=$cuda)
  [ "$cuda" = ON ] && args+=(-DCMAKE_CUDA_COMPILER="$nvcc")
  cmake "${args[@]}" >"$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; fail "configure ($gen)"; }
  for cfg in Debug Release; do
    cmake --build "$proj/build" --config $cfg >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "build $cfg ($gen)"; }
    "$proj/build/$cfg/saxpy_check" || fail "CPU reference $cfg ($gen)"
    grep -q "__launch_bounds__(32) saxpy_kernel" "$proj/build/exo/saxpy_gpu/$cfg/saxpy.cu" || fail "$gen: no $cfg/saxpy.cu"
    grep -q "^cudaError_t saxpy(" "$proj/build/exo/saxpy_gpu/$cfg/saxpy.h" || fail "$gen: no $cfg/saxpy.h"
    # nvcc compiled this configuration's own .cu (each into its configuration's object directory).
    if [ "$cuda" = ON ]; then
      find "$proj/build" -path "*/$cfg/*" -name saxpy.cu.o | grep -q . || fail "$gen: nvcc did not compile $cfg's saxpy.cu"
    fi
  done
  grep -q "debug_clear_kernel" "$proj/build/exo/saxpy_gpu/Debug/saxpy.cu" || fail "$gen: Debug's .cu lacks the Debug-only kernel"
  ! grep -q "debug_clear" "$proj/build/exo/saxpy_gpu/Release/saxpy.cu" || fail "$gen: Release's .cu has the Debug-only kernel"
  [ ! -e "$proj/build/exo/saxpy_gpu/saxpy.cu" ] || fail "$gen: a .cu shared by the configurations"
  debug=$proj/build/exo/saxpy_gpu/Debug/saxpy.cu release=$proj/build/exo/saxpy_gpu/Release/saxpy.cu
  t0=$(mtime "$debug") r0=$(mtime "$release")
  touch "$proj/kernels/tile.hpp"
  cmake --build "$proj/build" --config Debug >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "Debug rebuild ($gen)"; }
  [ "$(mtime "$debug")" -gt "$t0" ] || fail "$gen: touching tile.hpp did not regenerate Debug's .cu"
  [ "$(mtime "$release")" = "$r0" ] || fail "$gen: a Debug build regenerated Release's .cu"
  echo "   ok: Debug and Release generated apart (the Debug-only kernel in Debug's only), CPU references passed, Debug's .cu regenerated after touching tile.hpp"
fi
echo "PASS"
