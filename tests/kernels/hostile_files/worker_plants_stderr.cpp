// HOSTILE (run time, past the object check): a hand-made pipeline object (see
// tests/kernels/handmade/) that does what a Halide pipeline cannot: system calls in the
// worker. It writes invalid UTF-8 to its stderr, replaces its stderr.txt with @KIND@
// (symlink: to @SECRET@, a host file; fifo; hardlink: a file of its own with two names;
// bytes: leaves it), and crashes, so that the conductor quotes its stderr in the record.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "pipeline_abi.h"

EKB_HANDMADE_PIPELINE({
    const char *kind = "@KIND@";
    std::fprintf(stderr, "bad bytes \xff\xfe \xc3\x28 from the worker\n");
    std::fflush(stderr);
    if (std::strcmp(kind, "bytes") != 0) ::unlink("stderr.txt");
    if (std::strcmp(kind, "symlink") == 0) (void)!::symlink("@SECRET@", "stderr.txt");
    if (std::strcmp(kind, "fifo") == 0) (void)!::mkfifo("stderr.txt", 0666);
    if (std::strcmp(kind, "hardlink") == 0) {
        int fd = ::open("own.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        (void)!::write(fd, "HARDLINKED-OWN-FILE\n", 20);
        ::close(fd);
        (void)!::link("own.txt", "stderr.txt");
    }
    volatile int *p = nullptr;
    *p = 1;
    return 0;
})
