#include "bundle/bundle.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "common/files.h"
#include "common/paths.h"
#include "common/sha256.h"
#include "common/untrusted_file.h"
#include "compile/backend.h"
#include "compile/compiler.h"
#include "compile/toolchain.h"
#include "device/profile.h"
#include "eval/evaluator.h"
#include "eval/record_builder.h"
#include "eval/record_from_report.h"
#include "measure/stats.h"
#include "produce/producer.h"
#include "verify/datagen.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The OpenCL ICD file for NVIDIA's driver (what the driver's packages install as
// /etc/OpenCL/vendors/nvidia.icd).
const char *k_nvidia_icd = "libnvidia-opencl.so.1\n";

uint64_t dir_bytes(const fs::path &dir) {
    uint64_t n = 0;
    for (const auto &e : fs::recursive_directory_iterator(dir)) {
        if (e.is_regular_file()) n += e.file_size();
    }
    return n;
}

std::string producer_spec(const std::string &k) {
    if (k == "expert" || k == "naive" || k.rfind("dir:", 0) == 0) return k;
    return "dir:" + k;  // a plain path is a kernel directory
}

// A spec's file names: ids are [A-Za-z0-9_.-] (task ids are; producers are mapped).
std::string safe_id(const std::string &s) {
    std::string o;
    for (char c : s) o += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.') ? c : '_';
    return o;
}

class BundleWriter {
public:
    BundleWriter(Toolchain &tc, fs::path dir) : tc_(tc), dir_(std::move(dir)) {
        for (const char *d : {"specs", "artifacts", "runners", "icd"}) fs::create_directories(dir_ / d);
    }

    // Copies an artifact in once (content-addressed); returns its bundle-relative path.
    std::string artifact(const CompileResult &c, const std::string &role) {
        std::string name = "artifacts/" + c.key.substr(0, 24) + ".so";
        if (!artifacts_.contains(name)) {
            fs::copy_file(c.artifact, dir_ / name, fs::copy_options::overwrite_existing);
            ::chmod((dir_ / name).c_str(), 0644);
            artifacts_[name] = {{"target", c.target}, {"bytes", fs::file_size(dir_ / name)},
                                {"sha256", sha256_hex(read_file(dir_ / name))}, {"roles", json::array()}};
        }
        auto &roles = artifacts_[name]["roles"];
        if (std::find(roles.begin(), roles.end(), role) == roles.end()) roles.push_back(role);
        return name;
    }

    // One runner per backend target, shared by every entry of the backend; returns its key.
    std::string runner(const std::string &backend) {
        std::string target = backend_target(backend);
        std::string key = safe_id(backend) + "-" + sha256_hex(target).substr(0, 8);
        if (!runners_.contains(key)) {
            fs::path src = tc_.runner(target, backend_info(backend).runner_recipe);
            fs::create_directories(dir_ / "runners" / key);
            fs::path dst = dir_ / "runners" / key / "ekb-runner";
            fs::copy_file(src, dst, fs::copy_options::overwrite_existing);
            ::chmod(dst.c_str(), 0755);
            // The runner's CPU (uname -m): ./run starts a runner for another CPU than the
            // device's under that CPU's user-mode emulator (qemu-<cpu>-static), if any.
            const Backend &row = backend_info(backend);
            std::string arch = row.cpu_arch.empty() ? machine_arch() : row.cpu_arch;
            write_file(dir_ / "runners" / key / "arch", arch + "\n");
            json r = {{"backend", backend}, {"target", target}, {"path", "runners/" + key + "/ekb-runner"},
                      {"cpu_arch", arch}, {"bytes", fs::file_size(dst)}, {"sha256", sha256_hex(read_file(dst))}};
            // A driver-only machine may lack the OpenCL ICD loader (ocl-icd's libOpenCL.so.1):
            // carry ours beside the runner, where the runtime's loader falls back to it.
            if (backend_info(backend).probe == ProbeKind::opencl && target.rfind("x86-64", 0) == 0) {
                fs::path loader = "/usr/lib/x86_64-linux-gnu/libOpenCL.so.1";
                if (fs::exists(loader)) {
                    fs::path dst_lib = dir_ / "runners" / key / "libOpenCL.so.1";
                    fs::copy_file(fs::canonical(loader), dst_lib, fs::copy_options::overwrite_existing);
                    ::chmod(dst_lib.c_str(), 0644);
                    r["icd_loader"] = "runners/" + key + "/libOpenCL.so.1";
                }
            }
            runners_[key] = r;
            probes_.push_back(backend + " " + key);
        }
        return key;
    }

