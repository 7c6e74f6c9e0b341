"""Where the plugin's files are: the Hermes home, the policy file, the audit log.

The Hermes home is the active profile's home. Hermes resolves it in ``hermes_constants`` (a
context-local profile override, then ``HERMES_HOME``, then ``~/.hermes``); the plugin asks that
module when Hermes has already loaded it and never imports a Hermes module itself, so outside
Hermes (the installer, tests) the same order without the override applies.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: Environment variable naming the policy file; it wins over every other location.
POLICY_ENV = "EGRESS_GUARD_POLICY"
#: The policy file's name in the Hermes home.
POLICY_NAME = "egress-guard.yaml"
#: The bundled default policy (a commented copy of `policies/egress-guard.yaml`).
BUNDLED_POLICY = Path(__file__).with_name("policies") / POLICY_NAME
#: The audit log, relative to the Hermes home, unless the policy's `audit.path` says otherwise.
DEFAULT_AUDIT = Path("egress-guard") / "audit.jsonl"


def hermes_home() -> Path:
    """The active Hermes home (profile-aware inside Hermes)."""
    constants = sys.modules.get("hermes_constants")
    get_home = getattr(constants, "get_hermes_home", None)
    if callable(get_home):
        try:
            return Path(get_home())
        except Exception:  # noqa: BLE001 - fall back to the documented order below
            pass
    env = os.environ.get("HERMES_HOME", "").strip()
    return Path(env) if env else Path.home() / ".hermes"


def policy_path(home: Path | None = None) -> Path:
    """The policy file in force: ``$EGRESS_GUARD_POLICY``, else ``<home>/egress-guard.yaml`` if it
    exists, else the bundled default. A named file that cannot be read is still returned: the
    guard then runs on the built-in defaults and says why (never "off")."""
    explicit = os.environ.get(POLICY_ENV, "").strip()
    if explicit:
        return Path(explicit).expanduser()
    user = (home or hermes_home()) / POLICY_NAME
    if user.is_file():
        return user
    return BUNDLED_POLICY


def audit_path(configured: str | None, home: Path | None = None) -> Path:
    """The audit log: the policy's ``audit.path`` (``~`` expanded, relative to the Hermes home),
    else ``<home>/egress-guard/audit.jsonl``."""
    base = home or hermes_home()
    if not configured:
        return base / DEFAULT_AUDIT
    p = Path(configured).expanduser()
    return p if p.is_absolute() else base / p
