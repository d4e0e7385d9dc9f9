#include "compile/compiler.h"

#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "common/files.h"
#include "common/sha256.h"
#include "common/subprocess.h"
#include "common/untrusted_file.h"
#include "compile/diagnostics.h"
#include "compile/object_check.h"
#include "compile/toolchain.h"

namespace ekb {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

json signature_json(const Task &task) {
    auto tensors = [](const std::vector<TensorSpec> &v) {
        json a = json::array();
        for (const auto &t : v) {
            const auto &i = dtype_info(t.dtype);
            a.push_back({{"name", t.name}, {"code", i.halide_code}, {"bits", i.bits}, {"dims", t.shape.size()}});
        }
        return a;
    };
    return {{"inputs", tensors(task.inputs)}, {"outputs", tensors(task.outputs)}};
}

json to_json(const CompileResult &r) {
    return {{"ok", r.ok}, {"stage", r.stage}, {"message", r.message}, {"log", r.log}, {"target", r.target},
            {"key", r.key}, {"loop_nest", r.loop_nest}, {"pipeline_graph", r.pipeline_graph},
            {"artifact_bytes", r.artifact_bytes}};
}

CompileResult from_json(const json &j, const fs::path &dir) {
    CompileResult r;
    r.ok = j.at("ok");
    r.stage = j.at("stage");
    r.message = j.at("message");
    r.log = j.at("log");
    r.target = j.at("target");
    r.key = j.at("key");
    r.loop_nest = j.at("loop_nest");
    r.pipeline_graph = j.value("pipeline_graph", "");
    r.artifact_bytes = j.at("artifact_bytes");
    if (r.ok) r.artifact = dir / "pipeline.so";
    return r;
}

void write_public(const fs::path &p, const std::string &content) {
    write_file(p, content);
    ::chmod(p.c_str(), 0644);
}

SpawnSpec confined(const fs::path &work, std::vector<std::string> argv, double wall, uint64_t mem,
                   const std::string &log_name, const fs::path &toolchain_root) {
    SpawnSpec s;
    // Sees the system and the toolchain read-only, its work directory read-write, nothing else.
    s.sandbox = SandboxMounts{{toolchain_root}, {}, false};
    s.argv = std::move(argv);
    s.env = base_env(work);
    s.cwd = work;
    s.stdout_path = work / (log_name + ".out");
    s.stderr_path = work / (log_name + ".err");
    s.limits.wall_seconds = wall;
    s.limits.address_space_bytes = mem;
    s.limits.cpu_seconds = static_cast<uint64_t>(wall) + 5;
    s.limits.file_size_bytes = 512ull << 20;
    return s;
}

// What a child printed. The work directory is the child's: its logs are read through the
// one audited reader (no symlink, FIFO or hard link followed; capped; invalid UTF-8 escaped).
std::string logs_of(const SpawnSpec &s) {
    return read_untrusted_text(s.stderr_path, 16000, ReadEnd::tail) + read_untrusted_text(s.stdout_path, 4000, ReadEnd::tail);
}

// Caps on what the trusted side reads back from a compile work directory.
constexpr size_t k_loop_nest_cap = 64000;
constexpr size_t k_pipeline_graph_cap = 8u << 20;
constexpr size_t k_object_cap = 256u << 20;
constexpr size_t k_artifact_cap = 512u << 20;

}  // namespace

