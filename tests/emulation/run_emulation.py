#!/usr/bin/env python3
"""Differential test of the generated CUDA, on the CPU.

For each kernel source: exo-cuda generates the CUDA; the CUDA is compiled as host C++
against include/cuda_runtime.h (one OS thread per CUDA thread, barrier epochs run in
increasing and then in decreasing thread order; a cluster kernel's blocks run as one
group, each with its own shared memory); the sequential source is compiled
into the same program. Both run on the same random inputs; every buffer the kernel
may write must come out bit-identical (a race-free kernel performs, per element, the
same operations in the same order as the sequential program).

Sizes: each scalar parameter takes the first value of SIZES that the (emulated)
launcher accepts, i.e. that satisfies the kernel's exo::assume conditions.

Usage: run_emulation.py --exo-cuda BIN --include DIR [--jobs N] file.exo.cpp...
"""
import argparse
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
SIZES = [64, 96, 128, 256, 512, 24576, 32, 16, 8, 4, 1]  # candidate values for size parameters
# Sources whose second size would launch too many emulated threads (one OS thread per
# CUDA thread) for the test's time: batched_gemm at 128 is 128 blocks of 384 threads in
# each of its three instances and two orders; at 64 (32 blocks) it covers every statement.
# One size where the next accepted candidate would not fit the buffers or take minutes
# (cluster2d_gemm, persistent_cluster2d_gemm: 24576 after 512).
# Tests whose size is a block count (or a loop of block barriers) run at small sizes: at 64
# and 96, ok_grid_stride_copy alone launched 2.4M emulated threads (250 s of CI's time);
# two blocks or loop trips already exercise what they check (run_emulation.py prints each
# kernel's seconds). ok_sync_in_symbolic_loop_runs keeps nk = 1, its edge case.
# swizzle_gemm's four instances at 512 took 100 of its 120 s; at 256 its K loops run 8
# and 16 steps, so every ring of four slots still wraps (the parities are exercised).
SIZES_FOR = {"batched_gemm.exo.cpp": [64], "swizzle_gemm.exo.cpp": [256], "cluster2d_gemm.exo.cpp": [512], "persistent_cluster2d_gemm.exo.cpp": [512],
             "ok_cluster2d_masks.cpp": [256], "ok_grid_stride_copy.cpp": [16, 8], "ok_mixed_radix_index.cpp": [16, 8],
             "ok_sync_in_symbolic_loop_runs.cpp": [4, 1], "ok_loop_not_equal.cpp": [16, 8], "ok_xor_swizzle.cpp": [16, 8]}
BUFFER = 1 << 22  # elements per pointer parameter (the sizes above stay inside it)

# A launcher: an overload, or an explicit specialization of a launcher template
# (`template <> cudaError_t scale<128>(..., cudaStream_t stream) {`), called with its arguments.
LAUNCHER = re.compile(r"^(?:template <> )?cudaError_t (\w+)(<[^(]*>)?\((.*), cudaStream_t \w+(?: = 0)?\) \{$", re.M)
LAUNCH = re.compile(r"return cudaLaunchKernelEx\(&exo_config, (\w+), (.*)\);")
PARAM = re.compile(r"^(const )?(\w+(?: \w+){0,2})(\*)?(?: __restrict__)?(?: const)? (\w+)$")
# Each kernel's heading comment, in the order of the launchers; an instance of a kernel
# template names its arguments there ("// scale<exo::bf16, 64>: one block per ..."), and
# the CPU call spells them (they may not be deducible from the arguments).
HEADING = re.compile(r"^// (\w+)(<.*>)?: (?:one block per|1 block)", re.M)
CLUSTER = re.compile(r"__cluster_dims__\(([^)]*)\) (\w+)\(")  # the kernel's cluster size and name


