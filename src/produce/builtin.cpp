#include "produce/builtin.h"

#include "common/backend_table.h"

namespace ekb {

namespace {

struct Variant {
    int vector_multiple;  // cpu: vector width = SIMD lanes x this
    int tile_x, tile_y;   // GPU tile
    const char *why;
};

const Variant k_variants[] = {
    {1, 16, 8, "outputs: parallel outer dimension, one SIMD vector / a 16x8 GPU tile"},
    {2, 32, 8, "outputs: two SIMD vectors per step / a 32x8 GPU tile"},
    {4, 64, 4, "outputs: four SIMD vectors per step / a 64x4 GPU tile"},
};

}  // namespace

int builtin_variants() { return static_cast<int>(sizeof(k_variants) / sizeof(k_variants[0])); }

std::string builtin_kernel(const Task &task, const std::string &backend, int variant) {
    const Variant &v = k_variants[((variant % builtin_variants()) + builtin_variants()) % builtin_variants()];
    bool gpu = is_gpu_backend(backend);
    std::string s = "// builtin kernel for task `" + task.id + "` on " + backend + ", variant " + std::to_string(variant) +
                    ":\n// " + v.why + ". Intermediate stages are inlined by default.\n";
    s += R"(#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    ekb::Kernel k = a.kernel();
    // @layer compute
    // Intermediate stages keep Halide's default: computed inline in their consumers.
    // @layer loops
)";
    if (!gpu) {
        s += R"(    for (Func f : k.outputs) {
        std::vector<Var> v = f.args();
        if (v.size() >= 2) f.parallel(v.back());
    }
    // @layer memory
    // @layer vector
    for (Func f : k.outputs) {
        std::vector<Var> v = f.args();
        int lanes = target.natural_vector_size(f.output_types()[0]) * )" +
             std::to_string(v.vector_multiple) + R"(;
        f.vectorize(v[0], lanes, TailStrategy::GuardWithIf);
    }
)";
    } else {
        s += R"(    for (Func f : k.outputs) {
        std::vector<Var> v = f.args();
        Var xo, yo, xi, yi;
        if (v.size() >= 2) f.gpu_tile(v[0], v[1], xo, yo, xi, yi, )" +
             std::to_string(v.tile_x) + ", " + std::to_string(v.tile_y) + R"(, TailStrategy::GuardWithIf);
        else f.gpu_tile(v[0], xo, xi, )" + std::to_string(v.tile_x * v.tile_y) + R"(, TailStrategy::GuardWithIf);
    }
    // @layer memory
    // @layer vector
)";
    }
    s += R"(    // @end
    return k;
}
)";
    return s;
}

}  // namespace ekb
