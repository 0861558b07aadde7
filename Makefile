# The two commands of the README (fresh Debian 12 machine):
#   make demo   install what is missing, build, run exo-cuda on the sgemm sample
#   make test   install what is missing, build, run every test (CTest: GoogleTest + lit)
BUILD ?= build
GENERATED := $(BUILD)/generated
NVCC ?= $(shell command -v nvcc 2>/dev/null || (test -x /usr/local/cuda/bin/nvcc && echo /usr/local/cuda/bin/nvcc))
SAMPLE := samples/sgemm_tiled/sgemm_tiled.exo.cpp

.PHONY: all deps build demo test generate clean

all: build

deps:
	@scripts/bootstrap

$(BUILD)/Makefile:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release \
	  $(if $(LLVM_DIR),-DLLVM_DIR=$(LLVM_DIR)) $(if $(Clang_DIR),-DClang_DIR=$(Clang_DIR))

build: deps $(BUILD)/Makefile
	cmake --build $(BUILD) -j$$(nproc)

demo: build
	@mkdir -p $(GENERATED)
	@echo "== exo-cuda: checking and rewriting $(SAMPLE)"
	$(BUILD)/exo-cuda --summary --out-dir $(GENERATED) $(SAMPLE)
	@if [ -n "$(NVCC)" ]; then \
	  echo "== nvcc: compiling $(GENERATED)/sgemm_tiled.cu for sm_90a"; \
	  $(NVCC) -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a -c $(GENERATED)/sgemm_tiled.cu \
	    -o $(GENERATED)/sgemm_tiled.o && echo "   ok: $(GENERATED)/sgemm_tiled.o"; \
	else echo "== nvcc not found: skipping the CUDA compile"; fi
	@echo "== CPU reference: the same source, compiled by g++ and run sequentially"
	g++ -std=c++17 -O2 -Wall -Wextra -Werror -Iannotations/include -Isamples \
	  samples/sgemm_tiled/main.cpp -o $(BUILD)/sgemm_tiled_cpu
	$(BUILD)/sgemm_tiled_cpu

# Every sample's CUDA into $(GENERATED) (what scripts/gpu-validate consumes on a GPU machine).
generate: build
	@mkdir -p $(GENERATED)
	$(BUILD)/exo-cuda --out-dir $(GENERATED) samples/*/*.exo.cpp

test: build
	cd $(BUILD) && ctest --output-on-failure

clean:
	rm -rf $(BUILD)
