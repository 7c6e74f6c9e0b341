"""Paths and payloads shared by the library tests (a module of its own: `conftest` names clash
between test directories)."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CONFORMANCE = REPO / "tests" / "conformance"
#: Labelled corpora (licences and origin in its README); a missing file fails its test.
CORPORA = REPO / "tests" / "corpora"
# Lets one string reach the engine's 16 MiB scan limit, so a payload can exceed a small budget.
BIG_POLICY = "max_scan_bytes: 16777216\n"
AWS = "AKIAQYLPMN5HFIQR7XYZ"
GH = "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"
# ~155 M fuel: far over the small test budget (20 M), far under the default one.
BIG = "lorem ipsum dolor sit amet " * 600_000
