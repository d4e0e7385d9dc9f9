// An honest kernel (task nco_iq_mix) that takes the sine and the cosine of the same angle in
// one loop body, scalar on cpu: LLVM merges sinf + cosf into one sincosf call, a libm
// function the object check must accept like sinf and cosf (it only writes the two results
// through pointers into the caller's frame).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Func y{"y_sincos"};
    Var k{"k"}, n{"n"}, c{"c"};
    Expr t = task::Algorithm::nco_angle(n, a.fcw(c));
    y(k, n, c) = select(k == 0, a.x(n, c) * cos(t), -a.x(n, c) * sin(t));
    if (ekb::is_gpu(target)) {
        Var no, co, ni, ci;
        y.gpu_tile(n, c, no, co, ni, ci, 64, 4, TailStrategy::GuardWithIf);
    }
    return {{a.x, a.fcw}, {y}};
}
