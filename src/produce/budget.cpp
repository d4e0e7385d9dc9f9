#include "produce/budget.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "common/subprocess.h"

namespace ekb {

using nlohmann::json;

BudgetCaps BudgetCaps::parse(const std::string &text) {
    BudgetCaps c;
    size_t p = 0;
    while (p < text.size()) {
        size_t e = text.find(',', p);
        if (e == std::string::npos) e = text.size();
        std::string part = text.substr(p, e - p);
        p = e + 1;
        if (part.empty()) continue;
        size_t eq = part.find('=');
        if (eq == std::string::npos) throw std::invalid_argument("budget: '" + part + "' is not key=value");
        std::string k = part.substr(0, eq), v = part.substr(eq + 1);
        double x;
        try {
            size_t used = 0;
            x = std::stod(v, &used);
            if (used != v.size() || x < 0) throw std::invalid_argument("");
        } catch (const std::exception &) {
            throw std::invalid_argument("budget: '" + part + "': the value must be a non-negative number");
        }
        if (k == "calls") c.llm_calls = static_cast<int64_t>(x);
        else if (k == "tokens") c.tokens = static_cast<int64_t>(x);
        else if (k == "cost") c.cost_usd = x;
        else if (k == "compiles") c.compiles = static_cast<int64_t>(x);
        else if (k == "device_s") c.device_seconds = x;
        else if (k == "wall_s") c.wall_seconds = x;
        else throw std::invalid_argument("budget: unknown cap '" + k + "' (calls, tokens, cost, compiles, device_s, wall_s)");
    }
    return c;
}

std::string BudgetCaps::text() const {
    std::string s;
    auto add = [&](const char *k, double v) {
        if (v > 0) {
            char b[64];
            snprintf(b, sizeof(b), "%s=%g", k, v);
            s += (s.empty() ? "" : ",") + std::string(b);
        }
    };
    add("calls", double(llm_calls));
    add("tokens", double(tokens));
    add("cost", cost_usd);
    add("compiles", double(compiles));
    add("device_s", device_seconds);
    add("wall_s", wall_seconds);
    return s.empty() ? "unlimited" : s;
}

json BudgetUsage::to_json() const {
    return {{"llm_calls", llm_calls}, {"failed_attempts", failed_attempts}, {"cache_hits", cache_hits}, {"tokens_in", tokens_in}, {"tokens_out", tokens_out}, {"cost_usd", cost_usd},
            {"compiles", compiles}, {"device_seconds", device_seconds}, {"llm_seconds", llm_seconds}};
}

Budget::Budget(BudgetCaps caps) : caps_(caps), start_(monotonic_seconds()) {}

bool Budget::can_call(int64_t in_max, int64_t out_max, double cost_max, std::string *why) const {
    std::lock_guard<std::mutex> l(mu_);
    auto no = [&](const std::string &w) {
        if (why) *why = w;
        return false;
    };
    if (caps_.llm_calls > 0 && total_.llm_calls >= caps_.llm_calls) return no("LLM call cap reached (" + std::to_string(caps_.llm_calls) + ")");
    int64_t used = total_.tokens_in + total_.tokens_out;
    if (caps_.tokens > 0 && used + in_max + out_max > caps_.tokens) {
        return no("token cap: " + std::to_string(caps_.tokens - used) + " tokens left cannot cover the prompt (at most " +
                  std::to_string(in_max) + ") and max_tokens " + std::to_string(out_max));
    }
    if (caps_.cost_usd > 0 && total_.cost_usd + cost_max > caps_.cost_usd) {
        char b[160];
        std::snprintf(b, sizeof(b), "cost cap: $%.6g left cannot cover the call's worst case $%.6g",
                      caps_.cost_usd - total_.cost_usd, cost_max);
        return no(b);
    }
    if (caps_.wall_seconds > 0 && wall_locked() >= caps_.wall_seconds) return no("wall-time cap reached");
    return true;
}

bool Budget::can_compile(std::string *why) const {
    std::lock_guard<std::mutex> l(mu_);
    if (caps_.compiles > 0 && total_.compiles >= caps_.compiles) {
        if (why) *why = "compile cap reached (" + std::to_string(caps_.compiles) + ")";
        return false;
    }
    if (caps_.wall_seconds > 0 && wall_locked() >= caps_.wall_seconds) {
        if (why) *why = "wall-time cap reached";
        return false;
    }
    if (caps_.device_seconds > 0 && total_.device_seconds >= caps_.device_seconds) {
        if (why) *why = "device-seconds cap reached";
        return false;
    }
    return true;
}

bool Budget::time_left(std::string *why) const {
    std::lock_guard<std::mutex> l(mu_);
    if (caps_.wall_seconds > 0 && wall_locked() >= caps_.wall_seconds) {
        if (why) *why = "wall-time cap reached";
        return false;
    }
    if (caps_.device_seconds > 0 && total_.device_seconds >= caps_.device_seconds) {
        if (why) *why = "device-seconds cap reached";
        return false;
    }
    return true;
}

void Budget::charge_call(const std::string &account, int64_t in, int64_t out, double cost, double seconds, CallKind kind) {
    std::lock_guard<std::mutex> l(mu_);
    for (BudgetUsage *u : {&total_, &accounts_[account]}) {
        u->llm_calls++;
        if (kind == CallKind::failed) u->failed_attempts++;
        if (kind == CallKind::cache_hit) u->cache_hits++;
        u->tokens_in += in;
        u->tokens_out += out;
        u->cost_usd += cost;
        u->llm_seconds += seconds;
    }
}

void Budget::charge_compile(const std::string &account) {
    std::lock_guard<std::mutex> l(mu_);
    total_.compiles++;
    accounts_[account].compiles++;
}

void Budget::charge_device(const std::string &account, double seconds) {
    std::lock_guard<std::mutex> l(mu_);
    total_.device_seconds += seconds;
    accounts_[account].device_seconds += seconds;
}

BudgetUsage Budget::total() const {
    std::lock_guard<std::mutex> l(mu_);
    return total_;
}

std::map<std::string, BudgetUsage> Budget::accounts() const {
    std::lock_guard<std::mutex> l(mu_);
    return accounts_;
}

double Budget::wall_locked() const { return monotonic_seconds() - start_ - waited_; }

double Budget::elapsed_seconds() const {
    std::lock_guard<std::mutex> l(mu_);
    return wall_locked();
}

double Budget::waited() const {
    std::lock_guard<std::mutex> l(mu_);
    return waited_;
}

void Budget::exclude_wait(double seconds) {
    std::lock_guard<std::mutex> l(mu_);
    if (seconds > 0) waited_ += seconds;
}

double Budget::remaining_wall_seconds() const {
    if (caps_.wall_seconds <= 0) return std::numeric_limits<double>::infinity();
    return std::max(0.0, caps_.wall_seconds - elapsed_seconds());
}

double Budget::deadline_seconds() const {
    double left = remaining_wall_seconds();
    std::lock_guard<std::mutex> l(mu_);
    if (caps_.device_seconds > 0) left = std::min(left, std::max(0.0, caps_.device_seconds - total_.device_seconds));
    return left;
}

json Budget::to_json() const {
    json acc = json::object();
    for (auto &[k, v] : accounts()) acc[k] = v.to_json();
    return {{"caps", caps_.text()}, {"total", total().to_json()}, {"accounts", acc}, {"elapsed_s", elapsed_seconds()}, {"waited_s", waited()}};
}

}  // namespace ekb
