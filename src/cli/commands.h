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
int cmd_run(const std::vector<std::string> &args);
int cmd_report(const std::vector<std::string> &args);
int cmd_bundle(const std::vector<std::string> &args);
int cmd_ingest(const std::vector<std::string> &args);
int cmd_device(const std::vector<std::string> &args);
int cmd_worker(const std::vector<std::string> &args);
int cmd_devices(const std::vector<std::string> &args);

// "a,b,,c" -> {"a", "b", "c"}
std::vector<std::string> split_list(const std::string &s);

class Args;
class Suite;
int calibrate_suite(const Suite &suite, const Args &args);

}  // namespace ekb
