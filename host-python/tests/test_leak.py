"""Canary leak test (issue 8) through the Python host: `Guard`, the audit log it feeds, and the
Hermes plugin's hooks, log messages and ``/guard report`` (all in process, no LLM).

The same canaries as the Rust host's ``host-rust/tests/leak.rs``:

* secrets: every case of ``tests/corpora/secrets/egress_bench_v0`` in all three scopes. No
  audit line, message, finding reason or preview, ``/guard report`` text or log record may hold an
  8-character window of any corpus secret (windows that also occur outside the secrets, such as
  ``password``, are ordinary words). A rewritten payload keeps no window of a secret it redacted.
* suppressed counts: the SDC corpus tables with every count times the prime 104,729 and the
  threshold scaled with them. Primaries' values appear nowhere in the output; a count the guard
  hid (in the input, not in the output) appears in no other channel.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
from functools import lru_cache

import pytest
from guard_testdata import CORPORA

from egress_guard import Guard, audit
from egress_guard.hermes import command
from egress_guard.hermes.hooks import GuardPlugin

K = 104_729
#: Below 5·K and no multiple of K: the primaries are the corpus cells 1-4, and the threshold in
#: reasons, previews and the status is never a count.
THRESHOLD = 5 * K - 1
WINDOW = 8
POLICY = f"rules:\n  smallcell:\n    threshold: {THRESHOLD}\n    scopes: [args, result, reply]\n  microdata:\n    scopes: [args, result, reply]\n"
SCOPES = ("args", "result", "reply")
#: The guard's own reason codes: a secret may share a window with them (``AGE-SECRET-KEY-1…``).
CODES = ("EG-SECRET-001", "EG-CELL-001", "EG-MICRO-001", "EG-NET-001", "EG-SIZE-001", "EG-INTERNAL-001")

# ---- secret canaries ----


def _windows(s: str) -> list[str]:
    return [s] if len(s) < WINDOW else [s[i : i + WINDOW] for i in range(len(s) - WINDOW + 1)]


def _pointers(v, at: str = ""):
    """The JSON pointers of every member of ``v`` (audit lines name them in ``path``)."""
    if isinstance(v, dict):
        for k, x in v.items():
            p = f"{at}/{k.replace('~', '~0').replace('/', '~1')}"
            yield p
            yield from _pointers(x, p)
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _pointers(x, f"{at}/{i}")


@lru_cache(maxsize=1)
def _secrets():
    """The corpus cases, and every canary window: a window of a secret that occurs nowhere else
    (not in any case's other text, its JSON form, its JSON pointers, its id, the reason codes)."""
    cases = [json.loads(line) for line in (CORPORA / "secrets" / "egress_bench_v0" / "cases.jsonl").read_text().splitlines()]
    benign: set[str] = {w for c in CODES for w in _windows(c)}
    for c in cases:
        rest = c["text"]
        for s in c["secrets"]:
            rest = rest.replace(s["value"], "\0")
        texts = [rest, json.dumps({"command": rest}, separators=(",", ":")), c["id"]]
        with contextlib.suppress(ValueError):  # a case that is not JSON has no pointers
            texts += list(_pointers(json.loads(c["text"])))
        for t in texts:
            for piece in t.split("\0"):
                benign.update(_windows(piece))
    windows = frozenset(w for c in cases for s in c["secrets"] for w in _windows(s["value"]) if w not in benign)
    assert len(windows) > 5000
    return cases, windows


def _secret_windows_in(text: str) -> list[str]:
    _, ws = _secrets()
    return sorted({text[i : i + WINDOW] for i in range(len(text) - WINDOW + 1)} & ws)


#: Fields that hold digests (hex): a digest holds an 8-character window of a hex secret by chance
#: now and then (one run in about fifty did), which says nothing about a leak.
DIGESTS = ("prev", "component_sha256", "policy_sha256", "sha256_12", "hmac_sha256_12", "last_sha256")


_DIGEST_VALUE = re.compile(r'("(?:' + "|".join(DIGESTS) + r')"\s*:\s*")[0-9a-f]+"')


def _without_digests(text: str) -> str:
    """``text`` with the values of digest fields blanked, wherever they are in it."""
    return _DIGEST_VALUE.sub(r'\1"', text)


def _assert_no_secret(channel: str, text: str) -> None:
    found = _secret_windows_in(_without_digests(text))
    assert not found, f"{channel} holds secret windows {found}:\n{text}"


def _payload(scope: str, text: str):
    return {"command": text} if scope == "args" else text


def _carried(output) -> str:
    return output.get("command", json.dumps(output)) if isinstance(output, dict) else output


def _check_output(what: str, case: dict, output: str) -> int:
    """A redacted secret leaves no window in the rewritten payload; returns how many were redacted."""
    _, ws = _secrets()
    redacted = 0
    for s in (s["value"] for s in case["secrets"]):
        if s in output:
            continue  # not detected: a recall matter (secrets_corpus), not a leak of a redaction
        redacted += 1
        left = [w for w in _windows(s) if w in ws and w in output]
        assert not left, f"{what}: {case['id']}: secret {s!r} partly left in the output: {left}\n{output}"
    return redacted


def _check_message(what: str, case: dict, went_on: str, message: str) -> None:
    """An approval message previews the command as it will run: it may show what the rules did
    not detect, never a window of what they hid (``went_on``: the payload text as it goes on)."""
    _, ws = _secrets()
    for s in (s["value"] for s in case["secrets"] if s["value"] not in went_on):
        left = [w for w in _windows(s) if w in ws and w in message]
        assert not left, f"{what}: {case['id']}: hidden secret {s!r} shown in the message: {left}\n{message}"


def _side_channels(v) -> list[tuple[str, str]]:
    """The channels of a verdict that never carry payload text (the message may: see above)."""
    out = [("audit line", a) for a in v.audit]
    for f in v.findings:
        out += [("finding reason", f.reason), ("finding preview", f.preview)]
    return out


# ---- count canaries ----

_NUM = re.compile(r"\d+")


def _scale(text: str, csv: bool) -> str:
    """Every whole-number field times K, except in a ``Level`` column (hierarchy depths)."""
    level_col = None
    out = []
    sep = "," if csv else "|"
    for line in text.splitlines():
        if not (sep in line if csv else line.startswith("|")):
            out.append(line)
            continue
        fields = line.split(sep)
        if level_col is None:
            level_col = next((i for i, f in enumerate(fields) if f.strip() == "Level"), -1)
        out.append(
            sep.join(
                f.replace(f.strip(), str(int(f.strip()) * K)) if f.strip().isascii() and f.strip().isdigit() and i != level_col else f
                for i, f in enumerate(fields)
            )
        )
    return "\n".join(out) + "\n"


@lru_cache(maxsize=1)
def _tables() -> list[tuple[str, str]]:
    sdc = CORPORA / "sdc"
    tables = []
    for st in sorted(sdc.glob("*.structure.json")):
        name = st.name.removesuffix(".structure.json")
        values = [c["value"] * K for c in json.loads(st.read_text())["cells"]]
        for ext in ("md", "csv"):
            f = sdc / (f"{name}_multiheader.{ext}" if name == "t09_region_sex_age" else f"{name}.{ext}")
            if f.is_file():
                text = _scale(f.read_text(), ext == "csv")
                # Every count of the corpus is in the scaled text.
                assert {str(v) for v in values if v} <= set(_NUM.findall(text)), f.name
                tables.append((f.name, text))
    assert len(tables) >= 40
    return tables


PRIMARIES = {str(v * K) for v in range(1, 5)}


def _hidden(inp: str, out: str) -> set[str]:
    shown = set(_NUM.findall(out))
    return {n for n in _NUM.findall(inp) if int(n) > 0 and int(n) % K == 0 and n not in shown}


def _assert_no_count(channel: str, text: str, hidden: set[str]) -> None:
    leaked = sorted(set(_NUM.findall(text)) & hidden)
    assert not leaked, f"{channel} shows hidden counts {leaked}:\n{text}"


def _assert_no_primary(channel: str, text: str) -> None:
    leaked = sorted(set(_NUM.findall(text)) & PRIMARIES)
    assert not leaked, f"{channel} shows primaries {leaked}:\n{text}"


@pytest.fixture(scope="module")
def leak_guard() -> Guard:
    g = Guard(policy_text=POLICY)
    assert g.load_error is None, g.load_error
    return g


# ---- Guard and the audit log ----


def test_guard_and_audit_log_hold_no_secret(leak_guard, tmp_path):
    cases, _ = _secrets()
    log = tmp_path / "audit.jsonl"
    redacted = total = 0
    for case in cases:
        for scope in SCOPES:
            v = leak_guard.inspect(scope, "read_file", _payload(scope, case["text"]))
            for channel, text in _side_channels(v):
                _assert_no_secret(f"{case['id']}/{scope}: {channel}", text)
            went_on = case["text"] if v.output is None else _carried(v.output)
            if v.message:
                _check_message(scope, case, went_on, v.message)
            if v.output is not None:
                redacted += _check_output(scope, case, went_on)
                total += len(case["secrets"])
            audit.append(log, v.audit)
    assert redacted * 10 > total * 8, f"only {redacted} of {total} secrets in rewritten payloads were redacted"
    text = log.read_text()
    assert text.count("\n") > 1000
    _assert_no_secret("audit log", text)
    report = audit.tail_report(log, last=100_000)
    assert report["entries"] == text.count("\n")
    _assert_no_secret("tail_report", json.dumps(report))


def test_guard_and_audit_log_hold_no_suppressed_count(leak_guard, tmp_path):
    log = tmp_path / "audit.jsonl"
    all_hidden: set[str] = set()
    published: set[str] = set()
    for name, text in _tables():
        for scope in SCOPES:
            v = leak_guard.inspect(scope, "read_file", _payload(scope, text))
            if v.output is None:
                _assert_no_primary(f"{name} (not rewritten)", text)
                continue
            assert any(f.code == "EG-CELL-001" for f in v.findings), name
            out = json.dumps(v.output) if isinstance(v.output, dict) else v.output
            _assert_no_primary(f"{name} {scope} output", out)
            hidden = _hidden(text, out)
            for channel, t in [*_side_channels(v), ("message", v.message or "")]:
                _assert_no_count(f"{name} {scope}: {channel}", t, hidden)
            all_hidden |= hidden
            published |= set(_NUM.findall(out))
            audit.append(log, v.audit)
    canaries = all_hidden - published
    assert len(canaries) > 50
    _assert_no_count("audit log", log.read_text(), canaries)
    _assert_no_primary("audit log", log.read_text())


# ---- the Hermes plugin: hooks, logs, /guard report ----


@pytest.fixture
def plugin_home(tmp_path, monkeypatch):
    policy = tmp_path / "egress-guard.yaml"
    policy.write_text(POLICY)
    monkeypatch.setenv("HERMES_HOME", str(tmp_path))
    monkeypatch.setenv("EGRESS_GUARD_POLICY", str(policy))
    monkeypatch.delenv("HERMES_YOLO_MODE", raising=False)
    return tmp_path


def _run_hooks(p: GuardPlugin, text: str, middleware: bool = True) -> list[tuple[str, object]]:
    """Every hook on ``text`` (``tool_request`` only with ``middleware``): what each hands back."""
    args = {"command": text}
    request = [("tool_request", p.tool_request(tool_name="terminal", args=dict(args), tool_call_id="c1"))] if middleware else []
    executed = dict(args)  # pre_tool_call rewrites the dict Hermes executes in place
    directive = p.pre_tool_call(tool_name="terminal", args=executed, tool_call_id="c2")
    return [
        *request,
        ("pre_tool_call", directive),
        ("executed args", {"args": executed} if executed != args else None),
        ("transform_tool_result", p.transform_tool_result(tool_name="read_file", result=text)),
        ("transform_llm_output", p.transform_llm_output(response_text=text)),
    ]


def _hook_texts(returned) -> tuple[list[str], list[str]]:
    """(rewritten payloads, directive texts: approval/block messages) of what the hooks returned."""
    outputs, other = [], []
    for _hook, r in returned:
        if isinstance(r, str):
            outputs.append(r)
        elif isinstance(r, dict):
            if isinstance(r.get("args"), dict):
                outputs.append(_carried(r["args"]))
            rest = {k: v for k, v in r.items() if k != "args"}
            other.append(json.dumps(rest, ensure_ascii=False))
    return outputs, other


def test_plugin_hooks_logs_and_report_hold_no_secret(plugin_home, caplog):
    caplog.set_level(logging.DEBUG)
    p = GuardPlugin()
    cases, _ = _secrets()
    for case in cases:
        returned = _run_hooks(p, case["text"])
        outputs, other = _hook_texts(returned)
        for o in outputs:
            _check_output("hook", case, o)
        # An approval directive previews the arguments as they will run: as tool_request left them.
        request = returned[0][1]
        went_on = _carried(request["args"]) if request else case["text"]
        for t in other:
            _check_message("hook directive", case, went_on, t)
    log = p.audit_log
    assert log is not None and log.is_file()
    _assert_no_secret("plugin audit log", log.read_text())
    _assert_no_secret("/guard report", command.handle(p, "report"))
    _assert_no_secret("/guard status", command.handle(p, "status"))
    _assert_no_secret("log records", "\n".join(r.getMessage() for r in caplog.records))


def test_plugin_hooks_logs_and_report_hold_no_suppressed_count(plugin_home, caplog):
    caplog.set_level(logging.DEBUG)
    p = GuardPlugin()
    all_hidden: set[str] = set()
    published: set[str] = set()
    others = []
    for name, text in _tables():
        # pre_tool_call redacts the arguments in place, as tool_request would: one of them suffices.
        outputs, other = _hook_texts(_run_hooks(p, text, middleware=False))
        if not outputs:
            _assert_no_primary(f"{name} (not rewritten)", text)
        for o in outputs:
            _assert_no_primary(f"{name} hook output", o)
            all_hidden |= _hidden(text, o)
            published |= set(_NUM.findall(o))
        others += other
    canaries = all_hidden - published
    assert len(canaries) > 50
    shown = [
        *others,
        p.audit_log.read_text(),
        command.handle(p, "report"),
        command.handle(p, "status"),
        "\n".join(r.getMessage() for r in caplog.records),
    ]
    for t in shown:
        _assert_no_count("plugin channel", t, canaries)
        _assert_no_primary("plugin channel", t)
