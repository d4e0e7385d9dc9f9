#!/usr/bin/python3
"""Suite verification, PyTorch side: runs a task's reference.py on ekb's own inputs and
compares with the Halide reference's outputs.

usage: verify_reference.py <task_dir> <dump_dir> <tolerance.json> <threads>

<dump_dir>/manifest.json lists, per checked (instance, seed, input set: "random" or an
adversarial kind), the raw input and output
tensors the runner wrote (PyTorch order, little endian). Prints one JSON report on stdout.
PyTorch is the source of truth: this file never re-implements a task.
"""
import importlib.util
import json
import math
import os
import sys

sys.dont_write_bytecode = True  # never leave __pycache__ in task folders

import numpy as np
import torch

DTYPES = {"float32": np.float32, "float16": np.float16, "int8": np.int8, "uint8": np.uint8, "int16": np.int16,
          "uint16": np.uint16, "int32": np.int32, "uint32": np.uint32}


def load_reference(task_dir):
    spec = importlib.util.spec_from_file_location("ekb_task_reference", os.path.join(task_dir, "reference.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for name in ("Model", "get_inputs", "get_init_inputs"):
        if not hasattr(mod, name):
            raise RuntimeError(f"{task_dir}/reference.py: missing {name}")
    return mod


def load_tensor(dump_dir, t):
    arr = np.fromfile(os.path.join(dump_dir, t["file"]), dtype=DTYPES[t["dtype"]])
    return arr.reshape(t["shape"])


def compare(out, ref, atol, rtol, is_float):
    """Same rule as ekb's C++ side: NaN/Inf placement equal, |o-r| <= atol + rtol*|r|."""
    if out.shape != ref.shape:
        return {"ok": False, "message": f"shape {list(out.shape)} != {list(ref.shape)}"}
    o = out.astype(np.float64).ravel()
    r = ref.astype(np.float64).ravel()
    if is_float:
        nan_bad = np.isnan(o) != np.isnan(r)
        inf_bad = (np.isinf(o) | np.isinf(r)) & (o != r) & ~np.isnan(o) & ~np.isnan(r)
        finite = np.isfinite(o) & np.isfinite(r)
        err = np.where(finite, np.abs(o - r), 0.0)
        bad = nan_bad | inf_bad | (finite & (err > atol + rtol * np.abs(r)))
    else:
        err = np.abs(o - r)
        bad = err != 0
    n_bad = int(bad.sum())
    res = {"ok": n_bad == 0, "max_abs_err": float(err.max()) if err.size else 0.0, "mismatches": n_bad,
           "count": int(o.size)}
    if n_bad:
        i = int(np.argmax(bad))
        coord = list(np.unravel_index(i, out.shape))
        res["message"] = (f"{n_bad} of {o.size} elements differ; first at {[int(c) for c in coord]}: "
                          f"halide {o[i]!r}, pytorch {r[i]!r}")
    return res


def main():
    task_dir, dump_dir, tol_json, threads = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    torch.set_num_threads(max(1, threads))
    tolerance = json.loads(tol_json)
    mod = load_reference(task_dir)
    model = mod.Model(*mod.get_init_inputs())
    model.eval()
    with open(os.path.join(dump_dir, "manifest.json")) as f:
        manifest = json.load(f)
    report = {"checks": []}
    for entry in manifest:
        inputs = [torch.from_numpy(load_tensor(dump_dir, t).copy()) for t in entry["tensors"] if not t["output"]]
        outputs = [t for t in entry["tensors"] if t["output"]]
        with torch.no_grad():
            got = model(*inputs)
        if not isinstance(got, (tuple, list)):
            got = [got]
        check = {"instance": entry["instance"], "seed": entry["seed"], "set": entry.get("set", "random"), "ok": True,
                 "outputs": []}
        if len(got) != len(outputs):
            check["ok"] = False
            check["message"] = f"reference.py returned {len(got)} outputs; task.json has {len(outputs)}"
        else:
            for t, y in zip(outputs, got):
                halide = load_tensor(dump_dir, t)
                torch_out = y.detach().cpu().numpy()
                if str(torch_out.dtype) != t["dtype"]:
                    res = {"ok": False, "message": f"reference.py returns dtype {torch_out.dtype}, task.json says {t['dtype']}"}
                else:
                    tol = tolerance[t["name"]]
                    res = compare(halide, torch_out, tol["atol"], tol["rtol"], t["dtype"] in ("float32", "float16"))
                res["name"] = t["name"]
                check["outputs"].append(res)
                check["ok"] = check["ok"] and res["ok"]
        report["checks"].append(check)
    report["ok"] = all(c["ok"] for c in report["checks"])
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # a broken reference.py is a finding, reported as such
        json.dump({"ok": False, "error": f"{type(e).__name__}: {e}"}, sys.stdout)
