"""The audit writer and the `/guard report` reader."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading

import pytest

from egress_guard import audit


def _line(rule: str, action: str, n: int, pad: int = 0) -> str:
    return json.dumps(
        {
            "direction": "reply",
            "tool": None,
            "path": "",
            "action": action,
            "counts": {rule: n},
            "findings": [],
            "pad": "x" * pad,
            "sha256_12": "0" * 12,
        },
        separators=(",", ":"),
    )


def test_append_prepends_ts_and_creates_the_directory(tmp_path):
    p = tmp_path / "deep" / "dir" / "audit.jsonl"
    assert audit.append(p, [_line("secrets", "redact", 1), "{}"]) == 2
    lines = p.read_text(encoding="utf-8").splitlines()
    first, second = (json.loads(line) for line in lines)
    assert next(iter(first)) == "ts" and list(first)[1:] == ["direction", "tool", "path", "action", "counts", "findings", "pad", "sha256_12"]
    assert first["ts"].endswith("Z") and first["ts"][10] == "T"
    assert second == {"ts": first["ts"]}
    # Everything after the timestamp is the engine's line, byte for byte.
    assert lines[0].endswith(_line("secrets", "redact", 1)[1:])
    assert audit.append(p, []) == 0


def test_append_rejects_non_objects(tmp_path):
    with pytest.raises(ValueError):
        audit.append(tmp_path / "a.jsonl", ["[1,2]"])


def test_concurrent_appends_never_interleave(tmp_path):
    p = tmp_path / "audit.jsonl"
    threads, per_thread = 8, 150

    def work(t: int):
        for i in range(per_thread):
            # Sizes up to ~200 KB, so a torn write would show.
            audit.append(p, [_line(f"r{t}", "warn", i, pad=(i % 7) * 30_000 + t)])

    ts = [threading.Thread(target=work, args=(t,)) for t in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    lines = p.read_bytes().split(b"\n")
    assert lines[-1] == b""
    seen = set()
    for raw in lines[:-1]:
        entry = json.loads(raw)
        assert next(iter(entry)) == "ts"
        ((rule, n),) = entry["counts"].items()
        t = int(rule[1:])
        assert len(entry["pad"]) == (n % 7) * 30_000 + t
        seen.add((t, n))
    assert len(seen) == threads * per_thread


def test_tail_report_counts_rules_and_actions(tmp_path):
    p = tmp_path / "audit.jsonl"
    audit.append(p, [_line("secrets", "redact", 2), _line("network", "approve", 1), _line("secrets", "warn", 1)])
    with open(p, "a") as f:
        f.write("not json\n")
    r = audit.tail_report(p, last=2)
    assert r["exists"] and not r["truncated"]
    assert r["entries"] == 3 and r["invalid_lines"] == 1
    assert r["by_rule"] == {"secrets": 3, "network": 1}
    assert r["by_action"] == {"redact": 1, "approve": 1, "warn": 1}
    assert [e["action"] for e in r["last"]] == ["approve", "warn"]


def test_tail_report_reads_only_the_tail(tmp_path):
    p = tmp_path / "audit.jsonl"
    audit.append(p, [_line("old", "block", 1, pad=5000)] * 10)
    audit.append(p, [_line("new", "warn", 1)] * 3)
    tail = sum(len(line) + 1 for line in p.read_bytes().splitlines()[-3:])
    r = audit.tail_report(p, max_bytes=tail)  # the cut falls exactly on a line boundary
    assert r["truncated"] and r["entries"] == 3 and r["by_rule"] == {"new": 3} and r["invalid_lines"] == 0
    r = audit.tail_report(p, max_bytes=tail + 100)  # the cut falls inside an old line: skipped
    assert r["entries"] == 3 and r["invalid_lines"] == 0
    assert audit.tail_report(p)["by_rule"] == {"old": 10, "new": 3}


def test_tail_report_of_a_missing_log(tmp_path):
    r = audit.tail_report(tmp_path / "none.jsonl")
    assert r["exists"] is False and r["entries"] == 0 and r["last"] == []


def test_audit_key_is_created_once_private_and_reused(tmp_path):
    from egress_guard.hermes import home

    key = home.audit_key(tmp_path)
    path = tmp_path / "egress-guard" / "audit.key"
    assert key is not None and len(key) == 32
    assert path.stat().st_mode & 0o777 == 0o600
    assert home.audit_key(tmp_path) == key, "the same installation keeps its key"
    assert home.audit_key(tmp_path / "other") != key


def test_keyed_audit_digest_through_the_component():
    from egress_guard import Guard

    def digest(g, text):
        line = json.loads(g.inspect_reply(text).audit[0])
        return line.get("sha256_12"), line.get("hmac_sha256_12")

    short = "SSN 536-90-4399"
    assert digest(Guard(), short) == (None, None), "a short string gets no unkeyed digest"
    plain, keyed = digest(Guard(audit_key=b"k" * 32), short)
    assert plain is None and len(keyed) == 12
    assert digest(Guard(audit_key=b"k" * 32), short) == (None, keyed)
    assert digest(Guard(audit_key=b"j" * 32), short)[1] != keyed
    # A key given after the guard has made calls reaches the instances already built too.
    late = Guard(pool_size=1)
    assert digest(late, short) == (None, None)
    late.set_audit_key(b"k" * 32)
    late.set_audit_key(b"j" * 32)  # the first key stays
    assert digest(late, short) == (None, keyed)


def test_the_plugin_keys_its_audit_lines_once_it_inspects(tmp_path, monkeypatch):
    from egress_guard.hermes.hooks import GuardPlugin

    monkeypatch.setenv("HERMES_HOME", str(tmp_path))
    plugin = GuardPlugin()
    plugin.guard()
    assert not (tmp_path / "egress-guard").exists(), "nothing is written before a call is inspected"
    plugin.inspect("reply", "", "SSN 536-90-4399")
    assert (tmp_path / "egress-guard" / "audit.key").stat().st_size == 32
    line = json.loads((tmp_path / "egress-guard" / "audit.jsonl").read_text().splitlines()[0])
    assert len(line["hmac_sha256_12"]) == 12 and "sha256_12" not in line


def _sealer(guard):
    return lambda line, ts, prev: guard.seal_audit(line, ts, prev)


def _verify(guard, path) -> str:
    """The engine's chain check (the one `egress-guard report --verify` runs) must pass."""
    ok, why = guard.verify_audit(path.read_bytes())
    assert ok, why
    return why


