// Expert cuda schedule for `lstm_step`: two kernels. The gates run 32 threads per gate row, 8
// rows per block: the 32 threads stride through the row of W_ih with x, then the row of W_hh
// with h, together (coalesced loads), each accumulating partial dot products in registers over
// every 32nd element (rfactor over the lanes) that it leaves in shared memory; after a barrier
// one thread per row adds the partials and the biases and stores the gate. c_new and h_new run
// as one tile kernel over the cells, the activations inlined. (Not warp shuffles: Halide 14
// lowers a gpu_lanes rfactor under a GuardWithIf tail to a global scratch buffer the lanes
// index inconsistently, which made the softmax expert wrong on an H200; see
// docs/kernel-format.md.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, rows = 8;
    Var jo{"jo"}, ji{"ji"}, bo{"bo"}, bi{"bi"}, u{"u"};
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
    a.gates.gpu_threads(ji);
    for (int k = 0; k < 2; k++) {
        Func dot = k == 0 ? a.ih_dot : a.hh_dot;
        dot.compute_at(a.gates, ji);
        parts[k].compute_at(a.gates, jo).store_in(MemoryType::GPUShared).gpu_threads(u, a.j);
        parts[k].update().gpu_threads(u, a.j);
    }
    // @end
    return a.kernel();
}
