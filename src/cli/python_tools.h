// Running the suite's Python tools (PyTorch is the source of truth for references).
#pragma once
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/files.h"
#include "common/subprocess.h"

namespace ekb {

// Debian's torch lives under /usr/bin/python3 (the python3 first on PATH may lack it).
inline std::string torch_python() {
    if (const char *v = std::getenv("EKB_PYTHON"); v && *v) return v;
    return "/usr/bin/python3";
}

// Runs a trusted tool with a wall-clock limit; returns its stdout, throws with its stderr.
inline std::string run_trusted_tool(std::vector<std::string> argv, const std::filesystem::path &workdir,
                                    const std::string &what, double limit, std::vector<std::string> extra_env = {}) {
    SpawnSpec s;
    s.argv = std::move(argv);
    s.env = base_env(workdir);
    for (auto &e : extra_env) s.env.push_back(std::move(e));
    s.stdout_path = workdir / (what + ".out");
    s.stderr_path = workdir / (what + ".err");
    s.confine = false;  // trusted: the suite's own reference code
    s.limits.wall_seconds = limit;
    ExitInfo e = run_process(s);
    if (!e.ok()) throw std::runtime_error(what + " " + e.describe() + ": " + read_file_tail(s.stderr_path, 3000));
    return read_file(s.stdout_path);
}

}  // namespace ekb
