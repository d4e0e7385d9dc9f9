// Portable bundles end to end (docs/bundles.md): `ekb bundle` here, the bundle copied
// elsewhere and run with ./run under an environment with no compiler on PATH and no EKB_*
// variables, `ekb ingest` of its results; truncated and corrupted results rejected with the
// store unchanged; a cuda bundle on a machine without a GPU records not_supported (and the
// test reports SKIPPED, not failed).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "common/files.h"
#include "eval/availability.h"
#include "record/store.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Out {
    int rc = -1;
    std::string text;
};

Out sh(const std::string &cmd) {
    Out o;
    FILE *p = ::popen((cmd + " 2>&1").c_str(), "r");
    if (!p) return o;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof(buf), p)) > 0) o.text.append(buf, n);
    int st = ::pclose(p);
    o.rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
    return o;
}

std::string q(const fs::path &p) { return "'" + p.string() + "'"; }
std::string ekb() { return std::string("'") + EKB_CLI + "'"; }

// A PATH with only what ./run needs: a shell and a few file tools, no compiler.
fs::path minimal_bin(const fs::path &root) {
    fs::path bin = root / "bin";
    fs::create_directories(bin);
    for (const char *tool : {"sh", "mkdir", "cp", "mv", "rm", "chmod", "date", "sed", "tr", "grep", "uname", "id", "mktemp",
                             "cat", "dirname", "env"}) {
        for (const char *dir : {"/bin/", "/usr/bin/"}) {
            fs::path t = fs::path(dir) / tool;
            if (fs::exists(t) && !fs::exists(bin / tool)) fs::create_symlink(fs::canonical(t), bin / tool);
        }
    }
    return bin;
}

// Runs a bundle the way a device would: from a copy elsewhere, a clean environment.
Out run_bundle(const fs::path &bundle, const fs::path &root, const fs::path &results) {
    fs::path bin = minimal_bin(root);
    return sh("env -i PATH=" + q(bin) + " HOME=" + q(root) + " TMPDIR=/tmp " + q(bundle / "run") + " --out " + q(results));
}

// One process for the whole flow (a bundle is built and run once): ctest runs each test in
// its own process, and a failed setup must fail, not skip.
struct Flow {
    ekb::TempDir tmp{"ekb-bundle-test-"};
    fs::path root = tmp.path(), results;
    std::string log;

    void check(const Out &o, const std::string &what) {
        log += "$ " + what + "\n" + o.text + "\n";
        ASSERT_EQ(o.rc, 0) << log;
    }
    fs::path seeded_store() {
        fs::path store = root / "kept.db";
        if (!fs::exists(store)) check(sh(ekb() + " ingest " + q(results) + " --store " + q(store)), "ingest (seed)");
        return store;
    }
    fs::path damaged_copy(const std::string &name) {
        fs::path d = root / name;
        fs::remove_all(d);
        EXPECT_EQ(sh("cp -R " + q(results) + " " + q(d)).rc, 0);
        return d;
    }
    fs::path a_report(const fs::path &dir) {
        for (const auto &e : fs::directory_iterator(dir / "reports")) {
            if (e.path().filename().string().find("__naive") != std::string::npos) return e.path();
        }
        return {};
    }
    // The ingest fails naming the file and where, and the store keeps exactly its records.
    void expect_rejected(const fs::path &input, const std::vector<std::string> &must_mention) {
        fs::path store = seeded_store();
        std::vector<std::string> keys_before = ekb::ResultStore(store).keys();
        Out in = sh(ekb() + " ingest " + q(input) + " --store " + q(store));
        EXPECT_NE(in.rc, 0) << in.text;
        for (const auto &m : must_mention) EXPECT_NE(in.text.find(m), std::string::npos) << "'" << m << "' not in: " << in.text;
        EXPECT_EQ(ekb::ResultStore(store).keys(), keys_before);
    }
};

