// Expert opencl schedule for `nchw_to_nhwc`: a tiled transpose through local memory. Each
// work-group of 32 x 4 work-items handles 32 channels x 32 pixels of an output row: it first reads
// the 32 x 32 input block with work-items adjacent along x (coalesced), then writes the output with
// work-items adjacent along c (coalesced). Tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, xo{"xo"}, ci{"ci"}, xi{"xi"}, xii{"xii"};
    // @layer compute
    // An algorithm rewrite only to name the staged input block: out reads block, a copy of the
    // input tile in local memory.
    Func block("block"), out("out");
    block(a.x, a.y, a.c, a.n) = a.input(a.x, a.y, a.c, a.n);
    out(a.c, a.x, a.y, a.n) = block(a.x, a.y, a.c, a.n);
    // @layer loops
    out.tile(a.c, a.x, co, xo, ci, xi, 32, 32, TailStrategy::GuardWithIf)
        .split(xi, xi, xii, 8)
        .reorder(xii, ci, xi, co, xo, a.y, a.n)
        .gpu_blocks(co, xo, a.y)
        .gpu_threads(ci, xi);
    // @layer memory
    block.compute_at(out, co).store_in(MemoryType::GPUShared);
    Var bx{"bx"}, bxi{"bxi"}, bc{"bc"}, bci{"bci"};
    block.split(a.x, bx, bxi, 32, TailStrategy::GuardWithIf).split(a.c, bc, bci, 4, TailStrategy::GuardWithIf).reorder(bxi, bci, bx, bc, a.y, a.n).gpu_threads(bxi, bci);
    // @end
    return {{a.input}, {out}};
}
