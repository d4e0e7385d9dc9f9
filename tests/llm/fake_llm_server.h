// A fake LLM server for tests: a real HTTP server on 127.0.0.1 (an ephemeral port) that
// speaks both chat APIs the providers use (src/llm/providers.h):
//
//   POST <any prefix>/chat/completions   OpenAI Chat Completions
//   POST <any prefix>/messages           Anthropic Messages
//
// Replies come from a script, consumed in order by requests of either API; when the script
// is empty, a responder function (if set) may answer, else the default reply. A reply is
// either generated (a well-formed reply in the API of the request, with the given text,
// token counts and finish reason; or an API-style error body for an error status) or a
// verbatim body, and can carry extra headers (Retry-After), a delay before it is sent, a
// truncated body (a Content-Length larger than the body, then the connection is closed),
// malformed JSON or a huge body (padding past the clients' 64 MiB limit). Connection
// refused: closed_port_url(). Every request is logged (method, path, headers in lower case, body).
//
//   ekb::test::FakeLlmServer server;
//   server.push(ekb::test::FakeReply::error(429).with_header("Retry-After", "1"));
//   server.push(ekb::test::FakeReply::ok("```cpp\n...\n```", 120, 80));
//   auto model = ekb::make_openai_chat("gpt-test", server.base_url(), opts);
//   ... model->complete(req) ...
//   EXPECT_EQ(server.request_count(), 2u);
//   nlohmann::json sent = server.requests()[1].json();
//
// Header-only; link the test against cpp-httplib (pkg-config cpp-httplib: the Debian
// package is a compiled library, and its CPPHTTPLIB_* definitions must match).
// Thread-safe: tests may call complete() from many threads.
#pragma once
#include <httplib.h>
#include <netinet/in.h>
#include <nlohmann/json.hpp>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace ekb::test {

struct FakeReply {
    int status = 200;
    // A generated reply (status 200): its text, usage and finish reason. finish_reason is
    // in OpenAI terms ("stop", "length", anything else verbatim) and is mapped for Anthropic
    // ("stop" -> "end_turn", "length" -> "max_tokens").
    std::string text = "This is the fake LLM.";
    int64_t tokens_in = 10, tokens_out = 5;
    std::string finish_reason = "stop";
    // A generated error body (status != 200): the message (default: a standard one per status).
    std::string error_message;
    // When set, sent verbatim instead of a generated body.
    std::optional<std::string> body;
    std::string content_type = "application/json";
    std::vector<std::pair<std::string, std::string>> headers;   // extra response headers
    double delay_seconds = 0;      // wait before replying (interrupted when the server stops)
    bool truncate = false;         // announce more bytes than are sent, then close the connection
    bool malformed_json = false;   // send only the first half of the body
    size_t pad_bytes = 0;          // a well-formed reply padded with this many spaces

    static FakeReply ok(std::string text, int64_t in = 10, int64_t out = 5, std::string finish = "stop") {
        FakeReply r;
        r.text = std::move(text);
        r.tokens_in = in;
        r.tokens_out = out;
        r.finish_reason = std::move(finish);
        return r;
    }
    static FakeReply error(int status, std::string message = "") {
        FakeReply r;
        r.status = status;
        r.error_message = std::move(message);
        return r;
    }
    static FakeReply raw(int status, std::string body, std::string content_type = "application/json") {
        FakeReply r;
        r.status = status;
        r.body = std::move(body);
        r.content_type = std::move(content_type);
        return r;
    }
    FakeReply &with_header(std::string name, std::string value) {
        headers.emplace_back(std::move(name), std::move(value));
        return *this;
    }
    FakeReply &after(double seconds) {
        delay_seconds = seconds;
        return *this;
    }
    FakeReply &truncated() {
        truncate = true;
        return *this;
    }
    FakeReply &malformed() {
        malformed_json = true;
        return *this;
    }
    FakeReply &huge(size_t bytes = (64u << 20) + 4096) {
        pad_bytes = bytes;
        return *this;
    }
};

struct RecordedRequest {
    std::string method, path;
    std::string api;                              // "openai" | "anthropic" | "" (unknown path)
    std::map<std::string, std::string> headers;   // names in lower case
    std::string body;
    double at_seconds = 0;                        // arrival, seconds since the server started

    // The value of a header (name in any case), or "" when absent.
    std::string header(const std::string &name) const {
        std::string n = name;
        for (char &c : n) c = (char)std::tolower((unsigned char)c);
        auto it = headers.find(n);
        return it == headers.end() ? std::string() : it->second;
    }
    bool has_header(const std::string &name) const {
        std::string n = name;
        for (char &c : n) c = (char)std::tolower((unsigned char)c);
        return headers.count(n) > 0;
    }
    // The body as JSON (null when it is not JSON).
    nlohmann::json json() const {
        auto j = nlohmann::json::parse(body, nullptr, false);
        return j.is_discarded() ? nlohmann::json() : j;
    }
    // The text of the last user message of either API (plain string content or text blocks).
    std::string last_user_text() const {
        auto j = json();
        if (!j.is_object() || !j.contains("messages") || !j["messages"].is_array()) return "";
        for (auto it = j["messages"].rbegin(); it != j["messages"].rend(); ++it) {
            if (!it->is_object() || it->value("role", "") != "user" || !it->contains("content")) continue;
            const auto &c = (*it)["content"];
            if (c.is_string()) return c.get<std::string>();
            std::string s;
            if (c.is_array())
                for (const auto &b : c)
                    if (b.is_object() && b.contains("text") && b["text"].is_string()) s += b["text"].get<std::string>();
            return s;
        }
        return "";
    }
};

