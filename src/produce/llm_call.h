// One accounted LLM call for a producer (direct, iterative, LEKA's sub-agents): checks the
// budget first, charges tokens, cost and time to an account, and logs request and reply in
// the transcript. Errors that no sample would escape (auth, not found, config) are thrown
// to stop the run; the others become this sample's failure.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "llm/chat.h"
#include "produce/producer.h"

namespace ekb {

Production failed_production(const std::string &code, const std::string &message);

// Returns nullopt and sets `p` to the failure when the call cannot be made (error_code
// "budget_exhausted", stop_reason set) or fails for this sample only ("llm_<kind>").
std::optional<ChatReply> ask_model(const ProduceRequest &req, const ProducerOptions &opts, std::vector<ChatMessage> messages,
                                   const std::string &tag, const std::string &digest, const std::string &account,
                                   nlohmann::json &transcript_calls, Production &p);

}  // namespace ekb
