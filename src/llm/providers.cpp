#include "llm/providers.h"

#include "llm/http.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <random>
#include <thread>

namespace ekb {

namespace {

using Kind = LlmError::Kind;
using Clock = std::chrono::steady_clock;

std::string strip_slash(std::string s) {
    while (!s.empty() && s.back() == '/') s.pop_back();
    return s;
}

// A short, single-line excerpt of a reply body for error messages.
std::string excerpt(const std::string &body, size_t max = 200) {
    std::string out;
    for (char c : body) {
        if (out.size() >= max) break;
        unsigned char u = (unsigned char)c;
        out += (u < 0x20 || u == 0x7f) ? ' ' : c;
    }
    if (body.size() > max) out += "...";
    if (out.empty()) out = "(empty body)";
    return out;
}

std::string fmt_seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", s);
    return buf;
}

// The server's own error message from an error reply, if it has one.
std::string server_message(const std::string &body) {
    auto j = nlohmann::json::parse(body, nullptr, false);
    if (!j.is_discarded() && j.is_object()) {
        // OpenAI {"error": {"message": ...}}, Anthropic {"type": "error", "error": {"type", "message"}}
        if (j.contains("error")) {
            const auto &e = j["error"];
            if (e.is_object() && e.contains("message") && e["message"].is_string()) return excerpt(e["message"].get<std::string>(), 300);
            if (e.is_string()) return excerpt(e.get<std::string>(), 300);
        }
        // vLLM {"object": "error", "message": ...}; FastAPI-style {"detail": ...}
        if (j.contains("message") && j["message"].is_string()) return excerpt(j["message"].get<std::string>(), 300);
        if (j.contains("detail") && j["detail"].is_string()) return excerpt(j["detail"].get<std::string>(), 300);
    }
    return excerpt(body);
}

class Semaphore {
public:
    explicit Semaphore(int n) : count_(n), unlimited_(n <= 0) {}
    void acquire() {
        if (unlimited_) return;
        std::unique_lock<std::mutex> lock(m_);
        cv_.wait(lock, [&] { return count_ > 0; });
        count_--;
    }
    void release() {
        if (unlimited_) return;
        {
            std::lock_guard<std::mutex> lock(m_);
            count_++;
        }
        cv_.notify_one();
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    int count_;
    bool unlimited_;
};

struct SemaphoreGuard {
    Semaphore &s;
    explicit SemaphoreGuard(Semaphore &s) : s(s) { s.acquire(); }
    ~SemaphoreGuard() { s.release(); }
};

double jitter(double upper) {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    if (upper <= 0) return 0;
    return std::uniform_real_distribution<double>(0, upper)(rng);
}

enum class Api { openai, anthropic };

class HttpChat : public ChatModel {
public:
    HttpChat(Api api, std::string model, std::string base_url, ProviderOptions opts)
        : api_(api), model_(std::move(model)), base_url_(strip_slash(std::move(base_url))), opts_(std::move(opts)),
          sem_(opts_.concurrency) {
        const char *prov = api_ == Api::openai ? "openai" : "anthropic";
        const char *def = api_ == Api::openai ? kOpenAiDefaultBaseUrl : kAnthropicDefaultBaseUrl;
        name_ = std::string(prov) + ":" + model_;
        if (base_url_ != def) name_ += "@" + redact_url(base_url_);
        if (model_.empty()) throw LlmError(Kind::config, std::string("no model name given for ") + prov);
        if (base_url_.rfind("http://", 0) != 0 && base_url_.rfind("https://", 0) != 0)
            throw LlmError(Kind::config, name_ + ": the base URL must start with http:// or https://");
        if (opts_.api_key.find_first_of("\r\n") != std::string::npos)
            throw LlmError(Kind::config, name_ + ": the API key contains a line break");
        if (opts_.max_attempts < 1) opts_.max_attempts = 1;
        url_ = base_url_ + (api_ == Api::openai ? "/chat/completions" : "/messages");
    }

    std::string name() const override { return name_; }

