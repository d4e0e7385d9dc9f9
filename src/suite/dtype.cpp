#include "suite/dtype.h"

namespace ekb {
namespace {
constexpr DTypeInfo k_dtypes[] = {
    {DType::f32, "float32", 4, 2, 32, true},
    {DType::f16, "float16", 2, 2, 16, true},  // IEEE binary16 (common/float16.h): torch.half, Halide Float(16)
    {DType::i8, "int8", 1, 0, 8, false},
    {DType::u8, "uint8", 1, 1, 8, false},
    {DType::i16, "int16", 2, 0, 16, false},
    {DType::u16, "uint16", 2, 1, 16, false},
    {DType::i32, "int32", 4, 0, 32, false},
    {DType::u32, "uint32", 4, 1, 32, false},
};
}  // namespace

const DTypeInfo &dtype_info(DType d) {
    for (const auto &i : k_dtypes) {
        if (i.dtype == d) return i;
    }
    return k_dtypes[0];
}

std::optional<DType> parse_dtype(const std::string &name) {
    for (const auto &i : k_dtypes) {
        if (name == i.name) return i.dtype;
    }
    return std::nullopt;
}

}  // namespace ekb
