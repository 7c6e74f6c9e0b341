"""The Hermes plugin's own behaviour, in process: how verdicts map to hook returns on each kind of
Hermes (tool_request middleware / modify directive only / neither), approval bypasses, fail_mode on
its own errors, policy lookup, /guard, the installer. Newer Hermes API shapes (tool_execution
middleware, pre_tts_synthesis, approval_context) are fakes here, built from their published source;
real-Hermes 0.19.0 runs are in e2e/."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
import yaml

from egress_guard import Guard
from egress_guard.hermes import command, home, hooks, register
from egress_guard.hermes import install as installer
from egress_guard.hermes.hooks import GuardPlugin, args_directive
from egress_guard.verdict import Finding, Verdict

TOKEN = "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"
SECRET_ARGS = {"command": f"deploy --token {TOKEN}"}
APPROVE = Verdict(
    "approve",
    None,
    (Finding("network", "EG-NET-001", "approve", "high", "upload", "up.example"),),
    "[egress-guard] APPROVE: Command sends data to 'up.example'. (EG-NET-001) Command: curl -d x https://up.example/",
    (),
)


class Ctx:
    """What register() calls on Hermes's PluginContext (0.19.0 has register_middleware)."""

    def __init__(self, middleware: bool = True):
        self.hooks, self.middleware, self.commands = {}, {}, {}
        if middleware:
            self.register_middleware = lambda kind, cb: self.middleware.setdefault(kind, cb)

    def register_hook(self, name, cb):
        self.hooks[name] = cb

    def register_command(self, name, handler, description="", args_hint=""):
        self.commands[name] = handler


