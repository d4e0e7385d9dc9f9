// The `external` producer: any command-line coding agent, run in a prepared workspace. With
// a model (`--models openai:...`) the agent talks to it only through ekb's model gateway
// (model_gateway.h: same budget, cache and transcripts as ekb's own producers) and has no
// other network; with `builtin` it brings its own model and network access, unmeasured.
//
//   <experiment>/workspaces/<key>/
//     TASK.md         the task as a prompt shows it (visible instances only) and the rules
//     task.json       the same, as data (visible_task_json)
//     reference.py, algorithm.h, kernel.cpp (the naive kernel to start from)
//     .ekb/check.sock where `ekb check [kernel.cpp]` asks the trusted ekb process to
//                     compile, verify and time the kernel on the visible instances
//     .ekb/gateway.sock  (with a model) where `ekb agent-init` hands over the gateway's socket
//
// The agent runs confined: bubblewrap with only the system (read-only), its workspace and
// the ekb binary visible, the network allowed, its own uid and rlimits, and a wall-clock
// limit from the budget. It cannot read the suite (held-out instances stay hidden). When the
// command ends or its time runs out, workspace/kernel.cpp is collected and evaluated like
// any other kernel.
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <thread>

#include "common/files.h"
#include "common/subprocess.h"
#include "common/untrusted_file.h"
#include "produce/model_gateway.h"
#include "produce/producer.h"
#include "suite/visible.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The largest kernel.cpp collected (and the largest source `ekb check` accepts).
constexpr size_t k_kernel_cap = 8u << 20;

fs::path self_exe() {
    char buf[4096];
    ssize_t n = ::readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    if (n <= 0) throw std::runtime_error("cannot find the ekb executable");
    buf[n] = 0;
    return buf;
}

bool read_all(int fd, std::string &out, size_t n) {
    out.resize(n);
    size_t got = 0;
    while (got < n) {
        ssize_t r = ::read(fd, out.data() + got, n - got);
        if (r <= 0) return false;
        got += static_cast<size_t>(r);
    }
    return true;
}

void write_all(int fd, const std::string &s) {
    size_t off = 0;
    while (off < s.size()) {
        ssize_t w = ::write(fd, s.data() + off, s.size() - off);
        if (w <= 0) return;
        off += static_cast<size_t>(w);
    }
}

// Serves `ekb check` requests on a Unix socket until stopped: "<bytes>\n<kernel source>"
// in, "<exit code>\n<text>" out.
class CheckServer {
public:
    CheckServer(const fs::path &sock, const ProduceRequest &req, json &log) : req_(req), log_(log) {
        fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd_ < 0) throw std::runtime_error("check socket: " + std::string(std::strerror(errno)));
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        if (sock.string().size() >= sizeof(addr.sun_path)) throw std::runtime_error("check socket path too long: " + sock.string());
        std::strcpy(addr.sun_path, sock.c_str());
        ::unlink(sock.c_str());
        if (::bind(fd_, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) != 0 || ::listen(fd_, 4) != 0) {
            throw std::runtime_error("check socket " + sock.string() + ": " + std::strerror(errno));
        }
        ::chmod(sock.c_str(), 0666);  // the agent runs as a sandbox uid
        thread_ = std::thread([this] { serve(); });
    }
    ~CheckServer() {
        stop_ = true;
        ::shutdown(fd_, SHUT_RDWR);
        ::close(fd_);
        if (thread_.joinable()) thread_.join();
    }
    int checks() const { return checks_; }

private:
    void serve() {
        while (!stop_) {
            int c = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
            if (c < 0) {
                if (stop_) return;
                continue;
            }
            std::string header;
            char ch;
            while (header.size() < 32 && ::read(c, &ch, 1) == 1 && ch != '\n') header += ch;
            size_t n = std::strtoul(header.c_str(), nullptr, 10);
            std::string source;
            if (n == 0 || n > k_kernel_cap || !read_all(c, source, n)) {
                write_all(c, "2\nekb check: bad request\n");
                ::close(c);
                continue;
            }
            std::string text;
            int code = 0;
            std::string why;
            if (req_.budget && !req_.budget->can_compile(&why)) {
                text = "ekb check: the budget allows no more checks (" + why + ")\n";
                code = 3;
            } else {
                Feedback fb = req_.ctx->check(*req_.task, req_.backend, source, req_.seed ^ 0x5bd1e995ull, *req_.budget, "external");
                checks_++;
                text = fb.summary();
                code = fb.correct ? 0 : 1;
                log_.push_back({{"check", checks_.load()}, {"correct", fb.correct}, {"summary", text}});
            }
            write_all(c, std::to_string(code) + "\n" + text);
            ::close(c);
        }
    }
    const ProduceRequest &req_;
    json &log_;
    int fd_ = -1;
    std::atomic<bool> stop_{false};
    std::atomic<int> checks_{0};
    std::thread thread_;
};

