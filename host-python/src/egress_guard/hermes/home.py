"""Where the plugin's files are: the Hermes home, the policy file, the audit log and its key.

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
#: This installation's secret for keyed digests in audit lines, relative to the Hermes home.
AUDIT_KEY = Path("egress-guard") / "audit.key"


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


def audit_key(home: Path | None = None) -> bytes | None:
    """This installation's audit-digest key: 32 random bytes in ``<home>/egress-guard/audit.key``
    (mode 0600), created on first use. Audit lines then carry a keyed digest of each inspected
    string that no one without this file can test a guess against. None when the file can be
    neither read nor created (the engine then leaves short strings without a digest)."""
    path = (home or hermes_home()) / AUDIT_KEY
    try:
        key = path.read_bytes()
        if len(key) >= 16:
            return key
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        # Another process created it first: use theirs.
        try:
            key = path.read_bytes()
        except OSError:
            return None
        return key if len(key) >= 16 else None
    except OSError:
        return None
    key = os.urandom(32)
    try:
        os.write(fd, key)
    finally:
        os.close(fd)
    return key
