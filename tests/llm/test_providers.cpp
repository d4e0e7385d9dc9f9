// The HTTP chat clients (src/llm/providers.h, http.h, model_spec.h) over real sockets,
// against the fake LLM server on loopback (fake_llm_server.h). Backoffs are kept short
// through ProviderOptions, so the whole file runs in a few seconds.
#include "llm/http.h"
#include "llm/model_spec.h"
#include "llm/providers.h"
#include "fake_llm_server.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>
#include <unistd.h>

using namespace ekb;
using ekb::test::FakeLlmServer;
using ekb::test::FakeReply;
using Kind = LlmError::Kind;

namespace {

const std::string kKey = "sk-test-SECRET-0123456789abcdef";

ProviderOptions fast_opts(std::string key = kKey) {
    ProviderOptions o;
    o.timeout_seconds = 10;
    o.connect_timeout_seconds = 2;
    o.max_attempts = 3;
    o.backoff_base_seconds = 0.01;
    o.backoff_max_seconds = 0.05;
    o.concurrency = 4;
    o.api_key = std::move(key);
    return o;
}

ChatRequest sample_request() {
    ChatRequest r;
    r.messages = {{"system", "You write Halide kernels."}, {"user", "Write a matmul."}};
    r.temperature = 0.25;
    r.max_tokens = 321;
    return r;
}

double since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Runs f, expects an LlmError of kind k, returns it.
LlmError expect_error(const std::function<void()> &f, Kind k) {
    try {
        f();
    } catch (const LlmError &e) {
        EXPECT_EQ((int)e.kind, (int)k) << e.what();
        return e;
    }
    ADD_FAILURE() << "no LlmError thrown";
    return LlmError(Kind::config, "none");
}

// Sets or unsets an environment variable for the life of the object.
struct EnvVar {
    std::string name;
    std::optional<std::string> old;
    EnvVar(std::string n, const char *value) : name(std::move(n)) {
        if (const char *o = std::getenv(name.c_str())) old = o;
        if (value) setenv(name.c_str(), value, 1);
        else unsetenv(name.c_str());
    }
    ~EnvVar() {
        if (old) setenv(name.c_str(), old->c_str(), 1);
        else unsetenv(name.c_str());
    }
};

struct TempDir {
    std::filesystem::path path;
    TempDir() {
        std::string t = (std::filesystem::temp_directory_path() / "ekb_llm_test_XXXXXX").string();
        path = mkdtemp(t.data());
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::filesystem::path write(const std::string &name, const std::string &text) const {
        auto p = path / name;
        std::ofstream(p) << text;
        return p;
    }
};

}  // namespace

// --- a normal reply and the request formats --------------------------------------------------

TEST(OpenAiChat, NormalReplyAndRequestFormat) {
    FakeLlmServer server;
    server.push(FakeReply::ok("Here is the kernel.", 123, 45));
    auto model = make_openai_chat("gpt-test", server.base_url(), fast_opts());
    EXPECT_EQ(model->name(), "openai:gpt-test@" + server.base_url());
    ChatReply r = model->complete(sample_request());
    EXPECT_EQ(r.text, "Here is the kernel.");
    EXPECT_EQ(r.tokens_in, 123);
    EXPECT_EQ(r.tokens_out, 45);
    EXPECT_EQ(r.finish_reason, "stop");
    EXPECT_EQ(r.attempts, 1);
    EXPECT_FALSE(r.from_cache);
    EXPECT_GT(r.seconds, 0);
    EXPECT_EQ(r.response["choices"][0]["message"]["content"], "Here is the kernel.");

    ASSERT_EQ(server.request_count(), 1u);
    auto q = server.requests()[0];
    EXPECT_EQ(q.method, "POST");
    EXPECT_EQ(q.path, "/v1/chat/completions");
    EXPECT_EQ(q.header("Authorization"), "Bearer " + kKey);
    EXPECT_EQ(q.header("Content-Type"), "application/json");
    EXPECT_FALSE(q.has_header("x-api-key"));
    // The documented Chat Completions body: exactly these fields.
    nlohmann::json want = {{"model", "gpt-test"},
                           {"messages",
                            {{{"role", "system"}, {"content", "You write Halide kernels."}},
                             {{"role", "user"}, {"content", "Write a matmul."}}}},
                           {"temperature", 0.25},
                           {"max_tokens", 321}};
    EXPECT_EQ(q.json(), want);
    EXPECT_EQ(r.request, want);   // the body as sent
}

TEST(AnthropicChat, NormalReplyAndRequestFormat) {
    FakeLlmServer server;
    server.push(FakeReply::ok("Claude's kernel.", 77, 33));
    auto model = make_anthropic_chat("claude-test", server.base_url(), fast_opts());
    EXPECT_EQ(model->name(), "anthropic:claude-test@" + server.base_url());
    ChatRequest req = sample_request();
    req.messages.push_back({"assistant", "Which layout?"});
    req.messages.push_back({"user", "Row-major."});
    ChatReply r = model->complete(req);
    EXPECT_EQ(r.text, "Claude's kernel.");
    EXPECT_EQ(r.tokens_in, 77);
    EXPECT_EQ(r.tokens_out, 33);
    EXPECT_EQ(r.finish_reason, "stop");   // end_turn
    EXPECT_EQ(r.attempts, 1);
    EXPECT_EQ(r.response["stop_reason"], "end_turn");

    ASSERT_EQ(server.request_count(), 1u);
    auto q = server.requests()[0];
    EXPECT_EQ(q.path, "/v1/messages");
    EXPECT_EQ(q.header("x-api-key"), kKey);
    EXPECT_EQ(q.header("anthropic-version"), "2023-06-01");
    EXPECT_EQ(q.header("content-type"), "application/json");
    EXPECT_FALSE(q.has_header("authorization"));
    // The documented Messages body: the system prompt top-level, no system role in messages.
    nlohmann::json want = {{"model", "claude-test"},
                           {"system", "You write Halide kernels."},
                           {"messages",
                            {{{"role", "user"}, {"content", "Write a matmul."}},
                             {{"role", "assistant"}, {"content", "Which layout?"}},
                             {{"role", "user"}, {"content", "Row-major."}}}},
                           {"temperature", 0.25},
                           {"max_tokens", 321}};
    EXPECT_EQ(q.json(), want);
    EXPECT_EQ(r.request, want);
}

TEST(AnthropicChat, NoSystemFieldWithoutSystemMessageAndTextBlocksJoined) {
    FakeLlmServer server;
    server.push(FakeReply::raw(200, R"({"id":"m","type":"message","role":"assistant","model":"c",
        "content":[{"type":"text","text":"part one, "},{"type":"tool_use","id":"t","name":"x","input":{}},
                   {"type":"text","text":"part two"}],
        "stop_reason":"max_tokens","usage":{"input_tokens":5,"output_tokens":6}})"));
    auto model = make_anthropic_chat("c", server.base_url(), fast_opts());
    ChatRequest req;
    req.messages = {{"user", "hi"}};
    ChatReply r = model->complete(req);
    EXPECT_EQ(r.text, "part one, part two");
    EXPECT_EQ(r.finish_reason, "length");   // max_tokens
    EXPECT_FALSE(server.requests()[0].json().contains("system"));
}

TEST(OpenAiChat, FinishReasonsNormalized) {
    FakeLlmServer server;
    server.push(FakeReply::ok("cut", 1, 2, "length"));
    server.push(FakeReply::ok("filtered", 1, 2, "content_filter"));
    auto model = make_openai_chat("m", server.base_url(), fast_opts());
    EXPECT_EQ(model->complete(sample_request()).finish_reason, "length");
    EXPECT_EQ(model->complete(sample_request()).finish_reason, "other");
}

TEST(Providers, NoKeyMeansNoAuthHeader) {
    FakeLlmServer server;
    auto o = make_openai_chat("local-model", server.base_url(), fast_opts(""));
    auto a = make_anthropic_chat("local-model", server.base_url(), fast_opts(""));
    o->complete(sample_request());
    a->complete(sample_request());
    auto qs = server.requests();
    ASSERT_EQ(qs.size(), 2u);
    EXPECT_FALSE(qs[0].has_header("authorization"));
    EXPECT_FALSE(qs[1].has_header("x-api-key"));
    EXPECT_EQ(qs[1].header("anthropic-version"), "2023-06-01");
}

TEST(Providers, DefaultBaseUrlsAndTrailingSlash) {
    EXPECT_EQ(make_openai_chat("gpt-4o", "", fast_opts())->name(), "openai:gpt-4o");
    EXPECT_EQ(make_openai_chat("gpt-4o", "https://api.openai.com/v1/", fast_opts())->name(), "openai:gpt-4o");
    EXPECT_EQ(make_anthropic_chat("claude", "", fast_opts())->name(), "anthropic:claude");
    FakeLlmServer server;
    auto m = make_openai_chat("m", server.base_url() + "/", fast_opts());
    m->complete(sample_request());
    EXPECT_EQ(server.requests()[0].path, "/v1/chat/completions");
    expect_error([] { make_openai_chat("m", "ftp://x/v1", fast_opts()); }, Kind::config);
    expect_error([] { make_openai_chat("", "", fast_opts()); }, Kind::config);
}

TEST(OpenAiChat, MaxCompletionTokensForReasoningModels) {
    FakeLlmServer server;
    ProviderOptions opts = fast_opts();
    opts.max_attempts = 1;   // the rename is not a retry
    server.push(FakeReply::error(400, "Unsupported parameter: 'max_tokens' is not supported with this model. "
                                      "Use 'max_completion_tokens' instead."));
    server.push(FakeReply::ok("thought hard"));
    server.push(FakeReply::ok("again"));
    auto model = make_openai_chat("o-test", server.base_url(), opts);
    ChatReply r = model->complete(sample_request());
    EXPECT_EQ(r.text, "thought hard");
    EXPECT_EQ(r.attempts, 2);
    EXPECT_EQ(r.request["max_completion_tokens"], 321);
    EXPECT_FALSE(r.request.contains("max_tokens"));
    ChatReply r2 = model->complete(sample_request());   // remembered: one request
    EXPECT_EQ(r2.attempts, 1);
    auto qs = server.requests();
    ASSERT_EQ(qs.size(), 3u);
    EXPECT_EQ(qs[0].json()["max_tokens"], 321);
    EXPECT_EQ(qs[1].json()["max_completion_tokens"], 321);
    EXPECT_FALSE(qs[2].json().contains("max_tokens"));
    EXPECT_EQ(qs[2].json()["max_completion_tokens"], 321);
    // Any other 400 stays final.
    server.push(FakeReply::error(400, "Unsupported value: 'temperature' does not support 0.25 with this model."));
    LlmError e = expect_error([&] { model->complete(sample_request()); }, Kind::bad_request);
    EXPECT_NE(std::string(e.what()).find("'temperature' does not support"), std::string::npos) << e.what();
    EXPECT_EQ(server.request_count(), 4u);
}

// --- retries ---------------------------------------------------------------------------------

TEST(Retries, RateLimitedHonoursRetryAfter) {
    FakeLlmServer server;
    server.push(FakeReply::error(429).with_header("Retry-After", "1"));
    server.push(FakeReply::ok("after the wait"));
    ProviderOptions opts = fast_opts();
    opts.backoff_max_seconds = 5;   // Retry-After is capped by backoff_max: let 1 s through
    auto model = make_openai_chat("m", server.base_url(), opts);
    auto t0 = std::chrono::steady_clock::now();
    ChatReply r = model->complete(sample_request());
    double elapsed = since(t0);
    EXPECT_EQ(r.text, "after the wait");
    EXPECT_EQ(r.attempts, 2);
    EXPECT_GE(elapsed, 0.95);
    EXPECT_LT(elapsed, 4.0);
    auto qs = server.requests();
    ASSERT_EQ(qs.size(), 2u);
    EXPECT_GE(qs[1].at_seconds - qs[0].at_seconds, 0.95);
    EXPECT_GE(r.seconds, 0.95);
}

TEST(Retries, RetryAfterCappedByBackoffMax) {
    FakeLlmServer server;
    server.push(FakeReply::error(429).with_header("Retry-After", "30"));
    server.push(FakeReply::ok("soon"));
    ProviderOptions opts = fast_opts();
    opts.backoff_max_seconds = 0.2;
    auto model = make_anthropic_chat("m", server.base_url(), opts);
    auto t0 = std::chrono::steady_clock::now();
    ChatReply r = model->complete(sample_request());
    EXPECT_EQ(r.attempts, 2);
    EXPECT_GE(since(t0), 0.19);
    EXPECT_LT(since(t0), 5.0);
}

TEST(Retries, RetryAfterMsHeader) {
    FakeLlmServer server;
    server.push(FakeReply::error(429).with_header("retry-after-ms", "300").with_header("Retry-After", "20"));
    server.push(FakeReply::ok("ok"));
    ProviderOptions opts = fast_opts();
    opts.backoff_max_seconds = 10;
    auto model = make_openai_chat("m", server.base_url(), opts);
    auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(model->complete(sample_request()).attempts, 2);
    EXPECT_GE(since(t0), 0.29);
    EXPECT_LT(since(t0), 5.0);
}

TEST(Retries, ServerErrorThenSuccess) {
    for (std::string api : {"openai", "anthropic"}) {
        FakeLlmServer server;
        server.push(FakeReply::error(500));
        server.push(FakeReply::error(api == "openai" ? 503 : 529));
        server.push(FakeReply::ok("third time"));
        auto model = api == "openai" ? make_openai_chat("m", server.base_url(), fast_opts())
                                     : make_anthropic_chat("m", server.base_url(), fast_opts());
        ChatReply r = model->complete(sample_request());
        EXPECT_EQ(r.text, "third time") << api;
        EXPECT_EQ(r.attempts, 3) << api;
        EXPECT_EQ(server.request_count(), 3u) << api;
    }
}

TEST(Retries, ServerErrorsExhaustAttempts) {
    FakeLlmServer server;
    server.set_default(FakeReply::error(502, "bad gateway upstream"));
    auto model = make_openai_chat("m", server.base_url(), fast_opts());
    LlmError e = expect_error([&] { model->complete(sample_request()); }, Kind::server);
    EXPECT_EQ(e.http_status, 502);
    EXPECT_EQ(server.request_count(), 3u);
    std::string msg = e.what();
    EXPECT_NE(msg.find("502"), std::string::npos) << msg;
    EXPECT_NE(msg.find("bad gateway upstream"), std::string::npos) << msg;
    EXPECT_NE(msg.find("gave up after 3 attempts"), std::string::npos) << msg;
    EXPECT_TRUE(e.retryable());
}

TEST(Retries, ClientErrorsAreNotRetried) {
    struct Case {
        int status;
        Kind kind;
        std::string must_contain;
    };
    for (const Case &c : {Case{401, Kind::auth, "the API key was rejected (set OPENAI_API_KEY or a key for"},
                          Case{403, Kind::auth, "not allowed to use model 'gpt-test'"},
                          Case{404, Kind::not_found, "check the base URL and the model name"},
                          Case{400, Kind::bad_request, "the request was rejected"},
                          Case{422, Kind::bad_request, "the request was rejected"}}) {
        FakeLlmServer server;
        server.push(FakeReply::error(c.status, "server text " + std::to_string(c.status)));
        server.set_default(FakeReply::ok("must not be reached"));
        auto model = make_openai_chat("gpt-test", server.base_url(), fast_opts());
        LlmError e = expect_error([&] { model->complete(sample_request()); }, c.kind);
        std::string msg = e.what();
        EXPECT_EQ(server.request_count(), 1u) << c.status;
        EXPECT_EQ(e.http_status, c.status);
        EXPECT_FALSE(e.retryable());
        EXPECT_NE(msg.find(std::to_string(c.status) + " from " + server.base_url()), std::string::npos) << msg;
        EXPECT_NE(msg.find(c.must_contain), std::string::npos) << msg;
        EXPECT_NE(msg.find("server text " + std::to_string(c.status)), std::string::npos) << msg;
    }
}

TEST(Retries, RedirectIsNotFollowed) {
    FakeLlmServer server;
    server.push(FakeReply::raw(301, "").with_header("Location", "https://elsewhere.example/v1/chat/completions"));
    auto model = make_openai_chat("m", server.base_url(), fast_opts());
    LlmError e = expect_error([&] { model->complete(sample_request()); }, Kind::bad_request);
    EXPECT_NE(std::string(e.what()).find("redirected to https://elsewhere.example/v1/chat/completions"), std::string::npos)
        << e.what();
    EXPECT_EQ(server.request_count(), 1u);
}

TEST(Retries, AnthropicAuthErrorNamesItsVariable) {
    FakeLlmServer server;
    server.push(FakeReply::error(401));
    auto model = make_anthropic_chat("c", server.base_url(), fast_opts(""));
    LlmError e = expect_error([&] { model->complete(sample_request()); }, Kind::auth);
    std::string msg = e.what();
    EXPECT_NE(msg.find("no API key was sent"), std::string::npos) << msg;
    EXPECT_NE(msg.find("ANTHROPIC_API_KEY"), std::string::npos) << msg;
    EXPECT_NE(msg.find("the server said: Incorrect API key provided."), std::string::npos) << msg;
}

// --- broken replies --------------------------------------------------------------------------

TEST(BrokenReplies, MalformedJson) {
    for (std::string api : {"openai", "anthropic"}) {
        FakeLlmServer server;
        server.push(FakeReply::ok("half of me").malformed());
        auto model = api == "openai" ? make_openai_chat("m", server.base_url(), fast_opts())
                                     : make_anthropic_chat("m", server.base_url(), fast_opts());
        LlmError e = expect_error([&] { model->complete(sample_request()); }, Kind::malformed);
        EXPECT_EQ(server.request_count(), 1u);
        std::string msg = e.what();
        EXPECT_NE(msg.find("not a JSON object"), std::string::npos) << msg;
        EXPECT_NE(msg.find("{\""), std::string::npos) << "an excerpt of the body: " << msg;
    }
}

TEST(BrokenReplies, HtmlErrorPageAndNoChoices) {
    FakeLlmServer server;
    server.push(FakeReply::raw(200, "<html><body>Gateway says hi</body></html>", "text/html"));
    server.push(FakeReply::raw(200, R"({"id":"x","object":"chat.completion","choices":[]})"));
    server.push(FakeReply::raw(200, R"({"error":{"message":"overloaded, sorry"}})"));
    auto model = make_openai_chat("m", server.base_url(), fast_opts());
    LlmError e1 = expect_error([&] { model->complete(sample_request()); }, Kind::malformed);
    EXPECT_NE(std::string(e1.what()).find("Gateway says hi"), std::string::npos) << e1.what();
    LlmError e2 = expect_error([&] { model->complete(sample_request()); }, Kind::malformed);
    EXPECT_NE(std::string(e2.what()).find("no choices"), std::string::npos) << e2.what();
    LlmError e3 = expect_error([&] { model->complete(sample_request()); }, Kind::malformed);
    EXPECT_NE(std::string(e3.what()).find("overloaded, sorry"), std::string::npos) << e3.what();
    EXPECT_EQ(server.request_count(), 3u);
}

TEST(BrokenReplies, EmptyText) {
    FakeLlmServer server;
    server.push(FakeReply::ok("", 50, 4096, "length"));
    server.push(FakeReply::raw(200, R"({"choices":[{"index":0,"message":{"role":"assistant","content":null},"finish_reason":"stop"}]})"));
    server.push(FakeReply::raw(200, R"({"type":"message","content":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":0}})"));
    auto o = make_openai_chat("m", server.base_url(), fast_opts());
    auto a = make_anthropic_chat("m", server.base_url(), fast_opts());
    LlmError e = expect_error([&] { o->complete(sample_request()); }, Kind::empty);
    EXPECT_NE(std::string(e.what()).find("finish reason: length"), std::string::npos) << e.what();
    expect_error([&] { o->complete(sample_request()); }, Kind::empty);
    expect_error([&] { a->complete(sample_request()); }, Kind::empty);
    EXPECT_EQ(server.request_count(), 3u);
}

