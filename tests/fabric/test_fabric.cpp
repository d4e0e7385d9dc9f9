// The device fabric end to end (docs/fabric.md): a real nats-server (JetStream, file
// storage in a temp directory, a free loopback port), real `ekb worker` processes (cpu and
// opencl on PoCL) and `ekb eval/run --devices`. Short AckWait and run limits keep it quick.
//   - the same experiment through the fabric and locally gives the same outcomes, and each
//     record says which worker ran it;
//   - a worker killed with -9 during a timed job: the job is redelivered, one record;
//   - a job that kills every worker that takes it: run/worker_lost after --max-runs;
//   - the server killed and restarted mid-run (file storage): nothing lost, nothing twice;
//   - the host killed with -9 and resumed: results that arrived meanwhile are picked up, no
//     job runs twice;
//   - wrong credentials: a clear error that never shows the password;
//   - a job whose backend or runner does not match the worker: refused, never run.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "common/files.h"
#include "common/sha256.h"
#include "compile/backend.h"
#include "fabric/fabric_client.h"
#include "fabric/job.h"
#include "record/store.h"

namespace ekb {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Proc {
    pid_t pid = -1;
    fs::path log;
};

Proc spawn(const std::vector<std::string> &argv, const std::vector<std::string> &env, const fs::path &log) {
    pid_t pid = ::fork();
    if (pid == 0) {
        ::setpgid(0, 0);  // its own group: killing it takes its children (conductor, workers) too
        int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        for (const auto &e : env) ::putenv(::strdup(e.c_str()));
        std::vector<char *> a;
        for (const auto &s : argv) a.push_back(const_cast<char *>(s.c_str()));
        a.push_back(nullptr);
        ::execv(a[0], a.data());
        ::_exit(127);
    }
    ::setpgid(pid, pid);
    return {pid, log};
}

void kill_group(Proc &p) {
    if (p.pid <= 0) return;
    ::kill(-p.pid, SIGKILL);
    ::kill(p.pid, SIGKILL);
    ::waitpid(p.pid, nullptr, 0);
    p.pid = -1;
}

// Exit status, or -1 after `timeout` (then it is killed).
int wait_exit(Proc &p, double timeout) {
    auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(static_cast<int>(timeout * 1000));
    while (std::chrono::steady_clock::now() < end) {
        int st = 0;
        pid_t r = ::waitpid(p.pid, &st, WNOHANG);
        if (r == p.pid) {
            p.pid = -1;
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    kill_group(p);
    return -1;
}

std::string slurp(const fs::path &p) {
    std::ifstream f(p);
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

int count(const std::string &text, const std::string &needle) {
    int n = 0;
    for (size_t p = text.find(needle); p != std::string::npos; p = text.find(needle, p + 1)) n++;
    return n;
}

bool wait_for(const std::function<bool()> &cond, double timeout) {
    auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(static_cast<int>(timeout * 1000));
    while (std::chrono::steady_clock::now() < end) {
        if (cond()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return cond();
}

int free_port() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof(a));
    socklen_t len = sizeof(a);
    ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
    int port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

bool port_open(int port) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(port));
    bool ok = ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof(a)) == 0;
    ::close(fd);
    return ok;
}

class FabricTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!fs::exists("/usr/sbin/nats-server")) GTEST_SKIP() << "nats-server is not installed (scripts/install-deps.sh)";
        port_ = free_port();
        store_ = tmp_.path() / "jetstream";
    }
    void TearDown() override {
        for (auto &w : workers_) kill_group(w);
        for (auto &h : hosts_) kill_group(h);
        kill_group(server_);
    }

    void start_server(const std::vector<std::string> &extra = {}) {
        std::vector<std::string> argv = {"/usr/sbin/nats-server", "-js", "-a", "127.0.0.1", "-p", std::to_string(port_),
                                         "-sd", store_.string()};
        argv.insert(argv.end(), extra.begin(), extra.end());
        server_ = spawn(argv, {}, tmp_.path() / "server.log");
        ASSERT_TRUE(wait_for([&] { return port_open(port_); }, 20)) << slurp(tmp_.path() / "server.log");
    }
    std::string url() const { return "nats://127.0.0.1:" + std::to_string(port_); }

    Proc &worker(const std::string &backend, const std::string &name, const std::vector<std::string> &env = {},
                 const std::vector<std::string> &extra = {}, bool wait_serving = true) {
        std::vector<std::string> argv = {EKB_CLI, "worker", "--nats", url(), "--backend", backend, "--name", name,
                                         "--ack-wait", "2", "--max-runs", "2"};
        argv.insert(argv.end(), extra.begin(), extra.end());
        fs::path log = tmp_.path() / (name + ".log");
        workers_.push_back(spawn(argv, env, log));
        if (wait_serving) {
            EXPECT_TRUE(wait_for([&] { return slurp(log).find("serving") != std::string::npos; }, 120)) << slurp(log);
        }
        return workers_.back();
    }

    Proc &host(const std::vector<std::string> &args, const std::string &log_name, const std::vector<std::string> &env = {}) {
        std::vector<std::string> argv = {EKB_CLI};
        argv.insert(argv.end(), args.begin(), args.end());
        hosts_.push_back(spawn(argv, env, tmp_.path() / log_name));
        return hosts_.back();
    }

    TempDir tmp_{"ekb-fabric-test-"};
    int port_ = 0;
    fs::path store_;
    Proc server_;
    std::vector<Proc> workers_, hosts_;
};

