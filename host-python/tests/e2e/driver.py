"""Runs real Hermes turns in this process (a fresh interpreter per call; see ``harness.run_hermes``).

Usage: ``python driver.py SPEC.json``; prints one ``@@RESULT@@{json}`` line. The spec holds the
model's base URL, the toolsets, the runs (prompt + what the human at the approval prompt answers:
"once", "deny", or nothing = nobody present) and the slash commands to dispatch through Hermes's
CLI afterwards. ``HERMES_HOME`` etc. come from the environment, set before Hermes is imported
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

out = {"runs": [], "slash": {}}
for run in spec["runs"]:
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
    agent = AIAgent(base_url=spec["base_url"], api_key="sk-mock", provider="custom", model="mock-model",
                    enabled_toolsets=spec["toolsets"], quiet_mode=True, skip_context_files=True,
                    skip_memory=True, platform="cli")
    res = agent.run_conversation(run["prompt"])
    out["runs"].append({
        "prompt": run["prompt"],
        "final": res.get("final_response"),
        "tools": [m.get("content") for m in res.get("messages", []) if m.get("role") == "tool"],
        "approvals": seen,
        "transformed": bool(res.get("response_transformed")),
        "result_hook_threads": list(threads),
    })

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
