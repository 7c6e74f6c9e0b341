"""Shared fixtures: a private compile cache for the whole session (compiling takes seconds, so it
happens once per run, never in the user's real cache) and a Guard with the built-in defaults."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session", autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("egress-guard-cache")
    old = os.environ.get("EGRESS_GUARD_CACHE_DIR")
    os.environ["EGRESS_GUARD_CACHE_DIR"] = str(d)
    yield d
    if old is None:
        del os.environ["EGRESS_GUARD_CACHE_DIR"]
    else:
        os.environ["EGRESS_GUARD_CACHE_DIR"] = old


@pytest.fixture(scope="session")
def guard():
    from egress_guard import Guard

    g = Guard()
    assert g.engine_error is None, g.engine_error
    return g
