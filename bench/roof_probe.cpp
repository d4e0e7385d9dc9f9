// roof_probe: `ekb device probe`'s cpu peaks beside hand-written roofs on the same machine.
//
//   FMA    every core, the widest SIMD the CPU has (AVX-512, else AVX2, else SSE), 16
//          independent accumulators per thread (enough to cover FMA latency on two ports),
//          fused multiply-adds written with intrinsics: the float32 peak a C++ programmer
//          reaches by hand.
//   triad  McCalpin's STREAM triad a = b + 3 c over the probe's own size (32 Mi floats per
//          array), every core, first-touch placement, 12 bytes per element as the probe counts.
//
// The FMA loop runs 41 times (a few ms each, like the probe's timed samples), the triad 20;
// the median and the fastest decile are printed. The probe runs as `ekb device probe` runs
// it (Halide kernels timed by the runner; its peak is the rate at the fastest decile of its
// samples, the median's rate is printed beside it). The probe meets its goal when its peaks
// reach >= 80 % of the hand-written fastest deciles.
//
// usage: roof_probe [--out FILE.md] [--time-cap S]
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "common/files.h"
#include "common/paths.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "device/profile.h"
#include "eval/evaluator.h"
#include "run/device_probe.h"

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

constexpr int k_acc = 16;

__attribute__((target("avx512f"))) float fma_avx512(long iters, float seed) {
    __m512 acc[k_acc];
    for (int k = 0; k < k_acc; k++) acc[k] = _mm512_set1_ps(seed + 0.001f * k);
    const __m512 b = _mm512_set1_ps(0.999999f), c = _mm512_set1_ps(1e-7f);
    for (long i = 0; i < iters; i++) {
        for (int k = 0; k < k_acc; k++) acc[k] = _mm512_fmadd_ps(acc[k], b, c);
    }
    __m512 s = acc[0];
    for (int k = 1; k < k_acc; k++) s = _mm512_add_ps(s, acc[k]);
    return _mm512_reduce_add_ps(s);
}

__attribute__((target("avx2,fma"))) float fma_avx2(long iters, float seed) {
    __m256 acc[k_acc];
    for (int k = 0; k < k_acc; k++) acc[k] = _mm256_set1_ps(seed + 0.001f * k);
    const __m256 b = _mm256_set1_ps(0.999999f), c = _mm256_set1_ps(1e-7f);
    for (long i = 0; i < iters; i++) {
        for (int k = 0; k < k_acc; k++) acc[k] = _mm256_fmadd_ps(acc[k], b, c);
    }
    float out[8];
    __m256 s = acc[0];
    for (int k = 1; k < k_acc; k++) s = _mm256_add_ps(s, acc[k]);
    _mm256_storeu_ps(out, s);
    return out[0] + out[1] + out[2] + out[3] + out[4] + out[5] + out[6] + out[7];
}

float fma_sse(long iters, float seed) {  // no FMA: a multiply and an add (2 FLOPs) per lane
    __m128 acc[k_acc];
    for (int k = 0; k < k_acc; k++) acc[k] = _mm_set1_ps(seed + 0.001f * k);
    const __m128 b = _mm_set1_ps(0.999999f), c = _mm_set1_ps(1e-7f);
    for (long i = 0; i < iters; i++) {
        for (int k = 0; k < k_acc; k++) acc[k] = _mm_add_ps(_mm_mul_ps(acc[k], b), c);
    }
    float out[4];
    __m128 s = acc[0];
    for (int k = 1; k < k_acc; k++) s = _mm_add_ps(s, acc[k]);
    _mm_storeu_ps(out, s);
    return out[0] + out[1] + out[2] + out[3];
}

struct Measure {
    double median = NAN, best = NAN;
    std::string how;
};

// The median rate, and the rate of the fastest decile of runs (as the probe takes its peak
// from the fastest decile of its samples): other load on the machine only slows runs down.
Measure summarize(std::vector<double> rates, std::string how) {
    std::sort(rates.begin(), rates.end());
    size_t top = std::min(rates.size() - 1, rates.size() * 9 / 10);
    return {rates[rates.size() / 2], rates[top], std::move(how)};
}

Measure hand_fma(int threads) {
    int lanes = 4;
    const char *isa = "SSE (mul+add)";
    float (*kernel)(long, float) = fma_sse;
    if (__builtin_cpu_supports("avx512f")) lanes = 16, isa = "AVX-512 FMA", kernel = fma_avx512;
    else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) lanes = 8, isa = "AVX2 FMA", kernel = fma_avx2;
    const long iters = 400'000;  // a few ms per run, like one of the probe's timed samples
    std::vector<double> rates;
    volatile float sink = 0;
    for (int rep = 0; rep < 41; rep++) {
        std::vector<std::thread> ts;
        std::vector<float> out(threads);
        double t0 = now();
        for (int t = 0; t < threads; t++) ts.emplace_back([&, t] { out[t] = kernel(iters, 1.0f + t); });
        for (auto &t : ts) t.join();
        double dt = now() - t0;
        for (float v : out) sink = sink + v;
        rates.push_back(2.0 * lanes * k_acc * double(iters) * threads / dt / 1e9);
    }
    return summarize(rates, std::string(isa) + ", " + std::to_string(k_acc) + " accumulators, " + std::to_string(threads) + " threads");
}