class ExternalProducer : public Producer {
public:
    explicit ExternalProducer(ProducerOptions o) : opts_(std::move(o)) {}
    std::string name() const override { return "external"; }
    bool uses_model() const override { return true; }  // builtin: the agent's own model

    Production produce(const ProduceRequest &req) override {
        fs::path ws = req.log_dir / "workspaces" / req.key;
        fs::path agent_out = req.log_dir / "workspaces" / (req.key + ".agent.out");
        fs::path agent_err = req.log_dir / "workspaces" / (req.key + ".agent.err");
        fs::remove_all(ws);
        fs::create_directories(ws / ".ekb");
        const Task &t = *req.task;
        json view = visible_task_json(t);
        write_file(ws / "task.json", view.dump(2) + "\n");
        write_file(ws / "reference.py", read_file(t.reference_path()));
        write_file(ws / "algorithm.h", read_file(t.algorithm_path()));
        write_file(ws / "kernel.cpp", read_file(t.naive_kernel()));
        write_file(ws / "TASK.md", system_prompt() + "\n" + task_prompt(t, req.backend, req.ctx->device_profile(req.backend)) +
                                       "\n## Workspace\n\nEdit kernel.cpp here. `ekb check` (or `ekb check other.cpp`) "
                                       "compiles, verifies and times it on the visible instances. kernel.cpp is "
                                       "collected when your command ends or its time is up.\n");
        // The agent runs as a uid of its own: it must be able to edit what it was given.
        for (const auto &e : fs::directory_iterator(ws)) {
            if (e.is_regular_file()) ::chmod(e.path().c_str(), 0666);
        }
        json log = json::array();
        double wall = req.budget && req.budget->caps().wall_seconds > 0 ? req.budget->remaining_wall_seconds() : opts_.external_seconds;
        ExitInfo e;
        int checks = 0;
        bool gateway = !req.model.empty() && req.model != "builtin";
        json model_calls;
        std::optional<LlmError> model_failure;
        int model_requests = 0;
        {
            CheckServer server(ws / ".ekb" / "check.sock", req, log);
            std::optional<ModelGateway> gw;
            if (gateway) gw.emplace(ws / ".ekb" / "gateway.sock", req, opts_);
            fs::path exe = self_exe();
            SpawnSpec s;
            s.argv = {"/bin/sh", "-c", opts_.external_command};
            if (gateway) s.argv.insert(s.argv.begin(), {exe.string(), "agent-init"});
            s.cwd = ws;
            s.env = {"PATH=" + exe.parent_path().string() + ":/usr/local/bin:/usr/bin:/bin", "HOME=" + ws.string(),
                     "LANG=C.UTF-8", "EKB_CHECK_SOCKET=" + (ws / ".ekb" / "check.sock").string(),
                     "EKB_TASK=" + t.id, "EKB_BACKEND=" + req.backend};
            if (gateway) s.env.push_back("EKB_GATEWAY_SOCKET=" + (ws / ".ekb" / "gateway.sock").string());
            if (const char *pass = std::getenv("EKB_EXTERNAL_ENV")) {
                // Names of variables the agent needs (its own API key, say), comma-separated.
                std::string names = pass;
                size_t p = 0;
                while (p <= names.size()) {
                    size_t q = names.find(',', p);
                    if (q == std::string::npos) q = names.size();
                    std::string n = names.substr(p, q - p);
                    if (const char *v = n.empty() ? nullptr : std::getenv(n.c_str())) s.env.push_back(n + "=" + v);
                    p = q + 1;
                }
            }
            // The agent's output goes beside its workspace, not into it: the agent owns the
            // workspace and could swap any directory in it (trust rule, docs/evaluation.md).
            s.stdout_path = agent_out;
            s.stderr_path = agent_err;
            s.confine = true;
            s.sandbox = SandboxMounts{};
            s.sandbox->read_only.push_back(exe);
            for (const auto &p : opts_.external_read_only) s.sandbox->read_only.push_back(p);
            // With the gateway: a network namespace of its own (loopback only), sockets allowed
            // so it can reach the gateway there; else the host's network (its own model).
            s.sandbox->network = !gateway;
            s.sandbox->loopback_sockets = gateway;
            s.limits.wall_seconds = std::max(1.0, wall);
            s.limits.processes = 512;
            e = run_process(s);
            checks = server.checks();
            if (gw) {
                gw->stop();  // after a request in flight
                model_calls = gw->calls();
                model_failure = gw->failure();
                model_requests = gw->requests();
            }
        }
        Production p;
        std::string stop = e.timed_out ? "budget: wall time (" + std::to_string(static_cast<int>(wall)) + " s) ran out; the agent was stopped"
                                       : "the agent's command " + e.describe();
        p.stop_reason = stop;
        if (req.budget) req.budget->charge_device("external", 0);
        // The agent wrote the workspace: kernel.cpp is read through the audited reader, so a
        // symlink (to the suite's task.json, say), a FIFO, a hard link or an oversized file
        // is refused with its reason instead of being read as the agent's kernel.
        UntrustedRead k = read_untrusted(ws / "kernel.cpp", k_kernel_cap);
        if (k.ok() && !k.truncated) {
            p.ok = true;
            p.source = std::move(k.bytes);
            p.kernel_name = "kernel.cpp";
        } else if (k.status == UntrustedRead::Status::missing) {
            p.error_code = e.timed_out ? "budget_exceeded" : "no_kernel";
            p.error_message = "the workspace has no kernel.cpp (" + stop + ")";
        } else {
            p.error_code = "no_kernel";
            p.error_message = "the workspace's kernel.cpp was not collected: " +
                              (k.ok() ? "it is larger than " + std::to_string(k_kernel_cap >> 20) + " MiB" : "it " + k.problem) +
                              " (" + stop + ")";
        }
        if (model_failure) throw *model_failure;  // transient: not stored, resume retries; fatal: the run stops
        json transcript = {{"producer", "external"}, {"command", opts_.external_command}, {"task", t.id},
                           {"backend", req.backend}, {"sample", req.sample}, {"exit", e.describe()},
                           {"timed_out", e.timed_out}, {"wall_limit_s", wall}, {"checks", log}, {"n_checks", checks},
                           {"stdout", read_untrusted_text(agent_out, 20000, ReadEnd::tail)},
                           {"stderr", read_untrusted_text(agent_err, 20000, ReadEnd::tail)}, {"stop_reason", stop}};
        if (gateway) {
            transcript["model"] = req.model;
            transcript["gateway_requests"] = model_requests;
            transcript["calls"] = model_calls;
        } else {
            transcript["model"] = "the agent's own (not measured)";
        }
        if (req.budget) transcript["budget"] = req.budget->to_json();
        p.transcript = write_transcript(req, transcript);
        return p;
    }

private:
    ProducerOptions opts_;
};

}  // namespace

