#!/usr/bin/env python3
"""Checks the #line directives of generated CUDA against its source.

Usage: check_line_map.py <file.cu> <source>
       check_line_map.py --exo-cuda <exo-cuda> <source>...   (generates each source's CUDA)
Every line of code (not blank, not a comment, not a directive) after a #line must map
to a line of the source, 1 .. number of lines; exit 1 with the offending lines if not.
"""
import re
import subprocess
import sys


def check(cu, text, source, bad):
    with open(source, encoding="utf-8") as f:
        last = len(f.read().splitlines())
    mapped = None
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r'#line (\d+) "', line)
        if m:
            mapped = int(m.group(1))
            continue
        code = line.strip()
        if mapped is not None and code and not code.startswith("//") and not code.startswith("#"):
            if not 1 <= mapped <= last:
                bad.append(f"{cu}:{n}: maps to line {mapped} of {last}: {code}")
        if mapped is not None:
            mapped += 1


bad = []
if sys.argv[1] == "--exo-cuda":
    for source in sys.argv[3:]:
        # Options a source asks for (`// EXO-CUDA-ARGS: ...`, tests/emulation/run_emulation.py).
        args = re.search(r"^// EXO-CUDA-ARGS: (.*)$", open(source, encoding="utf-8").read(), re.M)
        out = subprocess.run([sys.argv[2], *(args.group(1).split() if args else []), source], capture_output=True,
                             text=True, check=True).stdout
        check(source + " (CUDA)", out, source, bad)
else:
    check(sys.argv[1], open(sys.argv[1], encoding="utf-8").read(), sys.argv[2], bad)
print("\n".join(bad))
sys.exit(1 if bad else 0)
