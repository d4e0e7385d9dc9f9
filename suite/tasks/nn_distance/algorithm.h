// Halide reference algorithm for task `nn_distance`: for each query point the squared
// distance to the nearest reference point and its index (int32, the first on ties).
// Halide dimension 0 is the last PyTorch dimension: queries(j, n) is queries[n, j] and
// refs(j, m) is refs[m, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam queries{Halide::Float(32), 2, "queries"};  // [N, 3]
    Halide::ImageParam refs{Halide::Float(32), 2, "refs"};        // [M, 3]
    Halide::Var n{"n"}, m{"m"};  // dist[n], index[n]; m a reference point
    Halide::RDom k;              // over the reference points
    Halide::Func d{"d"};         // d(m, n): squared distance from query n to reference m
    Halide::Func best{"best"};   // (index, distance) of the running minimum over k
    Halide::Func dist{"dist"};   // the output: best's distance
    Halide::Func index{"index"};  // the output: best's index

    Algorithm() {
        using namespace Halide;
        k = RDom(0, refs.dim(1).extent(), "k");
        Expr dx = queries(0, n) - refs(0, m), dy = queries(1, n) - refs(1, m), dz = queries(2, n) - refs(2, m);
        d(m, n) = (dx * dx + dy * dy) + dz * dz;
        best(n) = Tuple(0, d(0, n));
        Expr v = d(k, n);
        Expr better = v < best(n)[1];  // strictly less: the first minimum wins
        best(n) = Tuple(select(better, k, best(n)[0]), select(better, v, best(n)[1]));
        dist(n) = best(n)[1];
        index(n) = best(n)[0];
    }

    ekb::Kernel kernel() { return {{queries, refs}, {dist, index}}; }
};

}  // namespace task
