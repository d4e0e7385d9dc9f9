// Chat models: what the LLM producers talk to. A model is named by one string
// (model_spec.h); every provider implements ChatModel, so producers never know whether a
// reply came from a hosted API, a local server, the response cache or a replay.
//
// Errors are LlmError with a kind. Retryable kinds (rate_limited, server, network,
// timeout) are retried inside the providers with exponential backoff and jitter, honouring
// Retry-After; what reaches a producer is final.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace ekb {

struct ChatMessage {
    std::string role;     // "system" | "user" | "assistant"
    std::string content;
};

struct ChatRequest {
    std::vector<ChatMessage> messages;
    double temperature = 0.7;
    int max_tokens = 4096;
    // Identity of this request in the response cache beyond its content: the sample index
    // keeps n samples n distinct samples; the tag names the producer step (e.g. "turn 2").
    int64_t sample = 0;
    std::string cache_tag;
    // Replay of agents whose prompts carry measured times: a replayed request is looked up
    // by (model, cache_tag, sample) when its content differs, and replay_digest (a hash of
    // what must not differ: the kernel and error text sent) flags a divergence.
    std::string replay_digest;
};

struct ChatReply {
    std::string text;
    int64_t tokens_in = 0, tokens_out = 0;
    std::string finish_reason;   // "stop" | "length" | ... as the API says (normalized: "stop", "length", "other")
    double seconds = 0;          // wall time, retries included
    int attempts = 1;            // HTTP attempts (1 when nothing was retried)
    bool from_cache = false;
    bool replay_diverged = false;  // served by replay although the kernel or error text sent differs
    nlohmann::json request;      // the request body as sent (no API key anywhere)
    nlohmann::json response;     // the reply body as received
};

class LlmError : public std::runtime_error {
public:
    enum class Kind {
        auth,          // 401 / 403: the key is missing or wrong
        not_found,     // 404: wrong base URL or model
        bad_request,   // 400 / 422: the request was rejected (e.g. context too long)
        rate_limited,  // 429 (retryable)
        server,        // 5xx (retryable)
        network,       // connection refused, reset, DNS (retryable)
        timeout,       // no complete reply in time (retryable)
        malformed,     // the reply is not the API's JSON
        truncated,     // the reply body ended early
        empty,         // the reply has no text
        cache_miss,    // replay: the request is not in the cache
        budget,        // the budget cannot cover this call
        config,        // the model string or configuration is wrong
    };
    LlmError(Kind k, const std::string &msg, int http_status = 0)
        : std::runtime_error(msg), kind(k), http_status(http_status) {}
    Kind kind;
    int http_status;
    bool retryable() const {
        return kind == Kind::rate_limited || kind == Kind::server || kind == Kind::network || kind == Kind::timeout;
    }
    static const char *kind_name(Kind k);
};

class ChatModel {
public:
    virtual ~ChatModel() = default;
    virtual std::string name() const = 0;   // the model string, without secrets
    // Thread-safe. Throws LlmError.
    virtual ChatReply complete(const ChatRequest &req) = 0;
};

}  // namespace ekb
