#include "produce/leka/builtin_layers.h"

#include <algorithm>
#include <set>

namespace ekb::leka {

using nlohmann::json;

namespace {

int64_t size_bytes(const std::string &text) {
    // "/sys" cache sizes: "32K", "1024K", "8M"
    if (text.empty()) return 0;
    int64_t v = std::atoll(text.c_str());
    char u = text.back();
    if (u == 'K' || u == 'k') v *= 1024;
    if (u == 'M' || u == 'm') v *= 1024 * 1024;
    return v;
}

int pow2_floor(int64_t v) {
    int p = 1;
    while (p * 2 <= v) p *= 2;
    return p;
}

bool computed(const Stage &s, const Plan &p) {
    if (!s.schedulable()) return false;
    if (s.output) return true;
    auto it = p.stages.find(s.name);
    return it != p.stages.end() && it->second.root;
}

// Every computed stage's fields of one layer set by `f`.
template <class F>
Plan with_all(const Graph &g, const Plan &cur, F f) {
    Plan p = cur;
    for (const auto &s : g.stages) {
        if (computed(s, cur)) f(s, p.stages[s.name]);
    }
    return p;
}

void add(std::vector<Proposal> &out, const Plan &cur, Proposal p) {
    if (p.plan == cur) return;
    for (const auto &q : out) {
        if (q.plan == p.plan) return;
    }
    out.push_back(std::move(p));
}

std::vector<Proposal> compute_layer(const Graph &g, const Plan &cur) {
    std::vector<Proposal> out;
    auto choose = [&](auto keep_root, const std::string &why) {
        Plan p = cur;
        for (const Stage *s : g.intermediates()) p.stages[s->name].root = keep_root(*s);
        add(out, cur, {p, why});
    };
    choose([](const Stage &s) { return s.reduction() || !s.pointwise || s.consumers.size() > 1; },
           "inline the pointwise stages read by one consumer; reductions, stencils and shared stages stay at root");
    choose([](const Stage &s) { return s.reduction() || !s.pointwise; },
           "inline every pointwise stage (recomputed per consumer); reductions and stencils stay at root");
    choose([](const Stage &s) { return s.reduction(); },
           "inline every stage without a reduction, stencils included (recompute instead of store)");
    choose([&](const Stage &s) {
        if (!s.reduction()) return !s.pointwise || s.consumers.size() > 1;
        return !(s.consumers.size() == 1 && s.pointwise);
    }, "also fold reductions read pointwise by one consumer into it (computed where used, no buffer)");
    return out;
}

std::vector<Proposal> loops_layer(const Graph &g, const Plan &cur, const Device &d) {
    std::vector<Proposal> out;
    if (!d.gpu) {
        int lanes = std::max(1, d.simd_f32);
        int tx = lanes * 8;
        int ty = std::clamp(pow2_floor(d.l1_bytes / (4 * tx * 3)), 4, 64);
        // ri: 1 = reductions of 2-D (and larger) stages run inside their innermost pure loop
        // (the matrix-product order: contiguous, vectorizable), row reductions (1-D
        // stages) keep theirs innermost; 2 = every reduction inside; 0 = as written.
        auto set = [&](bool par, int x, int y, int ri, const std::string &why) {
            add(out, cur, {with_all(g, cur, [&](const Stage &s, StagePlan &sp) {
                               sp.parallel = par && d.cores > 1;
                               sp.tile_x = x;
                               sp.tile_y = y;
                               sp.reduce_inner = ri == 2 || (ri == 1 && s.args.size() >= 2);
                           }),
                           why});
        };
        std::string cores = std::to_string(d.cores) + " cores";
        set(true, 0, 0, 1, "outer loops in parallel over " + cores + "; reductions of 2-D stages run inside the innermost pure loop");
        set(true, 2 * lanes, 4, 1, "register tiles of " + std::to_string(2 * lanes) + "x4 (two SIMD vectors by 4 rows), reduction inside the tile, tile rows in parallel");
        set(true, tx, ty, 1, "cache tiles of " + std::to_string(tx) + "x" + std::to_string(ty) + " (sized to the " +
                                    std::to_string(d.l1_bytes / 1024) + " KiB L1), tile rows in parallel");
        set(true, 0, 0, 0, "outer loops in parallel over " + cores + ", loop order as written");
        set(true, 0, 0, 2, "outer loops in parallel over " + cores + "; every reduction inside the innermost pure loop");
        return out;
    }
    int w = std::max(8, d.warp);
    std::vector<std::pair<int, int>> tiles = {{w, 8}, {2 * w, 4}, {w / 2, 8}, {w, 16}, {8, 8}};
    for (auto [x, y] : tiles) {
        if (x * y > 1024) continue;
        add(out, cur, {with_all(g, cur, [&](const Stage &, StagePlan &sp) {
                           sp.tile_x = x;
                           sp.tile_y = y;
                       }),
                       "GPU blocks of " + std::to_string(x) + "x" + std::to_string(y) + " threads (warp of " +
                           std::to_string(d.warp) + ": rows of whole warps read contiguous memory)"});
    }
    return out;
}

// Intermediates at root whose one consumer is computed at root (or is an output).
std::vector<const Stage *> nestable(const Graph &g, const Plan &cur) {
    std::vector<const Stage *> out;
    for (const Stage *s : g.intermediates()) {
        if (!computed(*s, cur) || s->consumers.size() != 1) continue;
        const Stage *c = g.find(s->consumers[0]);
        if (!c || !computed(*c, cur)) continue;
        out.push_back(s);
    }
    return out;
}

std::vector<Proposal> memory_layer(const Graph &g, const Plan &cur, const Device &d) {
    std::vector<Proposal> out;
    auto cand = nestable(g, cur);
    if (cand.empty()) return out;
    auto place = [&](const std::vector<const Stage *> &which, const std::string &at, const std::string &why) {
        Plan p = cur;
        for (const Stage *s : g.intermediates()) p.stages[s->name].at = "";
        for (const Stage *s : which) p.stages[s->name].at = at;
        add(out, cur, {p, why});
    };
    if (!d.gpu) {
        place(cand, "tile", "compute each producer per tile of its consumer (the data stays in cache)");
        for (size_t i = 0; i < cand.size(); i++) {
            if (!cur.stages.at(cand[i]->name).at.empty()) continue;
            Plan p = cur;
            p.stages[cand[i]->name].at = "tile";
            add(out, cur, {p, "also compute " + cand[i]->name + " per tile of " + cand[i]->consumers[0]});
        }
    } else {
        place(cand, "tile", "stage each producer per block of its consumer in local (shared) memory, " +
                                std::to_string(d.local_mem_bytes / 1024) + " KiB per block");
        place(cand, "thread", "compute each producer inside its consumer's thread (registers, no global buffer)");
        for (size_t i = 0; i < cand.size(); i++) {
            if (!cur.stages.at(cand[i]->name).at.empty()) continue;
            for (const char *at : {"thread", "tile"}) {
                Plan p = cur;
                p.stages[cand[i]->name].at = at;
                add(out, cur, {p, std::string(at == std::string("tile") ? "also stage " + cand[i]->name + " per block of " + cand[i]->consumers[0] + " in shared memory"
                                                                        : "also compute " + cand[i]->name + " in the thread of " + cand[i]->consumers[0])});
            }
        }
    }
    place({}, "", "every producer back at root");
    return out;
}

std::vector<Proposal> vector_layer(const Graph &g, const Plan &cur, const Device &d) {
    std::vector<Proposal> out;
    if (!d.gpu) {
        std::string w = std::to_string(d.simd_f32);
        auto set = [&](int v, int u, const std::string &why) {
            add(out, cur, {with_all(g, cur, [&](const Stage &, StagePlan &sp) {
                               sp.vector = v;
                               sp.unroll = u;
                           }),
                           why});
        };
        set(1, 0, "vectorize the innermost loop by the SIMD width (" + w + " float32 lanes)");
        set(2, 0, "vectorize by two SIMD vectors per step (hides latency)");
        set(1, 1, "vectorize by the SIMD width and unroll the tile's rows (register blocking)");
        set(4, 0, "vectorize by four SIMD vectors per step");
        return out;
    }
    bool any_reduction = false;
    for (const auto &s : g.stages) any_reduction |= computed(s, cur) && s.reduction();
    if (!any_reduction) return out;
    for (int u : {4, 8, 0}) {
        add(out, cur, {with_all(g, cur, [&](const Stage &, StagePlan &sp) { sp.unroll = u; }),
                       u ? "unroll the reduction loops by " + std::to_string(u) + " (fewer branches, more loads in flight)"
                         : "no unrolling"});
    }
    return out;
}

}  // namespace

Device Device::from_profile(const json &p) {
    Device d;
    d.gpu = p.value("backend", std::string("cpu")) != "cpu";
    d.cores = std::max(1, p.value("cores", p.value("host_cores", 1)));
    d.simd_f32 = std::max(1, p.value("simd_f32_lanes", 8));
    for (const auto &c : p.value("caches", json::array())) {
        std::string level = c.value("level", "");
        int64_t b = size_bytes(c.value("size", ""));
        if (b <= 0) continue;
        if (level == "1") d.l1_bytes = b;
        if (level == "2") d.l2_bytes = b;
    }
    if (p.contains("warp_size") && p["warp_size"].is_number()) d.warp = p["warp_size"].get<int>();
    for (const char *k : {"shared_mem_per_block", "local_mem_bytes"}) {
        if (p.contains(k) && p[k].is_number()) d.local_mem_bytes = p[k].get<int64_t>();
    }
    return d;
}

std::vector<Proposal> builtin_proposals(const std::string &layer, const Graph &g, const Plan &current, const Device &dev,
                                        uint64_t seed) {
    std::vector<Proposal> out;
    if (layer == "compute") out = compute_layer(g, current);
    else if (layer == "loops") out = loops_layer(g, current, dev);
    else if (layer == "memory") out = memory_layer(g, current, dev);
    else if (layer == "vector") out = vector_layer(g, current, dev);
    // The rule's first choice stays first; the seed rotates the rest.
    if (out.size() > 2) {
        size_t k = seed % (out.size() - 1);
        std::rotate(out.begin() + 1, out.begin() + 1 + k, out.end());
    }
    return out;
}

}  // namespace ekb::leka
