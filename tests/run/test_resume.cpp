// Crash consistency of `ekb run`: kill -9 at named points (during a compile child, during a
// timed sample, between a record's write and its commit) and at random moments, resume
// with the same command each time, and end with the same store as an uninterrupted run:
// the same keys, no duplicates, the same outcomes, and no process of a killed run left.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "common/files.h"
#include "common/paths.h"
#include "record/store.h"

namespace ekb {
namespace {

namespace fs = std::filesystem;

// Five quick tasks x (their expert copied into a fresh kernel folder, so its compiles are
// never cache hits, and naive) x 2 samples = 20 samples on cpu.
const char *k_tasks = "softmax,sigmoid,hardswish,add_int8,layernorm";

struct Proc {
    pid_t pid = -1;
};

Proc start_ekb(const std::vector<std::string> &args, const std::vector<std::string> &extra_env, const fs::path &log) {
    std::vector<std::string> argv = {EKB_CLI};
    argv.insert(argv.end(), args.begin(), args.end());
    pid_t pid = ::fork();
    if (pid == 0) {
        int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        for (const auto &e : extra_env) ::putenv(const_cast<char *>(strdup(e.c_str())));
        std::vector<char *> a;
        for (auto &s : argv) a.push_back(const_cast<char *>(s.c_str()));
        a.push_back(nullptr);
        ::execv(a[0], a.data());
        ::_exit(127);
    }
    return {pid};
}

// "<pid> <starttime>" of every descendant of `root`.
std::set<std::pair<pid_t, unsigned long long>> descendants(pid_t root) {
    std::map<pid_t, std::pair<pid_t, unsigned long long>> info;  // pid -> (ppid, starttime)
    for (const auto &e : fs::directory_iterator("/proc")) {
        std::string name = e.path().filename();
        if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
        std::ifstream f(e.path() / "stat");
        std::string stat((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(stat.substr(close + 2));
        std::string field;
        std::vector<std::string> fields;
        while (rest >> field) fields.push_back(field);
        if (fields.size() < 20) continue;
        info[std::stoi(name)] = {std::stoi(fields[1]), std::stoull(fields[19])};
    }
    std::set<std::pair<pid_t, unsigned long long>> out;
    std::vector<pid_t> frontier = {root};
    while (!frontier.empty()) {
        pid_t p = frontier.back();
        frontier.pop_back();
        for (auto &[pid, v] : info) {
            if (v.first == p && !out.count({pid, v.second})) {
                out.insert({pid, v.second});
                frontier.push_back(pid);
            }
        }
    }
    return out;
}

// Alive = the same process (pid and start time) is still there and not a zombie.
bool alive(pid_t pid, unsigned long long start) {
    std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
    if (!f) return false;
    std::string stat((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    auto close = stat.rfind(')');
    if (close == std::string::npos) return false;
    std::istringstream rest(stat.substr(close + 2));
    std::vector<std::string> fields;
    std::string field;
    while (rest >> field) fields.push_back(field);
    if (fields.size() < 20) return false;
    return fields[0] != "Z" && fields[0] != "X" && std::stoull(fields[19]) == start;
}

char state_of(pid_t pid) {
    std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    auto close = stat.rfind(')');
    return close == std::string::npos || close + 2 >= stat.size() ? '?' : stat[close + 2];
}

// Kills ekb and checks that everything it had started goes away.
void kill_and_check(Proc &p, const std::string &when) {
    auto tree = descendants(p.pid);
    ::kill(p.pid, SIGKILL);
    int status = 0;
    ::waitpid(p.pid, &status, 0);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    std::set<std::pair<pid_t, unsigned long long>> left = tree;
    while (!left.empty() && std::chrono::steady_clock::now() < deadline) {
        for (auto it = left.begin(); it != left.end();) it = alive(it->first, it->second) ? std::next(it) : left.erase(it);
        if (!left.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::string stray;
    for (auto &[pid, st] : left) {
        std::ifstream cmd("/proc/" + std::to_string(pid) + "/cmdline");
        std::string c((std::istreambuf_iterator<char>(cmd)), std::istreambuf_iterator<char>());
        for (char &ch : c) ch = ch ? ch : ' ';
        stray += "  " + std::to_string(pid) + ": " + c + "\n";
    }
    EXPECT_TRUE(left.empty()) << "processes left after kill -9 " << when << " (of " << tree.size() << "):\n" << stray;
}

// Waits until ekb stops itself at its test point (true) or exits (false).
bool wait_stopped(Proc &p, double seconds) {
    auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        pid_t r = ::waitpid(p.pid, &status, WNOHANG | WUNTRACED);
        if (r == p.pid) {
            if (WIFSTOPPED(status)) return true;
            p.pid = -1;
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return state_of(p.pid) == 'T';
}

int run_to_end(const std::vector<std::string> &args, const fs::path &log) {
    Proc p = start_ekb(args, {}, log);
    int status = 0;
    ::waitpid(p.pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

struct StoreView {
    std::vector<std::string> keys;
    std::map<std::string, std::string> outcome;  // key -> "compiled correct timed"
    long rows = 0;
};

StoreView view(const fs::path &db) {
    StoreView v;
    ResultStore s(db);
    for (const auto &r : s.all()) {
        v.rows++;
        v.keys.push_back(r.record_key);
        v.outcome[r.record_key] = r.task_id + "/" + r.producer + "/" + std::to_string(r.sample) + ": " +
                                  std::to_string(r.compiled) + std::to_string(r.correct) + std::to_string(r.timed);
    }
    std::sort(v.keys.begin(), v.keys.end());
    return v;
}

TEST(RunResume, KillNineAnywhereLosesAndDuplicatesNothing) {
    TempDir tmp("ekb-resume-test-");
    // A kernel folder of fresh copies of the experts: every run compiles them anew.
    fs::path kernels = tmp.path() / "kernels";
    std::string nonce = std::to_string(std::random_device{}());
    for (const char *t : {"softmax", "sigmoid", "hardswish", "add_int8", "layernorm"}) {
        fs::create_directories(kernels / t);
        std::string src = read_file(ekb_home() / "suite" / "tasks" / t / "kernels" / "expert_cpu.cpp");
        write_file(kernels / t / "cpu.cpp", src + "\n// resume test " + nonce + "\n");
    }
    auto args = [&](const fs::path &exp) {
        return std::vector<std::string>{"run", "--experiment", exp.string(), "--tasks", k_tasks, "--backends", "cpu",
                                        "--producers", "dir:" + kernels.string() + ",naive", "--samples", "2",
                                        "--time-cap", "0.05", "--seed", "11", "--plain", "--no-report"};
    };
    fs::path log = tmp.path() / "ekb.log";

    // The killed and resumed experiment.
    fs::path exp = tmp.path() / "killed";
    fs::path stop_file = tmp.path() / "stopped_at";
    int stops = 0;
    for (const char *point : {"compile_child", "timed_sample:2", "record_commit:3"}) {
        long before = fs::exists(exp / "results.db") ? view(exp / "results.db").rows : 0;
        fs::remove(stop_file);
        Proc p = start_ekb(args(exp), {std::string("EKB_TEST_STOP_AT=") + point, "EKB_TEST_STOP_FILE=" + stop_file.string()}, log);
        ASSERT_TRUE(wait_stopped(p, 240)) << "ekb did not reach " << point << "; log:\n" << read_file_tail(log, 3000);
        ASSERT_TRUE(fs::exists(stop_file));
        kill_and_check(p, std::string("at ") + point);
        stops++;
        StoreView v = view(exp / "results.db");
        if (std::string(point).rfind("record_commit", 0) == 0) {
            // The record written but not committed is not there.
            EXPECT_EQ(v.rows, before + 2) << "records 1 and 2 of this run committed, the third rolled back";
        }
        EXPECT_EQ(std::set<std::string>(v.keys.begin(), v.keys.end()).size(), v.keys.size());
    }
    // Random moments.
    std::mt19937 rng(20261201);
    std::uniform_real_distribution<double> when(0.3, 5.0);
    int random_kills = 0;
    for (int i = 0; i < 12 && random_kills < 5; i++) {
        Proc p = start_ekb(args(exp), {}, log);
        double t = when(rng);
        std::this_thread::sleep_for(std::chrono::duration<double>(t));
        int status = 0;
        if (::waitpid(p.pid, &status, WNOHANG) == p.pid) break;  // it finished: nothing left to kill
        // Freeze it first, so that the process tree we check is the one the kill hits.
        ::kill(p.pid, SIGSTOP);
        if (!wait_stopped(p, 10)) break;
        kill_and_check(p, "after " + std::to_string(t) + " s");
        random_kills++;
        EXPECT_EQ(view(exp / "results.db").rows, static_cast<long>(view(exp / "results.db").keys.size()));
    }
    EXPECT_GE(random_kills, 5) << "the run finished before 5 random kills";
    ASSERT_EQ(run_to_end(args(exp), log), 0) << read_file_tail(log, 3000);

    // The uninterrupted experiment.
    fs::path clean = tmp.path() / "clean";
    ASSERT_EQ(run_to_end(args(clean), log), 0) << read_file_tail(log, 3000);

    StoreView a = view(exp / "results.db"), b = view(clean / "results.db");
    EXPECT_EQ(a.rows, 20);
    EXPECT_EQ(b.rows, 20);
    EXPECT_EQ(a.keys, b.keys);
    EXPECT_EQ(a.outcome, b.outcome);
    // Every record's kernel file is there.
    for (const auto &r : ResultStore(exp / "results.db").all()) EXPECT_TRUE(fs::exists(exp / r.kernel_path)) << r.kernel_path;

    // The report of the resumed experiment, and the comparison with the clean one.
    ASSERT_EQ(run_to_end({"report", exp.string()}, log), 0) << read_file_tail(log, 3000);
    std::string html = read_file(exp / "report.html"), md = read_file(exp / "report.md");
    EXPECT_NE(html.find("<svg"), std::string::npos);
    EXPECT_NE(html.find("Fast@p"), std::string::npos);
    EXPECT_EQ(html.find("src="), std::string::npos) << "the report must load nothing";
    EXPECT_EQ(html.find("href=\"http"), std::string::npos) << "the report must load nothing";
    for (const char *t : {"softmax", "sigmoid", "hardswish", "add_int8", "layernorm"}) {
        EXPECT_NE(html.find(t), std::string::npos) << t;
        EXPECT_NE(md.find(t), std::string::npos) << t;
    }
    EXPECT_NE(md.find("| naive / cpu | 5 | 10 | 1.000 | 1.000 |"), std::string::npos) << md.substr(0, 3000);
    ASSERT_EQ(run_to_end({"report", exp.string(), "--compare", clean.string()}, log), 0) << read_file_tail(log, 3000);
    EXPECT_TRUE(fs::exists(exp / "compare-killed-vs-clean.html"));
    EXPECT_NE(read_file(exp / "compare-killed-vs-clean.md").find("ties (over task x backend pairs in both)"), std::string::npos);
}

}  // namespace
}  // namespace ekb
