"""Verdicts as Python values, built from the engine's canonical verdict JSON (`docs/contracts.md` §2).

The engine returns one JSON string per call (or nothing when clean), because converting WIT
records costs wasmtime-py 2-5x more than parsing one string. Verdicts are immutable, so every
clean call shares :data:`ALLOW`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

#: Reason code of the host's own finding when the engine could not decide.
INTERNAL_CODE = "EG-INTERNAL-001"


def dumps(value: Any) -> str:
    """Compact JSON, non-ASCII kept as is: the same bytes serde_json writes."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Finding:
    rule: str
    code: str
    action: str
    severity: str
    reason: str
    preview: str

    def as_dict(self) -> dict[str, str]:
        return {
            "rule": self.rule,
            "code": self.code,
            "action": self.action,
            "severity": self.severity,
            "reason": self.reason,
            "preview": self.preview,
        }


@dataclass(frozen=True)
class Verdict:
    """What the guard decided about one payload.

    ``output`` is the rewritten payload (a dict for ``inspect_args``, a str otherwise) or None
    when nothing was changed. ``audit`` holds the audit lines to append (JSON objects as text,
    without ``ts``; see :func:`egress_guard.audit.append`).
    """

    action: str
    output: dict | str | None
    findings: tuple[Finding, ...]
    message: str | None
    audit: tuple[str, ...]
    #: The note appended to a rewritten reply (``output`` ends with a blank line and it).
    note: str | None = None
    #: For an ``approve`` in a session: ``{"id", "grants"}``, the approval to report the outcome
    #: of (``Guard.report_approval``) and the grants approving it creates.
    approval: dict | None = None
    #: The engine's exact canonical verdict JSON (as the Node host's ``Verdict.json``): the bytes
    #: the CLI writes, numbers in a rewritten arguments object included. None for :data:`ALLOW`
    #: and for the host's own fail_mode verdict when there is no engine.
    json: str | None = field(default=None, repr=False, compare=False)

    def as_dict(self, audit: bool = True) -> dict[str, Any]:
        """The canonical verdict JSON as a dict, in the contract's key order."""
        d: dict[str, Any] = {
            "action": self.action,
            "output": self.output,
            "findings": [f.as_dict() for f in self.findings],
            "message": self.message,
        }
        if audit:
            d["audit"] = [json.loads(line) for line in self.audit]
        if self.note is not None:
            d["note"] = self.note
        if self.approval is not None:
            d["approval"] = self.approval
        return d


#: The verdict of every clean call.
ALLOW = Verdict("allow", None, (), None, ())


def from_json(text: str) -> Verdict:
    """Parse the engine's canonical verdict JSON."""
    d = json.loads(text)
    return Verdict(
        action=d["action"],
        output=d["output"],
        findings=tuple(Finding(f["rule"], f["code"], f["action"], f["severity"], f["reason"], f["preview"]) for f in d["findings"]),
        message=d["message"],
        audit=tuple(dumps(a) for a in d["audit"]),
        note=d.get("note"),
        approval=d.get("approval"),
        json=text,
    )


def internal(fail_mode: str, scope: str, tool: str, cause: str) -> Verdict:
    """The verdict when the engine could not decide and there is no engine to build it: the
    component's ``internal-verdict`` (the one home of this verdict) written out once more for
    that case only; ``test_conformance.py`` checks that both give the same bytes. fail_mode open
    lets the payload through unchanged with a warning, closed blocks it (a blocked result or
    reply is replaced by the message). ``cause`` is the host's short description; it never
    contains payload text.
    """
    closed = fail_mode == "closed"
    action = "block" if closed else "warn"
    effect = "blocked (fail_mode: closed)" if closed else "passed unchecked (fail_mode: open)"
    finding = Finding("internal", INTERNAL_CODE, action, "high", f"Egress Guard could not inspect this payload ({cause}); it was {effect}.", "")
    entry = {
        "direction": scope,
        "tool": tool or None,
        "path": "",
        "action": action,
        "counts": {"internal": 1},
        "findings": [finding.as_dict()],
    }
    message = (
        f"[egress-guard] BLOCK: the guard could not inspect this payload ({cause}) and fail_mode is closed. ({INTERNAL_CODE})" if closed else None
    )
    output = message if scope in ("result", "reply") else None
    return Verdict(action, output, (finding,), message, (dumps(entry),))
