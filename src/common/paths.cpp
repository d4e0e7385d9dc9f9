#include "common/paths.h"

#include <unistd.h>

#include <cstdlib>

#ifndef EKB_SOURCE_DIR
#error "EKB_SOURCE_DIR must be defined by the build"
#endif

namespace ekb {
namespace {
std::filesystem::path env_or(const char *name, const std::filesystem::path &fallback) {
    const char *v = std::getenv(name);
    return (v && *v) ? std::filesystem::path(v) : fallback;
}
}  // namespace

std::filesystem::path ekb_home() { return env_or("EKB_HOME", EKB_SOURCE_DIR); }
std::filesystem::path libexec_dir() { return env_or("EKB_LIBEXEC", EKB_LIBEXEC_DIR); }

std::filesystem::path cache_dir() {
    if (const char *v = std::getenv("EKB_CACHE_DIR"); v && *v) return v;
    if (::geteuid() == 0) return "/var/cache/ekb";
    if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::filesystem::path(x) / "ekb";
    const char *home = std::getenv("HOME");
    return std::filesystem::path(home ? home : "/tmp") / ".cache" / "ekb";
}

std::string ekb_version() { return std::string(EKB_VERSION) + "+" + EKB_GIT_COMMIT; }

}  // namespace ekb
