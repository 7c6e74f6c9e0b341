"""Vetting a DataFrame column on Spark: ``vet(df, column, scope="result", tool="terminal")``.

    from egress_guard.spark import vet
    out = vet(spark.read.json("transcripts/"), "content")      # + action, output, findings, verdict

For audits after the fact: millions of tool results or replies in a data platform, vetted by the
same component every other host runs, with the same answers as ``egress-guard inspect --jsonl``.

Why it is built this way:
- The work runs in the executors' Python workers, never on the driver: the driver only reads the
  component's bytes and the policy text and broadcasts the bytes once; each Python worker builds
  one guard (one instance: a worker runs one task at a time) on first use and keeps it for the
  tasks that follow (Spark reuses its Python workers).
- A ``pandas_udf`` over the one column (Arrow batches; the other columns never reach Python),
  marked non-deterministic so Spark never evaluates it once per result field.
- The compiled-module cache and the component file live under the executor's own scratch folder
  (``SparkFiles.getRootDirectory()``, inside ``spark.local.dir``), never a home directory; a file
  lock there lets one worker per executor compile while the others wait for its artifact.
- The columns carry the engine's exact bytes (``Verdict.json``): ``verdict`` is the canonical
  verdict without ``audit``, which is the CLI's ``--jsonl`` answer without its ``id``.
- No known values (``add-known-values``) are added: an executor's environment is not the user's.
  Compare with the CLI under a policy with ``known_values: {env: false, hermes_env: false}``.

Columns added (strings): ``action``; ``output`` (the rewritten text, or for ``args`` the rewritten
arguments object as JSON; null when nothing was rewritten); ``findings`` (the canonical findings
array as JSON); ``verdict`` (see above). A null cell gets null in all four. For ``args`` the column
holds the arguments object as JSON text; a cell that is not a JSON object gets
``{"error": ...}`` in ``verdict`` and null elsewhere, as the CLI answers such a line.
"""

from __future__ import annotations

import fcntl
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from . import _runtime
from .guard import Guard
from .verdict import Verdict, dumps

#: The columns ``vet`` adds, in order.
COLUMNS = ("action", "output", "findings", "verdict")
SCOPES = ("args", "result", "reply")
#: The CLI's answer to a clean line, without its id.
CLEAN = '{"action":"allow","output":null,"findings":[],"message":null}'
ARGS_NOT_OBJECT = '{"error":"\\"payload\\" must be the arguments object for scope args"}'

_decoder = json.JSONDecoder()


@dataclass(frozen=True)
class _Spec:
    """What a worker's guard is built from (hashable: the key of its guard)."""

    sha256: str
    policy_text: str
    preset: str | None


def vet(
    df: Any,
    column: str,
    scope: str = "result",
    tool: str = "terminal",
    *,
    policy: str | os.PathLike | None = None,
    policy_text: str | None = None,
    preset: str | None = None,
    wasm: str | os.PathLike | None = None,
) -> Any:
    """``df`` with the four verdict columns added (``COLUMNS``) for ``column`` vetted in ``scope``
    as output of ``tool``. ``policy`` is read on the driver (a path there); without ``policy`` or
    ``policy_text`` the built-in defaults apply. ``wasm``: the component (default: the package's)."""
    from pyspark.sql import functions as F
    from pyspark.sql.functions import pandas_udf
    from pyspark.sql.types import StringType, StructField, StructType

    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r} (args, result or reply)")
    if policy is not None and policy_text is not None:
        raise ValueError("give either policy (a path) or policy_text, not both")
    taken = [c for c in COLUMNS if c in df.columns]
    if taken:
        raise ValueError(f"the DataFrame already has columns named {taken}")
    if policy is not None:
        policy_text = Path(policy).expanduser().read_text(encoding="utf-8")
    wasm_bytes = Path(wasm or _runtime.default_wasm_path()).read_bytes()
    spec = _Spec(_runtime.sha256_hex(wasm_bytes), policy_text or "", preset)
    component = df.sparkSession.sparkContext.broadcast(wasm_bytes)

    def run(batches: Iterator[pd.Series]) -> Iterator[pd.DataFrame]:
        return vet_batches(batches, lambda: worker_guard(spec, lambda: component.value), scope, tool)

    schema = StructType([StructField(c, StringType()) for c in COLUMNS])
    udf = pandas_udf(run, schema).asNondeterministic()  # type: ignore[call-overload]
    tmp = "__egress_guard_verdict"
    while tmp in df.columns:
        tmp += "_"
    return df.withColumn(tmp, udf(F.col(column))).select(*[F.col(f"`{c}`") for c in df.columns], *[F.col(f"`{tmp}`.{c}").alias(c) for c in COLUMNS])


