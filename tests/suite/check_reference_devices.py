#!/usr/bin/env python3
"""Does a task's reference.py forward() run on whatever device its inputs are on?

usage: /usr/bin/python3 tests/suite/check_reference_devices.py [--strict] [--root DIR] [TASK_ID ...]
       (a python with torch >= 1.13; default: every task in suite/tasks)

Runs on the CPU, no GPU needed. The Model's parameters and buffers and the forward inputs
are tagged as "on the device" (a Tensor subclass that every result of an operation on them
inherits), and `.device` of a tagged tensor answers a stand-in device (meta). A factory call
(torch.arange, zeros, tensor, ...) or `.to()` given that device yields a tagged tensor; any
other new tensor is a CPU tensor. Reported, as on a GPU:
  - an operation that mixes a tagged tensor with an untagged one (the "found at least two
    devices, cuda:0 and cpu" error; stricter than CUDA, which lets some CPU scalars and
    CPU index tensors through),
  - an integer matmul/conv on tagged tensors ("addmm_cuda" not implemented for 'Long'),
  - `.numpy()` of a tagged tensor, a CPU generator used for a device tensor.
A CPU index tensor indexing a device tensor and a 0-dim CPU tensor in an elementwise op,
which CUDA accepts, are listed as "tolerated" (a failure only with --strict). Each report
names the operation and the reference.py line. Exit status 1 when any task fails.
"""
import argparse
import importlib.util
import json
import os
import sys
import traceback

sys.dont_write_bytecode = True

import torch
from torch.overrides import TorchFunctionMode

STANDIN = torch.device("meta")
CPU = torch.device("cpu")
DTYPES = {"float32": torch.float32, "float16": torch.float16, "int8": torch.int8, "uint8": torch.uint8,
          "int16": torch.int16, "int32": torch.int32}
MATMUL = {"mm", "matmul", "bmm", "addmm", "addmv", "mv", "dot", "einsum", "linear", "conv1d", "conv2d", "conv3d",
          "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "tensordot", "baddbmm", "addbmm", "__matmul__",
          "__rmatmul__", "inner", "outer", "chain_matmul", "vdot", "addr"}

STRICT_OPS = MATMUL | {"cat", "stack", "hstack", "vstack", "index_select", "gather", "scatter", "scatter_add",
                      "take_along_dim", "searchsorted", "bucketize"}

_reports = []
_ref_path = None


def _where():
    for fr in reversed(traceback.extract_stack()):
        if _ref_path and os.path.abspath(fr.filename) == _ref_path:
            return f"line {fr.lineno}: {fr.line}"
    return "?"


def _report(msg, tolerated=False):
    r = ("tolerated on CUDA: " if tolerated else "") + f"{msg} at {_where()}"
    if r not in _reports:
        _reports.append(r)


def _tensors(obj, out):
    if isinstance(obj, torch.Tensor):
        out.append(obj)
    elif isinstance(obj, (list, tuple)):
        for o in obj:
            _tensors(o, out)
    elif isinstance(obj, dict):
        for o in obj.values():
            _tensors(o, out)
    return out


def _name(func):
    return getattr(func, "__name__", str(func))


def _is_device_getter(func):
    return _name(func) == "__get__" and getattr(func, "__self__", None) is torch.Tensor.device


class OnDevice(torch.Tensor):
    """A tensor that lives on "the device"."""

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if _is_device_getter(func):
            return STANDIN
        name = _name(func)
        ts = _tensors((args, kwargs), [])
        index = _tensors(args[1], []) if name in ("__getitem__", "__setitem__") and len(args) > 1 else []
        plain = [t for t in ts if not isinstance(t, OnDevice)]
        if plain:
            # CUDA lets a CPU index tensor index a device tensor and a 0-dim CPU tensor into
            # elementwise ops: reported as tolerated (slow, host copies), not as errors
            tolerated = all(any(t is i for i in index) or (t.dim() == 0 and name not in STRICT_OPS) for t in plain)
            shapes = ", ".join(f"{tuple(t.shape)} {t.dtype}" for t in plain)
            _report(f"{name}: device tensor mixed with CPU tensor(s) [{shapes}]", tolerated)
        if name in MATMUL and any(not (t.is_floating_point() or t.is_complex()) for t in ts):
            _report(f"{name} on integer tensors ({', '.join(str(t.dtype) for t in ts)}): no CUDA kernel")
        if name == "numpy":
            _report("numpy() of a device tensor")
        return super().__torch_function__(func, types, args, kwargs)


