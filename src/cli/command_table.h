// The table of ekb's commands: one entry per command, with its options. It is the single
// source of truth for parsing (Args), `ekb <cmd> --help` / `ekb help <cmd>`, bash
// completion (`ekb completion bash`) and the man page (`ekb man`). Adding a command is one
// entry in command_table.cpp plus its function.
#pragma once
#include <string>
#include <vector>

namespace ekb {

struct OptionSpec {
    std::string name;   // without the leading "--"
    std::string value;  // placeholder of its value ("N", "FILE"); empty for a flag
    std::string help;   // one or two sentences
    // What completion offers for the value: "file", "dir", "backend", "task", "experiment",
    // a literal list "a|b|c", or empty (nothing).
    std::string complete;
};

struct CommandSpec {
    std::string name;                  // "eval"
    std::string synopsis;              // positional part of the usage line: "<experiment>"
    std::string summary;               // one line, for `ekb --help`
    std::string description;           // a paragraph, for `ekb <cmd> --help` and the man page
    std::vector<std::string> actions;  // first positional words ("list", "show"), for completion
    std::vector<OptionSpec> options;
    int (*run)(const std::vector<std::string> &args) = nullptr;
    bool takes_files = false;          // positional arguments are paths (completion)
};

// Every command, in the order `ekb --help` lists them.
const std::vector<CommandSpec> &command_table();
// The entry named `name`; nullptr when there is none.
const CommandSpec *find_command(const std::string &name);
// The entry named `name`; a bug (abort) when there is none.
const CommandSpec &command_spec(const std::string &name);

// Texts generated from the table.
std::string usage_text();                           // `ekb --help`
std::string command_help(const CommandSpec &c);     // `ekb <cmd> --help`
std::string bash_completion();                      // `ekb completion bash`
std::string man_page(const std::string &version);  // `ekb man` (roff)

}  // namespace ekb
