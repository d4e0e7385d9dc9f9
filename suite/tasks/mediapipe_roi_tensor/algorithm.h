// Halide reference algorithm for task `mediapipe_roi_tensor`: an NV21 camera frame to the
// 256x256 [-1, 1] NHWC input tensor of a MediaPipe landmark model, through a rotated ROI.
//   rgb(x, y, c)  TFLite Android YUV2RGB: y' = max(Y - 16, 0), u = U - 128, v = V - 128,
//                 R = clamp(1192 y' + 1634 v, 0, 262143) >> 10, G = clamp(1192 y' - 833 v - 400 u) >> 10,
//                 B = clamp(1192 y' + 2066 u) >> 10 (chroma of the pixel's 2x2 block)
//   coef(k)       the ROI's affine map: cx W, cy H, w W cos r, h H sin r, w W sin r, h H cos r
//   sx, sy        source position of output pixel (i, j): u = (i + 0.5)/S - 0.5, v likewise,
//                 sx = cx W + (w W cos r) u - (h H sin r) v - 0.5, sy = cy H + (w W sin r) u + (h H cos r) v - 0.5
//   out(c, i, j)  bilinear sample of rgb (replicate border) * 2/255 - 1
// Halide dimension 0 is the last PyTorch dimension: y_plane(x, y) is y_plane[y, x],
// vu_plane(k, x, y) is vu_plane[y, x, k] (k = 0: V, 1: U), out(c, i, j, n) is out[n, j, i, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kSize = 256;  // = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam y_plane{Halide::UInt(8), 2, "y_plane"};    // [H, W]
    Halide::ImageParam vu_plane{Halide::UInt(8), 3, "vu_plane"};  // [H/2, W/2, 2], NV21
    Halide::ImageParam roi{Halide::Float(32), 1, "roi"};          // [5]: cx, cy, w, h, rotation
    Halide::Var x{"x"}, y{"y"}, c{"c"}, i{"i"}, j{"j"}, n{"n"}, k{"k"};
    Halide::Func rgb{"rgb"};    // (x, y, c) int32 in [0, 255]
    Halide::Func tap{"tap"};    // (x, y, c) rgb as float
    Halide::Func coef{"coef"};  // (k), k < 6: the affine map's terms
    Halide::Func sx{"sx"}, sy{"sy"};  // (i, j) the source position
    Halide::Func out{"out"};    // (c, i, j, n)

    Algorithm() {
        using namespace Halide;
        const Expr W = y_plane.dim(0).extent(), H = y_plane.dim(1).extent();
        Expr Y = max(cast<int32_t>(y_plane(x, y)) - 16, 0);
        Expr V = cast<int32_t>(vu_plane(0, x / 2, y / 2)) - 128;
        Expr U = cast<int32_t>(vu_plane(1, x / 2, y / 2)) - 128;
        Expr y1192 = 1192 * Y;
        Expr v = select(c == 0, y1192 + 1634 * V, c == 1, y1192 - 833 * V - 400 * U, y1192 + 2066 * U);
        rgb(x, y, c) = clamp(v, 0, 262143) >> 10;
        tap(x, y, c) = cast<float>(rgb(x, y, c));

        const Expr fW = cast<float>(W), fH = cast<float>(H);
        // sin(r) is written cos(r - pi/2): LLVM would fuse a sin and a cos of one angle into
        // sincosf, which the object check does not allow.
        Expr cs = cos(roi(4)), sn = cos(roi(4) - 1.5707963267948966f), aw = roi(2) * fW, bh = roi(3) * fH;
        coef(k) = select(k == 0, roi(0) * fW, k == 1, roi(1) * fH, k == 2, aw * cs, k == 3, bh * sn,
                         k == 4, aw * sn, bh * cs);
        Expr u = (cast<float>(i) + 0.5f) / float(kSize) - 0.5f;
        Expr w = (cast<float>(j) + 0.5f) / float(kSize) - 0.5f;
        sx(i, j) = coef(0) + coef(2) * u - coef(3) * w - 0.5f;
        sy(i, j) = coef(1) + coef(4) * u + coef(5) * w - 0.5f;

        Expr fx0 = floor(sx(i, j)), fy0 = floor(sy(i, j));
        Expr fx = sx(i, j) - fx0, fy = sy(i, j) - fy0;
        Expr x0 = cast<int32_t>(fx0), y0 = cast<int32_t>(fy0);
        Expr xa = clamp(x0, 0, W - 1), xb = clamp(x0 + 1, 0, W - 1);
        Expr ya = clamp(y0, 0, H - 1), yb = clamp(y0 + 1, 0, H - 1);
        Expr top = tap(xa, ya, c) * (1.0f - fx) + tap(xb, ya, c) * fx;
        Expr bot = tap(xa, yb, c) * (1.0f - fx) + tap(xb, yb, c) * fx;
        Expr val = top * (1.0f - fy) + bot * fy;
        out(c, i, j, n) = val * (2.0f / 255.0f) - 1.0f;
    }

    ekb::Kernel kernel() { return {{y_plane, vu_plane, roi}, {out}}; }
};

}  // namespace task