TEST(BrokenReplies, TruncatedBody) {
    for (std::string api : {"openai", "anthropic"}) {
        FakeLlmServer server;
        server.push(FakeReply::ok(std::string(2000, 'k')).truncated());
        auto model = api == "openai" ? make_openai_chat("m", server.base_url(), fast_opts())
                                     : make_anthropic_chat("m", server.base_url(), fast_opts());
        LlmError e = expect_error([&] { model->complete(sample_request()); }, Kind::truncated);
        EXPECT_NE(std::string(e.what()).find("ended early"), std::string::npos) << e.what();
        EXPECT_EQ(server.request_count(), 1u);
    }
}

// --- time and the network --------------------------------------------------------------------

TEST(Network, SlowReplyTimesOutAndIsRetried) {
    FakeLlmServer server;
    server.set_default(FakeReply::ok("too late").after(3));
    ProviderOptions opts = fast_opts();
    opts.timeout_seconds = 0.3;
    opts.max_attempts = 2;
    auto model = make_openai_chat("m", server.base_url(), opts);
    auto t0 = std::chrono::steady_clock::now();
    LlmError e = expect_error([&] { model->complete(sample_request()); }, Kind::timeout);
    double elapsed = since(t0);
    EXPECT_EQ(server.request_count(), 2u);
    EXPECT_GE(elapsed, 0.55);
    EXPECT_LT(elapsed, 2.5);
    std::string msg = e.what();
    EXPECT_NE(msg.find("within 0.3 s"), std::string::npos) << msg;
    EXPECT_NE(msg.find("gave up after 2 attempts"), std::string::npos) << msg;
}

