// ekb-runner: the self-sufficient runner (design.md section 2). It links the Halide
// runtime for one target and nothing of libHalide, and works the same on this machine
// and, from a bundle, on a remote device.
//
//   ekb-runner conduct <spec.json> <result.json>   the trusted conductor (conductor.h);
//                                                  spec threads 0: all online cores here
//   ekb-runner worker <backend> <threads> [profile] an untrusted worker (started by conduct)
//   ekb-runner probe <backend>                     prints the device as JSON
//   ekb-runner dump <spec.json> <out_dir>          reference inputs/outputs (suite verification)
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <HalideRuntime.h>
#include <nlohmann/json.hpp>

#include "common/files.h"
#include "run/conductor.h"
#include "run/device_probe.h"
#include "run/worker.h"

int main(int argc, char **argv) {
    using namespace ekb;
    std::string mode = argc > 1 ? argv[1] : "";
    try {
        if (mode == "worker" && (argc == 4 || (argc == 5 && std::strcmp(argv[4], "profile") == 0))) {
            return worker_main(argv[2], std::atoi(argv[3]), argc == 5);
        }
        if (mode == "probe" && argc == 3) {
            DeviceInfo d = probe_device(argv[2]);
            nlohmann::json j = {{"backend", argv[2]}, {"supported", d.supported}, {"reason", d.reason}, {"device", d.details}};
            // Under a user-mode emulator the CPU facts are the host's, not the board's.
            if (const char *emu = std::getenv("EKB_RUNNER_EMULATOR"); emu && *emu) j["emulated"] = emu;
            std::cout << j.dump(2) << std::endl;
            return 0;
        }
        // The reference artifact runs in the conductor's process: its errors are reported, not aborts.
        if (mode == "dump" || mode == "conduct") halide_set_error_handler(ekb_capture_reference_error);
        if (mode == "dump" && argc == 4) {
            dump_reference(ConductSpec::from_json(nlohmann::json::parse(read_file(argv[2]))), argv[3]);
            return 0;
        }
        if (mode == "conduct" && argc == 4) {
            // A worker that dies (a malformed object, a crash) closes its end of the pipe;
            // the conductor's next write must fail with EPIPE (Channel::send returns false,
            // the failure is recorded), not kill the conductor before it writes a result.
            ::signal(SIGPIPE, SIG_IGN);
            ConductSpec spec = ConductSpec::from_json(nlohmann::json::parse(read_file(argv[2])));
            // threads 0 (bundles): the device's own online cores, recorded in the report.
            if (spec.threads <= 0) spec.threads = std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
            nlohmann::json result = conduct(spec);
            // Private (0600): the report names held-out instances; only ekb, same uid, reads it.
            write_file_mode(argv[3], result.dump(1, ' ', false, nlohmann::json::error_handler_t::replace), 0600);
            return 0;
        }
    } catch (const std::exception &e) {
        std::cerr << "ekb-runner: " << e.what() << std::endl;
        return 2;
    }
    std::cerr << "usage: ekb-runner conduct <spec.json> <result.json> | dump <spec.json> <out_dir> | probe <backend> | worker <backend> <threads> [profile]\n";
    return 3;
}
