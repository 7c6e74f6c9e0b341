"""The demo (``scripts/demo.py`` over ``examples/demo/``) shows every rule, each as its example says.

A rule added to the engine without a demo example fails here: the default policy's rules (from
``status``) must each be shown by at least one example.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from guard_testdata import REPO

from egress_guard import Guard


def _demo(home, cache, *args: str) -> str:
    # The built-in default policy whatever this machine holds: a fresh HOME, no policy variable.
    env = {"HOME": str(home), "EGRESS_GUARD_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, str(REPO / "scripts" / "demo.py"), *args], env=env, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def shown(tmp_path_factory, private_cache) -> list[dict]:
    return [json.loads(line) for line in _demo(tmp_path_factory.mktemp("home"), private_cache, "--json").splitlines()]


def test_every_example_gives_its_action_with_a_finding_of_its_rule(shown):
    # One line per call: a session example gives one per step, each with its own expectation.
    assert list(dict.fromkeys(e["file"] for e in shown)) == sorted(p.name for p in (REPO / "examples" / "demo").glob("*.yaml"))
    for e in shown:
        assert e["action"] == e["expect"] and e["shows"] in e["rules"], e


def test_every_rule_of_the_default_policy_has_an_example(shown):
    rules = set(Guard().status()["rules"])
    assert {"secrets", "network", "smallcell", "microdata"} <= rules
    assert rules <= {e["shows"] for e in shown}


def test_the_human_output_shows_every_verdict(shown, tmp_path, private_cache):
    out = _demo(tmp_path, private_cache)
    assert out.startswith("module sha256: ") and "policy: built-in defaults (valid)" in out
    assert out.count("\n== ") == len({e["file"] for e in shown}), "one heading per example"
    for e in shown:
        assert f"action:   {e['action']}" in out
    assert "… (19 more lines)" in out and "1030,37,Riverside,E11" not in out  # long payloads are cut
