// bench/sandbox_cost: what confinement costs per child process. Spawns /bin/true N times
// unconfined, with uid + netns + rlimits only, and with bubblewrap + seccomp on top, and
// reports the median wall time of each. Goal (sandbox issue): <= 50 ms per child.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "common/files.h"
#include "common/sandbox.h"
#include "common/subprocess.h"
#include "measure/stats.h"

using namespace ekb;

int main(int argc, char **argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 50;
    TempDir tmp("ekb-sandbox-bench-");
    auto measure = [&](bool confine, SpawnSpec::Bwrap mode) {
        std::vector<double> t;
        for (int i = 0; i < n; i++) {
            SpawnSpec s;
            s.argv = {"/bin/true"};
            s.env = base_env(tmp.path());
            s.cwd = tmp.path();
            s.confine = confine;
            s.sandbox = SandboxMounts{};
            s.use_bwrap = mode;
            double t0 = monotonic_seconds();
            ExitInfo e = run_process(s);
            t.push_back(monotonic_seconds() - t0);
            if (!e.ok()) {
                std::fprintf(stderr, "child failed: %s\n", e.describe().c_str());
                std::exit(1);
            }
        }
        return summarize(t);
    };
    SampleStats plain = measure(false, SpawnSpec::Bwrap::off);
    SampleStats basic = measure(true, SpawnSpec::Bwrap::off);
    std::printf("%d children each (/bin/true), median wall time per child:\n", n);
    std::printf("  unconfined                         %7.2f ms (p90 %.2f)\n", plain.median * 1e3, plain.p90 * 1e3);
    std::printf("  uid + netns + rlimits              %7.2f ms (p90 %.2f)\n", basic.median * 1e3, basic.p90 * 1e3);
    if (bubblewrap_available()) {
        SampleStats full = measure(true, SpawnSpec::Bwrap::force);
        std::printf("  + bubblewrap + seccomp             %7.2f ms (p90 %.2f)\n", full.median * 1e3, full.p90 * 1e3);
        std::printf("confinement cost per child: %.2f ms (goal <= 50 ms)\n", (full.median - plain.median) * 1e3);
    } else {
        std::printf("bubblewrap is not usable here: %s\n", confinement_summary().c_str());
    }
    return 0;
}
