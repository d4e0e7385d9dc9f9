// Expert cuda schedule for `swiglu_ffn`: two kernels. Each output value (a hidden feature,
// then an output feature) is one warp, 8 features (warps) per block, tokens along the grid's
// y: the 32 lanes stride through the weight rows and the token's input row together
// (coalesced loads), each lane accumulating partial dot products in registers over every
// 32nd element (rfactor over the lanes); the partials are combined with warp shuffles
// (gpu_lanes). In the first kernel the gate and up rows are reduced side by side and lane 0
// applies the SiLU and the product as it stores hidden; the second reduces hidden against W2.
// Without CUDA (gpu_lanes is CUDA-only), the per-lane partials go through shared memory.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, feats = 8;
    const bool cuda = target.has_feature(Target::CUDA);
    Var no{"no"}, ni{"ni"}, nl{"nl"}, u{"u"};
    RVar rw{"rw"}, rl{"rl"};
    // @layer compute
    a.hidden.compute_root();
    // gate, up and down each sum per-lane partial dot products (rfactor).
    // (the projection, its consumer, the projection's reduction domain)
    const std::vector<std::tuple<Func, Func, RDom>> projections = {
        {a.gate, a.hidden, a.rk}, {a.up, a.hidden, a.rk}, {a.down, a.y, a.rf}};
    std::vector<Func> parts;
    for (auto [p, out, r] : projections) {
        parts.push_back(p.update().split(r.x, rw, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u));
    }
    // @layer loops
    for (Func out : {a.hidden, a.y}) {
        out.split(out.args()[0], no, ni, feats, TailStrategy::GuardWithIf).gpu_blocks(no, a.t);
        if (cuda) {
            out.split(ni, ni, nl, 1).gpu_threads(ni, nl);
        } else {
            out.gpu_threads(ni);
        }
    }
    // @layer memory
    for (size_t i = 0; i < projections.size(); i++) {
        auto [p, out, r] = projections[i];
        if (cuda) {
            p.compute_at(out, nl);
            parts[i].compute_at(out, ni).gpu_lanes(u);
            parts[i].update().gpu_lanes(u);
        } else {
            p.compute_at(out, ni);
            parts[i].compute_at(out, no).store_in(MemoryType::GPUShared).gpu_threads(u, p.args()[0]);
            parts[i].update().gpu_threads(u, p.args()[0]);
        }
    }
    // @end
    return a.kernel();
}
