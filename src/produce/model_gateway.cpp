#include "produce/model_gateway.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "produce/llm_call.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr size_t k_max_header = 64 << 10;
constexpr size_t k_max_body = 32 << 20;
constexpr int k_io_seconds = 30;     // per read or write on a connection
const char *k_dummy_key = "ekb-gateway-no-key";

using Reply = std::pair<int, json>;

Reply openai_error(int status, const std::string &type, const std::string &message) {
    return {status, {{"error", {{"message", message}, {"type", type}, {"code", type}}}}};
}
Reply anthropic_error(int status, const std::string &type, const std::string &message) {
    return {status, {{"type", "error"}, {"error", {{"type", type}, {"message", message}}}}};
}

const char *reason(int status) {
    switch (status) {
        case 200: return "OK";
        case 400: return "Bad Request";
        case 402: return "Payment Required";
        case 404: return "Not Found";
        case 405: return "Method Not Allowed";
        case 413: return "Payload Too Large";
        case 502: return "Bad Gateway";
        case 503: return "Service Unavailable";
    }
    return "Error";
}

bool send_all(int fd, const std::string &s) {
    size_t off = 0;
    while (off < s.size()) {
        ssize_t w = ::send(fd, s.data() + off, s.size() - off, MSG_NOSIGNAL);
        if (w <= 0) return false;
        off += static_cast<size_t>(w);
    }
    return true;
}

// Text of an OpenAI `content` (a string or a list of parts) or an Anthropic one (a string
// or a list of blocks); throws std::invalid_argument for anything but text.
std::string content_text(const json &c, const char *where) {
    if (c.is_null()) return "";
    if (c.is_string()) return c.get<std::string>();
    if (c.is_array()) {
        std::string s;
        for (const auto &part : c) {
            if (part.is_string()) s += part.get<std::string>();
            else if (part.is_object() && part.value("type", "") == "text" && part.contains("text") && part["text"].is_string())
                s += part["text"].get<std::string>();
            else throw std::invalid_argument(std::string(where) + ": only text content is supported");
        }
        return s;
    }
    throw std::invalid_argument(std::string(where) + ": content must be a string or a list of text parts");
}

// The request's parameters, bounded by the run's: the agent may ask for fewer output
// tokens than --max-tokens, never more.
void parameters(const json &j, const ProducerOptions &opts, ChatRequest &cr) {
    cr.temperature = opts.temperature;
    if (j.contains("temperature") && j["temperature"].is_number()) cr.temperature = j["temperature"].get<double>();
    cr.max_tokens = opts.max_tokens;
    for (const char *k : {"max_tokens", "max_completion_tokens"}) {
        if (j.contains(k) && j[k].is_number_integer() && j[k].get<int64_t>() > 0)
            cr.max_tokens = static_cast<int>(std::min<int64_t>(j[k].get<int64_t>(), opts.max_tokens));
    }
    if (j.value("stream", false)) throw std::invalid_argument("streaming is not supported by the ekb model gateway (send stream: false)");
    if (j.contains("n") && j["n"] != 1) throw std::invalid_argument("the ekb model gateway returns one choice (n = 1)");
    if (j.contains("tools") && !j["tools"].empty()) throw std::invalid_argument("tools are not supported by the ekb model gateway");
}

ChatRequest openai_request(const json &j, const ProducerOptions &opts) {
    ChatRequest cr;
    parameters(j, opts, cr);
    if (!j.contains("messages") || !j["messages"].is_array() || j["messages"].empty())
        throw std::invalid_argument("messages: expected a non-empty list");
    for (const auto &m : j["messages"]) {
        std::string role = m.is_object() ? m.value("role", "") : "";
        if (role == "developer") role = "system";
        if (role != "system" && role != "user" && role != "assistant")
            throw std::invalid_argument("messages: role '" + role + "' is not supported (system, developer, user, assistant)");
        cr.messages.push_back({role, content_text(m.value("content", json()), "messages.content")});
    }
    return cr;
}

ChatRequest anthropic_request(const json &j, const ProducerOptions &opts) {
    ChatRequest cr;
    parameters(j, opts, cr);
    if (j.contains("system")) cr.messages.push_back({"system", content_text(j["system"], "system")});
    if (!j.contains("messages") || !j["messages"].is_array() || j["messages"].empty())
        throw std::invalid_argument("messages: expected a non-empty list");
    for (const auto &m : j["messages"]) {
        std::string role = m.is_object() ? m.value("role", "") : "";
        if (role != "user" && role != "assistant")
            throw std::invalid_argument("messages: role '" + role + "' is not supported (user, assistant)");
        cr.messages.push_back({role, content_text(m.value("content", json()), "messages.content")});
    }
    return cr;
}

}  // namespace

