// Host scratch reuse in the worker: the host twin of halide_reuse_device_allocations.
//
// A pipeline's heap buffers (compute_root intermediates, large compute_at tiles) come from
// halide_malloc on every call. With the Halide runtime's default (glibc malloc) a block of
// 128 KiB or more is a fresh mmap on each call, or comes back from a heap that glibc trimmed
// after the last call, and its first touch of every page is a page fault: measured on the
// 2-core build VM at 20-60 us a page (bench/results/scratch_reuse_2026-12-03.md), which made
// a 1.9 MiB-scratch kernel 10-20x slower than its arithmetic, and that only at some sizes
// (glibc's thresholds move as blocks are freed). A deployed runtime plans an arena once; the
// timing must measure the kernel, not the host's page-fault cost. So the worker keeps freed
// blocks of at least `large_block` bytes and hands them back for the next allocation of the
// same rounded size: after the first (untimed, cold-start) call, a pipeline's scratch is
// warm. Smaller blocks go to malloc (glibc keeps them in its heap: M_TRIM_THRESHOLD is
// raised so it is not given back between calls).
//
// Every candidate and expert gets the same allocator (same process code), on every CPU
// backend and in bundles. What it does not open: a kernel that finds an earlier call's data
// in reused scratch (Halide's undef) can only replay answers, which the physical bound
// flags like any replay (tests/kernels/timing_cheats); glibc reused small blocks before too.
#pragma once
#include <cstddef>

namespace ekb {

struct HostScratchStats {
    size_t fresh = 0;         // large blocks newly allocated
    size_t reused = 0;        // large allocations served from the cache
    size_t cached_bytes = 0;  // bytes of freed large blocks kept now
};

// Sets the cap on kept blocks (max_cached_bytes in all) and raises glibc's trim threshold.
// The worker then makes host_scratch_alloc / host_scratch_free the Halide runtime's
// halide_malloc / halide_free (worker.cpp; this file needs no Halide runtime, so the unit
// tests link it alone).
void host_scratch_configure(size_t max_cached_bytes = size_t(2) << 30);

// The allocator: 128-byte aligned blocks.
void *host_scratch_alloc(size_t bytes);
void host_scratch_free(void *p);
// Frees every kept block (an allocation that fails does this, then tries again).
void host_scratch_release();
HostScratchStats host_scratch_stats();

constexpr size_t host_scratch_large_block = size_t(64) << 10;  // 64 KiB: smaller blocks go to malloc
constexpr size_t host_scratch_alignment = 128;

}  // namespace ekb
