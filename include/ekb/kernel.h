// EdgeKernelBench kernel files: the one header a kernel includes.
//
// A kernel file is one C++ file that defines a Halide pipeline for one task. It is compiled
// once per task x backend and must work for every instance (shape) of the task, including
// held-out shapes it never saw. docs/kernel-format.md has the full rules and examples.
//
//   #include <ekb/kernel.h>
//   #include "algorithm.h"          // the task's reference algorithm: struct task::Algorithm
//
//   EKB_KERNEL {                    // defines: ekb::Kernel ekb_kernel(const Halide::Target &target)
//       task::Algorithm a;          // inputs (ImageParams), named stages (Funcs) and Vars
//       using namespace Halide;
//       // @layer compute           (what is inlined / computed at root; algorithm rewrites)
//       // @layer loops             (split, tile, reorder, parallel, gpu_tile, rfactor)
//       // @layer memory            (compute_at, store_at, in(), store_in, prefetch)
//       // @layer vector            (vectorize, unroll, gpu_lanes)
//       a.out.vectorize(a.x, 8);
//       // @end
//       return a.kernel();          // inputs in the task's order, outputs in the task's order
//   }
//
// Rules (checked on the compiled object and by confinement, reported as failures):
// Halide only; no extern stages, no memoize, no Halide::Internal, no raw device code, no
// file or process APIs. Anything else in the object is rejected by name.
#pragma once

#include <Halide.h>

#include <vector>

namespace ekb {

// What a kernel returns: the pipeline's inputs, in the order of the task's "inputs", and
// its outputs, in the order of the task's "outputs". Types and dimension counts must match
// the task; shapes are only known at run time.
struct Kernel {
    std::vector<Halide::ImageParam> inputs;
    std::vector<Halide::Func> outputs;
};

using KernelEntry = Kernel (*)(const Halide::Target &);

// True for the GPU backends (opencl, cuda): schedule with gpu_blocks / gpu_threads there.
inline bool is_gpu(const Halide::Target &t) { return t.has_gpu_feature(); }

// The natural vector width, in elements of `t`, of the target's widest SIMD unit
// (CPU backends; 1 where unknown).
inline int natural_vector_size(const Halide::Target &target, Halide::Type t) {
    return target.natural_vector_size(t);
}

}  // namespace ekb

// Defines the kernel's entry point; ekb's pipeline generator finds it by the C name
// ekb_kernel_entry.
#define EKB_KERNEL                                                                      \
    ekb::Kernel ekb_kernel(const Halide::Target &target);                               \
    extern "C" __attribute__((visibility("default"))) ekb::KernelEntry ekb_kernel_entry() { \
        return &ekb_kernel;                                                             \
    }                                                                                   \
    ekb::Kernel ekb_kernel([[maybe_unused]] const Halide::Target &target)
