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
    # Lines end at "\n" only: str.splitlines() also splits at U+2028/U+2029, valid inside a JSON string.
    text = (CONFORMANCE / "cases.jsonl").read_text(encoding="utf-8")
    cases = [json.loads(line) for line in text.split("\n") if line.strip()]
    guards: dict[tuple[str, bool], Guard] = {}
    out = []
    for case in cases:
        name = case.get("policy", "default")
        # A `trap` case runs with one unit of fuel: the call really fails.
        trap = "trap" in case
        if (name, trap) not in guards:
            g = Guard(CONFORMANCE / "policies" / f"{name}.yaml", fuel_per_call=1 if trap else None)
            assert g.engine_error is None, g.engine_error
            assert g.load_error is None, f"conformance policy {name}: {g.load_error}"
            guards[name, trap] = g
        g = guards[name, trap]
        unattended = case.get("options", {}).get("unattended")
        v = g.inspect(case["scope"], case.get("tool", ""), case["payload"], unattended=unattended)
        out.append(_line(case["id"], v))
    expected = (CONFORMANCE / "expected.jsonl").read_bytes()
    got = ("\n".join(out) + "\n").encode("utf-8")
    for g_line, e_line in zip(got.splitlines(), expected.splitlines(), strict=False):
        assert g_line == e_line
    assert len(got.splitlines()) == len(expected.splitlines())
    assert got == expected


def test_the_hosts_own_fail_verdict_is_the_components():
    """Without an engine the host writes the fail_mode verdict itself; it must be the bytes the
    component's ``internal-verdict`` writes (the Rust host's code)."""
    from egress_guard.verdict import internal

    g = Guard()
    for fail_mode in ("open", "closed"):
        for scope, tool in (("args", "terminal"), ("result", "read_file"), ("reply", "")):
            for cause in ("engine unavailable", "fuel budget exhausted"):
                args = (scope, tool, cause, fail_mode)
                from_component = g._run(lambda i, args=args: i.call_free("internal-verdict", *args))
                assert dumps(internal(fail_mode, scope, tool, cause).as_dict()) == from_component


def test_the_limits_the_package_names_are_the_components():
    from egress_guard import DEADLINE_MS, FUEL_PER_CALL

    lim = Guard().runtime.limits
    assert (lim.call_fuel, lim.deadline_ms) == (FUEL_PER_CALL, DEADLINE_MS)


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
    text = (CONFORMANCE / "audit-expected.jsonl").read_text(encoding="utf-8")
    expected = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert [i for i, _ in out] == [e["id"] for e in expected]
    for (case_id, sealed), want in zip(out, expected, strict=True):
        # The Python API returns None where the engine refused to seal (the reason is the engine's).
        assert sealed == want.get("sealed"), case_id
