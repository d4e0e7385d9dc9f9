// Halide reference algorithm for task `kv_cache_append`: the functional update of a
// rolling-buffer KV cache (sliding-window attention): the T new key and value rows of each
// KV head are written at slots (pos + t) mod S, every other slot keeps its cached row.
// Written as a gather over the output slots: slot s holds new row t = (s - pos) mod S if
// t < T, else the cached row.
// Halide dimension 0 is the last PyTorch dimension: k_cache(d, s, h) is k_cache[h, s, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam k_cache{Halide::Float(32), 3, "k_cache"};  // [H, S, D]
    Halide::ImageParam v_cache{Halide::Float(32), 3, "v_cache"};  // [H, S, D]
    Halide::ImageParam k_new{Halide::Float(32), 3, "k_new"};      // [H, T, D]
    Halide::ImageParam v_new{Halide::Float(32), 3, "v_new"};      // [H, T, D]
    Halide::ImageParam pos{Halide::Int(32), 1, "pos"};            // [1]: the absolute position of the first new token
    Halide::Var d{"d"}, s{"s"}, h{"h"};  // out[h, s, d]
    Halide::Func slot_t{"slot_t"};  // the new row written to slot s, (s - pos) mod S (>= T: none)
    Halide::Func k_out{"k_out"};    // the updated key cache
    Halide::Func v_out{"v_out"};    // the updated value cache

    Algorithm() {
        using namespace Halide;
        Expr S = k_cache.dim(1).extent(), T = k_new.dim(1).extent();
        slot_t(s) = (s - pos(0) % S + S) % S;
        Expr t = slot_t(s);
        Expr fresh = t < T;
        Expr tc = clamp(t, 0, T - 1);
        k_out(d, s, h) = select(fresh, k_new(d, tc, h), k_cache(d, s, h));
        v_out(d, s, h) = select(fresh, v_new(d, tc, h), v_cache(d, s, h));
    }

    ekb::Kernel kernel() { return {{k_cache, v_cache, k_new, v_new, pos}, {k_out, v_out}}; }
};

}  // namespace task
