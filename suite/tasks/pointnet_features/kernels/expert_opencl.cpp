// Expert opencl schedule for `pointnet_features`: one kernel per layer and one for the pool.
// Each layer kernel has 64x4 work-groups over (points, output channels); a work-item keeps
// its conv sum in a register over the input channels and writes the layer's activation with
// the bias and ReLU fused, reading the previous activation row coalesced along the points
// (each weight is a uniform broadcast). The pool kernel gives one work-item per output
// channel the max over all points of h3.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, co{"co"}, ni{"ni"}, ci{"ci"};
    // @layer compute
    // conv1..conv3 live in registers of the work-items of h1..h3 (below).
    a.h1.compute_root();
    a.h2.compute_root();
    a.h3.compute_root();
    // @layer loops
    for (Func f : {a.h1, a.h2, a.h3}) {
        f.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 4, TailStrategy::GuardWithIf);
    }
    a.feat.gpu_tile(a.c, co, ci, 32, TailStrategy::GuardWithIf);
    a.feat.update().gpu_tile(a.c, co, ci, 32, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv1.compute_at(a.h1, ni).store_in(MemoryType::Register);
    a.conv2.compute_at(a.h2, ni).store_in(MemoryType::Register);
    a.conv3.compute_at(a.h3, ni).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
