"""Hermes hook callbacks: each one asks the engine and maps its verdict to what Hermes accepts.

No policy logic lives here. The engine decides (action, rewritten payload, message, audit lines);
this module only translates:

| verdict   | arguments (before the tool runs)                     | result / reply          |
|-----------|------------------------------------------------------|-------------------------|
| redact    | rewritten arguments (see *rewrite paths* below)      | the rewritten text      |
| approve   | ``{"action": "approve", ...}``; ``block`` when nobody will be asked (below) | the engine's withheld text |
| block     | ``{"action": "block", "message": ...}``              | the engine's withheld text |
| warn      | nothing (audit line only)                            | nothing                 |

Rewrite paths, chosen once at registration by feature detection: the ``tool_request`` middleware
wherever Hermes has it (0.19.0 and newer: it runs before ``pre_tool_call``, approvals and
execution, and hands the next step a copy, so no other hook can undo it); Hermes's
``pre_tool_call`` ``{"action": "modify"}`` directive only where there is no middleware. Arguments
are never edited in place (newer Hermes ignores that). When ``pre_tool_call`` finds arguments
that still need redaction (another plugin's middleware changed them after ours), it cannot
rewrite them safely, so it blocks the call.

Approval bypasses: Hermes's approval gate auto-approves under ``--yolo`` / ``HERMES_YOLO_MODE``,
the gateway's session ``/yolo``, a cron job with ``approvals.cron_mode: approve`` and, in newer
Hermes, ``approvals.mode: off``, ``approvals.single_query_mode: approve`` (``-q``) and
``approvals.unattended_mode: approve`` (webhook / API server sessions). Under any of them an
``approve`` becomes a ``block`` whose message names the bypass (:func:`approval_bypass`).

Results: ``transform_tool_result`` rewrites what registry tools return; the ``tool_execution``
middleware, where Hermes has it, checks what every tool finally returns (agent-loop tools such as
``delegate_task`` and ``memory`` included, and results another plugin's ``transform_tool_result``
replaced first) unless this plugin already vetted exactly that text. ``pre_tts_synthesis`` (newer
Hermes) rewrites or blocks text before it is sent to a speech provider.

Sessions: every hook of 0.19.0 gets Hermes's ``session_id`` (``transform_llm_output`` only that;
tool hooks and middleware also ``task_id``), and each call is inspected in the engine session of
that id (``task_id`` when a call has no ``session_id``; neither: no session, each call on its own).
So with ``placeholders: {enabled: true}`` a key read in one call is a placeholder the model can use
in the next, put back only where the policy allows. The host library routes every call of one
session to one instance and serializes them there, so a parallel tool batch shares the session's
state. A subagent has a Hermes session of its own: the parent's placeholders are not put back
in its calls. Approval outcomes: Hermes does not tell a plugin what the human answered, but it tells it
what happened to the call: the ``tool_execution`` middleware runs only for a call that was let
through (approved), and ``post_tool_call`` fires for every call, with ``status: "blocked"`` for one
the gate denied. The first of the two to see a call whose ``approve`` verdict offered grants
reports the outcome to the session (``Guard.report_approval``); one never seen (Hermes stopped
first) is never reported, so its grants never come into force.

Every callback catches its own errors and applies the policy's ``fail_mode`` (Hermes 0.19.0 lets a
raising hook through; newer Hermes blocks on it): the host library turns any engine failure into
an ``internal`` verdict, and this module does the same for its own. Every engine call is bounded
by fuel and a deadline (the host library's per-call budget), far inside Hermes's 30 s hook
timeout. The guard is shared by every thread: Hermes runs result hooks of a parallel tool batch
on pool threads, and the host library's instance pool and the audit writer are thread-safe.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import audit, known
from ..guard import Guard
from ..verdict import Verdict, dumps, internal
from . import home

log = logging.getLogger("egress_guard")

#: Results and replies the engine could not vouch for, with fail_mode closed.
WITHHELD = "[egress-guard] Withheld: the guard could not inspect this content and fail_mode is closed."
#: Verdicts the middleware computed, kept for the ``pre_tool_call`` of the same call (bounded).
_PENDING_MAX = 256
#: Longest session id the engine takes; a longer Hermes id is used by its digest.
_MAX_SESSION_ID = 256
#: Arguments that still needed redaction when ``pre_tool_call`` saw them, with no way to rewrite.
UNREWRITABLE = (
    "[egress-guard] BLOCK: these arguments still hold values the guard must redact, and this Hermes "
    "has no step left where they can be rewritten (another plugin changed them after the guard's "
    "rewrite), so the call was blocked."
)


class GuardPlugin:
    """The plugin's state in one Hermes process: one guard (built on first use) and the audit log."""

    def __init__(self, guard_factory: Callable[[], Any] | None = None):
        self._factory = guard_factory or _default_guard
        self._lock = threading.Lock()
        self._guard: Any = None
        self._audit: Path | None = None
        self._keyed = False
        self._pending: OrderedDict[str, tuple[str, Verdict]] = OrderedDict()
        self._pending_lock = threading.Lock()
        #: Results already vetted, by tool call: the digest of the text this plugin let through.
        self._vetted: OrderedDict[str, str] = OrderedDict()
        #: Approvals asked for, by tool call: (session, approval id), until their outcome is known.
        self._asked: OrderedDict[str, tuple[str, str]] = OrderedDict()
        #: How redacted arguments reach the tool: "middleware", "modify" or "none" (block instead).
        self.rewrite = "none"

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
                    protect = getattr(g, "protect", None)
                    if callable(protect):
                        protect(own_files(self._audit))
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
            audit.append(path, v.audit, seal=getattr(self._guard, "seal_audit", None))
        except OSError as e:
            log.warning("egress-guard: cannot write the audit log %s: %s", path, e)

    def _keyed_guard(self) -> Any:
        """The guard, given this installation's audit key before the first call whose audit
        lines are kept. The key file is made here, not before: a policy that disables the log
        and a dry run (`/guard check`) write nothing."""
        g = self.guard()
        if not self._keyed:
            # Under the lock: a parallel call must not go ahead before the key is set (its audit
            # line would carry the unkeyed digest).
            with self._lock:
                if not self._keyed:
                    set_key = getattr(g, "set_audit_key", None)
                    if self._audit is not None and callable(set_key) and (key := home.audit_key()):
                        set_key(key)
                    self._keyed = True
        return g

    def inspect(self, scope: str, tool: str, payload: Any, unattended: str | None = None, session: str | None = None) -> Verdict:
        """One engine call (in ``session`` when given); any failure (ours or the engine's) becomes
        the fail_mode verdict. The verdict's audit lines are written before it is returned."""
        try:
            v = self._keyed_guard().inspect(scope, tool, payload, unattended=unattended, session=session)
        except Exception as e:  # noqa: BLE001 - every callback applies fail_mode, never raises
            log.error("egress-guard: %s inspection failed: %s", scope, type(e).__name__)
            v = internal(self.fail_mode(), scope, tool, f"host error: {type(e).__name__}")
        self._record(v)
        return v

    def _failed(self, hook: str, e: BaseException) -> str:
        """Log an error of our own mapping code; returns the fail_mode to apply."""
        log.error("egress-guard: %s hook failed: %s", hook, type(e).__name__)
        mode = self.fail_mode()
        with contextlib.suppress(Exception):  # the audit line is best effort: fail_mode applies regardless
            self._record(internal(mode, hook, "", f"host error in {hook}: {type(e).__name__}"))
        return mode

    # ---- hooks ----

    def tool_request(self, tool_name: str = "", args: Any = None, tool_call_id: str = "", **kw: Any) -> dict | None:
        """``tool_request`` middleware (Hermes 0.19.0): returns ``{"args": ...}`` when the engine
        rewrote them (redacted, or placeholders put back). The verdict is kept for this call's
        ``pre_tool_call``."""
        try:
            if not isinstance(args, dict):
                return None
            v = self.inspect("args", tool_name, args, approval_bypass(), session_of(kw))
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

    def pre_tool_call(self, tool_name: str = "", args: Any = None, tool_call_id: str = "", **kw: Any) -> dict | None:
        """Escalate to Hermes's approval prompt, or block; rewrite only where Hermes has no middleware."""
        try:
            if not isinstance(args, dict):
                return None
            session = session_of(kw)
            v = self._recall(tool_call_id, args) if self.rewrite == "middleware" else None
            if v is None:
                v = self.inspect("args", tool_name, args, approval_bypass(), session)
                if isinstance(v.output, dict):
                    # These very arguments need a rewrite that no earlier step made.
                    if v.action == "redact" and self.rewrite == "modify":
                        return {"action": "modify", "args": v.output}
                    if v.action != "block":
                        return {"action": "block", "message": UNREWRITABLE}
            if v.action == "approve" and session and tool_call_id and isinstance(v.approval, dict) and v.approval.get("id"):
                self._ask(tool_call_id, session, str(v.approval["id"]))
            return args_directive(v)
        except Exception as e:  # noqa: BLE001
            if self._failed("pre_tool_call", e) == "closed":
                return {"action": "block", "message": f"[egress-guard] BLOCK: the guard failed ({type(e).__name__}) and fail_mode is closed."}
            return None

    def transform_tool_result(self, tool_name: str = "", result: Any = None, tool_call_id: str = "", **kw: Any) -> str | None:
        """The tool result the model will see, rewritten string by string (JSON keeps its shape)."""
        try:
            if not isinstance(result, str) or self._already_vetted(tool_call_id, result):
                return None
            new = text_replacement(self.inspect("result", tool_name, result, session=session_of(kw)))
            self._mark_vetted(tool_call_id, result if new is None else new)
            return new
        except Exception as e:  # noqa: BLE001
            return WITHHELD if self._failed("transform_tool_result", e) == "closed" else None

    def tool_execution(self, tool_name: str = "", args: Any = None, next_call: Any = None, tool_call_id: str = "", **kw: Any) -> Any:
        """``tool_execution`` middleware: runs the tool (``next_call``), then vets what it returned
        unless this plugin already let exactly that text through (``transform_tool_result``).
        Covers the agent-loop tools that have no ``transform_tool_result`` (``delegate_task``,
        ``memory``, ...) and results another plugin replaced first. The tool's own errors are
        Hermes's to handle and propagate unchanged. A call that reaches this point was let
        through: an approval it waited for was granted."""
        try:
            self._answered(tool_call_id, approved=True)
        except Exception as e:  # noqa: BLE001 - the grant is not created; the call still runs as approved
            self._failed("tool_execution", e)
        result = next_call(args)
        try:
            if not isinstance(result, str) or self._already_vetted(tool_call_id, result):
                return result
            new = text_replacement(self.inspect("result", tool_name, result, session=session_of(kw)))
            self._mark_vetted(tool_call_id, result if new is None else new)
            return result if new is None else new
        except Exception as e:  # noqa: BLE001
            return WITHHELD if self._failed("tool_execution", e) == "closed" else result

    def post_tool_call(self, tool_call_id: str = "", status: Any = None, **_: Any) -> None:
        """Observer: the outcome of a call that waited for approval, when ``tool_execution`` did
        not already report it (``status: "blocked"``: the gate denied it or timed out)."""
        try:
            self._answered(tool_call_id, approved=status != "blocked")
        except Exception as e:  # noqa: BLE001
            self._failed("post_tool_call", e)

    def pre_tts_synthesis(self, text: Any = None, **kw: Any) -> dict | None:
        """Text about to be sent to a speech provider (newer Hermes): rewritten, or blocked. Hermes
        checks a rewrite again and needs it stable, which the engine's fixed-point redaction is."""
        try:
            if not isinstance(text, str) or not text.strip():
                return None
            v = self.inspect("reply", "", text, session=session_of(kw))
            if v.action in ("approve", "block"):
                return {"action": "block", "message": v.message or "[egress-guard] BLOCK"}
            return {"text": v.output} if isinstance(v.output, str) and v.output.strip() and v.output != text else None
        except Exception as e:  # noqa: BLE001
            if self._failed("pre_tts_synthesis", e) == "closed":
                return {"action": "block", "message": WITHHELD}
            return None

    def transform_llm_output(self, response_text: Any = None, **kw: Any) -> str | None:
        """The final reply, rewritten; the engine appends a short note when values were withheld."""
        try:
            if not isinstance(response_text, str) or not response_text:
                return None
            return text_replacement(self.inspect("reply", "", response_text, session=session_of(kw)))
        except Exception as e:  # noqa: BLE001
            return WITHHELD if self._failed("transform_llm_output", e) == "closed" else None

    # ---- approvals and their outcome ----

    def _ask(self, tool_call_id: str, session: str, approval: str) -> None:
        with self._pending_lock:
            _put_bounded(self._asked, tool_call_id, (session, approval))

    def _answered(self, tool_call_id: str, approved: bool) -> None:
        """Report the outcome of the approval this call waited for, once (none: nothing to do)."""
        if not tool_call_id:
            return
        with self._pending_lock:
            asked = self._asked.pop(tool_call_id, None)
        if asked is None:
            return
        session, approval = asked
        answer = self._keyed_guard().report_approval(session, approval, approved)
        if "error" in answer:
            log.warning("egress-guard: the approval outcome could not be reported: %s", answer["error"])

    # ---- the middleware -> pre_tool_call hand-over ----

    def _remember(self, tool_call_id: str, args_json: str, v: Verdict) -> None:
        with self._pending_lock:
            _put_bounded(self._pending, tool_call_id, (args_json, v))

    def _mark_vetted(self, tool_call_id: str, text: str) -> None:
        if not tool_call_id:
            return
        with self._pending_lock:
            _put_bounded(self._vetted, tool_call_id, _digest(text))

    def _already_vetted(self, tool_call_id: str, text: str) -> bool:
        with self._pending_lock:
            return bool(tool_call_id) and self._vetted.get(tool_call_id) == _digest(text)

    def _recall(self, tool_call_id: str, args: dict) -> Verdict | None:
        """The middleware's verdict for this call, if the arguments are still the ones it saw."""
        if not tool_call_id:
            return None
        with self._pending_lock:
            kept = self._pending.pop(tool_call_id, None)
        if kept is None or kept[0] != _json(args):
            return None
        return kept[1]