TEST(Bundle, BuildRunElsewhereIngestAndRejectDamage) {
    Flow f;
    fs::path built = f.root / "built";
    ASSERT_NO_FATAL_FAILURE(f.check(sh(ekb() + " bundle --tasks silu,fc_int8 --backends cpu,opencl --kernels expert,naive "
                                              "--time-cap 0.1 --seed 7 --quick-probe --out " + q(built)),
                                    "ekb bundle"));
    // The device's copy: nothing may refer back to the build tree.
    fs::path device = f.root / "device";
    fs::create_directories(device);
    ASSERT_EQ(sh("cp -R " + q(built) + " " + q(device / "bundle")).rc, 0);
    fs::remove_all(built);
    ASSERT_NO_FATAL_FAILURE(f.check(run_bundle(device / "bundle", f.root, device / "results"), "./run"));
    f.results = device / "results";

    fs::path store = f.root / "ingest.db", peaks = f.root / "peaks.json", summary = f.root / "summary.md";
    Out in = sh(ekb() + " ingest " + q(f.results) + " --store " + q(store) + " --peaks " + q(peaks) + " --summary " + q(summary));
    ASSERT_EQ(in.rc, 0) << in.text << "\n" << f.log;
    auto records = ekb::ResultStore(store).all();
    ASSERT_EQ(records.size(), 8u) << in.text;
    std::set<std::string> seen;
    for (const auto &r : records) {
        SCOPED_TRACE(r.task_id + "/" + r.backend + "/" + r.producer + ": " + r.failure_message);
        seen.insert(r.task_id + "/" + r.backend + "/" + r.producer);
        EXPECT_EQ(r.status, "timed");
        EXPECT_TRUE(r.compiled && r.correct && r.timed);
        EXPECT_GT(r.kernel_median_s, 0);
        EXPECT_GT(r.threads, 0);
        EXPECT_FALSE(r.suite_hash.empty());
        EXPECT_FALSE(r.task_hash.empty());
        EXPECT_FALSE(r.kernel_hash.empty());
        if (r.producer == "naive") {
            EXPECT_GT(r.speedup, 0);  // timed A/B against the expert on the device
            EXPECT_GT(r.expert_median_s, 0);
        }
        json env = json::parse(r.environment);
        EXPECT_TRUE(env.contains("device"));
        EXPECT_TRUE(env["device"].contains("cpu_cores_online"));
        EXPECT_FALSE(env.value("confinement", "").empty());
        EXPECT_EQ(env["backend"], r.backend);
        EXPECT_TRUE(env["bundle"].contains("run"));
        EXPECT_EQ(env["bundle"]["run"].value("bwrap", ""), fs::exists("/usr/bin/bwrap") ? "present" : "absent");
        if (r.backend == "opencl") EXPECT_FALSE(env["device"].value("device", "").empty());
        json insts = json::parse(r.instances);
        EXPECT_GE(insts.size(), 3u);
    }
    EXPECT_EQ(seen.size(), 8u);
    // Peaks from the bundle's device probe, in the format `ekb report --peaks` reads.
    json pk = json::parse(ekb::read_file(peaks));
    for (const char *b : {"cpu", "opencl"}) {
        ASSERT_TRUE(pk.contains(b)) << pk.dump() << in.text;
        EXPECT_GT(pk[b]["gflops"].get<double>(), 0.1);
        EXPECT_GT(pk[b]["gbps"].get<double>(), 0.1);
    }
    EXPECT_NE(ekb::read_file(summary).find("Expert over naive"), std::string::npos);
    // Ingesting the same results again replaces, never duplicates.
    ASSERT_EQ(sh(ekb() + " ingest " + q(f.results) + " --store " + q(store)).rc, 0);
    EXPECT_EQ(ekb::ResultStore(store).all().size(), 8u);

    {  // Into an experiment made from the bundle's manifest, which `ekb report` reads.
        fs::path exp = f.root / "experiments" / "from-bundle";
        Out e = sh(ekb() + " ingest " + q(f.results) + " --experiment " + q(exp));
        ASSERT_EQ(e.rc, 0) << e.text;
        json doc = json::parse(ekb::read_file(exp / "experiment.json"));
        EXPECT_EQ(doc["settings"]["seed"], 7);
        EXPECT_DOUBLE_EQ(doc["settings"]["time_cap_seconds"].get<double>(), 0.1);
        EXPECT_EQ(doc["source"]["kind"], "bundle");
        EXPECT_TRUE(doc["source"]["machines"].contains("cpu")) << doc.dump();
        EXPECT_EQ(ekb::ResultStore(exp / "results.db").all().size(), 8u);
        Out r = sh(ekb() + " report " + q(exp) + " --no-files");
        EXPECT_EQ(r.rc, 0) << r.text;
        EXPECT_NE(r.text.find("naive"), std::string::npos) << r.text;
        // The same results again: accepted (same machine, same settings), nothing duplicated.
        ASSERT_EQ(sh(ekb() + " ingest " + q(f.results) + " --experiment " + q(exp)).rc, 0);
        EXPECT_EQ(ekb::ResultStore(exp / "results.db").all().size(), 8u);
    }

    {  // a truncated report
        fs::path d = f.damaged_copy("truncated");
        fs::path rep = f.a_report(d);
        ASSERT_FALSE(rep.empty());
        std::string text = ekb::read_file(rep);
        ekb::write_file(rep, text.substr(0, text.size() / 2));
        f.expect_rejected(d, {rep.filename().string(), "line", "truncated"});
    }
    {  // a corrupted field
        fs::path d = f.damaged_copy("corrupted");
        fs::path rep = f.a_report(d);
        json j = json::parse(ekb::read_file(rep));
        j["instances"][1]["correct"] = "yes";
        ekb::write_file(rep, j.dump(1));
        f.expect_rejected(d, {rep.filename().string(), "instances[1].correct", "boolean"});
    }
    {  // a truncated JSONL of records, then a record with a field of the wrong type
        fs::path kept = f.seeded_store();
        fs::path jsonl = f.root / "records.jsonl";
        Out ex = sh(ekb() + " results --jsonl --store " + q(kept) + " > " + q(jsonl));
        ASSERT_EQ(ex.rc, 0) << ex.text;
        std::string text = ekb::read_file(jsonl);
        ekb::write_file(jsonl, text.substr(0, text.size() - 200));
        f.expect_rejected(jsonl, {jsonl.filename().string() + ":8", "truncated"});
        json r = json::parse(text.substr(0, text.find('\n')));
        r["correct"] = 1.5;
        ekb::write_file(jsonl, r.dump() + "\n");
        f.expect_rejected(jsonl, {jsonl.filename().string() + ":1", "field 'correct'"});
    }
}

