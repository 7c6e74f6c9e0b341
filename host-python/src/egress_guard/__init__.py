"""Egress Guard's Python host: vets what leaves an agent (tool arguments, tool results, replies)
by calling the rule engine compiled to a WebAssembly component, so every host decides the same.

    from egress_guard import Guard
    g = Guard("policy.yaml")
    v = g.inspect_args("terminal", {"command": "..."})   # -> Verdict

Only the standard library and wasmtime are imported (this package runs inside Hermes).
"""

from .guard import DEADLINE_MS, FUEL_PER_CALL, Guard
from .verdict import ALLOW, INTERNAL_CODE, Finding, Verdict

__all__ = ["ALLOW", "DEADLINE_MS", "FUEL_PER_CALL", "INTERNAL_CODE", "Finding", "Guard", "Verdict"]
