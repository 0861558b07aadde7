#!/usr/bin/env python3
"""Fuzz-style robustness test for exo-cuda.

Takes the sample kernels (samples/*/*.exo.cpp), derives a few hundred malformed variants
deterministically (fixed seed) and runs `exo-cuda --check-only` on each. Every run must
exit 0 or 1 (never a crash/signal, never the usage status 2, never a timeout); an exit 1
must print at least one `file:line:col: error: ` diagnostic, an exit 0 must print no error.
"""
import argparse
import concurrent.futures
import glob
import os
import random
import re
import subprocess
import sys
import tempfile

SEED = 20261129
ERROR_RE = re.compile(r":\d+:\d+: (fatal )?error: ")
TOKEN_RE = re.compile(r"\[\[|\]\]|::|\+\+|\+=|<=|>=|==|!=|&&|\|\||[A-Za-z_]\w*|\d+\.?\d*f?|\S")


def tokens_with_spans(text):
    """Tokens of the code after the #include lines, outside '//' comments."""
    start = text.find("\n", text.rfind("#include")) + 1
    comments = [(m.start(), m.end()) for m in re.finditer(r"//[^\n]*", text)]
    return [(m.start(), m.end()) for m in TOKEN_RE.finditer(text, start)
            if not any(a <= m.start() < b for a, b in comments)]


def code_lines(lines):
    """Indices of lines that hold code (not blank, not comments, not the #include)."""
    return [i for i, l in enumerate(lines)
            if l.strip() and not l.strip().startswith("//") and not l.startswith("#")]


def m_delete_token(text, rng):
    spans = tokens_with_spans(text)
    a, b = rng.choice(spans)
    return text[:a] + text[b:], "delete token %r at %d" % (text[a:b], a)


def m_duplicate_token(text, rng):
    spans = tokens_with_spans(text)
    a, b = rng.choice(spans)
    return text[:b] + " " + text[a:b] + text[b:], "duplicate token %r at %d" % (text[a:b], a)


def m_swap_tokens(text, rng):
    spans = tokens_with_spans(text)
    i = rng.randrange(len(spans) - 1)
    (a1, b1), (a2, b2) = spans[i], spans[i + 1]
    return (text[:a1] + text[a2:b2] + text[b1:a2] + text[a1:b1] + text[b2:],
            "swap tokens %r and %r at %d" % (text[a1:b1], text[a2:b2], a1))


def m_delete_line(text, rng):
    lines = text.split("\n")
    i = rng.choice(code_lines(lines))
    return "\n".join(lines[:i] + lines[i + 1:]), "delete line %d" % (i + 1)


def m_duplicate_line(text, rng):
    lines = text.split("\n")
    i = rng.choice(code_lines(lines))
    return "\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:]), "duplicate line %d" % (i + 1)


def m_swap_lines(text, rng):
    lines = text.split("\n")
    cl = code_lines(lines)
    i, j = sorted(rng.sample(cl, 2))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines), "swap lines %d and %d" % (i + 1, j + 1)


def m_replace_regex(pattern, choices, what):
    def mutate(text, rng):
        hits = list(re.finditer(pattern, text))
        if not hits:
            return None
        m = rng.choice(hits)
        new = rng.choice(choices)
        return text[:m.start()] + new + text[m.end():], "%s: %r -> %r at %d" % (what, m.group(0), new, m.start())
    return mutate


m_attr_level = m_replace_regex(
    r"\b(block|thread|warp|warpgroup)\b(?=\)\]\])",
    ["blok", "3", "threads", "", "block, thread", "warp", "warpgroup", "thread", "block", "exo::block"],
    "attribute argument")
m_attr_name = m_replace_regex(
    r"(?<=\[\[exo::)\w+",
    ["kernal", "parallel", "sync", "shared", "registers", "kernel", "Parallel", "local"],
    "attribute name")
m_drop_scope = m_replace_regex(r"\[\[exo::", ["[[", "[[ exo ::", "[[exo:"], "attribute scope")
m_drop_punct = m_replace_regex(r"[;{}()\[\]]", [""], "drop punctuation")
m_loop_bound = m_replace_regex(
    r"(?<=< )(\w[\w /*%+-]*?)(?=; )",
    ["M", "N", "K", "n", "R", "i", "out[0]", "32 * M", "-1", "0", "2048", "(int)x[0]", "k0"],
    "loop bound")
m_loop_head = m_replace_regex(
    r"\+\+\w+\)|\w+ \+= \d+\)",
    ["--i)", "i += 0)", "i *= 2)", ")", "i++)"],
    "loop increment")
m_remove_memory = m_replace_regex(r"\[\[exo::(shared|registers)\]\] ", ["", "[[exo::registers]] ", "[[exo::shared]] "],
                                  "array memory")
m_remove_parallel = m_replace_regex(r"\[\[exo::parallel\(\w+\)\]\] ", [""], "remove parallel")
m_remove_sync = m_replace_regex(r"\[\[exo::sync\(\w+\)\]\];", ["", ";", "[[exo::sync(warp)]];"], "sync")
m_number = m_replace_regex(r"\b\d+\b", ["0", "1", "33", "1024", "100000", "-4"], "number")
m_operator = m_replace_regex(r" (<|\+|\*|-|/|%|==|&&) ", [" <= ", " , ", " = ", " > ", " & ", " ->", " . "], "operator")