def for_emulation(cuda):
    """The generated CUDA, made host C++: a __cluster_dims__ kernel's launches (by
    clusters) and each block's dynamic shared memory."""
    clusters = {}
    for dims, kernel in CLUSTER.findall(cuda):
        m = re.fullmatch(r"(\d+), 1, 1", dims)
        if not m:
            raise ValueError(f"{kernel}: cluster dimensions ({dims}) other than (n, 1, 1) are not emulated")
        clusters[kernel] = int(m.group(1))
    if cuda.count("__cluster_dims__") != len(clusters):
        raise ValueError("a __cluster_dims__ the emulation cannot read")
    if clusters and re.search(r"(?<!extern )__shared__ ", cuda):
        # `__shared__` is `static` here: one array for all the blocks of a cluster.
        raise ValueError("static __shared__ arrays in a cluster kernel are not emulated (one per block needed)")

    def launch(m):
        # A kernel without a cluster launches through include/cuda_runtime.h's
        # cudaLaunchKernelEx, which cannot see a __cluster_dims__ size: those launch here.
        if m.group(1) not in clusters:
            return m.group(0)
        call = f"[&] {{ {m.group(1)}({m.group(2)}); }}"
        return (f"exo_emu::launch_cluster({clusters[m.group(1)]}, exo_config.gridDim.x, (int)exo_config.blockDim.x, "
                f"{call}); return cudaSuccess;")

    cuda = LAUNCH.sub(launch, cuda)
    return re.sub(r"extern __shared__ __align__\(\d+\) unsigned char exo_smem\[\];",
                  "unsigned char* exo_smem = exo_emu::block_smem();", cuda)


def run_function(index, kernel, params, targs="", gpu_targs=""):
    """runOnce<index>(size): one launcher (an instance of a kernel template is one of
    several overloads, chosen by the argument types) against the CPU run of its kernel."""
    decl, call_args, outputs = [], [], []
    for i, (const, ctype, pointer, name) in enumerate(params):
        if pointer:
            decl.append(f"  std::vector<{ctype}> {name}_cpu({BUFFER}), {name}_gpu;")
            decl.append(f"  fill({name}_cpu, {i + 1}); {name}_gpu = {name}_cpu;")
            call_args.append((f"{name}_cpu.data()", f"{name}_gpu.data()"))
            if not const:
                outputs.append(name)
        elif ctype in ("float", "double"):
            call_args.append(("(" + ctype + ")0.75", "(" + ctype + ")0.75"))
        else:
            call_args.append((f"({ctype})size", f"({ctype})size"))
    cpu = ", ".join(a for a, _ in call_args)
    gpu = ", ".join(b for _, b in call_args)
    compare = "\n".join(
        f'  if (std::memcmp({o}_cpu.data(), {o}_gpu.data(), {o}_cpu.size() * sizeof({o}_cpu[0])) != 0) {{\n'
        f'    std::printf("{kernel}#{index}: MISMATCH in {o} (size %ld, %s order)\\n", size, exo_emu::reverse ? "decreasing" : "increasing");\n'
        f'    ok = false;\n  }}'
        for o in outputs)
    return f"""
Outcome runOnce{index}(long size) {{
{chr(10).join(decl)}
  if ({kernel}{gpu_targs}({gpu}) != cudaSuccess) return Rejected;  // an exo::assume excludes this size
  cpu::{kernel}{targs}({cpu});
  bool ok = true;
{compare}
  if (ok) std::printf("{kernel}#{index}: size %ld ok (%s order)\\n", size, exo_emu::reverse ? "decreasing" : "increasing");
  return ok ? Match : Mismatch;
}}
"""


def driver(source, launchers, sizes=SIZES):
    """A main() that runs the GPU path (emulated) and the CPU path of every launcher and compares."""
    runs = "".join(run_function(i, kernel, params, targs, gpu_targs)
                   for i, (kernel, params, targs, gpu_targs) in enumerate(launchers))
    table = ", ".join(f"runOnce{i}" for i in range(len(launchers)))
    return f"""#include <cstdio>
#include <cstring>
#include <random>
#include <vector>
#include <exo/exo.hpp>
#include <exo/sm80.hpp>  // here, not first inside namespace cpu (its include guard)
#include <exo/sm90.hpp>
// The standard headers a kernel source may include, here: inside namespace cpu their
// include guards would leave std:: declared in cpu::std.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <type_traits>
#include <utility>
namespace cpu {{
#include "{source}"
}}
#include "generated.cu"

template <class T> void fill(std::vector<T>& v, unsigned seed) {{
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> d(-8, 8);  // small integers: exact in any type
  for (T& x : v) x = static_cast<T>(d(rng)) / static_cast<T>(4);
}}

enum Outcome {{ Rejected, Mismatch, Match }};
{runs}
int main() {{
  const long sizes[] = {{{", ".join(map(str, sizes))}}};
  Outcome (*const runs[])(long) = {{{table}}};
  for (auto runOnce : runs) {{
    int accepted = 0;
    for (long size : sizes) {{
      for (bool rev : {{false, true}}) {{
        exo_emu::reverse = rev;
        Outcome o = runOnce(size);
        if (o == Mismatch) return 1;
        if (o == Rejected) break;
        accepted += rev;
      }}
      if (accepted == 2) break;  // two sizes, both orders
    }}
    if (accepted < 2) {{
      std::printf("%s\\n", accepted ? "only one size accepted" : "no size accepted by the launcher");
      if (!accepted) return 1;
    }}
  }}
  return 0;
}}
"""


