"""Egress Guard for Hermes Agent (installed by ``python -m egress_guard install``).

This directory is self-contained: ``egress_guard/`` is the host library with the rule engine
(``egress_guard.wasm``) and the bundled default policy. Hermes imports this file as a package,
so the import below is relative.
"""

from .egress_guard.hermes import register

__all__ = ["register"]
