#!/usr/bin/python3
"""Expert calibration, PyTorch side: times a task's reference.py (PyTorch eager) and, for
GEMM-like tasks, the vendor BLAS through numpy, on the task's instance shapes.

usage: time_reference.py <task_dir> <instances.json> <threads>

<instances.json>: {"gemm": bool, "instances": [{"name", "inputs": [{"shape", "dtype", "lo", "hi"}]}]}
Prints one JSON report: per instance the median seconds per call (eager, vendor).
Protocol as ekb's: time-based warm-up, calls per sample grown until a sample lasts
>= 10 ms, at least 10 samples, at most ~1 s per instance and side.
"""
import importlib.util
import json
import os
import sys
import time

sys.dont_write_bytecode = True  # never leave __pycache__ in task folders

import numpy as np
import torch

TORCH_DTYPES = {"float32": torch.float32, "int8": torch.int8, "uint8": torch.uint8, "int16": torch.int16,
                "int32": torch.int32}


def make_input(spec):
    shape, dtype, lo, hi = spec["shape"], spec["dtype"], spec["lo"], spec["hi"]
    if dtype == "float32":
        return torch.rand(*shape) * (hi - lo) + lo
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


def main():
    task_dir, inst_file, threads = sys.argv[1], sys.argv[2], int(sys.argv[3])
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
        with torch.no_grad():
            eager, n = time_calls(lambda: model(*inputs))
        row = {"name": inst["name"], "eager_s": eager, "eager_samples": n}
        if spec.get("gemm") and len(inputs) == 2 and all(x.dim() == 2 for x in inputs):
            a, b = inputs[0].numpy(), inputs[1].numpy()
            row["vendor_s"], _ = time_calls(lambda: np.matmul(a, b))
        out["instances"].append(row)
    out["blas"] = blas_library()
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
