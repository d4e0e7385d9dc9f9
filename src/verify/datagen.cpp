#include "verify/datagen.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/float16.h"

namespace ekb {

namespace {
inline uint64_t splitmix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}
}  // namespace

uint64_t mix_seed(uint64_t seed, uint64_t stream) { return splitmix(seed ^ splitmix(stream + 0x632be59bd9b4e019ull)); }

namespace {
// Stores `v` (already inside the dtype's range) as element i.
void store(void *dst, DType dtype, size_t i, double v) {
    switch (dtype) {
        case DType::f32: static_cast<float *>(dst)[i] = static_cast<float>(v); break;
        case DType::f16: static_cast<uint16_t *>(dst)[i] = float_to_half_bits(static_cast<float>(v)); break;
        case DType::i8: static_cast<int8_t *>(dst)[i] = static_cast<int8_t>(std::lround(v)); break;
        case DType::u8: static_cast<uint8_t *>(dst)[i] = static_cast<uint8_t>(std::lround(v)); break;
        case DType::i16: static_cast<int16_t *>(dst)[i] = static_cast<int16_t>(std::lround(v)); break;
        case DType::u16: static_cast<uint16_t *>(dst)[i] = static_cast<uint16_t>(std::lround(v)); break;
        case DType::i32: static_cast<int32_t *>(dst)[i] = static_cast<int32_t>(std::llround(v)); break;
        case DType::u32: static_cast<uint32_t *>(dst)[i] = static_cast<uint32_t>(std::llround(v)); break;
    }
}

// A float32 v near (k + 0.5) / m with float(v * m) == k + 0.5 exactly, when one is within a
// few ulps (it is for every m whose float32 reciprocal is exact, and usually otherwise).
float half_point(double k, double m) {
    float target = static_cast<float>(k + 0.5);
    float v = static_cast<float>((k + 0.5) / m);
    float fm = static_cast<float>(m);
    float up = v, down = v;
    for (int step = 0; step < 4; step++) {
        if (up * fm == target) return up;
        if (down * fm == target) return down;
        up = std::nextafter(up, std::numeric_limits<float>::infinity());
        down = std::nextafter(down, -std::numeric_limits<float>::infinity());
    }
    return v;
}

// A float16 v near (k + 0.5) / m with float(float(v) * m) == k + 0.5 exactly, when one is within
// a few float16 ulps (the kernel widens the float16 input to float before scaling it).
uint16_t half_point_f16(double k, double m) {
    float target = static_cast<float>(k + 0.5);
    float fm = static_cast<float>(m);
    uint16_t v = float_to_half_bits(static_cast<float>((k + 0.5) / m));
    uint16_t up = v, down = v;
    for (int step = 0; step < 4; step++) {
        if (half_bits_to_float(up) * fm == target) return up;
        if (half_bits_to_float(down) * fm == target) return down;
        up = static_cast<uint16_t>(up & 0x8000u ? (up == 0x8000u ? 0x0001u : up - 1) : up + 1);  // next above
        down = half_bits_next_below(down);
    }
    return v;
}

// A uniform value of [lo, hi) rounded to float16, kept below hi (rounding may reach it).
uint16_t half_in_range(double v, double hi) {
    uint16_t h = float_to_half_bits(static_cast<float>(v));
    while (half_bits_to_float(h) >= hi) h = half_bits_next_below(h);
    return h;
}
}  // namespace

nlohmann::json AdversarialGen::to_json() const {
    if (kind == "large") return nlohmann::json::array({lo, hi});
    if (kind == "ties") return levels;
    if (kind == "round_half") return multiplier;
    return true;
}

const std::vector<std::string> &adversarial_kinds() {
    static const std::vector<std::string> k = {"large", "ties", "round_half", "extremes", "zeros", "denormal"};
    return k;
}

std::string parse_adversarial(const std::string &kind, const nlohmann::json &v, DType dtype, double range_lo,
                              double range_hi, AdversarialGen &g) {
    g = AdversarialGen{};
    g.kind = kind;
    bool is_float = dtype_info(dtype).is_float;
    if (kind == "large") {
        if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number() || !(v[0].get<double>() < v[1].get<double>())) {
            return "must be [lo, hi] with lo < hi: the range where the reference is still stable";
        }
        g.lo = v[0].get<double>();
        g.hi = v[1].get<double>();
        if (dtype == DType::f16 && (std::fabs(g.lo) > k_float16_max || std::fabs(g.hi) > k_float16_max)) {
            return "is outside the finite values of float16 (|v| <= 65504): the set would hold inf";
        }
        if (!is_float) {
            const auto &info = dtype_info(dtype);
            bool is_signed = info.halide_code == 0;
            double tmin = is_signed ? -std::ldexp(1.0, info.bits - 1) : 0;
            double tmax = is_signed ? std::ldexp(1.0, info.bits - 1) - 1 : std::ldexp(1.0, info.bits) - 1;
            if (g.lo < tmin || g.hi > tmax) return "is outside the values of " + std::string(dtype_name(dtype));
        }
        return "";
    }
    if (kind == "ties") {
        if (!v.is_number_integer() || v.get<int64_t>() < 2 || v.get<int64_t>() > 64) return "must be the number of distinct values, 2..64";
        g.levels = static_cast<int>(v.get<int64_t>());
        return "";
    }
    if (kind == "round_half") {
        if (!is_float) return "applies to float32 and float16 inputs only (the values before a rounding)";
        if (!v.is_number() || !(v.get<double>() > 0)) return "must be the positive factor applied before the rounding";
        g.multiplier = v.get<double>();
        if (std::floor(range_lo * g.multiplier - 0.5) + 1 > std::floor(range_hi * g.multiplier - 0.5)) {
            return "the input's range holds no rounding tie for this factor";
        }
        return "";
    }
    if (kind == "zeros" || kind == "extremes" || kind == "denormal") {
        if (!(v.is_boolean() && v.get<bool>())) return "must be true";
        if (kind == "denormal" && !is_float) return "applies to float32 and float16 inputs only";
        return "";
    }
    std::string known;
    for (const auto &k : adversarial_kinds()) known += (known.empty() ? "" : ", ") + k;
    return "unknown kind (known: " + known + ")";
}

