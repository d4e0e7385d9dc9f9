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

std::string ResponseCache::content_key(const std::string &model, const ChatRequest &req) const {
    json k = {{"model", model}, {"messages", messages_json(req)}, {"temperature", req.temperature},
              {"max_tokens", req.max_tokens}, {"sample", req.sample}, {"tag", req.cache_tag}};
    return sha256_hex(k.dump());
}

std::string ResponseCache::step_key(const std::string &model, const ChatRequest &req) const {
    return sha256_hex(model + "\n" + req.cache_tag + "\n" + std::to_string(req.sample));
}

std::optional<ChatReply> ResponseCache::lookup(const std::string &key) const {
    auto j = read_json(dir_ / key.substr(0, 2) / (key + ".json"));
    if (!j || !j->contains("reply")) return std::nullopt;
    try {
        return reply_from(j->at("reply"));
    } catch (const json::exception &) {
        return std::nullopt;
    }
}

std::optional<std::pair<ChatReply, bool>> ResponseCache::lookup_step(const std::string &model, const ChatRequest &req) const {
    if (req.cache_tag.empty()) return std::nullopt;
    std::string s = step_key(model, req);
    auto j = read_json(dir_ / "steps" / s.substr(0, 2) / (s + ".json"));
    if (!j) return std::nullopt;
    auto r = lookup(j->value("content_key", ""));
    if (!r) return std::nullopt;
    return std::make_pair(*r, j->value("replay_digest", "") != req.replay_digest);
}

void ResponseCache::store(const std::string &model, const ChatRequest &req, const ChatReply &reply) {
    std::string key = content_key(model, req);
    json entry = {{"key", key},
                  {"model", model},
                  {"request", {{"messages", messages_json(req)}, {"temperature", req.temperature},
                               {"max_tokens", req.max_tokens}, {"sample", req.sample}, {"tag", req.cache_tag},
                               {"replay_digest", req.replay_digest}}},
                  {"reply", reply_json(reply)}};
    fs::create_directories(dir_ / key.substr(0, 2));
    write_file(dir_ / key.substr(0, 2) / (key + ".json"), entry.dump(1));
    if (!req.cache_tag.empty()) {
        std::string s = step_key(model, req);
        fs::create_directories(dir_ / "steps" / s.substr(0, 2));
        write_file(dir_ / "steps" / s.substr(0, 2) / (s + ".json"),
                   json{{"content_key", key}, {"replay_digest", req.replay_digest}}.dump());
    }
}

CachedChat::CachedChat(std::unique_ptr<ChatModel> inner, std::string model_name, std::shared_ptr<ResponseCache> cache,
                       CacheMode mode, bool replay)
    : inner_(std::move(inner)), model_(std::move(model_name)), cache_(std::move(cache)), mode_(mode), replay_(replay) {}

ChatReply CachedChat::complete(const ChatRequest &req) {
    bool reads = replay_ || mode_ == CacheMode::read || mode_ == CacheMode::readwrite;
    bool writes = !replay_ && (mode_ == CacheMode::write || mode_ == CacheMode::readwrite);
    if (reads && cache_) {
        if (auto r = cache_->lookup(cache_->content_key(model_, req))) {
            r->from_cache = true;
            r->seconds = 0;
            return *r;
        }
        if (replay_) {
            if (auto s = cache_->lookup_step(model_, req)) {
                s->first.from_cache = true;
                s->first.seconds = 0;
                s->first.replay_diverged = s->second;
                return s->first;
            }
        }
    }
    if (replay_ || !inner_) {
        throw LlmError(LlmError::Kind::cache_miss, "replay of " + model_ + ": no cached reply for sample " +
                                                        std::to_string(req.sample) +
                                                        (req.cache_tag.empty() ? "" : " step '" + req.cache_tag + "'") +
                                                        " in " + (cache_ ? cache_->dir().string() : "(no cache)"));
    }
    http_calls_++;
    ChatReply r = inner_->complete(req);
    if (writes && cache_) cache_->store(model_, req, r);
    return r;
}

}  // namespace ekb