class FakeLlmServer {
public:
    // Computes a reply from a request, when the script is empty; nullopt: the default reply.
    using Responder = std::function<std::optional<FakeReply>(const RecordedRequest &)>;

    explicit FakeLlmServer(size_t threads = 32) : t0_(std::chrono::steady_clock::now()) {
        svr_.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
        svr_.set_keep_alive_timeout(1);
        auto handler = [this](const httplib::Request &req, httplib::Response &res) { handle(req, res); };
        svr_.Post(R"(/.*)", handler);
        svr_.Get(R"(/.*)", handler);
        port_ = svr_.bind_to_any_port("127.0.0.1");
        if (port_ <= 0) throw std::runtime_error("FakeLlmServer: cannot bind a port on 127.0.0.1");
        // bind_to_any_port already listens: connections made before the thread runs wait in the backlog.
        thread_ = std::thread([this] { svr_.listen_after_bind(); });
    }
    ~FakeLlmServer() { stop(); }
    FakeLlmServer(const FakeLlmServer &) = delete;
    FakeLlmServer &operator=(const FakeLlmServer &) = delete;

    // Stop serving (delayed replies are cut short). Idempotent; the destructor calls it.
    void stop() {
        {
            std::lock_guard<std::mutex> lock(m_);
            if (stopping_) return;
            stopping_ = true;
        }
        cv_.notify_all();
        svr_.stop();
        if (thread_.joinable()) thread_.join();
    }

    int port() const { return port_; }
    // "http://127.0.0.1:PORT/v1": the base URL for make_openai_chat / make_anthropic_chat
    // and for model strings ("openai:m@" + base_url()).
    std::string base_url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

    // The script: replies consumed in order, by requests of either API.
    void push(FakeReply r) {
        std::lock_guard<std::mutex> lock(m_);
        script_.push_back(std::move(r));
    }
    void push(std::vector<FakeReply> rs) {
        for (auto &r : rs) push(std::move(r));
    }
    size_t script_left() const {
        std::lock_guard<std::mutex> lock(m_);
        return script_.size();
    }
    // The reply when the script is empty (and no responder answered).
    void set_default(FakeReply r) {
        std::lock_guard<std::mutex> lock(m_);
        default_ = std::move(r);
    }
    void set_responder(Responder f) {
        std::lock_guard<std::mutex> lock(m_);
        responder_ = std::move(f);
    }

    // The request log, in arrival order.
    std::vector<RecordedRequest> requests() const {
        std::lock_guard<std::mutex> lock(m_);
        return log_;
    }
    size_t request_count() const {
        std::lock_guard<std::mutex> lock(m_);
        return log_.size();
    }
    void clear_log() {
        std::lock_guard<std::mutex> lock(m_);
        log_.clear();
    }
    // The most requests that were ever being handled at the same time (delays included).
    int max_in_flight() const { return max_in_flight_.load(); }

    // The generated bodies, for tests that build variants by hand.
    static nlohmann::json openai_reply(const FakeReply &r, const std::string &model, int id) {
        return {{"id", "chatcmpl-fake-" + std::to_string(id)},
                {"object", "chat.completion"},
                {"created", 1700000000},
                {"model", model},
                {"choices",
                 {{{"index", 0},
                   {"message", {{"role", "assistant"}, {"content", r.text}}},
                   {"finish_reason", r.finish_reason}}}},
                {"usage",
                 {{"prompt_tokens", r.tokens_in},
                  {"completion_tokens", r.tokens_out},
                  {"total_tokens", r.tokens_in + r.tokens_out}}}};
    }
    static nlohmann::json anthropic_reply(const FakeReply &r, const std::string &model, int id) {
        std::string stop = r.finish_reason == "stop" ? "end_turn" : r.finish_reason == "length" ? "max_tokens" : r.finish_reason;
        return {{"id", "msg_fake_" + std::to_string(id)},
                {"type", "message"},
                {"role", "assistant"},
                {"model", model},
                {"content", {{{"type", "text"}, {"text", r.text}}}},
                {"stop_reason", stop},
                {"stop_sequence", nullptr},
                {"usage", {{"input_tokens", r.tokens_in}, {"output_tokens", r.tokens_out}}}};
    }
    static nlohmann::json error_body(const std::string &api, int status, std::string message) {
        std::string type = status == 400   ? "invalid_request_error"
                           : status == 401 ? "authentication_error"
                           : status == 403 ? "permission_error"
                           : status == 404 ? "not_found_error"
                           : status == 429 ? "rate_limit_error"
                           : status == 529 ? "overloaded_error"
                                           : "api_error";
        if (message.empty())
            message = status == 401 ? "Incorrect API key provided."
                      : status == 403 ? "Your key does not have access to this model."
                      : status == 404 ? "The model does not exist."
                      : status == 429 ? "Rate limit reached. Please try again later."
                      : status == 400 ? "Invalid request."
                                      : "The server had an error while processing your request.";
        if (api == "anthropic") return {{"type", "error"}, {"error", {{"type", type}, {"message", message}}}};
        return {{"error", {{"message", message}, {"type", type}, {"param", nullptr}, {"code", nullptr}}}};
    }

private:
    static bool ends_with(const std::string &s, const std::string &e) {
        return s.size() >= e.size() && s.compare(s.size() - e.size(), e.size(), e) == 0;
    }

