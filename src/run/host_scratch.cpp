#include "run/host_scratch.h"

#include <malloc.h>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>

namespace ekb {

namespace {

// Every block starts with this header, one alignment unit long; the caller's memory follows.
struct Header {
    size_t total;     // bytes allocated, header included (large blocks: the cache's key)
    uint64_t magic;   // kMagic: a block of this allocator
};
constexpr uint64_t kMagic = 0x656b62736372ull;  // "ekbscr"
static_assert(sizeof(Header) <= host_scratch_alignment);

struct Cache {
    std::mutex mu;
    std::multimap<size_t, void *> free_blocks;  // total size -> block (header address)
    HostScratchStats stats;
    size_t max_bytes = size_t(2) << 30;
};

Cache &cache() {
    static Cache *c = new Cache;  // never destroyed: pool threads may free after exit starts
    return *c;
}

size_t round_up(size_t n, size_t unit) { return (n + unit - 1) / unit * unit; }

void *fresh_block(size_t total) {
    void *p = std::aligned_alloc(host_scratch_alignment, total);
    if (!p) {  // the kept blocks may be what the memory limit is full of
        host_scratch_release();
        p = std::aligned_alloc(host_scratch_alignment, total);
    }
    return p;
}

}  // namespace

void *host_scratch_alloc(size_t bytes) {
    size_t total = round_up(bytes + host_scratch_alignment, host_scratch_alignment);
    bool large = total >= host_scratch_large_block;
    if (large) total = round_up(total, 4096);
    void *block = nullptr;
    if (large) {
        Cache &c = cache();
        std::lock_guard<std::mutex> lock(c.mu);
        auto it = c.free_blocks.find(total);
        if (it != c.free_blocks.end()) {
            block = it->second;
            c.free_blocks.erase(it);
            c.stats.cached_bytes -= total;
            c.stats.reused++;
        } else {
            c.stats.fresh++;
        }
    }
    if (!block) block = fresh_block(total);
    if (!block) return nullptr;
    auto *h = static_cast<Header *>(block);
    h->total = total;
    h->magic = kMagic;
    return static_cast<char *>(block) + host_scratch_alignment;
}

void host_scratch_free(void *p) {
    if (!p) return;
    void *block = static_cast<char *>(p) - host_scratch_alignment;
    auto *h = static_cast<Header *>(block);
    if (h->magic != kMagic) std::abort();  // not ours: a corrupted heap, never a silent leak
    size_t total = h->total;
    if (total >= host_scratch_large_block) {
        Cache &c = cache();
        std::lock_guard<std::mutex> lock(c.mu);
        if (c.stats.cached_bytes + total <= c.max_bytes) {
            c.free_blocks.emplace(total, block);
            c.stats.cached_bytes += total;
            return;
        }
    }
    h->magic = 0;
    std::free(block);
}

void host_scratch_release() {
    Cache &c = cache();
    std::lock_guard<std::mutex> lock(c.mu);
    for (auto &[total, block] : c.free_blocks) {
        static_cast<Header *>(block)->magic = 0;
        std::free(block);
    }
    c.free_blocks.clear();
    c.stats.cached_bytes = 0;
}

HostScratchStats host_scratch_stats() {
    Cache &c = cache();
    std::lock_guard<std::mutex> lock(c.mu);
    return c.stats;
}

void host_scratch_configure(size_t max_cached_bytes) {
    {
        Cache &c = cache();
        std::lock_guard<std::mutex> lock(c.mu);
        c.max_bytes = max_cached_bytes;
    }
    // Small blocks stay in glibc's heap between calls: no trimming below 1 GiB of free top
    // (setting it also fixes the mmap threshold at its 128 KiB default, above every small block).
    ::mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

}  // namespace ekb
