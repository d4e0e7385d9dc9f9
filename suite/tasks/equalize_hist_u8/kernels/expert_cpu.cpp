// Expert cpu schedule for `equalize_hist_u8`: three passes. (1) A two-stage histogram through
// rfactor (bin inlined): strips of 32 rows in parallel, each building 4 partial histograms
// (1 KiB each, in L1), neighbouring pixels going to different ones (unrolled) so that runs of
// equal pixels do not serialize on one counter; then the partials are summed, vectorized over
// the bins. (2) cdf and lut over the 256 bins, vectorized (the 256 x 256 masked sums are a
// few microseconds). (3) The lookup pass: parallel over strips of 16 rows, natural uint8
// vectors along x, a gather from the 1 KiB table.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int vec8 = target.natural_vector_size(UInt(8));
    const int rows = 32, ways = 4;
    Var v{"v"}, u{"u"}, yo{"yo"}, yi{"yi"};
    RVar ryo{"ryo"}, ryi{"ryi"}, rxo{"rxo"}, rxi{"rxi"};
    // @layer compute
    Func partial = a.counts.update()
                       .split(a.r.y, ryo, ryi, rows)
                       .split(a.r.x, rxo, rxi, ways)
                       .rfactor({{ryo, v}, {rxi, u}});
    partial.compute_root();
    a.counts.compute_root();
    a.cdf.compute_root();
    a.lut.compute_root();
    // @layer loops
    partial.parallel(v);
    partial.update().reorder(u, rxo, ryi, v).parallel(v);
    a.out.split(a.y, yo, yi, 16, TailStrategy::GuardWithIf).parallel(yo);
    // @layer vector
    partial.vectorize(a.b, vec);
    partial.update().unroll(u);
    a.counts.vectorize(a.b, vec);
    a.counts.update().vectorize(a.b, vec);
    a.cdf.bound(a.b, 0, 256).vectorize(a.b, vec);
    a.lut.bound(a.b, 0, 256).vectorize(a.b, vec);
    a.out.vectorize(a.x, vec8, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
