// Expert opencl schedule for `space_to_depth_focus`: the index arithmetic inlined. One kernel in
// 32x4 work-groups over x and y, channels as the third grid dimension (neighbouring work-items
// write neighbouring outputs); tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @end
    return a.kernel();
}
