// Halide reference algorithm for task `orb_fast9_nms_u8`: FAST-9/16 with OpenCV's corner
// score (threshold 20) and strict 3x3 non-maximum suppression, as ORB-SLAM2's extractor.
//   d_k(x, y) = img(x, y) - img(x + dx_k, y + dy_k) over OpenCV's 16-pixel circle
//   M = max over the 16 arcs of 9 of max(min_arc d, -max_arc d)
//   score = (3 <= x < W - 3, 3 <= y < H - 3, M > 20) ? M - 1 : 0
//   out = score > 0 and score > each of the 8 neighbours' scores ? score : 0   (uint8)
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int threshold = 20;  // ORB-SLAM2's iniThFAST
    static constexpr int circle[16][2] = {{0, 3}, {1, 3}, {2, 2}, {3, 1}, {3, 0}, {3, -1}, {2, -2}, {1, -3},
                                          {0, -3}, {-1, -3}, {-2, -2}, {-3, -1}, {-3, 0}, {-3, 1}, {-2, 2}, {-1, 3}};
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};
    Halide::Func in{"in"};        // img as int16, coordinates clamped to the image
    Halide::Func m{"m"};          // M: the best arc's margin
    Halide::Func score{"score"};  // the corner score (0 for non-corners and the 3-pixel border)
    Halide::Func out{"out"};      // the scores that survive the non-maximum suppression

    Algorithm() {
        using namespace Halide;
        Expr W = img.dim(0).extent(), H = img.dim(1).extent();
        in(x, y) = cast<int16_t>(img(clamp(x, 0, W - 1), clamp(y, 0, H - 1)));
        std::vector<Expr> d;
        for (int k = 0; k < 16; k++) d.push_back(in(x, y) - in(x + circle[k][0], y + circle[k][1]));
        Expr best;
        for (int s = 0; s < 16; s++) {
            Expr lo = d[s], hi = d[s];
            for (int j = 1; j < 9; j++) {
                lo = min(lo, d[(s + j) % 16]);
                hi = max(hi, d[(s + j) % 16]);
            }
            Expr v = max(lo, -hi);
            best = s == 0 ? v : max(best, v);
        }
        m(x, y) = best;
        Expr inside = x >= 3 && x < W - 3 && y >= 3 && y < H - 3;
        score(x, y) = select(inside && m(x, y) > threshold, m(x, y) - 1, cast<int16_t>(0));
        Expr keep = score(x, y) > 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                if (dx || dy) keep = keep && score(x, y) > score(x + dx, y + dy);
        out(x, y) = cast<uint8_t>(select(keep, score(x, y), cast<int16_t>(0)));
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
