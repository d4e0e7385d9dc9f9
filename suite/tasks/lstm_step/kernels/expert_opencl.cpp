// Expert opencl schedule for `lstm_step`: two kernels instead of one per stage and update.
// The gates run in work-groups of 16 work-items, each accumulating 4 gate rows in registers
// across the x loop and then the h loop (one load of x or h feeds 4 FMAs), the biases added
// as the 4 gates are stored. c_new and h_new run as one tile kernel over the cells, the
// activations inlined (h_new recomputes c_new's few operations rather than waiting for it).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var jo{"jo"}, ji{"ji"}, jr{"jr"}, bo{"bo"}, bi{"bi"};
    // @layer compute
    // The four activations are inlined into c_new and h_new; ih_dot and hh_dot live in
    // registers of each work-item (below).
    a.gates.compute_root();
    // @layer loops
    a.gates.split(a.j, a.j, jr, 4, TailStrategy::GuardWithIf)
        .reorder(jr, a.j, a.b)
        .gpu_tile(a.j, a.b, jo, bo, ji, bi, 16, 1, TailStrategy::GuardWithIf);
    a.c_new.gpu_tile(a.n, a.b, jo, bo, ji, bi, 64, 1, TailStrategy::GuardWithIf);
    a.h_new.gpu_tile(a.n, a.b, jo, bo, ji, bi, 64, 1, TailStrategy::GuardWithIf);
    // @layer memory
    for (Func dot : {a.ih_dot, a.hh_dot}) dot.compute_at(a.gates, ji).store_in(MemoryType::Register);
    // @layer vector
    a.gates.unroll(jr);
    for (auto [dot, r] : {std::pair{a.ih_dot, a.ri}, std::pair{a.hh_dot, a.rh}}) {
        dot.unroll(a.j);
        dot.update().reorder(a.j, a.b, r.x).unroll(a.j);
    }
    // @end
    return a.kernel();
}
