// Element types of task tensors, and how they map to Halide and PyTorch.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace ekb {

enum class DType { f32, f16, i8, u8, i16, u16, i32, u32 };

struct DTypeInfo {
    DType dtype;
    const char *name;        // "float32", as written in task.json and torch.<name> (float16: torch.half)
    int bytes;
    int halide_code;         // halide_type_code_t: 0 int, 1 uint, 2 float
    int bits;
    bool is_float;
};

const DTypeInfo &dtype_info(DType d);
std::optional<DType> parse_dtype(const std::string &name);
inline const char *dtype_name(DType d) { return dtype_info(d).name; }
inline int dtype_bytes(DType d) { return dtype_info(d).bytes; }

}  // namespace ekb
