// The budget object (design.md section 4): hard caps on LLM calls, tokens (input +
// output), cost, compile runs, device-seconds and wall time. One object per sample serves
// every producer, so producers compare at exactly equal budget. The caps hold exactly:
//   calls     every HTTP attempt is a call (failed ones and retries too; a cache hit is one)
//   tokens    an attempt is refused unless used + its prompt's upper bound + max_tokens fits
//   cost      ... unless used + its worst-case cost (those tokens at the model's price) fits
//   compiles  a check is refused at the cap
//   device_s, wall_s  a check or an attempt is bounded by what is left (deadline_seconds)
// Accounts can be split by a label (LEKA's layers); the caps hold for the total.
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

namespace ekb {

struct BudgetCaps {
    int64_t llm_calls = 0;     // 0 = no cap, for every field
    int64_t tokens = 0;
    double cost_usd = 0;
    int64_t compiles = 0;
    double device_seconds = 0;
    double wall_seconds = 0;

    // "calls=8,tokens=200000,cost=1.5,compiles=16,device_s=60,wall_s=600"; throws
    // std::invalid_argument naming the bad part.
    static BudgetCaps parse(const std::string &text);
    std::string text() const;
};

struct BudgetUsage {
    int64_t llm_calls = 0;        // charged calls: HTTP attempts, plus cache hits
    int64_t failed_attempts = 0;  // of those, HTTP attempts that brought no reply
    int64_t cache_hits = 0;       // of those, replies served by the response cache
    int64_t tokens_in = 0, tokens_out = 0, compiles = 0;
    double cost_usd = 0, device_seconds = 0, llm_seconds = 0;
    nlohmann::json to_json() const;
};

class Budget {
public:
    explicit Budget(BudgetCaps caps);

    // Whether one more LLM call (an HTTP attempt or a cache hit) may start now, when it can
    // use at most tokens_in_max + tokens_out_max tokens and cost_max dollars; when not, `why`
    // says which cap.
    bool can_call(int64_t tokens_in_max, int64_t tokens_out_max, double cost_max, std::string *why = nullptr) const;
    bool can_compile(std::string *why = nullptr) const;
    bool time_left(std::string *why = nullptr) const;  // wall time and device-seconds

    // One call: an HTTP attempt (failed: it brought no reply) or a cache hit.
    enum class CallKind { reply, failed, cache_hit };
    void charge_call(const std::string &account, int64_t tokens_in, int64_t tokens_out, double cost, double seconds,
                     CallKind kind = CallKind::reply);
    void charge_compile(const std::string &account);
    void charge_device(const std::string &account, double seconds);
    // Time the sample spent waiting for the machine (a quiet CPU to time on): not work,
    // so the wall-time cap does not count it.
    void exclude_wait(double seconds);
    double waited() const;  // seconds excluded so far

    BudgetUsage total() const;
    std::map<std::string, BudgetUsage> accounts() const;
    double elapsed_seconds() const;         // wall time since the start, waits excluded
    double remaining_wall_seconds() const;  // +inf without a cap
    // What a check, profile or HTTP attempt starting now may take: the wall time and
    // device-seconds left (+inf without either cap).
    double deadline_seconds() const;
    const BudgetCaps &caps() const { return caps_; }
    nlohmann::json to_json() const;

private:
    BudgetCaps caps_;
    double start_;
    double waited_ = 0;  // excluded from the wall clock (exclude_wait)
    double wall_locked() const;
    mutable std::mutex mu_;
    BudgetUsage total_;
    std::map<std::string, BudgetUsage> accounts_;
};

}  // namespace ekb
