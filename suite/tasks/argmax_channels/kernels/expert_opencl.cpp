// Expert opencl schedule for `argmax_channels`: one kernel, 32x4 work-groups over x and y, one
// work-item per pixel keeping its (class, logit) running maximum in registers while it walks
// the class planes; at each class neighbouring work-items read neighbouring pixels.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // best lives in registers (memory).
    // @layer loops
    a.label.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.best.compute_at(a.label, xi).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