    void handle(const httplib::Request &req, httplib::Response &res) {
        int now = ++in_flight_;
        for (int m = max_in_flight_.load(); now > m && !max_in_flight_.compare_exchange_weak(m, now);) {
        }
        struct Leave {
            std::atomic<int> &n;
            ~Leave() { --n; }
        } leave{in_flight_};

        RecordedRequest rec;
        rec.method = req.method;
        rec.path = req.path;
        rec.body = req.body;
        for (const auto &[k, v] : req.headers) {
            std::string n = k;
            for (char &c : n) c = (char)std::tolower((unsigned char)c);
            rec.headers[n] = v;
        }
        rec.at_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
        if (req.method == "POST" && ends_with(req.path, "/chat/completions")) rec.api = "openai";
        else if (req.method == "POST" && ends_with(req.path, "/messages")) rec.api = "anthropic";

        FakeReply reply;
        int id;
        Responder responder;
        bool scripted = false;
        {
            std::lock_guard<std::mutex> lock(m_);
            log_.push_back(rec);
            id = (int)log_.size();
            if (!rec.api.empty() && !script_.empty()) {
                reply = std::move(script_.front());
                script_.pop_front();
                scripted = true;
            } else {
                reply = default_;
                responder = responder_;
            }
        }
        if (rec.api.empty()) {
            res.status = 404;
            res.set_content(error_body("openai", 404, "No route " + req.method + " " + req.path).dump(), "application/json");
            return;
        }
        if (!scripted && responder)
            if (auto r = responder(rec)) reply = std::move(*r);

        if (reply.delay_seconds > 0) {
            std::unique_lock<std::mutex> lock(m_);
            cv_.wait_for(lock, std::chrono::duration<double>(reply.delay_seconds), [&] { return stopping_; });
        }

        std::string model = "fake-model";
        auto j = rec.json();
        if (j.is_object() && j.contains("model") && j["model"].is_string()) model = j["model"];
        std::string body;
        if (reply.body) body = *reply.body;
        else if (reply.status == 200) body = (rec.api == "openai" ? openai_reply(reply, model, id) : anthropic_reply(reply, model, id)).dump();
        else body = error_body(rec.api, reply.status, reply.error_message).dump();
        if (reply.malformed_json) body = body.substr(0, body.size() / 2);
        if (reply.pad_bytes) body.append(reply.pad_bytes, ' ');

        res.status = reply.status;
        for (const auto &[k, v] : reply.headers) res.set_header(k.c_str(), v);
        if (reply.truncate) {
            auto shared = std::make_shared<std::string>(body);
            // Announce more than is sent; the provider returning false closes the connection.
            res.set_content_provider(
                shared->size() + 100, reply.content_type,
                [shared](size_t offset, size_t, httplib::DataSink &sink) {
                    if (offset == 0 && !shared->empty()) {
                        sink.write(shared->data(), shared->size());
                        return true;
                    }
                    return false;
                });
        } else {
            res.set_content(body, reply.content_type.c_str());
        }
    }

    httplib::Server svr_;
    std::thread thread_;
    int port_ = 0;
    std::chrono::steady_clock::time_point t0_;
    mutable std::mutex m_;
    std::condition_variable cv_;
    bool stopping_ = false;
    std::deque<FakeReply> script_;
    FakeReply default_;
    Responder responder_;
    std::vector<RecordedRequest> log_;
    std::atomic<int> in_flight_{0}, max_in_flight_{0};
};

// A loopback URL where nothing listens (a port bound and closed again), for "connection
// refused" tests: "http://127.0.0.1:PORT/v1".
inline std::string closed_port_url() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) throw std::runtime_error("closed_port_url: socket() failed");
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    socklen_t len = sizeof addr;
    if (::bind(fd, (sockaddr *)&addr, sizeof addr) != 0 || ::getsockname(fd, (sockaddr *)&addr, &len) != 0) {
        ::close(fd);
        throw std::runtime_error("closed_port_url: bind() failed");
    }
    int port = ntohs(addr.sin_port);
    ::close(fd);   // never listened: connecting gets ECONNREFUSED
    return "http://127.0.0.1:" + std::to_string(port) + "/v1";
}

}  // namespace ekb::test