ModelGateway::ModelGateway(const fs::path &handoff, const ProduceRequest &req, const ProducerOptions &opts)
    : req_(req), opts_(opts) {
    handoff_fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (handoff.string().size() >= sizeof(addr.sun_path)) throw std::runtime_error("gateway socket path too long: " + handoff.string());
    std::strcpy(addr.sun_path, handoff.c_str());
    ::unlink(handoff.c_str());
    if (handoff_fd_ < 0 || ::bind(handoff_fd_, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) != 0 ||
        ::listen(handoff_fd_, 1) != 0 || ::pipe2(stop_pipe_, O_CLOEXEC) != 0) {
        int err = errno;
        if (handoff_fd_ >= 0) ::close(handoff_fd_);
        throw std::runtime_error("gateway socket " + handoff.string() + ": " + std::strerror(err));
    }
    ::chmod(handoff.c_str(), 0666);  // the agent runs as a sandbox uid
    thread_ = std::thread([this] { serve(); });
}

ModelGateway::~ModelGateway() {
    stop();
    for (int fd : {handoff_fd_, listen_fd_, stop_pipe_[0], stop_pipe_[1]})
        if (fd >= 0) ::close(fd);
}

void ModelGateway::stop() {
    if (!thread_.joinable()) return;
    (void)!::write(stop_pipe_[1], "x", 1);
    thread_.join();
}

json ModelGateway::calls() const {
    std::lock_guard<std::mutex> l(mu_);
    return calls_;
}

std::optional<LlmError> ModelGateway::failure() const {
    std::lock_guard<std::mutex> l(mu_);
    return failure_;
}

void ModelGateway::serve() {
    // Waits for fd (or the stop pipe): true when fd is readable.
    auto wait = [&](int fd) {
        pollfd p[2] = {{fd, POLLIN, 0}, {stop_pipe_[0], POLLIN, 0}};
        while (true) {
            int n = ::poll(p, 2, -1);
            if (n < 0 && errno == EINTR) continue;
            return n > 0 && !(p[1].revents & POLLIN) && (p[0].revents & POLLIN);
        }
    };
    // 1. The agent's listening socket, handed over once by `ekb agent-init`.
    while (listen_fd_ < 0) {
        if (!wait(handoff_fd_)) return;
        int c = ::accept4(handoff_fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (c < 0) continue;
        timeval tv{5, 0};
        ::setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
        char byte;
        iovec iov{&byte, 1};
        alignas(cmsghdr) char ctrl[CMSG_SPACE(sizeof(int))];
        msghdr msg{};
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = ctrl;
        msg.msg_controllen = sizeof(ctrl);
        int fd = -1;
        if (::recvmsg(c, &msg, MSG_CMSG_CLOEXEC) == 1) {
            for (cmsghdr *h = CMSG_FIRSTHDR(&msg); h; h = CMSG_NXTHDR(&msg, h)) {
                if (h->cmsg_level == SOL_SOCKET && h->cmsg_type == SCM_RIGHTS && h->cmsg_len == CMSG_LEN(sizeof(int)))
                    std::memcpy(&fd, CMSG_DATA(h), sizeof(int));
            }
        }
        // Only a listening TCP socket is served (an agent can hand over nothing else of use).
        int listening = 0, domain = 0;
        socklen_t len = sizeof(int);
        bool ok = fd >= 0 && ::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) == 0 && listening == 1;
        len = sizeof(int);
        ok = ok && ::getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) == 0 && (domain == AF_INET || domain == AF_INET6);
        send_all(c, ok ? "ok\n" : "not a listening TCP socket\n");
        ::close(c);
        if (ok) listen_fd_ = fd;
        else if (fd >= 0) ::close(fd);
    }
    // 2. HTTP on it, one connection at a time.
    while (wait(listen_fd_)) {
        int c = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (c < 0) continue;
        handle(c);
        ::close(c);
    }
}