TEST(Network, SlowButInTimeSucceeds) {
    FakeLlmServer server;
    server.push(FakeReply::ok("patience").after(0.3));
    ProviderOptions opts = fast_opts();
    opts.timeout_seconds = 5;
    auto model = make_anthropic_chat("m", server.base_url(), opts);
    ChatReply r = model->complete(sample_request());
    EXPECT_EQ(r.text, "patience");
    EXPECT_GE(r.seconds, 0.29);
}

TEST(Network, ConnectionRefusedRetriedThenFails) {
    std::string url = ekb::test::closed_port_url();
    ProviderOptions opts = fast_opts();
    opts.max_attempts = 3;
    auto model = make_openai_chat("m", url, opts);
    auto t0 = std::chrono::steady_clock::now();
    LlmError e = expect_error([&] { model->complete(sample_request()); }, Kind::network);
    EXPECT_LT(since(t0), 3.0);
    std::string msg = e.what();
    EXPECT_NE(msg.find("cannot connect to " + url + "/chat/completions"), std::string::npos) << msg;
    EXPECT_NE(msg.find("gave up after 3 attempts"), std::string::npos) << msg;
    EXPECT_TRUE(e.retryable());
}

TEST(Network, ConcurrencyLimit) {
    FakeLlmServer server;
    server.set_default(FakeReply::ok("slow and steady").after(0.3));
    ProviderOptions opts = fast_opts();
    opts.concurrency = 2;
    auto model = make_openai_chat("m", server.base_url(), opts);
    const int n = 6;
    std::vector<std::thread> threads;
    std::atomic<int> ok{0};
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; i++)
        threads.emplace_back([&] {
            try {
                if (model->complete(sample_request()).text == "slow and steady") ok++;
            } catch (const std::exception &e) {
                ADD_FAILURE() << e.what();
            }
        });
    for (auto &t : threads) t.join();
    double elapsed = since(t0);
    EXPECT_EQ(ok.load(), n);
    EXPECT_EQ(server.request_count(), (size_t)n);
    EXPECT_LE(server.max_in_flight(), 2);
    EXPECT_GE(elapsed, 0.85);   // three rounds of two 0.3 s requests
}

