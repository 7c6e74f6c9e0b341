"""Fixtures for driving the real Claude Code and Codex CLIs (installed by scripts/install-clients.sh)
with `egress-guard hook` installed as their hook, against the scripted model servers in mocks.py.

Nothing leaves 127.0.0.x: the models are mocks, telemetry and updates are switched off, proxies
are unset, every home is a temp dir. A missing client, CLI or component is a failure, not a skip.
Claude Code refuses to skip permissions as root, so under root the clients run as a test user
(created here with useradd when missing).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = ROOT / ".clients" / "node_modules" / ".bin"
CLI = ROOT / "target" / "release" / "egress-guard"
TEST_USER = "egress-guard-test"


def _required(path: Path, how: str) -> Path:
    assert path.exists(), f"{path} is missing: {how}"
    return path


@pytest.fixture(scope="session")
def cli() -> Path:
    _required(ROOT / "dist" / "egress_guard.wasm", "run scripts/build-wasm.sh")
    return _required(CLI, "run cargo build --release -p egress-guard")


@pytest.fixture(scope="session")
def claude_bin() -> Path:
    return _required(CLIENTS / "claude", "run scripts/install-clients.sh")


@pytest.fixture(scope="session")
def codex_bin() -> Path:
    return _required(CLIENTS / "codex", "run scripts/install-clients.sh")


@dataclass
class Sandbox:
    """A throw-away home and work directory, owned by the user the client runs as."""

    root: Path
    user: str | None  # None: the current (non-root) user

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def work(self) -> Path:
        return self.root / "work"

    def run(self, argv: list[str], env: dict[str, str], timeout: int = 180) -> subprocess.CompletedProcess:
        """Run as the sandbox's user with exactly ``env`` (plus PATH and HOME)."""
        full = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(self.home), "LANG": "C.UTF-8",
                "EGRESS_GUARD_CACHE_DIR": str(self.root / "cache"), **env}
        cmd = ["env", "-i", *(f"{k}={v}" for k, v in full.items()), *argv]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        return subprocess.run(cmd, cwd=self.work, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL, check=False)

    def chown(self) -> None:
        if self.user:
            shutil.chown(self.root, self.user)
            for p in self.root.rglob("*"):
                shutil.chown(p, self.user)


def _test_user() -> str | None:
    if os.geteuid() != 0:
        return None
    try:
        pwd.getpwnam(TEST_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/bin/bash", TEST_USER], check=True)
    return TEST_USER


@pytest.fixture
def sandbox(cli):
    root = Path(tempfile.mkdtemp(prefix="eg-client-"))
    root.chmod(0o755)
    for d in ("home", "work", "cache"):
        (root / d).mkdir()
    box = Sandbox(root, _test_user())
    box.chown()
    # Compile the component into the sandbox's cache once, so no hook call pays for it.
    r = box.run([str(cli), "status"], {})
    assert r.returncode == 0, r.stderr
    yield box
    shutil.rmtree(root, ignore_errors=True)