def m_insert_sync(text, rng):
    lines = text.split("\n")
    i = rng.choice(code_lines(lines))
    scope = rng.choice(["block", "block", "warp", "warpgroup"])
    return ("\n".join(lines[:i] + ["[[exo::sync(%s)]];" % scope] + lines[i:]),
            "insert sync(%s) before line %d" % (scope, i + 1))


def m_insert_stmt(text, rng):
    lines = text.split("\n")
    i = rng.choice(code_lines(lines))
    stmt = rng.choice(["return;", "while (1) {}", "int* p = nullptr;", "goto end;", "static int z;",
                       "float v[4] = {0};", "exo::assume(true);", "{", "}", "break;", "x++;",
                       "[[exo::parallel(thread)]] for (int q = 0; q < 2; ++q) {}",
                       "[[exo::parallel(block)]] for (int q = 0; q < 2; ++q) {}",
                       "[[exo::shared]] float extra[64][1024];", "template <int X> struct S {};"])
    return "\n".join(lines[:i] + [stmt] + lines[i:]), "insert %r before line %d" % (stmt, i + 1)


def m_truncate(text, rng):
    cut = rng.randrange(len(text) // 3, len(text))
    return text[:cut], "truncate at %d" % cut


MUTATORS = [m_delete_token, m_duplicate_token, m_swap_tokens, m_delete_line, m_duplicate_line, m_swap_lines,
            m_attr_level, m_attr_name, m_drop_scope, m_drop_punct, m_loop_bound, m_loop_head, m_remove_memory,
            m_remove_parallel, m_remove_sync, m_number, m_operator, m_insert_sync, m_insert_stmt, m_truncate]


def make_variants(samples, count, rng):
    variants = []
    names = sorted(samples)
    while len(variants) < count:
        name = names[len(variants) % len(names)]
        text, what = samples[name], []
        for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 3)):
            r = rng.choice(MUTATORS)(text, rng)
            if r is None:
                continue
            text, desc = r
            what.append(desc)
        if what and text != samples[name]:
            variants.append((name, "; ".join(what), text))
    return variants


TIMEOUT_S = 180  # per variant


def check(exo, workdir, idx, variant):
    name, what, text = variant
    path = os.path.join(workdir, "v%03d_%s" % (idx, os.path.basename(name)))
    with open(path, "w") as f:
        f.write(text)
    # A hang, not a slow proof: the persistent samples' three instances take 17 s on an
    # idle 2-core machine, and a loaded one (lit's workers beside this script's) ran
    # benign variants of them past 60 s.
    try:
        p = subprocess.run([exo, "--check-only", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT_S, cwd=workdir)
    except subprocess.TimeoutExpired:
        return idx, "timeout (%d s)" % TIMEOUT_S, None, path
    err = p.stderr.decode(errors="replace")
    if p.returncode not in (0, 1):
        why = "signal %d (crash)" % -p.returncode if p.returncode < 0 else "exit status %d" % p.returncode
        return idx, why, err, path
    has_error = any(ERROR_RE.search(l) for l in err.splitlines())
    if p.returncode == 1 and not has_error:
        return idx, "exit status 1 without a 'file:line:col: error: ' diagnostic", err, path
    if p.returncode == 0 and (has_error or "error" in err):
        return idx, "exit status 0 but an error was printed", err, path
    return idx, None, p.returncode, path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--exo-cuda", required=True)
    ap.add_argument("--samples", required=True)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--keep", help="write the variants into this directory and keep them")
    args = ap.parse_args()

    files = sorted(glob.glob(os.path.join(args.samples, "*", "*.exo.cpp")))
    if not files:
        print("no samples found under %s" % args.samples)
        return 1
    samples = {f: open(f).read() for f in files}
    rng = random.Random(args.seed)
    variants = make_variants(samples, args.count, rng)

    workdir = args.keep or tempfile.mkdtemp(prefix="exo-fuzz-")
    os.makedirs(workdir, exist_ok=True)
    violations, counts = [], {0: 0, 1: 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(check, args.exo_cuda, workdir, i, v) for i, v in enumerate(variants)]
        for fut in concurrent.futures.as_completed(futures):
            idx, why, detail, path = fut.result()
            if why is None:
                counts[detail] += 1
            else:
                violations.append((idx, why, detail, path))

    print("exo-cuda fuzz: %d variants of %d samples (seed %d): %d exit 0, %d exit 1, %d violations"
          % (len(variants), len(files), args.seed, counts[0], counts[1], len(violations)))
    for idx, why, err, path in sorted(violations):
        name, what, text = variants[idx]
        print("\n=== VIOLATION: variant %d (%s): %s" % (idx, os.path.relpath(name, args.samples), why))
        print("mutation: %s" % what)
        print("file: %s" % path)
        print("--- stderr ---\n%s" % (err or "").rstrip()[-4000:])
        print("--- variant ---\n%s" % text)
    if not args.keep and not violations:
        for f in os.listdir(workdir):
            os.remove(os.path.join(workdir, f))
        os.rmdir(workdir)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
