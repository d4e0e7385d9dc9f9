// The hosted and local chat APIs, over llm/http.h:
//   make_openai_chat     OpenAI Chat Completions and every server that speaks it (vLLM,
//                        llama.cpp server, Ollama's /v1, DeepSeek, Google's OpenAI endpoint):
//                        POST {base}/chat/completions, Authorization: Bearer <key>
//   make_anthropic_chat  Anthropic Messages: POST {base}/messages, x-api-key: <key>,
//                        anthropic-version: 2023-06-01
// Usually reached through make_http_chat (model_spec.h), which parses the model string and
// finds the key.
//
// complete() is thread-safe. Each attempt is one HTTP request with a total timeout; 429,
// 408, 409, 5xx, network errors and timeouts are retried with exponential backoff and full
// jitter (a wait uniform in [0, min(backoff_max, backoff_base * 2^(attempt-1))]), or the wait
// the server's Retry-After (or retry-after-ms) asks for, capped by backoff_max. At most
// `concurrency` requests of one model object are in flight at once (a counting semaphore,
// held for one HTTP attempt, released during backoff waits). 400/401/402/403/404/413/422
// are final. What reaches the caller is the final LlmError, whose message names the URL,
// the status and the server's own error message, and never the key.
#pragma once
#include "llm/chat.h"

#include <memory>
#include <string>

namespace ekb {

struct ProviderOptions {
    double timeout_seconds = 120;          // one HTTP attempt, connect included
    double connect_timeout_seconds = 10;
    int max_attempts = 6;                  // HTTP attempts per complete(), first one included
    double backoff_base_seconds = 1;
    double backoff_max_seconds = 60;       // also caps Retry-After
    int concurrency = 4;                   // requests in flight per model object; <= 0: no limit
    std::string api_key;                   // empty: no Authorization / x-api-key header
};

inline const char *kOpenAiDefaultBaseUrl = "https://api.openai.com/v1";
inline const char *kAnthropicDefaultBaseUrl = "https://api.anthropic.com/v1";
inline const char *kAnthropicVersion = "2023-06-01";

// `base_url` without the endpoint (".../v1"); a trailing '/' is ignored. name() returns
// "openai:<model>" or "openai:<model>@<base_url>" when the base URL is not the default (the
// model string syntax of model_spec.h); likewise for anthropic.
std::unique_ptr<ChatModel> make_openai_chat(const std::string &model, const std::string &base_url,
                                            const ProviderOptions &opts);
std::unique_ptr<ChatModel> make_anthropic_chat(const std::string &model, const std::string &base_url,
                                               const ProviderOptions &opts);

// The request bodies the providers send (exposed for tests and for the response cache,
// which may want to key on exactly what is sent).
nlohmann::json openai_request_body(const std::string &model, const ChatRequest &req);
nlohmann::json anthropic_request_body(const std::string &model, const ChatRequest &req);

}  // namespace ekb
