// Compute peak on CPUs: parallel strips of 16 vectors, each vector carrying 8 independent
// FMA chains (enough in flight to cover FMA latency on two ports).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var o{"o"}, in{"in"};
    // @layer loops
    a.y.split(a.i, o, in, 16 * vec, TailStrategy::GuardWithIf).parallel(o);
    // @layer vector
    a.y.vectorize(in, vec);
    // @end
    return a.kernel();
}
