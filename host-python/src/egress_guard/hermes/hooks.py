"""Hermes hook callbacks: each one asks the engine and maps its verdict to what Hermes accepts.

No policy logic lives here. The engine decides (action, rewritten payload, message, audit lines);
this module only translates:

| verdict   | arguments (before the tool runs)                     | result / reply          |
|-----------|------------------------------------------------------|-------------------------|
| redact    | rewritten arguments (see *rewrite paths* below)      | the rewritten text      |
| approve   | ``{"action": "approve", ...}``; ``block`` when approvals are bypassed (``--yolo``) | the engine's withheld text |
| block     | ``{"action": "block", "message": ...}``              | the engine's withheld text |
| warn      | nothing (audit line only)                            | nothing                 |

Rewrite paths, chosen once at registration by feature detection: Hermes with
``pre_tool_call``'s ``{"action": "modify", "args": ...}`` directive gets that; Hermes 0.19.0 gets the
``tool_request`` middleware (which runs before ``pre_tool_call``, approvals and execution);
a host with neither gets the arguments dict rewritten in place (the dict Hermes then executes).

Every callback catches its own errors and applies the policy's ``fail_mode`` (Hermes 0.19.0 lets a
raising hook through; newer Hermes blocks on it): the host library turns any engine failure into
an ``internal`` verdict, and this module does the same for its own. Every engine call is bounded
by fuel and a deadline (the host library's per-call budget), far inside Hermes's 30 s hook
timeout. The guard is shared by every thread: Hermes runs result hooks of a parallel tool batch
on pool threads, and the host library's instance pool and the audit writer are thread-safe.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sys
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable

from .. import audit
from ..guard import Guard
from ..verdict import Verdict, dumps, internal
from . import home

log = logging.getLogger("egress_guard")

#: Results and replies the engine could not vouch for, with fail_mode closed.
WITHHELD = "[egress-guard] Withheld: the guard could not inspect this content and fail_mode is closed."
#: Verdicts the middleware computed, kept for the ``pre_tool_call`` of the same call (bounded).
_PENDING_MAX = 256


class GuardPlugin:
    """The plugin's state in one Hermes process: one guard (built on first use) and the audit log."""

    def __init__(self, guard_factory: Callable[[], Any] | None = None):
        self._factory = guard_factory or _default_guard
        self._lock = threading.Lock()
        self._guard: Any = None
        self._audit: Path | None = None
        self._pending: OrderedDict[str, tuple[str, Verdict]] = OrderedDict()
        self._pending_lock = threading.Lock()
        #: How redacted arguments reach the tool: "modify", "middleware" or "inplace".
        self.rewrite = "inplace"

    # ---- the guard and the audit log ----

    def guard(self) -> Any:
        """The guard for this process (the policy is read once, at first use)."""
        g = self._guard
        if g is None:
            with self._lock:
                if self._guard is None:
                    g = self._factory()
                    st = g.status()
                    conf = st.get("audit") or {}
                    self._audit = None if conf.get("enabled") is False else home.audit_path(conf.get("path"))
                    self._guard = g
                g = self._guard
        return g

    @property
    def audit_log(self) -> Path | None:
        """Where audit lines go (None when the policy disables the log)."""
        self.guard()
        return self._audit

    def fail_mode(self) -> str:
        g = self._guard
        return getattr(g, "fail_mode", "open") if g is not None else "open"

    def _record(self, v: Verdict) -> None:
        if not v.audit:
            return
        path = self.audit_log
        if path is None:
            return
        try:
            audit.append(path, v.audit)
        except OSError as e:
            log.warning("egress-guard: cannot write the audit log %s: %s", path, e)

    def inspect(self, scope: str, tool: str, payload: Any) -> Verdict:
        """One engine call; any failure (ours or the engine's) becomes the fail_mode verdict.
        The verdict's audit lines are written before it is returned."""
        try:
            v = self.guard().inspect(scope, tool, payload)
        except Exception as e:  # noqa: BLE001 - every callback applies fail_mode, never raises
            log.error("egress-guard: %s inspection failed: %s", scope, type(e).__name__)
            text = payload if isinstance(payload, str) else _json(payload)
            v = internal(self.fail_mode(), scope, tool, text, f"host error: {type(e).__name__}")
        self._record(v)
        return v

    def _failed(self, hook: str, e: BaseException) -> str:
        """Log an error of our own mapping code; returns the fail_mode to apply."""
        log.error("egress-guard: %s hook failed: %s", hook, type(e).__name__)
        mode = self.fail_mode()
        try:
            self._record(internal(mode, hook, "", "", f"host error in {hook}: {type(e).__name__}"))
        except Exception:  # noqa: BLE001
            pass
        return mode

    # ---- hooks ----

    def tool_request(self, tool_name: str = "", args: Any = None, tool_call_id: str = "", **_: Any) -> dict | None:
        """``tool_request`` middleware (Hermes 0.19.0): returns ``{"args": ...}`` when the engine
        redacted them. The verdict is kept for this call's ``pre_tool_call``."""
        try:
            if not isinstance(args, dict):
                return None
            v = self.inspect("args", tool_name, args)
            # Redactions apply whatever the action: an upload sent for approval runs, if approved,
            # without the key that was pasted into it.
            new = v.output if isinstance(v.output, dict) else None
            if tool_call_id:
                self._remember(tool_call_id, _json(new if new is not None else args), v)
            return {"args": new} if new is not None else None
        except Exception as e:  # noqa: BLE001
            # pre_tool_call has no verdict for this call then: it inspects again and applies
            # fail_mode if that fails too.
            self._failed("tool_request", e)
            return None

    def pre_tool_call(self, tool_name: str = "", args: Any = None, tool_call_id: str = "", **_: Any) -> dict | None:
        """Redact (modify / in place), escalate to Hermes's approval prompt, or block."""
        try:
            if not isinstance(args, dict):
                return None
            v = self._recall(tool_call_id, args) if self.rewrite == "middleware" else None
            if v is None:
                v = self.inspect("args", tool_name, args)
            if isinstance(v.output, dict):
                if v.action == "redact" and self.rewrite == "modify":
                    return {"action": "modify", "args": v.output}
                # Hermes executes this very dict (after the middleware, if it already rewrote it);
                # an approval or block below still applies to the redacted arguments.
                args.clear()
                args.update(v.output)
            return args_directive(v, approvals_bypassed=approvals_bypassed())
        except Exception as e:  # noqa: BLE001
            if self._failed("pre_tool_call", e) == "closed":
                return {"action": "block", "message": f"[egress-guard] BLOCK: the guard failed ({type(e).__name__}) and fail_mode is closed."}
            return None

    def transform_tool_result(self, tool_name: str = "", result: Any = None, **_: Any) -> str | None:
        """The tool result the model will see, rewritten string by string (JSON keeps its shape)."""
        try:
            if not isinstance(result, str):
                return None
            return text_replacement(self.inspect("result", tool_name, result))
        except Exception as e:  # noqa: BLE001
            return WITHHELD if self._failed("transform_tool_result", e) == "closed" else None

    def transform_llm_output(self, response_text: Any = None, **_: Any) -> str | None:
        """The final reply, rewritten; the engine appends a short note when values were withheld."""
        try:
            if not isinstance(response_text, str) or not response_text:
                return None
            return text_replacement(self.inspect("reply", "", response_text))
        except Exception as e:  # noqa: BLE001
            return WITHHELD if self._failed("transform_llm_output", e) == "closed" else None

    # ---- the middleware -> pre_tool_call hand-over ----

    def _remember(self, tool_call_id: str, args_json: str, v: Verdict) -> None:
        with self._pending_lock:
            self._pending[tool_call_id] = (args_json, v)
            while len(self._pending) > _PENDING_MAX:
                self._pending.popitem(last=False)

    def _recall(self, tool_call_id: str, args: dict) -> Verdict | None:
        """The middleware's verdict for this call, if the arguments are still the ones it saw."""
        if not tool_call_id:
            return None
        with self._pending_lock:
            kept = self._pending.pop(tool_call_id, None)
        if kept is None or kept[0] != _json(args):
            return None
        return kept[1]


