// A shared-memory region (memfd) mapped by the trusted conductor and one untrusted worker.
// Inputs and outputs live here, so the worker's pipeline reads and writes the very bytes
// the conductor generated and verifies; no copies in the timed path on CPU backends.
#pragma once
#include <cstddef>
#include <cstdint>

namespace ekb {

class SharedRegion {
public:
    SharedRegion() = default;
    // Creates a region of `bytes` (rounded up to pages); throws on failure.
    static SharedRegion create(size_t bytes, const char *name);
    // Maps an inherited fd (in the worker).
    static SharedRegion map_fd(int fd);
    SharedRegion(SharedRegion &&o) noexcept;
    SharedRegion &operator=(SharedRegion &&o) noexcept;
    ~SharedRegion();

    uint8_t *data() const { return data_; }
    size_t size() const { return size_; }
    int fd() const { return fd_; }

private:
    uint8_t *data_ = nullptr;
    size_t size_ = 0;
    int fd_ = -1;
};

}  // namespace ekb
