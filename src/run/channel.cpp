#include "run/channel.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

#include "common/subprocess.h"
#include "common/untrusted_file.h"

namespace ekb {

bool Channel::send(const std::string &line) {
    std::string data = line + "\n";
    size_t done = 0;
    while (done < data.size()) {
        ssize_t w = ::write(wfd_, data.data() + done, data.size() - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        done += static_cast<size_t>(w);
    }
    return true;
}

bool Channel::receive(std::string &line, double timeout_seconds, bool &timed_out) {
    timed_out = false;
    double deadline = monotonic_seconds() + timeout_seconds;
    while (true) {
        size_t nl = pending_.find('\n');
        if (nl != std::string::npos) {
            line = pending_.substr(0, nl);
            pending_.erase(0, nl + 1);
            return true;
        }
        int wait_ms = -1;
        if (timeout_seconds >= 0) {
            double left = deadline - monotonic_seconds();
            if (left <= 0) {
                timed_out = true;
                return false;
            }
            wait_ms = static_cast<int>(left * 1000) + 1;
        }
        struct pollfd p{rfd_, POLLIN, 0};
        int r = ::poll(&p, 1, wait_ms);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return false;
        if (r == 0) continue;  // re-check the deadline
        char buf[4096];
        ssize_t n = ::read(rfd_, buf, sizeof(buf));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        pending_.append(buf, static_cast<size_t>(n));
        if (pending_.size() > (1u << 20)) return false;  // a runaway peer
    }
}

Reply Channel::request(const std::string &line, double timeout_seconds) {
    Reply r;
    double t0 = monotonic_seconds();
    if (!send(line)) return r;
    std::string reply;
    bool timed_out = false;
    bool got = receive(reply, timeout_seconds, timed_out);
    r.seconds = monotonic_seconds() - t0;
    if (!got) {
        r.kind = timed_out ? Reply::timeout : Reply::dead;
        return r;
    }
    if (reply == "ok") {
        r.kind = Reply::ok;
    } else if (reply.rfind("ok ", 0) == 0) {
        r.kind = Reply::ok;
        r.text = escape_invalid_utf8(unescape_line(reply.substr(3)));  // a payload (the worker's profile)
    } else if (reply.rfind("err ", 0) == 0) {
        r.kind = Reply::error;
        // The worker's words (a Halide error may quote the kernel's require() message):
        // any bytes at all, so escaped to valid UTF-8 before they reach a record.
        r.text = escape_invalid_utf8(unescape_line(reply.substr(4)));
    } else {
        r.kind = Reply::error;
        r.text = "unexpected reply from the worker: " + escape_invalid_utf8(reply.substr(0, 200));
    }
    return r;
}

void Channel::close_all() {
    if (rfd_ >= 0) ::close(rfd_);
    if (wfd_ >= 0) ::close(wfd_);
    rfd_ = wfd_ = -1;
}

std::string escape_line(const std::string &s) {
    std::string o;
    for (char c : s) {
        if (c == '\n') o += "\\n";
        else if (c == '\\') o += "\\\\";
        else if (c == '\r') continue;
        else o += c;
    }
    return o;
}

std::string unescape_line(const std::string &s) {
    std::string o;
    for (size_t i = 0; i < s.size(); i++) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            o += s[i + 1] == 'n' ? '\n' : s[i + 1];
            i++;
        } else {
            o += s[i];
        }
    }
    return o;
}

}  // namespace ekb
