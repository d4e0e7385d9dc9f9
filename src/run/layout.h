// Where each argument of each rotation set lives in the shared region, and the Halide
// buffers that describe it. Sets sit at distinct addresses; every output is framed by
// guard bands that the conductor fills and checks.
#pragma once
#include <HalideRuntime.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "suite/dtype.h"

namespace ekb {

constexpr size_t k_guard_bytes = 4096;
constexpr size_t k_buffer_align = 128;

struct ArgLayout {
    std::string name;
    bool output = false;
    DType dtype = DType::f32;
    std::vector<int64_t> shape;     // PyTorch order
    std::vector<size_t> offsets;    // per set: byte offset of element 0
    size_t elements() const;
    size_t bytes() const { return elements() * size_t(dtype_bytes(dtype)); }
};

struct Layout {
    int sets = 1;
    std::vector<ArgLayout> args;  // inputs, then outputs, in the task's order
    size_t total_bytes = 0;

    // Assigns offsets for `sets` rotation sets.
    static Layout plan(std::vector<ArgLayout> args, int sets);
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
