#!/usr/bin/env python3
# The per-task table of an H200 bundle run (expert time and eager / expert per backend, from an ingested store
# and the run's pytorch.json), and the combined eager ratios with an earlier run's per-task table (its markdown).
#
#   python3 bench/h200_eager_table.py <ekb> <store.db> <pytorch.json> <earlier run .md> <out.json>
import json, math, subprocess, sys, re
ekb, db, pyjson, old_md, out_json = sys.argv[1:6]
recs = [json.loads(l) for l in subprocess.run([ekb, "results", "--store", db, "--jsonl"], capture_output=True, text=True, check=True).stdout.splitlines()]
eager = json.load(open(pyjson))["tasks"]
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v)) if v else float("nan")
rows = {}
for r in recs:
    t, b = r["task_id"], r["backend"]
    ins = {i["name"]: i["timing"]["candidate"]["median_s"] for i in (r["instances"] or []) if i.get("timing") and i["timing"].get("candidate")}
    ex = gm(list(ins.values()))
    e = eager.get(t, {}).get("instances", {})
    both = [n for n in ins if n in e and e[n].get("eager_s")]
    ratio = gm([e[n]["eager_s"] / ins[n] for n in both]) if both else float("nan")
    rows.setdefault(t, {"tier": r["tier"]})[b] = {"correct": r["correct"], "expert_s": ex, "ratio": ratio}
new = {t: {b: rows[t][b]["ratio"] for b in ("cuda", "opencl") if b in rows[t]} for t in rows}
json.dump({"tasks": {t: {"tier": rows[t]["tier"], **{b: rows[t][b] for b in ("cuda", "opencl") if b in rows[t]}} for t in sorted(rows)}}, open(out_json, "w"), indent=1)
# The first run's per-task ratios (its md table), for the combined view.
old = {}
for line in open(old_md):
    m = re.match(r"\| (\w+) \| L\d \| (\S+) \| [^|]+ \| (\S+) \| (\S+) \| [^|]+ \| (\S+) \|", line)
    if m:
        f = lambda s: float(s) if re.match(r"^[\d.]+$", s) else None
        old[m.group(1)] = {"cuda": f(m.group(3)), "opencl": f(m.group(5))}
def fs(s):
    return "-" if s != s else (f"{s*1e6:.1f} us" if s < 1e-3 else f"{s*1e3:.2f} ms")
print("| task | tier | cuda correct | cuda expert (geomean) | eager / cuda expert | opencl correct | opencl expert (geomean) | eager / opencl expert |")
print("|---|---|---|---|---|---|---|---|")
for t in sorted(rows):
    c, o = rows[t].get("cuda"), rows[t].get("opencl")
    cell = lambda x: ("yes" if x["correct"] else "NO", fs(x["expert_s"]), "-" if x["ratio"] != x["ratio"] else f"{x['ratio']:.2f}") if x else ("not run", "-", "-")
    print("| " + " | ".join([t, rows[t]["tier"], *cell(c), *cell(o)]) + " |")
print()
for b in ("cuda", "opencl"):
    comb = {t: v[b] for t, v in old.items() if v.get(b)}
    for t, v in new.items():
        if v.get(b) == v.get(b) and v.get(b) is not None: comb[t] = v[b]
    vals = sorted(comb.values())
    worst = sorted(comb.items(), key=lambda kv: kv[1])[:5]
    below = sum(1 for x in vals if x < 1)
    print(f"COMBINED {b}: tasks {len(vals)} geomean {gm(vals):.2f} median {vals[len(vals)//2]:.2f} below1 {below} worst " + ", ".join(f"{t} {x:.2f}x" for t, x in worst))
