# The two commands of the README. Both install missing Debian packages first.
PRESET ?= release
BUILD  := build/$(PRESET)
JOBS   ?= $(shell nproc)
PREFIX ?= /usr/local

.PHONY: deps build demo test test-all bench install clean

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

# ekb, its man page (ekb.1) and bash completion, generated from the command table, under
# $(PREFIX)/bin, $(PREFIX)/share/man/man1 and $(PREFIX)/share/bash-completion/completions.
install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build
