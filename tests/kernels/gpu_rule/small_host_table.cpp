// GPU RULE (allowed): a 64-entry table computed on the host (a trivial stage: its host
// work is a compile-time constant, 64 stores) feeding a GPU output. Passes the rule and is
// correct: the table is all zeros and only adds nothing.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var t("t"), jo, io, ji, ii;
    Func table("table");
    table(t) = cast<float>(t) * 0.0f;
    Func out("out");
    out(a.j, a.i) = a.C(a.j, a.i) + table(clamp(a.j % 64, 0, 63));
    // @layer compute
    table.compute_root().bound(t, 0, 64);
    a.prod.compute_root();
    // @layer loops
    a.prod.gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
    a.prod.update().gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
    out.gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
    // @end
    return {{a.A, a.B}, {out}};
}