json fabric_of(const ResultRecord &r) { return json::parse(r.environment).value("fabric", json()); }

std::vector<std::string> run_args(const fs::path &exp, const std::string &tasks, const std::string &backends,
                                  const std::string &producers) {
    return {"run", "--experiment", exp.string(), "--tasks", tasks, "--backends", backends, "--producers", producers,
            "--seed", "7", "--plain", "--no-report", "--jobs", "1"};
}

TEST_F(FabricTest, SameOutcomesAsLocalAndRecordsSayWhichWorker) {
    start_server();
    worker("cpu", "wcpu");
    worker("opencl", "wocl");
    auto args = run_args(tmp_.path() / "local", "sigmoid", "cpu,opencl", "expert,naive");
    args.insert(args.end(), {"--time-cap", "0.05"});
    Proc &local = host(args, "local.log");
    ASSERT_EQ(wait_exit(local, 240), 0) << slurp(tmp_.path() / "local.log");
    args = run_args(tmp_.path() / "remote", "sigmoid", "cpu,opencl", "expert,naive");
    args.insert(args.end(), {"--time-cap", "0.05", "--devices", url()});
    Proc &remote = host(args, "remote.log");
    ASSERT_EQ(wait_exit(remote, 240), 0) << slurp(tmp_.path() / "remote.log");

    // Progress says which worker ran each sample.
    std::string progress = slurp(tmp_.path() / "remote.log");
    EXPECT_EQ(count(progress, " on wcpu"), 2) << progress;
    EXPECT_EQ(count(progress, " on wocl"), 2) << progress;
    std::map<std::string, ResultRecord> a, b;
    for (auto &r : ResultStore(tmp_.path() / "local" / "results.db").all()) a[r.record_key] = r;
    for (auto &r : ResultStore(tmp_.path() / "remote" / "results.db").all()) b[r.record_key] = r;
    ASSERT_EQ(a.size(), 4u);
    ASSERT_EQ(b.size(), 4u);
    for (auto &[k, r] : a) {
        ASSERT_TRUE(b.count(k)) << k;
        const ResultRecord &f = b[k];
        EXPECT_EQ(r.status, f.status) << r.task_id << " " << r.backend << " " << r.producer;
        EXPECT_EQ(r.correct, f.correct);
        EXPECT_EQ(r.failure_code, f.failure_code);
        EXPECT_EQ(r.seed, f.seed);
        EXPECT_TRUE(fabric_of(r).is_null());
        json fab = fabric_of(f);
        ASSERT_TRUE(fab.is_object()) << f.environment;
        EXPECT_EQ(fab.value("name", ""), f.backend == "cpu" ? "wcpu" : "wocl");
        EXPECT_EQ(fab.value("job", "").size(), 32u);
        EXPECT_FALSE(json::parse(f.environment).value("device", json::object()).empty());
    }
}