@pytest.fixture
def hermes_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HERMES_HOME", str(tmp_path))
    monkeypatch.delenv("EGRESS_GUARD_POLICY", raising=False)
    for module in ("hermes_cli.plugins", "hermes_cli.middleware", "tools.approval", "tools.approval_context"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    for var in ("HERMES_YOLO_MODE", "HERMES_CRON_SESSION", "HERMES_SINGLE_QUERY_SESSION"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path


def audit_lines(h: Path) -> list[dict]:
    p = h / "egress-guard" / "audit.jsonl"
    return [json.loads(line) for line in p.read_text().splitlines()] if p.exists() else []


def test_on_0_19_the_middleware_rewrites_and_pre_tool_call_reuses_its_verdict(hermes_home):
    ctx = Ctx()
    p = register(ctx)
    assert p.rewrite == "middleware" and set(ctx.hooks) == {"pre_tool_call", "post_tool_call", "transform_tool_result", "transform_llm_output"}
    out = ctx.middleware["tool_request"](tool_name="terminal", args=dict(SECRET_ARGS), tool_call_id="c1", telemetry_schema_version="x")
    assert out == {"args": {"command": "deploy --token [REDACTED:github-token]"}}
    args = dict(out["args"])
    assert ctx.hooks["pre_tool_call"](tool_name="terminal", args=args, tool_call_id="c1", extra=1) is None
    assert args == out["args"]
    assert len(audit_lines(hermes_home)) == 1  # inspected once for both


def fake_newer_hermes(monkeypatch, *, hooks=("pre_tool_call", "pre_tts_synthesis"), middleware=("tool_request", "tool_execution"), modify=True):
    """The modules newer Hermes has loaded when it registers plugins, reduced to what the plugin reads."""
    plugins = types.ModuleType("hermes_cli.plugins")
    plugins.VALID_HOOKS = set(hooks)
    if modify:
        plugins._dispatch_pre_tool_call_hooks = lambda *a, **k: (None, None)
    mw = types.ModuleType("hermes_cli.middleware")
    mw.VALID_MIDDLEWARE = set(middleware)
    monkeypatch.setitem(sys.modules, "hermes_cli.plugins", plugins)
    monkeypatch.setitem(sys.modules, "hermes_cli.middleware", mw)


def test_newer_hermes_still_rewrites_through_the_middleware_and_gets_the_new_hooks(hermes_home, monkeypatch):
    fake_newer_hermes(monkeypatch)
    ctx = Ctx()
    p = register(ctx)
    assert p.rewrite == "middleware"  # the modify directive merges per key with other hooks: not used
    assert set(ctx.middleware) == {"tool_request", "tool_execution"}
    assert "pre_tts_synthesis" in ctx.hooks
    args = dict(SECRET_ARGS)
    out = ctx.middleware["tool_request"](tool_name="terminal", args=args, tool_call_id="c1")
    assert out == {"args": {"command": "deploy --token [REDACTED:github-token]"}} and args == SECRET_ARGS
    assert ctx.hooks["pre_tool_call"](tool_name="terminal", args=dict(out["args"]), tool_call_id="c1") is None


def test_0_19_gets_no_hook_it_does_not_list(hermes_home, monkeypatch):
    fake_newer_hermes(monkeypatch, hooks=("pre_tool_call",), middleware=("tool_request",), modify=False)
    ctx = Ctx()
    register(ctx)
    assert set(ctx.middleware) == {"tool_request"} and "pre_tts_synthesis" not in ctx.hooks


def test_where_only_the_modify_directive_exists_pre_tool_call_returns_it(hermes_home, monkeypatch):
    fake_newer_hermes(monkeypatch)
    ctx = Ctx(middleware=False)
    p = register(ctx)
    assert p.rewrite == "modify" and ctx.middleware == {}
    args = dict(SECRET_ARGS)
    d = ctx.hooks["pre_tool_call"](tool_name="terminal", args=args, tool_call_id="c1")
    assert d == {"action": "modify", "args": {"command": "deploy --token [REDACTED:github-token]"}}
    assert args == SECRET_ARGS  # the directive carries the change, the dict is left alone


def test_arguments_are_never_edited_in_place_a_call_that_cannot_be_rewritten_is_blocked(hermes_home):
    ctx = Ctx(middleware=False)
    assert register(ctx).rewrite == "none"
    args = dict(SECRET_ARGS)
    d = ctx.hooks["pre_tool_call"](tool_name="terminal", args=args)
    assert d == {"action": "block", "message": hooks.UNREWRITABLE}
    assert args == SECRET_ARGS


def test_arguments_changed_after_the_middleware_are_blocked_not_edited(hermes_home):
    ctx = Ctx()
    register(ctx)
    ctx.middleware["tool_request"](tool_name="terminal", args={"command": "ls"}, tool_call_id="c1")
    args = dict(SECRET_ARGS)  # another plugin's middleware put a key in after ours
    assert ctx.hooks["pre_tool_call"](tool_name="terminal", args=args, tool_call_id="c1") == {"action": "block", "message": hooks.UNREWRITABLE}
    assert args == SECRET_ARGS


def test_messaging_and_memory_tools_arguments_are_rewritten_like_any_other(hermes_home):
    ctx = Ctx()
    register(ctx)
    for tool, args in (
        ("send_message", {"target": "telegram", "message": f"the token is {TOKEN}"}),
        ("memory", {"action": "add", "target": "memory", "content": f"deploy token {TOKEN}"}),
    ):
        out = ctx.middleware["tool_request"](tool_name=tool, args=dict(args), tool_call_id=tool)
        text = json.dumps(out)
        assert TOKEN not in text and "[REDACTED:github-token]" in text, tool


def test_tool_execution_vets_what_transform_tool_result_did_not(hermes_home, monkeypatch):
    fake_newer_hermes(monkeypatch)
    ctx = Ctx()
    p = register(ctx)
    mw = ctx.middleware["tool_execution"]
    # An agent-loop tool (no transform_tool_result in Hermes): its result is rewritten here.
    out = mw(tool_name="delegate_task", args={"goal": "x"}, next_call=lambda a: f"subagent found {TOKEN}", tool_call_id="d1")
    assert out == "subagent found [REDACTED:github-token]"
    # A registry tool: transform_tool_result rewrote it, the middleware sees that text and skips it.
    seen = p.transform_tool_result(tool_name="terminal", result=f"x {TOKEN}", tool_call_id="t1")
    before = len(audit_lines(hermes_home))
    assert mw(tool_name="terminal", args={}, next_call=lambda a: seen, tool_call_id="t1") == seen
    assert len(audit_lines(hermes_home)) == before  # not inspected twice
    # Another plugin's transform_tool_result won first and returned the raw text: vetted again.
    assert mw(tool_name="terminal", args={}, next_call=lambda a: f"raw {TOKEN}", tool_call_id="t1") == "raw [REDACTED:github-token]"
    # The tool's own failure is Hermes's to handle: it propagates.
    with pytest.raises(ValueError):
        mw(tool_name="terminal", args={}, next_call=lambda a: (_ for _ in ()).throw(ValueError("tool failed")), tool_call_id="t2")


@pytest.mark.parametrize("fail_mode", ["open", "closed"])
def test_tool_execution_applies_fail_mode_on_its_own_errors(tmp_path, fail_mode):
    p = GuardPlugin(lambda: BrokenGuard(fail_mode, tmp_path / "a.jsonl"))
    out = p.tool_execution(tool_name="delegate_task", args={}, next_call=lambda a: "result", tool_call_id="x")
    if fail_mode == "open":
        assert out == "result"
    else:
        assert "fail_mode is closed" in out and "result" not in out


def test_pre_tts_synthesis_rewrites_stably_and_blocks_what_needs_approval(hermes_home, monkeypatch):
    fake_newer_hermes(monkeypatch)
    ctx = Ctx()
    register(ctx)
    tts = ctx.hooks["pre_tts_synthesis"]
    d = tts(text=f"Your token is {TOKEN}.", provider="edge")
    assert set(d) == {"text"} and TOKEN not in d["text"]
    assert tts(text=d["text"], provider="edge") is None  # Hermes re-checks the rewrite: stable
    assert tts(text="Good morning.", provider="edge") is None
    p = GuardPlugin()
    p.inspect = lambda *a, **k: APPROVE  # e.g. a command read out loud that needs approval
    assert p.pre_tts_synthesis(text="x") == {"action": "block", "message": APPROVE.message}


def test_approve_goes_to_hermes_with_a_per_command_rule_key():
    d = args_directive(APPROVE)
    assert d["action"] == "approve" and d["message"] == APPROVE.message
    assert d["rule_key"].startswith("egress-guard:EG-NET-001:")
    other = Verdict(APPROVE.action, None, APPROVE.findings, APPROVE.message.replace("up.example/", "up.example/2"), ())
    assert args_directive(other)["rule_key"] != d["rule_key"]


def test_with_approvals_bypassed_the_engine_blocks_and_says_so_keeping_the_preview(hermes_home, monkeypatch):
    monkeypatch.setenv("HERMES_CRON_SESSION", "1")
    fake_approval_0_19(monkeypatch, cron_mode="approve")
    ctx = Ctx(middleware=False)
    register(ctx)
    d = ctx.hooks["pre_tool_call"](tool_name="terminal", args={"command": "curl -d x https://up.example/"})
    assert d["action"] == "block"
    assert "approvals are bypassed (cron job with approvals.cron_mode: approve)" in d["message"]
    assert d["message"].endswith("Command: curl -d x https://up.example/")


def test_block_and_warn_map_directly():
    block = Verdict("block", None, (), "[egress-guard] BLOCK: no (EG-NET-001)", ())
    assert args_directive(block) == {"action": "block", "message": block.message}
    assert args_directive(Verdict("warn", None, (), None, ())) is None


def fake_approval_0_19(monkeypatch, *, yolo=False, session_yolo=False, mode="manual", cron_mode="deny"):
    """``tools.approval`` as 0.19.0 has it: the gate's helpers on one module, env-var contexts."""
    approval = types.ModuleType("tools.approval")
    approval._YOLO_MODE_FROZEN = yolo
    approval.is_current_session_yolo_enabled = lambda: session_yolo
    approval._get_approval_mode = lambda: mode
    approval._get_cron_approval_mode = lambda: cron_mode
    monkeypatch.setitem(sys.modules, "tools.approval", approval)
    monkeypatch.delitem(sys.modules, "tools.approval_context", raising=False)
    return approval


def fake_approval_newer(monkeypatch, *, session_env=None, **modes):
    """Newer Hermes: the context helpers in ``tools.approval_context``, session env from context vars."""
    fake_approval_0_19(monkeypatch)
    cx = types.ModuleType("tools.approval_context")
    env = dict(session_env or {})
    cx._session_env = lambda name: env.get(name, "")
    cx._get_approval_mode = lambda: modes.get("mode", "manual")
    cx._get_cron_approval_mode = lambda: modes.get("cron_mode", "deny")
    cx._get_single_query_approval_mode = lambda: modes.get("single_query_mode", "deny")
    cx._get_unattended_approval_mode = lambda: modes.get("unattended_mode", "deny")
    cx._is_unattended_platform_approval_context = lambda: env.get("HERMES_SESSION_PLATFORM") in ("webhook", "api_server")
    monkeypatch.setitem(sys.modules, "tools.approval_context", cx)
    return cx


def test_approval_bypass_on_0_19(monkeypatch, hermes_home):
    assert hooks.approval_bypass() is None
    monkeypatch.setenv("HERMES_YOLO_MODE", "1")
    assert hooks.approval_bypass() == "--yolo"  # Hermes not loaded: the process flag
    fake_approval_0_19(monkeypatch)
    assert hooks.approval_bypass() is None  # Hermes's frozen flag wins over a later env change
    fake_approval_0_19(monkeypatch, session_yolo=True)
    assert hooks.approval_bypass() == "/yolo for this session"
    fake_approval_0_19(monkeypatch, cron_mode="approve")
    assert hooks.approval_bypass() is None  # not a cron session
    monkeypatch.setenv("HERMES_CRON_SESSION", "1")
    assert hooks.approval_bypass() == "cron job with approvals.cron_mode: approve"
    fake_approval_0_19(monkeypatch, cron_mode="deny")
    assert hooks.approval_bypass() is None  # cron_mode deny: Hermes blocks by itself
    fake_approval_0_19(monkeypatch, mode="off")
    assert hooks.approval_bypass() == "approvals.mode: off"


@pytest.mark.parametrize(
    "env,modes,expected",
    [
        ({}, {}, None),
        ({}, {"mode": "off"}, "approvals.mode: off"),
        ({"HERMES_SINGLE_QUERY_SESSION": "1"}, {"single_query_mode": "approve"}, "single-query run with approvals.single_query_mode: approve"),
        ({"HERMES_SINGLE_QUERY_SESSION": "1"}, {"single_query_mode": "deny"}, None),
        ({"HERMES_CRON_SESSION": "true"}, {"cron_mode": "approve"}, "cron job with approvals.cron_mode: approve"),
        ({"HERMES_SESSION_PLATFORM": "webhook"}, {"unattended_mode": "approve"}, "unattended session with approvals.unattended_mode: approve"),
        ({"HERMES_SESSION_PLATFORM": "telegram"}, {"unattended_mode": "approve"}, None),
    ],
)
def test_approval_bypass_on_newer_hermes(monkeypatch, hermes_home, env, modes, expected):
    fake_approval_newer(monkeypatch, session_env=env, **modes)
    assert hooks.approval_bypass() == expected


def test_an_unreadable_approval_setting_counts_as_a_bypass(monkeypatch, hermes_home):
    cx = fake_approval_newer(monkeypatch)
    cx._get_approval_mode = lambda: 1 / 0
    assert hooks.approval_bypass() == "the approval settings could not be read"


class BrokenGuard:
    """A guard whose calls raise, to check the plugin's own error handling."""

    def __init__(self, fail_mode: str, audit_path: Path):
        self.fail_mode, self._audit = fail_mode, audit_path

    def status(self):
        return {"audit": {"enabled": True, "path": str(self._audit)}}

    def inspect_args(self, *a, **kw):
        raise RuntimeError(f"boom {TOKEN}")

    inspect = inspect_result = inspect_reply = inspect_args


@pytest.mark.parametrize("fail_mode", ["open", "closed"])
def test_every_callback_applies_fail_mode_on_errors(tmp_path, fail_mode):
    log = tmp_path / "audit.jsonl"
    p = GuardPlugin(lambda: BrokenGuard(fail_mode, log))
    p.rewrite = "middleware"
    d = p.pre_tool_call(tool_name="terminal", args=dict(SECRET_ARGS))
    r = p.transform_tool_result(tool_name="terminal", result="out")
    f = p.transform_llm_output(response_text="reply")
    m = p.tool_request(tool_name="terminal", args=dict(SECRET_ARGS), tool_call_id="c")
    assert m is None
    if fail_mode == "open":
        assert d is None and r is None and f is None
    else:
        assert d["action"] == "block" and "fail_mode is closed" in d["message"]
        assert "fail_mode is closed" in r and "fail_mode is closed" in f
    text = log.read_text()
    assert TOKEN not in text  # the exception's text is never logged
    assert all(json.loads(line)["counts"] == {"internal": 1} for line in text.splitlines())


def test_policy_lookup_order(hermes_home, monkeypatch, tmp_path):
    assert home.policy_path() == home.BUNDLED_POLICY and home.BUNDLED_POLICY.is_file()
    user = hermes_home / "egress-guard.yaml"
    user.write_text("fail_mode: closed\n")
    assert home.policy_path() == user
    named = tmp_path / "elsewhere.yaml"
    monkeypatch.setenv("EGRESS_GUARD_POLICY", str(named))
    assert home.policy_path() == named  # wins even before it exists: a typo is reported, not skipped
    assert home.audit_path(None) == hermes_home / "egress-guard" / "audit.jsonl"
    assert home.audit_path("logs/a.jsonl") == hermes_home / "logs" / "a.jsonl"


def test_an_invalid_policy_falls_back_to_defaults_and_status_says_why(hermes_home):
    (hermes_home / "egress-guard.yaml").write_text("rules:\n  secrets:\n    mode: sometimes\n")
    out = command.handle(GuardPlugin(), "status")
    assert "NOT in force, built-in defaults apply" in out and "line" in out
    assert any(line.split()[:2] == ["secrets", "redact"] for line in out.splitlines())


def test_audit_disabled_and_custom_path(hermes_home):
    (hermes_home / "egress-guard.yaml").write_text("audit:\n  enabled: false\n")
    p = GuardPlugin()
    p.pre_tool_call(tool_name="terminal", args=dict(SECRET_ARGS))
    assert p.audit_log is None and not (hermes_home / "egress-guard").exists()
    assert "audit log is off" in command.handle(p, "report")
    (hermes_home / "egress-guard.yaml").write_text("audit:\n  path: custom/log.jsonl\n")
    p = GuardPlugin()
    p.pre_tool_call(tool_name="terminal", args=dict(SECRET_ARGS))
    assert len((hermes_home / "custom" / "log.jsonl").read_text().splitlines()) == 1


def test_guard_status_offers_to_turn_streaming_off_when_hermes_streams(hermes_home, monkeypatch):
    config = types.ModuleType("hermes_cli.config")
    config.load_config = lambda: {"display": {"streaming": False}}
    monkeypatch.setitem(sys.modules, "hermes_cli.config", config)
    assert "streaming" not in command.handle(GuardPlugin(), "status")
    config.load_config = lambda: {"display": {"streaming": True}}
    assert "set display.streaming: false" in command.handle(GuardPlugin(), "status")


def test_guard_check_writes_nothing_and_unknown_subcommands_are_not_echoed(hermes_home):
    p = GuardPlugin()
    out = command.handle(p, f"check deploy {TOKEN}")
    assert "EG-SECRET-001" in out and TOKEN not in out
    assert not (hermes_home / "egress-guard").exists()
    assert TOKEN not in command.handle(p, TOKEN) and "Usage" in command.handle(p, TOKEN)


def test_install_and_uninstall_keep_everything_else(tmp_path):
    cfg = tmp_path / "config.yaml"
    cfg.write_text(yaml.safe_dump({"model": {"default": "m"}, "plugins": {"enabled": ["a"], "disabled": ["egress-guard", "b"]}}))
    installer.install(tmp_path)
    installer.install(tmp_path)  # again: replaces the directory, no duplicate entry
    c = yaml.safe_load(cfg.read_text())
    assert c == {"model": {"default": "m"}, "plugins": {"enabled": ["a", "egress-guard"], "disabled": ["b"]}}
    d = installer.plugin_dir(tmp_path)
    manifest = yaml.safe_load((d / "plugin.yaml").read_text())
    assert manifest["name"] == "egress-guard" and manifest["kind"] == "standalone"
    assert "register" in (d / "__init__.py").read_text()
    for f in ("egress_guard/egress_guard.wasm", "egress_guard/hermes/policies/egress-guard.yaml", "egress_guard/guard.py"):
        assert (d / f).is_file() and not (d / f).is_symlink(), f
    assert [p.name for p in d.parent.iterdir()] == ["egress-guard"]  # no staging leftovers
    installer.uninstall(tmp_path)
    assert yaml.safe_load(cfg.read_text()) == {"model": {"default": "m"}, "plugins": {"enabled": ["a"], "disabled": ["b"]}}
    assert not d.exists()


def test_the_installed_copy_is_what_hermes_imports(tmp_path, monkeypatch):
    """Loaded the way Hermes loads a directory plugin (as ``hermes_plugins.egress_guard``), the copy
    uses its own module and policy, not this checkout's."""
    import importlib.util

    installer.install(tmp_path)
    d = installer.plugin_dir(tmp_path)
    monkeypatch.setenv("HERMES_HOME", str(tmp_path))
    monkeypatch.setitem(sys.modules, "hermes_plugins", types.ModuleType("hermes_plugins"))
    sys.modules["hermes_plugins"].__path__ = []
    spec = importlib.util.spec_from_file_location("hermes_plugins.egress_guard", d / "__init__.py", submodule_search_locations=[str(d)])
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "hermes_plugins.egress_guard", mod)
    spec.loader.exec_module(mod)
    p = mod.register(Ctx())
    assert Path(p.guard().wasm_path).resolve() == (d / "egress_guard" / "egress_guard.wasm").resolve()
    assert str(d) in p.guard().status()["source"]
    for name in [m for m in sys.modules if m.startswith("hermes_plugins.egress_guard")]:
        monkeypatch.delitem(sys.modules, name)


def test_guard_shared_across_threads(hermes_home):
    """Result hooks of a parallel batch run on pool threads: one guard, every verdict right."""
    from concurrent.futures import ThreadPoolExecutor

    p = GuardPlugin()
    inputs = [f"line {i} {TOKEN}" if i % 2 else f"line {i}" for i in range(40)]
    with ThreadPoolExecutor(8) as ex:
        outs = list(ex.map(lambda t: p.transform_tool_result(tool_name="t", result=t), inputs))
    for i, out in enumerate(outs):
        assert out == (f"line {i} [REDACTED:github-token]" if i % 2 else None)
    assert len(audit_lines(hermes_home)) == 20
    assert isinstance(p.guard(), Guard)
