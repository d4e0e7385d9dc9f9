#!/usr/bin/python3
"""Expert calibration, PyTorch side: times a task's reference.py (PyTorch eager) and a vendor
library on the task's instance shapes: for GEMM-like tasks the BLAS numpy uses (OpenBLAS),
for tasks whose reference calls float32 convolutions oneDNN, through ekb-vendor-dnnl.

usage: time_reference.py [--flops-only] <task_dir> <instances.json> <threads> [<ekb-vendor-dnnl>]

<instances.json>: {"gemm": bool, "instances": [{"name", "inputs": [{"shape", "dtype", "lo", "hi"}]}]}
Prints one JSON report: per instance the median seconds per call (eager, vendor) and the
vendor library ("vendor_lib": "OpenBLAS 0.3.21" or "oneDNN 2.6.3 (<implementations>)").
The oneDNN time is the sum of the times of the float32 convolutions the reference calls
(captured from one untimed eager run: F.conv1d, F.conv2d, F.conv_transpose1d,
F.conv_transpose2d and their torch.* aliases), so it leaves out whatever else the reference
does (padding, epilogues, residuals). Each convolution reads and writes NCHW as the task
does: the faster of oneDNN on NCHW directly and oneDNN's blocked layout with the reorders
timed in ("+reorders" in the label). Without the binary (no oneDNN at build time)
convolution tasks get no vendor time; a failing binary is reported as "vendor_error".
"vendor_flops": the arithmetic the vendor side does (2 per multiply-add of the captured
convolutions, or of the GEMM), so that a report can say how much of the task it covers.
--flops-only: no timing at all, only "vendor_flops" per instance (to complete an older report).
Protocol as ekb's: time-based warm-up, calls per sample grown until a sample lasts
>= 10 ms, at least 10 samples, at most ~1 s per instance and side.
"""
import contextlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # never leave __pycache__ in task folders

import numpy as np
import torch

TORCH_DTYPES = {"float32": torch.float32, "float16": torch.float16, "int8": torch.int8, "uint8": torch.uint8, "int16": torch.int16,
                "int32": torch.int32}


def make_input(spec):
    shape, dtype, lo, hi = spec["shape"], spec["dtype"], spec["lo"], spec["hi"]
    if dtype in ("float32", "float16"):
        return (torch.rand(*shape) * (hi - lo) + lo).to(TORCH_DTYPES[dtype])
    return torch.randint(int(lo), int(hi) + 1, tuple(shape), dtype=TORCH_DTYPES[dtype])


def time_calls(fn, warmup_s=0.03, min_sample_s=0.01, min_samples=10, cap_s=1.0):
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < warmup_s:
        fn()
    n = 1
    while True:
        t = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t
        if dt >= min_sample_s:
            break
        n = int(n * min(10.0, max(2.0, min_sample_s * 1.25 / max(dt, 1e-9)))) + 1
    samples = []
    start = time.perf_counter()
    while len(samples) < min_samples or (time.perf_counter() - start < cap_s and len(samples) < 200):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        samples.append((time.perf_counter() - t) / n)
        if len(samples) >= min_samples and time.perf_counter() - start >= cap_s:
            break
    return float(np.median(samples)), len(samples)


def blas_library():
    """Which BLAS numpy loaded, from this process's memory map."""
    try:
        with open("/proc/self/maps") as f:
            libs = {line.split()[-1] for line in f if "blas" in line.lower() and line.split()[-1].startswith("/")}
        return sorted(os.path.basename(l) for l in libs)
    except OSError:
        return []


def blas_name(libs):
    """'OpenBLAS 0.3.21' from the loaded libopenblasp-r0.3.21.so, else the library names."""
    for lib in libs:
        m = re.match(r"libopenblas\w*?-r([\d.]+?)\.so", lib)
        if m:
            return "OpenBLAS " + m.group(1)
    return "numpy BLAS (" + " ".join(libs) + ")" if libs else "numpy BLAS"


def _ntuple(v, n):
    return tuple(int(x) for x in v) if isinstance(v, (tuple, list)) else (int(v),) * n


