#include "experiment/progress.h"

#include <algorithm>

#include <sys/ioctl.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

#include "common/subprocess.h"
#include "experiment/interrupt.h"

namespace ekb {

using nlohmann::json;

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

// Columns of the terminal on stderr, read at every redraw (the window may be resized).
int terminal_columns() {
    struct winsize ws {};
    if (::ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    if (const char *c = std::getenv("COLUMNS"); c && std::atoi(c) > 0) return std::atoi(c);
    return 80;
}

size_t columns_of(const std::string &s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

// The first `n` columns of s (whole UTF-8 sequences).
std::string first_columns(const std::string &s, size_t n) {
    size_t cols = 0, i = 0;
    while (i < s.size() && cols < n) {
        i++;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) i++;
        cols++;
    }
    return s.substr(0, i);
}

}  // namespace

Progress::Progress(int total, int already_done, bool terminal)
    : total_(total), skipped_(already_done), terminal_(terminal), start_(monotonic_seconds()) {
    std::lock_guard<std::mutex> l(mu_);
    std::fprintf(stderr, "ekb run: %d samples, %d already stored, %d to do\n", total_, skipped_, total_ - skipped_);
}

// One line that never reaches the terminal's last column, so '\r' always returns to its
// start and the bar redraws in place at any width: the parts that do not fit are left out,
// least useful first, and the current sample's label takes what room is left.
void Progress::draw_locked() {
    interrupt_note_progress(finished_ - errors_ + skipped_, total_);
    if (!terminal_) return;
    int remaining = total_ - skipped_;
    double elapsed = monotonic_seconds() - start_;
    double eta = finished_ > 0 ? elapsed / finished_ * (remaining - finished_) : -1;
    size_t width = static_cast<size_t>(std::max(terminal_columns() - 1, 10));
    std::string counts = std::to_string(finished_ + skipped_) + "/" + std::to_string(total_);
    std::string ok = "ok " + std::to_string(correct_), err = errors_ ? "err " + std::to_string(errors_) : "";
    std::string times = duration(elapsed) + " ETA " + duration(eta);
    int bar_width = width >= 100 ? 24 : width >= 60 ? 12 : 0;
    auto compose = [&](bool with_ok, bool with_times, bool with_label) {
        std::string line;
        if (bar_width > 0) {
            int fill = remaining > 0 ? bar_width * finished_ / remaining : bar_width;
            std::string bar(static_cast<size_t>(fill), '#');
            bar.resize(static_cast<size_t>(bar_width), '.');
            line = "[" + bar + "] ";
        }
        line += counts;
        if (with_ok) line += "  " + ok + (err.empty() ? "" : " " + err);
        if (with_times) line += "  " + times;
        if (with_label && !current_.empty()) {
            size_t room = width > columns_of(line) + 2 ? width - columns_of(line) - 2 : 0;
            if (room >= 8) {
                std::string cur = columns_of(current_) > room ? first_columns(current_, room - 3) + "..." : current_;
                line += "  " + cur;
            }
        }
        return line;
    };
    std::string line = compose(true, true, true);
    if (columns_of(line) > width) line = compose(true, false, true);
    if (columns_of(line) > width) line = compose(false, false, false);
    if (columns_of(line) > width) line = first_columns(line, width);
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
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
    if (terminal_) std::fprintf(stderr, "\r\033[K");
    std::fprintf(stderr, "[%d/%d] %s: %s\n", finished_ + skipped_, total_, label.c_str(), outcome.c_str());
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

std::string search_summary(const nlohmann::json &trace) {
    if (!trace.is_object() || !trace.contains("steps") || !trace["steps"].is_array()) return "";
    int checks = 0;
    std::map<std::string, int> accepted;
    std::vector<std::string> order;
    for (const auto &st : trace["steps"]) {
        if (!st.is_object()) continue;
        if (st.contains("feedback")) checks++;
        if (st.value("outcome", "") == "accepted") {
            std::string layer = st.value("layer", "?");
            if (!accepted.count(layer)) order.push_back(layer);
            accepted[layer]++;
        }
    }
    std::string s = "search: " + std::to_string(checks) + " check" + (checks == 1 ? "" : "s") + ", ";
    if (accepted.empty()) s += "no change accepted";
    else {
        s += "accepted";
        for (const auto &l : order) s += " " + l + " " + std::to_string(accepted[l]);
    }
    if (trace.contains("stop_reason") && trace["stop_reason"].is_string()) s += ", stopped: " + trace["stop_reason"].get<std::string>();
    // On the visible instances, against the expert (1x): where the search started, where it
    // ended, and the task's naive kernel.
    auto speedup_at = [&](std::initializer_list<const char *> path) -> double {
        const json *j = &trace;
        for (const char *k : path) {
            if (!j->is_object() || !j->contains(k)) return NAN;
            j = &(*j)[k];
        }
        return j->is_number() ? j->get<double>() : NAN;
    };
    double start = speedup_at({"start", "feedback", "speedup"}), final = speedup_at({"final", "speedup_visible"}),
           naive = speedup_at({"start", "naive_kernel", "speedup"});
    char buf[128];
    if (!std::isnan(final)) {
        if (!std::isnan(start)) std::snprintf(buf, sizeof(buf), "; vs expert: start %.2fx -> %.2fx", start, final);
        else std::snprintf(buf, sizeof(buf), "; vs expert: %.2fx", final);
        s += buf;
        if (!std::isnan(naive)) {
            std::snprintf(buf, sizeof(buf), " (naive %.2fx)", naive);
            s += buf;
        }
    }
    return s;
}

}  // namespace ekb