CompileResult compile_kernel(Toolchain &tc, const Task &task, const std::string &backend, const std::string &target,
                             const std::string &kernel_source, const CompileOptions &opts) {
    json sig = signature_json(task);
    std::string algorithm = read_file(task.algorithm_path());
    std::string allowlist_text = read_file(tc.allowlist_dir() / (backend + ".txt"));
    Sha256 h;
    for (const std::string &part : {tc.id(), target, backend, kernel_source, algorithm, sig.dump(), allowlist_text,
                                    std::string(k_object_check_rules)}) {
        h.update(std::to_string(part.size()) + ":");
        h.update(part);
    }
    CompileResult r;
    r.key = h.hex();
    r.target = target;
    // artifacts/ holds results (logs, loop nests, pipeline objects): 0700, files 0600. Only
    // ekb and its conductor (same uid) read them; workers get the artifact as a memfd.
    fs::path artifacts = tc.cache_root() / "artifacts";
    fs::path dir = artifacts / r.key.substr(0, 2) / r.key;
    if (opts.use_cache && fs::exists(dir / "result.json")) {
        try {
            CompileResult cached = from_json(json::parse(read_file(dir / "result.json")), dir);
            if (!cached.ok || fs::exists(cached.artifact)) {
                cached.cache_hit = true;
                return cached;
            }
        } catch (const std::exception &) {
            // A damaged cache entry is rebuilt below.
        }
    }

    // work/ is traversable (0711) so that each child reaches its own directory; a work
    // directory is 0700 and handed to the child's uid (nobody else can list or read it).
    make_dir_mode(tc.cache_root() / "work", 0711);
    TempDir work("compile-", tc.cache_root() / "work");
    ::chmod(work.path().c_str(), 0700);
    write_public(work.path() / "kernel.cpp", kernel_source);
    write_public(work.path() / "algorithm.h", algorithm);
    write_public(work.path() / "expect.json", sig.dump(2));

    std::string linked;  // the linked artifact's bytes, read from the work directory once
    auto finish = [&](bool cache) {
        make_dir_mode(artifacts, 0700);
        if (cache && opts.use_cache) {
            fs::create_directories(dir);
            if (r.ok) {
                // Written from the bytes read (never a copy by path), to a temporary name,
                // then renamed: a concurrent ekb never sees a half-written artifact.
                write_file_mode(dir / "pipeline.so", linked, 0600);
                r.artifact = dir / "pipeline.so";
            }
            write_file_mode(dir / "result.json", to_json(r).dump(1), 0600);
        } else if (r.ok) {
            // Uncached: keep the artifact in a private directory that outlives the work dir.
            fs::path keep = artifacts / "uncached" / r.key;
            fs::create_directories(keep);
            write_file_mode(keep / "pipeline.so", linked, 0600);
            r.artifact = keep / "pipeline.so";
        }
        return r;
    };

    // 1. compile the kernel's C++ into its generator code.
    std::vector<std::string> cc = tc.kernel_compile_args();
    for (const std::string &a : {std::string("-shared"), std::string("kernel.cpp"), std::string("-o"),
                                 std::string("kernel_gen.so")}) {
        cc.push_back(a);
    }
    if (tc.cxx().find("clang") != std::string::npos) cc.push_back("-fuse-ld=lld");
    SpawnSpec s1 = confined(work.path(), cc, opts.compile_seconds, opts.memory_bytes, "compile", tc.root());
    s1.test_point = "compile_child";
    ExitInfo e1 = run_process(s1);
    r.seconds_compile = e1.wall_seconds;
    std::string log1 = logs_of(s1);
    r.log = clip(log1, 16000);
    if (!e1.ok()) {
        r.stage = "compile";
        r.message = e1.timed_out || e1.signal ? "the C++ compiler " + e1.describe() + "\n" + trim_compiler_errors(log1, work.path().string())
                                              : trim_compiler_errors(log1, work.path().string());
        return finish(!e1.timed_out);
    }

    // 2. run the kernel's generator: Halide lowers and emits the pipeline object.
    SpawnSpec s2 = confined(work.path(),
                            {tc.gen().string(), (work.path() / "kernel_gen.so").string(), target,
                             work.path().string(), (work.path() / "expect.json").string()},
                            opts.generate_seconds, opts.memory_bytes, "generate", tc.root());
    ExitInfo e2 = run_process(s2);
    r.seconds_generate = e2.wall_seconds;
    std::string log2 = logs_of(s2);
    r.log = clip(log1 + log2, 16000);
    if (!e2.ok()) {
        r.stage = "generate";
        if (e2.exit_code == 2 && !e2.timed_out && e2.signal == 0) {
            r.message = trim_generator_errors(log2, work.path().string());
        } else {
            r.message = "the pipeline generator (running the kernel's C++) " + e2.describe() +
                        (log2.empty() ? "" : "\n" + trim_generator_errors(log2, work.path().string()));
        }
        return finish(!e2.timed_out);
    }
    // The kernel's code ran in this directory: everything read back from it goes through
    // the audited reader (a symlink, FIFO or hard link planted there is refused, not read).
    r.loop_nest = clip(read_untrusted_text(work.path() / "loop_nest.txt", k_loop_nest_cap, ReadEnd::tail), k_loop_nest_cap);
    {
        UntrustedRead g = read_untrusted(work.path() / "pipeline.json", k_pipeline_graph_cap);
        // Only a whole, valid JSON document is a graph (its consumers parse it).
        if (g.ok() && !g.truncated && json::accept(g.bytes)) r.pipeline_graph = std::move(g.bytes);
    }

    // 3. the object check, before anything loads the object.
    double t3 = monotonic_seconds();
    UntrustedRead object = read_untrusted(work.path() / "pipeline.o", k_object_cap);
    if (!object.ok() || object.truncated) {
        r.stage = "object_check";
        r.message = !object.ok() ? (object.status == UntrustedRead::Status::missing ? "pipeline.o: the generator wrote no pipeline object"
                                                                                   : "pipeline.o refused: " + object.problem)
                                 : "pipeline.o is larger than " + std::to_string(k_object_cap >> 20) + " MiB";
        r.seconds_check = monotonic_seconds() - t3;
        return finish(true);
    }
    std::string obj = std::move(object.bytes);
    ObjectCheckResult oc = check_pipeline_object(obj, "pipeline.o", load_allowlist(tc.allowlist_dir(), backend));
    r.seconds_check = monotonic_seconds() - t3;
    if (!oc.ok) {
        r.stage = "object_check";
        r.message = oc.message;
        return finish(true);
    }

    // 4. link the object alone: no libc, no runtime (the runner provides both).
    double t4 = monotonic_seconds();
    std::vector<std::string> link = {tc.cxx(), "-shared", "-nostdlib", (work.path() / "pipeline.o").string(), "-o",
                                     (work.path() / "pipeline.so").string()};
    if (tc.cxx().find("clang") != std::string::npos) link.push_back("-fuse-ld=lld");
    run_tool(link, 60, "linking the pipeline object");
    r.seconds_link = monotonic_seconds() - t4;
    UntrustedRead so = read_untrusted(work.path() / "pipeline.so", k_artifact_cap);
    if (!so.ok() || so.truncated) {
        r.stage = "object_check";
        r.message = !so.ok() ? "pipeline.so refused after linking: " + (so.problem.empty() ? std::string("missing") : so.problem)
                             : "pipeline.so is larger than " + std::to_string(k_artifact_cap >> 20) + " MiB";
        return finish(true);
    }
    linked = std::move(so.bytes);
    r.artifact_bytes = static_cast<int64_t>(linked.size());
    r.ok = true;
    return finish(true);
}

}  // namespace ekb
