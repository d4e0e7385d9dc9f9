// Expert cpu schedule for `isp_chain_yuv420`: two passes, as a line-buffered ISP runs.
//   rgb: strips of 32 rows in parallel; inside a strip the black-level-corrected raw rows
//        slide through a small line buffer (each raw row converted once per strip), and
//        each output row runs demosaic, white balance, CCM, clamp and the sRGB transfer
//        for the 3 planes at once, vectorized over columns (the 3 channels unrolled, so the
//        demosaic neighbours are loaded once for all three);
//   y, uv: luma rows and 2x2-averaged chroma rows in parallel, vectorized over columns,
//        reading the gamma-encoded planes once.
// All splits are guarded (GuardWithIf), so any even size down to 2x2 works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 32;
    Var x = a.x, y = a.y, c = a.c, yo{"yo"}, yi{"yi"};
    // @layer compute
    // red/green/blue, cc and chroma are inlined; srgb_px is stored, 3 planes.
    a.srgb_px.compute_root().bound(c, 0, 3);
    // @layer loops
    a.srgb_px.reorder(x, c, y).split(y, yo, yi, rows, TailStrategy::GuardWithIf).parallel(yo);
    a.y_out.split(y, yo, yi, rows, TailStrategy::GuardWithIf).parallel(yo);
    a.uv_out.reorder(x, c, y).split(y, yo, yi, rows / 2, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    a.clamped.store_at(a.srgb_px, yo).compute_at(a.srgb_px, yi);
    // @layer vector
    a.srgb_px.vectorize(x, vec, TailStrategy::GuardWithIf).unroll(c);
    a.clamped.vectorize(x, vec, TailStrategy::GuardWithIf);
    a.y_out.vectorize(x, vec, TailStrategy::GuardWithIf);
    a.uv_out.vectorize(x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
