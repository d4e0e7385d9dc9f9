// Expert cpu schedule for `logistic_int8_lut`: the 256-entry table is built once per call
// (256 float exps, vectorized) and stays in L1; the map runs in parallel slices of 16 rows,
// each row vectorized natural_vector_size(Int(32)) lanes wide as a gather from the table
// (int8 loads widened to int32 indices), the row tail guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var ro{"ro"}, ri{"ri"}, lo{"lo"}, li{"li"};
    // @layer compute
    a.table.compute_root();
    // @layer loops
    a.output.split(a.r, ro, ri, 16, TailStrategy::GuardWithIf).parallel(ro);
    // @layer vector
    a.table.bound(a.i, 0, 256).vectorize(a.i, target.natural_vector_size(Float(32)));
    a.output.split(a.l, lo, li, vec, TailStrategy::GuardWithIf).vectorize(li);
    // @end
    return a.kernel();
}
