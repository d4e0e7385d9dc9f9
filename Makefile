# The two commands of the README. Both install missing Debian packages first.
PRESET ?= release
BUILD  := build/$(PRESET)
JOBS   ?= $(shell nproc)

.PHONY: deps build demo test test-all bench clean

deps:
	bash scripts/install-deps.sh

build: deps
	cmake --preset $(PRESET) >/dev/null
	cmake --build --preset $(PRESET) -j $(JOBS)

# Evaluates every shipped task's expert and naive kernels on cpu and opencl, prints a table.
demo: build
	bash scripts/demo.sh $(BUILD)

# The default test run (no 'slow' label). 'make test-all' runs the long sweeps too.
test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

test-all: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	bash bench/run_eval_cost.sh $(BUILD)

clean:
	rm -rf build
