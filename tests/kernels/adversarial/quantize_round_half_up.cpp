// Wrong at rounding ties (task quantize_int8): floor(v + 0.5), i.e. half up, where the
// task rounds half to even. They differ only when input * 20 is exactly k + 0.5, which
// uniform random inputs essentially never hit; the "round_half" set hits it everywhere.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Func out("out_half_up");
    Expr v = a.input(a.x, a.y, a.c, a.n) * task::inv_scale;
    out(a.x, a.y, a.c, a.n) = cast<int8_t>(clamp(cast<int32_t>(floor(v + 0.5f)) + task::zp, -128, 127));
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    return {{a.input}, {out}};
}
