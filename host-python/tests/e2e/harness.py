"""Set up a throw-away Hermes home with the plugin installed the way a user installs it, and run
real Hermes turns in it against :class:`mock_llm.MockLLM` (used by the e2e tests and the demo).

Nothing leaves 127.0.0.1: the model is the mock, proxies point every other HTTP(S) request at a
closed local port (an upload command in a test really runs, and fails to connect), lazy installs
are off, and ``HOME`` is a temp dir too.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "driver.py"
PLUGIN = "egress-guard"
#: Where an upload command's traffic goes: nothing listens there.
DEAD_PROXY = "http://127.0.0.1:9"


@dataclass
class Home:
    """A Hermes home with the plugin installed (or not)."""

    root: Path
    policy: str | None = None
    plugin: bool = True
    extra_env: dict = field(default_factory=dict)
    #: Top-level config.yaml sections merged over the defaults below (e.g. ``{"approvals": {...}}``).
    extra_config: dict = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return self.root / "hermes"

    @property
    def plugin_dir(self) -> Path:
        return self.path / "plugins" / PLUGIN

    @property
    def audit_log(self) -> Path:
        return self.path / "egress-guard" / "audit.jsonl"

    @property
    def work(self) -> Path:
        """A scratch directory for the commands the model runs."""
        return self.root / "work"

    def setup(self, base_url: str) -> Home:
        self.path.mkdir(parents=True, exist_ok=True)
        self.work.mkdir(exist_ok=True)
        (self.root / "userhome").mkdir(exist_ok=True)
        config = {
            "model": {"provider": "custom", "base_url": base_url, "default": "mock-model", "api_key": "sk-mock"},
            "agent": {"environment_probe": False},
            "security": {"tirith_enabled": False},
            "approvals": {"timeout": 2},
            "plugins": {"enabled": ["some-other-plugin"]},
        }
        for section, values in self.extra_config.items():
            config[section] = {**config.get(section, {}), **values}
        (self.path / "config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
        if self.policy is not None:
            (self.path / "egress-guard.yaml").write_text(self.policy)
        if self.plugin:
            install(self.path)
        return self

    def env(self) -> dict:
        env = dict(os.environ)
        for k in ("HERMES_INTERACTIVE", "HERMES_YOLO_MODE", "HERMES_CRON_SESSION", "EGRESS_GUARD_POLICY", "HERMES_REDACT_SECRETS"):
            env.pop(k, None)
        env.update(
            {
                "HERMES_HOME": str(self.path),
                "HOME": str(self.root / "userhome"),
                "HERMES_DISABLE_LAZY_INSTALLS": "1",
                "TIRITH_ENABLED": "false",
                "NO_PROXY": "127.0.0.1,localhost",
                "no_proxy": "127.0.0.1,localhost",
                **{k: DEAD_PROXY for k in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")},
            }
        )
        env.update(self.extra_env)
        return env

    def audit_entries(self) -> list[dict]:
        if not self.audit_log.is_file():
            return []
        return [json.loads(line) for line in self.audit_log.read_text().splitlines()]


def install(hermes_home: Path, uninstall: bool = False) -> str:
    """``python -m egress_guard install``, exactly as a user runs it."""
    cmd = [sys.executable, "-m", "egress_guard", "install", "--hermes-home", str(hermes_home)]
    if uninstall:
        cmd.append("--uninstall")
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def run_hermes(home: Home, base_url: str, runs: list[dict], *, toolsets=("terminal",), slash=(), shell_hooks=False, timeout=300) -> dict:
    """Real Hermes turns (``AIAgent.run_conversation``, or Hermes's cron scheduler for a run with
    ``"cron": true``) in a fresh interpreter; returns the driver's result:
    ``{"runs": [{"final", "tools", "approvals", ...}], "slash": {command: output}}``."""
    spec = {"base_url": base_url, "toolsets": list(toolsets), "runs": runs, "slash": list(slash), "shell_hooks": shell_hooks}
    spec_file = home.root / f"spec-{len(list(home.root.glob('spec-*')))}.json"
    spec_file.write_text(json.dumps(spec))
    r = subprocess.run([sys.executable, str(DRIVER), str(spec_file)], capture_output=True, text=True, env=home.env(), cwd=home.work, timeout=timeout)
    marker = [line for line in r.stdout.splitlines() if line.startswith("@@RESULT@@")]
    assert r.returncode == 0 and marker, f"driver failed (rc={r.returncode}):\n{r.stdout[-3000:]}\n{r.stderr[-5000:]}"
    result = json.loads(marker[-1][len("@@RESULT@@") :])
    result["stderr"] = r.stderr
    return result
