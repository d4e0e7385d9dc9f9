// Halide reference algorithm for task `hamming_match_u8`: Hamming distances between 256-bit
// descriptors, as ORB-SLAM2's DescriptorDistance: each descriptor is packed into eight
// little-endian uint32 words, dist = sum over the words of popcount(qw ^ tw).
// Halide dimension 0 is the last PyTorch dimension: query(b, n) is query[n, b] and
// dist(m, n) is dist[n, m].
#pragma once
#include <ekb/kernel.h>

namespace task {

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
        Expr s = cast<int32_t>(popcount(qw(0, n) ^ tw(0, m)));
        for (int k = 1; k < words; k++) s += cast<int32_t>(popcount(qw(k, n) ^ tw(k, m)));
        dist(m, n) = s;
    }

    ekb::Kernel kernel() { return {{query, train}, {dist}}; }
};

}  // namespace task
