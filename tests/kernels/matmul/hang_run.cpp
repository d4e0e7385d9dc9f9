// BROKEN ON PURPOSE: a reduction of four billion steps per element: never returns in time.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    RDom r(0, 2000000000, 0, 2000000000, "r");
    Func slow("slow");
    slow(a.j, a.i) = 0.0f;
    slow(a.j, a.i) += a.A(r.x % 7, a.i) * 1e-30f + cast<float>(r.y) * 0.0f;
    return {{a.A, a.B}, {slow}};
}
