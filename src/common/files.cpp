#include "common/files.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <atomic>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ekb {

std::string unique_suffix() {
    static std::atomic<unsigned long> counter{0};
    return std::to_string(::getpid()) + "." + std::to_string(counter.fetch_add(1));
}

std::string read_file(const fs::path &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string read_file_tail(const fs::path &path, size_t max_bytes) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return {};
    auto size = static_cast<size_t>(in.tellg());
    size_t start = size > max_bytes ? size - max_bytes : 0;
    in.seekg(static_cast<std::streamoff>(start));
    std::string out(size - start, '\0');
    in.read(out.data(), static_cast<std::streamsize>(out.size()));
    // Start at a character boundary (keeps the text valid UTF-8).
    size_t skip = 0;
    while (start > 0 && skip < out.size() && (static_cast<unsigned char>(out[skip]) & 0xC0) == 0x80) skip++;
    return out.substr(skip);
}

void write_file(const fs::path &path, std::string_view content) {
    if (path.has_parent_path()) fs::create_directories(path.parent_path());
    fs::path tmp = path;
    tmp += ".tmp." + unique_suffix();
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + tmp.string());
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        if (!out) throw std::runtime_error("short write to " + tmp.string());
    }
    fs::rename(tmp, path);
}

void write_file_mode(const fs::path &path, std::string_view content, unsigned mode) {
    if (path.has_parent_path()) fs::create_directories(path.parent_path());
    fs::path tmp = path;
    tmp += ".tmp." + unique_suffix();
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode & 0777);
    if (fd < 0) throw std::runtime_error("cannot write " + tmp.string() + ": " + std::strerror(errno));
    size_t done = 0;
    bool ok = ::fchmod(fd, mode & 0777) == 0;
    while (ok && done < content.size()) {
        ssize_t w = ::write(fd, content.data() + done, content.size() - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) ok = false;
        else done += static_cast<size_t>(w);
    }
    int err = errno;
    ::close(fd);
    if (!ok) {
        ::unlink(tmp.c_str());
        throw std::runtime_error("short write to " + tmp.string() + ": " + std::strerror(err));
    }
    fs::rename(tmp, path);
}

void make_dir_mode(const fs::path &path, unsigned mode) {
    fs::create_directories(path);
    if (::chmod(path.c_str(), mode & 07777) != 0) {
        throw std::runtime_error("cannot set the mode of " + path.string() + ": " + std::strerror(errno));
    }
}

TempDir::TempDir(const std::string &prefix, const fs::path &parent) {
    fs::path base = parent;
    if (base.empty()) {
        const char *t = std::getenv("TMPDIR");
        base = (t && *t) ? t : "/tmp";
    }
    fs::create_directories(base);
    std::string tmpl = (base / (prefix + "XXXXXX")).string();
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed under " + base.string());
    path_ = tmpl;
}

TempDir::~TempDir() {
    if (!keep_) {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
}

FileLock::FileLock(const fs::path &path) {
    fs::create_directories(path.parent_path());
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot open lock file " + path.string());
    while (::flock(fd_, LOCK_EX) != 0) {
        if (errno != EINTR) throw std::runtime_error("flock failed on " + path.string());
    }
}

FileLock::~FileLock() {
    if (fd_ >= 0) {
        ::flock(fd_, LOCK_UN);
        ::close(fd_);
    }
}

std::string clip(const std::string &text, size_t max_bytes) {
    if (text.size() <= max_bytes) return text;
    // Never cut inside a UTF-8 character (compiler messages quote with ‘’): back up over
    // continuation bytes so the result stays valid for JSON.
    size_t n = max_bytes;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) n--;
    return text.substr(0, n) + "\n[... " + std::to_string(text.size() - n) + " more bytes cut]";
}

}  // namespace ekb
