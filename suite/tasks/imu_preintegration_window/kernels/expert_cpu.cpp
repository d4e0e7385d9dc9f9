// Expert cpu schedule for `imu_preintegration_window`: the intervals are independent chains,
// so the scan runs on vectors of intervals (structure of arrays: the 33 state values of one
// vector of intervals advance together, one sample per step), the vectors of intervals in
// parallel; the samples are repacked once interval-innermost so each step's rates and
// accelerations are contiguous vector loads; the SO(3) exponential (sqrt, sin) is evaluated
// in vector math. Windows of fewer intervals than one vector take the scalar loop (a fully
// predicated vector of 33 masked loads and stores per step measured ~10x slower there); the
// last partial vector is predicated (GuardWithIf: an update cannot shift inwards).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var ko{"ko"}, ki{"ki"};
    // @layer compute
    a.st.compute_root();
    for (ImageParam in : {a.gyro, a.acc}) {
        Func w = in.in(a.st);
        Var j = w.args()[0], i = w.args()[1], k = w.args()[2];
        w.compute_root().reorder_storage(k, j, i).reorder(k, j, i).vectorize(k, vec, guard);
    }
    // @layer loops
    a.st.vectorize(a.k, vec, guard);
    Stage su = a.st.update();
    su.specialize(a.gyro.dim(2).extent() >= vec)
        .split(a.k, ko, ki, vec, guard)
        .reorder(ki, a.ri.x, ko)
        .parallel(ko)
        .vectorize(ki);
    // @layer vector
    // @end
    return a.kernel();
}
