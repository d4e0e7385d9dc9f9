// Chat models: what the LLM producers talk to. A model is named by one string
// (model_spec.h); every provider implements ChatModel, so producers never know whether a
// reply came from a hosted API, a local server, the response cache or a replay.
//
// Errors are LlmError with a kind. Retryable kinds (rate_limited, server, network,
// timeout) are retried inside the providers with exponential backoff and jitter, honouring
// Retry-After; what reaches a producer is final.
//
// Every HTTP attempt passes a CallMeter when the request has one (the sample's budget,
// produce/llm_call.cpp): it may refuse the attempt before it is sent, bounds its time, and
// is charged its seconds and tokens after it, failed attempts and retries included.
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

struct ChatRequest;

// Meters the HTTP attempts of one request (the budget; produce/llm_call.cpp). Thread-safe
// for one request at a time.
class CallMeter {
public:
    virtual ~CallMeter() = default;
    // Before each attempt (retries and resends included): throws LlmError(budget) to refuse
    // it; returns the seconds it may take at most (+inf: no limit).
    virtual double admit(const ChatRequest &req) = 0;
    // After each attempt: its seconds (the backoff wait before it included), whether it
    // brought a reply, and the tokens the server reported. usage_unknown: the server answered
    // 2xx but the reply could not be read (truncated, malformed), so it may have billed the
    // request: charge the worst case.
    virtual void charge(double seconds, bool replied, int64_t tokens_in, int64_t tokens_out, bool usage_unknown) = 0;
};

// An upper bound on the prompt tokens of a request: byte-level BPE tokenizers (OpenAI's,
// Anthropic's, Llama's, Qwen's) never make more tokens than UTF-8 bytes, plus a few framing
// tokens per message. Used to refuse a call that could pass the token or cost cap.
int64_t max_prompt_tokens(const ChatRequest &req);

struct ChatRequest {
    std::vector<ChatMessage> messages;
    double temperature = 0.7;
    int max_tokens = 4096;
    // Identity of this request in the response cache beyond its content: the sample index
    // keeps n samples n distinct samples; the tag names the producer step (e.g. "turn 2").
    int64_t sample = 0;
    std::string cache_tag;
    // A hash of what the step must not change between runs (the kernel and error text sent;
    // for direct, the prompt). Never a lookup key: replay serves only byte-identical
    // requests; on a miss the cache uses it to say whether the step's kernel or only its
    // measured times differ from the recorded run.
    std::string replay_digest;
    CallMeter *meter = nullptr;  // not part of the request's identity
};

struct ChatReply {
    std::string text;
    int64_t tokens_in = 0, tokens_out = 0;
    std::string finish_reason;   // "stop" | "length" | ... as the API says (normalized: "stop", "length", "other")
    double seconds = 0;          // wall time, retries included
    int attempts = 1;            // HTTP attempts (1 when nothing was retried)
    bool from_cache = false;     // served by the response cache (no HTTP request)
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
    // Not the model's answer: the network, the server or a proxy failed (after retries).
    // Such a failure is the harness's, never a sample's result: `ekb run` stores nothing and
    // the same command retries it.
    bool transient() const { return retryable() || kind == Kind::truncated || kind == Kind::malformed; }
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
