// Halide reference algorithm for task `census_hamming_cost`: 5x5 census transform of the left
// and right images (24-bit codes, a bit per neighbour set when the neighbour is darker than the
// centre, replicate borders), then the Hamming cost of every disparity d < 64:
// cost(x, y, d) = popcount(census_l(x, y) ^ census_r(max(x - d, 0), y)).
// The bit order is any fixed one: the Hamming distance does not depend on it. `likely` marks
// x >= 0 as the common case, so a schedule can partition off the left border of census_rc.
// Halide dimension 0 is the last PyTorch dimension: left(x, y) is left[y, x] and
// cost(x, y, d) is cost[d, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

// The number of set bits of a uint32, the SWAR way of ORB-SLAM2's DescriptorDistance (Halide
// 14's OpenCL backend emits an undefined halide_popcount for popcount()).
inline Halide::Expr swar_popcount(Halide::Expr v) {
    using Halide::cast;
    v = v - ((v >> 1) & cast<uint32_t>(0x55555555));
    v = (v & cast<uint32_t>(0x33333333)) + ((v >> 2) & cast<uint32_t>(0x33333333));
    return cast<int32_t>((((v + (v >> 4)) & cast<uint32_t>(0x0F0F0F0F)) * cast<uint32_t>(0x01010101)) >> 24);
}

struct Algorithm {
    Halide::ImageParam left{Halide::UInt(8), 2, "left"};    // [H, W]
    Halide::ImageParam right{Halide::UInt(8), 2, "right"};  // [H, W]
    Halide::Var x{"x"}, y{"y"}, d{"d"};                     // cost[d, y, x]
    Halide::Func clamped_l{"clamped_l"}, clamped_r{"clamped_r"};  // replicate borders
    Halide::Func census_l{"census_l"}, census_r{"census_r"};      // the 24-bit codes (uint32)
    Halide::Func census_rc{"census_rc"};  // census_r with x clamped below at 0 (left border)
    Halide::Func cost{"cost"};                                    // the output

    Algorithm() {
        using namespace Halide;
        const int size = 5, disparities = 64;  // = get_init_inputs() in reference.py
        (void)disparities;                     // the output's extent along d
        const int k = size / 2;
        clamped_l(x, y) = BoundaryConditions::repeat_edge(left)(x, y);
        clamped_r(x, y) = BoundaryConditions::repeat_edge(right)(x, y);
        auto census = [&](Func img) {
            Expr code = cast<uint32_t>(0);
            int bit = 0;
            for (int dy = -k; dy <= k; dy++) {
                for (int dx = -k; dx <= k; dx++) {
                    if (dx == 0 && dy == 0) continue;
                    code = code | select(img(x + dx, y + dy) < img(x, y), cast<uint32_t>(1 << bit), cast<uint32_t>(0));
                    bit++;
                }
            }
            return code;
        };
        census_l(x, y) = census(clamped_l);
        census_r(x, y) = census(clamped_r);
        census_rc(x, y) = census_r(max(likely(x), 0), y);
        cost(x, y, d) = cast<uint8_t>(swar_popcount(census_l(x, y) ^ census_rc(x - d, y)));
    }

    ekb::Kernel kernel() { return {{left, right}, {cost}}; }
};

}  // namespace task
