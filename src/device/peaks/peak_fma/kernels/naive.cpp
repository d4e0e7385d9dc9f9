// The probe's trusted reference (built for the host cpu): vectorized and parallel, since
// the GPU instance would take seconds serially.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var o{"o"}, in{"in"};
    // @layer loops
    if (ekb::is_gpu(target)) {
        a.y.gpu_tile(a.i, o, in, 256, TailStrategy::GuardWithIf);
    } else {
        a.y.split(a.i, o, in, 16 * target.natural_vector_size(Float(32)), TailStrategy::GuardWithIf).parallel(o);
        // @layer vector
        a.y.vectorize(in, target.natural_vector_size(Float(32)));
    }
    // @end
    return a.kernel();
}
