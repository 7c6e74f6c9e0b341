"""The user's own secrets, collected for the engine to redact by value (``rules.secrets.known_values``).

The engine reads no file and no environment (it is a sandboxed component), so the host gathers
what the policy names and hands it over with :meth:`Guard.add_known_values`: every environment
variable as ``(name, value)`` (the engine keeps only credential names: ``*_TOKEN``,
``*_PASSWORD``, ``SSHPASS``...), ``$HERMES_HOME/.env`` and each listed file as
``("file:<path>", text)`` (the engine keeps the credentials it finds in the text and the values
assigned to credential names). Nothing here is logged; unreadable files are skipped.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

#: Largest file read (a credentials file is small; a huge one is not what the policy meant).
MAX_FILE_BYTES = 1 << 20


def collect(settings: Mapping, environ: Mapping[str, str] | None = None, hermes_home: Path | None = None) -> list[tuple[str, str]]:
    """The entries ``settings`` (the ``known_values`` object of ``Guard.status()["rules"]["secrets"]``)
    asks for. ``hermes_home``: the Hermes home whose ``.env`` is read (default ``$HERMES_HOME``;
    without either, no ``.env``)."""
    env = os.environ if environ is None else environ
    entries: list[tuple[str, str]] = []
    if settings.get("env", True):
        entries.extend((k, v) for k, v in env.items())
    files = [Path(f).expanduser() for f in settings.get("files") or []]
    home = hermes_home or (Path(env["HERMES_HOME"]) if env.get("HERMES_HOME", "").strip() else None)
    if settings.get("hermes_env", True) and home is not None:
        files.insert(0, home / ".env")
    for path in files:
        try:
            if path.stat().st_size <= MAX_FILE_BYTES:
                entries.append((f"file:{path}", path.read_text(encoding="utf-8", errors="replace")))
        except OSError:
            continue
    return entries


def add_from_policy(guard, environ: Mapping[str, str] | None = None, hermes_home: Path | None = None) -> int:
    """Collect what the guard's policy names and hand it to the guard: how many values it kept."""
    settings = guard.status().get("rules", {}).get("secrets", {}).get("known_values") or {}
    return guard.add_known_values(collect(settings, environ, hermes_home))