    ChatReply complete(const ChatRequest &req) override {
        if (req.messages.empty()) throw LlmError(Kind::bad_request, name_ + ": a request needs at least one message");
        nlohmann::json body = api_ == Api::openai ? openai_request_body(model_, req) : anthropic_request_body(model_, req);
        bool renamed = false;   // max_tokens sent as max_completion_tokens (see below)
        if (api_ == Api::openai && use_max_completion_tokens_.load()) renamed = rename_max_tokens(body);
        std::string body_text = body.dump();

        std::vector<std::pair<std::string, std::string>> headers = {{"Content-Type", "application/json"},
                                                                    {"Accept", "application/json"}};
        if (api_ == Api::openai) {
            if (!opts_.api_key.empty()) headers.push_back({"Authorization", "Bearer " + opts_.api_key});
        } else {
            if (!opts_.api_key.empty()) headers.push_back({"x-api-key", opts_.api_key});
            headers.push_back({"anthropic-version", kAnthropicVersion});
        }
        HttpOptions hopts;
        hopts.timeout_seconds = opts_.timeout_seconds;
        hopts.connect_timeout_seconds = opts_.connect_timeout_seconds;

        auto t0 = Clock::now();
        auto t_prev = t0;   // an attempt's seconds run from the end of the one before (its wait included)
        int attempt_limit = opts_.max_attempts;
        for (int attempt = 1;; attempt++) {
            double wait = -1;   // < 0: the backoff decides
            std::string failure;
            Kind kind = Kind::network;
            int status = 0;
            bool answered = false;   // a 2xx reply arrived (then the server may have billed it)
            bool charged = false;
            auto charge = [&](bool replied, int64_t in, int64_t out, bool unknown) {
                if (!req.meter || charged) return;
                charged = true;
                auto now = Clock::now();
                req.meter->charge(std::chrono::duration<double>(now - t_prev).count(), replied, in, out, unknown);
                t_prev = now;
            };
            try {
                HttpOptions attempt_opts = hopts;
                if (req.meter) {
                    double limit = req.meter->admit(req);   // throws LlmError(budget)
                    attempt_opts.timeout_seconds = std::min(attempt_opts.timeout_seconds, limit);
                    attempt_opts.connect_timeout_seconds = std::min(attempt_opts.connect_timeout_seconds, limit);
                }
                HttpResponse r;
                {
                    SemaphoreGuard g(sem_);
                    r = http_post(url_, headers, body_text, attempt_opts);
                }
                if (r.status >= 200 && r.status < 300) {
                    answered = true;
                    ChatReply reply = parse_reply(r);
                    charge(true, reply.tokens_in, reply.tokens_out, false);
                    reply.request = std::move(body);
                    reply.attempts = attempt;
                    reply.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
                    return reply;
                }
                charge(false, 0, 0, false);
                status = (int)r.status;
                // OpenAI's reasoning models (o-series, gpt-5) reject max_tokens and ask for
                // max_completion_tokens, which means the same: resend once, renamed, and
                // remember it for later calls. Not a retry: no wait, not limited by max_attempts
                // (but metered like every attempt).
                if (api_ == Api::openai && status == 400 && !renamed &&
                    r.body.find("max_completion_tokens") != std::string::npos && rename_max_tokens(body)) {
                    renamed = true;
                    use_max_completion_tokens_ = true;
                    body_text = body.dump();
                    attempt_limit++;
                    continue;
                }
                kind = classify(status);
                failure = status_message(status, r.body, r.header("location"));
                if (kind == Kind::rate_limited || kind == Kind::server || kind == Kind::timeout) {
                    std::string ms = r.header("retry-after-ms");
                    double ra = ms.empty() ? -1 : parse_retry_after(ms, std::time(nullptr));
                    if (ra >= 0) ra /= 1000;
                    else ra = parse_retry_after(r.header("retry-after"), std::time(nullptr));
                    if (ra >= 0) wait = std::min(ra, opts_.backoff_max_seconds);
                }
            } catch (const LlmError &e) {
                if (e.kind == Kind::budget) throw;   // refused before it was sent: not an attempt
                charge(false, 0, 0,
                       answered || ((e.kind == Kind::truncated || e.kind == Kind::malformed) && e.http_status >= 200 &&
                                    e.http_status < 300));
                kind = e.kind;
                status = e.http_status;
                failure = name_ + ": " + e.what();
            }
            LlmError err(kind, scrub(failure), status);
            if (!err.retryable()) throw err;
            auto gave_up = [&](const std::string &why) {
                double total = std::chrono::duration<double>(Clock::now() - t0).count();
                return LlmError(kind, scrub(failure + " (gave up after " + std::to_string(attempt) + " attempt" +
                                            (attempt == 1 ? "" : "s") + " in " + fmt_seconds(total) + " s" + why + ")"),
                                status);
            };
            if (attempt >= attempt_limit) throw gave_up("");
            if (wait < 0)
                wait = jitter(std::min(opts_.backoff_max_seconds,
                                       opts_.backoff_base_seconds * std::pow(2.0, std::min(attempt - 1, 30))));
            if (req.meter) {
                // The failure stays what it is (transient), not a budget stop: an outage that
                // used up the budget is the harness's failure, not the model's result.
                double left = 0;
                try {
                    left = req.meter->admit(req);
                } catch (const LlmError &b) {
                    throw gave_up(std::string("; the budget allows no retry: ") + b.what());
                }
                if (wait >= left) throw gave_up("; no budgeted time is left for the wait");
            }
            if (wait > 0) std::this_thread::sleep_for(std::chrono::duration<double>(wait));
        }
    }

private:
    static Kind classify(int status) {
        if (status == 401 || status == 403) return Kind::auth;
        if (status == 404) return Kind::not_found;
        if (status == 429) return Kind::rate_limited;
        if (status == 408) return Kind::timeout;
        if (status == 409 || status >= 500) return Kind::server;
        return Kind::bad_request;   // 400, 402, 413, 422 and anything else
    }

