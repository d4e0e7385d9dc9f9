// Expert opencl schedule for `swiglu_ffn`: two kernels. Each output value (a hidden feature, then
// an output feature) is 32 threads, 8 features per block, tokens along the grid's y: the 32
// threads stride through the weight rows and the token's input row together (coalesced loads),
// each accumulating partial dot products in registers over every 32nd element (rfactor over the
// lanes) that it leaves in shared memory; after a barrier one thread per feature adds the
// partials. In the first kernel the gate and up rows are reduced side by side and that thread
// applies the SiLU and the product as it stores hidden; the second reduces hidden against W2.
// (Not warp shuffles: Halide 14 lowers a gpu_lanes rfactor under a GuardWithIf tail to a global
// scratch buffer the lanes index inconsistently, which made the softmax expert wrong on an
// H200; see docs/kernel-format.md.)
// This is the cuda expert's schedule as it stands (threads = work-items, blocks =
// work-groups, shared memory = local memory). The earlier opencl expert gave each work-item
// whole dot products of 4 outputs, with a quarter of the naive schedule's work-items, and
// ran at 0.70x of the naive schedule on the H200 with NVIDIA's OpenCL.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, feats = 8;
    Var no{"no"}, ni{"ni"}, u{"u"};
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
        out.gpu_threads(ni);
    }
    // @layer memory
    for (size_t i = 0; i < projections.size(); i++) {
        auto [p, out, r] = projections[i];
        p.compute_at(out, ni);
        parts[i].compute_at(out, no).store_in(MemoryType::GPUShared).gpu_threads(u, p.args()[0]);
        parts[i].update().gpu_threads(u, p.args()[0]);
    }
    // @end
    return a.kernel();
}
