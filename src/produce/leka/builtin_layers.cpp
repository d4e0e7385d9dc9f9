#include "produce/leka/builtin_layers.h"

#include <algorithm>
#include <set>

namespace ekb::leka {

using nlohmann::json;

namespace {

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

// The number of innermost dimensions of known extent smaller than `lanes` (too small to
// vectorize or to split among tasks), in a row from dimension 0.
size_t tiny_dims(const Stage &s, int lanes) {
    size_t k = 0;
    while (k < s.args.size() && s.extent(k) > 0 && s.extent(k) < lanes) k++;
    return k;
}

// cpu: where an untiled stage's parallel loop starts and how many of its iterations each
// task runs, from the stage's extents: about cores x 8 tasks, none with fewer than
// k_task_elements elements (a small output runs in fewer tasks, or one). The parallel loop
// starts outside the tiny innermost dimensions and, when its own extent is too short to give
// each task enough, at the next dimension out. {0, 0} (as written, one task per iteration)
// when the extent of a dimension of the parallel loop is unknown.
constexpr int64_t k_task_elements = 4096;
std::pair<int, int> parallel_grain(const Stage &s, const Device &d) {
    size_t n = s.args.size();
    if (n < 2) return {0, 0};
    size_t from = std::max<size_t>(1, std::min(tiny_dims(s, std::max(1, d.simd_f32)), n - 1));
    int64_t total = 1;  // an unknown extent inside the parallel loop counts as 1 (larger chunks)
    for (size_t i = 0; i < n; i++) {
        if (s.extent(i) <= 0 && i >= from) return {0, 0};
        total *= std::max<int64_t>(1, s.extent(i));
    }
    int64_t tasks = std::clamp<int64_t>(total / k_task_elements, 1, int64_t(std::max(1, d.cores)) * 8);
    int64_t outer = 1;  // iterations of the fused parallel loop from `from` out
    for (size_t i = from; i < n; i++) outer *= s.extent(i);
    int64_t per_task = (outer + tasks - 1) / tasks;
    while (from + 1 < n && per_task > s.extent(from)) {
        outer /= s.extent(from);
        from++;
        per_task = std::max<int64_t>(1, (outer + tasks - 1) / tasks);
    }
    int64_t g = std::min(per_task, s.extent(from));
    // Whole vectors per task where the chunk is long: a multiple of 64 (of 8 below that).
    if (g > 64) g = std::min(s.extent(from), (g + 63) / 64 * 64);
    else if (g > 8) g = std::min(s.extent(from), (g + 7) / 8 * 8);
    return {static_cast<int>(from), static_cast<int>(g)};
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
        // A tile is not wider (taller) than a known extent: it shrinks to it, and a stage whose
        // innermost dimension is too small to vectorize is not tiled. Untiled stages run their
        // parallel loop in chunks sized from their extents (parallel_grain).
        auto set = [&](bool par, int x, int y, int ri, const std::string &why) {
            add(out, cur, {with_all(g, cur, [&](const Stage &s, StagePlan &sp) {
                               sp.parallel = par && d.cores > 1;
                               sp.tile_x = x;
                               sp.tile_y = y;
                               if (x > 0 && s.args.size() >= 2) {
                                   if (tiny_dims(s, lanes) > 0) {
                                       sp.tile_x = sp.tile_y = 0;
                                   } else {
                                       if (s.extent(0) > 0) sp.tile_x = std::min<int64_t>(x, pow2_floor(s.extent(0)));
                                       if (s.extent(1) > 0) sp.tile_y = std::min<int64_t>(y, pow2_floor(s.extent(1)));
                                   }
                               }
                               sp.reduce_inner = ri == 2 || (ri == 1 && s.args.size() >= 2);
                               sp.par_from = sp.grain = 0;
                               if (sp.parallel && (sp.tile_x == 0 || s.args.size() < 2)) {
                                   auto [from, grain] = parallel_grain(s, d);
                                   sp.par_from = from;
                                   sp.grain = grain;
                               }
                           }),
                           why});
        };
        std::string cores = std::to_string(d.cores) + " cores";
        set(true, 0, 0, 1, "outer loops in parallel over " + cores + " in chunks sized from the extents; reductions of 2-D stages run inside the innermost pure loop");
        set(true, 2 * lanes, 4, 1, "register tiles of " + std::to_string(2 * lanes) + "x4 (two SIMD vectors by 4 rows), reduction inside the tile, tile rows in parallel");
        set(true, tx, ty, 1, "cache tiles of " + std::to_string(tx) + "x" + std::to_string(ty) + " (sized to the " +
                                    std::to_string(d.l1_bytes / 1024) + " KiB L1), tile rows in parallel");
        set(true, 0, 0, 0, "outer loops in parallel over " + cores + " in chunks, loop order as written");
        set(true, 0, 0, 2, "outer loops in parallel over " + cores + " in chunks; every reduction inside the innermost pure loop");
        return out;
    }
    int w = std::max(8, d.warp);
    std::vector<std::pair<int, int>> tiles = {{w, 8}, {2 * w, 4}, {w / 2, 8}, {w, 16}, {8, 8}};
    for (auto [x, y] : tiles) {
        if (x * y > 1024) continue;
        // A block is not wider than a known innermost extent (exact: an output's, or an
        // intermediate's fixed range; not an estimate): it narrows to it (a power of two) and
        // grows taller by as much, up to the next dimension's extent.
        add(out, cur, {with_all(g, cur, [&](const Stage &s, StagePlan &sp) {
                           sp.tile_x = x;
                           sp.tile_y = y;
                           if (s.args.size() >= 2 && (s.output || s.extent_fixed(0)) && s.extent(0) > 0 && s.extent(0) < x) {
                               int nx = 1;
                               while (nx < s.extent(0)) nx *= 2;
                               int ny = y * (x / nx);
                               if (s.extent(1) > 0) {
                                   int cap = 1;
                                   while (cap < s.extent(1)) cap *= 2;
                                   ny = std::max(y, std::min(ny, cap));
                               }
                               sp.tile_x = nx;
                               sp.tile_y = std::min(ny, 1024 / nx);
                           }
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
        int lanes = std::max(1, d.simd_f32);
        // Per stage, the dimension vectorized is the first one whose extent is unknown or at
        // least the SIMD width (the ones inside it, smaller, are unrolled); a stage with none
        // stays scalar. The width is not wider than that extent.
        auto set = [&](int v, int u, const std::string &why) {
            add(out, cur, {with_all(g, cur, [&](const Stage &s, StagePlan &sp) {
                               size_t k = tiny_dims(s, lanes);
                               sp.vec_dim = k < s.args.size() ? static_cast<int>(k) : 0;
                               sp.vector = k < s.args.size() || s.args.empty() ? v : 0;
                               if (sp.vector > 0 && s.extent(k) > 0) {
                                   while (sp.vector > 1 && int64_t(sp.vector) * lanes > s.extent(k)) sp.vector /= 2;
                               }
                               sp.unroll = u;
                           }),
                           why});
        };
        set(1, 0, "vectorize the innermost loop by the SIMD width (" + w + " float32 lanes); a dimension smaller than that is unrolled and the next one vectorized");
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

Device Device::from_profile(const DeviceProfile &p) {
    Device d;
    d.gpu = p.device_class == DeviceClass::gpu;
    d.cores = std::max(1, p.cores);
    if (p.f32_lanes > 0) d.simd_f32 = p.f32_lanes;
    for (const auto &c : p.caches) {
        if (c.level == 1) d.l1_bytes = c.bytes;
        if (c.level == 2) d.l2_bytes = c.bytes;
    }
    if (p.warp_size > 0) d.warp = p.warp_size;
    if (p.local_mem_bytes > 0) d.local_mem_bytes = p.local_mem_bytes;
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
