// Expert cpu schedule for `nn_distance`: vectorized across queries, not across references,
// so the scan over the references stays in order and the first minimum wins exactly as in
// the reference. Each register tile holds 4 vectors of queries with their running (index,
// distance) pairs in registers for the whole scan over the M references: per reference three
// scalar loads broadcast to 4 x 3 subtract-FMAs, a compare and two blends per vector. Tiles
// run in parallel; d is inlined. The query coordinates are loaded once per tile (the tensor
// is contiguous, so its row stride 3 is declared and the stride-3 loads become dense loads
// and shuffles).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tile = 4 * vec;  // queries per register tile
    Var no{"no"}, nu{"nu"}, ni{"ni"};
    // @layer compute
    // d is inlined into best's update; dist and index read best.
    a.queries.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.best.compute_root();
    // @layer loops
    a.best.split(a.n, no, a.n, tile, TailStrategy::GuardWithIf).parallel(no);
    a.best.update()
        .split(a.n, no, nu, tile, TailStrategy::GuardWithIf)
        .split(nu, nu, ni, vec)
        .reorder(ni, nu, a.k, no)
        .parallel(no);
    a.dist.split(a.n, no, a.n, 1024, TailStrategy::GuardWithIf).parallel(no);
    a.index.split(a.n, no, a.n, 1024, TailStrategy::GuardWithIf).parallel(no);
    // @layer vector
    a.best.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    a.best.update().vectorize(ni).unroll(nu);
    a.dist.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    a.index.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
