// The one way the trusted side reads a file that a confined child could have written.
//
// The trust rule (docs/evaluation.md): ekb, the conductor and the linker step never open a
// path inside a directory that a confined child can write, except through this helper. It
// opens the last path component with O_NOFOLLOW|O_NONBLOCK (a symlink or a FIFO planted by
// the child is refused, never followed and never waited on), requires fstat to say "regular
// file with one link", reads at most a capped number of bytes and never throws for what the
// child did: every problem is a value the caller turns into a record.
//
// The directories above the last component must be ones the trusted side created and the
// child cannot replace (a child's work directory itself, never a subdirectory of it).
#pragma once
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace ekb {

struct UntrustedRead {
    enum class Status { ok, missing, not_regular, error };
    Status status = Status::missing;
    std::string bytes;       // raw bytes read (at most the cap), empty unless ok
    bool truncated = false;  // the file was larger than the cap
    std::string problem;     // why not ok: "is a symbolic link", "is a FIFO", "has 2 hard links", ...
    bool ok() const { return status == Status::ok; }
};

enum class ReadEnd { head, tail };

// Reads at most max_bytes of `path` (its first or its last bytes).
UntrustedRead read_untrusted(const std::filesystem::path &path, size_t max_bytes, ReadEnd end = ReadEnd::head);

// Text for logs and records: the bytes with invalid UTF-8 escaped as \xNN (so the result is
// always valid UTF-8 and any JSON library accepts it), NUL bytes escaped too. A tail read
// starts at a character boundary. Missing file: empty. A refused file: a one-line note
// naming it and why ("[generate.err refused: is a symbolic link]").
std::string read_untrusted_text(const std::filesystem::path &path, size_t max_bytes, ReadEnd end = ReadEnd::head);

// Escapes every byte that is not part of a valid UTF-8 sequence (and NUL) as \xNN.
std::string escape_invalid_utf8(std::string_view bytes);

}  // namespace ekb
