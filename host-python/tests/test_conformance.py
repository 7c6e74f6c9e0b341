"""The cross-host conformance vectors through the Python host: every `inspect --jsonl` line must
be byte-identical to `tests/conformance/expected.jsonl` (the native engine and the Rust host run
the same file)."""

from __future__ import annotations

import json

from guard_testdata import CONFORMANCE
from egress_guard import Guard
from egress_guard.verdict import dumps


def _line(case_id, verdict) -> str:
    return dumps({"id": case_id, **verdict.as_dict(audit=False)})


def test_python_host_matches_expected_vectors():
    cases = [json.loads(l) for l in (CONFORMANCE / "cases.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    guards: dict[str, Guard] = {}
    out = []
    for case in cases:
        name = case.get("policy", "default")
        if name not in guards:
            g = Guard(CONFORMANCE / "policies" / f"{name}.yaml")
            assert g.engine_error is None, g.engine_error
            assert g.load_error is None, f"conformance policy {name}: {g.load_error}"
            guards[name] = g
        g = guards[name]
        v = g.inspect(case["scope"], case.get("tool", ""), case["payload"])
        out.append(_line(case["id"], v))
    expected = (CONFORMANCE / "expected.jsonl").read_bytes()
    got = ("\n".join(out) + "\n").encode("utf-8")
    for g_line, e_line in zip(got.splitlines(), expected.splitlines()):
        assert g_line == e_line
    assert len(got.splitlines()) == len(expected.splitlines())
    assert got == expected


def test_python_host_seals_audit_lines_like_every_host():
    """`tests/conformance/audit.jsonl` through the component's `seal-audit`: the same bytes as the
    native engine and the Rust host (`audit-expected.jsonl`)."""
    g = Guard()
    assert g.engine_error is None, g.engine_error
    out = []
    for raw in (CONFORMANCE / "audit.jsonl").read_text(encoding="utf-8").splitlines():
        if not raw.strip():
            continue
        case = json.loads(raw)
        sealed = g.seal_audit(case["line"], case["ts"], case["prev_line"], component_sha256=case["component_sha256"])
        out.append((case["id"], sealed))
    expected = [json.loads(l) for l in (CONFORMANCE / "audit-expected.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    assert [i for i, _ in out] == [e["id"] for e in expected]
    for (case_id, sealed), want in zip(out, expected):
        # The Python API returns None where the engine refused to seal (the reason is the engine's).
        assert sealed == want.get("sealed"), case_id
