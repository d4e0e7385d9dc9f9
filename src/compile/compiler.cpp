#include "compile/compiler.h"

#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "common/backend_table.h"
#include "common/files.h"
#include "common/sha256.h"
#include "common/subprocess.h"
#include "common/untrusted_file.h"
#include "compile/diagnostics.h"
#include "compile/object_check.h"
#include "compile/toolchain.h"
#include "kernel/source_check.h"

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

// Objects are 10 KB to a few MB; a bigger one is not a pipeline.
constexpr size_t k_max_object_bytes = 256ull << 20;

SpawnSpec confined(const fs::path &work, std::vector<std::string> argv, double wall, uint64_t mem,
                   const std::string &log_name, const fs::path &toolchain_root) {
    SpawnSpec s;
    // Sees the system and the toolchain (if any) read-only, its work directory read-write,
    // nothing else.
    s.sandbox = SandboxMounts{{}, {}, false};
    if (!toolchain_root.empty()) s.sandbox->read_only.push_back(toolchain_root);
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

// The object check's disassembler (object_check.h): llvm-objdump, confined like the link,
// on a copy of the bytes in a directory of its own. Only called when raw system-call bytes
// were found (rare: they occur inside other instructions of ordinary code).
Disassembler confined_disassembler(Toolchain &tc, uint64_t memory_bytes) {
    std::string tool = tc.disassembler();
    if (tool.empty()) return nullptr;
    return [&tc, tool, memory_bytes](const std::string &bytes) -> std::optional<std::string> {
        fs::create_directories(tc.cache_root() / "work");
        TempDir dir("disasm-", tc.cache_root() / "work");
        ::chmod(dir.path().c_str(), 0755);
        write_public(dir.path() / "object", bytes);
        SpawnSpec s = confined(dir.path(), {tool, "-d", "--no-show-raw-insn", "object"}, 60, memory_bytes, "disasm",
                               fs::path());
        if (!run_process(s).ok()) return std::nullopt;
        UntrustedRead out = read_untrusted(s.stdout_path, 1ull << 30);
        if (!out.ok() || out.truncated) return std::nullopt;
        return std::move(out.bytes);
    };
}

}  // namespace

std::string compile_failure_code(const std::string &stage) {
    if (stage == "source_check") return "kernel_rejected";
    if (stage == "compile") return "compile_error";
    if (stage == "generate") return "generate_error";
    if (stage == "link") return "link_error";
    return "object_rejected";
}

LinkResult link_pipeline_object(Toolchain &tc, const std::string &object_bytes, uint64_t memory_bytes) {
    LinkResult lr;
    double t0 = monotonic_seconds();
    // A directory of its own under the trusted work root, not inside the generate step's
    // work directory (whose owner, the kernel's uid, could rename it): only the checked
    // bytes are there, and the linker, confined like generate, sees nothing else.
    fs::create_directories(tc.cache_root() / "work");
    TempDir dir("link-", tc.cache_root() / "work");
    ::chmod(dir.path().c_str(), 0755);
    write_public(dir.path() / "pipeline.o", object_bytes);
    SpawnSpec s = confined(dir.path(), tc.pipeline_link_args("pipeline.o", "pipeline.so"), 60, memory_bytes, "link",
                           fs::path());
    ExitInfo e = run_process(s);
    lr.log = logs_of(s);
    lr.seconds = monotonic_seconds() - t0;
    if (!e.ok()) {
        lr.stage = "link";
        lr.timed_out = e.timed_out;
        lr.message = "linking the checked pipeline object failed (the linker " + e.describe() + ")\n" + clip(lr.log, 4000);
        return lr;
    }
    UntrustedRead so = read_untrusted(dir.path() / "pipeline.so", k_max_object_bytes);
    ObjectCheckResult oc = so.ok() && !so.truncated
                               ? check_linked_pipeline(so.bytes, "pipeline.so", confined_disassembler(tc, memory_bytes))
                               : ObjectCheckResult{false, "pipeline.so: " + (so.problem.empty() ? std::string("unreadable") : so.problem)};
    if (!oc.ok) {
        lr.stage = "object_check";
        lr.message = oc.message;
        return lr;
    }
    lr.ok = true;
    lr.shared_object = std::move(so.bytes);
    return lr;
}

CompileResult compile_kernel(Toolchain &tc, const Task &task, const std::string &backend, const std::string &target,
                             const std::string &kernel_source, const CompileOptions &opts) {
    json sig = signature_json(task);
    std::string algorithm = read_file(task.algorithm_path());
    std::string allowlist_text = read_file(tc.allowlist_dir() / (backend_info(backend).allowlist + ".txt"));
    Sha256 h;
    for (const std::string &part : {tc.id(), target, backend, kernel_source, algorithm, sig.dump(), allowlist_text,
                                    std::string(k_object_check_rules), std::string(k_source_check_rules)}) {
        h.update(std::to_string(part.size()) + ":");
        h.update(part);
    }
    CompileResult r;
    r.key = h.hex();
    r.target = target;
    // 0. the source pre-check: Halide::Internal and extern stages never reach a compiler.
    if (std::string why = kernel_source_problem(kernel_source); !why.empty()) {
        r.stage = "source_check";
        r.message = "the kernel file is rejected: " + why;
        return r;
    }
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

    std::string linked;  // the checked shared object (step 4)
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
        } else if (e2.exit_code == 4 && !e2.timed_out && e2.signal == 0) {
            // The GPU rule (device_placement.h), found on the lowered pipeline.
            r.stage = "object_check";
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
    UntrustedRead obj = read_untrusted(work.path() / "pipeline.o", k_max_object_bytes);
    ObjectCheckResult oc;
    if (!obj.ok() || obj.truncated) {
        oc = {false, obj.truncated ? "pipeline.o is larger than " + std::to_string(k_max_object_bytes >> 20) + " MiB"
                     : obj.status == UntrustedRead::Status::missing ? std::string("pipeline.o: the generator wrote no pipeline object")
                                                                    : "pipeline.o refused: " + obj.problem};
    } else {
        oc = check_pipeline_object(obj.bytes, "pipeline.o", load_allowlist(tc.allowlist_dir(), backend), "ekb_pipeline",
                                   confined_disassembler(tc, opts.memory_bytes));
    }
    r.seconds_check = monotonic_seconds() - t3;
    if (!oc.ok) {
        r.stage = "object_check";
        r.message = oc.message;
        return finish(true);
    }

    // 4. link the checked bytes alone, confined, and check what the linker made.
    LinkResult lr = link_pipeline_object(tc, obj.bytes, opts.memory_bytes);
    r.seconds_link = lr.seconds;
    if (!lr.ok) {
        r.stage = lr.stage;
        r.message = lr.message;
        return finish(!lr.timed_out);
    }
    linked = std::move(lr.shared_object);
    r.artifact_bytes = static_cast<int64_t>(linked.size());
    r.ok = true;
    return finish(true);
}

}  // namespace ekb