def _put_bounded(entries: OrderedDict, key: str, value: Any) -> None:
    """Keep `value` under `key`, dropping the oldest entries past `_PENDING_MAX` (calls whose
    later hook never came must not grow the plugin's memory)."""
    entries[key] = value
    while len(entries) > _PENDING_MAX:
        entries.popitem(last=False)


def session_of(hook_kwargs: dict) -> str | None:
    """The engine session of a hook call: Hermes's ``session_id``, else its ``task_id``, else
    None (no session). An id longer than the engine takes is used by its digest."""
    sid = hook_kwargs.get("session_id") or hook_kwargs.get("task_id")
    if not isinstance(sid, str) or not sid:
        return None
    if len(sid.encode("utf-8", "surrogatepass")) > _MAX_SESSION_ID:
        return "sha256:" + _digest(sid)
    return sid


def args_directive(v: Verdict) -> dict | None:
    """The ``pre_tool_call`` directive for a verdict on tool arguments (None: let it run). Under
    an approval bypass the call was inspected with ``unattended`` (``approval_bypass()``), so
    the engine has already turned each ``approve`` into a ``block`` that names the bypass."""
    if v.action == "block":
        return {"action": "block", "message": v.message or "[egress-guard] BLOCK"}
    if v.action != "approve":
        return None
    message = v.message or "[egress-guard] APPROVE"
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


