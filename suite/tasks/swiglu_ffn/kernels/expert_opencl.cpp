// Expert opencl schedule for `swiglu_ffn`: two kernels instead of one per stage and update.
// hidden runs in work-groups of 16 work-items along the hidden features, each accumulating
// the gate and the up projection of 4 features of one token in registers across the whole d
// loop (one load of x feeds 8 FMAs), with the SiLU and the product applied as the 4 hidden
// values are stored; y runs the same way over hidden, 4 output features per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, to{"to"}, ni{"ni"}, ti{"ti"}, nr{"nr"};
    // @layer compute
    a.hidden.compute_root();
    // gate, up and down live in registers of each work-item (below).
    // @layer loops
    for (Func out : {a.hidden, a.y}) {
        Var n = out.args()[0];
        out.split(n, n, nr, 4, TailStrategy::GuardWithIf)
            .reorder(nr, n, a.t)
            .gpu_tile(n, a.t, no, to, ni, ti, 16, 1, TailStrategy::GuardWithIf);
    }
    // @layer memory
    for (auto [p, out] : {std::pair{a.gate, a.hidden}, std::pair{a.up, a.hidden}, std::pair{a.down, a.y}}) {
        p.compute_at(out, ni).store_in(MemoryType::Register);
    }
    // @layer vector
    a.hidden.unroll(nr);
    a.y.unroll(nr);
    for (auto [p, r] : {std::pair{a.gate, a.rk}, std::pair{a.up, a.rk}, std::pair{a.down, a.rf}}) {
        Var n = p.args()[0];
        p.unroll(n);
        p.update().reorder(n, a.t, r.x).unroll(n);
    }
    // @end
    return a.kernel();
}