TEST(Network, NoLimitLetsAllThrough) {
    FakeLlmServer server;
    server.set_default(FakeReply::ok("x").after(0.4));
    ProviderOptions opts = fast_opts();
    opts.concurrency = 0;
    auto model = make_openai_chat("m", server.base_url(), opts);
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; i++) threads.emplace_back([&] { model->complete(sample_request()); });
    for (auto &t : threads) t.join();
    EXPECT_GE(server.max_in_flight(), 2);
}

// --- the key stays secret --------------------------------------------------------------------

TEST(Secrets, KeyNeverReturned) {
    FakeLlmServer server;
    // A server that echoes the key back in every way it can.
    server.push(FakeReply::ok("your key is " + kKey));
    server.push(FakeReply::error(401, "Incorrect API key provided: " + kKey));
    server.push(FakeReply::raw(200, "not json " + kKey));
    server.set_default(FakeReply::error(500, "boom " + kKey));
    std::vector<std::string> seen;
    for (std::string api : {"openai", "anthropic"}) {
        server.push(FakeReply::ok("ok " + kKey));
        auto model = api == "openai" ? make_openai_chat("m", server.base_url(), fast_opts())
                                     : make_anthropic_chat("m", server.base_url(), fast_opts());
        seen.push_back(model->name());
        for (int i = 0; i < 4; i++) {
            try {
                ChatReply r = model->complete(sample_request());
                seen.push_back(r.text);
                seen.push_back(r.request.dump());
                seen.push_back(r.response.dump());
                seen.push_back(r.finish_reason);
            } catch (const LlmError &e) {
                seen.push_back(e.what());
            }
        }
    }
    auto refused = make_openai_chat("m", ekb::test::closed_port_url(), fast_opts());
    try {
        refused->complete(sample_request());
    } catch (const LlmError &e) {
        seen.push_back(e.what());
    }
    ASSERT_GE(seen.size(), 10u);
    bool echoed = false;
    for (const auto &s : seen) {
        EXPECT_EQ(s.find(kKey), std::string::npos) << s;
        EXPECT_EQ(s.find("SECRET"), std::string::npos) << s;
        echoed |= s.find("[key]") != std::string::npos;
    }
    EXPECT_TRUE(echoed) << "the echoes should show as [key]";
    // ... while the server did receive it.
    EXPECT_EQ(server.requests()[0].header("authorization"), "Bearer " + kKey);
}