    std::string key_hint() const {
        const char *var = api_ == Api::openai ? "OPENAI_API_KEY" : "ANTHROPIC_API_KEY";
        const char *def = api_ == Api::openai ? kOpenAiDefaultBaseUrl : kAnthropicDefaultBaseUrl;
        if (base_url_ == def) return std::string("set ") + var;
        return std::string("set ") + var + " or a key for " + redact_url(base_url_) + " in the config file";
    }

    std::string status_message(int status, const std::string &body, const std::string &location) const {
        std::string where = redact_url(base_url_);
        std::string head = std::to_string(status) + " from " + where + ": ";
        std::string said = server_message(body);
        if (status >= 300 && status < 400)
            return head + "redirected" + (location.empty() ? std::string() : " to " + redact_url(location)) +
                   " (redirects are not followed: use the final base URL)";
        switch (status) {
        case 401:
            if (opts_.api_key.empty()) return head + "no API key was sent (" + key_hint() + "); the server said: " + said;
            return head + "the API key was rejected (" + key_hint() + "); the server said: " + said;
        case 403:
            return head + "the API key is not allowed to use model '" + model_ + "'; the server said: " + said;
        case 404:
            return head + "no such endpoint or model (" + url_path() + ", model '" + model_ +
                   "': check the base URL and the model name); the server said: " + said;
        case 402:
            return head + "payment required (billing or balance); the server said: " + said;
        case 429:
            return head + "rate limited; the server said: " + said;
        default:
            if (status >= 500) return head + "server error; the server said: " + said;
            return head + "the request was rejected; the server said: " + said;
        }
    }

    static bool rename_max_tokens(nlohmann::json &body) {
        if (!body.contains("max_tokens")) return false;
        body["max_completion_tokens"] = body["max_tokens"];
        body.erase("max_tokens");
        return true;
    }

    std::string url_path() const { return api_ == Api::openai ? "POST /chat/completions" : "POST /messages"; }

    // The key never leaves this object: every message and the reply pass through here.
    std::string scrub(std::string s) const {
        const std::string &k = opts_.api_key;
        if (k.empty()) return s;
        for (size_t p = s.find(k); p != std::string::npos; p = s.find(k, p + 5)) s.replace(p, k.size(), "[key]");
        return s;
    }

