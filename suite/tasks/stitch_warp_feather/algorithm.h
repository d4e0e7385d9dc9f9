// Halide reference algorithm for task `stitch_warp_feather`: frame b warped into frame a's
// canvas by a similarity transform (bilinear, zero outside b) and feather-blended with a.
//   sc = exp(pose(1)), c = cos(pose(0)), s = sin(pose(0)); dx = x - W/2, dy = y - H/2
//   bx = sc c dx + sc s dy + W/2 - (0.35 + pose(2)) W,  by = -(sc s) dx + sc c dy + H/2 - pose(3) H
//   bw(x, y, c) = bilinear sample of b at (bx, by), taps outside b read 0
//   wa = min(x + 1, W - x, y + 1, H - y, R); wb = clamp(min(bx + 1, W - bx, by + 1, H - by), 0, R)
//   out = (wa a + wb bw) / (wa + wb), R = 32
// Halide dimension 0 is the last PyTorch dimension: a(x, y, c) is a[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float kRadius = 32.0f, kShift = 0.35f;  // = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam a{Halide::Float(32), 3, "a"};        // [3, H, W] the canvas frame
    Halide::ImageParam b{Halide::Float(32), 3, "b"};        // [3, H, W] the frame to warp in
    Halide::ImageParam pose{Halide::Float(32), 1, "pose"};  // [4] angle, log scale, tx, ty
    Halide::Var x{"x"}, y{"y"}, c{"c"};
    Halide::Func bx{"bx"}, by{"by"};  // (x, y) source position in b
    Halide::Func tapb{"tapb"};        // (x, y, c) b, 0 outside
    Halide::Func bw{"bw"};            // (x, y, c) the warped b
    Halide::Func wb{"wb"};            // (x, y) feather weight of the warped b
    Halide::Func out{"out"};          // (x, y, c)

    Algorithm() {
        using namespace Halide;
        const Expr W = a.dim(0).extent(), H = a.dim(1).extent();
        const Expr fW = cast<float>(W), fH = cast<float>(H);
        // sin is written cos(a - pi/2): LLVM would fuse a sin and a cos of one angle into
        // sincosf, which the object check does not allow.
        Expr sc = exp(pose(1)), cs = cos(pose(0)), sn = cos(pose(0) - 1.5707963267948966f);
        Expr k00 = sc * cs, k01 = sc * sn, k10 = -(sc * sn), k11 = sc * cs;
        Expr ox = fW * 0.5f - (kShift + pose(2)) * fW, oy = fH * 0.5f - pose(3) * fH;
        Expr dx = cast<float>(x) - fW * 0.5f, dy = cast<float>(y) - fH * 0.5f;
        bx(x, y) = k00 * dx + k01 * dy + ox;
        by(x, y) = k10 * dx + k11 * dy + oy;
        Expr inside = x >= 0 && x < W && y >= 0 && y < H;
        tapb(x, y, c) = select(inside, b(clamp(x, 0, W - 1), clamp(y, 0, H - 1), c), 0.0f);
        Expr x0f = floor(bx(x, y)), y0f = floor(by(x, y));
        Expr fx = bx(x, y) - x0f, fy = by(x, y) - y0f;
        // The source taps, kept within a few pixels of the frame (the weight and the zero
        // border make anything further out read 0 anyway).
        Expr x0 = clamp(cast<int32_t>(x0f), -2, W + 1), y0 = clamp(cast<int32_t>(y0f), -2, H + 1);
        Expr top = tapb(x0, y0, c) * (1.0f - fx) + tapb(x0 + 1, y0, c) * fx;
        Expr bot = tapb(x0, y0 + 1, c) * (1.0f - fx) + tapb(x0 + 1, y0 + 1, c) * fx;
        bw(x, y, c) = top * (1.0f - fy) + bot * fy;
        Expr px = cast<float>(x), py = cast<float>(y);
        Expr wa = min(min(min(px + 1.0f, fW - px), min(py + 1.0f, fH - py)), kRadius);
        wb(x, y) = clamp(min(min(bx(x, y) + 1.0f, fW - bx(x, y)), min(by(x, y) + 1.0f, fH - by(x, y))), 0.0f, kRadius);
        out(x, y, c) = (wa * a(x, y, c) + wb(x, y) * bw(x, y, c)) / (wa + wb(x, y));
    }

    ekb::Kernel kernel() { return {{a, b, pose}, {out}}; }
};

}  // namespace task