Measure hand_triad(int threads, size_t n) {
    std::unique_ptr<float[]> a(new float[n]), b(new float[n]), c(new float[n]);
    auto parallel = [&](auto fn) {
        std::vector<std::thread> ts;
        for (int t = 0; t < threads; t++) {
            size_t lo = n * t / threads, hi = n * (t + 1) / threads;
            ts.emplace_back([=] { fn(lo, hi); });
        }
        for (auto &t : ts) t.join();
    };
    float *pa = a.get(), *pb = b.get(), *pc = c.get();
    parallel([=](size_t lo, size_t hi) {  // first touch by the thread that streams the part
        for (size_t i = lo; i < hi; i++) pa[i] = 0, pb[i] = 1.0f + (i & 7), pc[i] = 0.5f * (i & 3);
    });
    std::vector<double> rates;
    for (int rep = 0; rep < 21; rep++) {
        double t0 = now();
        parallel([=](size_t lo, size_t hi) {
            for (size_t i = lo; i < hi; i++) pa[i] = pb[i] + 3.0f * pc[i];
        });
        double dt = now() - t0;
        if (rep > 0) rates.push_back(12.0 * double(n) / dt / 1e9);  // the first run warms the pages
    }
    if (pa[n / 3] != pb[n / 3] + 3.0f * pc[n / 3]) std::fprintf(stderr, "triad: wrong result\n");
    return summarize(rates, "a = b + 3c, " + std::to_string(n >> 20) + " Mi floats per array, " + std::to_string(threads) + " threads");
}

std::string load_average() {
    std::string s = ekb::read_file("/proc/loadavg");
    return s.substr(0, s.find(' ', s.find(' ', s.find(' ') + 1) + 1));
}

}  // namespace

int main(int argc, char **argv) {
    std::string out_file;
    double cap = 1.0;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--out") && i + 1 < argc) out_file = argv[++i];
        else if (!std::strcmp(argv[i], "--time-cap") && i + 1 < argc) cap = std::atof(argv[++i]);
        else {
            std::fprintf(stderr, "usage: roof_probe [--out FILE.md] [--time-cap S]\n");
            return 2;
        }
    }
    using namespace ekb;
    int threads = default_threads();
    std::fprintf(stderr, "roof_probe: the probe (ekb device probe --backend cpu)...\n");
    Toolchain tc(cache_dir());
    std::vector<PeakRun> runs = peak_runs(tc, "cpu", false, cap);
    std::vector<nlohmann::json> reports;
    for (const auto &r : runs) reports.push_back(run_conductor(tc.runner(backend_target("cpu")), r.spec, 600));
    nlohmann::json probe = {{"supported", true}, {"device", cpu_details()}};
    nlohmann::json prof = device_profile_from_runs("cpu", backend_target("cpu"), probe, runs, reports);
    double probe_gflops = prof["gflops"].is_number() ? prof["gflops"].get<double>() : NAN;
    double probe_gbps = prof["gbps"].is_number() ? prof["gbps"].get<double>() : NAN;
    auto at_median = [&](const char *m) {
        return prof["peaks"].contains(m) ? prof["peaks"][m].value("rate_at_median", NAN) : NAN;
    };
    if (prof.contains("errors")) std::fprintf(stderr, "probe errors: %s\n", prof["errors"].dump().c_str());

    std::fprintf(stderr, "roof_probe: hand-written FMA loop...\n");
    Measure fma = hand_fma(threads);
    std::fprintf(stderr, "roof_probe: hand-written STREAM triad...\n");
    size_t n = 32u << 20;
    for (const auto &r : runs) {
        if (r.metric == "gbps") n = static_cast<size_t>(r.work_per_call / 12);
    }
    Measure triad = hand_triad(threads, n);

    char buf[4096];
    std::snprintf(buf, sizeof(buf),
                  "# Device probe vs hand-written roofs (cpu)\n\n"
                  "%s, %d threads, target `%s`, measured %s.\n\n"
                  "| metric | probe (ekb's peak: fastest decile) | probe at its median | hand-written fastest decile | hand-written median | "
                  "probe / hand-written (fastest deciles) | probe / hand-written (medians) | hand-written kernel |\n"
                  "|---|---|---|---|---|---|---|---|\n"
                  "| GFLOP/s | %.1f | %.1f | %.1f | %.1f | %.0f %% | %.0f %% | %s |\n"
                  "| GB/s | %.1f | %.1f | %.1f | %.1f | %.0f %% | %.0f %% | %s |\n"
                  "\nLoad average when measured: %s\n",
                  cpu_details().value("cpu_model", "?").c_str(), threads, backend_target("cpu").c_str(), utc_now().c_str(),
                  probe_gflops, at_median("gflops"), fma.best, fma.median, 100 * probe_gflops / fma.best,
                  100 * at_median("gflops") / fma.median, fma.how.c_str(), probe_gbps, at_median("gbps"), triad.best, triad.median,
                  100 * probe_gbps / triad.best, 100 * at_median("gbps") / triad.median, triad.how.c_str(), load_average().c_str());
    std::printf("%s", buf);
    if (!out_file.empty()) write_file(out_file, buf);
    bool ok = probe_gflops >= 0.8 * fma.best && probe_gbps >= 0.8 * triad.best;
    std::printf("\nthe probe's peaks reach >= 80 %% of the hand-written ones (fastest deciles) on both: %s\n", ok ? "yes" : "NO");
    return 0;
}
