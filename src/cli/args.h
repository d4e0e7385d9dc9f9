// A small command-line parser: --flag, --key value, --key=value and positionals, with
// errors that name the option.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace ekb {

class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Args {
public:
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

private:
    std::set<std::string> flags_;
    std::map<std::string, std::string> values_;
    std::vector<std::string> positional_;
};

}  // namespace ekb
