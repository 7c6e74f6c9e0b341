"""Runs real Hermes turns in this process (a fresh interpreter per call; see ``harness.run_hermes``).

Usage: ``python driver.py SPEC.json``; prints one ``@@RESULT@@{json}`` line. The spec holds the
model's base URL, the toolsets, the runs (prompt + what the human at the approval prompt answers:
"once", "deny", or nothing = nobody present; or ``"cron": true``: the prompt becomes a cron job run
by Hermes's own scheduler, which marks the process as a cron session) and the slash commands to
dispatch through Hermes's CLI afterwards. ``HERMES_HOME`` etc. come from the environment, set before Hermes is imported
(importing ``run_agent`` discovers the plugins).
"""

import contextlib
import io
import json
import os
import sys
import threading
from pathlib import Path

spec = json.loads(Path(sys.argv[1]).read_text())

# run_agent first: importing it discovers the plugins.
from run_agent import AIAgent  # noqa: E402, I001
import tools.terminal_tool as terminal_tool  # noqa: E402
from hermes_cli.plugins import get_plugin_manager  # noqa: E402

# Record the threads the plugin's result hooks run on (Hermes runs parallel batches on a pool).
threads = []


def _recording(cb):
    def wrapper(*a, **kw):
        threads.append(threading.current_thread().name)
        return cb(*a, **kw)

    return wrapper


hooks = get_plugin_manager()._hooks
hooks["transform_tool_result"] = [_recording(cb) for cb in hooks.get("transform_tool_result", [])]

if spec.get("shell_hooks"):
    # What Hermes's CLI entry point does at start-up (the programmatic path does not): wire the
    # `hooks:` shell hooks of config.yaml, with the consent `hook install` recorded.
    from agent.shell_hooks import register_from_config
    from hermes_cli.config import load_config

    register_from_config(load_config())

out = {"runs": [], "slash": {}}
for run in spec["runs"]:
    if run.get("cron"):
        from cron.jobs import create_job
        from cron.scheduler import run_job

        job = create_job(prompt=run["prompt"], schedule="every 1h", deliver="local", enabled_toolsets=spec["toolsets"], workdir=os.getcwd())
        ok, _doc, final, error = run_job(job)
        out["runs"].append({"prompt": run["prompt"], "final": final, "ok": ok, "error": error, "cron_session": os.environ.get("HERMES_CRON_SESSION")})
        continue
    seen = []
    threads.clear()
    decision = run.get("approval")
    if decision:
        os.environ["HERMES_INTERACTIVE"] = "1"

        def cb(command, description, _decision=decision, _seen=seen, **kw):
            _seen.append({"command": command, "description": description})
            return _decision

        terminal_tool.set_approval_callback(cb)
    else:
        os.environ.pop("HERMES_INTERACTIVE", None)
        terminal_tool.set_approval_callback(None)
    agent = AIAgent(
        base_url=spec["base_url"],
        api_key="sk-mock",
        provider="custom",
        model="mock-model",
        enabled_toolsets=spec["toolsets"],
        quiet_mode=True,
        skip_context_files=True,
        skip_memory=True,
        platform="cli",
    )
    res = agent.run_conversation(run["prompt"])
    out["runs"].append(
        {
            "prompt": run["prompt"],
            "final": res.get("final_response"),
            "tools": [m.get("content") for m in res.get("messages", []) if m.get("role") == "tool"],
            "approvals": seen,
            "transformed": bool(res.get("response_transformed")),
            "result_hook_threads": list(threads),
        }
    )

if spec.get("slash"):
    import cli

    c = cli.HermesCLI(model="mock-model", toolsets=spec["toolsets"], compact=True)
    # One capture for all commands: Hermes's printer keeps the stream it first wrote to.
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        for i, command in enumerate(spec["slash"]):
            print(f"@@CMD{i}@@", flush=True)
            c.process_command(command)
        print(f"@@CMD{len(spec['slash'])}@@", flush=True)
    text = buf.getvalue()
    for i, command in enumerate(spec["slash"]):
        out["slash"][command] = text.split(f"@@CMD{i}@@", 1)[1].split(f"@@CMD{i + 1}@@", 1)[0]

print("@@RESULT@@" + json.dumps(out), flush=True)
