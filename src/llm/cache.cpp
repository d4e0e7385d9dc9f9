#include "llm/cache.h"

#include <stdexcept>

#include "common/files.h"
#include "common/sha256.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

CacheMode parse_cache_mode(const std::string &s) {
    if (s == "off") return CacheMode::off;
    if (s == "read") return CacheMode::read;
    if (s == "write") return CacheMode::write;
    if (s == "readwrite") return CacheMode::readwrite;
    throw std::invalid_argument("cache mode '" + s + "' (off, read, write, readwrite)");
}

const char *cache_mode_name(CacheMode m) {
    switch (m) {
        case CacheMode::off: return "off";
        case CacheMode::read: return "read";
        case CacheMode::write: return "write";
        case CacheMode::readwrite: return "readwrite";
    }
    return "?";
}

namespace {

json messages_json(const ChatRequest &req) {
    json m = json::array();
    for (const auto &x : req.messages) m.push_back({{"role", x.role}, {"content", x.content}});
    return m;
}

json reply_json(const ChatReply &r) {
    return {{"text", r.text}, {"tokens_in", r.tokens_in}, {"tokens_out", r.tokens_out}, {"finish_reason", r.finish_reason},
            {"seconds", r.seconds}, {"attempts", r.attempts}, {"request", r.request}, {"response", r.response}};
}

ChatReply reply_from(const json &j) {
    ChatReply r;
    r.text = j.at("text").get<std::string>();
    r.tokens_in = j.value("tokens_in", 0L);
    r.tokens_out = j.value("tokens_out", 0L);
    r.finish_reason = j.value("finish_reason", "");
    r.seconds = j.value("seconds", 0.0);
    r.attempts = j.value("attempts", 1);
    r.request = j.value("request", json());
    r.response = j.value("response", json());
    return r;
}

std::optional<json> read_json(const fs::path &p) {
    if (!fs::exists(p)) return std::nullopt;
    try {
        return json::parse(read_file(p));
    } catch (const std::exception &) {
        return std::nullopt;  // a damaged entry is a miss; a write repairs it
    }
}

}  // namespace

ResponseCache::ResponseCache(fs::path dir) : dir_(std::move(dir)) {}

std::string ResponseCache::canonical_request(const std::string &model, const ChatRequest &req) const {
    json k = {{"model", model}, {"messages", messages_json(req)}, {"temperature", req.temperature},
              {"max_tokens", req.max_tokens}, {"sample", req.sample}, {"tag", req.cache_tag}};
    return k.dump(-1, ' ', false, json::error_handler_t::replace);   // nlohmann's objects sort their keys
}

std::string ResponseCache::content_key(const std::string &model, const ChatRequest &req) const {
    return sha256_hex(canonical_request(model, req));
}

std::string ResponseCache::step_key(const std::string &model, const ChatRequest &req) const {
    return sha256_hex(model + "\n" + req.cache_tag + "\n" + std::to_string(req.sample));
}

std::optional<ChatReply> ResponseCache::lookup(const std::string &model, const ChatRequest &req) const {
    std::string canonical = canonical_request(model, req);
    std::string key = sha256_hex(canonical);
    auto j = read_json(dir_ / key.substr(0, 2) / (key + ".json"));
    if (!j || !j->contains("reply") || j->value("canonical", "") != canonical) return std::nullopt;
    try {
        return reply_from(j->at("reply"));
    } catch (const json::exception &) {
        return std::nullopt;
    }
}

std::string ResponseCache::explain_miss(const std::string &model, const ChatRequest &req) const {
    std::string s = step_key(model, req);
    auto j = read_json(dir_ / "steps" / s.substr(0, 2) / (s + ".json"));
    if (!j) return "this step was never recorded";
    std::string recorded = j->value("canonical", "");
    std::string now = canonical_request(model, req);
    size_t at = 0;
    while (at < recorded.size() && at < now.size() && recorded[at] == now[at]) at++;
    std::string what = j->value("replay_digest", "") != req.replay_digest
                           ? "the kernel or error text it carries differs from the recorded run's"
                           : "its prompt differs from the recorded one (e.g. measured times), its kernel and error text do not";
    return "this step was recorded, but " + what + " (first difference at byte " + std::to_string(at) + " of the canonical request)";
}

void ResponseCache::store(const std::string &model, const ChatRequest &req, const ChatReply &reply) {
    std::string canonical = canonical_request(model, req);
    std::string key = sha256_hex(canonical);
    json entry = {{"key", key},
                  {"model", model},
                  {"canonical", canonical},
                  {"request", {{"messages", messages_json(req)}, {"temperature", req.temperature},
                               {"max_tokens", req.max_tokens}, {"sample", req.sample}, {"tag", req.cache_tag},
                               {"replay_digest", req.replay_digest}}},
                  {"reply", reply_json(reply)}};
    fs::create_directories(dir_ / key.substr(0, 2));
    write_file(dir_ / key.substr(0, 2) / (key + ".json"), entry.dump(1, ' ', false, json::error_handler_t::replace));
    if (!req.cache_tag.empty()) {
        std::string s = step_key(model, req);
        fs::create_directories(dir_ / "steps" / s.substr(0, 2));
        write_file(dir_ / "steps" / s.substr(0, 2) / (s + ".json"),
                   json{{"content_key", key}, {"replay_digest", req.replay_digest}, {"canonical", canonical}}
                       .dump(-1, ' ', false, json::error_handler_t::replace));
    }
}

CachedChat::CachedChat(std::unique_ptr<ChatModel> inner, std::string model_name, std::shared_ptr<ResponseCache> cache,
                       CacheMode mode, bool replay)
    : inner_(std::move(inner)), model_(std::move(model_name)), cache_(std::move(cache)), mode_(mode), replay_(replay) {}

ChatReply CachedChat::complete(const ChatRequest &req) {
    bool reads = replay_ || mode_ == CacheMode::read || mode_ == CacheMode::readwrite;
    bool writes = !replay_ && (mode_ == CacheMode::write || mode_ == CacheMode::readwrite);
    if (reads && cache_) {
        if (auto r = cache_->lookup(model_, req)) {
            r->from_cache = true;
            r->seconds = 0;
            return *r;
        }
    }
    if (replay_ || !inner_) {
        throw LlmError(LlmError::Kind::cache_miss,
                       "replay of " + model_ + ": no reply recorded for exactly this request (sample " +
                           std::to_string(req.sample) + (req.cache_tag.empty() ? "" : ", step '" + req.cache_tag + "'") +
                           ") in " + (cache_ ? cache_->dir().string() + ": " + cache_->explain_miss(model_, req) : "(no cache)"));
    }
    http_calls_++;
    ChatReply r = inner_->complete(req);
    if (writes && cache_) cache_->store(model_, req, r);
    return r;
}

}  // namespace ekb
