"""Egress Guard as a Hermes Agent plugin: ``register(ctx)`` wires the hooks and ``/guard``.

Hermes imports the plugin directory that ``python -m egress_guard install`` writes to
``$HERMES_HOME/plugins/egress-guard/``; its ``__init__.py`` re-exports :func:`register` from the
copy of this package it carries, so the plugin is self-contained (module, policy, host library).
Only relative imports are used: the copy is imported as a subpackage of Hermes's plugin namespace.
"""

from __future__ import annotations

import logging
from typing import Any

from . import command
from .hooks import GuardPlugin, known_hooks, known_middleware, supports_modify_directive

log = logging.getLogger("egress_guard")

#: The plugin's name: its directory, its key in `plugins.enabled`.
PLUGIN_NAME = "egress-guard"


def register(ctx: Any, plugin: GuardPlugin | None = None) -> GuardPlugin:
    """Register the hooks and ``/guard`` with a Hermes ``PluginContext``. Returns the plugin state.

    Import-safe and side-effect free until Hermes calls a hook: the guard is built on first use.
    Hooks and middleware that only newer Hermes has are registered only when the running Hermes
    lists them, so an older one never warns about unknown names."""
    p = plugin or GuardPlugin()
    if callable(getattr(ctx, "register_middleware", None)):
        p.rewrite = "middleware"
        ctx.register_middleware("tool_request", p.tool_request)
        if "tool_execution" in known_middleware():
            ctx.register_middleware("tool_execution", p.tool_execution)
    elif supports_modify_directive():
        p.rewrite = "modify"
    else:
        p.rewrite = "none"
    ctx.register_hook("pre_tool_call", p.pre_tool_call)
    ctx.register_hook("post_tool_call", p.post_tool_call)
    ctx.register_hook("transform_tool_result", p.transform_tool_result)
    ctx.register_hook("transform_llm_output", p.transform_llm_output)
    if "pre_tts_synthesis" in known_hooks():
        ctx.register_hook("pre_tts_synthesis", p.pre_tts_synthesis)
    ctx.register_command(
        "guard",
        lambda raw_args="", **_: command.handle(p, raw_args),
        description="Egress Guard: status, audit report, dry-run check",
        args_hint="[status|report|check <text>]",
    )
    log.debug("egress-guard: registered (arguments rewritten via %s)", p.rewrite)
    return p