void generate_adversarial(void *dst, DType dtype, size_t count, const AdversarialGen &g, double lo, double hi,
                          uint64_t seed, uint64_t tensor_index) {
    uint64_t base = mix_seed(mix_seed(seed, tensor_index), 0x6164766572736172ull);  // "adversar"
    bool is_float = dtype_info(dtype).is_float;
    if (g.kind == "large") {
        generate_tensor(dst, dtype, count, g.lo, g.hi, seed, tensor_index);
        return;
    }
    if (g.kind != "ties" && g.kind != "round_half" && g.kind != "extremes" && g.kind != "denormal") {
        for (size_t i = 0; i < count; i++) store(dst, dtype, i, 0.0);  // zeros, and anything unknown
        return;
    }
    double ilo = is_float ? lo : std::ceil(lo), ihi = is_float ? hi : std::floor(hi);
    double klo = std::floor(lo * g.multiplier - 0.5) + 1, khi = std::floor(hi * g.multiplier - 0.5);
    for (size_t i = 0; i < count; i++) {
        uint64_t r = splitmix(base + i);
        double u = double(r >> 11) * (1.0 / 9007199254740992.0);
        double v = 0;
        if (g.kind == "ties") {
            int k = std::min(g.levels - 1, static_cast<int>(u * g.levels));
            v = ilo + (ihi - ilo) * double(k) / double(g.levels - 1);
            if (!is_float) v = std::round(v);
        } else if (g.kind == "extremes") {
            v = (r & 1) ? ihi : ilo;
        } else if (g.kind == "round_half") {
            double k = std::min(khi, klo + std::floor(u * (khi - klo + 1)));
            if (dtype == DType::f16) static_cast<uint16_t *>(dst)[i] = half_point_f16(k, g.multiplier);
            else static_cast<float *>(dst)[i] = half_point(k, g.multiplier);
            continue;
        } else {  // denormal
            if ((r & 1) && dtype == DType::f16) {
                // a float16 subnormal: mantissa 1..1023 times 2^-24, either sign
                uint16_t m = static_cast<uint16_t>(1 + (r >> 16) % 1023);
                static_cast<uint16_t *>(dst)[i] = static_cast<uint16_t>((r & 2) ? 0x8000u | m : m);
                continue;
            }
            if (r & 1) {
                float tiny = std::numeric_limits<float>::denorm_min();
                float sub = static_cast<float>(std::ldexp(u, -126)) + tiny;  // (0, 2^-126)
                v = (r & 2) ? -sub : sub;
                static_cast<float *>(dst)[i] = static_cast<float>(v);
                continue;
            }
            v = lo + u * (hi - lo);
        }
        store(dst, dtype, i, v);
    }
}

void generate_tensor(void *dst, DType dtype, size_t count, double lo, double hi, uint64_t seed, uint64_t tensor_index) {
    uint64_t base = mix_seed(seed, tensor_index);
    for (size_t i = 0; i < count; i++) {
        uint64_t r = splitmix(base + i);
        double u = double(r >> 11) * (1.0 / 9007199254740992.0);  // [0, 1), 53 bits
        if (dtype == DType::f32) {
            static_cast<float *>(dst)[i] = static_cast<float>(lo + u * (hi - lo));
            continue;
        }
        if (dtype == DType::f16) {
            static_cast<uint16_t *>(dst)[i] = half_in_range(lo + u * (hi - lo), hi);
            continue;
        }
        int64_t ilo = static_cast<int64_t>(std::ceil(lo)), ihi = static_cast<int64_t>(std::floor(hi));
        int64_t v = ilo + static_cast<int64_t>(u * double(ihi - ilo + 1));
        if (v > ihi) v = ihi;
        switch (dtype) {
            case DType::i8: static_cast<int8_t *>(dst)[i] = static_cast<int8_t>(v); break;
            case DType::u8: static_cast<uint8_t *>(dst)[i] = static_cast<uint8_t>(v); break;
            case DType::i16: static_cast<int16_t *>(dst)[i] = static_cast<int16_t>(v); break;
            case DType::u16: static_cast<uint16_t *>(dst)[i] = static_cast<uint16_t>(v); break;
            case DType::i32: static_cast<int32_t *>(dst)[i] = static_cast<int32_t>(v); break;
            case DType::u32: static_cast<uint32_t *>(dst)[i] = static_cast<uint32_t>(v); break;
            case DType::f32:
            case DType::f16: break;
        }
    }
}

}  // namespace ekb
