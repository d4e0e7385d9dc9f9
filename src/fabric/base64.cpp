#include "fabric/base64.h"

#include <cstdint>

namespace ekb {

namespace {
const char k_alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int value_of(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}
}  // namespace

std::string base64_encode(const std::string &in) {
    std::string out;
    out.reserve((in.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        uint32_t v = uint32_t(uint8_t(in[i])) << 16 | uint32_t(uint8_t(in[i + 1])) << 8 | uint8_t(in[i + 2]);
        out += k_alphabet[v >> 18 & 63];
        out += k_alphabet[v >> 12 & 63];
        out += k_alphabet[v >> 6 & 63];
        out += k_alphabet[v & 63];
    }
    if (i + 1 == in.size()) {
        uint32_t v = uint32_t(uint8_t(in[i])) << 16;
        out += k_alphabet[v >> 18 & 63];
        out += k_alphabet[v >> 12 & 63];
        out += "==";
    } else if (i + 2 == in.size()) {
        uint32_t v = uint32_t(uint8_t(in[i])) << 16 | uint32_t(uint8_t(in[i + 1])) << 8;
        out += k_alphabet[v >> 18 & 63];
        out += k_alphabet[v >> 12 & 63];
        out += k_alphabet[v >> 6 & 63];
        out += '=';
    }
    return out;
}

std::optional<std::string> base64_decode(const std::string &in) {
    if (in.size() % 4 != 0) return std::nullopt;
    std::string out;
    out.reserve(in.size() / 4 * 3);
    for (size_t i = 0; i < in.size(); i += 4) {
        int v[4];
        int pad = 0;
        for (int k = 0; k < 4; k++) {
            char c = in[i + k];
            if (c == '=') {
                if (i + 4 != in.size() || k < 2) return std::nullopt;
                v[k] = 0;
                pad++;
            } else {
                if (pad) return std::nullopt;  // data after padding
                v[k] = value_of(c);
                if (v[k] < 0) return std::nullopt;
            }
        }
        uint32_t w = uint32_t(v[0]) << 18 | uint32_t(v[1]) << 12 | uint32_t(v[2]) << 6 | uint32_t(v[3]);
        out += char(w >> 16 & 255);
        if (pad < 2) out += char(w >> 8 & 255);
        if (pad < 1) out += char(w & 255);
    }
    return out;
}

}  // namespace ekb
