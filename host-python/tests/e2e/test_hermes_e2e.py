"""Egress Guard inside a real Hermes Agent (issue 6, "What it must show"; 9 is test_demo.py).

Hermes's own secret redaction is off in the default home (``HERMES_REDACT_SECRETS=false``) so what
the model sees is the guard's doing alone. Items that need the network and small-cell rules are in
test_hermes_rules_e2e.py.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from harness import run_hermes
from scenarios import AWS_KEY, RAW_ROW, TOKEN, executed, terminal


def test_1_secret_in_a_command_is_redacted_before_it_runs(default_run):
    home, _, _ = default_run
    ran = executed(home)
    assert "deploy --token [REDACTED:github-token]" in ran
    assert TOKEN not in ran
    entry = next(e for e in home.audit_entries() if e["direction"] == "args" and e["action"] == "redact")
    assert entry["counts"] == {"secrets": 1} and entry["tool"] == "terminal"


def test_2_upload_to_an_allowlisted_host_passes_untouched(default_run):
    home, runs, _ = default_run
    assert runs["s-allowed"]["approvals"] == []
    assert "ran-allowed" in executed(home)


def test_4_result_scope_off_small_cells_reach_the_model_but_the_secret_does_not(default_run, llm):
    seen = "\n".join(llm.tool_messages("s-result-off"))
    assert RAW_ROW in seen.replace("\\n", "\n")
    assert TOKEN not in seen and "[REDACTED:github-token]" in seen


def test_8_parallel_tool_calls_get_the_right_verdicts_and_intact_audit_lines(default_run, llm):
    home, runs, _ = default_run
    run = runs["s-parallel"]
    tools = run["tools"]
    assert len(tools) == 4
    # Hermes really ran the batch concurrently: the result hooks ran on its pool threads.
    assert len(run["result_hook_threads"]) == 4 and "MainThread" not in run["result_hook_threads"]
    assert "[REDACTED:github-token]" in tools[0] and TOKEN not in tools[0]
    assert "nothing to see" in tools[1] and "REDACTED" not in tools[1]
    assert "[REDACTED:aws-access-key-id]" in tools[2] and AWS_KEY not in tools[2]
    assert "[REDACTED:github-token]" in tools[3] and TOKEN not in tools[3]
    lines = home.audit_log.read_text().splitlines()
    parsed = [json.loads(line) for line in lines]  # every line whole
    reads = [e for e in parsed if e["direction"] == "result" and e["tool"] == "read_file"]
    assert len(reads) == 3 and all(e["counts"] == {"secrets": 1} for e in reads)


def test_6_guard_status_through_hermes_command_dispatch(default_run):
    home, _, slash = default_run
    out = slash["/guard status"]
    sha = hashlib.sha256((home.plugin_dir / "egress_guard" / "egress_guard.wasm").read_bytes()).hexdigest()
    assert sha in out
    assert "policy file : " + str(home.plugin_dir) in out  # the bundled default (no user policy)
    for rule, mode in (("secrets", "redact"), ("smallcell", "redact"), ("microdata", "warn"), ("network", "approve")):
        assert any(line.split()[:2] == [rule, mode] for line in out.splitlines()), (rule, out)
    assert "threshold=5" in out and "allowed_hosts=" in out
    assert slash["/guard"] == out


def test_6_guard_report_and_check_through_hermes_command_dispatch(default_run):
    home, _, slash = default_run
    report = slash["/guard report"]
    entries = home.audit_entries()
    assert f"{len(entries)} entries" in report  # /guard check (which ran after it) wrote nothing
    assert "secrets" in report and "redact" in report
    assert report.count("EG-SECRET-001") >= 1 and TOKEN not in report
    check = next(v for k, v in slash.items() if k.startswith("/guard check"))
    assert "dry run" in check and "EG-SECRET-001" in check and TOKEN not in check


@pytest.mark.parametrize("damage,fail_mode", [("broken", "open"), ("missing", "closed")])
def test_7_broken_or_missing_module_follows_fail_mode(make_home, llm, damage, fail_mode):
    home = make_home(f"{damage}-{fail_mode}", policy=f"fail_mode: {fail_mode}\n")
    wasm = home.plugin_dir / "egress_guard" / "egress_guard.wasm"
    if damage == "broken":
        wasm.write_bytes(b"\0asm not really a component")
    else:
        wasm.unlink()
    tag = f"s-{damage}"
    llm.scenarios[tag] = [terminal(f"echo ran-{tag} >> {home.work}/executed.log"), {"content": "ok"}]
    res = run_hermes(home, llm.base_url, [{"prompt": f"run {tag}"}], slash=["/guard status"])
    r = res["runs"][0]
    assert "UNAVAILABLE" in res["slash"]["/guard status"]
    internal = [e for e in home.audit_entries() if e["counts"] == {"internal": 1}]
    assert internal and internal[0]["direction"] == "args"
    if fail_mode == "open":
        assert f"ran-{tag}" in executed(home)
        assert internal[0]["action"] == "warn"
    else:
        assert f"ran-{tag}" not in executed(home)
        assert "fail_mode is closed" in r["tools"][0]
        assert internal[0]["action"] == "block"
