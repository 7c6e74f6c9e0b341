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
    cases = [json.loads(line) for line in (CONFORMANCE / "cases.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]
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
    for g_line, e_line in zip(got.splitlines(), expected.splitlines(), strict=False):
        assert g_line == e_line
    assert len(got.splitlines()) == len(expected.splitlines())
    assert got == expected
