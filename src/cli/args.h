// A small command-line parser: --flag, --key value, --key=value and positionals, with
// errors that name the option. The options a command accepts come from its entry in the
// command table (cli/command_table.h), which also drives help, completion and the man page.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/command_table.h"

namespace ekb {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Args {
public:
    // The options of `spec`: those with a value placeholder take one, the others are flags.
    Args(const std::vector<std::string> &argv, const CommandSpec &spec) : Args(argv, flags_of(spec), options_of(spec)) {}
    // flags: options without a value; options: options with one.
    Args(const std::vector<std::string> &argv, const std::set<std::string> &flags, const std::set<std::string> &options) {
        for (size_t i = 0; i < argv.size(); i++) {
            const std::string &a = argv[i];
            if (a.rfind("--", 0) != 0 || a == "--") {
                positional_.push_back(a);
                continue;
            }
            std::string key = a.substr(2), value;
            bool has_value = false;
            if (auto eq = key.find('='); eq != std::string::npos) {
                value = key.substr(eq + 1);
                key = key.substr(0, eq);
                has_value = true;
            }
            if (flags.count(key)) {
                if (has_value) throw UsageError("option --" + key + " takes no value");
                flags_.insert(key);
            } else if (options.count(key)) {
                if (!has_value) {
                    if (i + 1 >= argv.size()) throw UsageError("option --" + key + " needs a value");
                    value = argv[++i];
                }
                values_[key] = value;
            } else {
                throw UsageError("unknown option --" + key);
            }
        }
    }
    bool flag(const std::string &k) const { return flags_.count(k) > 0; }
    std::optional<std::string> get(const std::string &k) const {
        auto it = values_.find(k);
        if (it == values_.end()) return std::nullopt;
        return it->second;
    }
    std::string get_or(const std::string &k, const std::string &d) const { return get(k).value_or(d); }
    double number(const std::string &k, double d) const {
        auto v = get(k);
        if (!v) return d;
        try {
            size_t used = 0;
            double x = std::stod(*v, &used);
            if (used != v->size()) throw std::invalid_argument("");
            return x;
        } catch (const std::exception &) {
            throw UsageError("option --" + k + ": '" + *v + "' is not a number");
        }
    }
    const std::vector<std::string> &positional() const { return positional_; }

    // True when argv asks for help (--help or -h where an option name may stand, not as
    // the value of an option that takes one).
    static bool wants_help(const std::vector<std::string> &argv, const CommandSpec &spec) {
        std::set<std::string> with_value = options_of(spec);
        for (size_t i = 0; i < argv.size(); i++) {
            const std::string &a = argv[i];
            if (a == "--") return false;
            if (a == "--help" || a == "-h") return true;
            if (a.rfind("--", 0) == 0 && a.find('=') == std::string::npos && with_value.count(a.substr(2))) i++;
        }
        return false;
    }

private:
    static std::set<std::string> flags_of(const CommandSpec &spec) {
        std::set<std::string> s;
        for (const auto &o : spec.options) {
            if (o.value.empty()) s.insert(o.name);
        }
        return s;
    }
    static std::set<std::string> options_of(const CommandSpec &spec) {
        std::set<std::string> s;
        for (const auto &o : spec.options) {
            if (!o.value.empty()) s.insert(o.name);
        }
        return s;
    }

    std::set<std::string> flags_;
    std::map<std::string, std::string> values_;
    std::vector<std::string> positional_;
};

}  // namespace ekb
