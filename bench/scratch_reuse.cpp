// scratch_reuse: what a kernel's heap scratch costs per call on this machine, with the
// Halide runtime's default allocator (glibc malloc) and with the runner's host scratch
// reuse (src/run/host_scratch.h). Each "call" does what a pipeline with four compute_root
// stages does (squeezenet_fire's expert: s, s_padded, e1, e3): allocates four buffers of
// S/4, S/4 + 8 KiB, S/2 - 4 KiB and S/2 + 4 KiB, writes every byte of each, frees them in
// the order they were allocated.
//
//   malloc   glibc as the Halide runtime calls it (default thresholds: blocks of 128 KiB
//            and more are mmapped per call, or come from a heap glibc trimmed after the
//            last call): every page is faulted in again on every call
//   reuse    host_scratch_alloc / host_scratch_free: the block of the last call, warm
//   touch    only the writes, to a buffer allocated once (the floor)
//
// Median of 41 calls after 3 untimed ones, per total size S; the page-fault cost per 4 KiB
// page is (malloc - touch) / pages.
//
// usage: scratch_reuse [--out FILE.md]
#include <sys/utsname.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "run/host_scratch.h"

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

template <class F>
double median_seconds(F &&f) {
    for (int i = 0; i < 3; i++) f();
    std::vector<double> t;
    for (int i = 0; i < 41; i++) {
        double t0 = now();
        f();
        t.push_back(now() - t0);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

void fill(void *p, size_t n, int v) {
    std::memset(p, v, n);
    asm volatile("" : : "r"(p) : "memory");  // the writes are kept
}

}  // namespace

int main(int argc, char **argv) {
    std::string out;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--out") == 0 && i + 1 < argc) out = argv[++i];
        else {
            std::fprintf(stderr, "usage: scratch_reuse [--out FILE.md]\n");
            return 2;
        }
    }
    const std::vector<size_t> sizes_kib = {256, 1024, 2048, 4096, 16384, 65536};
    auto parts = [](size_t n) {
        return std::vector<size_t>{n / 4, n / 4 + 8192, n / 2 - 4096, n / 2 + 4096};
    };
    // glibc as the runtime finds it, untouched: first, before the worker's settings below.
    std::vector<double> t_malloc, t_touch, t_reuse;
    for (size_t kib : sizes_kib) {
        std::vector<size_t> sz = parts(kib << 10);
        std::vector<void *> p(sz.size());
        t_malloc.push_back(median_seconds([&] {
            for (size_t i = 0; i < sz.size(); i++) fill(p[i] = std::aligned_alloc(128, (sz[i] + 127) / 128 * 128), sz[i], 1);
            for (void *b : p) std::free(b);
        }));
        for (size_t i = 0; i < sz.size(); i++) p[i] = std::aligned_alloc(128, (sz[i] + 127) / 128 * 128);
        t_touch.push_back(median_seconds([&] {
            for (size_t i = 0; i < sz.size(); i++) fill(p[i], sz[i], 3);
        }));
        for (void *b : p) std::free(b);
    }
    ekb::host_scratch_configure();  // as the worker does
    for (size_t kib : sizes_kib) {
        std::vector<size_t> sz = parts(kib << 10);
        std::vector<void *> p(sz.size());
        t_reuse.push_back(median_seconds([&] {
            for (size_t i = 0; i < sz.size(); i++) fill(p[i] = ekb::host_scratch_alloc(sz[i]), sz[i], 2);
            for (void *b : p) ekb::host_scratch_free(b);
        }));
    }
    std::string md = "| scratch per call | malloc (Halide default) | reuse (ekb runner) | touch only | malloc's page faults |\n"
                     "|---|---|---|---|---|\n";
    for (size_t i = 0; i < sizes_kib.size(); i++) {
        size_t pages = (sizes_kib[i] << 10) / 4096;
        char line[256];
        std::snprintf(line, sizeof line, "| %zu KiB | %.3f ms | %.3f ms | %.3f ms | %.2f us/page |\n", sizes_kib[i],
                      t_malloc[i] * 1e3, t_reuse[i] * 1e3, t_touch[i] * 1e3,
                      (t_malloc[i] - t_touch[i]) / double(pages) * 1e6);
        md += line;
    }
    std::fputs(md.c_str(), stdout);
    if (!out.empty()) {
        struct utsname u{};
        ::uname(&u);
        FILE *f = std::fopen(out.c_str(), "w");
        if (!f) {
            std::perror(out.c_str());
            return 1;
        }
        std::fprintf(f, "# scratch_reuse on %s (%s)\n\n%s", u.nodename, u.machine, md.c_str());
        std::fclose(f);
    }
    return 0;
}
