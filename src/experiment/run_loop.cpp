#include "experiment/run_loop.h"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "common/files.h"
#include "common/paths.h"
#include "common/sha256.h"
#include "common/subprocess.h"
#include "compile/backend.h"
#include "compile/toolchain.h"
#include "eval/record_builder.h"
#include "experiment/progress.h"
#include "llm/model_spec.h"
#include "device/profile.h"
#include "produce/producer.h"
#include "record/store.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// How long a profile (ProduceContext::profile) runs the kernel: ~300 samples of the profiler.
constexpr double k_profile_seconds = 0.3;

// Compiles may run together; an evaluation on the local CPU runs alone. Writer preference:
// once a lane waits, no new compile step starts.
class QuietGate {
public:
    void compile_begin() {
        std::unique_lock<std::mutex> l(mu_);
        cv_.wait(l, [&] { return !timing_ && waiting_ == 0; });
        compiling_++;
    }
    void compile_end() {
        std::lock_guard<std::mutex> l(mu_);
        compiling_--;
        cv_.notify_all();
    }
    void timing_begin() {
        std::unique_lock<std::mutex> l(mu_);
        waiting_++;
        cv_.wait(l, [&] { return compiling_ == 0 && !timing_; });
        waiting_--;
        timing_ = true;
    }
    void timing_end() {
        std::lock_guard<std::mutex> l(mu_);
        timing_ = false;
        cv_.notify_all();
    }

private:
    std::mutex mu_;
    std::condition_variable cv_;
    int compiling_ = 0, waiting_ = 0;
    bool timing_ = false;
};

struct CompileStep {
    QuietGate &gate;
    bool quiet;
    CompileStep(QuietGate &g, bool q) : gate(g), quiet(q) {
        if (quiet) gate.compile_begin();
    }
    ~CompileStep() {
        if (quiet) gate.compile_end();
    }
};

// The time a sample's check or profile waits for the machine (a compile slot, the quiet
// timing gate): not the sample's time (excluded from its budget), summed so that its device
// time leaves it out.
struct Waits {
    Budget &budget;
    double total = 0;
    template <class Take>
    double operator()(Take &&take) {
        double t = monotonic_seconds();
        take();
        double w = monotonic_seconds() - t;
        total += w;
        budget.exclude_wait(w);
        return w;
    }
};

struct Job {
    SampleId id;
    const Task *task = nullptr;
    Production prod;
    std::shared_ptr<Budget> budget;
    double produce_s = 0;
    double compile_s = 0;          // the compile stage's own time (0 on a cache hit)
    std::string harness_error;     // set: the sample cannot be evaluated now
};

// A queue of jobs for one timing device.
struct Lane {
    std::string name;
    bool local_cpu = false;
    int threads = 1;  // evaluations at once (fabric: one per connected worker)
    std::deque<Job> queue;
};

// The timing lane of a backend (its row's rule): evaluations in one lane run one at a time,
// and the host lane also waits for compiles to stop.
std::string lane_for(const std::string &backend, Toolchain &tc, std::map<std::string, bool> &cpu_device_cache) {
    const Backend &b = backend_info(backend);
    switch (b.lane) {
        case TimingLane::host:
            return "host";
        case TimingLane::own_device:
            return b.name;
        case TimingLane::host_if_cpu_device:
            break;
    }
    auto it = cpu_device_cache.find(b.name);
    if (it == cpu_device_cache.end()) {
        bool cpu = true;
        try {
            // PoCL and other CPU OpenCL runtimes report a CPU device: they time on the host.
            json p = probe_backend(tc, b.name);
            std::string type = p.value("device", json::object()).value("device_type", "");
            cpu = !p.value("supported", false) || type == device_class_name(DeviceClass::cpu);
        } catch (const std::exception &) {
        }
        it = cpu_device_cache.emplace(b.name, cpu).first;
    }
    return it->second ? "host" : b.name;
}

ResultRecord record_without_kernel(const Job &job, const Suite &suite) {
    ResultRecord r = new_record({job.task, job.id.backend, job.id.producer, job.id.model, job.id.sample, ""}, suite, "");
    mark_no_kernel(r, job.prod.error_code, job.prod.error_message);
    r.environment = json{{"confinement", confinement_summary()}, {"backend", job.id.backend}}.dump();
    return r;
}

