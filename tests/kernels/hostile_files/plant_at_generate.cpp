// HOSTILE: while ekb-gen runs the kernel's C++ (in its work directory), replaces every file
// that ekb reads back from there with @KIND@, then leaves with status @EXIT@ without
// writing anything itself. Kinds:
//   symlink   a symbolic link to @SECRET@ (a host file the kernel must never see quoted)
//   fifo      a FIFO (ekb must never block on it)
//   hardlink  a hard link to @SECRET@ if reachable, else a file of its own with two names
//   bytes     regular files full of invalid UTF-8 and NUL bytes, the same on stdout/stderr
// generate.err and generate.out are the generator's own stdout/stderr: the kernel unlinks
// them and plants its file under their name (its output goes on to the unlinked file).
#include <ekb/kernel.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "algorithm.h"

namespace {

const char *k_kind = "@KIND@";
const char *k_secret = "@SECRET@";
const char *k_files[] = {"generate.err", "generate.out", "loop_nest.txt", "pipeline.json", "pipeline.o"};
const char k_bad[] = "bad bytes: \xff\xfe \xc3\x28 \xed\xa0\x80 \xf8\x88\x80\x80\x80 nul:\0:end\n";

void write_bytes(int fd) { (void)!::write(fd, k_bad, sizeof(k_bad) - 1); }

void plant(const char *name) {
    std::string kind = k_kind;
    if (kind == "bytes") {
        if (std::strcmp(name, "generate.err") == 0 || std::strcmp(name, "generate.out") == 0) return;
        int fd = ::open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            write_bytes(fd);
            ::close(fd);
        }
        return;
    }
    ::unlink(name);
    if (kind == "symlink") {
        if (::symlink(k_secret, name) != 0) std::perror(name);
    } else if (kind == "fifo") {
        if (::mkfifo(name, 0666) != 0) std::perror(name);
    } else if (kind == "hardlink") {
        if (::link(k_secret, name) != 0) {
            std::string own = std::string(name) + ".own";
            int fd = ::open(own.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd >= 0) {
                (void)!::write(fd, "HARDLINKED-OWN-FILE\n", 20);
                ::close(fd);
            }
            if (::link(own.c_str(), name) != 0) std::perror(name);
        } else {
            std::fprintf(stderr, "hard-linked the secret as %s\n", name);
        }
    }
}

}  // namespace

EKB_KERNEL {
    task::Algorithm a;
    write_bytes(1);
    write_bytes(2);
    for (const char *f : k_files) plant(f);
    std::fflush(nullptr);
    _exit(@EXIT@);
    return a.kernel();
}