std::unique_ptr<Producer> make_external_producer(const ProducerOptions &opts) {
    return std::make_unique<ExternalProducer>(opts);
}

// The client side of `ekb check`, run by the agent inside its sandbox.
int external_check_client(const std::string &kernel_path) {
    const char *sock = std::getenv("EKB_CHECK_SOCKET");
    if (!sock || !*sock) {
        fprintf(stderr, "ekb check: EKB_CHECK_SOCKET is not set (run it inside an external producer's workspace)\n");
        return 2;
    }
    std::string source;
    try {
        source = read_file(kernel_path);
    } catch (const std::exception &e) {
        fprintf(stderr, "ekb check: %s\n", e.what());
        return 2;
    }
    int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, sock, sizeof(addr.sun_path) - 1);
    if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) != 0) {
        fprintf(stderr, "ekb check: cannot reach ekb at %s: %s\n", sock, std::strerror(errno));
        return 2;
    }
    write_all(fd, std::to_string(source.size()) + "\n" + source);
    std::string reply;
    char buf[4096];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof(buf))) > 0) reply.append(buf, static_cast<size_t>(n));
    ::close(fd);
    size_t nl = reply.find('\n');
    if (nl == std::string::npos) {
        fprintf(stderr, "ekb check: no answer\n");
        return 2;
    }
    fputs(reply.c_str() + nl + 1, stdout);
    return std::atoi(reply.substr(0, nl).c_str());
}

}  // namespace ekb
