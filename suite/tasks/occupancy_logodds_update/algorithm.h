// Halide reference algorithm for task `occupancy_logodds_update`: z = scan[beam], r = cell_range;
// l = 0 beyond min(zmax, z + alpha/2), l_occ where z < zmax and |r - z| < alpha/2, l_free where
// r <= z, else 0; out = clamp(logodds + l, -l_clamp, l_clamp). The constants are rounded to
// float once from their double values, as PyTorch rounds the Python scalars.
// Halide dimension 0 is the last PyTorch dimension: logodds(x, y) is logodds[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam logodds{Halide::Float(32), 2, "logodds"};        // [H, W]
    Halide::ImageParam scan{Halide::Float(32), 1, "scan"};              // [360]
    Halide::ImageParam beam{Halide::Int(32), 2, "beam"};                // [H, W]
    Halide::ImageParam cell_range{Halide::Float(32), 2, "cell_range"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};
    Halide::Func z{"z"};      // the beam's measured range at each cell
    Halide::Func dl{"dl"};    // the log-odds increment of each cell
    Halide::Func out{"out"};  // the output

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py
        const double zmax = 10.0, alpha = 0.2, l_occ = 0.85, l_free = -0.4, l_clamp = 3.5;
        const float half = float(alpha / 2.0);
        // a beam index is always in [0, 360); the clamp only states it
        z(x, y) = scan(clamp(beam(x, y), 0, 359));
        Expr r = cell_range(x, y), zz = z(x, y);
        Expr beyond = r > min(zz + half, float(zmax));
        Expr occ = zz < float(zmax) && abs(r - zz) < half;
        Expr free_ = r <= zz;
        dl(x, y) = select(beyond, 0.0f, occ, float(l_occ), free_, float(l_free), 0.0f);
        out(x, y) = clamp(logodds(x, y) + dl(x, y), -float(l_clamp), float(l_clamp));
    }

    ekb::Kernel kernel() { return {{logodds, scan, beam, cell_range}, {out}}; }
};

}  // namespace task
