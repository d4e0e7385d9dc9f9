// The ekb subcommands. Each returns the process exit code: 0 success, 1 an error, 2 a
// usage error, 3 a --fail-on condition held. Their options are in cli/command_table.cpp.
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
int cmd_check(const std::vector<std::string> &args);
int cmd_experiments(const std::vector<std::string> &args);
int cmd_help(const std::vector<std::string> &args);
int cmd_version(const std::vector<std::string> &args);
int cmd_completion(const std::vector<std::string> &args);
int cmd_man(const std::vector<std::string> &args);

// How ekb was invoked (argv[0]), for commands it prints (the command that resumes a run).
void set_program_name(const std::string &name);
const std::string &program_name();

// Exit status of a --fail-on condition that held (CI use).
constexpr int k_exit_fail_on = 3;

// "a,b,,c" -> {"a", "b", "c"}
std::vector<std::string> split_list(const std::string &s);

class Args;
class Suite;
int calibrate_suite(const Suite &suite, const Args &args);

}  // namespace ekb
