// Expert cpu schedule for `histogram_u8`: a two-stage histogram through rfactor (bin
// inlined). Stage 1 runs in parallel over strips of 32 rows; each strip builds 4 partial
// histograms (1 KiB each, in L1), the 4 neighbouring pixels of each group going to 4
// different ones (unrolled), so that runs of equal pixels do not serialize on one counter's
// load-increment-store. Stage 2 sums the partial histograms of all strips, vectorized over
// the bins.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int rows = 32, ways = 4;
    Var v{"v"}, u{"u"};
    RVar ryo{"ryo"}, ryi{"ryi"}, rxo{"rxo"}, rxi{"rxi"};
    // @layer compute
    // partial(b, u, v): the histogram of the pixels of strip v whose column is u mod ways.
    Func partial = a.counts.update()
                       .split(a.r.y, ryo, ryi, rows)
                       .split(a.r.x, rxo, rxi, ways)
                       .rfactor({{ryo, v}, {rxi, u}});
    // bin is inlined into the scatter.
    partial.compute_root();
    a.counts.compute_root();
    // @layer loops
    partial.parallel(v);
    partial.update().reorder(u, rxo, ryi, v).parallel(v);
    // @layer vector
    partial.vectorize(a.b, vec);
    partial.update().unroll(u);
    a.counts.vectorize(a.b, vec);
    a.counts.update().vectorize(a.b, vec);
    a.hist.vectorize(a.b, vec);
    // @end
    return a.kernel();
}
