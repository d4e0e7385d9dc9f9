#include "llm/model_spec.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace ekb {

namespace {

using Kind = LlmError::Kind;

const char *kSyntax = "builtin, openai:<model>[@<base_url>], anthropic:<model>[@<base_url>] or replay:<spec>";

LlmError spec_error(const std::string &text, const std::string &what) {
    return LlmError(Kind::config, "model string '" + text + "': " + what + " (expected " + kSyntax + ")");
}

bool is_http_url(const std::string &s) { return s.rfind("http://", 0) == 0 || s.rfind("https://", 0) == 0; }

std::string strip_slash(std::string s) {
    while (!s.empty() && s.back() == '/') s.pop_back();
    return s;
}

std::string getenv_str(const char *name) {
    const char *v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

const char *env_var_of(const std::string &provider) {
    return provider == "openai" ? "OPENAI_API_KEY" : provider == "anthropic" ? "ANTHROPIC_API_KEY" : "";
}

}  // namespace

std::string default_base_url(const std::string &provider) {
    if (provider == "openai") return kOpenAiDefaultBaseUrl;
    if (provider == "anthropic") return kAnthropicDefaultBaseUrl;
    return "";
}

std::string ModelSpec::text() const {
    std::string t = replay ? "replay:" : "";
    if (provider == "builtin") return t + "builtin";
    t += provider + ":" + model;
    if (!base_url.empty() && base_url != default_base_url(provider)) t += "@" + base_url;
    return t;
}

ModelSpec parse_model_spec(const std::string &text) {
    if (text.empty()) throw spec_error(text, "empty");
    for (char c : text)
        if (std::isspace((unsigned char)c) || std::iscntrl((unsigned char)c)) throw spec_error(text, "contains white space");
    ModelSpec spec;
    if (text == "builtin") {
        spec.provider = "builtin";
        return spec;
    }
    if (text.rfind("replay:", 0) == 0) {
        std::string inner = text.substr(7);
        if (inner.rfind("replay:", 0) == 0) throw spec_error(text, "replay of a replay");
        if (inner.empty()) throw spec_error(text, "replay of nothing");
        try {
            spec = parse_model_spec(inner);
        } catch (const LlmError &e) {
            throw LlmError(Kind::config, "in '" + text + "': " + e.what());
        }
        spec.replay = true;
        return spec;
    }
    size_t colon = text.find(':');
    if (colon == std::string::npos) throw spec_error(text, "no provider");
    spec.provider = text.substr(0, colon);
    if (spec.provider != "openai" && spec.provider != "anthropic") {
        if (spec.provider == "builtin") throw spec_error(text, "builtin takes no model name");
        throw spec_error(text, "unknown provider '" + spec.provider + "'");
    }
    std::string rest = text.substr(colon + 1);
    size_t at = std::string::npos;
    for (size_t p = rest.find('@'); p != std::string::npos; p = rest.find('@', p + 1))
        if (is_http_url(rest.substr(p + 1))) at = p;
    if (at == std::string::npos) {
        spec.model = rest;
        if (rest.find('@') != std::string::npos)
            throw spec_error(text, "the base URL after '@' must start with http:// or https://");
        spec.base_url = default_base_url(spec.provider);
    } else {
        spec.model = rest.substr(0, at);
        std::string raw = rest.substr(at + 1);
        size_t host = raw.find("://") + 3;
        if (host >= raw.size() || raw[host] == '/' || raw[host] == '?' || raw[host] == '#')
            throw spec_error(text, "the base URL has no host");
        spec.base_url = strip_slash(raw);
        for (const char *endpoint : {"/chat/completions", "/messages"}) {
            std::string e = endpoint;
            if (spec.base_url.size() >= e.size() && spec.base_url.compare(spec.base_url.size() - e.size(), e.size(), e) == 0)
                throw spec_error(text, "the base URL ends before the endpoint (e.g. .../v1, without " + e + ")");
        }
    }
    if (spec.model.empty()) throw spec_error(text, "no model name");
    return spec;
}

// --- configuration ------------------------------------------------------------------------

namespace {

LlmError config_error(const std::string &file, const std::string &field, const std::string &what) {
    return LlmError(Kind::config, "LLM config " + (file.empty() ? std::string("(text)") : file) + ": " +
                                      (field.empty() ? "" : field + ": ") + what);
}

double number_field(const nlohmann::json &obj, const std::string &name, const std::string &file, const std::string &path,
                    double min) {
    const auto &v = obj[name];
    if (!v.is_number()) throw config_error(file, path + "." + name, "expected a number");
    double d = v.get<double>();
    if (!std::isfinite(d) || d < min) throw config_error(file, path + "." + name, "expected a number >= " + std::to_string((int)min));
    return d;
}

}  // namespace

LlmConfig parse_llm_config(const std::string &json_text, const std::string &file) {
    LlmConfig cfg;
    cfg.source = file;
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(json_text);
    } catch (const nlohmann::json::parse_error &e) {
        throw config_error(file, "", std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object()) throw config_error(file, "", "expected a JSON object");
    for (const auto &[name, value] : j.items()) {
        if (name == "keys") {
            if (!value.is_object()) throw config_error(file, "keys", "expected an object of provider or base URL -> key");
            for (const auto &[k, v] : value.items()) {
                if (!v.is_string()) throw config_error(file, "keys." + k, "expected a string");
                if (k != "openai" && k != "anthropic" && !is_http_url(k))
                    throw config_error(file, "keys." + k,
                                       "expected a provider (openai, anthropic) or a base URL (http:// or https://)");
                std::string s = v.get<std::string>();
                if (s.rfind("env:", 0) == 0 && s.size() == 4) throw config_error(file, "keys." + k, "env: names no variable");
                cfg.keys[is_http_url(k) ? strip_slash(k) : k] = s;
            }
        } else if (name == "prices") {
            if (!value.is_object()) throw config_error(file, "prices", "expected an object of model -> {input, output}");
            for (const auto &[k, v] : value.items()) {
                std::string path = "prices." + k;
                ModelSpec spec;
                try {
                    spec = parse_model_spec(k);
                } catch (const LlmError &e) {
                    throw config_error(file, path, e.what());
                }
                if (!v.is_object()) throw config_error(file, path, "expected {\"input\": USD per 1M tokens, \"output\": ...}");
                Price p;
                for (const auto &[f, _] : v.items())
                    if (f != "input" && f != "output") throw config_error(file, path + "." + f, "unknown field (known: input, output)");
                if (!v.contains("input") || !v.contains("output"))
                    throw config_error(file, path, "needs both input and output (USD per million tokens)");
                p.input_per_mtok = number_field(v, "input", file, path, 0);
                p.output_per_mtok = number_field(v, "output", file, path, 0);
                spec.replay = false;
                cfg.prices[spec.text()] = p;
            }
        } else if (name == "defaults") {
            if (!value.is_object()) throw config_error(file, "defaults", "expected an object");
            ProviderOptions &o = cfg.defaults;
            for (const auto &[f, _] : value.items()) {
                if (f == "timeout_seconds") {
                    o.timeout_seconds = number_field(value, f, file, "defaults", 0);
                    if (o.timeout_seconds <= 0) throw config_error(file, "defaults." + f, "expected a number > 0");
                } else if (f == "connect_timeout_seconds") {
                    o.connect_timeout_seconds = number_field(value, f, file, "defaults", 0);
                    if (o.connect_timeout_seconds <= 0) throw config_error(file, "defaults." + f, "expected a number > 0");
                } else if (f == "max_attempts") {
                    if (!value[f].is_number_integer()) throw config_error(file, "defaults." + f, "expected an integer >= 1");
                    o.max_attempts = (int)number_field(value, f, file, "defaults", 1);
                } else if (f == "backoff_base_seconds") {
                    o.backoff_base_seconds = number_field(value, f, file, "defaults", 0);
                } else if (f == "backoff_max_seconds") {
                    o.backoff_max_seconds = number_field(value, f, file, "defaults", 0);
                } else if (f == "concurrency") {
                    if (!value[f].is_number_integer()) throw config_error(file, "defaults." + f, "expected an integer (<= 0: no limit)");
                    o.concurrency = value[f].get<int>();
                } else if (f == "api_key") {
                    throw config_error(file, "defaults.api_key", "keys belong in \"keys\" (by provider or base URL)");
                } else {
                    throw config_error(file, "defaults." + f,
                                       "unknown field (known: timeout_seconds, connect_timeout_seconds, max_attempts, "
                                       "backoff_base_seconds, backoff_max_seconds, concurrency)");
                }
            }
        } else {
            throw config_error(file, name, "unknown field (known: keys, prices, defaults)");
        }
    }
    for (const char *provider : {"openai", "anthropic"}) {
        std::string v = getenv_str(env_var_of(provider));
        if (!v.empty()) cfg.env_keys[provider] = v;
    }
    return cfg;
}

LlmConfig load_llm_config(const std::filesystem::path &path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        LlmConfig cfg = parse_llm_config("{}", "");
        return cfg;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw config_error(path.string(), "", "cannot read the file");
    std::stringstream ss;
    ss << in.rdbuf();
    return parse_llm_config(ss.str(), path.string());
}

LlmConfig load_llm_config() {
    std::string explicit_path = getenv_str("EKB_CONFIG");
    if (!explicit_path.empty()) {
        std::error_code ec;
        if (!std::filesystem::exists(explicit_path, ec))
            throw config_error(explicit_path, "", "no such file (named by EKB_CONFIG)");
        return load_llm_config(std::filesystem::path(explicit_path));
    }
    std::string xdg = getenv_str("XDG_CONFIG_HOME");
    if (!xdg.empty()) return load_llm_config(std::filesystem::path(xdg) / "ekb" / "config.json");
    std::string home = getenv_str("HOME");
    if (!home.empty()) return load_llm_config(std::filesystem::path(home) / ".config" / "ekb" / "config.json");
    return parse_llm_config("{}", "");
}

namespace {

// Which entry of the precedence applies: ("file", map key) / ("env", provider) / ("", "").
std::pair<std::string, std::string> key_choice(const LlmConfig &cfg, const ModelSpec &spec) {
    if (spec.provider != "openai" && spec.provider != "anthropic") return {"", ""};
    std::string base = strip_slash(spec.base_url.empty() ? default_base_url(spec.provider) : spec.base_url);
    if (cfg.keys.count(base)) return {"file", base};
    if (cfg.env_keys.count(spec.provider)) return {"env", spec.provider};
    if (cfg.keys.count(spec.provider)) return {"file", spec.provider};
    return {"", ""};
}

}  // namespace

std::string LlmConfig::key_for(const ModelSpec &spec) const {
    auto [where, name] = key_choice(*this, spec);
    if (where == "env") return env_keys.at(name);
    if (where != "file") return "";
    const std::string &v = keys.at(name);
    if (v.rfind("env:", 0) == 0) {
        std::string var = v.substr(4);
        std::string value = getenv_str(var.c_str());
        if (value.empty())
            throw config_error(source, "keys." + name, "names the environment variable " + var + ", which is not set");
        return value;
    }
    return v;
}

std::string LlmConfig::key_source(const ModelSpec &spec) const {
    auto [where, name] = key_choice(*this, spec);
    if (where == "env") return env_var_of(name);
    if (where != "file") return "none";
    std::string s = (source.empty() ? std::string("config") : source) + ": keys." + name;
    const std::string &v = keys.at(name);
    if (v.rfind("env:", 0) == 0) s += " (" + v + ")";
    else if (v.empty()) s += " (empty: no key)";
    return s;
}

double LlmConfig::cost(const std::string &model_spec_text, int64_t in, int64_t out) const {
    const Price *p = nullptr;
    auto it = prices.find(model_spec_text);
    if (it != prices.end()) p = &it->second;
    if (!p) {
        try {
            ModelSpec spec = parse_model_spec(model_spec_text);
            spec.replay = false;
            it = prices.find(spec.text());
            if (it == prices.end()) it = prices.find(spec.provider + ":" + spec.model);
            if (it != prices.end()) p = &it->second;
        } catch (const LlmError &) {
        }
    }
    if (!p) return 0;
    return ((double)in * p->input_per_mtok + (double)out * p->output_per_mtok) / 1e6;
}

std::unique_ptr<ChatModel> make_http_chat(const ModelSpec &spec, const LlmConfig &config) {
    if (spec.replay)
        throw LlmError(Kind::config, "'" + spec.text() + "' is a replay: it is served by the response cache, not over HTTP");
    if (spec.provider != "openai" && spec.provider != "anthropic")
        throw LlmError(Kind::config, "'" + spec.text() + "' is not an HTTP model (openai: or anthropic:)");
    std::string base = spec.base_url.empty() ? default_base_url(spec.provider) : spec.base_url;
    ProviderOptions opts = config.defaults;
    opts.api_key = config.key_for(spec);
    if (opts.api_key.empty() && base == default_base_url(spec.provider)) {
        std::string where = config.source.empty() ? std::string("the config file (~/.config/ekb/config.json)") : config.source;
        throw LlmError(Kind::config, "no API key for " + spec.text() + ": set " + env_var_of(spec.provider) +
                                         " or keys." + spec.provider + " in " + where);
    }
    if (spec.provider == "openai") return make_openai_chat(spec.model, base, opts);
    return make_anthropic_chat(spec.model, base, opts);
}

}  // namespace ekb
