// Expert cpu schedule for `nv12_to_rgb_downscale`: one pass, nothing materialized. chroma and
// the full-resolution RGB are inlined into the box average: per output vector of 1 row, the
// two luma rows are loaded as deinterleaved even/odd vectors, the U and V of the block once
// (shared by its 4 pixels and all 3 colours), and the 3 colours are unrolled so that the
// loads are shared and each plane gets one vector store. Strips of 8 output rows run in
// parallel; columns are vectorized with guarded tails.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var jo{"jo"}, ji{"ji"}, io{"io"}, ii{"ii"};
    // @layer compute
    // chroma and full are inlined into rgb.
    // @layer loops
    a.rgb.bound(a.c, 0, 3)  // the 3 colour planes
        .split(a.j, jo, ji, 8, TailStrategy::GuardWithIf)
        .split(a.i, io, ii, vec, TailStrategy::GuardWithIf)
        .reorder(ii, a.c, io, ji, jo)
        .parallel(jo);
    // @layer vector
    a.rgb.vectorize(ii).unroll(a.c);
    // @end
    return a.kernel();
}
