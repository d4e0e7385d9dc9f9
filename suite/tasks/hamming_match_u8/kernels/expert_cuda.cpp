// Expert cuda schedule for `hamming_match_u8`: two small packing kernels (one thread per
// descriptor, the 8 words unrolled), then the distance kernel of 32x8 thread blocks (32 train
// x 8 query descriptors): each thread XORs and popcounts (SWAR) the 8 words of its pair;
// the block's train and query words are staged in shared memory.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, mo{"mo"}, mi{"mi"};
    // @layer compute
    a.qw.compute_root();
    a.tw.compute_root();
    Func tile_q = a.qw.in(a.dist), tile_t = a.tw.in(a.dist);
    // @layer loops
    a.qw.bound(a.w, 0, 8).unroll(a.w).gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    a.tw.bound(a.w, 0, 8).unroll(a.w).gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
    a.dist.gpu_tile(a.m, a.n, mo, no, mi, ni, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    tile_q.compute_at(a.dist, mo).store_in(MemoryType::GPUShared).gpu_threads(a.w, a.n);
    tile_t.compute_at(a.dist, mo).store_in(MemoryType::GPUShared).gpu_threads(a.w, a.m);
    // @end
    return a.kernel();
}