void ModelGateway::handle(int c) {
    timeval tv{k_io_seconds, 0};
    ::setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    ::setsockopt(c, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
    auto respond = [&](int status, const json &body) {
        std::string b = body.dump(-1, ' ', false, json::error_handler_t::replace);
        send_all(c, "HTTP/1.1 " + std::to_string(status) + " " + reason(status) +
                        "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(b.size()) +
                        "\r\nConnection: close\r\n\r\n" + b);
    };
    std::string data;
    char buf[16384];
    size_t end;
    while ((end = data.find("\r\n\r\n")) == std::string::npos) {
        if (data.size() > k_max_header) return respond(413, openai_error(413, "invalid_request_error", "headers too large").second);
        ssize_t n = ::recv(c, buf, sizeof(buf), 0);
        if (n <= 0) return;
        data.append(buf, static_cast<size_t>(n));
    }
    std::string head = data.substr(0, end);
    std::string body = data.substr(end + 4);
    size_t sp1 = head.find(' '), sp2 = head.find(' ', sp1 + 1);
    if (sp1 == std::string::npos || sp2 == std::string::npos)
        return respond(400, openai_error(400, "invalid_request_error", "malformed request line").second);
    std::string method = head.substr(0, sp1), path = head.substr(sp1 + 1, sp2 - sp1 - 1);
    if (size_t q = path.find('?'); q != std::string::npos) path.resize(q);
    size_t length = 0;
    bool expect_continue = false;
    for (size_t p = head.find("\r\n"); p != std::string::npos;) {
        size_t e = head.find("\r\n", p + 2);
        std::string line = head.substr(p + 2, e == std::string::npos ? std::string::npos : e - p - 2);
        p = e;
        size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string name = line.substr(0, colon), value = line.substr(colon + 1);
        for (auto &ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        while (!value.empty() && value.front() == ' ') value.erase(0, 1);
        if (name == "content-length") length = std::strtoull(value.c_str(), nullptr, 10);
        if (name == "transfer-encoding")
            return respond(400, openai_error(400, "invalid_request_error", "chunked bodies are not supported: send Content-Length").second);
        if (name == "expect" && value.find("100-continue") != std::string::npos) expect_continue = true;
    }
    if (length > k_max_body) return respond(413, openai_error(413, "invalid_request_error", "the request body is too large").second);
    if (expect_continue && body.size() < length) send_all(c, "HTTP/1.1 100 Continue\r\n\r\n");
    while (body.size() < length) {
        ssize_t n = ::recv(c, buf, std::min(sizeof(buf), length - body.size()), 0);
        if (n <= 0) return;
        body.append(buf, static_cast<size_t>(n));
    }
    body.resize(length);
    auto [status, reply] = answer(method, path, body);
    respond(status, reply);
}

std::pair<int, json> ModelGateway::answer(const std::string &method, const std::string &path, const std::string &body) {
    bool anthropic = path == "/v1/messages" || path == "/messages";
    bool openai = path == "/v1/chat/completions" || path == "/chat/completions";
    auto error = [&](int status, const std::string &type, const std::string &message) {
        return anthropic ? anthropic_error(status, type, message) : openai_error(status, type, message);
    };
    if (method == "GET" && (path == "/v1/models" || path == "/models"))
        return {200, {{"object", "list"}, {"data", json::array({{{"id", req_.model}, {"object", "model"}, {"owned_by", "ekb"}}})}}};
    if (!anthropic && !openai)
        return error(404, "not_found_error", "the ekb model gateway serves POST /v1/chat/completions and POST /v1/messages, not " + path);
    if (method != "POST") return error(405, "invalid_request_error", "use POST");
    ChatRequest cr;
    try {
        json j = json::parse(body);
        if (!j.is_object()) throw std::invalid_argument("the body must be a JSON object");
        cr = anthropic ? anthropic_request(j, opts_) : openai_request(j, opts_);
    } catch (const std::exception &e) {
        return error(400, "invalid_request_error", std::string("ekb model gateway: ") + e.what());
    }
    int n = requests_++;
    json log = json::array();
    std::pair<int, json> out;
    try {
        ChatReply r = metered_call(req_, cr, "external/call" + std::to_string(n), "external", log);
        if (anthropic) {
            out = {200, {{"id", "msg_ekb_" + std::to_string(n)}, {"type", "message"}, {"role", "assistant"}, {"model", req_.model},
                         {"content", json::array({{{"type", "text"}, {"text", r.text}}})},
                         {"stop_reason", r.finish_reason == "length" ? "max_tokens" : "end_turn"}, {"stop_sequence", nullptr},
                         {"usage", {{"input_tokens", r.tokens_in}, {"output_tokens", r.tokens_out}}}}};
        } else {
            out = {200, {{"id", "chatcmpl-ekb-" + std::to_string(n)}, {"object", "chat.completion"},
                         {"created", static_cast<int64_t>(std::time(nullptr))}, {"model", req_.model},
                         {"choices", json::array({{{"index", 0}, {"message", {{"role", "assistant"}, {"content", r.text}}},
                                                   {"finish_reason", r.finish_reason == "length" ? "length" : "stop"}}})},
                         {"usage", {{"prompt_tokens", r.tokens_in}, {"completion_tokens", r.tokens_out},
                                    {"total_tokens", r.tokens_in + r.tokens_out}}}}};
        }
    } catch (const LlmError &e) {
        using K = LlmError::Kind;
        if (e.kind == K::budget) out = error(402, "budget_exhausted", std::string("ekb budget: ") + e.what());
        else if (e.kind == K::bad_request) out = error(400, "invalid_request_error", e.what());
        else if (e.kind == K::empty) out = error(502, "empty_reply", e.what());
        else if (e.kind == K::cache_miss) out = error(502, "llm_cache_miss", e.what());
        else {
            // Not the model's answer (transient) or wrong for every sample (auth, config): the
            // sample becomes a harness failure when the agent ends.
            out = error(503, "upstream_unavailable", e.what());
            std::lock_guard<std::mutex> l(mu_);
            if (!failure_) failure_ = e;
        }
    }
    std::lock_guard<std::mutex> l(mu_);
    for (auto &x : log) calls_.push_back(std::move(x));
    return out;
}

int external_agent_init(const std::vector<std::string> &argv) {
    auto fail = [](const std::string &why) {
        fprintf(stderr, "ekb agent-init: %s\n", why.c_str());
        return 2;
    };
    if (argv.empty()) return fail("no command to run");
    const char *handoff = std::getenv("EKB_GATEWAY_SOCKET");
    if (!handoff || !*handoff) return fail("EKB_GATEWAY_SOCKET is not set (it runs inside an external producer's sandbox)");
    int l = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t alen = sizeof(a);
    if (l < 0 || ::bind(l, reinterpret_cast<sockaddr *>(&a), sizeof(a)) != 0 || ::listen(l, 64) != 0 ||
        ::getsockname(l, reinterpret_cast<sockaddr *>(&a), &alen) != 0)
        return fail(std::string("cannot listen on 127.0.0.1: ") + std::strerror(errno));
    int port = ntohs(a.sin_port);
    int u = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un ua{};
    ua.sun_family = AF_UNIX;
    std::strncpy(ua.sun_path, handoff, sizeof(ua.sun_path) - 1);
    if (u < 0 || ::connect(u, reinterpret_cast<sockaddr *>(&ua), sizeof(ua)) != 0)
        return fail(std::string("cannot reach ekb at ") + handoff + ": " + std::strerror(errno));
    char byte = 'g';
    iovec iov{&byte, 1};
    alignas(cmsghdr) char ctrl[CMSG_SPACE(sizeof(int))] = {};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = ctrl;
    msg.msg_controllen = sizeof(ctrl);
    cmsghdr *h = CMSG_FIRSTHDR(&msg);
    h->cmsg_level = SOL_SOCKET;
    h->cmsg_type = SCM_RIGHTS;
    h->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(h), &l, sizeof(int));
    if (::sendmsg(u, &msg, MSG_NOSIGNAL) != 1) return fail(std::string("cannot hand the socket to ekb: ") + std::strerror(errno));
    char ack[64] = {};
    ssize_t n = ::read(u, ack, sizeof(ack) - 1);
    ::close(u);
    ::close(l);  // ekb holds the socket now; the agent never gets it
    if (n < 3 || std::strncmp(ack, "ok\n", 3) != 0) return fail("ekb refused the socket");
    std::string base = "http://127.0.0.1:" + std::to_string(port);
    ::setenv("OPENAI_BASE_URL", (base + "/v1").c_str(), 1);
    ::setenv("OPENAI_API_BASE", (base + "/v1").c_str(), 1);
    ::setenv("ANTHROPIC_BASE_URL", base.c_str(), 1);
    ::setenv("OPENAI_API_KEY", k_dummy_key, 1);
    ::setenv("ANTHROPIC_API_KEY", k_dummy_key, 1);
    ::setenv("EKB_MODEL_URL", (base + "/v1").c_str(), 1);
    ::unsetenv("EKB_GATEWAY_SOCKET");
    std::vector<char *> args;
    for (const auto &s : argv) args.push_back(const_cast<char *>(s.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    return fail("cannot run " + argv[0] + ": " + std::strerror(errno));
}

}  // namespace ekb
