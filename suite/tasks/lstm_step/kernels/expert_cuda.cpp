// Expert cuda schedule for `lstm_step`: two kernels. The gates run one warp per gate row, 8
// rows (warps) per block: the 32 lanes stride through the row of W_ih with x, then the row of
// W_hh with h, together (coalesced loads), each lane accumulating partial dot products in
// registers over every 32nd element (rfactor over the lanes), combined with warp shuffles
// (gpu_lanes); lane 0 adds the biases and stores the gate. c_new and h_new run as one tile
// kernel over the cells, the activations inlined. Without CUDA (gpu_lanes is CUDA-only), the
// per-lane partials go through shared memory.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, rows = 8;
    const bool cuda = target.has_feature(Target::CUDA);
    Var jo{"jo"}, ji{"ji"}, jl{"jl"}, bo{"bo"}, bi{"bi"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    // The four activations are inlined into c_new and h_new; ih_dot and hh_dot each sum
    // per-lane partial dot products (rfactor).
    a.gates.compute_root();
    std::vector<Func> parts;
    for (auto [dot, r] : {std::pair{a.ih_dot, a.ri}, std::pair{a.hh_dot, a.rh}}) {
        parts.push_back(dot.update().split(r.x, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u));
    }
    // @layer loops
    a.gates.split(a.j, jo, ji, rows, TailStrategy::GuardWithIf).gpu_blocks(jo, a.b);
    a.c_new.gpu_tile(a.n, a.b, jo, bo, ji, bi, 64, 1, TailStrategy::GuardWithIf);
    a.h_new.gpu_tile(a.n, a.b, jo, bo, ji, bi, 64, 1, TailStrategy::GuardWithIf);
    // @layer memory
    if (cuda) {
        a.gates.split(ji, ji, jl, 1).gpu_threads(ji, jl);
    } else {
        a.gates.gpu_threads(ji);
    }
    for (int k = 0; k < 2; k++) {
        Func dot = k == 0 ? a.ih_dot : a.hh_dot;
        if (cuda) {
            dot.compute_at(a.gates, jl);
            parts[k].compute_at(a.gates, ji).gpu_lanes(u);
            parts[k].update().gpu_lanes(u);
        } else {
            dot.compute_at(a.gates, ji);
            parts[k].compute_at(a.gates, jo).store_in(MemoryType::GPUShared).gpu_threads(u, a.j);
            parts[k].update().gpu_threads(u, a.j);
        }
    }
    // @end
    return a.kernel();
}
