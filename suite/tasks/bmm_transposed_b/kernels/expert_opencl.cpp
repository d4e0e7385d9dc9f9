// Expert opencl schedule for `bmm_transposed_b`: B is first stored transposed by its own
// kernel (n contiguous), so that threads adjacent along n read adjacent floats. C runs as
// 32x4 threads per block over (n, groups of 4 rows of m), batch entries along the grid's z;
// each thread keeps 4 rows' accumulators in registers across the whole k loop (one load of
// B^T feeds 4 FMAs, and the A values are uniform across a warp).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, mo{"mo"}, mi{"mi"}, mv{"mv"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    Func bt = a.B.in(a.dot);  // B stored transposed (below)
    Var bk = bt.args()[0], bn = bt.args()[1], bb = bt.args()[2];
    bt.compute_root();
    // dot lives in registers of each thread (below).
    // @layer loops
    bt.reorder_storage(bn, bk, bb)
        .gpu_tile(bn, bk, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf)
        .gpu_blocks(bb);
    a.C.split(a.m, a.m, mv, 4, TailStrategy::GuardWithIf)
        .reorder(mv, a.n, a.m, a.b)
        .gpu_tile(a.n, a.m, no, mo, ni, mi, 32, 4, TailStrategy::GuardWithIf)
        .gpu_blocks(a.b);
    // @layer memory
    a.dot.compute_at(a.C, ni).store_in(MemoryType::Register);
    // @layer vector
    a.C.unroll(mv);
    a.dot.unroll(a.m);
    a.dot.update().reorder(a.m, a.n, a.b, a.k).unroll(a.m);
    // @end
    return a.kernel();
}
