// Expert cpu schedule for `gaussian_pyramid`: level by level (each level is an output, read
// by the next), each level in parallel strips of rows. Down each strip the stages slide: a
// new row of the reflect-padded input and of the decimated horizontal pass is computed just
// before the first output row that needs it, into buffers Halide folds to a few rows (L1),
// and the vertical pass writes the output row from them. Every pass is vectorized along x
// (the horizontal pass loads the padded row as deinterleaved even/odd vectors), so the
// reflection is evaluated once per padded element, not once per tap. The pyramid is close
// to memory-bound: the expert's margin over naive is smaller than on compute-heavy tasks.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows[3] = {16, 8, 8};  // output rows per strip (one parallel task) per level
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // Each level is computed whole (it is an output); padded and blur_x slide down its strips.
    // @layer loops
    for (int l = 0; l < 3; l++) {
        a.level[l].split(a.y, yo, yi, rows[l], TailStrategy::GuardWithIf).parallel(yo);
    }
    // @layer memory
    for (int l = 0; l < 3; l++) {
        a.padded[l].store_at(a.level[l], yo).compute_at(a.level[l], yi);
        a.blur_x[l].store_at(a.level[l], yo).compute_at(a.level[l], yi);
    }
    // @layer vector
    for (int l = 0; l < 3; l++) {
        a.level[l].vectorize(a.x, vec, TailStrategy::GuardWithIf);
        a.blur_x[l].vectorize(a.x, vec, TailStrategy::GuardWithIf);
        a.padded[l].vectorize(a.x, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
