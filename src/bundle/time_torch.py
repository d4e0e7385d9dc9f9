#!/usr/bin/env python3
"""PyTorch eager timing of a bundle's tasks (a framework reference point, not a record).

usage: time_torch.py <bundle>/pytorch <budget seconds>
Reads <dir>/instances.json ({"tasks": [{"id", "tier", "instances": [{"name", "inputs":
[{"shape", "dtype", "lo", "hi"}]}]}]}) and <dir>/tasks/<id>/reference.py; prints one JSON
object: per task and instance the median seconds per eager call. On a GPU (torch.cuda
available) the model and inputs live on the device and every sample ends with
torch.cuda.synchronize(); warm-up by time, calls per sample grown until a sample lasts
>= 10 ms, at least 10 samples, about 0.1 s per instance (src/suite/time_reference.py's
protocol with a smaller cap).
"""
import importlib.util
import json
import os
import sys
import time

sys.dont_write_bytecode = True

import torch

DTYPES = {"float32": torch.float32, "float16": torch.float16, "int8": torch.int8, "uint8": torch.uint8, "int16": torch.int16,
          "int32": torch.int32}


def make_input(spec, dev):
    shape, dtype, lo, hi = spec["shape"], spec["dtype"], spec["lo"], spec["hi"]
    if dtype in ("float32", "float16"):
        return (torch.rand(*shape) * (hi - lo) + lo).to(DTYPES[dtype]).to(dev)
    return torch.randint(int(lo), int(hi) + 1, tuple(shape), dtype=DTYPES[dtype]).to(dev)


def time_calls(fn, sync, warmup_s=0.03, min_sample_s=0.01, min_samples=10, cap_s=0.1):
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < warmup_s:
        fn()
    sync()
    n = 1
    while True:
        t = time.perf_counter()
        for _ in range(n):
            fn()
        sync()
        dt = time.perf_counter() - t
        if dt >= min_sample_s or n >= 1 << 20:
            break
        n = int(n * min(10.0, max(2.0, min_sample_s * 1.25 / max(dt, 1e-9)))) + 1
    samples = []
    start = time.perf_counter()
    while len(samples) < min_samples or (time.perf_counter() - start < cap_s and len(samples) < 200):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        sync()
        samples.append((time.perf_counter() - t) / n)
    samples.sort()
    return samples[len(samples) // 2], len(samples), n


def main():
    root, budget = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 120.0
    begin = time.perf_counter()
    cuda = torch.cuda.is_available()
    dev = torch.device("cuda" if cuda else "cpu")
    sync = torch.cuda.synchronize if cuda else (lambda: None)
    with open(os.path.join(root, "instances.json")) as f:
        spec = json.load(f)
    out = {"torch_version": torch.__version__, "cuda": cuda,
           "device": torch.cuda.get_device_name(0) if cuda else "cpu", "threads": torch.get_num_threads(),
           "tasks": {}}
    for task in spec["tasks"]:
        if time.perf_counter() - begin > budget:
            out["tasks"][task["id"]] = {"error": "budget spent: not timed"}
            continue
        row = {"tier": task["tier"], "instances": {}}
        try:
            path = os.path.join(root, "tasks", task["id"], "reference.py")
            mspec = importlib.util.spec_from_file_location("ekb_ref_" + task["id"], path)
            mod = importlib.util.module_from_spec(mspec)
            mspec.loader.exec_module(mod)
            model = mod.Model(*mod.get_init_inputs()).to(dev).eval()
            for inst in task["instances"]:
                inputs = [make_input(s, dev) for s in inst["inputs"]]
                with torch.no_grad():
                    median, samples, calls = time_calls(lambda: model(*inputs), sync)
                row["instances"][inst["name"]] = {"eager_s": median, "samples": samples, "calls_per_sample": calls}
        except Exception as e:  # a reference that does not run on this device is data
            row["error"] = f"{type(e).__name__}: {str(e)[:400]}"
        out["tasks"][task["id"]] = row
    out["seconds"] = time.perf_counter() - begin
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
