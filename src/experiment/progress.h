// Progress of a run: a one-line bar with counts and ETA on a terminal, one plain line per
// finished sample otherwise (logs, CI).
#pragma once
#include <mutex>
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

}  // namespace ekb
