// Halide reference algorithm for task `voxel_counts`: per point the voxel index
// floor((p - origin) * 4) on each axis; counts = zero, then +1 at the point's voxel for every
// point inside the 256 x 256 x 16 grid (a point outside adds 0 at a clamped index, so every
// update stays in bounds).
// Halide dimension 0 is the last PyTorch dimension: xy(j, n) is xy[n, j] and
// counts(ix, iy, iz) is counts[iz, iy, ix].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int gx = 256, gy = 256, gz = 16;   // = get_init_inputs() in reference.py
    Halide::ImageParam xy{Halide::Float(32), 2, "xy"};  // [N, 2]
    Halide::ImageParam z{Halide::Float(32), 1, "z"};    // [N]
    Halide::Var n{"n"}, vx{"vx"}, vy{"vy"}, vz{"vz"};
    Halide::RDom r;                    // over the points
    Halide::Func vox{"vox"};           // vox(n) = (ix, iy, iz) of point n
    Halide::Func counts{"counts"};     // zero, then the scatter
    Halide::Func out{"out"};           // the output: counts

    Algorithm() {
        using namespace Halide;
        const float ox = -32.0f, oy = -32.0f, oz = -3.0f, inv_size = 4.0f;
        r = RDom(0, z.dim(0).extent(), "r");
        vox(n) = Tuple(cast<int32_t>(floor((xy(0, n) - ox) * inv_size)),
                       cast<int32_t>(floor((xy(1, n) - oy) * inv_size)),
                       cast<int32_t>(floor((z(n) - oz) * inv_size)));
        Expr ix = vox(r)[0], iy = vox(r)[1], iz = vox(r)[2];
        Expr inside = ix >= 0 && ix < gx && iy >= 0 && iy < gy && iz >= 0 && iz < gz;
        counts(vx, vy, vz) = 0;
        counts(clamp(ix, 0, gx - 1), clamp(iy, 0, gy - 1), clamp(iz, 0, gz - 1)) += select(inside, 1, 0);
        out(vx, vy, vz) = counts(vx, vy, vz);
    }

    ekb::Kernel kernel() { return {{xy, z}, {out}}; }
};

}  // namespace task