// --- Retry-After parsing ---------------------------------------------------------------------

TEST(Http, ParseRetryAfter) {
    std::time_t now = 1700000000;   // Tue, 14 Nov 2023 22:13:20 GMT
    EXPECT_DOUBLE_EQ(parse_retry_after("2", now), 2);
    EXPECT_DOUBLE_EQ(parse_retry_after(" 1.5 ", now), 1.5);
    EXPECT_DOUBLE_EQ(parse_retry_after("0", now), 0);
    EXPECT_DOUBLE_EQ(parse_retry_after("Tue, 14 Nov 2023 22:13:30 GMT", now), 10);
    EXPECT_DOUBLE_EQ(parse_retry_after("Tue, 14 Nov 2023 22:00:00 GMT", now), 0);
    EXPECT_LT(parse_retry_after("soon", now), 0);
    EXPECT_LT(parse_retry_after("", now), 0);
    EXPECT_LT(parse_retry_after("-3", now), 0);
}

TEST(Http, RedactUrl) {
    EXPECT_EQ(redact_url("https://user:pw@host:8/v1"), "https://***@host:8/v1");
    EXPECT_EQ(redact_url("http://127.0.0.1:8000/v1"), "http://127.0.0.1:8000/v1");
    EXPECT_EQ(redact_url("http://h/v1/a@b"), "http://h/v1/a@b");
}

