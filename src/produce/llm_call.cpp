#include "produce/llm_call.h"

#include <cmath>
#include <limits>

namespace ekb {

using nlohmann::json;

namespace {

json messages_json(const std::vector<ChatMessage> &m) {
    json a = json::array();
    for (const auto &x : m) a.push_back({{"role", x.role}, {"content", x.content}});
    return a;
}

json request_json(const ChatRequest &cr) {
    return {{"messages", messages_json(cr.messages)}, {"temperature", cr.temperature}, {"max_tokens", cr.max_tokens}};
}

json reply_json(const ChatReply &r, double cost) {
    return {{"text", r.text}, {"tokens_in", r.tokens_in}, {"tokens_out", r.tokens_out}, {"cost_usd", cost},
            {"finish_reason", r.finish_reason}, {"seconds", r.seconds}, {"attempts", r.attempts},
            {"from_cache", r.from_cache}};
}

// The sample's budget, asked before and charged after every HTTP attempt of one request.
class BudgetMeter : public CallMeter {
public:
    BudgetMeter(const ProduceRequest &req, const std::string &account, const ChatRequest &cr)
        : req_(req), account_(account), in_max_(max_prompt_tokens(cr)), out_max_(cr.max_tokens),
          cost_max_(req.ctx->cost(req.model, in_max_, out_max_)) {}

    // Before the request (a cache hit included) and before every attempt.
    void check() const {
        std::string why;
        if (!req_.budget->can_call(in_max_, out_max_, cost_max_, &why)) throw LlmError(LlmError::Kind::budget, why);
    }
    double admit(const ChatRequest &) override {
        check();
        double left = req_.budget->remaining_wall_seconds();
        if (left <= 0) throw LlmError(LlmError::Kind::budget, "wall-time cap reached");
        return left;
    }
    void charge(double seconds, bool replied, int64_t in, int64_t out, bool usage_unknown) override {
        bool failed = !replied;
        if (usage_unknown) in = in_max_, out = out_max_;   // the server may have billed what we could not read
        double cost = req_.ctx->cost(req_.model, in, out);
        req_.budget->charge_call(account_, in, out, cost, seconds,
                                 failed ? Budget::CallKind::failed : Budget::CallKind::reply);
        attempts_.push_back({{"seconds", seconds}, {"tokens_in", in}, {"tokens_out", out}, {"cost_usd", cost},
                             {"reply", !failed}});
        cost_ += failed ? 0 : cost;
    }
    void charge_cache_hit(const ChatReply &r) {
        req_.budget->charge_call(account_, r.tokens_in, r.tokens_out, 0, 0, Budget::CallKind::cache_hit);
    }
    const json &attempts() const { return attempts_; }
    double reply_cost() const { return cost_; }

private:
    const ProduceRequest &req_;
    std::string account_;
    int64_t in_max_, out_max_;
    double cost_max_;
    json attempts_ = json::array();
    double cost_ = 0;
};

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

ChatReply metered_call(const ProduceRequest &req, ChatRequest cr, const std::string &tag, const std::string &account,
                       json &transcript_calls) {
    cr.sample = req.sample;
    cr.cache_tag = req.task->id + "/" + req.backend + "/" + tag;
    std::optional<BudgetMeter> meter;
    if (req.budget) meter.emplace(req, account, cr);
    json entry = {{"tag", tag}, {"request", request_json(cr)}};
    try {
        if (meter) {
            meter->check();   // refused before anything, a cache lookup included
            cr.meter = &*meter;
        }
        ChatReply r = req.ctx->chat(req.model).complete(cr);
        double cost = 0;
        if (r.from_cache) {
            if (meter) meter->charge_cache_hit(r);
        } else {
            cost = meter ? meter->reply_cost() : req.ctx->cost(req.model, r.tokens_in, r.tokens_out);
        }
        entry["reply"] = reply_json(r, cost);
        if (meter && !meter->attempts().empty()) entry["attempts"] = meter->attempts();
        transcript_calls.push_back(entry);
        return r;
    } catch (const LlmError &e) {
        entry["error"] = {{"kind", LlmError::kind_name(e.kind)}, {"status", e.http_status}, {"message", e.what()},
                          {"transient", e.transient()}};
        if (meter && !meter->attempts().empty()) entry["attempts"] = meter->attempts();
        transcript_calls.push_back(entry);
        throw;
    }
}

std::optional<ChatReply> ask_model(const ProduceRequest &req, const ProducerOptions &opts, std::vector<ChatMessage> messages,
                                   const std::string &tag, const std::string &digest, const std::string &account,
                                   json &transcript_calls, Production &p) {
    ChatRequest cr;
    cr.messages = std::move(messages);
    cr.temperature = opts.temperature;
    cr.max_tokens = opts.max_tokens;
    cr.replay_digest = digest;
    try {
        return metered_call(req, std::move(cr), tag, account, transcript_calls);
    } catch (const LlmError &e) {
        if (fatal(e) || e.transient()) throw;  // the run stops / a harness failure, not stored
        if (e.kind == LlmError::Kind::budget) {
            p = failed_production("budget_exhausted", e.what());
            p.stop_reason = std::string("budget: ") + e.what();
        } else if (e.kind == LlmError::Kind::bad_request) {
            p = failed_production("model_refused", e.what());
        } else {
            p = failed_production(std::string("llm_") + LlmError::kind_name(e.kind), e.what());
        }
        return std::nullopt;
    }
}

}  // namespace ekb
