"""The audit writer and the `/guard report` reader."""

from __future__ import annotations

import json
import threading

import pytest

from egress_guard import audit


def _line(rule: str, action: str, n: int, pad: int = 0) -> str:
    return json.dumps({"direction": "reply", "tool": None, "path": "", "action": action, "counts": {rule: n},
                       "findings": [], "pad": "x" * pad, "sha256_12": "0" * 12}, separators=(",", ":"))


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
        (rule, n), = entry["counts"].items()
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