def conv_request(kind, dims, x, w, b, stride, padding, dilation, groups, output_padding=0):
    """ekb-vendor-dnnl's description of one float32 convolution call, or None (other dtypes)."""
    if x.dtype != torch.float32 or w.dtype != torch.float32 or (b is not None and b.dtype != torch.float32):
        return None
    if x.dim() not in (dims + 1, dims + 2) or w.dim() != dims + 2:
        return None
    batched = x.dim() == dims + 2
    n, ic, spatial = (x.shape[0] if batched else 1), x.shape[-dims - 1], list(x.shape[-dims:])
    k = list(w.shape[2:])
    stride, dilation = _ntuple(stride, dims), _ntuple(dilation, dims)
    if isinstance(padding, str):  # 'valid' or 'same' (PyTorch puts an odd extra pad on the right)
        if padding == "valid":
            pad_l = pad_r = (0,) * dims
        else:
            total = [d * (kk - 1) for d, kk in zip(dilation, k)]
            pad_l = tuple(t // 2 for t in total)
            pad_r = tuple(t - t // 2 for t in total)
    else:
        pad_l = pad_r = _ntuple(padding, dims)
    if kind == "deconv":  # weight [ic, oc / groups, k...]; output_padding grows the right side
        oc = w.shape[1] * groups
        pad_r = tuple(p - op for p, op in zip(pad_r, _ntuple(output_padding, dims)))
    else:  # weight [oc, ic / groups, k...]
        oc = w.shape[0]
    req = {"kind": kind, "dims": dims, "n": int(n), "ic": int(ic), "oc": int(oc), "iw": int(spatial[-1]),
           "kw": int(k[-1]), "stride": list(stride), "pad": list(pad_l), "pad_r": list(pad_r),
           "dilation": list(dilation), "groups": int(groups), "bias": b is not None}
    if dims == 2:
        req.update({"ih": int(spatial[0]), "kh": int(k[0])})
    return req


def conv_flops(req):
    """2 x the multiply-adds of one captured convolution (ekb-vendor-dnnl's request)."""
    k = req["kw"] * req.get("kh", 1)
    if req["kind"] == "deconv":  # every input pixel scatters into oc / groups channels
        pixels = req["iw"] * req.get("ih", 1)
        return 2 * req["n"] * req["ic"] * pixels * (req["oc"] // req["groups"]) * k
    pixels = req["ow"] * req.get("oh", 1)
    return 2 * req["n"] * req["oc"] * pixels * (req["ic"] // req["groups"]) * k


@contextlib.contextmanager
def capture_convolutions(calls):
    """Appends to `calls` the ekb-vendor-dnnl request of every float32 convolution made inside."""
    F = torch.nn.functional
    patched = []

    def record(req, y):
        if req:  # the output size PyTorch computed, which ekb-vendor-dnnl checks against its own
            req["ow"] = int(y.shape[-1])
            if req["dims"] == 2:
                req["oh"] = int(y.shape[-2])
            calls.append(req)

    def wrap(kind, dims, orig):
        if kind == "conv":
            def conv(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
                y = orig(input, weight, bias, stride, padding, dilation, groups)
                record(conv_request(kind, dims, input, weight, bias, stride, padding, dilation, groups), y)
                return y
            return conv

        def deconv(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
            y = orig(input, weight, bias, stride, padding, output_padding, groups, dilation)
            record(conv_request(kind, dims, input, weight, bias, stride, padding, dilation, groups, output_padding), y)
            return y
        return deconv

    for name, kind, dims in (("conv1d", "conv", 1), ("conv2d", "conv", 2),
                             ("conv_transpose1d", "deconv", 1), ("conv_transpose2d", "deconv", 2)):
        for owner in (F, torch):
            orig = getattr(owner, name)
            patched.append((owner, name, orig))
            setattr(owner, name, wrap(kind, dims, orig))
    try:
        yield calls
    finally:
        for owner, name, orig in reversed(patched):
            setattr(owner, name, orig)


def time_onednn(binary, convs, threads):
    """Runs ekb-vendor-dnnl once on the captured convolutions: (summed seconds, library label,
    the implementations oneDNN picked)."""
    # layout "best": per convolution the faster of oneDNN on NCHW directly and oneDNN's own
    # (blocked) layout with the reorders from and to NCHW timed in
    proc = subprocess.run([binary], input=json.dumps({"threads": threads, "layout": "best", "convs": convs}),
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"{os.path.basename(binary)} exit {proc.returncode}: {proc.stderr.strip()[-2000:]}")
    rep = json.loads(proc.stdout)
    impls = []
    for c in rep["convs"]:
        impl = c["impl"] + (" +reorders" if c.get("layout") == "reorder" else "")
        if impl not in impls:
            impls.append(impl)
    return sum(c["median_s"] for c in rep["convs"]), f"oneDNN {rep['dnnl_version']} ({', '.join(impls)})", impls


def main():
    args = sys.argv[1:]
    flops_only = bool(args) and args[0] == "--flops-only"
    if flops_only:
        args = args[1:]
    task_dir, inst_file, threads = args[0], args[1], int(args[2])
    dnnl_bin = args[3] if len(args) > 3 else os.environ.get("EKB_VENDOR_DNNL", "")
    if dnnl_bin and not os.access(dnnl_bin, os.X_OK):
        dnnl_bin = ""  # built without oneDNN: no vendor time for convolutions
    torch.set_num_threads(max(1, threads))
    with open(inst_file) as f:
        spec = json.load(f)
    mspec = importlib.util.spec_from_file_location("ekb_task_reference", os.path.join(task_dir, "reference.py"))
    mod = importlib.util.module_from_spec(mspec)
    mspec.loader.exec_module(mod)
    model = mod.Model(*mod.get_init_inputs())
    model.eval()
    out = {"torch_version": torch.__version__, "threads": torch.get_num_threads(), "instances": []}
    for inst in spec["instances"]:
        inputs = [make_input(s) for s in inst["inputs"]]
        convs = []
        gemm = spec.get("gemm") and len(inputs) == 2 and all(x.dim() == 2 for x in inputs)
        with torch.no_grad():
            with capture_convolutions(convs):  # one untimed run: the convolutions it calls
                model(*inputs)
            if flops_only:
                row = {"name": inst["name"]}
            else:
                eager, n = time_calls(lambda: model(*inputs))
                row = {"name": inst["name"], "eager_s": eager, "eager_samples": n}
        if gemm:
            row["vendor_flops"] = 2 * inputs[0].shape[0] * inputs[0].shape[1] * inputs[1].shape[1]
        elif convs:
            row["vendor_flops"] = sum(conv_flops(c) for c in convs)
        if flops_only:
            pass
        elif gemm:
            a, b = inputs[0].numpy(), inputs[1].numpy()
            row["vendor_s"], _ = time_calls(lambda: np.matmul(a, b))
            row["vendor_lib"] = blas_name(blas_library())
        elif convs:
            row["vendor_convs"] = len(convs)
            if dnnl_bin:
                try:
                    row["vendor_s"], row["vendor_lib"], row["vendor_impls"] = time_onednn(dnnl_bin, convs, threads)
                except (RuntimeError, subprocess.TimeoutExpired, ValueError, KeyError) as e:
                    row["vendor_error"] = str(e)
        out["instances"].append(row)
    out["blas"] = blas_library()
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
