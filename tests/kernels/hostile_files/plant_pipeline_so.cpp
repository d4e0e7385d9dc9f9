// HOSTILE: at generate time, compiles an honest pipeline.o itself and plants pipeline.so
// (the linker's output, which ekb copies into the cache) as a symbolic link to @SECRET@,
// then leaves. The linker must replace the link, not write through it (the host file
// stays as it was), and ekb must cache the linked bytes, never the secret's.
#include <ekb/kernel.h>
#include <unistd.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    a.prod.compute_root();
    Pipeline(a.C).compile_to_object("pipeline.o", {a.A, a.B}, "ekb_pipeline", target.with_feature(Target::NoRuntime));
    ::unlink("pipeline.so");
    (void)!::symlink("@SECRET@", "pipeline.so");
    _exit(0);
    return a.kernel();
}
