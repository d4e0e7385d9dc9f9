// Whether a backend's runner can be built and started on this machine (docs/backends.md):
// a backend of another CPU needs its cross toolchain and the cross-built runner library
// (src/cross_runner.cmake), its user-mode emulator and that CPU's C library. Commands and
// tests of such backends say what is missing instead of failing on it.
#pragma once
#include <string>

namespace ekb {

// What a "cross-<triple>" runner recipe needs here that is missing (a path), or "" when
// everything is installed (compile/toolchain.cpp).
std::string cross_runner_missing(const std::string &triple);

// Why the runner of `backend` cannot start here when it is for another CPU ("" when it can,
// or runs natively): its emulator or that CPU's C library is not installed
// (eval/conductor_process.cpp).
std::string emulated_runner_missing(const std::string &backend);

// Both of the above for `backend` ("" when its runner can be built and started here;
// native backends: always "") (eval/evaluator.cpp).
std::string backend_unavailable_here(const std::string &backend);

}  // namespace ekb
