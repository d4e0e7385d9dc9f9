// Expert cpu schedule for `hamming_match_u8`: the descriptors are packed once into uint32
// words, the train words stored transposed (word-major: tw(m) contiguous per word), so that
// the distance rows are vectorized across train descriptors with dense loads: per query, the
// 8 words are broadcast, XOR-ed with 8 word vectors and popcounted (the SWAR bit tricks on
// whole vectors), words unrolled. Rows of queries run in
// parallel; a block of 16 queries reuses each train vector from registers / L1.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(UInt(32));
    Var mo{"mo"}, mi{"mi"}, no{"no"}, ni{"ni"};
    // @layer compute
    a.query.dim(0).set_bounds(0, 32).dim(1).set_stride(32);
    a.train.dim(0).set_bounds(0, 32).dim(1).set_stride(32);
    a.qw.compute_root();
    a.tw.compute_root();
    // @layer loops
    a.qw.bound(a.w, 0, 8).unroll(a.w);
    a.tw.bound(a.w, 0, 8).reorder_storage(a.m, a.w).reorder(a.m, a.w);
    a.dist.split(a.n, no, ni, 16, TailStrategy::GuardWithIf)
        .split(a.m, mo, mi, vec, TailStrategy::GuardWithIf)
        .reorder(mi, ni, mo, no)
        .parallel(no);
    // @layer vector
    a.tw.vectorize(a.m, vec, TailStrategy::GuardWithIf).unroll(a.w);
    a.dist.vectorize(mi);
    // @end
    return a.kernel();
}
