// The response cache: content-addressed by (model, messages, temperature, max_tokens,
// sample index, tag), so n samples stay n distinct samples and a re-run is reproducible and
// free. Modes: off | read | write | readwrite. The `replay:<model>` provider serves only
// from the cache and fails clearly on a miss; for agents whose prompts carry measured times
// it falls back to the step (model, tag, sample) and flags a divergence of what must not
// differ (ChatRequest::replay_digest).
//
// Layout: <dir>/<k[0:2]>/<k>.json (request + reply), <dir>/steps/<s[0:2]>/<s>.json (step
// index). Entries are written atomically; concurrent writers of one key write the same bytes.
#pragma once
#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "llm/chat.h"

namespace ekb {

enum class CacheMode { off, read, write, readwrite };
CacheMode parse_cache_mode(const std::string &s);  // throws std::invalid_argument
const char *cache_mode_name(CacheMode m);

class ResponseCache {
public:
    explicit ResponseCache(std::filesystem::path dir);
    std::string content_key(const std::string &model, const ChatRequest &req) const;
    std::string step_key(const std::string &model, const ChatRequest &req) const;
    std::optional<ChatReply> lookup(const std::string &content_key) const;
    // By step: the reply and whether its stored digest differs from req.replay_digest.
    std::optional<std::pair<ChatReply, bool>> lookup_step(const std::string &model, const ChatRequest &req) const;
    void store(const std::string &model, const ChatRequest &req, const ChatReply &reply);
    const std::filesystem::path &dir() const { return dir_; }

private:
    std::filesystem::path dir_;
};

// A ChatModel behind the cache. `inner` null with replay = true: the replay provider.
class CachedChat : public ChatModel {
public:
    CachedChat(std::unique_ptr<ChatModel> inner, std::string model_name, std::shared_ptr<ResponseCache> cache,
               CacheMode mode, bool replay);
    std::string name() const override { return replay_ ? "replay:" + model_ : model_; }
    ChatReply complete(const ChatRequest &req) override;
    int64_t http_calls() const { return http_calls_; }

private:
    std::unique_ptr<ChatModel> inner_;
    std::string model_;
    std::shared_ptr<ResponseCache> cache_;
    CacheMode mode_;
    bool replay_;
    std::atomic<int64_t> http_calls_{0};
};

}  // namespace ekb
