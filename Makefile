# The two commands of the README. Both install missing Debian packages first.
PRESET ?= release
BUILD  := build/$(PRESET)
JOBS   ?= $(shell nproc)
PREFIX ?= /usr/local

.PHONY: deps build demo test test-asan test-all bench install clean

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

# The sanitizer run (ASan + UBSan, preset `asan`): ekb, its library and the unit, llm and
# producer tests instrumented (the confined runner and ekb-gen are not). Any report --
# an ASan error, a leak, undefined behaviour, in a test or in an ekb it launches -- ends
# that process with exit code 86, which fails the test.
ASAN_ENV := ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:exitcode=86 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
test-asan: deps
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j $(JOBS) --target ekb ekb_unit_tests ekb_llm_tests ekb_producer_tests
	cd build/asan && $(ASAN_ENV) ctest --output-on-failure -j $(JOBS) -L 'unit|llm' -LE slow

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
