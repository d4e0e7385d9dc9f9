// Halide reference algorithm for task `hamming_match_u8`: Hamming distances between 256-bit
// descriptors, as ORB-SLAM2's DescriptorDistance: each descriptor is packed into eight
// little-endian uint32 words, dist = sum over the words of popcount(qw ^ tw), the popcount
// written with ORB-SLAM2's bit tricks.
// Halide dimension 0 is the last PyTorch dimension: query(b, n) is query[n, b] and
// dist(m, n) is dist[n, m].
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
    Halide::ImageParam query{Halide::UInt(8), 2, "query"};  // [N, 32]
    Halide::ImageParam train{Halide::UInt(8), 2, "train"};  // [M, 32]
    Halide::Var w{"w"}, n{"n"}, m{"m"};                     // w: a 32-bit word
    Halide::Func qw{"qw"}, tw{"tw"};  // qw(w, n): word w of query n (bytes 4w .. 4w+3)
    Halide::Func dist{"dist"};        // the output

    Algorithm() {
        using namespace Halide;
        const int bytes = 32, words = bytes / 4;  // = get_init_inputs() in reference.py
        auto pack = [&](ImageParam d, Var i) {
            return cast<uint32_t>(d(4 * w, i)) | (cast<uint32_t>(d(4 * w + 1, i)) << 8) |
                   (cast<uint32_t>(d(4 * w + 2, i)) << 16) | (cast<uint32_t>(d(4 * w + 3, i)) << 24);
        };
        qw(w, n) = pack(query, n);
        tw(w, m) = pack(train, m);
        Expr s = swar_popcount(qw(0, n) ^ tw(0, m));
        for (int k = 1; k < words; k++) s += swar_popcount(qw(k, n) ^ tw(k, m));
        dist(m, n) = s;
    }

    ekb::Kernel kernel() { return {{query, train}, {dist}}; }
};

}  // namespace task
