"""The repository stands on its own: no tracked file names a path outside the clone.

A user's clone has nothing beside it, so code, tests, benches and docs must read their data from
inside the repository (labelled corpora live in ``tests/corpora``). ``scripts/test.sh`` also runs
the suites with the clone's siblings covered; this test catches the paths in the text itself,
including in docs and benches that the suites never run.
"""

from __future__ import annotations

import re
import subprocess

from guard_testdata import REPO

# Spelled in pieces so that this file does not match itself.
OUTSIDE = re.compile(
    "|".join(
        [
            re.escape(".." + "/shared"),  # the data folder CI keeps beside the clone
            "shared/" + "(?:corpora|reference|seeds)/",
            "(?:^|[^A-Za-z0-9_.~-])/" + "work/",  # the machine the project was built on
        ]
    )
)


def _tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, check=True, capture_output=True).stdout
    return [p for p in out.decode().split("\0") if p]


def test_no_tracked_file_names_a_path_outside_the_clone():
    files = _tracked()
    assert "tests/corpora/README.md" in files and len(files) > 100
    hits = []
    for rel in files:
        path = REPO / rel
        if path.is_symlink():
            target = path.readlink()
            assert (path.parent / target).resolve().is_relative_to(REPO.resolve()), f"{rel} links outside the clone: {target}"
            continue
        data = path.read_bytes()
        if b"\0" in data:  # binary (the report screenshot)
            continue
        for n, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if OUTSIDE.search(line):
                hits.append(f"{rel}:{n}: {line.strip()[:120]}")
    assert not hits, "paths outside the clone:\n" + "\n".join(hits)


def test_the_pattern_catches_what_it_must():
    for line in [
        'read_to_string("..' + "/shared/cor" + 'pora/x")',
        "see shared/" + "reference/wasm.md",
        "venv=/" + "work/tgt/sc-venv",
        "`/" + "work/main/target`",
    ]:
        assert OUTSIDE.search(line), line
    for line in ["network/work/x", "cd ~/work/project", "a shared machine", "fixtures/shared_data.csv", "homework/notes"]:
        assert not OUTSIDE.search(line), line