_TRUTHY = ("1", "true", "yes", "on")


def approval_bypass() -> str | None:
    """Why Hermes's approval gate would approve a plugin's ``approve`` without asking anyone, or
    None when somebody is asked (or Hermes blocks by itself).

    Mirrors the gate (``tools.approval._run_approval_gate``; its context helpers moved to
    ``tools.approval_context`` in newer Hermes), reading the modules Hermes loaded and never
    importing one. A helper that is missing is a bypass that Hermes version does not have; one
    that fails counts as a bypass (blocking is the safe side). ``approvals.mode: off`` counts on
    every version: 0.19.0's gate still prompts under it, newer ones approve.
    """
    approval = sys.modules.get("tools.approval")
    if approval is None:
        # Hermes not loaded (a bare interpreter): only the process flag can be read.
        return "--yolo" if os.environ.get("HERMES_YOLO_MODE", "").strip().lower() in _TRUTHY else None
    cx = sys.modules.get("tools.approval_context") or approval

    def ask(module: Any, name: str, *a: Any) -> Any:
        fn = getattr(module, name, None)
        return fn(*a) if callable(fn) else None

    try:
        if getattr(approval, "_YOLO_MODE_FROZEN", False):
            return "--yolo"
        if ask(approval, "is_current_session_yolo_enabled"):
            return "/yolo for this session"
        if ask(cx, "_get_approval_mode") == "off":
            return "approvals.mode: off"
        if _truthy(_session_env(cx, "HERMES_SINGLE_QUERY_SESSION")) and ask(cx, "_get_single_query_approval_mode") == "approve":
            return "single-query run with approvals.single_query_mode: approve"
        if _truthy(_session_env(cx, "HERMES_CRON_SESSION")) and ask(cx, "_get_cron_approval_mode") == "approve":
            return "cron job with approvals.cron_mode: approve"
        if ask(cx, "_is_unattended_platform_approval_context") and ask(cx, "_get_unattended_approval_mode") == "approve":
            return "unattended session with approvals.unattended_mode: approve"
    except Exception:  # noqa: BLE001 - a gate we cannot read is treated as one that approves
        return "the approval settings could not be read"
    return None


