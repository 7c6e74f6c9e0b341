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
from .hooks import GuardPlugin, supports_modify_directive

log = logging.getLogger("egress_guard")

#: The plugin's name: its directory, its key in `plugins.enabled`.
PLUGIN_NAME = "egress-guard"


def register(ctx: Any, plugin: GuardPlugin | None = None) -> GuardPlugin:
    """Register the hooks and ``/guard`` with a Hermes ``PluginContext``. Returns the plugin state."""
    p = plugin or GuardPlugin()
    if supports_modify_directive():
        p.rewrite = "modify"
    elif callable(getattr(ctx, "register_middleware", None)):
        p.rewrite = "middleware"
        ctx.register_middleware("tool_request", p.tool_request)
    else:
        p.rewrite = "inplace"
    ctx.register_hook("pre_tool_call", p.pre_tool_call)
    ctx.register_hook("transform_tool_result", p.transform_tool_result)
    ctx.register_hook("transform_llm_output", p.transform_llm_output)
    ctx.register_command(
        "guard",
        lambda raw_args="", **_: command.handle(p, raw_args),
        description="Egress Guard: status, audit report, dry-run check",
        args_hint="[status|report|check <text>]",
    )
    log.debug("egress-guard: registered (arguments rewritten via %s)", p.rewrite)
    return p
