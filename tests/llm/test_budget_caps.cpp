// Budgets that hold exactly, against the fault-injecting loopback server: every HTTP
// attempt (failed ones and retries too) is a charged call with its seconds; a call is
// refused before it is sent when the prompt's upper bound + max_tokens would pass the token
// cap, or its worst case the cost cap; a reply that could not be read is charged its worst
// case; the wall cap bounds attempts and backoff waits. Usage <= cap in every test. And the
// response cache replays only byte-identical requests.
#include <gtest/gtest.h>

#include "common/files.h"
#include "common/paths.h"
#include "common/subprocess.h"
#include "fake_llm_server.h"
#include "llm/cache.h"
#include "llm/providers.h"
#include "produce/llm_call.h"
#include "suite/suite.h"

namespace ekb {
namespace {

using test::FakeLlmServer;
using test::FakeReply;
using nlohmann::json;

// A producer's view of one model behind the response cache, priced at $1 / $2 per million
// input / output tokens; checks are not used here.
class TestContext : public ProduceContext {
public:
    TestContext(const std::string &base_url, std::shared_ptr<ResponseCache> cache = nullptr,
                CacheMode mode = CacheMode::off, int max_attempts = 4, double backoff_max = 0.05) {
        ProviderOptions o;
        o.timeout_seconds = 30;  // a huge reply takes seconds on a loaded machine
        o.connect_timeout_seconds = 2;
        o.max_attempts = max_attempts;
        o.backoff_base_seconds = 0.01;
        o.backoff_max_seconds = backoff_max;
        model_ = std::make_unique<CachedChat>(make_openai_chat("fake", base_url, o), "openai:fake", cache, mode, false);
    }
    ChatModel &chat(const std::string &) override { return *model_; }
    double cost(const std::string &, int64_t in, int64_t out) const override { return (in * 1.0 + out * 2.0) / 1e6; }
    DeviceProfile device_profile(const std::string &) override { return DeviceProfile(); }
    Feedback check(const Task &, const std::string &, const std::string &, uint64_t, Budget &, const std::string &) override {
        return {};
    }
    std::string pipeline_graph(const Task &, const std::string &) override { return ""; }
    std::optional<Production> production_of(const Task &, const std::string &, const std::string &, const std::string &,
                                            int64_t, std::string *) override {
        return std::nullopt;
    }

private:
    std::unique_ptr<ChatModel> model_;
};

const Task &softmax() {
    static Suite s = Suite::load(ekb_home() / "suite");
    return *s.find("softmax");
}

struct Call {
    std::optional<ChatReply> reply;
    Production failure;
    std::optional<LlmError> thrown;
};

Call ask(TestContext &ctx, Budget &budget, const std::string &prompt, int max_tokens = 100, int64_t sample = 0) {
    ProduceRequest req{&softmax(), "cpu", "openai:fake", sample, 1, "", "k", &ctx, &budget};
    ProducerOptions opts;
    opts.max_tokens = max_tokens;
    opts.temperature = 0.5;
    json calls = json::array();
    Call c;
    try {
        c.reply = ask_model(req, opts, {{"user", prompt}}, "t", "", "acct", calls, c.failure);
    } catch (const LlmError &e) {
        c.thrown = e;
    }
    return c;
}

// Budgets caps "calls=N": what the server saw, what was charged, both <= N.
TEST(BudgetCaps, EveryHttpAttemptIsAChargedCall) {
    FakeLlmServer server;
    server.push({FakeReply::error(503), FakeReply::error(429).with_header("Retry-After", "0"), FakeReply::error(500),
                 FakeReply::ok("late")});
    TestContext ctx(server.base_url());
    Budget budget(BudgetCaps::parse("calls=3"));
    Call c = ask(ctx, budget, "hello");
    // The fourth attempt would have succeeded, but the cap allows three: a transient failure
    // (not a budget stop, not the model's answer).
    ASSERT_TRUE(c.thrown.has_value());
    EXPECT_TRUE(c.thrown->transient()) << c.thrown->what();
    EXPECT_NE(std::string(c.thrown->what()).find("the budget allows no retry"), std::string::npos) << c.thrown->what();
    EXPECT_EQ(server.request_count(), 3u);
    BudgetUsage u = budget.total();
    EXPECT_EQ(u.llm_calls, 3);
    EXPECT_EQ(u.failed_attempts, 3);
    EXPECT_GT(u.llm_seconds, 0);
    // Nothing more goes out: the next call is refused before it is sent.
    Call d = ask(ctx, budget, "again");
    EXPECT_EQ(d.failure.error_code, "budget_exhausted");
    EXPECT_EQ(server.request_count(), 3u);
    EXPECT_LE(budget.total().llm_calls, 3);
}

TEST(BudgetCaps, ConnectionRefusedAttemptsAreCharged) {
    TestContext ctx(test::closed_port_url(), nullptr, CacheMode::off, 3);
    Budget budget(BudgetCaps::parse("calls=10"));
    Call c = ask(ctx, budget, "hello");
    ASSERT_TRUE(c.thrown.has_value());
    EXPECT_EQ(c.thrown->kind, LlmError::Kind::network);
    EXPECT_EQ(budget.total().llm_calls, 3);
    EXPECT_EQ(budget.total().failed_attempts, 3);
}

// "tokens=N": refused when used + the prompt's upper bound + max_tokens would pass N, even
// against a server that reports the worst case every time.
TEST(BudgetCaps, TokenCapRefusesBeforeSending) {
    FakeLlmServer server;
    std::string prompt(1000, 'x');
    ChatRequest probe;
    probe.messages = {{"user", prompt}};
    int64_t worst_in = max_prompt_tokens(probe);
    server.set_default(FakeReply::ok("ok", worst_in, 100));
    TestContext ctx(server.base_url());
    Budget budget(BudgetCaps::parse("tokens=" + std::to_string(2 * (worst_in + 100) + 50)));
    int replies = 0;
    for (int i = 0; i < 5; i++) {
        Call c = ask(ctx, budget, prompt, 100, i);
        if (c.reply) replies++;
        else EXPECT_EQ(c.failure.error_code, "budget_exhausted");
        BudgetUsage u = budget.total();
        EXPECT_LE(u.tokens_in + u.tokens_out, budget.caps().tokens);
    }
    EXPECT_EQ(replies, 2);
    EXPECT_EQ(server.request_count(), 2u) << "a refused call was sent";
    // A call that alone could pass the cap is never sent.
    Budget tight(BudgetCaps::parse("tokens=" + std::to_string(worst_in + 99)));
    Call c = ask(ctx, tight, prompt, 100, 9);
    EXPECT_EQ(c.failure.error_code, "budget_exhausted");
    EXPECT_NE(c.failure.error_message.find("token cap"), std::string::npos) << c.failure.error_message;
    EXPECT_EQ(server.request_count(), 2u);
}

// "cost=USD": refused when the call's worst case (its token bound at the price) would pass
// the cap; a 2xx reply that could not be read (truncated, malformed, huge) is charged its
// worst case, since the server may have billed it.
TEST(BudgetCaps, CostCapHoldsWithUnreadableReplies) {
    FakeLlmServer server;
    server.push({FakeReply::ok("x").truncated(), FakeReply::ok("x").malformed(), FakeReply::ok("x").huge()});
    server.set_default(FakeReply::ok("fine", 50, 50));
    TestContext ctx(server.base_url(), nullptr, CacheMode::off, 1);
    ChatRequest probe;
    probe.messages = {{"user", "price me"}};
    double worst = (max_prompt_tokens(probe) * 1.0 + 1000 * 2.0) / 1e6;
    Budget budget(BudgetCaps{0, 0, 3.5 * worst});
    int transient = 0, replies = 0, refused = 0;
    for (int i = 0; i < 6; i++) {
        Call c = ask(ctx, budget, "price me", 1000, i);
        if (c.thrown) {
            EXPECT_TRUE(c.thrown->transient()) << c.thrown->what();
            transient++;
        } else if (c.reply) {
            replies++;
        } else {
            EXPECT_EQ(c.failure.error_code, "budget_exhausted");
            refused++;
        }
        EXPECT_LE(budget.total().cost_usd, budget.caps().cost_usd + 1e-15);
    }
    EXPECT_EQ(transient, 3);   // truncated, malformed, huge: each charged the worst case
    EXPECT_NEAR(budget.total().cost_usd, 3 * worst + (replies ? (50 + 100) / 1e6 : 0), 1e-12);
    EXPECT_EQ(replies, 0) << "a fourth worst case does not fit in 3.5";
    EXPECT_EQ(refused, 3);
    EXPECT_EQ(server.request_count(), 3u);
}

// "wall_s=S": an attempt may take only what is left, and no backoff wait runs past it.
TEST(BudgetCaps, WallCapBoundsSlowRepliesAndWaits) {
    FakeLlmServer server;
    server.push({FakeReply::error(429).with_header("Retry-After", "0"), FakeReply::ok("slow").after(30)});
    TestContext ctx(server.base_url());
    Budget budget(BudgetCaps::parse("wall_s=1.5"));
    double t0 = monotonic_seconds();
    Call c = ask(ctx, budget, "hello");
    double took = monotonic_seconds() - t0;
    ASSERT_TRUE(c.thrown.has_value() || !c.failure.error_code.empty());
    EXPECT_LE(took, 1.5 + 0.3) << "the call ran past the wall cap";
    EXPECT_EQ(server.request_count(), 2u);
    EXPECT_LE(budget.total().llm_seconds, 1.5 + 0.3);
    // A long Retry-After is not waited for when the budget has no time for it.
    FakeLlmServer s2;
    s2.set_default(FakeReply::error(503).with_header("Retry-After", "30"));
    TestContext ctx2(s2.base_url(), nullptr, CacheMode::off, 4, 60);
    Budget b2(BudgetCaps::parse("wall_s=1"));
    t0 = monotonic_seconds();
    Call d = ask(ctx2, b2, "hello");
    EXPECT_LE(monotonic_seconds() - t0, 1.0);
    ASSERT_TRUE(d.thrown.has_value());
    EXPECT_TRUE(d.thrown->transient());
    EXPECT_NE(std::string(d.thrown->what()).find("no budgeted time is left for the wait"), std::string::npos) << d.thrown->what();
    EXPECT_EQ(s2.request_count(), 1u);
}

// Exact replay: only a byte-identical request is served; anything else is a miss that says
// why; records say which replies came from the cache.
TEST(ExactReplay, ServesOnlyIdenticalRequests) {
    TempDir tmp("ekb-replay-test-");
    auto cache = std::make_shared<ResponseCache>(tmp.path());
    ChatRequest req;
    req.messages = {{"system", "rules"}, {"user", "turn 1: your kernel took 12.5 us"}};
    req.temperature = 0.5;
    req.max_tokens = 1000;
    req.cache_tag = "softmax/cpu/iterative/turn1";
    req.replay_digest = "kernel-A";
    ChatReply rep;
    rep.text = "```cpp\nEKB_KERNEL {}\n```";
    rep.tokens_in = 7;
    cache->store("openai:m", req, rep);
    CachedChat replay(nullptr, "openai:m", cache, CacheMode::read, true);
    ChatReply hit = replay.complete(req);
    EXPECT_TRUE(hit.from_cache);
    EXPECT_EQ(hit.text, rep.text);
    auto miss = [&](ChatRequest r, const std::string &says) {
        try {
            replay.complete(r);
            ADD_FAILURE() << "served a request that was never recorded";
        } catch (const LlmError &e) {
            EXPECT_EQ(e.kind, LlmError::Kind::cache_miss);
            EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
        }
    };
    ChatRequest r = req;
    r.temperature = 0.7;
    miss(r, "its prompt differs");
    r = req;
    r.max_tokens = 999;
    miss(r, "its prompt differs");
    r = req;
    r.messages[1].content = "turn 1: your kernel took 13.1 us";   // only a measured time differs
    miss(r, "its prompt differs");
    r.replay_digest = "kernel-B";
    miss(r, "the kernel or error text");
    r = req;
    r.sample = 1;
    miss(r, "never recorded");
    r = req;
    r.cache_tag = "softmax/cpu/iterative/turn2";
    miss(r, "never recorded");
    // An entry whose stored request is not this one (a damaged or colliding file) is a miss.
    std::string key = cache->content_key("openai:m", req);
    std::filesystem::path f = tmp.path() / key.substr(0, 2) / (key + ".json");
    json e = json::parse(read_file(f));
    e["canonical"] = "something else";
    write_file(f, e.dump());
    miss(req, "recorded");
}

// Through ask_model: a cache hit is one charged call with its recorded tokens, cost 0, and
// the transcript marks it.
TEST(ExactReplay, CacheHitsAreChargedAndMarked) {
    FakeLlmServer server;
    server.set_default(FakeReply::ok("reply", 30, 20));
    TempDir tmp("ekb-replay-test-");
    auto cache = std::make_shared<ResponseCache>(tmp.path());
    TestContext ctx(server.base_url(), cache, CacheMode::readwrite);
    ProducerOptions opts;
    opts.max_tokens = 100;
    for (int run = 0; run < 2; run++) {
        Budget budget(BudgetCaps::parse("calls=5"));
        ProduceRequest req{&softmax(), "cpu", "openai:fake", 0, 1, "", "k", &ctx, &budget};
        json calls = json::array();
        Production p;
        auto r = ask_model(req, opts, {{"user", "same"}}, "t", "d", "acct", calls, p);
        ASSERT_TRUE(r.has_value());
        EXPECT_EQ(r->from_cache, run == 1);
        EXPECT_EQ(calls[0]["reply"]["from_cache"], run == 1);
        BudgetUsage u = budget.total();
        EXPECT_EQ(u.llm_calls, 1);
        EXPECT_EQ(u.cache_hits, run);
        EXPECT_EQ(u.tokens_in, 30);
        EXPECT_EQ(u.cost_usd, run == 1 ? 0.0 : (30 + 40) / 1e6);
    }
    EXPECT_EQ(server.request_count(), 1u);
}

}  // namespace
}  // namespace ekb
