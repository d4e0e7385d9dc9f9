// Expert cpu schedule for `nchw_to_nhwc`: a blocked transpose. Each output row y is cut into
// tiles of 8 channels x 8 pixels; a tile's input block (8 channels' runs of 8 contiguous pixels)
// is loaded as 8 dense vectors into registers and the output stored as 8 dense vectors of 8
// channels, the transpose done by shuffles in between. The block reads an edge-clamped view of
// the input, so a partial tile at the channel or column edge still loads a full block (its
// extra lanes are never stored: the tile is guarded); loop partitioning keeps the clamps out of
// the interior tiles. Rows in parallel (serial under 16K elements).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int t = 8;
    Var co{"co"}, xo{"xo"}, ci{"ci"}, xi{"xi"};
    // @layer compute
    // An algorithm rewrite: the output reads an edge-clamped view of the input (block), which
    // is defined everywhere, so its register tile may overhang the edges.
    Func clamped = BoundaryConditions::repeat_edge(
        a.input, {{a.input.dim(0).min(), a.input.dim(0).extent()}, {a.input.dim(1).min(), a.input.dim(1).extent()},
                  {a.input.dim(2).min(), a.input.dim(2).extent()}, {a.input.dim(3).min(), a.input.dim(3).extent()}});
    Func block("block"), out("out");
    block(a.x, a.y, a.c, a.n) = clamped(a.x, a.y, a.c, a.n);
    out(a.c, a.x, a.y, a.n) = block(a.x, a.y, a.c, a.n);
    // @layer loops
    out.tile(a.c, a.x, co, xo, ci, xi, t, t, TailStrategy::GuardWithIf);
    Expr work = a.input.dim(0).extent() * a.input.dim(1).extent() * a.input.dim(2).extent();
    Stage big = out.specialize(work >= 16384);
    big.parallel(a.y);
    // @layer memory
    block.compute_at(out, co).store_in(MemoryType::Register).bound_extent(a.x, t).bound_extent(a.c, t);
    // @layer vector
    for (Stage s : {big, Stage(out)}) s.vectorize(ci).unroll(xi);
    block.vectorize(a.x).unroll(a.c);
    // @end
    return {{a.input}, {out}};
}