// Models, device profiles and `check` for the producers of one run.
class RunContext : public ProduceContext {
public:
    RunContext(const Experiment &exp, Toolchain &tc, Evaluator &ev, QuietGate &gate,
               const std::map<std::string, std::string> &lane_of, const RunOptions &opts)
        : exp_(exp), tc_(tc), ev_(ev), gate_(gate), lane_of_(lane_of), opts_(opts) {}

    ChatModel &chat(const std::string &model) override {
        std::lock_guard<std::mutex> l(mu_);
        auto it = models_.find(model);
        if (it != models_.end()) return *it->second;
        ModelSpec spec = parse_model_spec(model);
        if (spec.provider == "builtin") throw LlmError(LlmError::Kind::config, "the builtin model has no chat interface");
        if (!config_) config_ = load_llm_config();
        if (!cache_) cache_ = std::make_shared<ResponseCache>(opts_.llm_cache_dir.empty() ? cache_dir() / "llm" : opts_.llm_cache_dir);
        std::unique_ptr<ChatModel> m;
        if (spec.replay) {
            ModelSpec inner = spec;
            inner.replay = false;
            m = std::make_unique<CachedChat>(nullptr, inner.text(), cache_, CacheMode::read, true);
        } else {
            m = std::make_unique<CachedChat>(make_http_chat(spec, *config_), spec.text(), cache_, opts_.cache_mode, false);
        }
        return *models_.emplace(model, std::move(m)).first->second;
    }

    double cost(const std::string &model, int64_t in, int64_t out) const override {
        std::lock_guard<std::mutex> l(mu_);
        if (!config_) return 0;
        try {
            return config_->cost(parse_model_spec(model).text(), in, out);
        } catch (const std::exception &) {
            return 0;
        }
    }

    DeviceProfile device_profile(const std::string &backend) override {
        std::lock_guard<std::mutex> l(mu_);
        auto it = profiles_.find(backend);
        if (it == profiles_.end()) {
            // Through the fabric, prompts describe the remote device a worker registered.
            json remote = ev_.remote() ? ev_.remote()->device(backend) : json();
            DeviceProfile p = remote.is_object() ? profile_from_probe(backend, {{"supported", true}, {"device", remote}})
                                                 : local_device_profile(tc_, backend);
            it = profiles_.emplace(backend, p).first;
        }
        return it->second;
    }

    // A check's evaluation request: visible instances, the search seed, the check's time cap.
    EvalRequest check_request(const Task &task, const std::string &backend, const std::string &source,
                              uint64_t search_seed) const {
        EvalRequest req;
        req.task = &task;
        req.backend = backend;
        req.kernel_source = source;
        req.kernel_name = "check.cpp";
        req.producer = "check";
        req.seed = search_seed & 0x7fffffffffffffffull;
        req.threads = exp_.settings().threads;
        req.confine = exp_.settings().confine;
        req.timing.enabled = exp_.settings().timing;
        req.timing.cap_seconds = std::min(exp_.settings().time_cap_seconds, 0.5);
        req.call_seconds = opts_.call_seconds;
        req.compile.compile_seconds = req.compile.generate_seconds = opts_.compile_seconds;
        for (const Instance *i : task.visible_instances()) req.instance_names.push_back(i->name);
        return req;
    }

    // What a check or profile starting now may take under the sample's device-seconds and
    // wall caps, less a margin for process teardown (so the caps hold exactly); 0: none.
    static double check_deadline(const Budget &budget) {
        double left = budget.deadline_seconds();
        if (std::isinf(left)) return 0;
        double d = left * 0.9 - 0.25;
        return d > 0 ? d : -1;   // -1: too little left to start anything
    }

