#include "eval/kernel_profile.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace ekb {

using nlohmann::json;

namespace {

const json *pipeline_of(const json &profile) {
    if (!profile.is_object() || profile.contains("error") || !profile.contains("pipelines")) return nullptr;
    const json &ps = profile["pipelines"];
    const json *best = nullptr;
    for (const auto &p : ps) {  // one pipeline per kernel; the busiest if ever several
        if (!best || p.value("time_ns", 0.0) > best->value("time_ns", 0.0)) best = &p;
    }
    return best && best->value("time_ns", 0.0) > 0 ? best : nullptr;
}

std::string fmt(const char *f, double v) {
    char b[64];
    std::snprintf(b, sizeof(b), f, v);
    return b;
}

std::string ms(double v) {
    return v >= 100 ? fmt("%.0f ms", v) : v >= 1 ? fmt("%.2f ms", v) : v >= 0.01 ? fmt("%.3f ms", v) : fmt("%.1f us", v * 1000);
}

}  // namespace

std::map<std::string, double> profile_shares(const json &profile) {
    std::map<std::string, double> out;
    const json *p = pipeline_of(profile);
    if (!p) return out;
    double total = p->value("time_ns", 0.0);
    for (const auto &f : (*p)["funcs"]) out[f.value("name", "?")] += f.value("time_ns", 0.0) / total;
    return out;
}

std::string profile_text(const json &profile, const std::function<std::string(const std::string &)> &alias) {
    if (!profile.is_object()) return "";
    if (profile.contains("error")) return "No profile: " + profile["error"].get<std::string>() + "\n";
    const json *p = pipeline_of(profile);
    double calls = std::max(1.0, profile.value("calls", 0.0));
    std::string s = "Profile on visible instance `" + profile.value("instance", std::string("?")) + "`: " +
                    fmt("%.0f", calls) + " calls in " + fmt("%.2f", profile.value("seconds", 0.0)) + " s";
    if (!p) return s + "; the profiler took no samples (the kernel runs too briefly to sample).\n";
    double runs = std::max(1.0, p->value("runs", calls));
    s += ", " + ms(p->value("time_ns", 0.0) / 1e6 / runs) + " per call (" + std::to_string(p->value("samples", 0)) +
         " samples of the Halide profiler).\n";
    struct Row {
        std::string name;
        double ns, threads, heap;
    };
    std::vector<Row> rows;
    for (const auto &f : (*p)["funcs"]) {
        double ns = f.value("time_ns", 0.0);
        if (ns <= 0) continue;
        rows.push_back({f.value("name", "?"), ns, f.value("active_threads", 0.0), f.value("memory_peak_bytes", 0.0)});
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.ns > b.ns; });
    double total = p->value("time_ns", 0.0);
    s += "  Func                               time/call      share  threads  heap peak\n";
    size_t shown = 0;
    for (const auto &r : rows) {
        if (++shown > 16) {
            s += "  ... " + std::to_string(rows.size() - 16) + " more Funcs, each under " +
                 fmt("%.1f", 100 * rows[15].ns / total) + " %\n";
            break;
        }
        std::string name = r.name;
        if (alias) {
            std::string a = alias(r.name);
            if (!a.empty() && a != r.name) name += " (" + a + ")";
        }
        char line[256];
        std::snprintf(line, sizeof(line), "  %-34s %-12s %6.1f %%  %7.1f  %s\n", name.c_str(), ms(r.ns / 1e6 / runs).c_str(),
                      100 * r.ns / total, r.threads, r.heap > 0 ? fmt("%.0f KiB", r.heap / 1024).c_str() : "-");
        s += line;
    }
    if (profile.contains("kernels") && !profile["kernels"].empty()) {
        s += "GPU kernels (the runtime synchronized after every launch):\n";
        std::vector<json> ks(profile["kernels"].begin(), profile["kernels"].end());
        std::stable_sort(ks.begin(), ks.end(), [](const json &a, const json &b) {
            return a.value("total_ms", 0.0) > b.value("total_ms", 0.0);
        });
        for (const auto &k : ks) {
            double n = std::max(1.0, k.value("calls", 0.0));
            char line[320];
            std::snprintf(line, sizeof(line), "  %-48s %s per launch, %.2g launch(es) per call\n",
                          k.value("entry", std::string("?")).c_str(), ms(k.value("total_ms", 0.0) / n).c_str(),
                          n / calls);
            s += line;
        }
    }
    return s;
}

}  // namespace ekb
