// ekb help, ekb version, ekb completion bash, ekb man: texts generated from the command
// table (cli/command_table.cpp).
#include <iostream>

#include "cli/args.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "common/paths.h"
#include "produce/producer.h"

namespace ekb {

namespace {
std::string g_program = "ekb";
}

void set_program_name(const std::string &name) { g_program = name.empty() ? "ekb" : name; }
const std::string &program_name() { return g_program; }

int cmd_help(const std::vector<std::string> &argv) {
    if (argv.empty()) {
        std::cout << usage_text();
        return 0;
    }
    const CommandSpec *c = find_command(argv[0]);
    if (!c) throw UsageError("no command '" + argv[0] + "' (see 'ekb --help')");
    std::cout << command_help(*c);
    return 0;
}

int cmd_version(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("version"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    std::cout << "ekb " << ekb_version() << "\n";
    return 0;
}

int cmd_completion(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("completion"));
    if (a.positional().size() != 1 || a.positional()[0] != "bash") throw UsageError("expected 'completion bash' (bash is the shell supported)");
    std::cout << bash_completion();
    return 0;
}

int cmd_man(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("man"));
    if (!a.positional().empty()) throw UsageError("unexpected argument '" + a.positional()[0] + "'");
    std::cout << man_page(ekb_version());
    return 0;
}

int cmd_check(const std::vector<std::string> &argv) {
    Args a(argv, command_spec("check"));
    if (a.positional().size() > 1) throw UsageError("give at most one kernel file");
    return external_check_client(a.positional().empty() ? "kernel.cpp" : a.positional()[0]);
}

}  // namespace ekb
