#include "experiment/progress.h"

#include <cstdio>

#include "common/subprocess.h"

namespace ekb {

namespace {

std::string duration(double s) {
    if (!(s >= 0) || s > 1e7) return "?";
    long t = static_cast<long>(s + 0.5);
    char buf[32];
    if (t >= 3600) snprintf(buf, sizeof(buf), "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60) snprintf(buf, sizeof(buf), "%ldm%02lds", t / 60, t % 60);
    else snprintf(buf, sizeof(buf), "%lds", t);
    return buf;
}

}  // namespace

Progress::Progress(int total, int already_done, bool terminal)
    : total_(total), skipped_(already_done), terminal_(terminal), start_(monotonic_seconds()) {
    std::lock_guard<std::mutex> l(mu_);
    std::fprintf(stderr, "ekb run: %d samples, %d already stored, %d to do\n", total_, skipped_, total_ - skipped_);
}

void Progress::draw_locked() {
    if (!terminal_) return;
    int remaining = total_ - skipped_;
    double elapsed = monotonic_seconds() - start_;
    double eta = finished_ > 0 ? elapsed / finished_ * (remaining - finished_) : -1;
    int width = 24, fill = remaining > 0 ? width * finished_ / remaining : width;
    std::string bar(fill, '#');
    bar.resize(width, '.');
    std::string cur = current_.size() > 40 ? current_.substr(0, 37) + "..." : current_;
    std::fprintf(stderr, "\r\033[K[%s] %d/%d  correct %d  errors %d  elapsed %s  ETA %s  %s", bar.c_str(),
                 finished_ + skipped_, total_, correct_, errors_, duration(elapsed).c_str(), duration(eta).c_str(),
                 cur.c_str());
    std::fflush(stderr);
}

void Progress::started(const std::string &label) {
    std::lock_guard<std::mutex> l(mu_);
    current_ = label;
    draw_locked();
}

void Progress::finished(const std::string &label, const std::string &outcome, bool correct, bool harness_error) {
    std::lock_guard<std::mutex> l(mu_);
    finished_++;
    correct_ += correct;
    errors_ += harness_error;
    if (!terminal_ || harness_error) {
        if (terminal_) std::fprintf(stderr, "\r\033[K");
        std::fprintf(stderr, "[%d/%d] %s: %s\n", finished_ + skipped_, total_, label.c_str(), outcome.c_str());
    }
    draw_locked();
}

void Progress::message(const std::string &line) {
    std::lock_guard<std::mutex> l(mu_);
    if (terminal_) std::fprintf(stderr, "\r\033[K");
    std::fprintf(stderr, "%s\n", line.c_str());
    draw_locked();
}

void Progress::done() {
    std::lock_guard<std::mutex> l(mu_);
    if (terminal_) std::fprintf(stderr, "\r\033[K");
    std::fprintf(stderr, "ekb run: %d samples evaluated in %s (%d correct, %d harness errors); %d/%d stored\n",
                 finished_ - errors_, duration(monotonic_seconds() - start_).c_str(), correct_, errors_,
                 finished_ - errors_ + skipped_, total_);
}

}  // namespace ekb