// --pytorch carries the PyTorch reference of every task, L3 graphs included (the eager time
// a user deploying the model compares with), with the shapes of every instance.
TEST(Bundle, PytorchSideCarriesEveryTier) {
    ekb::TempDir tmp("ekb-bundle-pytorch-");
    Out b = sh(ekb() + " bundle --tasks silu,lenet5 --backends cpu --kernels expert --no-probe --pytorch --time-cap 0.05 --out " +
               q(tmp.path() / "b"));
    ASSERT_EQ(b.rc, 0) << b.text;
    json pt = json::parse(ekb::read_file(tmp.path() / "b" / "pytorch" / "instances.json"));
    std::map<std::string, std::string> tiers;
    for (const auto &t : pt.at("tasks")) {
        tiers[t.at("id").get<std::string>()] = t.at("tier").get<std::string>();
        EXPECT_FALSE(t.at("instances").empty()) << t.dump();
        EXPECT_TRUE(fs::exists(tmp.path() / "b" / "pytorch" / "tasks" / t.at("id").get<std::string>() / "reference.py"));
    }
    EXPECT_EQ(tiers, (std::map<std::string, std::string>{{"lenet5", "L3"}, {"silu", "L1"}}));
}

// A cuda bundle builds here (Halide compiles CUDA anywhere) and runs; without an NVIDIA GPU
// the records say not_supported and the test is SKIPPED.
TEST(CudaBundle, RunsAndRecordsNotSupportedWithoutGpu) {
    ekb::TempDir tmp("ekb-cuda-bundle-");
    Out b = sh(ekb() + " bundle --tasks silu --backends cuda --kernels expert --no-probe --time-cap 0.1 --out " + q(tmp.path() / "b"));
    ASSERT_EQ(b.rc, 0) << b.text;
    Out r = run_bundle(tmp.path() / "b", tmp.path(), tmp.path() / "results");
    ASSERT_EQ(r.rc, 0) << r.text;
    Out in = sh(ekb() + " ingest " + q(tmp.path() / "results") + " --store " + q(tmp.path() / "s.db"));
    ASSERT_EQ(in.rc, 0) << in.text;
    auto records = ekb::ResultStore(tmp.path() / "s.db").all();
    ASSERT_EQ(records.size(), 1u);
    json env = json::parse(records[0].environment);
    if (records[0].status == "not_supported") {
        EXPECT_EQ(records[0].failure_code, "not_supported");
        EXPECT_FALSE(records[0].failure_message.empty());
        GTEST_SKIP() << "no NVIDIA GPU here: the cuda bundle ran and recorded not_supported (" << records[0].failure_message << ")";
    }
    EXPECT_EQ(records[0].status, "timed") << records[0].failure_message;
}

