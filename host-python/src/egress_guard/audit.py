"""The audit log: JSON lines the engine composes (masked previews only) and seals, the host timestamps.

Each line is sealed by the engine (the component's ``seal-audit``: ``ts`` first, the component's
and the policy's SHA-256 and the hash of the line before it last), so the log is a hash chain
``egress-guard report --verify`` checks; the chain logic lives in the engine only. Hermes runs hooks
on several threads (and may run several processes), so appending holds a process-wide lock and an
exclusive ``flock`` on the log while it reads the last line, seals the new ones after it and writes
them in single ``write()`` calls on an ``O_APPEND`` descriptor: concurrent writers never interleave
and keep one chain. The report reads only the tail of the file, so a large log never slows
``/guard report`` down.
"""

from __future__ import annotations

import json
import os
import threading
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: the process lock only
    fcntl = None  # type: ignore[assignment]

#: Seals one line after the previous one: ``seal(line, ts, prev_line) -> sealed line`` (None when
#: it cannot: the line is then written unsealed, which ``report --verify`` reports).
Sealer = Callable[[str, str, str | None], str | None]

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


def append(path: str | os.PathLike, lines: Iterable[str], seal: Sealer | None = None) -> int:
    """Append audit lines (JSON objects without ``ts``) to ``path``, creating its directory, each
    sealed after the line before it by ``seal`` (the guard's :meth:`~egress_guard.Guard.seal_audit`).
    Returns the number of lines written."""
    entries = list(lines)
    for line in entries:
        with_ts(line, "")  # every line must be a JSON object, before anything is written
    if not entries:
        return 0
    ts = timestamp()
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with _lock:
        fd = os.open(p, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            prev = _last_line(fd)
            if prev is not None and os.pread(fd, 1, os.lseek(fd, 0, os.SEEK_END) - 1) != b"\n":
                # A line cut short by a crash stays a line of its own (report --verify names it).
                os.write(fd, b"\n")
            for line in entries:
                sealed = seal(line, ts, prev) if seal is not None else None
                text = sealed if sealed is not None else with_ts(line, ts)
                chunk = (text + "\n").encode("utf-8")
                written = os.write(fd, chunk)
                if written != len(chunk):
                    # Only on a full disk or similar; finish the line rather than leave half of it.
                    os.write(fd, chunk[written:])
                prev = text
        finally:
            os.close(fd)  # also releases the flock
    return len(entries)


def _last_line(fd: int) -> str | None:
    """The log's last line (without its newline), read backwards from the end; None when empty."""
    end = os.lseek(fd, 0, os.SEEK_END)
    if end == 0:
        return None
    chunk, pos, data = 64 * 1024, end, b""
    while pos > 0:
        step = min(chunk, pos)
        pos -= step
        data = os.pread(fd, step, pos) + data
        body = data[:-1] if data.endswith(b"\n") else data
        nl = body.rfind(b"\n")
        if nl >= 0:
            return body[nl + 1 :].decode("utf-8", "replace")
    body = data[:-1] if data.endswith(b"\n") else data
    return body.decode("utf-8", "replace")


def tail_report(path: str | os.PathLike, max_bytes: int = REPORT_MAX_BYTES, last: int = 5) -> dict:
    """Counts over the last ``max_bytes`` of the log: findings by rule (from each line's
    ``counts``) and lines by action, plus the last ``last`` entries as stored (masked)."""
    p = Path(path)
    report = {"path": str(p), "exists": p.is_file(), "entries": 0, "truncated": False, "invalid_lines": 0, "by_rule": {}, "by_action": {}, "last": []}
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
        data = data[nl + 1 :] if nl >= 0 else b""
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
