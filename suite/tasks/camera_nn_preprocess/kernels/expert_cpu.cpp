// Expert cpu schedule for `camera_nn_preprocess`: one fused pass over the output, as a fused
// camera-to-tensor kernel runs it: the full-resolution RGB frame and the resized image are
// never stored. Output rows run in parallel; per row, the three channels of a vector of
// output pixels are computed together (the channel loop unrolled inside the column vector,
// so the four source pixels' Y, U and V loads and their bilinear indices and weights are
// shared by R, G and B), each source pixel converted to RGB where the bilinear tap reads it,
// then normalized and stored into the three planes. The letterbox border is the select's
// constant. Column tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"};
    // @layer compute
    // rgb and resized inlined into out (the default).
    // @layer loops
    a.out.bound(a.c, 0, 3).split(a.x, xo, xi, vec, guard).reorder(xi, a.c, xo, a.y, a.n).parallel(a.y);
    // @layer vector
    a.out.vectorize(xi).unroll(a.c);
    // @end
    return a.kernel();
}