def vet_batches(batches: Iterator[pd.Series], get_guard: Any, scope: str, tool: str) -> Iterator[pd.DataFrame]:
    """The verdict columns for each batch of cells (the guard is fetched on the first batch)."""
    guard = None
    for cells in batches:
        if guard is None:
            guard = get_guard()
        yield pd.DataFrame([row(guard, scope, tool, cell) for cell in cells], columns=list(COLUMNS))


_guards: dict[_Spec, Guard] = {}


def worker_guard(spec: _Spec, component: Any) -> Guard:
    """This Python worker's guard for ``spec``, built on first use. ``component`` returns the
    component's bytes (the broadcast value), read only when the executor has no copy yet."""
    guard = _guards.get(spec)
    if guard is None:
        from pyspark import SparkFiles

        home = Path(SparkFiles.getRootDirectory()) / "egress-guard"
        home.mkdir(parents=True, exist_ok=True, mode=0o700)
        wasm = home / f"egress_guard-{spec.sha256[:32]}.wasm"
        with open(home / "lock", "a+b") as lock:
            # One worker of this executor compiles; the others wait and load its artifact.
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not wasm.is_file() or _runtime.sha256_hex(wasm.read_bytes()) != spec.sha256:
                _write_atomically(wasm, component())
            guard = Guard(wasm=wasm, policy_text=spec.policy_text, preset=spec.preset, pool_size=1, cache_dir=home / "cache")
        _guards[spec] = guard
    return guard


def row(guard: Guard, scope: str, tool: str, cell: str | None) -> tuple[str | None, str | None, str | None, str | None]:
    """One cell's ``(action, output, findings, verdict)``."""
    if cell is None:
        return None, None, None, None
    if scope == "args":
        try:
            is_object = isinstance(json.loads(cell), dict)
        except (ValueError, RecursionError):
            is_object = False
        if not is_object:
            return None, None, None, ARGS_NOT_OBJECT
    return columns(guard.inspect(scope, tool, cell))


def columns(v: Verdict) -> tuple[str, str | None, str | None, str]:
    """A verdict's columns, from the engine's exact text where there is one."""
    if v.json is None:
        if not v.findings and v.action == "allow":
            return "allow", None, "[]", CLEAN
        d = v.as_dict(audit=False)
        output = v.output if isinstance(v.output, str) or v.output is None else dumps(v.output)
        return v.action, output, dumps(d["findings"]), dumps(d)
    members = [(k, raw) for k, raw in _members(v.json) if k != "audit"]
    raw = dict(members)
    output = v.output if isinstance(v.output, str) or v.output is None else raw["output"]
    return v.action, output, raw["findings"], "{" + ",".join(f"{dumps(k)}:{r}" for k, r in members) + "}"


def _members(text: str) -> list[tuple[str, str]]:
    """The members of a compact JSON object, each value as its exact text (the standard
    library's decoder finds where each ends; nothing is re-encoded)."""
    out: list[tuple[str, str]] = []
    i = 1
    while text[i] != "}":
        key, i = _decoder.raw_decode(text, i)
        _, end = _decoder.raw_decode(text, i + 1)  # after the ':'
        out.append((key, text[i + 1 : end]))
        i = end + 1 if text[end] == "," else end
    return out


def _write_atomically(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
