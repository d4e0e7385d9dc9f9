#include "common/float16.h"

#include <cstring>

namespace ekb {

uint16_t float_to_half_bits(float f) {
    uint32_t x;
    std::memcpy(&x, &f, 4);
    uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
    uint32_t exp = (x >> 23) & 0xffu;
    uint32_t man = x & 0x7fffffu;
    if (exp == 0xff) {  // inf or NaN (a NaN keeps its top payload bits and is made quiet)
        return static_cast<uint16_t>(sign | 0x7c00u | (man ? (0x200u | (man >> 13)) : 0u));
    }
    int e = static_cast<int>(exp) - 127 + 15;  // the float16 exponent field, unbiased -> biased
    if (e >= 31) return static_cast<uint16_t>(sign | 0x7c00u);  // overflow: inf
    if (e <= 0) {
        // Subnormal (or zero) in float16: the value is m * 2^-24 with m = man' >> shift.
        if (e < -10) return sign;  // below half the smallest subnormal: +-0
        uint32_t m = man | 0x800000u;  // the implicit leading 1
        int shift = 14 - e;           // 14..24
        uint32_t q = m >> shift, rem = m & ((1u << shift) - 1), halfway = 1u << (shift - 1);
        if (rem > halfway || (rem == halfway && (q & 1u))) q++;
        return static_cast<uint16_t>(sign | q);  // q == 0x400 rounds up into the smallest normal
    }
    uint32_t q = (static_cast<uint32_t>(e) << 10) | (man >> 13), rem = man & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (q & 1u))) q++;  // may carry into inf: correct
    return static_cast<uint16_t>(sign | q);
}

float half_bits_to_float(uint16_t h) {
    uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu, x;
    if (exp == 0x1f) {
        x = sign | 0x7f800000u | (man << 13);
    } else if (exp != 0) {
        x = sign | ((exp - 15 + 127) << 23) | (man << 13);
    } else if (man == 0) {
        x = sign;
    } else {  // subnormal: normalize
        int e = -14;
        while (!(man & 0x400u)) {
            man <<= 1;
            e--;
        }
        x = sign | (static_cast<uint32_t>(e + 127) << 23) | ((man & 0x3ffu) << 13);
    }
    float f;
    std::memcpy(&f, &x, 4);
    return f;
}

uint16_t half_bits_next_below(uint16_t h) {
    if ((h & 0x7c00u) == 0x7c00u && (h & 0x3ffu)) return h;  // NaN
    if (h == 0xfc00u) return h;                              // -inf
    if (h == 0x0000u || h == 0x8000u) return 0x8001u;
    if (h & 0x8000u) return static_cast<uint16_t>(h + 1);    // negative: away from zero
    return static_cast<uint16_t>(h - 1);                     // positive: toward zero (+inf -> max)
}

}  // namespace ekb
