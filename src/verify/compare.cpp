#include "verify/compare.h"

#include <cmath>
#include <cstring>

#include "common/float16.h"

namespace ekb {

namespace {

bool is_poison(const void *p, DType d, size_t i) {
    if (d == DType::f32) {
        uint32_t bits;
        std::memcpy(&bits, static_cast<const char *>(p) + 4 * i, 4);
        return bits == k_poison_f32;
    }
    if (d == DType::f16) {
        uint16_t bits;
        std::memcpy(&bits, static_cast<const char *>(p) + 2 * i, 2);
        return bits == k_poison_f16;
    }
    int n = dtype_bytes(d);
    const auto *b = static_cast<const uint8_t *>(p) + size_t(n) * i;
    for (int k = 0; k < n; k++) {
        if (b[k] != k_poison_int_byte) return false;
    }
    return true;
}

std::string num(double v) {
    char buf[64];
    snprintf(buf, sizeof(buf), "%.7g", v);
    return buf;
}

}  // namespace

double read_element(const void *p, DType d, size_t i) {
    switch (d) {
        case DType::f32: return static_cast<const float *>(p)[i];
        case DType::f16: return half_bits_to_float(static_cast<const uint16_t *>(p)[i]);
        case DType::i8: return static_cast<const int8_t *>(p)[i];
        case DType::u8: return static_cast<const uint8_t *>(p)[i];
        case DType::i16: return static_cast<const int16_t *>(p)[i];
        case DType::u16: return static_cast<const uint16_t *>(p)[i];
        case DType::i32: return static_cast<const int32_t *>(p)[i];
        case DType::u32: return static_cast<const uint32_t *>(p)[i];
    }
    return 0;
}

void fill_poison(void *dst, DType dtype, size_t count) {
    if (dtype == DType::f32) {
        auto *u = static_cast<uint32_t *>(dst);
        for (size_t i = 0; i < count; i++) u[i] = k_poison_f32;
    } else if (dtype == DType::f16) {
        auto *u = static_cast<uint16_t *>(dst);
        for (size_t i = 0; i < count; i++) u[i] = k_poison_f16;
    } else {
        std::memset(dst, k_poison_int_byte, count * size_t(dtype_bytes(dtype)));
    }
}

size_t find_not_byte(const void *p, size_t n, uint8_t byte) {
    const auto *b = static_cast<const uint8_t *>(p);
    for (size_t i = 0; i < n; i++) {
        if (b[i] != byte) return i;
    }
    return n;
}

std::string coordinate_string(size_t flat, const std::vector<int64_t> &shape) {
    std::vector<int64_t> c(shape.size());
    for (size_t k = shape.size(); k-- > 0;) {
        c[k] = static_cast<int64_t>(flat % static_cast<size_t>(shape[k]));
        flat /= static_cast<size_t>(shape[k]);
    }
    std::string s = "[";
    for (size_t k = 0; k < c.size(); k++) s += (k ? ", " : "") + std::to_string(c[k]);
    return s + "]";
}

CompareResult compare_output(const void *out, const void *ref, DType d, size_t count, double atol, double rtol) {
    CompareResult r;
    r.count = count;
    bool any_nonzero_out = false, any_nonzero_ref = false;
    bool is_float = dtype_info(d).is_float;
    for (size_t i = 0; i < count; i++) {
        double o = read_element(out, d, i), e = read_element(ref, d, i);
        bool poison = is_poison(out, d, i) && !is_poison(ref, d, i);
        if (o != 0) any_nonzero_out = true;
        if (e != 0) any_nonzero_ref = true;
        bool bad;
        if (poison) {
            bad = true;
            r.unwritten++;
        } else if (!is_float) {
            bad = o != e;
            if (std::fabs(o - e) > r.max_abs_err) r.max_abs_err = std::fabs(o - e);
        } else if (std::isnan(e) || std::isnan(o)) {
            bad = std::isnan(e) != std::isnan(o);
        } else if (std::isinf(e) || std::isinf(o)) {
            bad = o != e;
        } else {
            double err = std::fabs(o - e);
            if (err > r.max_abs_err) r.max_abs_err = err;
            bad = err > atol + rtol * std::fabs(e);
        }
        if (bad) {
            if (r.mismatches == 0) {
                r.first_bad = i;
                r.got = o;
                r.expected = e;
                r.first_unwritten = poison;
            }
            r.mismatches++;
        }
    }
    r.all_zero = !any_nonzero_out && any_nonzero_ref;
    r.ok = r.mismatches == 0;
    return r;
}

std::string CompareResult::describe(const std::vector<int64_t> &shape) const {
    if (ok) return "matches the reference";
    std::string s;
    if (unwritten == count) {
        return "the output was not written at all (all " + std::to_string(count) + " elements still hold the poison pattern)";
    }
    if (all_zero) s = "the output is all zeros; ";
    s += "wrong values at " + std::to_string(mismatches) + " of " + std::to_string(count) + " elements";
    if (unwritten > 0) s += " (" + std::to_string(unwritten) + " never written)";
    s += ", first at " + coordinate_string(first_bad, shape) + ": got " +
         (first_unwritten ? std::string("<unwritten>") : num(got)) + ", expected " + num(expected) +
         "; max abs error " + num(max_abs_err);
    return s;
}

}  // namespace ekb