TEST_F(FabricTest, WorkerKilledDuringTimedJobIsRedeliveredAndStoredOnce) {
    start_server();
    fs::path stop = tmp_.path() / "stop-a";
    Proc &a = worker("cpu", "wa", {"EKB_TEST_STOP_AT=timed_sample", "EKB_TEST_STOP_FILE=" + stop.string()});
    fs::path db = tmp_.path() / "r.db";
    Proc &h = host({"eval", "--task", "softmax", "--backend", "cpu", "--expert", "--devices", url(), "--store", db.string(),
                    "--time-cap", "0.2", "--json"},
                   "host.log");
    ASSERT_TRUE(wait_for([&] { return fs::exists(stop); }, 150)) << slurp(tmp_.path() / "host.log") << slurp(a.log);
    kill_group(a);  // kill -9 during a timed sample
    worker("cpu", "wb");
    ASSERT_EQ(wait_exit(h, 120), 0) << slurp(tmp_.path() / "host.log");
    auto recs = ResultStore(db).all();
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_EQ(recs[0].status, "timed");
    json fab = fabric_of(recs[0]);
    EXPECT_EQ(fab.value("name", ""), "wb");
    EXPECT_EQ(fab.value("attempt", 0), 2);
    EXPECT_EQ(count(slurp(tmp_.path() / "wb.log"), "): started"), 1);
}

TEST_F(FabricTest, JobThatKillsWorkersIsRecordedWorkerLostAfterMaxRuns) {
    start_server();
    fs::path db = tmp_.path() / "r.db";
    Proc *h = nullptr;
    for (int run = 1; run <= 2; run++) {  // --max-runs 2: two workers die on it
        fs::path stop = tmp_.path() / ("stop-" + std::to_string(run));
        Proc &w = worker("cpu", "killed" + std::to_string(run), {"EKB_TEST_STOP_AT=timed_sample", "EKB_TEST_STOP_FILE=" + stop.string()});
        if (!h) {
            h = &host({"eval", "--task", "sigmoid", "--backend", "cpu", "--expert", "--devices", url(), "--store", db.string(),
                       "--time-cap", "0.2", "--json"},
                      "host.log");
        }
        ASSERT_TRUE(wait_for([&] { return fs::exists(stop); }, 150)) << slurp(tmp_.path() / "host.log") << slurp(w.log);
        kill_group(w);
    }
    Proc &last = worker("cpu", "survivor");
    ASSERT_EQ(wait_exit(*h, 60), 0) << slurp(tmp_.path() / "host.log");
    auto recs = ResultStore(db).all();
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_EQ(recs[0].failure_stage, "run");
    EXPECT_EQ(recs[0].failure_code, "worker_lost");
    EXPECT_FALSE(recs[0].correct);
    EXPECT_NE(recs[0].failure_message.find("2 runs"), std::string::npos) << recs[0].failure_message;
    // The survivor recorded it without running it.
    EXPECT_EQ(count(slurp(last.log), "): started"), 0);
    EXPECT_EQ(count(slurp(last.log), "run/worker_lost"), 1);
}

TEST_F(FabricTest, ServerRestartMidRunLosesNothing) {
    start_server();
    Proc &w = worker("cpu", "w1");
    fs::path exp = tmp_.path() / "exp";
    auto args = run_args(exp, "softmax,sigmoid,add_int8,hardswish", "cpu", "expert");
    args.insert(args.end(), {"--time-cap", "0.2", "--devices", url()});  // timed: a job lasts seconds
    Proc &h = host(args, "host.log");
    ASSERT_TRUE(wait_for([&] { return count(slurp(w.log), "): started") >= 1; }, 150)) << slurp(tmp_.path() / "host.log");
    kill_group(server_);  // kill -9 the server while a timed job runs
    std::this_thread::sleep_for(std::chrono::seconds(1));
    start_server();
    ASSERT_EQ(wait_exit(h, 200), 0) << slurp(tmp_.path() / "host.log") << slurp(w.log);
    auto recs = ResultStore(exp / "results.db").all();
    std::set<std::string> keys;
    for (auto &r : recs) {
        keys.insert(r.record_key);
        EXPECT_TRUE(r.correct) << r.task_id << ": " << r.failure_message;
        EXPECT_EQ(fabric_of(r).value("name", ""), "w1");
    }
    EXPECT_EQ(recs.size(), 4u);
    EXPECT_EQ(keys.size(), 4u);
}