    Feedback check(const Task &task, const std::string &backend, const std::string &source, uint64_t search_seed,
                   Budget &budget, const std::string &account) override {
        Feedback fb;
        std::string why;
        if (!budget.can_compile(&why) || check_deadline(budget) < 0) {  // every path: a producer that forgot to ask is still held
            if (why.empty()) why = "too little device or wall time is left for a check";
            fb.stage = "produce";
            fb.code = "budget_exhausted";
            fb.message = why;
            return fb;
        }
        budget.charge_compile(account);
        EvalRequest req = check_request(task, backend, source, search_seed);
        bool local = lane_of_.count(backend) && lane_of_.at(backend) == "host";
        ResultRecord r;
        // The candidate compiles beside other samples' compiles; only its conductor run waits
        // for the quiet machine (no compile, no other timing). Device time counts from the
        // check's start less the waits (a wait for the machine is not the producer's), and the
        // evaluation's deadline moves by the same waits.
        double t0 = monotonic_seconds();
        req.deadline_seconds = check_deadline(budget);
        EvalDeadline deadline(req.deadline_seconds);
        Waits waits{budget};
        auto wait_for = [&](auto &&take) { deadline.extend(waits(take)); };
        auto ran_out = [&] {
            return req.deadline_seconds > 0 && monotonic_seconds() - t0 - waits.total >= req.deadline_seconds * 0.9;
        };
        EvalPhases phases;  // the task's trusted builds (reference, expert; cached) are not the producer's time
        bool timing = false;
        try {
            PreparedEval p;
            {
                std::optional<CompileStep> step;
                wait_for([&] { step.emplace(gate_, local); });
                p = ev_.prepare(req, deadline);
            }
            if (local && p.runnable) {
                wait_for([&] { gate_.timing_begin(); });
                timing = true;
            }
            r = ev_.finish(req, p, deadline, t0, &phases);
        } catch (const std::exception &e) {
            if (timing) gate_.timing_end();
            budget.charge_device(account, monotonic_seconds() - t0 - waits.total - phases.trusted_s);
            fb.stage = "run";
            fb.code = ran_out() ? "budget_exhausted" : "harness_error";
            fb.message = std::string(ran_out() ? "the budget's time ran out during the check: " : "the check could not run: ") + e.what();
            return fb;
        }
        if (timing) gate_.timing_end();
        budget.charge_device(account, monotonic_seconds() - t0 - waits.total - phases.trusted_s);
        if (!r.correct && ran_out()) {  // a compile or run cut short by the deadline
            fb.stage = r.failure_stage;
            fb.code = "budget_exhausted";
            fb.message = "the budget's time ran out during the check (" + r.failure_code + ")";
            return fb;
        }
        fb.compiled = r.compiled;
        fb.correct = r.correct;
        fb.timed = r.timed;
        fb.stage = r.failure_stage;
        fb.code = r.failure_code;
        fb.message = r.failure_message;
        fb.instance = r.failure_instance;
        fb.speedup = r.speedup;
        fb.speedup_lo = r.speedup_ci_lo;
        fb.speedup_hi = r.speedup_ci_hi;
        fb.loop_nest = r.loop_nest;
        if (!r.instances.empty()) {
            for (const auto &ij : json::parse(r.instances)) {
                if (!ij.contains("timing")) continue;
                const auto &t = ij["timing"];
                fb.times.push_back({ij.value("name", ""), {t["candidate"].value("median_s", NAN),
                                                           t.contains("expert") ? t["expert"].value("median_s", NAN) : NAN}});
            }
        }
        return fb;
    }

    json profile(const Task &task, const std::string &backend, const std::string &source, uint64_t search_seed,
                 Budget &budget, const std::string &account) override {
        if (!exp_.settings().timing) return nullptr;  // --no-timing: nothing is timed, nothing profiled
        if (check_deadline(budget) < 0) return nullptr;
        EvalRequest req = check_request(task, backend, source, search_seed);
        bool local = lane_of_.count(backend) && lane_of_.at(backend) == "host";
        // As a check: the profiled build compiles beside other samples' compiles, only its
        // run waits for the quiet machine, and the waits are not the sample's time.
        double t0 = monotonic_seconds();
        Waits waits{budget};
        req.deadline_seconds = check_deadline(budget);
        bool timing = false;
        json p;
        try {
            std::optional<CompileStep> step;
            waits([&] { step.emplace(gate_, local); });
            p = ev_.profile(req, k_profile_seconds, [&] {
                step.reset();
                if (!local) return 0.0;
                double w = waits([&] { gate_.timing_begin(); });
                timing = true;
                return w;
            });
        } catch (const std::exception &e) {
            p = {{"error", std::string("the profile could not run: ") + e.what()}};
        }
        if (timing) gate_.timing_end();
        budget.charge_device(account, monotonic_seconds() - t0 - waits.total);
        return p;
    }

