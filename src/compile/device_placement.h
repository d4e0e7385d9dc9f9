// The GPU rule (docs/evaluation.md, "GPU kernels run on the GPU"): on a GPU backend
// (opencl, cuda) every output, and every stage that does more than trivial work, must be
// computed by a device kernel. Checked in ekb-gen, which has the lowered pipeline in hand:
// after Halide 14 lowers for a GPU target, the loops scheduled with gpu_blocks/gpu_threads
// have been offloaded into device kernels, so every Store left in the host code is work
// that runs on the host. This walks the host code, adds up each stage's host stores
// (iterations of the host loops around each store x its vector lanes), and names the
// stages that break the rule:
//   - an output with any store on the host;
//   - any other stage whose host stores are not bounded by a compile-time constant of at
//     most k_trivial_host_stores (a scalar or a small table: a loop over a shape extent,
//     which grows with the input, never is).
// Used by ekb-gen only (it links libHalide); the trusted side backs it with the object
// check's requirement that a GPU backend's object launches device kernels at all.
#pragma once
#include <Halide.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace ekb {

// The most host stores (iterations x lanes, known at compile time) a non-output stage may
// make on a GPU backend: a scalar, a small lookup table.
constexpr int64_t k_trivial_host_stores = 4096;

struct HostStage {
    std::string func;      // the Func (a Tuple's components are one stage)
    bool output = false;
    int64_t stores = 0;    // host stores, when bounded
    bool bounded = true;   // false: a host loop's extent is not a compile-time constant
};

// The names of every Func of the pipeline: the outputs, everything they call, and the
// wrappers (Func::in) and intermediates (rfactor) scheduling made.
std::set<std::string> pipeline_funcs(const std::vector<Halide::Func> &outputs);

// Every stage of `funcs` with at least one store in the module's host code (its
// functions; device code lives in submodules and buffers), in the order first seen.
// Stores to anything else are Halide's own host bookkeeping (e.g. the size of a GPU
// shared-memory allocation), not a stage.
std::vector<HostStage> host_stages(const Halide::Module &module, const std::set<std::string> &funcs,
                                   const std::set<std::string> &outputs);

// "" when the rule holds; else one line per offending stage, for the kernel's author.
std::string device_placement_violations(const std::vector<HostStage> &stages, const std::string &backend_name);

}  // namespace ekb
