// The ekb subcommands. Each returns the process exit code.
#pragma once
#include <string>
#include <vector>

namespace ekb {

int cmd_tasks(const std::vector<std::string> &args);
int cmd_eval(const std::vector<std::string> &args);
int cmd_probe(const std::vector<std::string> &args);
int cmd_results(const std::vector<std::string> &args);
int cmd_suite(const std::vector<std::string> &args);

class Args;
class Suite;
int calibrate_suite(const Suite &suite, const Args &args);

}  // namespace ekb
