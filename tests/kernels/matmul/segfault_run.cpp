// BROKEN ON PURPOSE: promises Halide an index is in range when it is not, so the pipeline
// reads far outside its input at run time and crashes.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Func bad("bad");
    Expr far = (a.j + 1) * 200000000;
    bad(a.j, a.i) = a.A(unsafe_promise_clamped(far, 0, 0), unsafe_promise_clamped(a.i, 0, 0));
    return {{a.A, a.B}, {bad}};
}