    std::string pipeline_graph(const Task &task, const std::string &backend) override {
        {
            std::lock_guard<std::mutex> l(mu_);
            if (auto it = graphs_.find(task.id + "|" + backend); it != graphs_.end()) return it->second;
        }
        bool local = lane_of_.count(backend) && lane_of_.at(backend) == "host";
        CompileResult c;
        {
            CompileStep step(gate_, local);
            CompileOptions co;
            co.compile_seconds = co.generate_seconds = opts_.compile_seconds;
            c = compile_kernel(tc_, task, backend, candidate_target(backend, false), read_file(task.naive_kernel()), co);
        }
        if (!c.ok || c.pipeline_graph.empty()) {
            throw std::runtime_error("task " + task.id + ": its naive kernel does not build on " + backend +
                                     (c.ok ? " with a pipeline graph" : ": " + c.message));
        }
        std::lock_guard<std::mutex> l(mu_);
        graphs_[task.id + "|" + backend] = c.pipeline_graph;
        return c.pipeline_graph;
    }

    // The samples this run will produce, so production_of knows what to wait for.
    void expect(const std::string &key) {
        std::lock_guard<std::mutex> l(mu_);
        expected_.insert(key);
    }
    void delivered(const std::string &key, const Production &p) {
        std::lock_guard<std::mutex> l(mu_);
        produced_.emplace(key, p);  // the first delivery counts
        produced_cv_.notify_all();
    }
    void abandon() {
        std::lock_guard<std::mutex> l(mu_);
        abandoned_ = true;
        produced_cv_.notify_all();
    }

    std::optional<Production> production_of(const Task &task, const std::string &backend, const std::string &producer,
                                            const std::string &model, int64_t sample, std::string *why) override {
        SampleId id{task.id, backend, producer, model, sample};
        std::string key = id.key();
        auto fail = [&](const std::string &w) -> std::optional<Production> {
            if (why) *why = w;
            return std::nullopt;
        };
        {
            std::unique_lock<std::mutex> l(mu_);
            if (expected_.count(key)) {
                produced_cv_.wait(l, [&] { return produced_.count(key) || abandoned_; });
                if (!produced_.count(key)) return fail(id.label() + " was not produced: the run stopped early");
                const Production &p = produced_.at(key);
                if (!p.ok) return fail(id.label() + " failed: " + p.error_code + ": " + p.error_message);
                return p;
            }
        }
        // An earlier run of this experiment: its record, kernel file and trace.
        for (const auto &r : ResultStore(exp_.store_path()).all()) {
            if (r.record_key != key) continue;
            if (r.kernel_path.empty() || !fs::exists(exp_.dir() / r.kernel_path)) {
                return fail(id.label() + " is stored without a kernel (" + r.status + ")");
            }
            Production p;
            p.ok = true;
            p.source = read_file(exp_.dir() / r.kernel_path);
            p.kernel_name = r.kernel_name;
            p.trace = r.trace;
            p.transcript = r.transcript;
            return p;
        }
        return fail(id.label() + " is neither in this run nor stored in experiment " + exp_.name());
    }

private:
    std::map<std::string, std::string> graphs_;
    std::set<std::string> expected_;
    std::map<std::string, Production> produced_;
    std::condition_variable produced_cv_;
    bool abandoned_ = false;
    const Experiment &exp_;
    Toolchain &tc_;
    Evaluator &ev_;
    QuietGate &gate_;
    const std::map<std::string, std::string> &lane_of_;
    const RunOptions &opts_;
    mutable std::mutex mu_;
    std::map<std::string, std::unique_ptr<ChatModel>> models_;
    std::map<std::string, DeviceProfile> profiles_;
    std::optional<LlmConfig> config_;
    std::shared_ptr<ResponseCache> cache_;

public:
    int64_t http_calls() const {
        std::lock_guard<std::mutex> l(mu_);
        int64_t n = 0;
        for (auto &[k, m] : models_) {
            if (auto *c = dynamic_cast<CachedChat *>(m.get())) n += c->http_calls();
        }
        return n;
    }
};

}  // namespace

