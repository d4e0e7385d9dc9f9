// Expert cuda schedule for `mlp_int8`: two kernels, one per layer, each as the fc_int8 expert:
// 32 threads per output unit, 8 units per block. The 32 threads stride through the unit's
// weight row and the input row together (coalesced loads), each accumulating an int32 partial
// dot product in a register over every 32nd element (rfactor over the lanes) that it leaves in
// shared memory; after a barrier one thread per unit adds the 32 partials and the bias,
// requantizes (layer 1 with the fused ReLU) and stores the int8 value. (Not warp shuffles:
// Halide 14 lowers a gpu_lanes rfactor under a GuardWithIf tail to a global scratch buffer the
// lanes index inconsistently, which made the softmax expert wrong on an H200; see
// docs/kernel-format.md.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, units = 8;
    Var no{"no"}, ni{"ni"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // (the layer's int8 output, its reduction, the reduction domain)
    const std::vector<std::tuple<Func, Func, RDom>> layers = {{a.hidden, a.dot1, a.k}, {a.output, a.dot2, a.r}};
    // @layer compute
    // acc1 and acc2 are inlined; hidden is stored once; each dot sums per-lane partial dot
    // products (rfactor).
    a.hidden.compute_root();
    std::vector<Func> parts;
    for (auto [out, dot, rd] : layers) {
        parts.push_back(dot.update().split(rd.x, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u));
    }
    // @layer loops
    for (auto [out, dot, rd] : layers) out.split(out.args()[0], no, ni, units, TailStrategy::GuardWithIf).gpu_blocks(no, a.b);
    // @layer memory
    for (size_t i = 0; i < layers.size(); i++) {
        auto [out, dot, rd] = layers[i];
        out.gpu_threads(ni);
        dot.compute_at(out, ni);
        parts[i].compute_at(out, no).store_in(MemoryType::GPUShared).gpu_threads(u, dot.args()[0]);
        parts[i].update().gpu_threads(u, dot.args()[0]);
    }
    // @end
    return a.kernel();
}
