// Where ekb finds its own files and keeps its cache.
//   home:    the source tree (include/, suite/, src/compile/allowlist/); $EKB_HOME overrides
//   libexec: the build's bin/ (ekb-gen, libekb_runner.a);             $EKB_LIBEXEC overrides
//   cache:   toolchains and artifacts; $EKB_CACHE_DIR overrides. Default /var/cache/ekb
//            when running as root (confined children run as an unprivileged uid and must read it),
//            else $XDG_CACHE_HOME/ekb or ~/.cache/ekb.
#pragma once
#include <filesystem>
#include <string>

namespace ekb {

std::filesystem::path ekb_home();
std::filesystem::path libexec_dir();
std::filesystem::path cache_dir();
std::string ekb_version();  // project version + git commit of the build

}  // namespace ekb
