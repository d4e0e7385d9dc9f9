// The conductor <-> worker protocol: one text line per command and per reply, over two
// pipes. The conductor owns the clock: it times from writing a command to reading its
// reply, with a deadline; a worker that dies shows up as end-of-file.
//
//   conductor -> worker            worker -> conductor
//   layout <json>                  ok | err <code> <message>
//   upload                         ok | err ...      (GPU: inputs and poisoned outputs to the device)
//   poison <out_set>               ok                (GPU: device outputs <- host poison)
//   run <first_call> <calls>       ok | err ...      (call i: input set i % sets, output set
//                                                     i % out_sets; device synchronized before replying)
//   fetch <out_set>                ok | err ...      (GPU: outputs of <out_set> to the host)
//   quit                           (exits)
#pragma once
#include <string>

namespace ekb {

struct Reply {
    enum Kind { ok, error, dead, timeout } kind = dead;
    std::string text;       // for error: the worker's message; for ok: its payload, if any
    double seconds = 0;     // command written -> reply read
};

class Channel {
public:
    Channel() = default;
    Channel(int read_fd, int write_fd) : rfd_(read_fd), wfd_(write_fd) {}
    // Writes a line; false when the peer is gone.
    bool send(const std::string &line);
    // Reads a line with a deadline (seconds from now; < 0 waits forever). Returns false on
    // EOF/error, sets timed_out on deadline.
    bool receive(std::string &line, double timeout_seconds, bool &timed_out);
    Reply request(const std::string &line, double timeout_seconds);
    void close_all();

private:
    int rfd_ = -1, wfd_ = -1;
    std::string pending_;
};

// Newlines are escaped so a message stays one line.
std::string escape_line(const std::string &s);
std::string unescape_line(const std::string &s);

}  // namespace ekb
