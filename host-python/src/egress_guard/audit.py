"""The audit log: JSON lines the engine composes (masked previews only) and the host timestamps.

Hermes runs hooks on several threads (and may run several processes), so each line goes out in
a single ``write()`` on an ``O_APPEND`` descriptor under a process-wide lock: lines from
concurrent writers never interleave. The report reads only the tail of the file, so a large log
never slows ``/guard report`` down.
"""

from __future__ import annotations

import json
import os
import threading
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

#: `/guard report` reads at most this much from the end of the log.
REPORT_MAX_BYTES = 16 * 1024 * 1024

_lock = threading.Lock()


def timestamp() -> str:
    """RFC 3339 UTC with milliseconds, e.g. ``2026-11-30T04:43:00.123Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def with_ts(line: str, ts: str) -> str:
    """Prepend ``"ts"`` as the first key of one JSON object line (kept otherwise byte for byte)."""
    body = line.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise ValueError("an audit line must be a JSON object")
    rest = body[1:].lstrip()
    sep = "" if rest.startswith("}") else ","
    return '{"ts":' + json.dumps(ts) + sep + rest


def append(path: str | os.PathLike, lines: Iterable[str]) -> int:
    """Append audit lines (JSON objects without ``ts``) to ``path``, creating its directory.
    Returns the number of lines written."""
    ts = timestamp()
    data = [(with_ts(line, ts) + "\n").encode("utf-8") for line in lines]
    if not data:
        return 0
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with _lock:
        fd = os.open(p, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            for chunk in data:
                written = os.write(fd, chunk)
                if written != len(chunk):
                    # Only on a full disk or similar; finish the line rather than leave half of it.
                    os.write(fd, chunk[written:])
        finally:
            os.close(fd)
    return len(data)


def tail_report(path: str | os.PathLike, max_bytes: int = REPORT_MAX_BYTES, last: int = 5) -> dict:
    """Counts over the last ``max_bytes`` of the log: findings by rule (from each line's
    ``counts``) and lines by action, plus the last ``last`` entries as stored (masked)."""
    p = Path(path)
    report = {"path": str(p), "exists": p.is_file(), "entries": 0, "truncated": False, "invalid_lines": 0,
              "by_rule": {}, "by_action": {}, "last": []}
    if not report["exists"]:
        return report
    with open(p, "rb") as f:
        size = f.seek(0, os.SEEK_END)
        start = max(0, size - max_bytes)
        # From one byte earlier: if that byte is a newline, the first line read is whole.
        f.seek(max(0, start - 1))
        data = f.read()
    if start > 0:
        report["truncated"] = True
        nl = data.find(b"\n")
        data = data[nl + 1:] if nl >= 0 else b""
    by_rule: Counter[str] = Counter()
    by_action: Counter[str] = Counter()
    entries = []
    for raw in data.splitlines():
        if not raw.strip():
            continue
        try:
            entry = json.loads(raw)
            if not isinstance(entry, dict):
                raise ValueError
        except ValueError:
            report["invalid_lines"] += 1
            continue
        for rule, n in (entry.get("counts") or {}).items():
            if isinstance(n, int):
                by_rule[rule] += n
        by_action[str(entry.get("action"))] += 1
        entries.append(entry)
    report["entries"] = len(entries)
    report["by_rule"] = dict(by_rule.most_common())
    report["by_action"] = dict(by_action.most_common())
    report["last"] = entries[-last:] if last > 0 else []
    return report
