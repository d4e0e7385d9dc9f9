// Expert opencl schedule for `dynamic_quant_int8_per_token`: the absmax of each token is one
// block of 256 threads (each thread reduces every 256th element into a register, the
// partials are combined in shared memory after a barrier), stored once per token; then the
// quantization runs one element per thread, 256 threads per block along the row
// (coalesced), and the scales one token per thread.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 256;
    Var u{"u"}, ko{"ko"}, ki{"ki"}, mo{"mo"}, mi{"mi"};
    RVar rw{"rw"}, rl{"rl"};
    // @layer compute
    Func amax_out = a.absmax.in();  // one value per token
    amax_out.compute_root();
    Func part = a.absmax.update().split(a.r, rw, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    // @layer loops
    amax_out.gpu_blocks(a.m);
    a.q.gpu_tile(a.k, a.m, ko, mo, ki, mi, lanes, 1, TailStrategy::GuardWithIf);
    a.scale.gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.absmax.compute_at(amax_out, a.m);
    part.compute_at(amax_out, a.m).store_in(MemoryType::GPUShared).gpu_threads(u);
    part.update().gpu_threads(u);
    // @end
    return a.kernel();
}
