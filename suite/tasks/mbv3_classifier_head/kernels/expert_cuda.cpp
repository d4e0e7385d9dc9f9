// Expert cuda schedule for `mbv3_classifier_head`: five kernels, every stage on the device.
//   wt: the conv weights transposed once (E contiguous), one thread per weight;
//   pool_sum: one thread per expanded channel (64 per block): for each position the 1x1
//     conv across the C input channels in a register (the transposed weights coalesced
//     across the threads, x a broadcast), h-swish, and the running pool sum;
//   pooled: the mean, one thread per channel;
//   f1, logits: the Linear layers as matrix-vector products, 32 threads per output row and
//     8 rows per block: the 32 threads stride through the weight row together (coalesced),
//     each accumulating a partial dot product in a register that it leaves in shared
//     memory; after a barrier one thread per row adds the 32 partials, the bias and the
//     h-swish. (Shared memory, not warp shuffles: see docs/kernel-format.md.)
// All tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int lanes = 32, rows = 8, chans = 64;
    Var co{"co"}, ci{"ci"}, u{"u"}, xo{"xo"}, xi{"xi"};
    RVar ro{"ro"}, rl{"rl"};
    // @layer compute
    a.pool_sum.compute_root();
    a.pooled.compute_root();
    a.f1.compute_root();
    Func fc1_part = a.fc1.update().split(a.re, ro, rl, lanes, guard).rfactor(rl, u);
    Func fc2_part = a.fc2.update().split(a.rf, ro, rl, lanes, guard).rfactor(rl, u);
    Func wt = a.w_conv.in(a.conv);
    std::vector<Var> v = wt.args();
    wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    // @layer loops
    wt.gpu_tile(v[3], v[2], xo, co, xi, ci, 32, 8, guard);
    a.pool_sum.gpu_tile(a.c, co, ci, chans, guard);
    a.pool_sum.update().gpu_tile(a.c, co, ci, chans, guard);
    a.pooled.gpu_tile(a.c, co, ci, chans, guard);
    for (Func out : {a.f1, a.logits}) {
        out.split(a.c, co, ci, rows, guard).gpu_blocks(co);
        out.gpu_threads(ci);
    }
    // @layer memory
    a.conv.compute_at(a.pool_sum, a.rxy.x).store_in(MemoryType::Register);
    for (auto [out, red, part] : {std::tuple{a.f1, a.fc1, fc1_part}, std::tuple{a.logits, a.fc2, fc2_part}}) {
        red.compute_at(out, ci);
        part.compute_at(out, co).store_in(MemoryType::GPUShared).gpu_threads(u, a.c);
        part.update().gpu_threads(u, a.c);
    }
    // @end
    return a.kernel();
}
