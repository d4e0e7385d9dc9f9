// Wrong on ties (task argmax_rows): keeps the LAST maximum of a row (>=), where the task
// (torch.argmax) returns the first. Random float logits almost never tie, so it passes
// them; the adversarial "ties" set makes every row's maximum appear many times.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Func best("best_last"), index("index_last");
    best(a.r) = Tuple(0, a.logits(0, a.r));
    Expr v = a.logits(a.k, a.r);
    Expr better = v >= best(a.r)[1];
    best(a.r) = Tuple(select(better, a.k, best(a.r)[0]), max(best(a.r)[1], v));
    index(a.r) = best(a.r)[0];
    best.compute_root();
    if (ekb::is_gpu(target)) {
        Var ro, ri;
        best.gpu_tile(a.r, ro, ri, 16, TailStrategy::GuardWithIf);
        best.update().gpu_tile(a.r, ro, ri, 16, TailStrategy::GuardWithIf);
        index.gpu_tile(a.r, ro, ri, 16, TailStrategy::GuardWithIf);
    }
    return {{a.logits}, {index}};
}
