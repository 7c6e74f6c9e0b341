"""Egress Guard inside a real Hermes Agent, uploads (network rule): Hermes's approval prompt with the
masked preview (deny, once, nobody present), --yolo, a cron job with cron_mode approve, the
research-data preset."""

from __future__ import annotations

import subprocess
from pathlib import Path

from harness import run_hermes
from scenarios import TOKEN, UPLOAD_HOST, executed, terminal, upload


def test_2_upload_denied_at_the_prompt_is_blocked_with_a_masked_preview(default_run):
    home, runs, _ = default_run
    r = runs["s-deny"]
    assert len(r["approvals"]) == 1
    shown = r["approvals"][0]["description"]
    assert shown.startswith("[egress-guard] APPROVE:") and UPLOAD_HOST in shown
    preview = shown.split(" Command: ", 1)[1]
    assert preview.startswith("curl -s -m 3") and len(preview) <= 120
    assert TOKEN not in shown
    assert "ran-deny" not in executed(home)
    assert "BLOCKED" in r["tools"][0]


def test_2_upload_approved_once_runs(default_run):
    home, runs, _ = default_run
    r = runs["s-once"]
    assert len(r["approvals"]) == 1 and UPLOAD_HOST in r["approvals"][0]["description"]
    assert "ran-once" in executed(home)


def test_2_upload_with_nobody_to_approve_is_blocked(default_run):
    home, runs, _ = default_run
    assert "ran-nohuman" not in executed(home)
    assert "BLOCKED" in runs["s-nohuman"]["tools"][0]


def test_2_with_approvals_bypassed_an_upload_is_blocked_and_says_so(make_home, llm):
    home = make_home("yolo", env={"HERMES_YOLO_MODE": "1"})
    llm.scenarios["s-yolo"] = [terminal(upload(home.work, "yolo")), {"content": "ok"}]
    r = run_hermes(home, llm.base_url, [{"prompt": "upload s-yolo", "approval": "once"}])["runs"][0]
    assert "ran-yolo" not in executed(home)
    assert r["approvals"] == []
    assert "approvals are bypassed" in r["tools"][0] and "Command: curl" in r["tools"][0]


def test_19_a_cron_job_with_cron_mode_approve_does_not_run_a_flagged_upload(make_home, llm):
    """Hermes's gate auto-approves a plugin's escalation in a cron session with
    ``approvals.cron_mode: approve``; the plugin turns it into a block that says so."""
    home = make_home("cron", config={"approvals": {"cron_mode": "approve"}})
    llm.scenarios["s-cron"] = [terminal(upload(home.work, "cron")), {"content": "ok"}]
    r = run_hermes(home, llm.base_url, [{"prompt": "upload s-cron", "cron": True}])["runs"][0]
    assert r["cron_session"] == "1"  # Hermes's scheduler ran it as a cron job
    assert "ran-cron" not in executed(home)
    shown = "\n".join(llm.tool_messages("s-cron"))
    assert "approvals are bypassed (cron job with approvals.cron_mode: approve)" in shown
    assert UPLOAD_HOST in shown


def test_3_research_data_preset_blocks_the_upload_outright(make_home, llm):
    home = make_home("research", policy="preset: research-data\n")
    llm.scenarios["s-research"] = [terminal(upload(home.work, "research")), {"content": "ok"}]
    r = run_hermes(home, llm.base_url, [{"prompt": "upload s-research", "approval": "once"}])["runs"][0]
    assert r["approvals"] == []  # nobody is asked
    assert "ran-research" not in executed(home)
    assert "[egress-guard] BLOCK" in r["tools"][0] and UPLOAD_HOST in r["tools"][0]


def test_19_egress_guard_as_a_hermes_shell_hook_blocks_an_upload_and_a_key(make_home, llm):
    """Without the plugin: `egress-guard hook --runtime hermes-shell`, installed by `hook install`
    (config.yaml and Hermes's consent list), wired by Hermes's own shell-hook bridge."""
    cli = Path(__file__).resolve().parents[3] / "target" / "release" / "egress-guard"
    assert cli.is_file(), f"{cli} is missing: cargo build --release -p egress-guard"
    home = make_home("shellhook", plugin=False)
    env = {**home.env(), "HERMES_HOME": str(home.path)}
    r = subprocess.run([str(cli), "hook", "install", "--runtime", "hermes-shell"], env=env, capture_output=True, text=True, check=False)
    assert r.returncode == 0, r.stderr
    llm.scenarios["s-shell"] = [
        terminal(upload(home.work, "shell")),
        terminal(f"printf 'deploy --token {TOKEN}\\n' >> {home.work}/executed.log"),
        terminal(f"echo ran-clean >> {home.work}/executed.log"),
        {"content": "ok"},
    ]
    run_hermes(home, llm.base_url, [{"prompt": "upload s-shell", "approval": "once"}], shell_hooks=True)
    ran = executed(home)
    assert "ran-shell" not in ran and TOKEN not in ran and "ran-clean" in ran
    shown = "\n".join(llm.tool_messages("s-shell"))
    assert "approvals are bypassed (Hermes shell hooks cannot ask for approval)" in shown
    assert "Hermes shell hooks cannot rewrite a call" in shown
