// Output verification (design.md section 4): NaN/Inf positions equal to the reference's,
// |out - ref| <= atol + rtol * |ref| per element (integers exact), guard bands untouched,
// and the output actually written (the poison pattern the trusted side wrote before the
// call is gone).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "suite/dtype.h"

namespace ekb {

// Byte patterns the trusted side writes around and into outputs before a checked call.
constexpr uint8_t k_guard_byte = 0x5a;
constexpr uint32_t k_poison_f32 = 0x7fc0dead;  // a quiet NaN with a payload
constexpr uint16_t k_poison_f16 = 0x7ead;      // float16: a quiet NaN with a payload
constexpr uint8_t k_poison_int_byte = 0xa5;

void fill_poison(void *dst, DType dtype, size_t count);

// Element i of a buffer of `dtype`, as a double.
double read_element(const void *p, DType dtype, size_t i);

struct CompareResult {
    bool ok = true;
    size_t count = 0;
    size_t mismatches = 0;     // elements outside tolerance (NaN/Inf placement included)
    size_t unwritten = 0;      // elements still holding the poison pattern
    size_t first_bad = 0;      // flat index of the first bad element
    double got = 0, expected = 0;
    bool first_unwritten = false;  // the first bad element still holds the poison pattern
    double max_abs_err = 0;    // over finite pairs
    bool all_zero = false;     // the whole output is zero (while the reference is not)
    // "wrong values at 37 of 4096 elements (first at [0, 12]: got 0.5, expected 0.25; max abs error 0.31)"
    std::string describe(const std::vector<int64_t> &shape) const;
};

CompareResult compare_output(const void *out, const void *ref, DType dtype, size_t count, double atol, double rtol);

// Index of the first byte in [p, p+n) that is not `byte`, or n when all are.
size_t find_not_byte(const void *p, size_t n, uint8_t byte);

// Flat index -> coordinate in PyTorch order, "[0, 12]".
std::string coordinate_string(size_t flat, const std::vector<int64_t> &shape);

}  // namespace ekb
