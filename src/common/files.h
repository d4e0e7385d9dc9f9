// Small filesystem helpers shared by every component.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

namespace ekb {

namespace fs = std::filesystem;

// Reads a whole file; throws std::runtime_error naming the path on failure.
std::string read_file(const fs::path &path);
// Reads at most max_bytes from the end of a file; empty when the file does not exist.
std::string read_file_tail(const fs::path &path, size_t max_bytes);
// Writes atomically (temporary file + rename); throws on failure.
void write_file(const fs::path &path, std::string_view content);
// The same with an exact mode (0600 for results; the umask does not apply). The
// temporary file is created with O_EXCL|O_NOFOLLOW, so nothing at its name is followed.
void write_file_mode(const fs::path &path, std::string_view content, unsigned mode);
// Creates a directory (and its parents) and sets its mode exactly (0700, 0711, 0755).
void make_dir_mode(const fs::path &path, unsigned mode);

// A directory created with mkdtemp under `parent` (or $TMPDIR), removed on destruction
// unless keep() was called.
class TempDir {
public:
    explicit TempDir(const std::string &prefix, const fs::path &parent = {});
    ~TempDir();
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
    const fs::path &path() const { return path_; }
    void keep() { keep_ = true; }

private:
    fs::path path_;
    bool keep_ = false;
};

// An exclusive advisory lock on a file (flock), held for the object's lifetime. Used so
// concurrent ekb processes build each cached toolchain piece once.
class FileLock {
public:
    explicit FileLock(const fs::path &path);
    ~FileLock();
    FileLock(const FileLock &) = delete;
    FileLock &operator=(const FileLock &) = delete;

private:
    int fd_ = -1;
};

// "<pid>.<n>": unique within this host for temporary file names (threads included).
std::string unique_suffix();

// Trims text to at most max_bytes, keeping the head and noting what was cut.
std::string clip(const std::string &text, size_t max_bytes);

}  // namespace ekb