TEST_F(FabricTest, HostKilledResumesAndPicksUpResultsThatArrived) {
    start_server();
    // The worker freezes itself (SIGSTOP) inside its first timed job; the host is killed
    // then, and the worker continued: the job's result arrives while no host listens. (Waiting
    // for "started" and killing the host raced with fast jobs finishing first.)
    fs::path stop = tmp_.path() / "stop";
    Proc &w = worker("cpu", "w1", {"EKB_TEST_STOP_AT=timed_sample", "EKB_TEST_STOP_FILE=" + stop.string()});
    fs::path exp = tmp_.path() / "exp";
    auto args = run_args(exp, "softmax,sigmoid,add_int8,hardswish", "cpu", "expert");
    args.insert(args.end(), {"--time-cap", "0.05", "--devices", url()});
    Proc &h = host(args, "host1.log");
    ASSERT_TRUE(wait_for([&] { return fs::exists(stop); }, 150)) << slurp(tmp_.path() / "host1.log") << slurp(w.log);
    kill_group(h);
    ::kill(-w.pid, SIGCONT);  // the whole group: whichever process froze
    auto finished = [&] { std::string l = slurp(w.log); return count(l, "): timed") + count(l, "): correct"); };
    ASSERT_TRUE(wait_for([&] { return finished() >= count(slurp(w.log), "): started"); }, 60))
        << slurp(w.log);
    Proc &h2 = host(args, "host2.log");
    ASSERT_EQ(wait_exit(h2, 200), 0) << slurp(tmp_.path() / "host2.log");
    auto recs = ResultStore(exp / "results.db").all();
    EXPECT_EQ(recs.size(), 4u);
    std::string out = slurp(tmp_.path() / "host2.log");
    EXPECT_EQ(out.find(" 0 result(s) already in the results stream"), std::string::npos) << out;
    EXPECT_NE(out.find("result(s) already in the results stream"), std::string::npos) << out;
    // No job ran twice: 4 samples, 4 runs.
    EXPECT_EQ(count(slurp(w.log), "): started"), 4) << slurp(w.log);
}

TEST_F(FabricTest, WrongCredentialsAreAClearErrorWithoutThePassword) {
    start_server({"--user", "ekb", "--pass", "right-secret-1"});
    Proc &bad = worker("cpu", "bad", {}, {"--user", "ekb", "--password", "wrong-secret-2"}, false);
    EXPECT_EQ(wait_exit(bad, 120), 1);
    std::string log = slurp(bad.log);
    EXPECT_NE(log.find("refused the credentials"), std::string::npos) << log;
    EXPECT_EQ(log.find("wrong-secret-2"), std::string::npos) << log;
    // The host, with the password in the URL: refused, and the URL printed without it.
    Proc &h = host({"eval", "--task", "softmax", "--backend", "cpu", "--expert", "--no-store",
                    "--devices", "nats://ekb:wrong-secret-3@127.0.0.1:" + std::to_string(port_)},
                   "host.log");
    EXPECT_EQ(wait_exit(h, 200), 1);
    std::string hl = slurp(tmp_.path() / "host.log");
    EXPECT_NE(hl.find("refused the credentials"), std::string::npos) << hl;
    EXPECT_EQ(hl.find("wrong-secret-3"), std::string::npos) << hl;
    // The right ones from the environment: serving, and listed.
    worker("cpu", "good", {"EKB_NATS_USER=ekb", "EKB_NATS_PASSWORD=right-secret-1"});
    Proc &d = host({"devices", "--nats", url()}, "devices.log", {"EKB_NATS_USER=ekb", "EKB_NATS_PASSWORD=right-secret-1"});
    EXPECT_EQ(wait_exit(d, 30), 0);
    std::string dl = slurp(tmp_.path() / "devices.log");
    EXPECT_NE(dl.find("good"), std::string::npos) << dl;
    EXPECT_EQ(dl.find("right-secret-1"), std::string::npos) << dl;
}

