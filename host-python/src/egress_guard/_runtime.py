"""The process-wide wasmtime runtime: one Engine, one Linker, one compiled component per module.

Compiling the component takes seconds (1.7 s idle, 3.3 CPU-s), so the compiled artifact is cached
on disk (``Component.serialize()`` / ``Component.deserialize_file()``, an mmap: ~0.5 ms). The file
name carries everything the artifact depends on -- the module's SHA-256, the wasmtime version,
the machine and the engine settings -- because wasmtime refuses (or worse, misreads) an artifact
from another version or config. Any error while deserializing means "recompile and rewrite".
Deserializing trusts the file, like wasmtime's own cache: the cache directory must be the user's.

Every store is bounded by fuel (deterministic) and an epoch deadline (wall clock). The bounds
come from the component itself (its ``host-limits``, calibrated against its code and shared with
the Rust host): only the tiny call that reads them runs under a fixed bootstrap budget. One
daemon thread ticks the engine's epoch every ``epoch_tick_ms`` of those limits.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import logging
import os
import platform
import tempfile
import threading
import time
from ctypes import byref, pointer
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wasmtime import Config, Engine, Store, WasiConfig, WasmtimeError
from wasmtime import _ffi as ffi
from wasmtime.component import Component, ExportIndex, Func, Linker
from wasmtime.component._enter import enter_wasm

log = logging.getLogger("egress_guard")

#: The WIT interface every host calls (`wit/guard.wit`).
INTERFACE = "egress-guard:guard/engine@0.1.0"
#: Fuel for reading the component's limits (``host-limits``: instantiation plus a constant).
BOOTSTRAP_FUEL = 1_000_000_000
#: Engine settings that change the compiled code; part of the cache key.
ENGINE_SETTINGS = "fuel1-epoch1"

WASMTIME_VERSION = importlib.metadata.version("wasmtime")

_FUNCS = (
    "[constructor]guard",
    "[method]guard.load-error",
    "[method]guard.fail-mode",
    "[method]guard.inspect-json",
    "[method]guard.inspect-with",
    "[method]guard.explain-json",
    "[method]guard.status",
    "[method]guard.check",
    "internal-verdict",
    "host-limits",
    "[method]guard.set-audit-key",
)


def default_wasm_path() -> Path:
    """The component shipped inside the package (written by ``scripts/build-wasm.sh``)."""
    return Path(__file__).with_name("egress_guard.wasm")


def cache_dir() -> Path:
    """``$EGRESS_GUARD_CACHE_DIR``, else ``$XDG_CACHE_HOME/egress-guard``, else ``~/.cache/egress-guard``."""
    explicit = os.environ.get("EGRESS_GUARD_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "egress-guard"


def cache_path(sha256: str, directory: Path | None = None) -> Path:
    """Where the compiled artifact of the module with this SHA-256 lives."""
    name = f"guard-{sha256[:32]}-wasmtime{WASMTIME_VERSION}-{platform.machine()}-{ENGINE_SETTINGS}.cwasm"
    return (directory or cache_dir()) / name


@dataclass(frozen=True)
class Limits:
    """The component's ``host-limits``: what every host bounds each store and call by."""

    call_fuel: int
    construct_fuel: int
    deadline_ms: int
    epoch_tick_ms: int
    memory_limit_bytes: int


class _Shared:
    """The Engine, its epoch ticker and the Linker: created once, on first use."""

    _lock = threading.Lock()
    _engine: Engine | None = None
    _linker: Linker | None = None
    #: The ticker's period: the first loaded component's ``epoch_tick_ms`` (until then, the
    #: bootstrap call runs under fuel alone).
    tick_ms: int = 10

    @classmethod
    def get(cls) -> tuple[Engine, Linker]:
        with cls._lock:
            if cls._engine is None:
                cfg = Config()
                cfg.consume_fuel = True
                cfg.epoch_interruption = True
                engine = Engine(cfg)
                linker = Linker(engine)
                # Nothing is granted (no files, env, args, sockets); the guest's std needs the
                # imports to link and only calls `insecure-seed`.
                linker.add_wasip2()
                threading.Thread(target=_tick, args=(engine,), name="egress-guard-epoch", daemon=True).start()
                cls._engine, cls._linker = engine, linker
            return cls._engine, cls._linker  # type: ignore[return-value]


def _tick(engine: Engine) -> None:
    while True:
        time.sleep(_Shared.tick_ms / 1000)
        engine.increment_epoch()


