// The LLM producers end to end: `ekb run` (the real binary) against a loopback server
// speaking the OpenAI and Anthropic APIs with scripted replies. Direct runs produce records,
// transcripts and token/cost accounting, and a second identical run is served from the
// cache with zero HTTP requests; an iterative run feeds compile errors and measured times
// back and replays without the network; an external agent's command writes a kernel (and
// one that overruns its budget is stopped and recorded); LEKA's LLM sub-agents are held to
// their own layer, their failing changes rolled back, and the budget stops them at its cap. No API key lands in any file; no
// request contains a held-out instance.
#include <gtest/gtest.h>

#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <fstream>
#include <set>

#include "common/files.h"
#include "common/paths.h"
#include "fake_llm_server.h"
#include "llm/cache.h"
#include "produce/leka/sections.h"
#include "record/store.h"
#include "suite/suite.h"

namespace ekb {
namespace {

namespace fs = std::filesystem;
using test::FakeLlmServer;
using test::FakeReply;

const char *k_key = "sk-test-NEVER-WRITE-ME-4242";

struct EkbRun {
    int code = -1;
    std::string output;
};

EkbRun ekb(const std::vector<std::string> &args, const fs::path &tmp, const std::vector<std::string> &env = {}) {
    fs::path out = tmp / "ekb.out";
    pid_t pid = ::fork();
    if (pid == 0) {
        int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::setenv("OPENAI_API_KEY", k_key, 1);
        ::setenv("ANTHROPIC_API_KEY", k_key, 1);
        ::setenv("EKB_CONFIG", (tmp / "config.json").c_str(), 1);
        for (const auto &e : env) ::putenv(strdup(e.c_str()));
        std::vector<std::string> argv = {EKB_CLI};
        argv.insert(argv.end(), args.begin(), args.end());
        std::vector<char *> a;
        for (auto &s : argv) a.push_back(s.data());
        a.push_back(nullptr);
        ::execv(a[0], a.data());
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), read_file(out)};
}

std::string fenced(const std::string &code) { return "Here is a faster kernel.\n\n```cpp\n" + code + "```\n\nIt tiles the rows."; }

std::string expert(const std::string &task) {
    return read_file(ekb_home() / "suite" / "tasks" / task / "kernels" / "expert_cpu.cpp");
}

std::vector<ResultRecord> records(const fs::path &exp) { return ResultStore(exp / "results.db").all(); }

// Every file under `dir` (recursively) that contains `needle`.
std::vector<std::string> files_containing(const fs::path &dir, const std::string &needle) {
    std::vector<std::string> hits;
    if (!fs::exists(dir)) return hits;
    for (const auto &e : fs::recursive_directory_iterator(dir)) {
        if (!e.is_regular_file()) continue;
        std::ifstream f(e.path(), std::ios::binary);
        std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        if (s.find(needle) != std::string::npos) hits.push_back(e.path().string());
    }
    return hits;
}

// JSON-dumped held-out shapes and names of a task, as a prompt would print them.
std::vector<std::string> heldout_markers(const std::string &task_id) {
    Suite s = Suite::load(ekb_home() / "suite");
    const Task *t = s.find(task_id);
    std::vector<std::string> out;
    for (const auto &inst : t->instances) {
        if (!inst.heldout) continue;
        out.push_back(inst.name);
        for (const auto *set : {&t->inputs, &t->outputs}) {
            for (const auto &x : *set) out.push_back(nlohmann::json(t->shape(x, inst)).dump());
        }
    }
    return out;
}

class Producers : public ::testing::Test {
protected:
    void SetUp() override {
        tmp = std::make_unique<TempDir>("ekb-producers-test-");
        write_file(tmp->path() / "config.json",
                   R"({"prices": {"openai:fake-coder": {"input": 1.0, "output": 2.0}}, )"
                   R"("defaults": {"timeout_seconds": 10, "max_attempts": 2, "backoff_base_seconds": 0.05, "backoff_max_seconds": 0.2}})");
    }
    std::vector<std::string> run_args(const std::string &exp, const std::string &producer, const std::string &model,
                                      int samples, std::vector<std::string> extra = {}) {
        std::vector<std::string> a = {"run", "--experiment", (tmp->path() / exp).string(), "--tasks", "softmax",
                                      "--backends", "cpu", "--producers", producer, "--models", model,
                                      "--samples", std::to_string(samples), "--time-cap", "0.05", "--plain",
                                      "--no-report", "--llm-cache", (tmp->path() / "llm-cache").string()};
        a.insert(a.end(), extra.begin(), extra.end());
        return a;
    }
    void expect_no_key_and_no_heldout(const FakeLlmServer &server) {
        EXPECT_EQ(files_containing(tmp->path(), k_key), std::vector<std::string>{}) << "an API key was written to a file";
        for (const auto &req : server.requests()) {
            for (const auto &m : heldout_markers("softmax")) {
                EXPECT_EQ(req.body.find(m), std::string::npos) << "a request shows held-out '" << m << "'";
            }
        }
    }
    std::unique_ptr<TempDir> tmp;
};

TEST_F(Producers, DirectRecordsTranscriptsAccountingAndACachedRerun) {
    FakeLlmServer server;
    server.set_default(FakeReply::ok(fenced(expert("softmax")), 1200, 300));
    std::string model = "openai:fake-coder@" + server.base_url();
    EkbRun r = ekb(run_args("direct1", "direct", model, 3), tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_EQ(server.request_count(), 3u);
    auto recs = records(tmp->path() / "direct1");
    ASSERT_EQ(recs.size(), 3u);
    std::set<int64_t> samples;
    for (const auto &x : recs) {
        samples.insert(x.sample);
        EXPECT_TRUE(x.correct) << x.failure_message;
        EXPECT_EQ(x.producer, "direct");
        EXPECT_EQ(x.llm_calls, 1);
        EXPECT_EQ(x.tokens_in, 1200);
        EXPECT_EQ(x.tokens_out, 300);
        EXPECT_NEAR(x.cost_usd, (1200 * 1.0 + 300 * 2.0) / 1e6, 1e-12);
        ASSERT_FALSE(x.transcript.empty());
        auto t = nlohmann::json::parse(read_file(tmp->path() / "direct1" / x.transcript));
        EXPECT_EQ(t["calls"].size(), 1u);
        EXPECT_NE(t["calls"][0]["request"]["messages"][1]["content"].get<std::string>().find("softmax"), std::string::npos);
    }
    EXPECT_EQ(samples.size(), 3u);
    // Request bodies follow the OpenAI format, with the key only in the header.
    for (const auto &req : server.requests()) {
        EXPECT_EQ(req.api, "openai");
        auto j = req.json();
        EXPECT_EQ(j["model"], "fake-coder");
        EXPECT_EQ(j["messages"][0]["role"], "system");
        EXPECT_EQ(req.header("Authorization"), std::string("Bearer ") + k_key);
    }

    // The same run again, into another experiment: all three from the cache, no HTTP request.
    EkbRun again = ekb(run_args("direct2", "direct", model, 3), tmp->path());
    ASSERT_EQ(again.code, 0) << again.output;
    EXPECT_EQ(server.request_count(), 3u) << "the second identical run must not call the API";
    for (const auto &x : records(tmp->path() / "direct2")) {
        EXPECT_TRUE(x.correct);
        EXPECT_EQ(x.cost_usd, 0.0) << "cache hits cost nothing";
    }
    expect_no_key_and_no_heldout(server);
}

TEST_F(Producers, DirectThroughTheAnthropicAPI) {
    FakeLlmServer server;
    server.set_default(FakeReply::ok(fenced(expert("softmax")), 700, 200));
    EkbRun r = ekb(run_args("anthropic", "direct", "anthropic:fake-claude@" + server.base_url(), 1), tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    ASSERT_EQ(server.request_count(), 1u);
    auto req = server.requests()[0];
    EXPECT_EQ(req.api, "anthropic");
    EXPECT_EQ(req.header("x-api-key"), k_key);
    EXPECT_TRUE(req.json().contains("system")) << "the system prompt is a top-level field for Anthropic";
    auto recs = records(tmp->path() / "anthropic");
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_TRUE(recs[0].correct) << recs[0].failure_message;
    EXPECT_EQ(recs[0].tokens_in, 700);
    EXPECT_EQ(recs[0].tokens_out, 200);
    expect_no_key_and_no_heldout(server);
}

TEST_F(Producers, DirectRecordsAReplyWithoutAKernelAndStopsOnARejectedKey) {
    FakeLlmServer server;
    server.push(FakeReply::ok("I would rather not write code today."));
    std::string model = "openai:fake-coder@" + server.base_url();
    EkbRun r = ekb(run_args("nokernel", "direct", model, 1), tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    auto recs = records(tmp->path() / "nokernel");
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_EQ(recs[0].status, "no_kernel");
    EXPECT_EQ(recs[0].failure_stage, "produce");

    server.set_default(FakeReply::error(401));
    EkbRun bad = ekb(run_args("badkey", "direct", "openai:other-model@" + server.base_url(), 2), tmp->path());
    EXPECT_EQ(bad.code, 1) << bad.output;
    EXPECT_NE(bad.output.find("401"), std::string::npos) << bad.output;
    EXPECT_EQ(bad.output.find(k_key), std::string::npos) << "the key leaked into the output";
    EXPECT_TRUE(records(tmp->path() / "badkey").empty()) << "a rejected key is not a result";
    expect_no_key_and_no_heldout(server);
}

TEST_F(Producers, IterativeFeedsBackErrorsAndTimesAndReplaysOffline) {
    FakeLlmServer server;
    server.push({FakeReply::ok(fenced("#include <ekb/kernel.h>\n#include \"algorithm.h\"\nEKB_KERNEL { this is not C++ }\n"), 900, 100),
                 FakeReply::ok(fenced(expert("softmax")), 1500, 400),
                 FakeReply::ok("No further improvement, I think.", 2000, 20)});
    std::string model = "openai:fake-coder@" + server.base_url();
    EkbRun r = ekb(run_args("iter1", "iterative", model, 1, {"--turns", "3"}), tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    ASSERT_EQ(server.request_count(), 3u);
    auto reqs = server.requests();
    // Turn 2 saw the compile error of turn 1; turn 3 saw measured times of turn 2.
    std::string second = reqs[1].json()["messages"].back()["content"];
    EXPECT_NE(second.find("did not build"), std::string::npos) << second;
    std::string third = reqs[2].json()["messages"].back()["content"];
    EXPECT_NE(third.find("us, expert"), std::string::npos) << third;
    auto recs = records(tmp->path() / "iter1");
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_TRUE(recs[0].correct) << recs[0].failure_message;
    EXPECT_EQ(recs[0].llm_calls, 3);
    EXPECT_EQ(recs[0].tokens_in, 900 + 1500 + 2000);
    auto t = nlohmann::json::parse(read_file(tmp->path() / "iter1" / recs[0].transcript));
    EXPECT_EQ(t["turns"].size(), 3u);
    EXPECT_EQ(t["best_turn"], 1);

    // Replay is exact: turns 0 and 1 send what was recorded (the prompt, then the compile
    // error) and are served; turn 2's prompt carries new measured times, so it was never
    // recorded and replay says so (llm_cache_miss), never serving a substitute.
    EkbRun replay = ekb(run_args("iter2", "iterative", "replay:" + model, 1, {"--turns", "3"}), tmp->path());
    ASSERT_EQ(replay.code, 0) << replay.output;
    EXPECT_EQ(server.request_count(), 3u);
    auto rr = records(tmp->path() / "iter2");
    ASSERT_EQ(rr.size(), 1u);
    auto t2 = nlohmann::json::parse(read_file(tmp->path() / "iter2" / rr[0].transcript));
    ASSERT_EQ(t2["calls"].size(), 3u) << t2.dump(1);
    EXPECT_TRUE(t2["calls"][0]["reply"]["from_cache"].get<bool>()) << t2["calls"][0].dump();
    EXPECT_TRUE(t2["calls"][1]["reply"]["from_cache"].get<bool>()) << t2["calls"][1].dump();
    ASSERT_TRUE(t2["calls"][2].contains("error")) << t2["calls"][2].dump();
    EXPECT_EQ(t2["calls"][2]["error"]["kind"], "cache_miss") << t2["calls"][2].dump();
    EXPECT_NE(t2["calls"][2]["error"]["message"].get<std::string>().find("its prompt differs"), std::string::npos)
        << t2["calls"][2]["error"].dump();
    // A replay of something never run fails clearly, as a record of that sample.
    EkbRun miss = ekb(run_args("iter3", "iterative", "replay:openai:never-run@" + server.base_url(), 1, {"--turns", "1"}), tmp->path());
    auto mr = records(tmp->path() / "iter3");
    ASSERT_EQ(mr.size(), 1u) << miss.output;
    EXPECT_EQ(mr[0].failure_code, "llm_cache_miss");

    // The budget stops the agent at its cap.
    server.set_default(FakeReply::ok(fenced(expert("softmax")), 100, 100));
    EkbRun capped = ekb(run_args("iter4", "iterative", "openai:capped@" + server.base_url(), 1, {"--turns", "5", "--budget", "calls=2"}),
                     tmp->path());
    ASSERT_EQ(capped.code, 0) << capped.output;
    auto cr = records(tmp->path() / "iter4");
    ASSERT_EQ(cr.size(), 1u);
    EXPECT_EQ(cr[0].llm_calls, 2);
    EXPECT_NE(cr[0].stop_reason.find("LLM call cap"), std::string::npos) << cr[0].stop_reason;
    expect_no_key_and_no_heldout(server);
}

TEST_F(Producers, ExternalAgentWritesAKernelAndAnOverrunIsStopped) {
    // An "agent": reads its task, tries to read the suite (it must not be visible), checks
    // the kernel through ekb, then writes the expert as its kernel.
    fs::path suite_task = ekb_home() / "suite" / "tasks" / "softmax" / "task.json";
    fs::path agent = tmp->path() / "agent.sh";
    write_file(agent, "#!/bin/sh\nset -u\ntest -f TASK.md && test -f task.json || exit 3\n"
                      "cat '" + suite_task.string() + "' > leak.txt 2>&1\n"
                      "ekb check kernel.cpp > check.txt 2>&1; echo \"check exit $?\" >> check.txt\n"
                      "cat > kernel.cpp <<'EOF'\n" + expert("softmax") + "EOF\n");
    ::chmod(agent.c_str(), 0755);
    // The agent runs as a sandbox uid: its script must be readable by everyone.
    ::chmod(tmp->path().c_str(), 0755);
    EkbRun r = ekb(run_args("ext1", "external", "builtin", 1, {"--external-command", "sh " + agent.string(), "--external-ro", agent.string()}), tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    auto recs = records(tmp->path() / "ext1");
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_TRUE(recs[0].correct) << recs[0].failure_message;
    auto ws = tmp->path() / "ext1" / "workspaces" / recs[0].record_key;
    std::string leak = read_file(ws / "leak.txt");
    EXPECT_EQ(leak.find("heldout"), std::string::npos) << "the agent read the suite: " << leak;
    std::string check = read_file(ws / "check.txt");
    EXPECT_NE(check.find("check exit 0"), std::string::npos) << check;
    EXPECT_NE(check.find("correct on the visible instances"), std::string::npos) << check;
    auto t = nlohmann::json::parse(read_file(tmp->path() / "ext1" / recs[0].transcript));
    EXPECT_EQ(t["n_checks"], 1);

    // An agent that overruns its wall-time budget is stopped, and the sample recorded.
    EkbRun slow = ekb(run_args("ext2", "external", "builtin", 1, {"--external-command", "sleep 60", "--budget", "wall_s=2"}),
                   tmp->path());
    ASSERT_EQ(slow.code, 0) << slow.output;
    auto sr = records(tmp->path() / "ext2");
    ASSERT_EQ(sr.size(), 1u);
    EXPECT_NE(sr[0].stop_reason.find("wall time"), std::string::npos) << sr[0].stop_reason;
}


TEST_F(Producers, ExternalCollectorRefusesASymlinkAFifoAndAnOversizedKernel) {
    // The agent owns its workspace: kernel.cpp is collected through the audited reader, so a
    // link to the suite's task.json (held-out shapes; ekb could read it), a FIFO or a huge
    // file is a no_kernel record with its reason, never a kernel, never a hang.
    fs::path suite_task = fs::canonical(ekb_home() / "suite" / "tasks" / "softmax" / "task.json");
    ::chmod(tmp->path().c_str(), 0755);  // the agent runs as a sandbox uid
    const std::vector<std::array<std::string, 3>> cases = {
        {"symlink", "rm -f kernel.cpp && ln -s '" + suite_task.string() + "' kernel.cpp", "it is a symbolic link"},
        {"fifo", "rm -f kernel.cpp && mkfifo kernel.cpp", "it is a FIFO"},
        {"huge", "head -c 9000000 /dev/zero > kernel.cpp", "larger than 8 MiB"}};
    for (const auto &[name, command, reason] : cases) {
        std::string exp = "extcol-" + name;
        EkbRun r = ekb(run_args(exp, "external", "builtin", 1, {"--external-command", command}), tmp->path());
        ASSERT_EQ(r.code, 0) << r.output;
        auto recs = records(tmp->path() / exp);
        ASSERT_EQ(recs.size(), 1u) << name;
        EXPECT_EQ(recs[0].status, "no_kernel") << name;
        EXPECT_NE(recs[0].failure_message.find(reason), std::string::npos) << recs[0].failure_message;
        for (const auto &m : heldout_markers("softmax")) {
            EXPECT_EQ(recs[0].failure_message.find(m), std::string::npos) << m;
            EXPECT_EQ(files_containing(tmp->path() / exp / "kernels", m), std::vector<std::string>{}) << m;
            EXPECT_EQ(files_containing(tmp->path() / exp / "transcripts", m), std::vector<std::string>{}) << m;
        }
    }
}

// Replaces the body of one layer section of a kernel (the test's own, simple version).
std::string with_section(const std::string &kernel, const std::string &layer, const std::string &body) {
    std::string marker = "    // @layer " + layer + "\n";
    size_t a = kernel.find(marker);
    EXPECT_NE(a, std::string::npos) << layer;
    a += marker.size();
    size_t b = kernel.find("    // @", a);
    return kernel.substr(0, a) + body + kernel.substr(b);
}

TEST_F(Producers, LekaSubAgentsOwnTheirLayerFailuresRollBackAndTheBudgetStopsThem) {
    // The start kernel is the task's naive kernel with every layer section present.
    std::string start = leka::with_all_sections(read_file(ekb_home() / "suite" / "tasks" / "softmax" / "kernels" / "naive.cpp"));
    std::string out_of_layer = with_section(start, "loops", "    a.y.parallel(a.r);\n");  // the compute agent touching loops
    std::string broken = with_section(start, "compute", "    a.row_max.compute_root();\n    a.ex.compute_root(;\n");
    std::string loops = with_section(start, "loops", "    a.y.parallel(a.r);\n");
    std::string loops_agent_touching_compute = with_section(start, "compute", "    a.row_max.compute_root();\n");
    FakeLlmServer server;
    server.push({FakeReply::ok(fenced(out_of_layer), 1000, 100), FakeReply::ok(fenced(broken), 1100, 100),
                 FakeReply::ok(fenced(loops), 1200, 100),
                 FakeReply::ok(fenced(loops_agent_touching_compute), 1300, 100)});
    server.set_default(FakeReply::ok(fenced(start), 1, 1));
    std::string model = "openai:fake-coder@" + server.base_url();
    // Two layers (memory and vector ablated) and four calls: two per layer.
    EkbRun r = ekb(run_args("leka-llm", "leka-no-memory-no-vector", model, 1, {"--budget", "calls=4"}), tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    ASSERT_EQ(server.request_count(), 4u) << "the budget's cap of 4 calls was not held";
    auto reqs = server.requests();
    for (int i = 0; i < 4; i++) {
        std::string sys = reqs[i].json()["messages"][0]["content"];
        EXPECT_NE(sys.find(i < 2 ? "You are the `compute` specialist" : "You are the `loops` specialist"), std::string::npos) << i;
    }
    // Each sub-agent sees where the current kernel's time goes: its per-Func profile.
    std::string first = reqs[0].json()["messages"][1]["content"];
    EXPECT_NE(first.find("## Where its time goes"), std::string::npos) << first;
    EXPECT_NE(first.find("time/call"), std::string::npos) << first;
    // The out-of-layer change was rejected without a compile, and the rejection fed back.
    std::string second = reqs[1].json()["messages"].back()["content"];
    EXPECT_NE(second.find("rejected: you own only the `compute` section, but your kernel also changes `loops`"),
              std::string::npos) << second;
    // The failing change was rolled back: the loops agent sees the start kernel's compute section.
    std::string third = reqs[2].json()["messages"][1]["content"];
    EXPECT_EQ(third.find("compute_root(;"), std::string::npos) << "a failed change stayed in the kernel";
    std::string fourth = reqs[3].json()["messages"].back()["content"];
    EXPECT_NE(fourth.find("Outcome: "), std::string::npos) << fourth;

    auto recs = records(tmp->path() / "leka-llm");
    ASSERT_EQ(recs.size(), 1u);
    const auto &rec = recs[0];
    EXPECT_EQ(rec.producer, "leka-no-memory-no-vector");
    EXPECT_TRUE(rec.correct) << rec.failure_message;
    EXPECT_EQ(rec.llm_calls, 4);
    EXPECT_EQ(rec.tokens_in, 1000 + 1100 + 1200 + 1300);
    EXPECT_EQ(rec.stop_reason.rfind("budget: calls", 0), 0u) << rec.stop_reason;
    ASSERT_FALSE(rec.trace.empty());
    auto trace = nlohmann::json::parse(read_file(tmp->path() / "leka-llm" / rec.trace));
    const auto &steps = trace["steps"];
    ASSERT_EQ(steps.size(), 4u) << trace.dump(1);
    ASSERT_TRUE(trace["start"]["profile"].is_object()) << trace["start"].dump();
    EXPECT_FALSE(trace["start"]["profile"]["pipelines"].empty()) << trace["start"]["profile"].dump();
    EXPECT_EQ(steps[0]["layer"], "compute");
    EXPECT_EQ(steps[0]["outcome"], "out_of_layer");
    EXPECT_EQ(steps[1]["layer"], "compute");
    EXPECT_EQ(steps[1]["outcome"], "compile_failed");
    EXPECT_EQ(steps[2]["layer"], "loops");
    EXPECT_TRUE(steps[2]["feedback"]["correct"].get<bool>()) << steps[2].dump();
    EXPECT_EQ(steps[3]["layer"], "loops");
    EXPECT_EQ(steps[3]["outcome"], "out_of_layer");
    // Compiles: the start kernel, the broken one, the loops change; never the rejected one.
    EXPECT_EQ(trace["budget"]["total"]["compiles"], 3) << trace["budget"].dump();
    auto credit = nlohmann::json::parse(rec.layer_credit);
    EXPECT_EQ(credit["memory"], 0.0);
    EXPECT_EQ(credit["compute"], 0.0);
    // The delivered kernel is the best one checked: the start kernel, or the loops change.
    std::string delivered = read_file(tmp->path() / "leka-llm" / rec.kernel_path);
    EXPECT_TRUE(delivered == start || delivered == loops);
    expect_no_key_and_no_heldout(server);
}

TEST_F(Producers, LekaShorthandsAreCheckedBeforeAnythingRuns) {
    EkbRun none = ekb(run_args("sh1", "naive", "builtin", 1, {"--ablate", "memory"}), tmp->path());
    EXPECT_EQ(none.code, 2) << none.output;
    EXPECT_NE(none.output.find("--ablate and --seed-from apply to leka producers"), std::string::npos) << none.output;
    EkbRun bad = ekb(run_args("sh2", "leka", "builtin", 1, {"--ablate", "tiling"}), tmp->path());
    EXPECT_EQ(bad.code, 2) << bad.output;
    EXPECT_NE(bad.output.find("no layer 'tiling'"), std::string::npos) << bad.output;
    EkbRun from = ekb(run_args("sh3", "leka", "builtin", 1, {"--seed-from", "tpu"}), tmp->path());
    EXPECT_EQ(from.code, 2) << from.output;
    EXPECT_NE(from.output.find("cannot seed from backend 'tpu'"), std::string::npos) << from.output;
    EXPECT_FALSE(fs::exists(tmp->path() / "sh2" / "results.db"));
}

// LEKA with the builtin model: every final kernel verified, a trace of every step, per-layer
// credit; an ablated layer is never visited; a cross-backend run starts from cpu's plan.
TEST_F(Producers, LekaBuiltinTracesCreditsAblatesAndSeedsAcrossBackends) {
    std::vector<std::string> args = {"run", "--experiment", (tmp->path() / "leka-b").string(), "--tasks", "softmax",
                                     "--backends", "cpu,opencl", "--producers", "leka,leka-no-memory,leka-from-cpu",
                                     "--models", "builtin", "--time-cap", "0.05", "--plain", "--no-report", "--budget",
                                     "compiles=3", "--jobs", "2"};
    EkbRun r = ekb(args, tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    auto recs = records(tmp->path() / "leka-b");
    ASSERT_EQ(recs.size(), 6u) << r.output;
    for (const auto &x : recs) {
        SCOPED_TRACE(x.task_id + " " + x.backend + " " + x.producer);
        EXPECT_TRUE(x.correct) << x.failure_message;
        EXPECT_FALSE(x.stop_reason.empty());
        ASSERT_FALSE(x.trace.empty());
        auto t = nlohmann::json::parse(read_file(tmp->path() / "leka-b" / x.trace));
        if (x.producer == "leka-from-cpu") {
            ASSERT_TRUE(t.contains("seeded_from")) << t.dump(1);
            EXPECT_EQ(t["seeded_from"]["backend"], "cpu");
            continue;
        }
        ASSERT_TRUE(t["start"]["feedback"]["correct"].get<bool>()) << t.dump(1);
        ASSERT_TRUE(t["start"]["profile"].is_object()) << t["start"].dump(1);
        EXPECT_FALSE(t["start"]["profile"].contains("error")) << t["start"]["profile"].dump(1);
        EXPECT_LE(t["budget"]["total"]["compiles"].get<int>(), 3);
        auto credit = nlohmann::json::parse(x.layer_credit);
        double sum = 0;
        for (const char *l : {"compute", "loops", "memory", "vector"}) sum += credit[l].get<double>();
        EXPECT_TRUE(std::abs(sum - 1.0) < 1e-9 || sum == 0.0) << credit.dump();
        for (const auto &st : t["steps"]) {
            EXPECT_TRUE(st.contains("outcome"));
            if (x.producer == "leka-no-memory") EXPECT_NE(st["layer"], "memory") << "an ablated layer was searched";
        }
    }
}

// direct and iterative with the builtin model: LEKA's rules without layers. direct's kernel
// is every layer's first choice (iterative's turn 0); iterative rewrites the whole schedule
// each turn, every turn a different kernel, all within the budget.
TEST_F(Producers, BuiltinDirectAndIterativeUseTheRulesWithoutLayers) {
    EkbRun r = ekb(run_args("gen", "direct,iterative", "builtin", 1, {"--turns", "3", "--budget", "compiles=3"}), tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    auto recs = records(tmp->path() / "gen");
    ASSERT_EQ(recs.size(), 2u) << r.output;
    const ResultRecord &direct = recs[0].producer == "direct" ? recs[0] : recs[1];
    const ResultRecord &iter = recs[0].producer == "direct" ? recs[1] : recs[0];
    EXPECT_TRUE(direct.correct) << direct.failure_message;
    EXPECT_TRUE(iter.correct) << iter.failure_message;
    auto t = nlohmann::json::parse(read_file(tmp->path() / "gen" / iter.transcript));
    EXPECT_FALSE(t.contains("builtin_templates")) << t.dump(1);
    ASSERT_EQ(t["turns"].size(), 3u) << t.dump(1);
    EXPECT_EQ(t["turns"][0]["kernel_sha256"], direct.kernel_hash) << "direct's kernel is not iterative's first turn";
    std::set<std::string> kernels;
    for (const auto &turn : t["turns"]) kernels.insert(turn["kernel_sha256"].get<std::string>());
    EXPECT_EQ(kernels.size(), 3u) << "a turn repeated a kernel";
    EXPECT_EQ(t["budget"]["total"]["compiles"], 3) << t["budget"].dump();
    EXPECT_EQ(iter.stop_reason, "turns: 3 used");
}

// A transient model failure (5xx after retries) is the harness's: nothing is stored, the
// CLI says how to resume, and the same command retries it. A permanent refusal (400) is the
// sample's result, named model_refused.
TEST_F(Producers, TransientFailuresAreNotStoredAndResumeRetriesThem) {
    FakeLlmServer server;
    server.set_default(FakeReply::error(503));
    std::string model = "openai:fake-coder@" + server.base_url();
    EkbRun r = ekb(run_args("transient", "direct", model, 2), tmp->path());
    EXPECT_EQ(r.code, 1) << r.output;
    EXPECT_TRUE(records(tmp->path() / "transient").empty()) << "an outage was stored as a result";
    EXPECT_NE(r.output.find("2 samples not stored: the model could not be reached"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Resume with the same command: ekb run"), std::string::npos) << r.output;
    EXPECT_EQ(server.request_count(), 4u) << "two samples, two attempts each";
    server.set_default(FakeReply::ok(fenced(expert("softmax")), 100, 100));
    EkbRun again = ekb(run_args("transient", "direct", model, 2), tmp->path());
    ASSERT_EQ(again.code, 0) << again.output;
    auto recs = records(tmp->path() / "transient");
    ASSERT_EQ(recs.size(), 2u);
    for (const auto &x : recs) EXPECT_TRUE(x.correct) << x.failure_message;

    server.push(FakeReply::error(400, "This model's maximum context length is 8192 tokens."));
    EkbRun refused = ekb(run_args("refused", "direct", "openai:small@" + server.base_url(), 1), tmp->path());
    ASSERT_EQ(refused.code, 0) << refused.output;
    auto rr = records(tmp->path() / "refused");
    ASSERT_EQ(rr.size(), 1u);
    EXPECT_EQ(rr[0].failure_code, "model_refused");
    EXPECT_NE(rr[0].failure_message.find("maximum context length"), std::string::npos) << rr[0].failure_message;
}

// leka-from-<backend> with LLM sub-agents really starts from the other backend's kernel:
// its compute section carries over (a copy, not a view into a freed temporary), and the
// steps' `change` fields are the proposals' own sections.
TEST_F(Producers, LekaFromCarriesTheComputeSectionOver) {
    std::string start = leka::with_all_sections(read_file(ekb_home() / "suite" / "tasks" / "softmax" / "kernels" / "naive.cpp"));
    const std::string roots = "    a.row_max.compute_root();\n    a.ex.compute_root();\n    a.row_sum.compute_root();\n";
    std::string body = roots + "    // carried over from cpu\n";
    FakeLlmServer server;
    server.set_default(FakeReply::ok(fenced(start), 10, 10));
    std::string model = "openai:fake-coder@" + server.base_url();
    // 1. leka on cpu: one check (the start), no call.
    EkbRun r = ekb(run_args("from", "leka", model, 1, {"--budget", "compiles=1,calls=1"}), tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    auto recs = records(tmp->path() / "from");
    ASSERT_EQ(recs.size(), 1u);
    // Its delivered kernel, as if the search had kept a compute change.
    write_file(tmp->path() / "from" / recs[0].kernel_path, with_section(start, "compute", body));
    // 2. leka-from-cpu on opencl, seeded from that stored kernel; the compute agent proposes
    // a compute change of its own.
    std::string proposal = with_section(start, "compute", roots + "    // the compute agent's own\n");
    server.clear_log();
    server.push(FakeReply::ok(fenced(proposal), 10, 10));
    std::vector<std::string> args = run_args("from", "leka-from-cpu", model, 1, {"--budget", "compiles=3,calls=2"});
    args[std::find(args.begin(), args.end(), "--backends") - args.begin() + 1] = "opencl";
    EkbRun f = ekb(args, tmp->path());
    ASSERT_EQ(f.code, 0) << f.output;
    recs = records(tmp->path() / "from");
    ASSERT_EQ(recs.size(), 2u);
    const ResultRecord &x = recs[0].producer == "leka-from-cpu" ? recs[0] : recs[1];
    auto trace = nlohmann::json::parse(read_file(tmp->path() / "from" / x.trace));
    ASSERT_TRUE(trace.contains("seeded_from")) << trace.dump(1);
    EXPECT_EQ(trace["seeded_from"]["carried"]["compute"], body) << trace["seeded_from"].dump();
    EXPECT_FALSE(trace.contains("start_seeded")) << "the seeded start failed on opencl: " << trace["start_seeded"].dump();
    ASSERT_GE(server.request_count(), 1u);
    std::string first = server.requests()[0].json()["messages"][1]["content"];
    EXPECT_NE(first.find("// carried over from cpu"), std::string::npos) << "the sub-agent did not start from the seed";
    int changes = 0;
    for (const auto &st : trace["steps"]) {
        if (!st.contains("change") || !st["change"].is_string()) continue;
        changes++;
        EXPECT_EQ(st["change"], roots + "    // the compute agent's own\n") << st.dump();
    }
    EXPECT_GE(changes, 1) << trace["steps"].dump(1);
    EXPECT_LE(nlohmann::json::parse(x.budget)["total"]["compiles"].get<int>(), 3);
}

// The compile and device-seconds caps hold on every path: LEKA's start, its naive check,
// its profiles, leka-from's seed and its fallback.
TEST_F(Producers, CompileAndDeviceCapsHoldOnEveryPath) {
    for (const char *budget : {"compiles=1", "device_s=3"}) {
        SCOPED_TRACE(budget);
        std::string exp = std::string("caps-") + (budget[0] == 'c' ? "c" : "d");
        std::vector<std::string> args = {"run", "--experiment", (tmp->path() / exp).string(), "--tasks", "softmax",
                                         "--backends", "cpu,opencl", "--producers", "leka,leka-from-cpu",
                                         "--models", "builtin", "--time-cap", "0.05", "--plain", "--no-report", "--budget",
                                         budget, "--turns", "3", "--jobs", "2"};
        EkbRun r = ekb(args, tmp->path());
        ASSERT_EQ(r.code, 0) << r.output;
        auto recs = records(tmp->path() / exp);
        ASSERT_EQ(recs.size(), 4u) << r.output;
        for (const auto &x : recs) {
            SCOPED_TRACE(x.backend + " " + x.producer);
            ASSERT_FALSE(x.budget.empty());
            auto total = nlohmann::json::parse(x.budget)["total"];
            if (budget[0] == 'c') EXPECT_LE(total["compiles"].get<int>(), 1) << x.budget;
            else EXPECT_LE(total["device_seconds"].get<double>(), 3.0) << x.budget;
        }
    }
}

// An external agent with a model: it reaches the model only through ekb's gateway (OpenAI-
// and Anthropic-shaped), with a dummy key, and nothing else on the network; its calls and
// tokens are in the record, and the budget caps them (HTTP 402 to the agent).
TEST_F(Producers, ExternalAgentTalksThroughTheModelGateway) {
    FakeLlmServer server;
    server.push(FakeReply::ok(fenced(expert("softmax")), 321, 123));
    server.set_default(FakeReply::ok("Hello from the fake Claude.", 40, 10));
    fs::path agent = tmp->path() / "agent.py";
    write_file(agent, R"PY(import json, os, socket, urllib.request, urllib.error
out = {"key": os.environ.get("OPENAI_API_KEY"), "anthropic_key": os.environ.get("ANTHROPIC_API_KEY")}
def post(url, body, headers):
    h = {"Content-Type": "application/json"}
    h.update(headers)
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers=h)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)
s, j = post(os.environ["OPENAI_BASE_URL"] + "/chat/completions",
            {"model": "whatever", "messages": [{"role": "system", "content": "rules"}, {"role": "user", "content": "write softmax"}],
             "max_tokens": 500, "temperature": 0.2}, {"Authorization": "Bearer " + out["key"]})
out["openai_status"] = s
if s == 200:
    out["tokens"] = j["usage"]["prompt_tokens"]
    text = j["choices"][0]["message"]["content"]
    open("kernel.cpp", "w").write(text.split("```cpp\n", 1)[1].split("```", 1)[0])
s, j = post(os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages",
            {"model": "whatever", "max_tokens": 100, "system": "be brief", "messages": [{"role": "user", "content": "hi"}]},
            {"x-api-key": out["anthropic_key"], "anthropic-version": "2023-06-01"})
out["anthropic_status"] = s
out["anthropic"] = j
try:
    socket.create_connection(("127.0.0.1", PORT), timeout=2)
    out["direct"] = "reached"
except Exception as e:
    out["direct"] = "blocked: " + str(e)
json.dump(out, open("agent.json", "w"))
)PY");
    std::string text = read_file(agent);
    text.replace(text.find("PORT"), 4, std::to_string(server.port()));
    write_file(agent, text);
    ::chmod(agent.c_str(), 0755);
    ::chmod(tmp->path().c_str(), 0755);
    std::string model = "openai:fake-coder@" + server.base_url();
    EkbRun r = ekb(run_args("gw", "external", model, 1, {"--external-command", "/usr/bin/python3 " + agent.string(),
                                                         "--external-ro", agent.string()}),
                   tmp->path());
    ASSERT_EQ(r.code, 0) << r.output;
    auto recs = records(tmp->path() / "gw");
    ASSERT_EQ(recs.size(), 1u);
    const auto &x = recs[0];
    auto ws = tmp->path() / "gw" / "workspaces" / x.record_key;
    ASSERT_TRUE(fs::exists(ws / "agent.json")) << read_file(ws / ".ekb" / "agent.err") << r.output;
    auto out = nlohmann::json::parse(read_file(ws / "agent.json"));
    EXPECT_EQ(out["openai_status"], 200) << out.dump();
    EXPECT_EQ(out["anthropic_status"], 200) << out.dump();
    EXPECT_EQ(out["anthropic"]["content"][0]["text"], "Hello from the fake Claude.");
    EXPECT_EQ(out["key"], "ekb-gateway-no-key");
    EXPECT_EQ(out["direct"].get<std::string>().rfind("blocked", 0), 0u) << "the agent reached the network: " << out.dump();
    EXPECT_TRUE(x.correct) << x.failure_message;
    EXPECT_EQ(x.llm_calls, 2);
    EXPECT_EQ(x.tokens_in, 321 + 40);
    EXPECT_EQ(x.tokens_out, 123 + 10);
    ASSERT_EQ(server.request_count(), 2u);
    for (const auto &req : server.requests()) {
        EXPECT_EQ(req.header("Authorization"), std::string("Bearer ") + k_key) << "ekb's own client, with the real key";
        EXPECT_EQ(req.json()["model"], "fake-coder");
    }
    EXPECT_EQ(server.requests()[0].json()["temperature"], 0.2);
    auto t = nlohmann::json::parse(read_file(tmp->path() / "gw" / x.transcript));
    EXPECT_EQ(t["gateway_requests"], 2);
    EXPECT_EQ(t["calls"].size(), 2u);

    // With calls=1 the second request is refused: 402 budget_exhausted, nothing sent.
    server.clear_log();
    server.push(FakeReply::ok(fenced(expert("softmax")), 321, 123));
    // (another model name: the first run's replies are in the response cache)
    EkbRun c = ekb(run_args("gw2", "external", "openai:other-coder@" + server.base_url(), 1, {"--external-command", "/usr/bin/python3 " + agent.string(),
                                                          "--external-ro", agent.string(), "--budget", "calls=1"}),
                   tmp->path());
    ASSERT_EQ(c.code, 0) << c.output;
    auto cr = records(tmp->path() / "gw2");
    ASSERT_EQ(cr.size(), 1u);
    auto out2 = nlohmann::json::parse(read_file(tmp->path() / "gw2" / "workspaces" / cr[0].record_key / "agent.json"));
    EXPECT_EQ(out2["anthropic_status"], 402) << out2.dump();
    EXPECT_EQ(out2["anthropic"]["error"]["type"], "budget_exhausted") << out2.dump();
    EXPECT_EQ(cr[0].llm_calls, 1);
    EXPECT_EQ(server.request_count(), 1u);
    expect_no_key_and_no_heldout(server);
}

}  // namespace
}  // namespace ekb
