# lit suite: diagnostics (one file per diagnostic), prover corpus, generated-code goldens.
import os
import shutil
import lit.formats

config.name = "exo-cuda"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
if hasattr(config, "exo_binary_dir"):
    config.test_exec_root = os.path.join(config.exo_binary_dir, "tests", "lit")

llvm_bin = getattr(config, "llvm_tools_dir", "/usr/lib/llvm-22/bin")
config.environment["PATH"] = os.pathsep.join([llvm_bin, config.environment.get("PATH", "")])
config.substitutions.append(("%exo-cuda", config.exo_cuda))
config.substitutions.append(("%exo-include", os.path.join(config.exo_source_dir, "annotations", "include")))
config.substitutions.append(("%samples", os.path.join(config.exo_source_dir, "samples")))

# nvcc compiles the generated CUDA where it exists; tests that need it say REQUIRES: nvcc.
nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
if nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))
# The CPU emulation's cuda_runtime.h: host C++ that includes generated headers compiles with g++.
config.substitutions.append(("%exo-emulation-include", os.path.join(config.exo_source_dir, "tests", "emulation", "include")))
# SARIF logs are checked against the SARIF 2.1.0 schema (tests/sarif/validate_sarif.py).
config.substitutions.append(("%validate-sarif", "python3 " + os.path.join(config.exo_source_dir, "tests", "sarif", "validate_sarif.py")))
config.substitutions.append(("%exo-source", config.exo_source_dir))
