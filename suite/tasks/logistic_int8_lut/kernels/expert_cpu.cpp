// Expert cpu schedule for `logistic_int8_lut`: the 256-entry table is built once per call
// (256 float exps, vectorized) and stored widened to int32 (1 KiB, in L1), so that the map is
// a hardware gather of 32-bit lanes (vpgatherdd) per vector instead of byte loads lane by
// lane; the result is narrowed back to int8. The map runs in parallel slices of 64 rows
// when there are at least 64K elements (below that, waking the thread pool costs as much as
// the work), each row vectorized natural_vector_size(Int(32)) lanes wide, tail guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var ro{"ro"}, ri{"ri"}, lo{"lo"}, li{"li"};
    Expr elems = a.input.dim(0).extent() * a.input.dim(1).extent();
    // @layer compute
    Func table32{"table32"}, out{"out"};
    table32(a.i) = cast<int32_t>(a.table(a.i));
    out(a.l, a.r) = cast<int8_t>(table32(cast<int32_t>(a.input(a.l, a.r)) + 128));
    a.table.compute_root();
    table32.compute_root();
    // @layer loops
    out.split(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
    // @layer vector
    a.table.bound(a.i, 0, 256).vectorize(a.i, target.natural_vector_size(Float(32)));
    table32.bound(a.i, 0, 256).vectorize(a.i, vec);
    out.split(a.l, lo, li, vec, TailStrategy::GuardWithIf).vectorize(li);
    out.specialize(elems >= 65536).parallel(ro);
    // @end
    return {{a.input}, {out}};
}