// --- model strings ---------------------------------------------------------------------------

TEST(ModelSpec, Parses) {
    ModelSpec b = parse_model_spec("builtin");
    EXPECT_EQ(b.provider, "builtin");
    EXPECT_FALSE(b.replay);
    EXPECT_EQ(b.text(), "builtin");

    ModelSpec o = parse_model_spec("openai:gpt-4o");
    EXPECT_EQ(o.provider, "openai");
    EXPECT_EQ(o.model, "gpt-4o");
    EXPECT_EQ(o.base_url, "https://api.openai.com/v1");
    EXPECT_EQ(o.text(), "openai:gpt-4o");

    ModelSpec a = parse_model_spec("anthropic:claude-sonnet-4-5");
    EXPECT_EQ(a.base_url, "https://api.anthropic.com/v1");
    EXPECT_EQ(a.text(), "anthropic:claude-sonnet-4-5");

    ModelSpec v = parse_model_spec("openai:Qwen/Qwen2.5-Coder-32B-Instruct@http://localhost:8000/v1/");
    EXPECT_EQ(v.model, "Qwen/Qwen2.5-Coder-32B-Instruct");
    EXPECT_EQ(v.base_url, "http://localhost:8000/v1");
    EXPECT_EQ(v.text(), "openai:Qwen/Qwen2.5-Coder-32B-Instruct@http://localhost:8000/v1");

    ModelSpec ol = parse_model_spec("openai:qwen2.5-coder:7b@http://localhost:11434/v1");
    EXPECT_EQ(ol.model, "qwen2.5-coder:7b");
    EXPECT_EQ(ol.base_url, "http://localhost:11434/v1");

    EXPECT_EQ(parse_model_spec("openai:gpt-4o@https://api.openai.com/v1/").text(), "openai:gpt-4o");
    EXPECT_EQ(parse_model_spec("openai:name@x@https://h/v1").model, "name@x");

    ModelSpec r = parse_model_spec("replay:openai:deepseek-chat@https://api.deepseek.com/v1");
    EXPECT_TRUE(r.replay);
    EXPECT_EQ(r.provider, "openai");
    EXPECT_EQ(r.model, "deepseek-chat");
    EXPECT_EQ(r.base_url, "https://api.deepseek.com/v1");
    EXPECT_EQ(r.text(), "replay:openai:deepseek-chat@https://api.deepseek.com/v1");
    EXPECT_TRUE(parse_model_spec("replay:builtin").replay);

    for (std::string s : {"builtin", "openai:gpt-4o", "anthropic:c@http://127.0.0.1:9/v1", "replay:anthropic:c"})
        EXPECT_EQ(parse_model_spec(parse_model_spec(s).text()).text(), s);
}

TEST(ModelSpec, ClearErrors) {
    struct Case {
        std::string text, says;
    };
    for (const Case &c : {Case{"", "empty"},
                          Case{"gpt-4o", "no provider"},
                          Case{"google:gemini", "unknown provider 'google'"},
                          Case{"openai:", "no model name"},
                          Case{"openai:@http://h/v1", "no model name"},
                          Case{"openai:m@localhost:8000/v1", "must start with http:// or https://"},
                          Case{"openai:m@http://", "no host"},
                          Case{"openai:m@http://h/v1/chat/completions", "without /chat/completions"},
                          Case{"anthropic:c@https://h/v1/messages", "without /messages"},
                          Case{"replay:replay:builtin", "replay of a replay"},
                          Case{"replay:", "replay of nothing"},
                          Case{"builtin:x", "builtin takes no model name"},
                          Case{"openai:gpt 4o", "white space"}}) {
        SCOPED_TRACE(c.text);
        LlmError e = expect_error([&] { parse_model_spec(c.text); }, Kind::config);
        std::string msg = e.what();
        EXPECT_NE(msg.find("'" + c.text + "'"), std::string::npos) << msg;
        EXPECT_NE(msg.find(c.says), std::string::npos) << msg;
    }
}

// --- the config ------------------------------------------------------------------------------

TEST(LlmConfig, MissingFileGivesDefaults) {
    EnvVar k1("OPENAI_API_KEY", nullptr), k2("ANTHROPIC_API_KEY", nullptr);
    TempDir dir;
    LlmConfig c = load_llm_config(dir.path / "nope.json");
    EXPECT_TRUE(c.keys.empty());
    EXPECT_TRUE(c.env_keys.empty());
    EXPECT_TRUE(c.prices.empty());
    EXPECT_EQ(c.defaults.max_attempts, ProviderOptions().max_attempts);
    EXPECT_EQ(c.defaults.concurrency, 4);
    EXPECT_EQ(c.source, "");
    EXPECT_EQ(c.key_for(parse_model_spec("openai:gpt-4o")), "");
    EXPECT_EQ(c.cost("openai:gpt-4o", 1000, 1000), 0);
}