def test_lines_are_sealed_by_the_engine_into_one_chain(tmp_path, guard):
    p = tmp_path / "audit.jsonl"
    v = guard.inspect_reply("key AKIAQYLPMN5HFIQR7XYZ")
    assert audit.append(p, v.audit, seal=_sealer(guard)) == 1
    assert audit.append(p, list(v.audit) * 2, seal=_sealer(guard)) == 2
    lines = p.read_bytes().splitlines()
    assert len(lines) == 3
    assert _verify(guard, p).startswith("3 lines; last line sha256 " + hashlib.sha256(lines[2]).hexdigest()[:8])
    first = json.loads(lines[0])
    assert first["component_sha256"] == guard.sha256
    assert first["policy_sha256"] == guard.status()["policy_sha256"]
    # Everything between the timestamp and the seal is the engine's entry, byte for byte.
    assert lines[0].decode().startswith('{"ts":"') and v.audit[0][1:-1] in lines[0].decode()


def test_concurrent_sealed_appends_keep_one_chain(tmp_path, guard):
    p = tmp_path / "audit.jsonl"
    v = guard.inspect_reply("key AKIAQYLPMN5HFIQR7XYZ")

    def work():
        for _ in range(25):
            audit.append(p, v.audit, seal=_sealer(guard))

    ts = [threading.Thread(target=work) for _ in range(6)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len(p.read_bytes().splitlines()) == 150
    _verify(guard, p)


def test_concurrent_processes_keep_one_chain(tmp_path, guard):
    """Several processes (Hermes may run more than one) append to one log: the file lock keeps
    the chain whole."""
    p = tmp_path / "audit.jsonl"
    code = (
        "import sys; from egress_guard import Guard, audit\n"
        "g = Guard(); v = g.inspect_reply('key AKIAQYLPMN5HFIQR7XYZ')\n"
        "for _ in range(20): audit.append(sys.argv[1], v.audit, seal=lambda l, t, p: g.seal_audit(l, t, p))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    procs = [subprocess.Popen([sys.executable, "-c", code, str(p)], env=env) for _ in range(3)]
    assert all(proc.wait(timeout=300) == 0 for proc in procs)
    assert len(p.read_bytes().splitlines()) == 60
    _verify(guard, p)


def test_a_line_cut_short_stays_visible(tmp_path, guard):
    p = tmp_path / "audit.jsonl"
    v = guard.inspect_reply("key AKIAQYLPMN5HFIQR7XYZ")
    audit.append(p, v.audit, seal=_sealer(guard))
    with open(p, "ab") as f:
        f.write(b'{"ts":"cut')
    audit.append(p, v.audit, seal=_sealer(guard))
    lines = p.read_bytes().splitlines()
    assert lines[1] == b'{"ts":"cut', "the broken line is closed, not glued to the next one"
    ok, why = guard.verify_audit(p.read_bytes())
    assert not ok and why.startswith("line 2:"), why


def test_the_engine_check_fails_a_truncated_or_edited_log(tmp_path, guard):
    p = tmp_path / "audit.jsonl"
    v = guard.inspect_reply("key AKIAQYLPMN5HFIQR7XYZ")
    for _ in range(3):
        audit.append(p, v.audit, seal=_sealer(guard))
    data = p.read_bytes()
    lines = data.splitlines(keepends=True)
    for what, tampered in [
        ("first line removed", b"".join(lines[1:])),
        ("middle line removed", lines[0] + lines[2]),
        ("cut mid-line", data[:-25]),
        ("edited", data.replace(b"redact", b"allow", 1)),
        ("emptied", b""),
    ]:
        ok, _ = guard.verify_audit(tampered)
        assert not ok, what


def test_without_an_engine_lines_are_written_unsealed(tmp_path):
    p = tmp_path / "audit.jsonl"
    audit.append(p, ['{"direction":"reply"}'], seal=lambda line, ts, prev: None)
    entry = json.loads(p.read_text())
    assert "prev" not in entry and list(entry) == ["ts", "direction"]
