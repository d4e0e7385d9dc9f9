// The probe's trusted reference (built for the host cpu): vectorized and parallel, since
// the GPU instance would take seconds serially; the chains stored per vector of elements.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var o{"o"}, in{"in"};
    // @layer loops
    if (ekb::is_gpu(target)) {
        a.y.gpu_tile(a.i, o, in, 256, TailStrategy::GuardWithIf);
        a.acc.compute_at(a.y, in);
    } else {
        const int vec = target.natural_vector_size(Float(32));
        a.y.split(a.i, o, in, 16 * vec, TailStrategy::GuardWithIf).parallel(o);
        a.acc.compute_at(a.y, in).reorder_storage(a.i, a.k);
        a.acc.update().reorder(a.k, a.i, a.r);
        // @layer vector
        a.y.vectorize(in, vec);
        a.acc.vectorize(a.i, vec, TailStrategy::GuardWithIf);
        a.acc.update().vectorize(a.i, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
