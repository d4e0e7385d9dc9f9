// ekb: EdgeKernelBench's command-line interface. Commands, their options and their help
// live in one table (cli/command_table.cpp).
#include <iostream>

#include "cli/args.h"
#include "cli/command_table.h"
#include "cli/commands.h"
#include "produce/model_gateway.h"
#include "suite/task.h"

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    ekb::set_program_name(argc > 0 ? argv[0] : "ekb");
    if (args.empty()) {
        std::cerr << ekb::usage_text();
        return 2;
    }
    if (args[0] == "--help" || args[0] == "-h") {
        std::cout << ekb::usage_text();
        return 0;
    }
    if (args[0] == "--version" || args[0] == "-V") args[0] = "version";
    std::string cmd = args[0];
    args.erase(args.begin());
    // Internal, inside an external agent's sandbox (produce/model_gateway.h): the rest of the
    // line is the agent's own command, never ekb options, and it is not a user command.
    if (cmd == "agent-init") return ekb::external_agent_init(args);
    const ekb::CommandSpec *spec = ekb::find_command(cmd);
    if (!spec) {
        std::cerr << "ekb: unknown command '" << cmd << "'\n\n" << ekb::usage_text();
        return 2;
    }
    try {
        if (ekb::Args::wants_help(args, *spec)) {
            std::cout << ekb::command_help(*spec);
            return 0;
        }
        return spec->run(args);
    } catch (const ekb::UsageError &e) {
        std::cerr << "ekb " << cmd << ": " << e.what() << "\n(see 'ekb " << cmd << " --help')\n";
        return 2;
    } catch (const ekb::TaskError &e) {
        std::cerr << "ekb: bad task: " << e.what() << "\n";
        return 1;
    } catch (const std::exception &e) {
        std::cerr << "ekb " << cmd << ": error: " << e.what() << "\n";
        return 1;
    }
}