TOOL_ARGS = re.compile(r"^// EXO-CUDA-ARGS: (.*)$", re.M)


def tool_args(source):
    """Options a source asks exo-cuda for (`// EXO-CUDA-ARGS: ...`, as its lit RUN lines
    pass them): a kernel the prover refuses only for a documented limit."""
    m = TOOL_ARGS.search(pathlib.Path(source).read_text())
    return m.group(1).split() if m else []


def run_one(args, source):
    """(passed, message): the message ends with the seconds the tool, the build and the
    run took, so that a slow kernel shows in CI's log."""
    start = time.monotonic()
    ok, message, phases = run_phases(args, source)
    spent = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in phases)
    return ok, f"{message} [{spent}; {time.monotonic() - start:.1f} s]"


def run_phases(args, source):
    phases = []

    def timed(name, command, **kw):
        t0 = time.monotonic()
        result = subprocess.run(command, **kw)
        phases.append((name, time.monotonic() - t0))
        return result

    source = pathlib.Path(source).resolve()
    with tempfile.TemporaryDirectory(prefix="exo-emu-") as tmp:
        tmp = pathlib.Path(tmp)
        gen = timed("tool", [args.exo_cuda, *tool_args(source), "-o", str(tmp / "raw.cu"), str(source)],
                             capture_output=True, text=True)
        if gen.returncode != 0:
            return False, f"{source.name}: exo-cuda failed\n{gen.stderr}", phases
        cuda = (tmp / "raw.cu").read_text()
        found = LAUNCHER.findall(cuda)
        if not found:
            return False, f"{source.name}: no launcher in the generated CUDA", phases
        headings = HEADING.findall(cuda)
        if len(headings) != len(found):
            return False, f"{source.name}: {len(headings)} kernel headings for {len(found)} launchers", phases
        launchers = []
        for (kernel, gpu_targs, plist), (_, targs) in zip(found, headings):
            params = []
            for p in plist.split(", "):
                m = PARAM.match(p)
                if not m:
                    return False, f"{source.name}: cannot read parameter '{p}'", phases
                params.append((bool(m.group(1)), m.group(2), bool(m.group(3)), m.group(4)))
            launchers.append((kernel, params, targs, gpu_targs))
        try:
            (tmp / "generated.cu").write_text(for_emulation(cuda))
        except ValueError as e:
            return False, f"{source.name}: {e}", phases
        (tmp / "main.cpp").write_text(driver(source, launchers, SIZES_FOR.get(source.name, SIZES)))
        build = timed("g++", ["g++", "-std=c++17", "-O1", "-pthread", "-w", "-I", str(HERE / "include"),
                                "-I", args.include, "-I", str(source.parent), "-I", str(tmp),
                                str(tmp / "main.cpp"), "-o", str(tmp / "emu")], capture_output=True, text=True)
        if build.returncode != 0:
            return False, f"{source.name}: build failed\n{build.stderr[-3000:]}", phases
        run = timed("run", [str(tmp / "emu")], capture_output=True, text=True, timeout=600)
        message = run.stdout.strip().replace("\n", "; ")
        if run.returncode != 0 and run.stderr.strip():  # why it stopped (a deadlock, emu::fail)
            message += ("; " if message else "") + run.stderr.strip()[-2000:]
        if run.returncode < 0:  # killed by a signal: say so (a size past BUFFER segfaults)
            message += ("; " if message else "") + f"the emulation crashed (signal {-run.returncode}); " + \
                f"a size past its {BUFFER}-element buffers? (SIZES_FOR names a source's sizes)"
        return run.returncode == 0, f"{source.name}: {message}", phases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exo-cuda", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("sources", nargs="+")
    args = ap.parse_args()
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for ok, message in pool.map(lambda s: run_one(args, s), sorted(args.sources)):
            print(("PASS " if ok else "FAIL ") + message)
            failed += not ok
    print(f"emulation: {len(args.sources) - failed} of {len(args.sources)} kernels match the sequential program")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