def _session_env(cx: Any, name: str) -> str:
    """A session-scoped variable as Hermes reads it (context first, then the process env)."""
    read = getattr(cx, "_session_env", None)
    if callable(read):
        return read(name) or ""
    return os.environ.get(name, "")


def _truthy(value: Any) -> bool:
    return str(value or "").strip().lower() in _TRUTHY


def known_hooks() -> frozenset:
    """The hook names the running Hermes dispatches (empty outside Hermes)."""
    return frozenset(getattr(sys.modules.get("hermes_cli.plugins"), "VALID_HOOKS", None) or ())


def known_middleware() -> frozenset:
    """The middleware kinds the running Hermes runs (empty outside Hermes)."""
    return frozenset(getattr(sys.modules.get("hermes_cli.middleware"), "VALID_MIDDLEWARE", None) or ())


def supports_modify_directive() -> bool:
    """Whether the running Hermes applies ``{"action": "modify", "args": ...}`` from ``pre_tool_call``
    (its dispatcher that returns the modified arguments exists; 0.19.0 has none)."""
    plugins = sys.modules.get("hermes_cli.plugins")
    return callable(getattr(plugins, "_dispatch_pre_tool_call_hooks", None))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _json(value: Any) -> str:
    try:
        return dumps(value)
    except (TypeError, ValueError):
        return json.dumps(value, default=repr)


def own_files(audit_log: Path | None) -> list[tuple[str, str]]:
    """What the plugin protects beyond the component, policy and cache (the host library's own):
    the plugin (this package and its directory in the Hermes home), the audit log, the policy
    file's default place (creating one would change the policy) and Hermes's hook settings."""
    hermes = home.hermes_home()
    paths = [
        (str(Path(__file__).resolve().parent.parent), "the guard's Hermes plugin"),
        (str(hermes / "plugins" / "egress-guard"), "the guard's Hermes plugin"),
        (str(hermes / home.POLICY_NAME), "the guard's policy"),
        (str(hermes / "config.yaml"), "Hermes's hook settings"),
    ]
    if audit_log is not None:
        paths.append((str(audit_log), "the guard's audit log"))
    return paths


def _default_guard() -> Guard:
    guard = Guard(policy=home.policy_path())
    # The user's own secrets (credential-named environment variables, $HERMES_HOME/.env, the
    # policy's files) are redacted by value wherever they appear.
    known.add_from_policy(guard, hermes_home=home.hermes_home())
    return guard
