// Model strings and the LLM configuration (keys, prices, client options).
//
// A model is named by one string (docs/llm.md):
//
//   builtin                          the built-in scripted "model" (design.md section 5)
//   openai:<model>[@<base_url>]      OpenAI Chat Completions, or any server that speaks it
//   anthropic:<model>[@<base_url>]   Anthropic Messages
//   replay:<spec>                    only from the response cache; a miss is an error
//
// The provider is everything before the first ':' (so model names may contain ':', as
// Ollama's "qwen2.5-coder:7b" does). The base URL follows the last '@' that is followed by
// "http://" or "https://"; it ends at the API version ("/v1"), without the endpoint. A '@'
// followed by anything else is an error (a base URL must be a full http(s) URL). Defaults:
// https://api.openai.com/v1 and https://api.anthropic.com/v1.
//
//   openai:gpt-4o
//   openai:deepseek-chat@https://api.deepseek.com/v1
//   openai:gemini-2.0-flash@https://generativelanguage.googleapis.com/v1beta/openai
//   openai:Qwen/Qwen2.5-Coder-32B-Instruct@http://localhost:8000/v1    (vLLM)
//   openai:qwen2.5-coder:7b@http://localhost:11434/v1                  (Ollama)
//   anthropic:claude-sonnet-4-5
//   replay:openai:gpt-4o
//
// The canonical text (ModelSpec::text) drops a trailing '/' and a default base URL, so
// "openai:gpt-4o@https://api.openai.com/v1/" and "openai:gpt-4o" are the same model.
#pragma once
#include "llm/chat.h"
#include "llm/providers.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

namespace ekb {

struct ModelSpec {
    std::string provider;   // "builtin" | "openai" | "anthropic"
    std::string model;      // empty for builtin
    std::string base_url;   // the effective base URL (the default when none was given); empty for builtin
    bool replay = false;
    // The canonical model string: "replay:" when replay, the provider, ":model", and
    // "@base_url" unless it is the provider's default. Never holds a key.
    std::string text() const;
};

// Throws LlmError(config) naming the string and what is wrong with it.
ModelSpec parse_model_spec(const std::string &text);

// The default base URL of a provider ("" for builtin).
std::string default_base_url(const std::string &provider);

struct Price {
    double input_per_mtok = 0;    // USD per million input tokens
    double output_per_mtok = 0;   // USD per million output tokens
};

// The LLM configuration: a JSON file (docs/llm.md) plus the environment.
//
//   {
//     "keys":     { "openai": "sk-...", "anthropic": "env:MY_ANTHROPIC_KEY",
//                   "https://api.deepseek.com/v1": "env:DEEPSEEK_API_KEY",
//                   "http://localhost:8000/v1": "" },
//     "prices":   { "openai:gpt-4o": { "input": 2.5, "output": 10 } },
//     "defaults": { "timeout_seconds": 120, "connect_timeout_seconds": 10, "max_attempts": 6,
//                   "backoff_base_seconds": 1, "backoff_max_seconds": 60, "concurrency": 4 }
//   }
//
// Key precedence for a model (key_for), most specific first:
//   1. keys[<base_url>] in the file, when present (an empty value means "send no key": a
//      local server never receives your hosted key);
//   2. the environment: OPENAI_API_KEY for openai:, ANTHROPIC_API_KEY for anthropic:
//      (whatever the base URL, as the OpenAI SDKs do);
//   3. keys["openai"] / keys["anthropic"] in the file;
//   4. none: no Authorization / x-api-key header (fine for local servers).
// A value "env:NAME" in the file is read from the environment variable NAME when the key is
// looked up (so a file can name keys without holding them); an unset or empty NAME is an
// error then.
struct LlmConfig {
    std::map<std::string, std::string> keys;   // from the file, by provider name or base URL (no trailing '/')
    std::map<std::string, std::string> env_keys;   // provider -> key from OPENAI_API_KEY / ANTHROPIC_API_KEY
    std::map<std::string, Price> prices;       // by "provider:model" or a full model string
    ProviderOptions defaults;                  // api_key is ignored here: keys come from key_for
    std::string source;                        // the file it came from ("" when none was read)

    // The key for a model (precedence above), "" for none. Throws LlmError(config) when the
    // key the precedence picks is "env:NAME" with NAME unset.
    std::string key_for(const ModelSpec &spec) const;

    // Where key_for's key comes from, for messages: "OPENAI_API_KEY", "<file>: keys.openai",
    // "none", ... (never the key itself).
    std::string key_source(const ModelSpec &spec) const;

    // USD for `in` input and `out` output tokens of the model `model_spec_text`: its price
    // by the exact canonical string, else by "provider:model" (so a model served through
    // another base URL or replayed has the same price); 0 without a price. The caller
    // decides whether calls served from the cache cost anything.
    double cost(const std::string &model_spec_text, int64_t in, int64_t out) const;
};

// Parse a configuration (the JSON text of `file`, which only names it in errors). Throws
// LlmError(config) naming the file and the field. Reads OPENAI_API_KEY and ANTHROPIC_API_KEY
// into env_keys.
LlmConfig parse_llm_config(const std::string &json_text, const std::string &file);

// Load from `path`; a missing file gives the defaults (plus the environment's keys).
LlmConfig load_llm_config(const std::filesystem::path &path);

// Load from $EKB_CONFIG, else $XDG_CONFIG_HOME/ekb/config.json, else ~/.config/ekb/config.json.
// $EKB_CONFIG naming a file that does not exist is an error; the default path may be missing.
LlmConfig load_llm_config();

// The client for an openai: or anthropic: spec with the config's key and defaults.
// Throws LlmError(config) for builtin and replay (the caller handles those), and for a
// hosted default base URL with no key at all (naming the environment variable to set).
std::unique_ptr<ChatModel> make_http_chat(const ModelSpec &spec, const LlmConfig &config);

}  // namespace ekb