TEST_F(FabricTest, BundledWorkerDirectoryServesJobsWithNothingButItself) {
    start_server();
    fs::path dir = tmp_.path() / "wdir";
    Proc &b = host({"bundle", "--worker", "--backends", "cpu", "--out", dir.string()}, "bundle.log");
    ASSERT_EQ(wait_exit(b, 200), 0) << slurp(tmp_.path() / "bundle.log");
    // Its own libnats and libprotobuf-c, through DT_RPATH, whatever the loader path says.
    for (const char *f : {"ekb-worker", "worker", "worker.json", "lib/libnats.so.3.4", "lib/libprotobuf-c.so.1", "icd/nvidia.icd"}) {
        EXPECT_TRUE(fs::exists(dir / f)) << f;
    }
    // A bare environment: no compiler, no ekb, no Halide on PATH.
    workers_.push_back(spawn({"/bin/sh", (dir / "worker").string(), "--nats", url(), "--name", "bundled", "--max-jobs", "1"},
                             {"PATH=/nonexistent", "LD_LIBRARY_PATH=/nonexistent", "HOME=/nonexistent"}, tmp_.path() / "bundled.log"));
    Proc &w = workers_.back();
    ASSERT_TRUE(wait_for([&] { return slurp(w.log).find("serving") != std::string::npos; }, 60)) << slurp(w.log);
    fs::path db = tmp_.path() / "r.db";
    Proc &h = host({"eval", "--task", "sigmoid", "--backend", "cpu", "--expert", "--devices", url(), "--store", db.string(),
                    "--no-timing"},
                   "host.log");
    ASSERT_EQ(wait_exit(h, 200), 0) << slurp(tmp_.path() / "host.log") << slurp(w.log);
    auto recs = ResultStore(db).all();
    ASSERT_EQ(recs.size(), 1u);
    EXPECT_TRUE(recs[0].correct) << recs[0].failure_message;
    EXPECT_EQ(fabric_of(recs[0]).value("name", ""), "bundled");
    EXPECT_EQ(wait_exit(w, 30), 0) << slurp(w.log);  // --max-jobs 1: done
}

// Publishes a job on the cpu workers' subject as any publisher could, and waits for its result.
FabricResult publish_raw(FabricConnection &c, const FabricJob &job, const std::string &subject) {
    std::string payload = job.to_json().dump();
    jsPubAck *pa = nullptr;
    jsErrCode jerr = static_cast<jsErrCode>(0);
    nats_check(js_Publish(&pa, c.js(), subject.c_str(), payload.data(), static_cast<int>(payload.size()), nullptr, &jerr),
               "publishing a test job");
    jsPubAck_Destroy(pa);
    std::string rs = result_subject(job.id);
    for (int i = 0; i < 300; i++) {
        natsMsg *m = nullptr;
        if (js_GetLastMsg(&m, c.js(), k_results_stream, rs.c_str(), nullptr, &jerr) == NATS_OK) {
            std::string data(natsMsg_GetData(m), static_cast<size_t>(natsMsg_GetDataLength(m)));
            natsMsg_Destroy(m);
            return parse_result(data);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    throw std::runtime_error("no result for the test job");
}

TEST_F(FabricTest, AJobForAnotherBackendOrRunnerIsRefusedNeverRun) {
    start_server();
    Proc &w = worker("cpu", "w1");
    fs::path art = tmp_.path() / "not-a-kernel.so";
    write_file(art, "never loaded");
    RemoteRun run;
    run.key = "test|wrong";
    run.backend = "opencl";  // published on the cpu class's subject below
    run.runner_target = backend_target("opencl");
    run.spec.backend = "opencl";
    run.spec.candidate = run.spec.reference = art.string();
    run.spec.instances.push_back({});
    run.wall_seconds = 30;
    FabricOptions o;
    o.url = url();
    FabricConnection c(o);
    std::string subject = job_subject("cpu", device_class(backend_target("cpu")));
    auto send = [&](const FabricJob &j) {
        try {
            return publish_raw(c, j, subject);
        } catch (const std::exception &e) {
            ADD_FAILURE() << e.what() << "\n" << slurp(w.log);
            return FabricResult{};
        }
    };
    FabricResult r = send(make_job(run));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.code, "wrong_device") << r.error;
    run.backend = run.spec.backend = "cpu";
    run.runner_target = backend_target("cpu") + "-no_asserts";  // a runner this worker does not have
    r = send(make_job(run));
    EXPECT_EQ(r.code, "wrong_device") << r.error;
    // A tampered job (an artifact that is not what its hash says) is refused as bad_job.
    run.runner_target = backend_target("cpu");
    FabricJob j = make_job(run);
    j.artifacts.begin()->second = "swapped bytes";
    r = send(j);
    EXPECT_EQ(r.code, "bad_job") << r.error;
    EXPECT_EQ(count(slurp(w.log), "): started"), 0) << slurp(w.log);
}

}  // namespace
}  // namespace ekb
