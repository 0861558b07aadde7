#!/usr/bin/env python3
"""A scripted LSP client for 'exo-cuda --lsp' (tests/lit/driver/lsp.test).

Opens a racy kernel (publishDiagnostics: err_race with its notes as related information),
asks for code actions at the race (the note's fix-it: insert the barrier), applies the
edit as an editor would, saves (diagnostics now empty), then opens a kernel with an
unneeded barrier (a warning whose quick fix removes it), closes it, shuts down and exits.
Prints one line per step for FileCheck; exits 1 on a protocol violation.

Usage: lsp_client.py <exo-cuda> <racy.exo.cpp> <unneeded.exo.cpp> [exo-cuda args...]
"""
import json
import os
import subprocess
import sys
import urllib.parse

exo, racy, unneeded = sys.argv[1:4]
server = subprocess.Popen([exo, "--lsp"] + sys.argv[4:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
next_id = 0


def send(msg):
    body = json.dumps(msg).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    headers = {}
    while True:
        line = server.stdout.readline()
        assert line, "the server closed its output"
        line = line.decode().strip()
        if not line:
            break
        key, value = line.split(":", 1)
        headers[key.lower()] = value.strip()
    return json.loads(server.stdout.read(int(headers["content-length"])))


def request(method, params):
    global next_id
    next_id += 1
    send({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params})
    while True:
        msg = receive()
        if msg.get("id") == next_id:
            assert "error" not in msg, msg
            return msg["result"]
        assert "method" in msg, "unexpected message %r" % msg


def notify(method, params):
    send({"jsonrpc": "2.0", "method": method, "params": params})


def diagnostics_for(uri):
    msg = receive()
    assert msg.get("method") == "textDocument/publishDiagnostics", msg
    assert msg["params"]["uri"] == uri, msg
    return msg["params"]["diagnostics"]


def show(diags):
    for d in diags:
        r = d["range"]
        print("diag %d %s %d:%d-%d:%d %s" % (d["severity"], d["code"], r["start"]["line"], r["start"]["character"],
                                             r["end"]["line"], r["end"]["character"], d["message"]))
        for ri in d.get("relatedInformation", []):
            loc = ri["location"]
            print("  related %s:%d:%d %s" % (os.path.basename(urllib.parse.urlparse(loc["uri"]).path),
                                             loc["range"]["start"]["line"], loc["range"]["start"]["character"],
                                             ri["message"]))
    print("diagnostics: %d" % len(diags))


def apply(text, edits):
    lines = text.split("\n")
    offsets = [0]
    for l in lines:
        offsets.append(offsets[-1] + len(l) + 1)
    def offset(p):  # ASCII sources: UTF-16 units are bytes
        return offsets[p["line"]] + p["character"]
    for e in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        text = text[:offset(e["range"]["start"])] + e["newText"] + text[offset(e["range"]["end"]):]
    return text


def uri_of(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


init = request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
caps = init["capabilities"]
print("server %s: sync %s, save includes text %s, code actions %s" % (
    init["serverInfo"]["name"], caps["textDocumentSync"]["change"], caps["textDocumentSync"]["save"]["includeText"],
    caps["codeActionProvider"]["codeActionKinds"]))
notify("initialized", {})

# 1. A racy kernel: the race, its notes, and the barrier as a quick fix.
uri = uri_of(racy)
text = open(racy).read()
notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cpp", "version": 1, "text": text}})
diags = diagnostics_for(uri)
show(diags)
race = diags[0]
actions = request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": race["range"],
                                              "context": {"diagnostics": [race]}})
for a in actions:
    print("action %s: %s" % (a["kind"], a["title"]))
fix = [a for a in actions if a["edit"]["changes"].get(uri)]
assert fix, actions
text = apply(text, fix[0]["edit"]["changes"][uri])
print("fixed line: %s" % [l for l in text.split("\n") if "exo::sync" in l][0].strip())
notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]})
notify("textDocument/didSave", {"textDocument": {"uri": uri}})
print("after save:")
show(diagnostics_for(uri))

# 2. An unneeded barrier: a warning with its flag; the quick fix removes the barrier.
uri2 = uri_of(unneeded)
text2 = open(unneeded).read()
notify("textDocument/didOpen", {"textDocument": {"uri": uri2, "languageId": "cpp", "version": 1, "text": text2}})
diags = diagnostics_for(uri2)
show(diags)
actions = request("textDocument/codeAction", {"textDocument": {"uri": uri2}, "range": diags[0]["range"],
                                              "context": {"diagnostics": diags}})
text2 = apply(text2, actions[0]["edit"]["changes"][uri2])
print("barrier left: %s" % any(l.strip() == "[[exo::sync(block)]];" for l in text2.split("\n")))
notify("textDocument/didSave", {"textDocument": {"uri": uri2}, "text": text2})
print("after save:")
show(diagnostics_for(uri2))
notify("textDocument/didClose", {"textDocument": {"uri": uri2}})
print("closed: %d diagnostics" % len(diagnostics_for(uri2)))

# 3. Unknown requests get an error; shutdown, exit.
send({"jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": {}})
print("hover: error %d" % receive()["error"]["code"])
print("shutdown: %s" % request("shutdown", None))
notify("exit", None)
print("exit status %d" % server.wait(timeout=30))