std::vector<SampleId> expand_matrix(const RunOptions &opts) {
    std::vector<SampleId> out;
    std::set<std::string> seen;
    for (const std::string &pspec : opts.producers) {
        auto producer = make_producer(pspec, opts.producer);
        std::vector<std::string> models = producer->uses_model() ? opts.models : std::vector<std::string>{""};
        if (models.empty()) throw std::invalid_argument("producer " + pspec + " needs a model (--models)");
        for (const Task *t : opts.tasks) {
            for (const std::string &b : opts.backends) {
                for (const std::string &m : models) {
                    for (int s = 0; s < opts.samples; s++) {
                        SampleId id{t->id, b, producer->name(), m, s};
                        if (seen.insert(id.key()).second) out.push_back(id);
                    }
                }
            }
        }
    }
    return out;
}

RunSummary run_experiment(Experiment &exp, const Suite &suite, Toolchain &tc, const RunOptions &opts) {
    RunSummary sum;
    std::vector<SampleId> matrix = expand_matrix(opts);
    sum.total = static_cast<int>(matrix.size());
    std::map<std::string, std::unique_ptr<Producer>> producers;
    for (const std::string &p : opts.producers) {
        auto prod = make_producer(p, opts.producer);
        std::string name = prod->name();
        producers.emplace(name, std::move(prod));
    }

    ResultStore store(exp.store_path());
    std::vector<std::string> stored = store.keys();
    std::set<std::string> have(stored.begin(), stored.end());
    std::deque<SampleId> pending;
    for (const SampleId &id : matrix) {
        if (have.count(id.key())) sum.already_stored++;
        else pending.push_back(id);
    }
    fs::create_directories(exp.dir() / "kernels");

    // Lanes, one per timing device.
    std::map<std::string, bool> opencl_cpu;
    std::map<std::string, std::string> lane_of;  // backend -> lane
    std::map<std::string, Lane> lanes;
    for (const std::string &b : opts.backends) {
        std::string l = opts.remote ? "fabric:" + b : lane_for(b, tc, opencl_cpu);
        lane_of[b] = l;
        lanes[l].name = l;
        lanes[l].local_cpu = (l == "host");
        if (opts.remote) lanes[l].threads = std::max(1, opts.remote->lanes(b));
    }

    Progress progress(sum.total, sum.already_stored, opts.progress_bar);
    Evaluator evaluator(suite, tc);
    evaluator.set_remote(opts.remote);
    QuietGate gate;
    RunContext ctx(exp, tc, evaluator, gate, lane_of, opts);
    // Producers seeded from another sample (leka-from-<backend>) wait for it: they go last,
    // so whatever they wait for is already taken by a worker.
    std::stable_partition(pending.begin(), pending.end(),
                          [](const SampleId &id) { return id.producer.find("-from-") == std::string::npos; });
    for (const SampleId &id : pending) ctx.expect(id.key());
    std::mutex mu;                  // guards pending, lanes' queues, counters, trusted
    std::condition_variable cv;
    int producing = 0;
    size_t lane_slots = 0;
    for (auto &[n, l] : lanes) lane_slots += static_cast<size_t>(l.threads);
    const size_t lookahead = std::max<size_t>({2, static_cast<size_t>(opts.jobs) * 2, lane_slots * 2});
    std::map<std::string, std::string> trusted;  // task|backend -> "" (built) or the error
    std::mutex trusted_mu;

    auto trusted_ready = [&](const Task &task, const std::string &backend, bool quiet) -> std::string {
        std::lock_guard<std::mutex> l(trusted_mu);
        std::string k = task.id + "|" + backend;
        if (auto it = trusted.find(k); it != trusted.end()) return it->second;
        std::string err;
        try {
            CompileStep step(gate, quiet);
            evaluator.reference_artifact(task);
            evaluator.expert_artifact(task, backend);
        } catch (const std::exception &e) {
            err = e.what();
        }
        trusted[k] = err;
        return err;
    };

    auto lane_has_room = [&] {
        size_t queued = 0;
        for (auto &[n, l] : lanes) queued += l.queue.size();
        return queued < lookahead;
    };

    int jobs = opts.jobs > 0 ? opts.jobs : std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
    std::vector<std::thread> workers;
    for (int w = 0; w < jobs; w++) {
        workers.emplace_back([&] {
            while (true) {
                Job job;
                {
                    std::unique_lock<std::mutex> l(mu);
                    cv.wait(l, [&] { return pending.empty() || lane_has_room() || !sum.aborted.empty(); });
                    if (pending.empty() || !sum.aborted.empty()) return;
                    job.id = pending.front();
                    pending.pop_front();
                    producing++;
                }
                job.task = suite.find(job.id.task);
                const std::string &lane = lane_of[job.id.backend];
                bool quiet = lanes[lane].local_cpu;
                try {
                    Producer &p = *producers.at(job.id.producer);
                    job.budget = std::make_shared<Budget>(opts.budget);
                    ProduceRequest req{job.task, job.id.backend, job.id.model, job.id.sample, exp.producer_seed(job.id),
                                       exp.dir(), job.id.key(), &ctx, job.budget.get()};
                    double t0 = monotonic_seconds();
                    job.prod = p.produce(req);
                    job.produce_s = monotonic_seconds() - t0;
                    ctx.delivered(job.id.key(), job.prod);
                    if (job.prod.ok) {
                        write_file(exp.kernel_path(job.id.key()), job.prod.source);
                        job.harness_error = trusted_ready(*job.task, job.id.backend, quiet);
                        if (job.harness_error.empty()) {
                            CompileOptions co;
                            co.compile_seconds = co.generate_seconds = opts.compile_seconds;
                            CompileStep step(gate, quiet);
                            CompileResult c = compile_kernel(tc, *job.task, job.id.backend,
                                                             candidate_target(job.id.backend, job.prod.naive_baseline),
                                                             job.prod.source, co);
                            job.compile_s = c.cache_hit ? 0 : c.seconds_compile + c.seconds_generate + c.seconds_check + c.seconds_link;
                        }
                    }
                } catch (const LlmError &e) {
                    Production failed;
                    failed.error_code = "harness_error";
                    if (e.transient()) {
                        // The network, the server or a proxy failed after its retries: not the
                        // model's answer, so nothing is stored and the same command retries it.
                        job.harness_error = std::string("transient model failure (") + LlmError::kind_name(e.kind) +
                                            ", not stored): " + e.what();
                        failed.error_message = job.harness_error;
                        ctx.delivered(job.id.key(), failed);
                        std::lock_guard<std::mutex> l(mu);
                        sum.transient_failures++;
                    } else {
                        // A wrong key, URL or model string fails every sample alike: stop the run.
                        job.harness_error = std::string("the model failed: ") + e.what();
                        failed.error_message = job.harness_error;
                        ctx.delivered(job.id.key(), failed);
                        std::lock_guard<std::mutex> l(mu);
                        if (sum.aborted.empty()) sum.aborted = e.what();
                        pending.clear();
                        ctx.abandon();
                    }
                } catch (const std::exception &e) {
                    job.harness_error = std::string("producing or compiling failed: ") + e.what();
                    Production failed;
                    failed.error_code = "harness_error";
                    failed.error_message = job.harness_error;
                    ctx.delivered(job.id.key(), failed);
                }
                std::lock_guard<std::mutex> l(mu);
                producing--;
                lanes[lane].queue.push_back(std::move(job));
                cv.notify_all();
            }
        });
    }

    std::mutex store_mu;
    std::vector<std::thread> lane_threads;
    for (auto &[name, lane_ref] : lanes) {
        Lane *lane = &lane_ref;
        for (int lt = 0; lt < lane->threads; lt++) lane_threads.emplace_back([&, lane] {
            while (true) {
                Job job;
                {
                    std::unique_lock<std::mutex> l(mu);
                    cv.wait(l, [&] { return !lane->queue.empty() || (pending.empty() && producing == 0); });
                    if (lane->queue.empty()) return;
                    job = std::move(lane->queue.front());
                    lane->queue.pop_front();
                    cv.notify_all();
                }
                std::string label = job.id.label();
                if (!job.harness_error.empty()) {
                    std::lock_guard<std::mutex> l(mu);
                    sum.harness_errors++;
                    sum.errors.push_back(label + ": " + job.harness_error);
                    progress.finished(label, "harness error: " + job.harness_error, false, true);
                    continue;
                }
                progress.started(label);
                ResultRecord r;
                std::string error;
                if (!job.prod.ok) {
                    r = record_without_kernel(job, suite);
                } else {
                    EvalRequest req;
                    req.task = job.task;
                    req.backend = job.id.backend;
                    req.kernel_source = job.prod.source;
                    req.kernel_name = job.prod.kernel_name;
                    req.producer = job.id.producer;
                    req.model = job.id.model;
                    req.sample = job.id.sample;
                    req.naive_baseline = job.prod.naive_baseline;
                    req.seed = exp.evaluation_seed(job.id);
                    req.threads = exp.settings().threads;
                    req.confine = exp.settings().confine;
                    req.timing.enabled = exp.settings().timing;
                    req.timing.cap_seconds = exp.settings().time_cap_seconds;
                    req.call_seconds = opts.call_seconds;
                    req.compile.compile_seconds = req.compile.generate_seconds = opts.compile_seconds;
                    req.job_key = job.id.key() + "#eval";
                    if (lane->local_cpu) gate.timing_begin();
                    try {
                        r = evaluator.evaluate(req);
                    } catch (const std::exception &e) {
                        error = e.what();
                    }
                    if (lane->local_cpu) gate.timing_end();
                    r.compile_s = job.compile_s;
                    r.transcript = job.prod.transcript;
                    r.trace = job.prod.trace;
                    if (!job.prod.layer_credit.is_null()) r.layer_credit = job.prod.layer_credit.dump();
                }
                if (error.empty()) {
                    r.stop_reason = job.prod.stop_reason;
                    if (job.budget) {
                        BudgetUsage u = job.budget->total();
                        r.llm_calls = u.llm_calls;
                        r.tokens_in = u.tokens_in;
                        r.tokens_out = u.tokens_out;
                        r.cost_usd = u.cost_usd;
                        r.llm_seconds = u.llm_seconds;
                        r.budget = job.budget->to_json().dump();
                    }
                    if (!job.prod.ok) r.transcript = job.prod.transcript;
                    r.record_key = job.id.key();
                    r.experiment = exp.name();
                    r.produce_s = job.produce_s;
                    if (job.prod.ok) r.kernel_path = fs::relative(exp.kernel_path(job.id.key()), exp.dir()).string();
                    try {
                        std::lock_guard<std::mutex> sl(store_mu);
                        store.put(r);
                    } catch (const StoreError &e) {  // a damaged store fails every write: stop, evaluate nothing more
                        error = e.what();
                        std::lock_guard<std::mutex> l(mu);
                        if (sum.aborted.empty()) sum.aborted = e.what();
                        pending.clear();
                        ctx.abandon();
                    } catch (const std::exception &e) {
                        error = e.what();
                    }
                }
                std::lock_guard<std::mutex> l(mu);
                if (!error.empty()) {
                    sum.harness_errors++;
                    sum.errors.push_back(label + ": " + error);
                    progress.finished(label, "harness error: " + clip(error, 600), false, true);
                    continue;
                }
                sum.evaluated++;
                std::string outcome = r.status;
                if (r.status == "timed" && !std::isnan(r.speedup)) outcome += " " + std::to_string(r.speedup).substr(0, 5) + "x";
                if (!r.failure_code.empty()) outcome += " [" + r.failure_stage + "/" + r.failure_code + "]";
                if (opts.remote && !r.environment.empty()) {
                    // Through the fabric: which worker ran it.
                    json env = json::parse(r.environment, nullptr, false);
                    if (env.is_object() && env.contains("fabric") && env["fabric"].is_object()) {
                        outcome += " on " + env["fabric"].value("name", std::string("?"));
                    }
                }
                if (!r.trace.empty() && fs::is_regular_file(exp.dir() / r.trace)) {  // an agent's search, in one line
                    std::string line = search_summary(json::parse(read_file(exp.dir() / r.trace), nullptr, false));
                    if (!line.empty()) outcome += "; " + line;
                }
                progress.finished(label, outcome, r.correct, false);
            }
        });
    }
    for (auto &t : workers) t.join();
    {
        std::lock_guard<std::mutex> l(mu);
        cv.notify_all();
    }
    for (auto &t : lane_threads) t.join();
    sum.http_calls = ctx.http_calls();
    if (!sum.aborted.empty()) progress.message("ekb run: stopped early: " + sum.aborted);
    progress.done();
    return sum;
}

}  // namespace ekb
