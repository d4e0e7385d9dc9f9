// One accounted LLM call for a producer (direct, iterative, LEKA's sub-agents, and the
// model gateway of external agents): the sample's budget meters every HTTP attempt (a
// BudgetMeter on the request: refused before it is sent when the prompt's upper bound +
// max_tokens, or its worst-case cost, would pass a cap; charged its seconds and tokens
// after, failed attempts and retries included), a cache hit is charged as one call, and
// request and reply land in the transcript.
//
// What a failure becomes:
//   auth, not_found, config     thrown: the run stops (a wrong key fails every sample)
//   transient (network, timeout, 429, 5xx after retries, truncated, malformed)
//                               thrown: a harness failure, never stored; resume retries it
//   bad_request (400/402/413/422)  this sample's result: "model_refused"
//   empty, cache_miss           this sample's result: "llm_empty", "llm_cache_miss"
//   budget                      this sample's result: "budget_exhausted" (stop_reason set)
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "llm/chat.h"
#include "produce/producer.h"

namespace ekb {

Production failed_production(const std::string &code, const std::string &message);

// Returns nullopt and sets `p` to the failure when the call cannot be made or ends in a
// result that is not a reply (see above); throws LlmError for the others.
std::optional<ChatReply> ask_model(const ProduceRequest &req, const ProducerOptions &opts, std::vector<ChatMessage> messages,
                                   const std::string &tag, const std::string &digest, const std::string &account,
                                   nlohmann::json &transcript_calls, Production &p);

// The same for a request built elsewhere (the model gateway): `cr` as it will be sent
// (messages, temperature, max_tokens); the budget meters it. Throws LlmError for every
// failure (kind budget when refused); appends to transcript_calls either way.
ChatReply metered_call(const ProduceRequest &req, ChatRequest cr, const std::string &tag, const std::string &account,
                       nlohmann::json &transcript_calls);

}  // namespace ekb
