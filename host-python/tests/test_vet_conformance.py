"""The per-file vet records of ``tests/fixtures/vet/`` through the Python host (``Guard.inspect``,
then ``Guard.explain`` for a file with a smallcell finding, the calls ``egress-guard vet`` makes)
must be byte-identical to ``tests/conformance/vet.jsonl``, which the native engine and the Rust
host reproduce too."""

from __future__ import annotations

from guard_testdata import CONFORMANCE, REPO

from egress_guard import Guard
from egress_guard.verdict import dumps

FIXTURES = REPO / "tests" / "fixtures" / "vet"


def test_python_host_matches_expected_vet_records():
    g = Guard(CONFORMANCE / "policies" / "default.yaml")
    assert g.engine_error is None, g.engine_error
    files = sorted((p.relative_to(FIXTURES).as_posix(), p) for p in FIXTURES.rglob("*") if p.is_file())
    lines = []
    for rel, path in files:
        text = path.read_bytes().decode("utf-8")  # no newline translation
        v = g.inspect("reply", "", text)
        flagged = any(f.rule == "smallcell" for f in v.findings)
        explained = dumps(g.explain("reply", "", text)) if flagged else "null"
        lines.append(dumps({"id": rel, **v.as_dict(audit=False)})[:-1] + ',"explain":' + explained + "}")
    got = ("\n".join(lines) + "\n").encode("utf-8")
    expected = (CONFORMANCE / "vet.jsonl").read_bytes()
    for g_line, e_line in zip(got.splitlines(), expected.splitlines(), strict=False):
        assert g_line == e_line
    assert got == expected
    assert b'"class":"complement","lo":' in got


def test_explain_reports_intervals_and_rejects_unknown_scopes():
    g = Guard()
    table = "| Region | Owner | Renter | Total |\n|---|---|---|---|\n| North | 3 | 40 | 43 |\n| South | 50 | 60 | 110 |\n| Total | 53 | 100 | 153 |\n"
    out = g.explain("reply", "", table)
    (t,) = out["tables"]
    assert t["status"] == "suppressed" and t["protection"] == 5
    primary = next(c for c in t["cells"] if c["class"] == "primary")
    assert (primary["row"], primary["col"], primary["lo"], primary["hi"]) == (1, 1, 0, 43)
    assert "3" not in t["rows"][1]
    assert g.explain("reply", "", "nothing tabular here") == {"tables": []}
    try:
        g.explain("stdout", "", table)
    except ValueError:
        pass
    else:
        raise AssertionError("unknown scope accepted")
