// Expert cpu schedule for `kv_cache_append`: a bandwidth-bound copy. The slot of each row is
// computed once per row (not per element), and both caches are written in one pass over
// the (head, slot) rows, in parallel blocks of 16 rows, each row copied with vectors of
// natural_vector_size floats (the select between the cached and the new row is uniform
// along a row, so it costs one compare per vector).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var t{"t"}, to{"to"}, ti{"ti"}, dv{"dv"};
    // @layer loops
    for (Func f : {a.k_out, a.v_out}) {
        f.fuse(a.s, a.h, t).split(t, to, ti, 16, TailStrategy::GuardWithIf).parallel(to);
    }
    // @layer memory
    a.v_out.compute_with(a.k_out, ti);
    // @layer vector
    for (Func f : {a.k_out, a.v_out}) {
        f.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