TEST(LlmConfig, LoadsAndKeyPrecedence) {
    TempDir dir;
    auto file = dir.write("config.json", R"({
      "keys": {
        "openai": "file-openai",
        "anthropic": "env:EKB_TEST_ANTHROPIC",
        "https://api.deepseek.com/v1/": "file-deepseek",
        "http://localhost:8000/v1": ""
      },
      "prices": {
        "openai:gpt-4o": {"input": 2.5, "output": 10},
        "openai:deepseek-chat@https://api.deepseek.com/v1": {"input": 0.27, "output": 1.1}
      },
      "defaults": {"timeout_seconds": 30, "max_attempts": 2, "concurrency": 8, "backoff_max_seconds": 5}
    })");
    EnvVar cfg("EKB_CONFIG", file.c_str());
    EnvVar ant("EKB_TEST_ANTHROPIC", "from-env-ref");
    {
        EnvVar k1("OPENAI_API_KEY", nullptr), k2("ANTHROPIC_API_KEY", nullptr);
        LlmConfig c = load_llm_config();
        EXPECT_EQ(c.source, file.string());
        EXPECT_EQ(c.defaults.timeout_seconds, 30);
        EXPECT_EQ(c.defaults.max_attempts, 2);
        EXPECT_EQ(c.defaults.concurrency, 8);
        EXPECT_EQ(c.defaults.backoff_max_seconds, 5);
        EXPECT_EQ(c.defaults.connect_timeout_seconds, 10);   // untouched
        EXPECT_EQ(c.key_for(parse_model_spec("openai:gpt-4o")), "file-openai");
        EXPECT_EQ(c.key_for(parse_model_spec("anthropic:c")), "from-env-ref");
        EXPECT_EQ(c.key_for(parse_model_spec("openai:deepseek-chat@https://api.deepseek.com/v1")), "file-deepseek");
        EXPECT_EQ(c.key_for(parse_model_spec("openai:m@http://localhost:8000/v1")), "");   // explicitly none
        EXPECT_EQ(c.key_for(parse_model_spec("openai:m@http://localhost:9999/v1")), "file-openai");
        EXPECT_EQ(c.key_for(parse_model_spec("builtin")), "");
        EXPECT_EQ(c.key_source(parse_model_spec("openai:gpt-4o")), file.string() + ": keys.openai");
    }
    {
        // The environment overrides the provider's key in the file, not a base URL's key.
        EnvVar k1("OPENAI_API_KEY", "env-openai"), k2("ANTHROPIC_API_KEY", "env-anthropic");
        LlmConfig c = load_llm_config();
        EXPECT_EQ(c.key_for(parse_model_spec("openai:gpt-4o")), "env-openai");
        EXPECT_EQ(c.key_for(parse_model_spec("anthropic:c")), "env-anthropic");
        EXPECT_EQ(c.key_for(parse_model_spec("openai:m@http://localhost:9999/v1")), "env-openai");
        EXPECT_EQ(c.key_for(parse_model_spec("openai:deepseek-chat@https://api.deepseek.com/v1")), "file-deepseek");
        EXPECT_EQ(c.key_for(parse_model_spec("openai:m@http://localhost:8000/v1")), "");
        EXPECT_EQ(c.key_source(parse_model_spec("openai:gpt-4o")), "OPENAI_API_KEY");
        // Messages about keys never show them.
        for (std::string s : {"openai:gpt-4o", "anthropic:c", "openai:deepseek-chat@https://api.deepseek.com/v1"}) {
            std::string src = c.key_source(parse_model_spec(s));
            EXPECT_EQ(src.find("env-"), std::string::npos) << src;
            EXPECT_EQ(src.find("file-"), std::string::npos) << src;
        }
    }
    {
        EnvVar unset("EKB_TEST_ANTHROPIC", nullptr), k2("ANTHROPIC_API_KEY", nullptr);
        LlmConfig c = load_llm_config();
        LlmError e = expect_error([&] { c.key_for(parse_model_spec("anthropic:c")); }, Kind::config);
        EXPECT_NE(std::string(e.what()).find("EKB_TEST_ANTHROPIC, which is not set"), std::string::npos) << e.what();
    }
    LlmConfig c = load_llm_config();
    EXPECT_DOUBLE_EQ(c.cost("openai:gpt-4o", 1'000'000, 1'000'000), 12.5);
    EXPECT_DOUBLE_EQ(c.cost("openai:gpt-4o", 2000, 1000), (2000 * 2.5 + 1000 * 10.0) / 1e6);
    EXPECT_DOUBLE_EQ(c.cost("replay:openai:gpt-4o", 1'000'000, 0), 2.5);
    EXPECT_DOUBLE_EQ(c.cost("openai:gpt-4o@http://localhost:8000/v1", 0, 1'000'000), 10);   // by provider:model
    EXPECT_DOUBLE_EQ(c.cost("openai:deepseek-chat@https://api.deepseek.com/v1/", 1'000'000, 1'000'000), 1.37);
    EXPECT_EQ(c.cost("openai:gpt-5", 1000, 1000), 0);
    EXPECT_EQ(c.cost("builtin", 1000, 1000), 0);
    EXPECT_EQ(c.cost("not a model", 1000, 1000), 0);
}