def args_directive(v: Verdict, *, approvals_bypassed: bool) -> dict | None:
    """The ``pre_tool_call`` directive for a verdict on tool arguments (None: let it run)."""
    if v.action == "block":
        return {"action": "block", "message": v.message or "[egress-guard] BLOCK"}
    if v.action != "approve":
        return None
    message = v.message or "[egress-guard] APPROVE"
    if approvals_bypassed:
        # Nobody will be asked, so the call would run unseen: block it and say why.
        prefix = "[egress-guard] APPROVE: "
        rest = message[len(prefix):] if message.startswith(prefix) else message
        return {
            "action": "block",
            "message": "[egress-guard] BLOCK: approvals are bypassed (--yolo), and this call needs approval, "
            "so it was blocked. " + rest,
        }
    code = next((f.code for f in v.findings if f.action == "approve"), "EG")
    digest = hashlib.sha256(message.encode("utf-8")).hexdigest()[:12]
    # One approval covers exactly this command: "always" must not approve every future upload.
    return {"action": "approve", "message": message, "rule_key": f"egress-guard:{code}:{digest}"}


def text_replacement(v: Verdict) -> str | None:
    """What a result or reply becomes: the engine's rewrite, or its withheld text on block."""
    if isinstance(v.output, str):
        return v.output
    if v.action in ("approve", "block"):
        return v.message or WITHHELD
    return None


def approvals_bypassed() -> bool:
    """True when Hermes's approval gate auto-approves (``--yolo``, ``-z``, gateway ``/yolo``).

    Mirrors the gate's own check (``tools/approval.py`` ``_run_approval_gate``): the process flag
    frozen at import and the session toggle. ``approvals.mode: off`` does not bypass the plugin
    gate, so it does not count. Read from the module Hermes loaded; never imported here.
    """
    approval = sys.modules.get("tools.approval")
    if approval is None:
        import os

        return os.environ.get("HERMES_YOLO_MODE", "").strip().lower() in ("1", "true", "yes", "on")
    frozen = bool(getattr(approval, "_YOLO_MODE_FROZEN", False))
    session = getattr(approval, "is_current_session_yolo_enabled", None)
    try:
        return frozen or bool(session and session())
    except Exception:  # noqa: BLE001
        return frozen


def supports_modify_directive() -> bool:
    """Whether the running Hermes applies ``{"action": "modify", "args": ...}`` from ``pre_tool_call``
    (its dispatcher that returns the modified arguments exists; 0.19.0 has none)."""
    plugins = sys.modules.get("hermes_cli.plugins")
    return callable(getattr(plugins, "_dispatch_pre_tool_call_hooks", None))


def _json(value: Any) -> str:
    try:
        return dumps(value)
    except (TypeError, ValueError):
        return json.dumps(value, default=repr)


def _default_guard() -> Guard:
    return Guard(policy=home.policy_path(), audit_key=home.audit_key())
