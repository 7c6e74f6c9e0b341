"""The small-cell and microdata rules on generated layouts, through the component, audited
independently with scipy's HiGHS (``smallcell/audit.py``): every primary hidden with an interval
at least ``protection`` wide, no percentage or rate beside a hidden count, non-tables untouched,
record-level tables flagged, small counts in prose suppressed under ``research-data``.

Dev families must pass whole. The held-out families (``smallcell/split.py``) are measured here too
(BENCHMARKS.md gives the figures); the test holds them to the properties a reader could exploit
(a primary visible or worked out exactly), not to every figure.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "smallcell"))
import audit
from gen import cases

from egress_guard import Guard


@pytest.fixture(scope="module")
def ask():
    return audit.component({"default": Guard(), "research": Guard(preset="research-data")})


def exploitable(problem: str) -> bool:
    return "visible" in problem or "exactly disclosed" in problem or "gives a small count" in problem


def test_the_audit_fails_an_unprotected_output():
    """The audit is not vacuous: the text sent back unchanged fails every table with a small
    count, and every record-level table."""

    def unchanged(case):
        return audit.Answer(None, [], dict, 0.0)

    results = [audit.audit(c, unchanged) for c in cases()]
    tables = [r for r in results if r.case.kind == "table" and r.primaries]
    assert len(tables) > 100
    assert all(any("visible" in p for p in r.problems) for r in tables)
    assert all(r.problems for r in results if r.case.kind in ("microdata", "prose"))
    assert not any(r.problems for r in results if r.case.kind == "negative")


def test_dev_families_pass_whole(ask):
    results = [audit.audit(c, ask) for c in cases() if audit.split_of(c) == "dev"]
    assert len(results) > 300
    failed = [f"{r.case.name}: {'; '.join(r.problems[:2])}" for r in results if r.problems]
    assert failed == []


@pytest.mark.parametrize("v2", [False, True], ids=["held-out", "held-out-2"])
def test_held_out_families_disclose_no_small_count(ask, v2):
    results = [audit.audit(c, ask) for c in cases(v2=v2) if audit.split_of(c) != "dev"]
    assert len(results) > 150
    leaks = [f"{r.case.name}: {p}" for r in results for p in r.problems if exploitable(p)]
    assert leaks == []


def test_the_third_set_is_consistent():
    """The third held-out set (measured with ``audit.py --v3``, not held to a figure here) states
    only true relations, and its audit separates the text sent back unchanged (every table with a
    small count fails, every record-level table) from every count and percentage suppressed
    (everything passes: no relation or bound makes a suppressed cell narrower than it is)."""
    third = cases(v3=True)
    assert len(third) > 800
    for c in third:
        for plus, minus in c.relations:
            assert sum(c.values[i] for i in plus) == sum(c.values[i] for i in minus), c.name
        assert all(lo <= c.values[i] <= hi for i, (lo, hi) in c.bounds.items()), c.name

    def unchanged(case):
        return audit.Answer(None, [], dict, 0.0)

    def all_suppressed(case):
        out = "".join(audit.SUPPRESSED if t[0] in ("cell", "pct") else t[-1] for t in case.tokens if t[0] != "table")
        return audit.Answer(out, ["EG-MICRO-001"] if case.kind == "microdata" else [], dict, 0.0)

    before = [audit.audit(c, unchanged) for c in third]
    assert all(r.problems for r in before if r.primaries or r.case.kind == "microdata")
    assert not any(r.problems for r in before if r.case.kind == "negative")
    after = [f"{r.case.name}: {r.problems}" for r in (audit.audit(c, all_suppressed) for c in third) if r.problems]
    assert after == []


def test_the_third_set_does_not_fall_back(ask):
    """The third held-out set is measured, not passed whole (BENCHMARKS.md): its failing cases
    stay at or under the last reading, a rounded copy beside its raw count (a reader bounds the
    count by the copy) is protected but where the copy is blank (a zero left empty), and so is a
    count beside its running total or running share, an "of which" row under its whole."""
    results = [audit.audit(c, ask) for c in cases(v3=True)]
    failed = [r for r in results if r.problems]
    assert len(failed) <= 25, len(failed)
    rounded = [r.case.name for r in failed if r.case.layout == "rounded_beside_raw"]
    assert len(rounded) <= 3, rounded
    for layout in ("cumulative", "of_which"):
        assert [r.case.name for r in failed if r.case.layout == layout] == []