TEST(LlmConfig, MalformedFileErrorsNameFileAndField) {
    TempDir dir;
    struct Case {
        std::string json, field;
    };
    for (const Case &c : {Case{"{ not json", "not valid JSON"},
                          Case{"[1, 2]", "expected a JSON object"},
                          Case{R"({"key": {}})", ": key: unknown field"},
                          Case{R"({"keys": {"openai": 42}})", "keys.openai: expected a string"},
                          Case{R"({"keys": {"gemini": "k"}})", "keys.gemini: expected a provider"},
                          Case{R"({"prices": {"openai:gpt-4o": {"input": 1}}})", "prices.openai:gpt-4o: needs both"},
                          Case{R"({"prices": {"openai:gpt-4o": {"input": -1, "output": 2}}})", "prices.openai:gpt-4o.input"},
                          Case{R"({"prices": {"openai:gpt-4o": {"in": 1, "output": 2}}})", "prices.openai:gpt-4o.in: unknown field"},
                          Case{R"({"prices": {"gpt-4o": {"input": 1, "output": 2}}})", "prices.gpt-4o: model string"},
                          Case{R"({"defaults": {"timeout_seconds": "long"}})", "defaults.timeout_seconds: expected a number"},
                          Case{R"({"defaults": {"timeout_seconds": 0}})", "defaults.timeout_seconds: expected a number > 0"},
                          Case{R"({"defaults": {"max_attempts": 1.5}})", "defaults.max_attempts: expected an integer"},
                          Case{R"({"defaults": {"retries": 3}})", "defaults.retries: unknown field"},
                          Case{R"({"defaults": {"api_key": "sk-x"}})", "defaults.api_key: keys belong in"}}) {
        auto file = dir.write("bad.json", c.json);
        LlmError e = expect_error([&] { load_llm_config(file); }, Kind::config);
        std::string msg = e.what();
        EXPECT_NE(msg.find(file.string()), std::string::npos) << msg;
        EXPECT_NE(msg.find(c.field), std::string::npos) << c.json << " -> " << msg;
        EXPECT_EQ(msg.find("sk-x"), std::string::npos) << msg;
    }
    EnvVar cfg("EKB_CONFIG", (dir.path / "missing.json").c_str());
    LlmError e = expect_error([] { load_llm_config(); }, Kind::config);
    EXPECT_NE(std::string(e.what()).find("missing.json"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("EKB_CONFIG"), std::string::npos) << e.what();
}

TEST(LlmConfig, DefaultLocationUnderXdgOrHome) {
    TempDir dir;
    std::filesystem::create_directories(dir.path / "xdg" / "ekb");
    dir.write("xdg/ekb/config.json", R"({"defaults": {"concurrency": 3}})");
    EnvVar cfg("EKB_CONFIG", nullptr);
    {
        EnvVar xdg("XDG_CONFIG_HOME", (dir.path / "xdg").c_str());
        EXPECT_EQ(load_llm_config().defaults.concurrency, 3);
    }
    {
        EnvVar xdg("XDG_CONFIG_HOME", nullptr), home("HOME", dir.path.c_str());   // no ~/.config/ekb here
        LlmConfig c = load_llm_config();
        EXPECT_EQ(c.defaults.concurrency, 4);
        EXPECT_EQ(c.source, "");
    }
}

// --- make_http_chat --------------------------------------------------------------------------

TEST(MakeHttpChat, LocalServerWithoutKeyEndToEnd) {
    EnvVar k1("OPENAI_API_KEY", nullptr), k2("ANTHROPIC_API_KEY", nullptr);
    FakeLlmServer server;
    server.push(FakeReply::ok("local reply", 3, 4));
    server.push(FakeReply::ok("local anthropic reply", 3, 4));
    LlmConfig cfg = parse_llm_config(R"({"defaults": {"backoff_base_seconds": 0.01, "backoff_max_seconds": 0.05}})", "t.json");
    auto m = make_http_chat(parse_model_spec("openai:llama@" + server.base_url()), cfg);
    EXPECT_EQ(m->name(), "openai:llama@" + server.base_url());
    EXPECT_EQ(m->complete(sample_request()).text, "local reply");
    auto a = make_http_chat(parse_model_spec("anthropic:c@" + server.base_url()), cfg);
    EXPECT_EQ(a->complete(sample_request()).text, "local anthropic reply");
    auto qs = server.requests();
    EXPECT_FALSE(qs[0].has_header("authorization"));
    EXPECT_FALSE(qs[1].has_header("x-api-key"));
}

TEST(MakeHttpChat, KeyFromConfigAndDefaultsApplied) {
    EnvVar k1("OPENAI_API_KEY", "env-key-should-lose");
    FakeLlmServer server;
    server.set_default(FakeReply::error(503));
    nlohmann::json j = {{"keys", {{server.base_url(), "per-server-key"}}},
                        {"defaults", {{"max_attempts", 2}, {"backoff_base_seconds", 0.01}, {"backoff_max_seconds", 0.02}}}};
    LlmConfig cfg = parse_llm_config(j.dump(), "t.json");
    auto m = make_http_chat(parse_model_spec("openai:m@" + server.base_url()), cfg);
    expect_error([&] { m->complete(sample_request()); }, Kind::server);
    EXPECT_EQ(server.request_count(), 2u);   // max_attempts from the config
    EXPECT_EQ(server.requests()[0].header("authorization"), "Bearer per-server-key");
}

TEST(MakeHttpChat, RefusesBuiltinReplayAndMissingHostedKey) {
    EnvVar k1("OPENAI_API_KEY", nullptr), k2("ANTHROPIC_API_KEY", nullptr);
    LlmConfig cfg = parse_llm_config("{}", "");
    expect_error([&] { make_http_chat(parse_model_spec("builtin"), cfg); }, Kind::config);
    expect_error([&] { make_http_chat(parse_model_spec("replay:openai:gpt-4o"), cfg); }, Kind::config);
    LlmError e = expect_error([&] { make_http_chat(parse_model_spec("openai:gpt-4o"), cfg); }, Kind::config);
    EXPECT_NE(std::string(e.what()).find("set OPENAI_API_KEY"), std::string::npos) << e.what();
    LlmError e2 = expect_error([&] { make_http_chat(parse_model_spec("anthropic:claude"), cfg); }, Kind::config);
    EXPECT_NE(std::string(e2.what()).find("set ANTHROPIC_API_KEY"), std::string::npos) << e2.what();
    {
        EnvVar k("OPENAI_API_KEY", "sk-env");
        LlmConfig with_env = parse_llm_config("{}", "");
        EXPECT_EQ(make_http_chat(parse_model_spec("openai:gpt-4o"), with_env)->name(), "openai:gpt-4o");
    }
}
