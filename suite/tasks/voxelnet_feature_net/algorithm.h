// Halide reference algorithm for task `voxelnet_feature_net`: VoxelNet's stacked voxel
// feature encoding (VFE-1, VFE-2), the FCN and the max over each voxel's points, masked to
// the voxel's valid points (t < npts[v]).
//   p1(c, t, v) = valid ? relu(b1[c] + sum_k w1[c, k] feat[v, t, k]) : 0,  a1(c, v) = max_t p1
//   x2(c, t, v) = valid ? (c < U1 ? p1(c, t, v) : a1(c - U1, v)) : 0
//   p2, a2, x3 likewise (U2, 2 U2),  p3 = valid ? relu(b3 + W3 x3) : 0,  out(c, v) = max_t p3
// Every max starts from 0 (the masked features are >= 0, and t = 0 is always valid).
// Halide dimension 0 is the last PyTorch dimension: feat(k, t, v) is feat[v, t, k], w1(k, c)
// is w1[c, k], out(c, v) is out[v, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam feat{Halide::Float(32), 3, "feat"};                              // [V, T, Cin]
    Halide::ImageParam npts{Halide::Int(32), 1, "npts"};                                // [V]
    Halide::ImageParam w1{Halide::Float(32), 2, "w1"}, b1{Halide::Float(32), 1, "b1"};  // [U1, Cin]
    Halide::ImageParam w2{Halide::Float(32), 2, "w2"}, b2{Halide::Float(32), 1, "b2"};  // [U2, 2 U1]
    Halide::ImageParam w3{Halide::Float(32), 2, "w3"}, b3{Halide::Float(32), 1, "b3"};  // [C, 2 U2]
    // c: a channel, t: a point of the voxel, v: a voxel.
    Halide::Var c{"c"}, t{"t"}, v{"v"};
    Halide::RDom r1, r2, r3;  // linear-layer inputs: Cin, 2 U1, 2 U2
    Halide::RDom rt;          // the points of a voxel (T): the maxes
    Halide::Func valid{"valid"};
    Halide::Func dot1{"dot1"}, p1{"p1"}, a1{"a1"}, x2{"x2"};
    Halide::Func dot2{"dot2"}, p2{"p2"}, a2{"a2"}, x3{"x3"};
    Halide::Func dot3{"dot3"}, p3{"p3"}, out{"out"};

    Algorithm() {
        using namespace Halide;
        Expr U1 = b1.dim(0).extent(), U2 = b2.dim(0).extent();
        r1 = RDom(0, feat.dim(0).extent(), "r1");
        r2 = RDom(0, 2 * U1, "r2");
        r3 = RDom(0, 2 * U2, "r3");
        rt = RDom(0, feat.dim(1).extent(), "rt");
        valid(t, v) = t < npts(v);
        dot1(c, t, v) = b1(c);
        dot1(c, t, v) += w1(r1, c) * feat(r1, t, v);
        p1(c, t, v) = select(valid(t, v), max(dot1(c, t, v), 0.0f), 0.0f);
        a1(c, v) = 0.0f;
        a1(c, v) = max(a1(c, v), p1(c, rt, v));
        x2(c, t, v) = select(valid(t, v), select(c < U1, p1(min(c, U1 - 1), t, v), a1(max(c - U1, 0), v)), 0.0f);
        dot2(c, t, v) = b2(c);
        dot2(c, t, v) += w2(r2, c) * x2(r2, t, v);
        p2(c, t, v) = select(valid(t, v), max(dot2(c, t, v), 0.0f), 0.0f);
        a2(c, v) = 0.0f;
        a2(c, v) = max(a2(c, v), p2(c, rt, v));
        x3(c, t, v) = select(valid(t, v), select(c < U2, p2(min(c, U2 - 1), t, v), a2(max(c - U2, 0), v)), 0.0f);
        dot3(c, t, v) = b3(c);
        dot3(c, t, v) += w3(r3, c) * x3(r3, t, v);
        p3(c, t, v) = select(valid(t, v), max(dot3(c, t, v), 0.0f), 0.0f);
        out(c, v) = 0.0f;
        out(c, v) = max(out(c, v), p3(c, rt, v));
    }

    ekb::Kernel kernel() { return {{feat, npts, w1, b1, w2, b2, w3, b3}, {out}}; }
};

}  // namespace task
