#!/usr/bin/env python3
"""Prints an exo-cuda --format=json document (stdin) one line per item, for FileCheck:
  <level> <id> [<flag>] <file name>:<line>:<column>: <message>
    note <id> <file name>:<line>:<column>: <message>
    fixit <file name>:<line>:<column>-<line>:<column> <text as a JSON string>
and a last line 'errors N warnings M inputs ...'. File names without their directory."""
import json
import os
import sys


def where(d):
    loc = d.get("location")
    if not loc:
        return "<no location>"
    return "%s:%d:%d" % (os.path.basename(loc["file"]), loc["line"], loc["column"])


def fixits(d, indent):
    for f in d["fixits"]:
        print("%sfixit %s:%d:%d-%d:%d %s" % (indent, os.path.basename(f["file"]), f["start"]["line"],
                                             f["start"]["column"], f["end"]["line"], f["end"]["column"],
                                             json.dumps(f["text"])))


doc = json.load(sys.stdin)
assert doc["version"] == 1 and doc["tool"]["name"] == "exo-cuda", doc
for d in doc["diagnostics"]:
    flag = " [%s]" % d["flag"] if d["flag"] else ""
    print("%s %s%s %s: %s" % (d["level"], d["id"], flag, where(d), d["message"]))
    fixits(d, "  ")
    for n in d["notes"]:
        assert "notes" not in n
        print("  note %s %s: %s" % (n["id"], where(n), n["message"]))
        fixits(n, "    ")
print("errors %d warnings %d inputs %s" % (doc["errors"], doc["warnings"],
                                           " ".join(os.path.basename(i) for i in doc["inputs"])))
