// Where each argument of each rotation set lives in the shared region, and the Halide
// buffers that describe it. Inputs have `sets` sets and outputs `out_sets` (= sets + 1
// when timing, so call i reads input set i % sets and writes output set i % out_sets:
// consecutive uses of an output set are paired with different inputs, and no call finds
// its inputs' answer already in its output). Sets sit at distinct addresses whose low
// bits differ (shifts of 64 B .. 4 KiB, so the sets differ in page parity and in every
// alignment from 64 B to 4 KiB); every buffer is 64-byte aligned, no more is promised.
// Every output is framed by guard bands that the conductor fills and checks.
#pragma once
#include <HalideRuntime.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "suite/dtype.h"

namespace ekb {

constexpr size_t k_guard_bytes = 4096;
constexpr size_t k_buffer_align = 64;  // the alignment the runner promises a pipeline

struct ArgLayout {
    std::string name;
    bool output = false;
    DType dtype = DType::f32;
    std::vector<int64_t> shape;     // PyTorch order
    std::vector<size_t> offsets;    // per set (inputs: sets, outputs: out_sets): byte offset of element 0
    size_t elements() const;
    size_t bytes() const { return elements() * size_t(dtype_bytes(dtype)); }
};

struct Layout {
    int sets = 1;      // input sets
    int out_sets = 1;  // output sets (>= sets)
    std::vector<ArgLayout> args;  // inputs, then outputs, in the task's order
    size_t total_bytes = 0;

    // Assigns offsets for `sets` input and `out_sets` output sets (0: as many as inputs).
    static Layout plan(std::vector<ArgLayout> args, int sets, int out_sets = 0);
    // The sets call number `call` uses.
    int input_set(long call) const { return static_cast<int>(call % sets); }
    int output_set(long call) const { return static_cast<int>(call % out_sets); }
    nlohmann::json to_json() const;
    static Layout from_json(const nlohmann::json &j);
};

// A halide_buffer_t over host memory, dense, dimension 0 = last PyTorch dimension.
struct HostBuffer {
    halide_buffer_t buf{};
    std::vector<halide_dimension_t> dims;
    HostBuffer() = default;
    HostBuffer(const HostBuffer &) = delete;
    HostBuffer &operator=(const HostBuffer &) = delete;
    void init(uint8_t *host, DType dtype, const std::vector<int64_t> &shape);
};

halide_type_t halide_type_of(DType d);

}  // namespace ekb
