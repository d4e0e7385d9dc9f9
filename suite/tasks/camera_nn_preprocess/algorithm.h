// Halide reference algorithm for task `camera_nn_preprocess`: the camera -> NN input chain of
// an on-device detector, NV12 frame to a normalized, letterboxed NCHW tensor:
//   rgb(x, y, c) = clamp(BT.601 limited-range YUV -> RGB of Y(x, y), U, V(x / 2, y / 2), 0, 255)
//   (nh, nw) = the frame scaled to fit T x T, rounded half up: H >= W: (T, (W T + H / 2) / H),
//              else ((H T + W / 2) / W, T); top = (T - nh) / 2, left = (T - nw) / 2
//   res = bilinear resize of rgb to nh x nw as torch.nn.functional.interpolate(mode='bilinear',
//         align_corners=False): src = max((in / out) * (dst + 0.5) - 0.5, 0), i0 = min(floor(src),
//         in - 1), i1 = min(i0 + 1, in - 1), lambda = src - i0, value = (1 - ly) ((1 - lx) v00 +
//         lx v01) + ly ((1 - lx) v10 + lx v11)
//   out(x, y, c) = (v / 255 - mean[c]) / std[c] with v = res(x - left, y - top) inside the box,
//                  114 outside                                   [1, 3, T, T], T = 320
// Halide dimension 0 is the last PyTorch dimension: y_plane(x, y) is y_plane[y, x],
// uv_plane(k, x, y) is uv_plane[y, x, k] (k = 0: U, 1: V), out(x, y, c, 0) is out[0, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int T = 320;  // the network's square input: reference.py's get_init_inputs()
constexpr float pad_value = 114.0f;
constexpr float mean_r = 0.485f, mean_g = 0.456f, mean_b = 0.406f;
constexpr float std_r = 0.229f, std_g = 0.224f, std_b = 0.225f;

struct Algorithm {
    Halide::ImageParam y_plane{Halide::UInt(8), 2, "y_plane"};    // [H, W]
    Halide::ImageParam uv_plane{Halide::UInt(8), 3, "uv_plane"};  // [H/2, W/2, 2] interleaved U, V
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};
    Halide::Func rgb{"rgb"};          // the full-resolution RGB frame, [0, 255]
    Halide::Func resized{"resized"};  // rgb resized to nh x nw (bilinear)
    Halide::Func out{"out"};          // letterboxed and normalized: the output
    // The letterbox geometry and the bilinear source index and weight of a destination index.
    Halide::Expr H, W, nh, nw, top, left;

    // (i0, i1, lambda) of destination index d for a resize from `in` to `outn` samples.
    static void source(const Halide::Expr &d, const Halide::Expr &in, const Halide::Expr &outn, Halide::Expr &i0,
                       Halide::Expr &i1, Halide::Expr &lambda) {
        using namespace Halide;
        Expr scale = cast<float>(in) / cast<float>(outn);
        Expr src = max(scale * (cast<float>(d) + 0.5f) - 0.5f, 0.0f);
        i0 = min(cast<int>(floor(src)), in - 1);
        lambda = clamp(src - cast<float>(i0), 0.0f, 1.0f);
        i1 = min(i0 + 1, in - 1);  // = i0 + (i0 < in - 1), written so bounds inference sees i1 <= in - 1
    }

    Algorithm() {
        using namespace Halide;
        W = y_plane.dim(0).extent();
        H = y_plane.dim(1).extent();
        nh = select(H >= W, T, max(1, (H * T + W / 2) / W));
        nw = select(H >= W, max(1, (W * T + H / 2) / H), T);
        top = (T - nh) / 2;
        left = (T - nw) / 2;

        Expr Y = cast<float>(y_plane(x, y)) - 16.0f;
        Expr U = cast<float>(uv_plane(0, x / 2, y / 2)) - 128.0f;
        Expr V = cast<float>(uv_plane(1, x / 2, y / 2)) - 128.0f;
        Expr r = 1.164383f * Y + 1.596027f * V;
        Expr g = 1.164383f * Y - 0.391762f * U - 0.812968f * V;
        Expr b = 1.164383f * Y + 2.017232f * U;
        rgb(x, y, c) = clamp(select(c == 0, r, c == 1, g, b), 0.0f, 255.0f);

        Expr x0, x1, lx, y0, y1, ly;
        source(x, W, nw, x0, x1, lx);
        source(y, H, nh, y0, y1, ly);
        resized(x, y, c) = (1.0f - ly) * ((1.0f - lx) * rgb(x0, y0, c) + lx * rgb(x1, y0, c)) +
                           ly * ((1.0f - lx) * rgb(x0, y1, c) + lx * rgb(x1, y1, c));

        Expr xx = x - left, yy = y - top;
        Expr inside = xx >= 0 && xx < nw && yy >= 0 && yy < nh;
        Expr v = select(inside, resized(clamp(xx, 0, nw - 1), clamp(yy, 0, nh - 1), c), pad_value);
        Expr mean = select(c == 0, mean_r, c == 1, mean_g, mean_b);
        Expr sd = select(c == 0, std_r, c == 1, std_g, std_b);
        out(x, y, c, n) = (v / 255.0f - mean) / sd;
    }

    ekb::Kernel kernel() { return {{y_plane, uv_plane}, {out}}; }
};

}  // namespace task
