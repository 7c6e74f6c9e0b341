"""The ``/guard`` slash command: what the guard is doing, what it has done, what it would do.

    /guard, /guard status   the policy file, preset, each rule's mode, scopes and settings, the module
    /guard report           counts by rule and by action from the audit log, and the last 5 entries
    /guard check <text>     a dry run of <text> as a shell command, a tool result and a reply

Everything shown comes from the engine (status, check) or the audit log as stored (masked
previews only). ``check`` writes nothing. Hermes saves what is typed at its prompt to its input
history, so ``check`` should be tried with made-up values.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .. import audit

USAGE = (
    "Usage: /guard [status] | /guard report | /guard check <text>\n"
    "Don't paste real secrets into /guard check: Hermes keeps what you type in its input history."
)
#: Order in which rules are listed.
RULES = ("secrets", "smallcell", "microdata", "network")
PREVIEW_CHARS = 120


def handle(plugin: Any, raw_args: str | None) -> str:
    """The command's output for ``/guard <raw_args>``. Never raises (a command error is shown)."""
    text = (raw_args or "").strip()
    sub, _, rest = text.partition(" ")
    sub = sub.lower()
    try:
        if sub in ("", "status"):
            return status(plugin)
        if sub == "report":
            return report(plugin)
        if sub == "check":
            if not rest.strip():
                return "Usage: /guard check <text>  (a dry run; writes nothing)"
            return check(plugin, rest.strip())
        # Not echoed: whatever was typed may be a value the guard exists to hide.
        return f"Unknown /guard subcommand.\n{USAGE}"
    except Exception as e:  # noqa: BLE001 - the command reports, it never takes Hermes down
        return f"Egress Guard: /guard {sub or 'status'} failed: {type(e).__name__}"


def status(plugin: Any) -> str:
    g = plugin.guard()
    st = g.status()
    lines = [f"Egress Guard {st.get('engine_version') or '(engine unavailable)'}"]
    lines.append(f"  policy file : {st.get('source')}")
    lines.append(f"  preset      : {st.get('preset') or 'none'}")
    if st.get("valid", False):
        lines.append("  policy      : valid")
    else:
        lines.append(f"  policy      : NOT in force, built-in defaults apply: {st.get('error')}")
    if st.get("engine_error"):
        lines.append(f"  engine      : UNAVAILABLE, every call follows fail_mode: {st['engine_error']}")
    lines.append(f"  fail_mode   : {st.get('fail_mode')}")
    if "max_scan_bytes" in st:
        lines.append(f"  max_scan_bytes: {st['max_scan_bytes']}")
    if st.get("allowlist"):
        lines.append(f"  allowlist   : {_value(st['allowlist'])}")
    log = plugin.audit_log
    lines.append(f"  audit log   : {log if log is not None else 'off (audit.enabled: false)'}")
    lines.append(f"  module      : {getattr(g, 'wasm_path', '?')}")
    lines.append(f"  sha256      : {st.get('module_sha256') or 'unreadable'}")
    if streaming_on():
        lines.append(
            "  streaming   : ON: replies reach the terminal before the guard sees them and cannot be "
            "called back; set display.streaming: false in config.yaml for guarded sessions"
        )
    rules = st.get("rules") or {}
    if rules:
        lines.append("  rules:")
        for name in [r for r in RULES if r in rules] + sorted(set(rules) - set(RULES)):
            r = dict(rules[name])
            mode = r.pop("mode", "?")
            scopes = ", ".join(r.pop("scopes", []) or []) or "-"
            settings = " ".join(f"{k}={_value(v)}" for k, v in r.items() if v not in (None, [], {}))
            lines.append(f"    {name:<10} {mode:<8} scopes: {scopes:<20} {settings}".rstrip())
    return "\n".join(lines)


def streaming_on() -> bool:
    """Whether the running Hermes streams replies (``display.streaming``), read from the config
    module Hermes loaded (never imported here; False outside Hermes)."""
    config = sys.modules.get("hermes_cli.config")
    load = getattr(config, "load_config", None)
    if not callable(load):
        return False
    try:
        display = (load() or {}).get("display") or {}
    except Exception:  # noqa: BLE001 - status only reports
        return False
    return display.get("streaming") is True


def report(plugin: Any) -> str:
    path = plugin.audit_log
    if path is None:
        return "Egress Guard report: the audit log is off (audit.enabled: false)."
    r = audit.tail_report(path)
    if not r["exists"]:
        return f"Egress Guard report: no audit log yet ({path})."
    scope = "the last 16 MB of " if r["truncated"] else ""
    lines = [f"Egress Guard report: {r['entries']} entries in {scope}{path}"]
    if r["invalid_lines"]:
        lines.append(f"  ({r['invalid_lines']} unreadable lines skipped)")
    lines.append("  findings by rule  : " + (_counts(r["by_rule"]) or "none"))
    lines.append("  entries by action : " + (_counts(r["by_action"]) or "none"))
    if r["last"]:
        lines.append(f"  last {len(r['last'])}:")
        for e in r["last"]:
            findings = e.get("findings") or []
            shown = ", ".join(f"{f.get('rule')} {f.get('code')} {f.get('preview')}".strip() for f in findings[:3])
            more = len(findings) - 3 + int(e.get("findings_omitted") or 0)
            if more > 0:
                shown += f", +{more} more"
            where = e.get("tool") or "-"
            lines.append(f"    {e.get('ts', '?')} {e.get('direction', '?'):<6} {where:<12} {e.get('action', '?'):<7} {shown}")
    return "\n".join(lines)


def check(plugin: Any, text: str) -> str:
    c = plugin.guard().check(text)
    if "error" in c:
        return f"Egress Guard check: {c['error']}"
    lines = ["Egress Guard check (dry run, nothing written):"]
    for scope, label in (("args", "as a shell command"), ("result", "as a tool result"), ("reply", "as a reply")):
        v = c.get(scope) or {}
        rules = ", ".join(v.get("rules") or []) or "no rule enabled"
        lines.append(f"  {label} [{rules}]: {str(v.get('action', '?')).upper()}")
        for f in v.get("findings") or []:
            lines.append(f"    - {f.get('rule')} {f.get('code')} {f.get('action')}: {f.get('reason')} ({f.get('preview')})")
        out = v.get("output")
        if isinstance(out, dict):
            out = out.get("command", json.dumps(out, ensure_ascii=False))
        if out is not None:
            lines.append(f"    becomes: {_line(str(out), PREVIEW_CHARS)}")
        if v.get("message"):
            lines.append(f"    message: {v['message']}")
    return "\n".join(lines)


def _counts(d: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items())


def _value(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":")) if isinstance(v, (list, dict)) else str(v)


def _line(text: str, limit: int) -> str:
    """One line of at most ``limit`` characters (whitespace collapsed)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "\u2026"
