#include "verify/datagen.h"

#include <cmath>

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

void generate_tensor(void *dst, DType dtype, size_t count, double lo, double hi, uint64_t seed, uint64_t tensor_index) {
    uint64_t base = mix_seed(seed, tensor_index);
    for (size_t i = 0; i < count; i++) {
        uint64_t r = splitmix(base + i);
        double u = double(r >> 11) * (1.0 / 9007199254740992.0);  // [0, 1), 53 bits
        if (dtype == DType::f32) {
            static_cast<float *>(dst)[i] = static_cast<float>(lo + u * (hi - lo));
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
            case DType::f32: break;
        }
    }
}

}  // namespace ekb
