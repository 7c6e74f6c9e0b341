"""``python -m egress_guard install``: put a self-contained plugin into a Hermes home and enable it.

The plugin directory is the template in ``plugin/`` (``plugin.yaml``, ``__init__.py``) plus a copy
of this whole package (host library, ``egress_guard.wasm``, the bundled default policy), so the
plugin works in whatever Python runs Hermes as long as ``wasmtime`` is importable there.
The directory is built next to its final place and swapped in, so Hermes never sees half a plugin.

``config.yaml`` is changed in exactly one place: ``egress-guard`` is added to ``plugins.enabled``
(and dropped from ``plugins.disabled``, which would veto it); ``--uninstall`` removes it from
``plugins.enabled`` and removes the plugin directory. Every other key is kept. The audit log and
the user's policy file are the user's data and are never touched.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path

from . import PLUGIN_NAME, home

PACKAGE_DIR = Path(__file__).resolve().parent.parent
TEMPLATE_DIR = Path(__file__).resolve().parent / "plugin"
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", "*.egg-info")


def plugin_dir(hermes_home: Path) -> Path:
    return hermes_home / "plugins" / PLUGIN_NAME


def install(hermes_home: Path) -> list[str]:
    """Install (or replace) the plugin and enable it. Returns what was done, for the user."""
    wasm = PACKAGE_DIR / "egress_guard.wasm"
    if not wasm.is_file():
        raise FileNotFoundError(f"{wasm} is missing: build it with scripts/build-wasm.sh first")
    dest = plugin_dir(hermes_home)
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{PLUGIN_NAME}-", dir=dest.parent))
    try:
        for f in TEMPLATE_DIR.iterdir():
            if f.is_file():
                shutil.copyfile(f, staging / f.name)
        # symlinks=False: the bundled policy is a link in the source tree; the plugin gets the file.
        shutil.copytree(PACKAGE_DIR, staging / "egress_guard", ignore=_IGNORE, symlinks=False)
        old = None
        if dest.exists():
            old = dest.with_name(f".{PLUGIN_NAME}-old-{os.getpid()}")
            os.replace(dest, old)
        os.replace(staging, dest)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    done = [f"installed {dest}"]
    done.append(_edit_config(hermes_home / "config.yaml", enable=True))
    if importlib.util.find_spec("wasmtime") is None:
        done.append("note: wasmtime is not importable here; install it in the Python that runs Hermes (pip install wasmtime==50.0.1)")
    return done


def uninstall(hermes_home: Path) -> list[str]:
    """Disable the plugin in ``config.yaml`` and remove its directory."""
    dest = plugin_dir(hermes_home)
    done = [_edit_config(hermes_home / "config.yaml", enable=False)]
    if dest.exists():
        shutil.rmtree(dest)
        done.append(f"removed {dest}")
    else:
        done.append(f"{dest} was not installed")
    return done


def _edit_config(path: Path, *, enable: bool) -> str:
    """Add/remove the plugin in ``plugins.enabled``; every other setting is kept as loaded."""
    import yaml  # Hermes depends on PyYAML; only the installer needs it.

    config = {}
    if path.is_file():
        config = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(config, dict):
            raise ValueError(f"{path} is not a YAML mapping; not changing it")
    plugins = config.get("plugins")
    if plugins is None:
        if not enable:
            return f"{path}: {PLUGIN_NAME} was not enabled"
        plugins = config["plugins"] = {}
    if not isinstance(plugins, dict):
        raise ValueError(f"{path}: 'plugins' is not a mapping; not changing it")
    enabled = list(plugins.get("enabled") or [])
    disabled = list(plugins.get("disabled") or [])
    if enable:
        changed = PLUGIN_NAME not in enabled or PLUGIN_NAME in disabled
        if PLUGIN_NAME not in enabled:
            enabled.append(PLUGIN_NAME)
        plugins["enabled"] = enabled
        if PLUGIN_NAME in disabled:
            plugins["disabled"] = [d for d in disabled if d != PLUGIN_NAME]
        verb = "enabled" if changed else "already enabled"
    else:
        changed = PLUGIN_NAME in enabled
        if not changed:
            return f"{path}: {PLUGIN_NAME} was not enabled"
        plugins["enabled"] = [e for e in enabled if e != PLUGIN_NAME]
        verb = "disabled"
    if changed:
        _write_atomically(path, yaml.safe_dump(config, sort_keys=False, allow_unicode=True))
    return f"{path}: {PLUGIN_NAME} {verb}"


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o600
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".config-", suffix=".yaml")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def default_home() -> Path:
    return home.hermes_home()