def _standin(d):
    if isinstance(d, str):
        try:
            d = torch.device(d)
        except RuntimeError:
            return False
    return isinstance(d, torch.device) and d.type == "meta"


class FactoryMode(TorchFunctionMode):
    """A call given the stand-in device runs on the CPU and returns a device tensor."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = dict(kwargs or {})
        hit = False
        if _standin(kwargs.get("device")):
            kwargs["device"], hit = CPU, True
        args = list(args)
        for i, a in enumerate(args):  # x.to(dev), x.to(dev, dtype)
            if _standin(a):
                args[i], hit = CPU, True
        if hit and isinstance(kwargs.get("generator"), torch.Generator):
            _report(f"{_name(func)}: CPU generator for a device tensor")
        out = func(*args, **kwargs)
        if hit:
            out = _tag(out)
        return out


def _tag(obj):
    if isinstance(obj, torch.Tensor) and not isinstance(obj, OnDevice):
        return obj.as_subclass(OnDevice)
    if isinstance(obj, tuple):
        return tuple(_tag(o) for o in obj)
    if isinstance(obj, list):
        return [_tag(o) for o in obj]
    return obj


def _dim(expr, dims):
    return int(eval(expr.replace("/", "//"), {}, dict(dims))) if isinstance(expr, str) else int(expr)


def make_inputs(task, inst):
    g = torch.Generator().manual_seed(0)
    out = []
    for spec in task["inputs"]:
        shape = [_dim(e, inst["dims"]) for e in spec["shape"]]
        lo, hi = spec.get("range", [-1, 1])
        dt = DTYPES[spec["dtype"]]
        if dt.is_floating_point:
            out.append((torch.rand(*shape, generator=g) * (hi - lo) + lo).to(dt))
        else:
            out.append(torch.randint(int(lo), int(hi) + 1, tuple(shape), generator=g).to(dt))
    return out


def check(task_dir):
    global _ref_path
    _reports.clear()
    with open(os.path.join(task_dir, "task.json")) as f:
        task = json.load(f)
    inst = min(task["instances"],
               key=lambda i: sum(torch.Size([_dim(e, i["dims"]) for e in s["shape"]]).numel() for s in task["inputs"]))
    _ref_path = os.path.abspath(os.path.join(task_dir, "reference.py"))
    spec = importlib.util.spec_from_file_location("ekb_ref_" + task["id"], _ref_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    model = mod.Model(*mod.get_init_inputs()).eval()
    for m in model.modules():  # model.to(device)
        for k, v in list(m._parameters.items()):
            if v is not None:
                m._parameters[k] = v.detach().as_subclass(OnDevice)
        for k, v in list(m._buffers.items()):
            if v is not None:
                m._buffers[k] = v.as_subclass(OnDevice)
    inputs = [t.as_subclass(OnDevice) for t in make_inputs(task, inst)]
    error = None
    try:
        with torch.no_grad(), FactoryMode():
            out = model(*inputs)
        for o in _tensors(out, []):
            if not isinstance(o, OnDevice):
                _report(f"output {tuple(o.shape)} is a CPU tensor")
    except Exception as e:
        error = f"{type(e).__name__}: {str(e)[:300]} at {_where()}"
    return inst["name"], list(_reports), error


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "suite", "tasks"))
    ap.add_argument("--strict", action="store_true", help="fail on what CUDA tolerates too")
    ap.add_argument("tasks", nargs="*")
    a = ap.parse_args()
    ids = a.tasks or sorted(d for d in os.listdir(a.root) if os.path.isfile(os.path.join(a.root, d, "reference.py")))
    bad = 0
    for t in ids:
        inst, reports, error = check(os.path.join(a.root, t))
        if not a.strict and not error and all(r.startswith("tolerated") for r in reports):
            print(f"{'ok' if not reports else 'warn':4} {t} ({inst})")
            for r in reports:
                print("    " + r)
            continue
        if reports or error:
            bad += 1
            print(f"FAIL {t} ({inst})")
            for r in reports:
                print("    " + r)
            if error:
                print("    error: " + error)
        else:
            print(f"ok   {t} ({inst})")
    print(f"{len(ids) - bad}/{len(ids)} references device-clean")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