@dataclass(frozen=True)
class Runtime:
    """A loaded component, ready to instantiate: shared by every Guard using the same module."""

    engine: Engine
    linker: Linker
    component: Component
    sha256: str
    #: `cache` when the artifact came from disk, `compiled` when it was compiled in this process.
    origin: str
    cache_file: Path
    exports: dict[str, ExportIndex]
    limits: Limits


_runtimes: dict[tuple[str, str], Runtime] = {}
_runtimes_lock = threading.Lock()


def load(wasm: Path, wasm_bytes: bytes, sha256: str) -> Runtime:
    """The runtime for this module, loading it at most once per process."""
    key = (str(wasm.resolve()), sha256)
    with _runtimes_lock:
        rt = _runtimes.get(key)
        if rt is None:
            engine, linker = _Shared.get()
            component, origin, path = load_component(engine, wasm_bytes, sha256)
            exports = _exports(component)
            limits = _read_limits(engine, linker, component, exports["host-limits"])
            _Shared.tick_ms = limits.epoch_tick_ms
            rt = Runtime(engine, linker, component, sha256, origin, path, exports, limits)
            _runtimes[key] = rt
        return rt


def load_component(engine: Engine, wasm_bytes: bytes, sha256: str, directory: Path | None = None) -> tuple[Component, str, Path]:
    """Deserialize the cached artifact, or compile and cache it. Returns (component, origin, path)."""
    path = cache_path(sha256, directory)
    if path.is_file():
        try:
            return Component.deserialize_file(engine, str(path)), "cache", path
        except WasmtimeError as e:
            log.warning("egress-guard: cached component %s unusable, recompiling: %s", path, str(e).splitlines()[0])
    component = Component(engine, wasm_bytes)
    try:
        _write_atomically(path, bytes(component.serialize()))
    except OSError as e:
        log.warning("egress-guard: cannot cache the compiled component in %s: %s", path.parent, e)
    return component, "compiled", path


def _write_atomically(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".cwasm")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _read_limits(engine: Engine, linker: Linker, component: Component, index: ExportIndex) -> Limits:
    """The component's ``host-limits``, read in a scratch store under the bootstrap budget."""
    store = Store(engine)
    store.set_wasi(WasiConfig())
    store.set_fuel(BOOTSTRAP_FUEL)
    store.set_epoch_deadline(1 << 62)
    inst = linker.instantiate(store, component)
    text = inst.get_func(store, index)(store)
    d = json.loads(text)
    return Limits(d["call_fuel"], d["construct_fuel"], d["deadline_ms"], d["epoch_tick_ms"], d["memory_limit_bytes"])


def _exports(component: Component) -> dict[str, ExportIndex]:
    iface = component.get_export_index(INTERFACE)
    if iface is None:
        raise WasmtimeError(f"the component does not export {INTERFACE}")
    out = {}
    for name in _FUNCS:
        idx = component.get_export_index(name, iface)
        if idx is None:
            raise WasmtimeError(f"the component does not export {INTERFACE}#{name}")
        out[name] = idx
    return out


class FastFunc:
    """``wasmtime.component.Func.__call__`` with the function's types looked up once.

    wasmtime-py re-reads every parameter and result type through ctypes on each call, which is
    about 40% of a clean call (20 of 47 us). Types never change for a given function, so this
    is the same conversion and call with the lookups hoisted out. It uses wasmtime-py internals,
    which is why wasmtime is pinned to one version.
    """

    __slots__ = ("_func", "_params", "_result")

    def __init__(self, func: Func, store: Store):
        fty = func.type(store)
        self._func = func._func
        self._params = [ty for _name, ty in fty.params]
        self._result = fty.result

    def __call__(self, store: Store, *params: Any) -> Any:
        if len(params) != len(self._params):
            raise TypeError(f"expected {len(self._params)} parameters, got {len(params)}")
        param_capi = (ffi.wasmtime_component_val_t * len(params))()
        n = 0
        try:
            for ty, val in zip(self._params, params, strict=True):
                ty.convert_to_c(store, val, pointer(param_capi[n]))
                n += 1
            result_space = ffi.wasmtime_component_val_t() if self._result is not None else None
            result_capi = byref(result_space) if result_space is not None else None
            enter_wasm(lambda: ffi.wasmtime_component_func_call(
                byref(self._func), store._context(), param_capi, n, result_capi, 1 if result_capi is not None else 0))
            return None if result_space is None else self._result.convert_from_c(result_space)
        finally:
            for i in range(n):
                ffi.wasmtime_component_val_delete(byref(param_capi[i]))


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
