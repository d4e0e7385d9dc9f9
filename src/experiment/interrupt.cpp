#include "experiment/interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace ekb {

namespace {

std::atomic<int> g_stored{-1}, g_total{-1};
// Prepared before the handler can run: the text before the count, and after it.
char g_head[512];
char g_tail[8192];
struct sigaction g_old_int, g_old_term;

void put(const char *s) {
    size_t n = std::strlen(s);
    while (n > 0) {
        ssize_t w = ::write(2, s, n);
        if (w <= 0) return;
        s += w;
        n -= static_cast<size_t>(w);
    }
}

void put_int(int v) {
    char buf[16];
    int i = sizeof(buf) - 1;
    buf[i] = 0;
    if (v < 0) v = 0;
    do {
        buf[--i] = static_cast<char>('0' + v % 10);
        v /= 10;
    } while (v > 0 && i > 0);
    put(buf + i);
}

void on_signal(int sig) {
    put(::isatty(2) ? "\r\033[K\n" : "\n");
    put(g_head);
    int stored = g_stored.load(), total = g_total.load();
    if (stored >= 0) {
        put_int(stored);
        put(" of ");
        put_int(total);
        put(" samples");
    } else {
        put("the samples evaluated so far");
    }
    put(g_tail);
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

}  // namespace

void interrupt_note_progress(int stored, int total) {
    g_stored = stored;
    g_total = total;
}

InterruptReport::InterruptReport(const std::filesystem::path &store, const std::string &resume_command) {
    std::snprintf(g_head, sizeof(g_head), "ekb run: interrupted. Stored: ");
    std::snprintf(g_tail, sizeof(g_tail),
                  ", in %s (whole records only: a sample that was being evaluated is not stored and will be "
                  "evaluated again).\nResume with the same command:\n  %s\n",
                  store.c_str(), resume_command.c_str());
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    ::sigaction(SIGINT, &sa, &g_old_int);
    ::sigaction(SIGTERM, &sa, &g_old_term);
    armed_ = true;
}

void InterruptReport::disarm() {
    if (!armed_) return;
    ::sigaction(SIGINT, &g_old_int, nullptr);
    ::sigaction(SIGTERM, &g_old_term, nullptr);
    armed_ = false;
}

InterruptReport::~InterruptReport() { disarm(); }

}  // namespace ekb