    ChatReply parse_reply(const HttpResponse &r) const {
        std::string body = scrub(r.body);
        std::string where = redact_url(base_url_);
        auto j = nlohmann::json::parse(body, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            throw LlmError(Kind::malformed, name_ + ": the reply from " + where + " is not a JSON object: " + excerpt(body),
                           (int)r.status);
        ChatReply reply;
        auto malformed = [&](const std::string &what) {
            return LlmError(Kind::malformed, name_ + ": the reply from " + where + " " + what + ": " + excerpt(body),
                            (int)r.status);
        };
        auto count = [](const nlohmann::json &u, const char *k) -> int64_t {
            if (u.is_object() && u.contains(k) && u[k].is_number()) return u[k].get<int64_t>();
            return 0;
        };
        if (j.contains("error") && !j["error"].is_null()) throw malformed("is an error");
        std::string raw_finish;
        if (api_ == Api::openai) {
            if (!j.contains("choices") || !j["choices"].is_array() || j["choices"].empty())
                throw malformed("has no choices");
            const auto &c = j["choices"][0];
            if (!c.is_object() || !c.contains("message") || !c["message"].is_object())
                throw malformed("has no choices[0].message");
            const auto &m = c["message"];
            if (m.contains("content")) {
                const auto &content = m["content"];
                if (content.is_string()) reply.text = content.get<std::string>();
                else if (content.is_array()) {   // a list of parts, as a few servers send
                    for (const auto &part : content) {
                        if (part.is_object() && part.contains("text") && part["text"].is_string())
                            reply.text += part["text"].get<std::string>();
                        else if (part.is_string())
                            reply.text += part.get<std::string>();
                    }
                } else if (!content.is_null())
                    throw malformed("has a choices[0].message.content that is not text");
            }
            if (c.contains("finish_reason") && c["finish_reason"].is_string()) raw_finish = c["finish_reason"];
            if (j.contains("usage")) {
                reply.tokens_in = count(j["usage"], "prompt_tokens");
                reply.tokens_out = count(j["usage"], "completion_tokens");
            }
            reply.finish_reason = raw_finish == "stop" ? "stop" : raw_finish == "length" ? "length" : "other";
        } else {
            if (!j.contains("content") || !j["content"].is_array()) throw malformed("has no content blocks");
            for (const auto &block : j["content"])
                if (block.is_object() && block.value("type", "") == "text" && block.contains("text") && block["text"].is_string())
                    reply.text += block["text"].get<std::string>();
            if (j.contains("stop_reason") && j["stop_reason"].is_string()) raw_finish = j["stop_reason"];
            if (j.contains("usage")) {
                reply.tokens_in = count(j["usage"], "input_tokens");
                reply.tokens_out = count(j["usage"], "output_tokens");
            }
            reply.finish_reason = (raw_finish == "end_turn" || raw_finish == "stop_sequence") ? "stop"
                                  : raw_finish == "max_tokens"                                ? "length"
                                                                                              : "other";
        }
        if (reply.text.empty()) {
            std::string why = raw_finish.empty() ? "" : " (finish reason: " + raw_finish + ")";
            throw LlmError(Kind::empty, name_ + ": the reply from " + where + " has no text" + why + ": " + excerpt(body),
                           (int)r.status);
        }
        reply.response = std::move(j);
        return reply;
    }

    Api api_;
    std::string model_, base_url_, url_, name_;
    ProviderOptions opts_;
    Semaphore sem_;
    std::atomic<bool> use_max_completion_tokens_{false};
};

}  // namespace

nlohmann::json openai_request_body(const std::string &model, const ChatRequest &req) {
    nlohmann::json messages = nlohmann::json::array();
    for (const auto &m : req.messages) messages.push_back({{"role", m.role}, {"content", m.content}});
    return {{"model", model}, {"messages", messages}, {"temperature", req.temperature}, {"max_tokens", req.max_tokens}};
}

nlohmann::json anthropic_request_body(const std::string &model, const ChatRequest &req) {
    nlohmann::json messages = nlohmann::json::array();
    std::string system;
    for (const auto &m : req.messages) {
        if (m.role == "system") {
            if (!system.empty()) system += "\n\n";
            system += m.content;
        } else {
            messages.push_back({{"role", m.role}, {"content", m.content}});
        }
    }
    nlohmann::json body = {{"model", model},
                           {"messages", messages},
                           {"temperature", req.temperature},
                           {"max_tokens", req.max_tokens}};
    if (!system.empty()) body["system"] = system;
    return body;
}

std::unique_ptr<ChatModel> make_openai_chat(const std::string &model, const std::string &base_url,
                                            const ProviderOptions &opts) {
    return std::make_unique<HttpChat>(Api::openai, model, base_url.empty() ? kOpenAiDefaultBaseUrl : base_url, opts);
}

std::unique_ptr<ChatModel> make_anthropic_chat(const std::string &model, const std::string &base_url,
                                               const ProviderOptions &opts) {
    return std::make_unique<HttpChat>(Api::anthropic, model, base_url.empty() ? kAnthropicDefaultBaseUrl : base_url,
                                      opts);
}

}  // namespace ekb