    void spec(const std::string &id, const ConductSpec &s) {
        write_file(dir_ / "specs" / (id + ".json"), s.to_json().dump(1));
        spec_lines_ += id + " " + runner(s.backend) + " " + s.backend;
    }

    fs::path dir_path() const { return dir_; }
    const json &artifacts() const { return artifacts_; }
    const json &runners() const { return runners_; }
    const std::vector<std::string> &probes() const { return probes_; }
    std::string spec_lines_;

private:
    Toolchain &tc_;
    fs::path dir_;
    json artifacts_ = json::object(), runners_ = json::object();
    std::vector<std::string> probes_;
};

}  // namespace

BundleSummary build_bundle(const Suite &suite, Toolchain &tc, const BundleOptions &o) {
    if (o.out.empty()) throw std::runtime_error("bundle: no output directory");
    if (fs::exists(o.out) && !(fs::is_directory(o.out) && fs::is_empty(o.out))) {
        throw std::runtime_error("bundle: " + o.out.string() + " exists and is not empty");
    }
    for (const auto &b : o.backends) {
        if (!is_known_backend(b)) throw std::runtime_error("bundle: unknown backend '" + b + "' (" + backend_names() + ")");
    }
    std::vector<const Task *> tasks = suite.match(o.tasks);
    if (tasks.empty()) throw std::runtime_error("bundle: no task matches '" + o.tasks + "'");
    std::vector<std::pair<std::string, std::unique_ptr<Producer>>> producers;
    for (const auto &k : o.kernels) {
        try {
            producers.emplace_back(k, make_producer(producer_spec(k)));
        } catch (const std::invalid_argument &e) {
            throw std::runtime_error(std::string("bundle: --kernels: ") + e.what());
        }
    }
    uint64_t master = o.seed ? *o.seed : fresh_seed();

    // Build into <out>.building, then rename: a half-written bundle never looks complete.
    fs::path final_dir = fs::absolute(o.out).lexically_normal();
    if (final_dir.filename().empty()) final_dir = final_dir.parent_path();
    fs::path tmp = final_dir;
    tmp += ".building";
    fs::remove_all(tmp);
    BundleWriter w(tc, tmp);
    BundleSummary sum;
    std::string created = utc_now();
    std::string bundle_id = sha256_hex(created + "|" + std::to_string(master) + "|" + final_dir.string()).substr(0, 16);
    json env_base = {{"host_target", reference_target()},
                     {"bundle", {{"id", bundle_id}, {"created_at", created}, {"built_with", ekb_version()}}}};
    json entries = json::array();
    json task_info = json::object();

    auto timing_for = [&](ConductSpec &s) {
        s.timing.cap_seconds = o.time_cap_seconds;
        s.timing.min_sample_seconds = o.min_sample_seconds;
        s.threads = 0;  // the device's online cores, resolved by the runner there
        s.workdir = "";  // the runner's TMPDIR there
    };

    // Device probe first: the peak kernels of every backend, as entries of kind "peak".
    if (o.probe) {
        for (const auto &b : o.backends) {
            for (PeakRun &pr : peak_runs(tc, b, o.quick_probe, std::min(1.0, std::max(0.3, o.time_cap_seconds)))) {
                std::string id = "probe__" + b + "__" + pr.metric;
                CompileResult cand, ref;
                cand.key = sha256_hex(read_file(pr.spec.candidate));
                cand.artifact = pr.spec.candidate;
                cand.target = pr.target;
                ref.key = sha256_hex(read_file(pr.spec.reference));
                ref.artifact = pr.spec.reference;
                ref.target = reference_target_for(b);
                ConductSpec s = pr.spec;
                s.candidate = w.artifact(cand, "probe");
                s.reference = w.artifact(ref, "probe-reference");
                s.threads = 0;
                s.workdir = "";
                w.spec(id, s);
                w.spec_lines_ += " peak\n";
                entries.push_back({{"id", id}, {"kind", "peak"}, {"backend", b}, {"runner", w.runner(b)},
                                   {"spec", "specs/" + id + ".json"}, {"metric", pr.metric}, {"task", pr.task_id},
                                   {"instance", pr.instance}, {"work_per_call", pr.work_per_call}, {"target", pr.target}});
                sum.specs++;
            }
        }
    }

    // Warm the compile cache in parallel (every candidate, expert and reference); the loop
    // below then assembles the bundle from cache hits, in a deterministic order.
    {
        struct Job {
            const Task *task;
            std::string backend, target, source;
        };
        std::vector<Job> jobs;
        std::set<std::string> seen;
        auto add = [&](const Task *t, const std::string &b, const std::string &target, const fs::path &file) {
            if (!fs::exists(file)) return;
            std::string src = read_file(file);
            if (seen.insert(t->id + "|" + b + "|" + target + "|" + sha256_hex(src)).second) jobs.push_back({t, b, target, src});
        };
        for (const auto &backend : o.backends) {
            for (const Task *t : tasks) add(t, backend_info(backend).reference, reference_target_for(backend), t->naive_kernel());
        }
        for (const auto &[kspec, producer] : producers) {
            for (const auto &backend : o.backends) {
                for (const Task *t : tasks) {
                    add(t, backend, backend_target(backend), t->expert_kernel(backend));
                    ProduceRequest pr;
                    pr.task = t;
                    pr.backend = backend;
                    Production prod = producer->produce(pr);
                    if (!prod.ok) continue;
                    std::string target = candidate_target(backend, prod.naive_baseline);
                    if (seen.insert(t->id + "|" + backend + "|" + target + "|" + sha256_hex(prod.source)).second) {
                        jobs.push_back({t, backend, target, prod.source});
                    }
                }
            }
        }
        std::atomic<size_t> next{0};
        std::vector<std::thread> pool;
        for (int k = 0; k < std::max(1, o.jobs); k++) {
            pool.emplace_back([&] {
                for (size_t i; (i = next++) < jobs.size();) {
                    try {
                        (void)compile_kernel(tc, *jobs[i].task, jobs[i].backend, jobs[i].target, jobs[i].source);
                    } catch (const std::exception &) {
                        // reported by the sequential pass below
                    }
                }
            });
        }
        for (auto &t : pool) t.join();
    }

    Evaluator ev(suite, tc);
    for (const auto &[kspec, producer] : producers) {
        for (const auto &backend : o.backends) {
            for (const Task *task : tasks) {
                task_info[task->id] = {{"tier", task->tier}, {"domain", task->domain}, {"task_hash", task->content_hash}};
                ProduceRequest pr;
                pr.task = task;
                pr.backend = backend;
                Production prod = producer->produce(pr);
                std::string pname = producer->name();
                std::string id = task->id + "__" + backend + "__" + safe_id(kspec == "expert" || kspec == "naive" ? kspec : "k" + sha256_hex(kspec).substr(0, 6));
                json entry = {{"id", id}, {"backend", backend}, {"task", task->id}, {"producer", pname}};
                uint64_t seed = mix_seed(master, std::hash<std::string>{}(id)) & 0x7fffffffffffffffull;
                if (!prod.ok) {
                    // No kernel for this (task, backend): nothing to run; the record is complete.
                    ResultRecord r = new_record({task, backend, pname, "", 0, prod.kernel_name}, suite, "",
                                                candidate_target(backend, prod.naive_baseline));
                    r.seed = static_cast<int64_t>(seed);
                    mark_no_kernel(r, prod.error_code, prod.error_message);
                    r.environment = env_base.dump();
                    entry["kind"] = "complete";
                    entry["record"] = r.to_json();
                    entries.push_back(entry);
                    sum.compile_failures.push_back(task->id + "/" + backend + "/" + kspec + ": " + prod.error_message);
                    continue;
                }
                // The evaluator's own steps up to the runner; the device conducts the spec.
                EvalRequest req;
                req.task = task;
                req.backend = backend;
                req.kernel_source = prod.source;
                req.kernel_name = prod.kernel_name;
                req.producer = pname;
                req.naive_baseline = prod.naive_baseline;
                req.seed = seed;
                // The expert as a candidate is timed alone (its speedup over itself is 1 by
                // definition): half the device time of a self-comparison.
                req.compare_with_expert = kspec != "expert";
                PreparedEval prep;
                try {
                    EvalDeadline none(0);
                    prep = ev.prepare(req, none, false);
                } catch (const std::runtime_error &e) {
                    // A broken task (its reference or expert does not build): no entry.
                    sum.compile_failures.push_back(task->id + "/" + backend + "/" + kspec + ": task skipped: " + clip(e.what(), 300));
                    continue;
                }
                ResultRecord &r = prep.record;
                // Made on the device: when it ran, its key, its threads (the device's cores).
                r.created_at.clear();
                r.record_key.clear();
                r.threads = 0;
                if (!prep.runnable) {
                    r.environment = env_base.dump();
                    entry["kind"] = "complete";
                    entry["record"] = r.to_json();
                    entries.push_back(entry);
                    sum.compile_failures.push_back(task->id + "/" + backend + "/" + kspec + ": [" + prep.candidate.stage + "] " +
                                                   clip(prep.candidate.message, 200));
                    continue;
                }
                r.environment.clear();
                ConductSpec s = prep.spec;
                timing_for(s);
                s.reference = w.artifact(prep.reference, "reference");
                s.expert = prep.expert ? w.artifact(*prep.expert, "expert") : "";
                const CompileResult &c = prep.candidate;
                s.candidate = w.artifact(c, kspec);
                w.spec(id, s);
                w.spec_lines_ += " eval\n";
                entry["kind"] = "eval";
                entry["runner"] = w.runner(backend);
                entry["spec"] = "specs/" + id + ".json";
                entry["record"] = r.to_json();
                entries.push_back(entry);
                sum.specs++;
            }
        }
    }

    // The PyTorch side (every tier: an L3 graph's eager time is the one a user deploying the
    // model compares with): references and input specs, timed by ./run --pytorch.
    if (o.pytorch) {
        json pt = {{"tasks", json::array()}};
        for (const Task *t : tasks) {
            fs::create_directories(tmp / "pytorch" / "tasks" / t->id);
            fs::copy_file(t->reference_path(), tmp / "pytorch" / "tasks" / t->id / "reference.py");
            json insts = json::array();
            for (const auto &inst : t->instances) {
                json ins = json::array();
                for (const auto &x : t->inputs) {
                    ins.push_back({{"shape", t->shape(x, inst)}, {"dtype", dtype_name(x.dtype)}, {"lo", x.range_lo}, {"hi", x.range_hi}});
                }
                insts.push_back({{"name", inst.name}, {"inputs", ins}});
            }
            pt["tasks"].push_back({{"id", t->id}, {"tier", t->tier}, {"instances", insts}});
        }
        write_file(tmp / "pytorch" / "instances.json", pt.dump(1));
        fs::copy_file(ekb_home() / "src" / "bundle" / "time_torch.py", tmp / "pytorch" / "time_torch.py");
    }

    write_file(tmp / "icd" / "nvidia.icd", k_nvidia_icd);
    std::string probes;
    for (const auto &p : w.probes()) probes += p + "\n";
    write_file(tmp / "probes.txt", "# backend runner-key: ./run prints the device of each backend\n" + probes);
    write_file(tmp / "specs.txt", "# id runner-key backend kind: one conduct spec per line, run in this order\n" + w.spec_lines_);
    fs::copy_file(ekb_home() / "src" / "bundle" / "run.sh", tmp / "run");
    ::chmod((tmp / "run").c_str(), 0755);

    json fields = json::array();
    for (const auto &f : record_fields()) fields.push_back(f.name);
    json manifest = {{"format", "ekb-bundle"},
                     {"format_version", k_bundle_format_version},
                     {"bundle_id", bundle_id},
                     {"created_at", created},
                     {"ekb_version", ekb_version()},
                     {"suite_hash", suite.content_hash()},
                     {"host_target", reference_target()},
                     {"seed", master},
                     {"options", {{"tasks", o.tasks}, {"backends", o.backends}, {"kernels", o.kernels},
                                  {"time_cap_s", o.time_cap_seconds}, {"min_sample_s", o.min_sample_seconds}, {"probe", o.probe}, {"quick_probe", o.quick_probe},
                                  {"pytorch", o.pytorch}}},
                     {"environment", env_base},
                     {"record_fields", fields},
                     {"tasks", task_info},
                     {"runners", w.runners()},
                     {"artifacts", w.artifacts()},
                     {"entries", entries}};
    write_file(tmp / "manifest.json", manifest.dump(1));
    sum.entries = entries.size();
    sum.artifacts = w.artifacts().size();
    sum.runners = w.runners().size();
    sum.bytes = dir_bytes(tmp);
    if (fs::exists(final_dir)) fs::remove(final_dir);  // empty, checked above
    fs::rename(tmp, final_dir);
    return sum;
}

