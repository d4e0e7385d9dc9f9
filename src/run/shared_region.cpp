#include "run/shared_region.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace ekb {

SharedRegion SharedRegion::create(size_t bytes, const char *name) {
    size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    bytes = (std::max<size_t>(bytes, 1) + page - 1) / page * page;
    SharedRegion r;
    r.fd_ = ::memfd_create(name, MFD_CLOEXEC);
    if (r.fd_ < 0) throw std::runtime_error(std::string("memfd_create: ") + strerror(errno));
    if (::ftruncate(r.fd_, static_cast<off_t>(bytes)) != 0) {
        throw std::runtime_error("cannot size shared memory to " + std::to_string(bytes) + " bytes: " + strerror(errno));
    }
    void *p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, r.fd_, 0);
    if (p == MAP_FAILED) throw std::runtime_error(std::string("mmap: ") + strerror(errno));
    r.data_ = static_cast<uint8_t *>(p);
    r.size_ = bytes;
    return r;
}

SharedRegion SharedRegion::map_fd(int fd) {
    struct stat st{};
    if (::fstat(fd, &st) != 0) throw std::runtime_error("fstat on shared memory fd failed");
    SharedRegion r;
    r.fd_ = fd;
    r.size_ = static_cast<size_t>(st.st_size);
    void *p = ::mmap(nullptr, r.size_, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) throw std::runtime_error(std::string("mmap: ") + strerror(errno));
    r.data_ = static_cast<uint8_t *>(p);
    return r;
}

SharedRegion::SharedRegion(SharedRegion &&o) noexcept { *this = std::move(o); }

SharedRegion &SharedRegion::operator=(SharedRegion &&o) noexcept {
    if (this != &o) {
        this->~SharedRegion();
        data_ = o.data_; size_ = o.size_; fd_ = o.fd_;
        o.data_ = nullptr; o.size_ = 0; o.fd_ = -1;
    }
    return *this;
}

SharedRegion::~SharedRegion() {
    if (data_) ::munmap(data_, size_);
    if (fd_ >= 0) ::close(fd_);
    data_ = nullptr;
    fd_ = -1;
}

}  // namespace ekb
