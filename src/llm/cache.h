// The response cache: a reply is stored under the canonical JSON of its request (model,
// messages, temperature, max_tokens, sample index, step tag), so n samples stay n distinct
// samples and a re-run is reproducible and free. Modes: off | read | write | readwrite. The
// `replay:<model>` provider serves only from the cache, and only a request that matches a
// recorded one byte for byte (the stored canonical request is compared, not just its
// hash); anything else is an `llm_cache_miss`, never a substitute. A miss says why: the step
// (model, tag, sample) was never recorded, or it was and its kernel/error text
// (ChatRequest::replay_digest) or only the rest of its prompt (e.g. measured times) differs.
//
// Layout: <dir>/<k[0:2]>/<k>.json (request + reply), <dir>/steps/<s[0:2]>/<s>.json (the
// step's last recorded request, for explaining misses only). Entries are written
// atomically; concurrent writers of one key write the same bytes.
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
    // The request's identity, as canonical JSON (sorted keys, no white space).
    std::string canonical_request(const std::string &model, const ChatRequest &req) const;
    std::string content_key(const std::string &model, const ChatRequest &req) const;  // sha256 of the above
    // The reply recorded for exactly this request, if any.
    std::optional<ChatReply> lookup(const std::string &model, const ChatRequest &req) const;
    void store(const std::string &model, const ChatRequest &req, const ChatReply &reply);
    // Why `req` has no recorded reply (for the llm_cache_miss message).
    std::string explain_miss(const std::string &model, const ChatRequest &req) const;
    const std::filesystem::path &dir() const { return dir_; }

private:
    std::string step_key(const std::string &model, const ChatRequest &req) const;
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
