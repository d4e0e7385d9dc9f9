// Expert opencl schedule for `gemv_decode_fp16`: one kernel, 32 threads per output row, 8 rows per
// block. The 32 threads stride through the row of W and through x together (coalesced loads),
// each accumulating a partial dot product in a register over every 32nd k (rfactor over the
// lanes) that it leaves in shared memory; after a barrier one thread per row adds the 32
// partials and stores the output. (Not warp shuffles: Halide 14 lowers a gpu_lanes rfactor
// under a GuardWithIf tail to a global scratch buffer the lanes index inconsistently, which
// made the softmax expert wrong on an H200; see docs/kernel-format.md.)
// This is the cuda expert's schedule as it stands (threads = work-items, blocks =
// work-groups, shared memory = local memory). The earlier opencl expert gave each work-item
// whole dot products of 4 outputs, with a quarter of the naive schedule's work-items, and
// ran at 0.60x of the naive schedule on the H200 with NVIDIA's OpenCL.
// float16 variant of `gemv_decode` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, rows = 8;
    Var no{"no"}, ni{"ni"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    // dot sums per-lane partial dot products (rfactor).
    Func part = a.dot.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.y.split(a.n, no, ni, rows, TailStrategy::GuardWithIf).gpu_blocks(no);
    // @layer memory
    a.y.gpu_threads(ni);
    a.dot.compute_at(a.y, ni);
    part.compute_at(a.y, no).store_in(MemoryType::GPUShared).gpu_threads(u, a.n);
    part.update().gpu_threads(u, a.n);
    // @end
    return a.kernel();
}
