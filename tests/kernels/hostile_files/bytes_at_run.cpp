// HOSTILE: makes the worker say invalid UTF-8 at run time. A Halide pipeline cannot write
// files or call print()/require() with strings of its own (their string helpers are not on
// the object check's allowlist), but the runtime's error messages quote the names of Funcs
// and buffers, and the kernel's C++ names them. ekb-gen refuses such names (its
// pipeline.json must be valid UTF-8), so this kernel compiles its own pipeline.o at
// generate time and leaves. Its output Func has a name with invalid UTF-8 and a bound
// smaller than any instance: the run fails with a Halide error that quotes the name.
#include <ekb/kernel.h>
#include <unistd.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Func out("C_bad\xff\xfe\xc3\x28\xed\xa0\x80_name");
    out(a.j, a.i) = a.prod(a.j, a.i);
    out.bound(a.j, 0, 8);
    a.prod.compute_root();
    Pipeline(out).compile_to_object("pipeline.o", {a.A, a.B}, "ekb_pipeline", target.with_feature(Target::NoRuntime));
    _exit(0);
    return {{a.A, a.B}, {out}};
}
