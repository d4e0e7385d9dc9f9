// The suite: every task folder under a suite root, loaded and validated.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "suite/task.h"

namespace ekb {

class Suite {
public:
    // Loads every folder of root/tasks that holds a task.json. Throws TaskError naming the
    // first malformed task.
    // When private_instances is given (or $EKB_PRIVATE_INSTANCES is set), merges that file's
    // held-out instances (merge_private_instances).
    static Suite load(const std::filesystem::path &root, const std::filesystem::path &private_instances = {});

    const std::vector<Task> &tasks() const { return tasks_; }
    const Task *find(const std::string &id) const;
    // Tasks whose id matches one of comma-separated shell-style globs (fnmatch).
    std::vector<const Task *> match(const std::string &glob) const;
    const std::string &content_hash() const { return hash_; }
    const std::filesystem::path &root() const { return root_; }

private:
    std::filesystem::path root_;
    std::vector<Task> tasks_;
    std::string hash_;
};

}  // namespace ekb
