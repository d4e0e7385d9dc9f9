#include "llm/chat.h"

namespace ekb {

int64_t max_prompt_tokens(const ChatRequest &req) {
    int64_t n = 8;
    for (const auto &m : req.messages) n += static_cast<int64_t>(m.content.size() + m.role.size()) + 8;
    return n;
}

const char *LlmError::kind_name(Kind k) {
    switch (k) {
        case Kind::auth: return "auth";
        case Kind::not_found: return "not_found";
        case Kind::bad_request: return "bad_request";
        case Kind::rate_limited: return "rate_limited";
        case Kind::server: return "server";
        case Kind::network: return "network";
        case Kind::timeout: return "timeout";
        case Kind::malformed: return "malformed";
        case Kind::truncated: return "truncated";
        case Kind::empty: return "empty";
        case Kind::cache_miss: return "cache_miss";
        case Kind::budget: return "budget";
        case Kind::config: return "config";
    }
    return "unknown";
}

}  // namespace ekb
