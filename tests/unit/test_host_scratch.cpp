// The worker's host scratch allocator (run/host_scratch.h): freed large blocks come back
// for the next allocation of the same size, small ones go to malloc, the cap holds, and it
// is safe from many threads at once (Halide's thread pool allocates in parallel loops).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include "run/host_scratch.h"

using namespace ekb;

namespace {

bool aligned(const void *p) { return reinterpret_cast<uintptr_t>(p) % host_scratch_alignment == 0; }

TEST(HostScratch, LargeBlocksAreReusedAtTheSameSize) {
    host_scratch_configure();
    host_scratch_release();
    HostScratchStats s0 = host_scratch_stats();
    const size_t n = size_t(3) << 20;  // a 3 MiB compute_root buffer
    void *a = host_scratch_alloc(n);
    ASSERT_NE(a, nullptr);
    EXPECT_TRUE(aligned(a));
    std::memset(a, 0x5a, n);
    host_scratch_free(a);
    EXPECT_GE(host_scratch_stats().cached_bytes, n);
    void *b = host_scratch_alloc(n);  // the next call of the pipeline: the same block, warm
    EXPECT_EQ(a, b);
    HostScratchStats s1 = host_scratch_stats();
    EXPECT_EQ(s1.fresh - s0.fresh, 1u);
    EXPECT_EQ(s1.reused - s0.reused, 1u);
    EXPECT_EQ(s1.cached_bytes, 0u);
    void *c = host_scratch_alloc(n + 8192);  // another size: a new block, never a smaller one
    EXPECT_NE(c, b);
    std::memset(c, 1, n + 8192);
    host_scratch_free(b);
    host_scratch_free(c);
    host_scratch_release();
    EXPECT_EQ(host_scratch_stats().cached_bytes, 0u);
}

TEST(HostScratch, SmallBlocksGoToMalloc) {
    host_scratch_release();
    HostScratchStats s0 = host_scratch_stats();
    for (size_t n : {size_t(1), size_t(100), size_t(4096), host_scratch_large_block - 2 * host_scratch_alignment}) {
        void *p = host_scratch_alloc(n);
        ASSERT_NE(p, nullptr);
        EXPECT_TRUE(aligned(p)) << n;
        std::memset(p, 7, n);
        host_scratch_free(p);
    }
    HostScratchStats s1 = host_scratch_stats();
    EXPECT_EQ(s1.fresh, s0.fresh);
    EXPECT_EQ(s1.reused, s0.reused);
    EXPECT_EQ(s1.cached_bytes, 0u);
    host_scratch_free(nullptr);  // halide_free(nullptr) is legal
}

TEST(HostScratch, TheCapBoundsWhatIsKept) {
    host_scratch_release();
    host_scratch_configure(size_t(1) << 20);  // 1 MiB
    std::vector<void *> blocks;
    for (int i = 0; i < 4; i++) blocks.push_back(host_scratch_alloc(size_t(600) << 10));
    for (void *p : blocks) host_scratch_free(p);
    HostScratchStats s = host_scratch_stats();
    EXPECT_LE(s.cached_bytes, size_t(1) << 20);
    EXPECT_GT(s.cached_bytes, 0u);
    host_scratch_release();
    host_scratch_configure();
}

TEST(HostScratch, ManyThreadsAtOnce) {
    host_scratch_release();
    std::vector<std::thread> threads;
    std::vector<int> bad(8, 0);
    for (int t = 0; t < 8; t++) {
        threads.emplace_back([t, &bad] {
            for (int i = 0; i < 300; i++) {
                size_t n = (size_t(64) << 10) * size_t(1 + (i + t) % 5);
                auto *p = static_cast<uint8_t *>(host_scratch_alloc(n));
                if (!p) {
                    bad[t]++;
                    continue;
                }
                std::memset(p, t + 1, n);
                for (size_t k = 0; k < n; k += 4093) bad[t] += p[k] != uint8_t(t + 1);
                host_scratch_free(p);
            }
        });
    }
    for (auto &th : threads) th.join();
    for (int t = 0; t < 8; t++) EXPECT_EQ(bad[t], 0) << "thread " << t << " saw another thread's block";
    HostScratchStats s = host_scratch_stats();
    EXPECT_GT(s.reused, 0u);
    host_scratch_release();
}

}  // namespace