// ---------------------------------------------------------------------------------------
// Ingest

namespace {

// A bundle's results come back from a device: every file in them is read through the
// audited reader (no symlink, FIFO or hard link followed, a size cap), so a results
// directory can never make ingest read, quote or hang on a file of this host.
constexpr size_t k_result_file_cap = 256u << 20;

std::string read_result_file(const fs::path &file) {
    UntrustedRead r = read_untrusted(file, k_result_file_cap);
    if (r.status == UntrustedRead::Status::missing) throw std::runtime_error(file.string() + ": no such file");
    if (!r.ok()) throw std::runtime_error(file.string() + ": refused: " + r.problem);
    if (r.truncated) throw std::runtime_error(file.string() + ": larger than " + std::to_string(k_result_file_cap >> 20) + " MiB");
    return std::move(r.bytes);
}

json parse_json_file(const fs::path &file) {
    std::string text;
    try {
        text = read_result_file(file);
    } catch (const std::exception &e) {
        throw std::runtime_error(file.string() + ": cannot read: " + e.what());
    }
    if (text.empty()) throw std::runtime_error(file.string() + ": empty file (truncated?)");
    try {
        return json::parse(text);
    } catch (const json::parse_error &e) {
        // nlohmann's message names line and column ("at line 312, column 5").
        throw std::runtime_error(file.string() + ": not valid JSON (truncated or corrupted?): " + e.what());
    }
}

// Checks a record's fields before it may enter a store.
void validate_record(const ResultRecord &r, const std::string &where) {
    static const std::set<std::string> statuses = {"no_kernel", "compile_failed", "not_supported", "incorrect", "correct", "timed"};
    auto fail = [&](const std::string &f, const std::string &what) { throw std::runtime_error(where + ": field '" + f + "': " + what); };
    if (r.record_key.empty()) fail("record_key", "missing or empty");
    if (r.task_id.empty()) fail("task_id", "missing or empty");
    if (!is_known_backend(r.backend)) fail("backend", "'" + r.backend + "' is not a backend");
    if (!statuses.count(r.status)) fail("status", "'" + r.status + "' is not a status");
    if (r.timed && !r.correct) fail("timed", "true for a record that is not correct");
    if ((r.status == "timed") != r.timed) fail("status", "'" + r.status + "' disagrees with timed");
    const std::pair<const char *, const std::string *> json_fields[] = {
        {"environment", &r.environment}, {"instances", &r.instances}, {"layer_credit", &r.layer_credit}};
    for (const auto &[name, text] : json_fields) {
        if (text->empty()) continue;
        try {
            (void)json::parse(*text);
        } catch (const json::parse_error &e) {
            fail(name, std::string("not valid JSON: ") + e.what());
        }
    }
}

IngestBatch load_jsonl(const fs::path &file) {
    IngestBatch b;
    b.source = file.string();
    std::ifstream in(file);
    if (!in) throw std::runtime_error(file.string() + ": cannot read");
    std::string line;
    size_t n = 0;
    std::set<std::string> keys;
    bool last_had_newline = true;
    while (std::getline(in, line)) {
        n++;
        last_had_newline = !in.eof();
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::string where = file.string() + ":" + std::to_string(n);
        json j;
        try {
            j = json::parse(line);
        } catch (const json::parse_error &e) {
            throw std::runtime_error(where + ": not valid JSON (truncated or corrupted line?): " + e.what());
        }
        if (!j.is_object()) throw std::runtime_error(where + ": expected a record (a JSON object)");
        ResultRecord r;
        try {
            r = ResultRecord::from_json(j);
        } catch (const std::exception &e) {
            throw std::runtime_error(where + ": " + e.what());
        }
        validate_record(r, where);
        if (!keys.insert(r.record_key).second) throw std::runtime_error(where + ": record_key " + r.record_key + " appears twice");
        b.records.push_back(std::move(r));
    }
    if (!last_had_newline && n > 0) {
        throw std::runtime_error(file.string() + ":" + std::to_string(n) + ": the last line has no newline (truncated file?)");
    }
    if (b.records.empty()) throw std::runtime_error(file.string() + ": no records");
    return b;
}

std::map<std::string, json> read_index(const fs::path &file) {
    std::map<std::string, json> idx;
    if (!fs::exists(fs::symlink_status(file))) return idx;
    std::istringstream in(read_result_file(file));
    std::string line;
    size_t n = 0;
    while (std::getline(in, line)) {
        n++;
        if (line.empty()) continue;
        json j;
        try {
            j = json::parse(line);
        } catch (const json::parse_error &e) {
            throw std::runtime_error(file.string() + ":" + std::to_string(n) + ": not valid JSON (truncated or corrupted?): " + e.what());
        }
        if (!j.is_object() || !j.contains("id") || !j.at("id").is_string()) {
            throw std::runtime_error(file.string() + ":" + std::to_string(n) + ": field 'id': missing or not a string");
        }
        idx[j.at("id").get<std::string>()] = j;
    }
    return idx;
}

IngestBatch load_results_dir(const fs::path &dir) {
    IngestBatch b;
    b.source = dir.string();
    fs::path mf = dir / "manifest.json";
    json m = parse_json_file(mf);
    if (!m.is_object() || m.value("format", "") != "ekb-bundle") throw std::runtime_error(mf.string() + ": field 'format': not an ekb bundle manifest");
    if (!m.contains("format_version") || !m.at("format_version").is_number_integer()) {
        throw std::runtime_error(mf.string() + ": field 'format_version': missing or not an integer");
    }
    if (m.at("format_version").get<int>() > k_bundle_format_version) {
        throw std::runtime_error(mf.string() + ": format_version " + std::to_string(m.at("format_version").get<int>()) +
                                 " is newer than this ekb reads (" + std::to_string(k_bundle_format_version) + ")");
    }
    for (const char *k : {"bundle_id", "entries", "environment"}) {
        if (!m.contains(k)) throw std::runtime_error(mf.string() + ": field '" + std::string(k) + "': missing");
    }
    b.manifest = m;
    json run = fs::exists(dir / "run.json") ? parse_json_file(dir / "run.json") : json::object();
    std::map<std::string, json> index = read_index(dir / "index.jsonl");
    std::map<std::string, json> probes;
    for (const auto &e : m.at("entries")) {
        std::string backend = e.value("backend", "");
        if (e.value("kind", "") == "peak" && !probes.contains(backend)) {
            fs::path pf = dir / ("probe-" + backend + ".json");
            probes[backend] = fs::exists(pf) ? parse_json_file(pf) : json(nullptr);
        }
    }
    std::map<std::string, std::pair<std::vector<PeakRun>, std::vector<json>>> peaks;
    size_t k = 0;
    for (const auto &e : m.at("entries")) {
        std::string where = mf.string() + ": entries[" + std::to_string(k++) + "]";
        if (!e.is_object() || !e.contains("id") || !e.contains("kind")) throw std::runtime_error(where + ": fields 'id' and 'kind' are required");
        std::string id = e.at("id"), kind = e.at("kind");
        if (kind == "complete") {  // decided at bundle time (no kernel, compile failure)
            ResultRecord r = ResultRecord::from_json(e.at("record"));
            r.created_at = m.value("created_at", "");
            r.record_key = sha256_hex(m.at("bundle_id").get<std::string>() + "|" + id).substr(0, 24);
            validate_record(r, where);
            b.records.push_back(std::move(r));
            continue;
        }
        fs::path rp = dir / "reports" / (id + ".json");
        if (!fs::exists(fs::symlink_status(rp))) {
            std::string why = "no report";
            if (auto it = index.find(id); it != index.end()) {
                if (it->second.contains("skipped")) why = "skipped (" + it->second.value("skipped", "") + ")";
                else if (it->second.contains("rc")) {
                    why = "runner exit " + it->second.at("rc").dump();
                    fs::path log = dir / "logs" / (id + ".err");
                    std::string tail = read_untrusted_text(log, 400, ReadEnd::tail);
                    if (!tail.empty()) why += ": " + clip(tail, 400);
                }
            } else {
                why = "not run (not in index.jsonl)";
            }
            b.not_run.push_back(id + ": " + why);
            if (kind == "peak") {
                PeakRun pr;
                pr.metric = e.value("metric", "");
                pr.task_id = e.value("task", "");
                peaks[e.value("backend", "")].first.push_back(pr);
                peaks[e.value("backend", "")].second.push_back(nullptr);
            }
            continue;
        }
        json rep = parse_json_file(rp);
        validate_conductor_report(rep, rp.string());
        if (rep.at("backend") != e.at("backend")) {
            throw std::runtime_error(rp.string() + ": field 'backend': '" + rep.at("backend").get<std::string>() +
                                     "' but the manifest's entry " + id + " is for '" + e.at("backend").get<std::string>() + "'");
        }
        if (kind == "peak") {
            PeakRun pr;
            pr.metric = e.value("metric", "");
            pr.task_id = e.value("task", "");
            pr.instance = e.value("instance", "");
            pr.work_per_call = e.value("work_per_call", 0.0);
            pr.target = e.value("target", "");
            peaks[e.value("backend", "")].first.push_back(pr);
            peaks[e.value("backend", "")].second.push_back(rep);
            continue;
        }
        if (kind != "eval") throw std::runtime_error(where + ": field 'kind': unknown kind '" + kind + "'");
        if (rep.contains("device_unavailable")) {  // the device's failure, not the kernel's: no record
            b.not_run.push_back(id + ": " + device_unavailable_message(rep));
            continue;
        }
        ResultRecord r = ResultRecord::from_json(e.at("record"));
        std::string started = m.value("created_at", "");
        if (auto it = index.find(id); it != index.end()) started = it->second.value("started", started);
        r.created_at = started;
        r.record_key = sha256_hex(m.at("bundle_id").get<std::string>() + "|" + id + "|" + started).substr(0, 24);
        json env = m.at("environment");
        env["bundle"]["entry"] = id;
        if (!run.empty()) env["bundle"]["run"] = run;
        try {
            apply_conductor_report(r, rep, env);
        } catch (const json::exception &ex) {
            throw std::runtime_error(rp.string() + ": " + ex.what());
        }
        if (rep.contains("phases") && rep.at("phases").is_object()) r.eval_s = rep.at("phases").value("total_s", 0.0);
        validate_record(r, rp.string());
        b.records.push_back(std::move(r));
    }
    for (auto &[backend, pr] : peaks) {
        json probe = probes[backend];
        if (probe.is_null()) probe = {{"supported", false}, {"reason", "no probe output"}};
        std::string target = pr.first.empty() ? "" : pr.first[0].target;
        json prof = device_profile_from_runs(backend, target, probe, pr.first, pr.second);
        prof["measured_at"] = run.value("started", m.value("created_at", ""));
        b.profiles.push_back(prof);
    }
    if (fs::exists(dir / "pytorch.json")) {
        b.pytorch = parse_json_file(dir / "pytorch.json");
        if (!b.pytorch.is_object() || !b.pytorch.contains("tasks") || !b.pytorch.at("tasks").is_object()) {
            throw std::runtime_error((dir / "pytorch.json").string() + ": field 'tasks': missing or not an object");
        }
    }
    return b;
}

}  // namespace

