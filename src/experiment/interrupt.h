// What Ctrl-C says during `ekb run`: how many samples are stored, where, and the exact
// command that resumes. The handler only writes a message prepared in advance (and the
// live count Progress keeps), then dies of the same signal, so children die with ekb
// (PR_SET_PDEATHSIG) and every stored record is whole, as after kill -9.
#pragma once
#include <filesystem>
#include <string>

namespace ekb {

class InterruptReport {
public:
    // Installs handlers for SIGINT and SIGTERM until disarm() or destruction.
    InterruptReport(const std::filesystem::path &store, const std::string &resume_command);
    ~InterruptReport();
    void disarm();
    InterruptReport(const InterruptReport &) = delete;
    InterruptReport &operator=(const InterruptReport &) = delete;

private:
    bool armed_ = false;
};

// Progress reports here: samples stored so far (earlier runs included) of the matrix's total.
void interrupt_note_progress(int stored, int total);

}  // namespace ekb
