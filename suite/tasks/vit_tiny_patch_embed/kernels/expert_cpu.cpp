// Expert cpu schedule for `vit_tiny_patch_embed`: the patch convolution as a GEMM over the
// patches' pixels, fused with the bias, the class token and the position embedding into the
// store of each output tile. Strips of 4 tokens run in parallel; per strip, register tiles
// of 4 features x 4 tokens keep one vector of partial sums per element over the pixels of a
// patch row (kx, the contiguous dimension of both the frame and the weights: rfactor over
// the lanes), accumulated over the rows (ky) and channels of the patch, then summed across
// lanes as the tile is stored. kx spans 16 = a multiple of every vector width (4, 8, 16);
// every other split is guarded (GuardWithIf), so any D and patch grid work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = std::min(target.natural_vector_size(Float(32)), 16);
    const int tq = 4;  // tokens per tile
    const int fd = 4;  // features per tile
    Var dout{"dout"}, din{"din"}, tout{"tout"}, tin{"tin"}, u{"u"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    // emb lives in the register tile of its output tile (below); nothing is stored but y.
    Func lanes = a.emb.update().split(a.r.x, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, u);
    // @layer loops
    a.y.tile(a.d, a.t, dout, tout, din, tin, fd, tq, TailStrategy::GuardWithIf)
        .reorder(din, tin, dout, tout)
        .parallel(tout);
    // @layer memory
    a.emb.compute_at(a.y, dout);
    lanes.compute_at(a.y, dout).reorder_storage(u, a.d, a.p).bound_storage(a.d, fd).bound_storage(a.p, tq);
    // @layer vector
    lanes.vectorize(u).unroll(a.d).unroll(a.p);
    lanes.update().reorder(u, a.d, a.p, ko, a.r.y, a.r.z).vectorize(u).unroll(a.d).unroll(a.p);
    a.emb.unroll(a.d).unroll(a.p);
    a.emb.update().reorder(ku, a.d, a.p).atomic().vectorize(ku).unroll(a.d).unroll(a.p);
    a.y.unroll(din).unroll(tin);
    // @end
    return a.kernel();
}