IngestBatch load_results(const fs::path &path) {
    if (!fs::exists(path)) throw std::runtime_error(path.string() + ": no such file or directory");
    if (fs::is_directory(path)) {
        if (fs::exists(path / "index.jsonl") || fs::exists(path / "reports")) return load_results_dir(path);
        if (fs::is_directory(path / "results")) return load_results_dir(path / "results");
        throw std::runtime_error(path.string() + ": neither bundle results (index.jsonl, reports/) nor a bundle with results/ "
                                 "(run ./run there first)");
    }
    return load_jsonl(path);
}

// ---------------------------------------------------------------------------------------
// Summary

namespace {

std::string fmt(double v, int prec = 2) {
    if (std::isnan(v)) return "-";
    char buf[64];
    snprintf(buf, sizeof(buf), "%.*f", prec, v);
    return buf;
}

std::string distribution(std::vector<double> v) {
    if (v.empty()) return "| - | - | - | - | 0 |";
    std::sort(v.begin(), v.end());
    double med = v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
    return "| " + fmt(v.front()) + "x | " + fmt(med) + "x | " + fmt(geomean(v)) + "x | " + fmt(v.back()) + "x | " +
           std::to_string(v.size()) + " |";
}

}  // namespace

std::string bundle_summary_markdown(const IngestBatch &b) {
    std::ostringstream md;
    std::map<std::string, std::map<std::string, std::map<std::string, const ResultRecord *>>> by;  // backend, task, producer
    for (const auto &r : b.records) by[r.backend][r.task_id][r.producer] = &r;
    std::string device;
    for (const auto &r : b.records) {
        json env = json::parse(r.environment.empty() ? "{}" : r.environment);
        if (env.contains("device") && env["device"].contains("device")) {
            device = env["device"]["device"].get<std::string>();
            break;
        }
    }
    md << "# Bundle results" << (device.empty() ? "" : ": " + device) << "\n\n";
    if (b.manifest.is_object()) {
        md << "Bundle `" << b.manifest.value("bundle_id", "") << "` built " << b.manifest.value("created_at", "") << " with ekb "
           << b.manifest.value("ekb_version", "") << " (suite " << b.manifest.value("suite_hash", "").substr(0, 12)
           << "), per-instance timing cap " << b.manifest["options"].value("time_cap_s", 0.0) << " s.\n\n";
    }
    for (const auto &p : b.profiles) {
        md << "- device probe, " << p.value("backend", "") << ": ";
        if (p.at("gflops").is_number()) md << fmt(p.at("gflops").get<double>(), 0) << " GFLOP/s, ";
        else md << "GFLOP/s not measured, ";
        if (p.at("gbps").is_number()) md << fmt(p.at("gbps").get<double>(), 0) << " GB/s";
        else md << "GB/s not measured";
        if (p.contains("errors")) md << " (" << p.at("errors").dump() << ")";
        md << "; prompt facts " << p.value("prompt", json::object()).dump() << "\n";
    }
    if (!b.profiles.empty()) md << "\n";
    std::map<std::string, double> torch_s;  // task -> geomean eager seconds over instances
    if (b.pytorch.is_object()) {
        for (auto &[task, row] : b.pytorch.at("tasks").items()) {
            std::vector<double> s;
            if (row.contains("instances")) {
                for (auto &[name, v] : row.at("instances").items()) s.push_back(v.at("eager_s").get<double>());
            }
            if (!s.empty() && !row.contains("error")) torch_s[task] = geomean(s);
        }
        md << "PyTorch " << b.pytorch.value("torch_version", "") << " eager on " << b.pytorch.value("device", "")
           << ": " << torch_s.size() << " tasks timed.\n\n";
    }
    // The expert's verdict and time for a task: its own record when it ran, else its side of
    // the naive record's A/B run (verified on every instance there too).
    auto expert_of = [](const std::map<std::string, const ResultRecord *> &p, bool *correct, double *median) {
        *correct = false;
        *median = NAN;
        if (p.contains("expert") && p.at("expert")->status != "not_supported") {
            *correct = p.at("expert")->correct;
            if (p.at("expert")->timed) *median = p.at("expert")->kernel_median_s;
            return true;
        }
        if (p.contains("naive") && p.at("naive")->status != "not_supported") {
            json env = json::parse(p.at("naive")->environment.empty() ? "{}" : p.at("naive")->environment);
            if (!env.contains("expert") || !env["expert"].is_object()) return false;
            *correct = env["expert"]["failure"].is_null() && p.at("naive")->compiled;
            *median = p.at("naive")->expert_median_s;
            return true;
        }
        return false;
    };
    md << "| backend | tasks | expert correct | expert timed | naive correct | naive timed (A/B vs expert) |\n"
          "|---|---|---|---|---|---|\n";
    for (const auto &[backend, tasks] : by) {
        int ec = 0, et = 0, nc = 0, nt = 0, ek = 0;
        for (const auto &[t, p] : tasks) {
            bool c;
            double m;
            if (expert_of(p, &c, &m)) {
                ek++;
                ec += c;
                et += !std::isnan(m);
            }
            if (p.contains("naive")) {
                nc += p.at("naive")->correct;
                nt += p.at("naive")->timed;
            }
        }
        md << "| " << backend << " | " << tasks.size() << " | " << ec << " / " << ek << " | " << et << " | " << nc << " | "
           << nt << " |\n";
    }
    md << "\nExpert over naive (naive median / expert median, geomean over instances, both timed in the naive "
          "record's A/B run on the device):\n\n| backend | min | median | geomean | max | tasks |\n|---|---|---|---|---|---|\n";
    for (const auto &[backend, tasks] : by) {
        std::vector<double> v;
        for (const auto &[t, p] : tasks) {
            if (p.contains("naive") && p.at("naive")->timed && !std::isnan(p.at("naive")->speedup) && p.at("naive")->speedup > 0) {
                v.push_back(1.0 / p.at("naive")->speedup);
            }
        }
        md << "| " << backend << " " << distribution(v) << "\n";
    }
    if (!torch_s.empty()) {
        md << "\nExpert vs PyTorch eager (eager median / expert median, geomean over instances; > 1: the expert is "
              "faster; the tasks PyTorch timed):\n\n| backend | min | median | geomean | max | tasks |\n|---|---|---|---|---|---|\n";
        std::map<std::string, std::vector<std::pair<double, std::string>>> rows;
        for (const auto &[backend, tasks] : by) {
            std::vector<double> v;
            for (const auto &[t, p] : tasks) {
                bool c;
                double m;
                if (!torch_s.contains(t) || !expert_of(p, &c, &m) || std::isnan(m) || m <= 0) continue;
                v.push_back(torch_s[t] / m);
                rows[backend].push_back({torch_s[t] / m, t});
            }
            md << "| " << backend << " " << distribution(v) << "\n";
        }
        for (auto &[backend, r] : rows) {
            std::sort(r.begin(), r.end());
            md << "\n" << backend << ", slowest against eager: ";
            for (size_t i = 0; i < r.size() && i < 8; i++) md << (i ? ", " : "") << r[i].second << " " << fmt(r[i].first) << "x";
            md << "\n";
        }
    }
    md << "\n## Failed\n\n";
    int failed = 0;
    for (const auto &[backend, tasks] : by) {
        for (const auto &[t, p] : tasks) {
            for (const auto &[prod, r] : p) {
                if (r->status == "timed" || (r->status == "correct" && prod == "expert")) continue;
                failed++;
                md << "- " << t << " / " << backend << " / " << prod << ": " << r->status;
                if (!r->failure_code.empty()) md << " [" << r->failure_stage << "/" << r->failure_code << "] " << clip(r->failure_message, 200);
                md << "\n";
            }
        }
    }
    if (!failed) md << "(none)\n";
    md << "\n## Not run\n\n";
    for (const auto &n : b.not_run) md << "- " << n << "\n";
    if (b.not_run.empty()) md << "(none)\n";
    return md.str();
}

}  // namespace ekb
