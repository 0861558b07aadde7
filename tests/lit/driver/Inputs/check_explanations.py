#!/usr/bin/env python3
"""Every diagnostic ID of model/Diagnostics.def has an explanation (DIAG_EXPLAIN), printed
by 'exo-cuda --explain <ID>' with at least one example, and the examples mean what they
say: each ```cpp block, checked by exo-cuda, reports that ID (as a diagnostic or a note),
each ```cpp ok block checks clean (exit 0, no diagnostic). ```cpp norun and ```sh blocks
are shown only.

Usage: check_explanations.py <exo-cuda> <model/Diagnostics.def> <scratch dir>
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys

exo, deffile, scratch = sys.argv[1:4]
text = open(deffile, encoding="utf-8").read()
ids = re.findall(r"^DIAG\((\w+), \w+, ", text, re.M)
explained = re.findall(r"^DIAG_EXPLAIN\((\w+), ", text, re.M)
problems = []
for i in sorted(set(ids) - set(explained)):
    problems.append(f"{i}: no DIAG_EXPLAIN in {os.path.basename(deffile)}")
for i in sorted(set(explained) - set(ids)):
    problems.append(f"{i}: DIAG_EXPLAIN for an ID that does not exist")
for i in sorted({i for i in explained if explained.count(i) > 1}):
    problems.append(f"{i}: explained twice")

jobs = []  # (id, kind, code)
for i in ids:
    r = subprocess.run([exo, "--explain", i], capture_output=True, text=True)
    if r.returncode != 0 or not r.stdout.startswith(i + " ("):
        problems.append(f"{i}: exo-cuda --explain exits {r.returncode}: {r.stderr.strip()}")
        continue
    head = r.stdout.split("\n", 1)[0]
    if head.endswith("): "):
        problems.append(f"{i}: no summary line")
    blocks = re.findall(r"^```(cpp ok|cpp norun|cpp|sh)\n(.*?)^```$", r.stdout, re.M | re.S)
    if not blocks:
        problems.append(f"{i}: the explanation has no example")
    if len(r.stdout.split("\n\n", 2)[-1]) < 200:
        problems.append(f"{i}: the explanation is too short to explain anything")
    for n, (kind, code) in enumerate(blocks):
        if kind in ("cpp", "cpp ok"):
            jobs.append((i, kind, n, code))


def check(job):
    i, kind, n, code = job
    path = os.path.join(scratch, f"{i}_{n}.exo.cpp")
    with open(path, "w", encoding="utf-8") as f:
        f.write(code)
    r = subprocess.run([exo, "--check-only", "--format=json", path], capture_output=True, text=True, timeout=120)
    try:
        diags = json.loads(r.stdout)["diagnostics"]
    except ValueError:
        return f"{i}: example {n}: no JSON (exit {r.returncode}): {r.stderr.strip()}"
    got = sorted({d["id"] for d in diags} | {nd["id"] for d in diags for nd in d["notes"]})
    if kind == "cpp" and i not in got:
        return f"{i}: example {n} ({path}) reports {got or 'nothing'}, not {i}"
    if kind == "cpp ok" and (r.returncode != 0 or diags):
        return f"{i}: the accepted example {n} ({path}) exits {r.returncode} with {got}"
    return None


os.makedirs(scratch, exist_ok=True)
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    problems += [p for p in pool.map(check, jobs) if p]
for p in problems:
    print("error:", p)
rejected = sum(1 for j in jobs if j[1] == "cpp")
print(f"{len(ids)} IDs, {len(set(explained))} explained; {rejected} rejected and {len(jobs) - rejected} "
      f"accepted examples checked; {len(problems)} problems")
sys.exit(1 if problems else 0)
