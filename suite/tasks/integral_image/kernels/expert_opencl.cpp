// Expert opencl schedule for `integral_image`: the cuda expert's schedule. The row scan runs
// one work-item per row (work-groups of 32 rows), each walking its own row; the column scan
// runs one work-item per column (work-groups of 128), adjacent work-items on adjacent columns,
// so every step of the scan down the image is one contiguous span; the copies (the scans'
// initial values and the output) run in 32x8 work-groups. An earlier version scanned 8
// adjacent columns per work-item (W/8 work-items: 80 for a 640-wide image) and ran at 0.69x
// of the naive schedule on the H200 with NVIDIA's OpenCL.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    a.row_sum.compute_root();
    a.col_sum.compute_root();
    // @layer loops
    a.row_sum.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.row_sum.update().gpu_tile(a.y, yo, yi, 32, TailStrategy::GuardWithIf);
    a.col_sum.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.col_sum.update().gpu_tile(a.x, xo, xi, 128, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
