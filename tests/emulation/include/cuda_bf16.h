// The emulation's stand-in for CUDA's <cuda_bf16.h>: __nv_bfloat16 and __half are exo::bf16
// and exo::f16 (exo/exo.hpp), declared by cuda_runtime.h.
#pragma once
#include "cuda_runtime.h"
