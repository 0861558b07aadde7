#!/usr/bin/env python3
"""Runs exo-cuda on every input that scripts/fuzz kept (tests/fuzz/regressions/*.exo.cpp):
each must exit 0 or 1 (never a signal, the usage status 2 or a timeout), an exit 1 with
an error diagnostic, through the text and the JSON output alike.

Usage: run_regressions.py <exo-cuda> <regressions dir>
"""
import glob
import json
import os
import re
import subprocess
import sys

exo, directory = sys.argv[1:3]
inputs = sorted(glob.glob(os.path.join(directory, "*.exo.cpp")))
problems = []
for path in inputs:
    try:
        text = subprocess.run([exo, "--check-only", path], capture_output=True, text=True,
                              errors="replace", timeout=120)
        js = subprocess.run([exo, "--check-only", "--format=json", path], capture_output=True, text=True,
                            errors="replace", timeout=120)
    except subprocess.TimeoutExpired:
        problems.append(f"{path}: timeout")
        continue
    for r, how in ((text, "text"), (js, "json")):
        if r.returncode not in (0, 1):
            problems.append(f"{path} ({how}): exit {r.returncode}: {r.stderr[-500:]}")
    if text.returncode == 1 and not re.search(r"(fatal )?error: ", text.stderr):
        problems.append(f"{path}: exit 1 without an error diagnostic")
    if js.returncode in (0, 1):
        doc = json.loads(js.stdout)
        if (js.returncode == 1) != (doc["errors"] > 0):
            problems.append(f"{path}: json exit {js.returncode} with {doc['errors']} errors")
for p in problems:
    print("error:", p)
print(f"{len(inputs)} fuzzer regression inputs, {len(problems)} problems")
sys.exit(1 if problems else 0)
