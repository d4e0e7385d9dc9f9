#include "common/untrusted_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace ekb {

namespace {

// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is not one.
size_t utf8_sequence(std::string_view s, size_t i) {
    auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char c = b(i);
    if (c < 0x80) return c == 0 ? 0 : 1;
    size_t n = 0;
    uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) {
        n = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (i + n > s.size()) return 0;
    for (size_t k = 1; k < n; k++) {
        if ((b(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b(i + k) & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are invalid.
    if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000)) return 0;
    if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
    if (cp > 0x10FFFF) return 0;
    return n;
}

const char *kind_of(mode_t m) {
    if (S_ISLNK(m)) return "is a symbolic link";
    if (S_ISFIFO(m)) return "is a FIFO";
    if (S_ISSOCK(m)) return "is a socket";
    if (S_ISCHR(m)) return "is a character device";
    if (S_ISBLK(m)) return "is a block device";
    if (S_ISDIR(m)) return "is a directory";
    return "is not a regular file";
}

}  // namespace

std::string escape_invalid_utf8(std::string_view bytes) {
    static const char *hex = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size());
    for (size_t i = 0; i < bytes.size();) {
        size_t n = utf8_sequence(bytes, i);
        if (n == 0) {
            auto c = static_cast<unsigned char>(bytes[i]);
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
            i++;
        } else {
            out.append(bytes.substr(i, n));
            i += n;
        }
    }
    return out;
}

UntrustedRead read_untrusted(const std::filesystem::path &path, size_t max_bytes, ReadEnd end) {
    UntrustedRead r;
    // O_NOFOLLOW: a symlink as the last component fails with ELOOP; O_NONBLOCK: opening a FIFO
    // with no writer returns at once instead of blocking; O_NOCTTY: a tty never becomes ours.
    int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        int err = errno;
        if (err == ENOENT) return r;
        struct stat ls{};
        if (::lstat(path.c_str(), &ls) == 0 && !S_ISREG(ls.st_mode)) {
            r.status = UntrustedRead::Status::not_regular;
            r.problem = kind_of(ls.st_mode);
        } else {
            r.status = err == ELOOP ? UntrustedRead::Status::not_regular : UntrustedRead::Status::error;
            r.problem = err == ELOOP ? "is a symbolic link" : std::string("cannot be opened: ") + std::strerror(err);
        }
        return r;
    }
    struct stat st{};
    if (::fstat(fd, &st) != 0) {
        r.status = UntrustedRead::Status::error;
        r.problem = std::string("fstat failed: ") + std::strerror(errno);
        ::close(fd);
        return r;
    }
    if (!S_ISREG(st.st_mode)) {
        r.status = UntrustedRead::Status::not_regular;
        r.problem = kind_of(st.st_mode);
        ::close(fd);
        return r;
    }
    if (st.st_nlink != 1) {
        // A hard link may name a file the child could not otherwise have reached.
        r.status = UntrustedRead::Status::not_regular;
        r.problem = "has " + std::to_string(st.st_nlink) + " hard links";
        ::close(fd);
        return r;
    }
    auto size = static_cast<size_t>(st.st_size);
    size_t want = size < max_bytes ? size : max_bytes;
    off_t start = (end == ReadEnd::tail && size > max_bytes) ? static_cast<off_t>(size - max_bytes) : 0;
    r.truncated = size > max_bytes;
    r.bytes.resize(want);
    size_t got = 0;
    while (got < want) {
        ssize_t n = ::pread(fd, r.bytes.data() + got, want - got, start + static_cast<off_t>(got));
        if (n < 0) {
            if (errno == EINTR) continue;
            r.status = UntrustedRead::Status::error;
            r.problem = std::string("read failed: ") + std::strerror(errno);
            r.bytes.clear();
            ::close(fd);
            return r;
        }
        if (n == 0) break;  // the file shrank while we read: keep what is there
        got += static_cast<size_t>(n);
    }
    r.bytes.resize(got);
    ::close(fd);
    r.status = UntrustedRead::Status::ok;
    return r;
}

std::string read_untrusted_text(const std::filesystem::path &path, size_t max_bytes, ReadEnd end) {
    UntrustedRead r = read_untrusted(path, max_bytes, end);
    if (r.status == UntrustedRead::Status::missing) return {};
    if (!r.ok()) return "[" + escape_invalid_utf8(path.filename().string()) + " refused: " + r.problem + "]";
    std::string_view v = r.bytes;
    if (end == ReadEnd::tail && r.truncated) {
        size_t skip = 0;
        while (skip < v.size() && skip < 3 && (static_cast<unsigned char>(v[skip]) & 0xC0) == 0x80) skip++;
        v.remove_prefix(skip);
    }
    return escape_invalid_utf8(v);
}

}  // namespace ekb