// An arm64 bundle (docs/bundles.md, "arm64 boards"): cross-compiled here, copied, run by
// ./run with a clean environment; on this machine its aarch64 runners run under
// qemu-aarch64-static. Every record is correct and timed, its timings marked emulated and
// not counted (no speedup), its confinement recorded; `ekb ingest` takes the results.
TEST(Arm64Bundle, BuildRunUnderQemuIngest) {
    // Needs the aarch64 cross toolchain, qemu-aarch64-static and libc6:arm64 (install-deps.sh).
    if (std::string why = ekb::backend_unavailable_here("cpu-arm64"); !why.empty()) GTEST_SKIP() << why;
    ekb::TempDir tmp("ekb-arm64-bundle-");
    Out b = sh(ekb() + " bundle --tasks silu,fc_int8 --backends cpu-arm64 --kernels expert,naive --no-probe --time-cap 0.05 "
                       "--seed 11 --out " + q(tmp.path() / "built"));
    ASSERT_EQ(b.rc, 0) << b.text;
    json m = json::parse(ekb::read_file(tmp.path() / "built" / "manifest.json"));
    ASSERT_EQ(m["runners"].size(), 1u) << m["runners"].dump();
    for (auto &[key, r] : m["runners"].items()) {
        EXPECT_EQ(r.value("cpu_arch", ""), "aarch64");
        EXPECT_EQ(r.value("target", "").rfind("arm-64-linux", 0), 0u) << r.dump();
        // The runner is an AArch64 executable (ELF e_machine 183).
        std::string elf = ekb::read_file(tmp.path() / "built" / r.value("path", ""));
        ASSERT_GT(elf.size(), 20u);
        EXPECT_EQ(static_cast<unsigned char>(elf[18]) | static_cast<unsigned char>(elf[19]) << 8, 183) << key;
    }
    fs::path device = tmp.path() / "device";
    fs::create_directories(device);
    ASSERT_EQ(sh("cp -R " + q(tmp.path() / "built") + " " + q(device / "bundle")).rc, 0);
    Out r = run_bundle(device / "bundle", tmp.path(), device / "results");
    ASSERT_EQ(r.rc, 0) << r.text;
    Out in = sh(ekb() + " ingest " + q(device / "results") + " --store " + q(tmp.path() / "s.db"));
    ASSERT_EQ(in.rc, 0) << in.text << "\n" << r.text;
    auto records = ekb::ResultStore(tmp.path() / "s.db").all();
    ASSERT_EQ(records.size(), 4u) << in.text;
    for (const auto &rec : records) {
        SCOPED_TRACE(rec.task_id + "/" + rec.producer + ": " + rec.failure_message);
        EXPECT_EQ(rec.backend, "cpu-arm64");
        EXPECT_EQ(rec.status, "timed");
        EXPECT_TRUE(rec.correct);
        EXPECT_EQ(rec.target.rfind("arm-64-linux", 0), 0u) << rec.target;
        json env = json::parse(rec.environment);
        EXPECT_NE(env.value("emulated", "").find("qemu-aarch64"), std::string::npos) << rec.environment;
        EXPECT_NE(env.value("confinement", "").find("emulated="), std::string::npos) << env.value("confinement", "");
        EXPECT_NE(env.value("confinement", "").find("seccomp "), std::string::npos) << env.value("confinement", "");
        EXPECT_TRUE(std::isnan(rec.speedup)) << "an emulated timing must not give a speedup";
        EXPECT_GT(rec.kernel_median_s, 0) << "the emulated timing is recorded";
    }
}

}  // namespace
