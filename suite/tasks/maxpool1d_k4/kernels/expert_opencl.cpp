// Expert opencl schedule for `maxpool1d_k4`: the window as one expression (four loads, three
// max) in one kernel, work-groups of 32 output samples x 4 channels; tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var lo{"lo"}, co{"co"}, li{"li"}, ci{"ci"};
    // @layer compute
    // An algorithm rewrite: the four taps as one expression, so a vector of outputs is four
    // stride-4 loads (dense loads and deinterleaving shuffles on cpu) and three max.
    Func out("out");
    Expr l4 = a.l * task::Algorithm::kernel_size;
    out(a.l, a.c, a.n) = max(max(a.input(l4, a.c, a.n), a.input(l4 + 1, a.c, a.n)),
                             max(a.input(l4 + 2, a.c, a.n), a.input(l4 + 3, a.c, a.n)));
    // @layer loops
    out.gpu_tile(a.l, a.c, lo, co, li, ci, 32, 4, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
