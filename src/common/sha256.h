// SHA-256 content hashes: cache keys for artifacts and the suite/task hashes in every record.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace ekb {

class Sha256 {
public:
    Sha256();
    Sha256 &update(std::string_view data);
    Sha256 &update(const void *data, size_t size);
    // Hex digest (64 characters). The object must not be updated afterwards.
    std::string hex();

private:
    void block(const uint8_t *p);
    uint32_t h_[8];
    uint8_t buf_[64];
    size_t buf_len_ = 0;
    uint64_t total_ = 0;
};

std::string sha256_hex(std::string_view data);

}  // namespace ekb
