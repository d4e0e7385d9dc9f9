#include "produce/llm_call.h"

namespace ekb {

using nlohmann::json;

namespace {

json messages_json(const std::vector<ChatMessage> &m) {
    json a = json::array();
    for (const auto &x : m) a.push_back({{"role", x.role}, {"content", x.content}});
    return a;
}

json reply_json(const ChatReply &r, double cost) {
    return {{"text", r.text}, {"tokens_in", r.tokens_in}, {"tokens_out", r.tokens_out}, {"cost_usd", cost},
            {"finish_reason", r.finish_reason}, {"seconds", r.seconds}, {"attempts", r.attempts},
            {"from_cache", r.from_cache}, {"replay_diverged", r.replay_diverged}};
}

// Errors that no other sample would escape either (a wrong key, URL or model string) stop
// the run; the others are this sample's data.
[[noreturn]] void rethrow_or_not(const LlmError &e) { throw e; }
bool fatal(const LlmError &e) {
    return e.kind == LlmError::Kind::auth || e.kind == LlmError::Kind::not_found || e.kind == LlmError::Kind::config;
}

}  // namespace

Production failed_production(const std::string &code, const std::string &message) {
    Production p;
    p.error_code = code;
    p.error_message = message;
    return p;
}

std::optional<ChatReply> ask_model(const ProduceRequest &req, const ProducerOptions &opts, std::vector<ChatMessage> messages,
                                   const std::string &tag, const std::string &digest, const std::string &account,
                                   json &transcript_calls, Production &p) {
    std::string why;
    if (req.budget && !req.budget->can_call(opts.max_tokens, &why)) {
        p = failed_production("budget_exhausted", why);
        p.stop_reason = "budget: " + why;
        return std::nullopt;
    }
    ChatRequest cr;
    cr.messages = std::move(messages);
    cr.temperature = opts.temperature;
    cr.max_tokens = opts.max_tokens;
    cr.sample = req.sample;
    cr.cache_tag = req.task->id + "/" + req.backend + "/" + tag;
    cr.replay_digest = digest;
    try {
        ChatReply r = req.ctx->chat(req.model).complete(cr);
        double cost = r.from_cache ? 0 : req.ctx->cost(req.model, r.tokens_in, r.tokens_out);
        if (req.budget) req.budget->charge_call(account, r.tokens_in, r.tokens_out, cost, r.seconds);
        transcript_calls.push_back({{"tag", tag}, {"request", {{"messages", messages_json(cr.messages)},
                                                               {"temperature", cr.temperature},
                                                               {"max_tokens", cr.max_tokens}}},
                                    {"reply", reply_json(r, cost)}});
        return r;
    } catch (const LlmError &e) {
        transcript_calls.push_back({{"tag", tag}, {"request", {{"messages", messages_json(cr.messages)}}},
                                    {"error", {{"kind", LlmError::kind_name(e.kind)}, {"status", e.http_status}, {"message", e.what()}}}});
        if (fatal(e)) rethrow_or_not(e);
        p = failed_production(std::string("llm_") + LlmError::kind_name(e.kind), e.what());
        return std::nullopt;
    }
}

}  // namespace ekb
