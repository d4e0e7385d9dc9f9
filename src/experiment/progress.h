// Progress of a run: one line per finished sample (its outcome and, for agents, its search)
// and, on a terminal, a bar with counts and ETA below them that redraws in place at any
// width.
#pragma once
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>

namespace ekb {

class Progress {
public:
    Progress(int total, int already_done, bool terminal);
    void started(const std::string &label);   // a sample entered evaluation
    // A sample finished: its label and a short outcome ("timed 1.02x", "compile_failed", ...).
    void finished(const std::string &label, const std::string &outcome, bool correct, bool harness_error);
    void message(const std::string &line);    // a line that must not be overdrawn
    void done();

private:
    void draw_locked();
    std::mutex mu_;
    int total_, skipped_, finished_ = 0, correct_ = 0, errors_ = 0;
    bool terminal_;
    double start_;
    std::string current_;
};

// One line about an agent's search from its trace (LEKA's trace.json): checks made,
// accepted changes by layer, the stop reason and the visible speedup it reached, e.g.
// "search: 6 checks, accepted loops 2 vector 1, stopped: compile cap reached (6); vs expert:
// start 0.21x -> 0.48x (naive 0.05x)" (speedups on the visible instances).
// "" for a trace without steps.
std::string search_summary(const nlohmann::json &trace);

}  // namespace ekb
