// Expert cuda schedule for `softmax_temperature`: a decode step has few rows but a long
// vocabulary, so each row's two reductions are spread over a block of 256 threads: each
// thread reduces every 256th element into a register, the 256 partials go to shared memory,
// and after a barrier one thread combines them and stores the row's value (the max first,
// then the sum of exps against it). The exps and the normalization then run over all
// elements, 256 threads per block. (Shared memory rather than warp shuffles: see
// docs/kernel-format.md on gpu_lanes.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 256;
    Var u{"u"}, vo{"vo"}, vi{"vi"}, ro{"ro"}, ri{"ri"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    Func max_out = a.row_max.in();  // one value per row
    Func sum_out = a.row_sum.in();
    max_out.compute_root();
    sum_out.compute_root();
    a.ex.compute_root();
    Func max_part = a.row_max.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    Func sum_part = a.row_sum.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    max_out.gpu_blocks(a.r);
    sum_out.gpu_blocks(a.r);
    a.ex.gpu_tile(a.v, vo, vi, lanes, TailStrategy::GuardWithIf);
    a.p.gpu_tile(a.v, vo, vi, lanes, TailStrategy::GuardWithIf);
    // @layer memory
    for (auto [out, red, part] : {std::tuple{max_out, a.row_max, max_part}, std::tuple{sum_out, a.row_sum, sum_part}}) {
        red.compute_at(out, a.r);
        part.compute_at(out, a.r).store_in(MemoryType::GPUShared).gpu_threads(u);
        part.update().gpu_threads(u);
    }
    // @end
    return a.kernel();
}
