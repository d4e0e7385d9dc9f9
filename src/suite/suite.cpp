#include "suite/suite.h"

#include <fnmatch.h>

#include <algorithm>
#include <cstdlib>

#include "common/sha256.h"

namespace ekb {

Suite Suite::load(const std::filesystem::path &root, const std::filesystem::path &private_instances) {
    Suite s;
    s.root_ = root;
    auto tasks_dir = root / "tasks";
    if (!std::filesystem::is_directory(tasks_dir)) {
        throw TaskError(tasks_dir.string() + ": not a directory (is --suite right?)");
    }
    std::vector<std::filesystem::path> dirs;
    for (const auto &e : std::filesystem::directory_iterator(tasks_dir)) {
        if (e.is_directory() && std::filesystem::exists(e.path() / "task.json")) dirs.push_back(e.path());
    }
    std::sort(dirs.begin(), dirs.end());
    Sha256 h;
    for (const auto &d : dirs) {
        s.tasks_.push_back(load_task(d));
        h.update(s.tasks_.back().id + ":" + s.tasks_.back().content_hash + "\n");
    }
    s.hash_ = h.hex();
    std::filesystem::path priv = private_instances;
    if (priv.empty()) {
        if (const char *v = std::getenv("EKB_PRIVATE_INSTANCES"); v && *v) priv = v;
    }
    // Private instances change what is evaluated, not the suite's published content hash.
    if (!priv.empty()) merge_private_instances(s.tasks_, priv);
    return s;
}

const Task *Suite::find(const std::string &id) const {
    for (const auto &t : tasks_) {
        if (t.id == id) return &t;
    }
    return nullptr;
}

std::vector<const Task *> Suite::match(const std::string &globs) const {
    std::vector<std::string> patterns;
    size_t p = 0;
    while (p <= globs.size()) {
        size_t e = globs.find(',', p);
        if (e == std::string::npos) e = globs.size();
        if (e > p) patterns.push_back(globs.substr(p, e - p));
        p = e + 1;
    }
    std::vector<const Task *> out;
    for (const auto &t : tasks_) {
        for (const auto &g : patterns) {
            if (::fnmatch(g.c_str(), t.id.c_str(), 0) == 0) {
                out.push_back(&t);
                break;
            }
        }
    }
    return out;
}

}  // namespace ekb
