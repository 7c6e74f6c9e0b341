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
def reachable(tmp_path_factory):
    """``reachable(path, name)``: ``path`` itself when the test user can run it, else a copy (a hard
    link where possible) in a directory that user can reach: a checkout under a private home
    would otherwise be out of its reach. The component goes beside the CLI, where it looks first."""
    user = _test_user()
    shared = Path(tempfile.mkdtemp(prefix="eg-client-bin-"))
    shared.chmod(0o755)

    def place(path: Path, name: str) -> Path:
        path = path.resolve()
        if user is None or subprocess.run(["runuser", "-u", user, "--", "test", "-x", str(path)], check=False).returncode == 0:
            return path
        dest = shared / name
        try:
            os.link(path, dest)
        except OSError:
            shutil.copy2(path, dest)
        dest.chmod(0o755)
        return dest

    yield place
    shutil.rmtree(shared, ignore_errors=True)


@pytest.fixture(scope="session")
def cli(reachable) -> Path:
    wasm = _required(ROOT / "dist" / "egress_guard.wasm", "run scripts/build-wasm.sh")
    exe = reachable(_required(CLI, "run cargo build --release -p egress-guard"), "egress-guard")
    if exe.parent != CLI.parent.resolve():
        reachable(wasm, "egress_guard.wasm")
    return exe


@pytest.fixture(scope="session")
def claude_bin(reachable) -> Path:
    # The npm package's native binary (a single file).
    return reachable(_required(CLIENTS / "claude", "run scripts/install-clients.sh"), "claude")


@pytest.fixture(scope="session")
def codex_bin(reachable) -> Path:
    # The platform package's native binary, run directly (the npm launcher is a Node script).
    found = sorted((ROOT / ".clients" / "node_modules" / "@openai").glob("codex-*/vendor/*/bin/codex"))
    assert found, "the Codex binary is missing: run scripts/install-clients.sh"
    return reachable(found[0], "codex")


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
        full = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": str(self.home),
            "LANG": "C.UTF-8",
            "EGRESS_GUARD_CACHE_DIR": str(self.root / "cache"),
            **env,
        }
        cmd = ["env", "-i", *(f"{k}={v}" for k, v in full.items()), *argv]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        return subprocess.run(
            cmd,
            cwd=self.work,
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            check=False,
        )

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
        subprocess.run(
            [
                "useradd",
                "--system",
                "--no-create-home",
                "--shell",
                "/bin/bash",
                TEST_USER,
            ],
            check=True,
        )
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
