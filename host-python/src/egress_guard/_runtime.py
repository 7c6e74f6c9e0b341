"""The process-wide wasmtime runtime: one Engine, one Linker, one compiled component per module.

Compiling the component takes seconds (1.7 s idle, 3.3 CPU-s), so the compiled artifact is cached
on disk (``Component.serialize()`` / ``Component.deserialize()``). The file name carries everything
the artifact depends on -- the module's SHA-256, the wasmtime version, the machine and the engine
settings -- because wasmtime refuses (or worse, misreads) an artifact from another version or
config. Deserializing runs the artifact's native code in this process, so it is loaded only once
verified, as the Rust host does (``host-rust/src/cache.rs`` says what that does and does not
stop): beside each artifact, ``<artifact>.mac`` holds HMAC-SHA256 under the 32-byte key
``<cache>/key`` (created 0600, used only while private to this user) over the component's
SHA-256, the artifact's settings and its bytes. An artifact that fails the check, or that
wasmtime refuses, is recompiled and rewritten, with a warning in the log. The check reads and
hashes the whole artifact (~12 MB, tens of ms): paid once per process, which a Python host
keeps for its lifetime.

Every store is bounded by fuel (deterministic) and an epoch deadline (wall clock). The bounds
come from the component itself (its ``host-limits``, calibrated against its code and shared with
the Rust host): only the tiny call that reads them runs under a fixed bootstrap budget. One
daemon thread ticks the engine's epoch every ``epoch_tick_ms`` of those limits.
"""

from __future__ import annotations

import ctypes
import hashlib
import hmac
import importlib.metadata
import json
import logging
import os
import platform
import secrets
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
from wasmtime.component._types import String as ComponentString

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
    "[method]guard.session-event",
    "[method]guard.explain-json",
    "[method]guard.status",
    "[method]guard.check",
    "[method]guard.policy-sha256",
    "[method]guard.seal-audit",
    "[method]guard.protect-paths",
    "[method]guard.add-known-values",
    "[method]guard.set-audit-key",
    "internal-verdict",
    "host-limits",
    "verify-audit",
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


#: What the artifact depends on besides the module: part of its name and of its digest.
ARTIFACT_SETTINGS = f"wasmtime{WASMTIME_VERSION}-{platform.machine()}-{ENGINE_SETTINGS}"
#: What every digest starts with (the Rust host's too), so one made for something else never verifies.
DIGEST_DOMAIN = b"egress-guard compiled-component v1\n"


def cache_path(sha256: str, directory: Path | None = None) -> Path:
    """Where the compiled artifact of the module with this SHA-256 lives."""
    return (directory or cache_dir()) / f"guard-{sha256[:32]}-{ARTIFACT_SETTINGS}.cwasm"


def cache_key(directory: Path) -> bytes:
    """The cache's key, created if missing; ``OSError`` if it is not private to this user."""
    path = directory / "key"
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            new = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(new, "wb") as f:
                f.write(secrets.token_bytes(32))
                f.flush()
                os.fsync(f.fileno())
        except FileExistsError:  # another process won the race: its key is the key
            pass
        fd = os.open(path, os.O_RDONLY)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if st.st_uid != os.geteuid() or st.st_mode & 0o077:
            raise OSError(f"{path} is not private to this user (mode {st.st_mode & 0o777:o}, owner {st.st_uid})")
        key = f.read(32)
    if len(key) != 32:
        raise OSError(f"{path} is not a 32-byte key")
    return key


def artifact_digest(key: bytes, sha256: str, artifact: bytes) -> str:
    """HMAC-SHA256 of a compiled artifact, tied to the component it was compiled from."""
    mac = hmac.new(key, DIGEST_DOMAIN, hashlib.sha256)
    mac.update(f"artifact {sha256} {ARTIFACT_SETTINGS}\n".encode())
    mac.update(artifact)
    return mac.hexdigest()


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


_runtimes: dict[tuple[str, str, str], Runtime] = {}
_runtimes_lock = threading.Lock()


def load(wasm: Path, wasm_bytes: bytes, sha256: str, directory: Path | None = None) -> Runtime:
    """The runtime for this module, loading it at most once per process; ``directory``: the
    compiled-module cache (default :func:`cache_dir`)."""
    key = (str(wasm.resolve()), sha256, str(directory))
    with _runtimes_lock:
        rt = _runtimes.get(key)
        if rt is None:
            engine, linker = _Shared.get()
            component, origin, path = load_component(engine, wasm_bytes, sha256, directory)
            exports = _exports(component)
            limits = _read_limits(engine, linker, component, exports["host-limits"])
            _Shared.tick_ms = limits.epoch_tick_ms
            rt = Runtime(engine, linker, component, sha256, origin, path, exports, limits)
            _runtimes[key] = rt
        return rt


def load_component(engine: Engine, wasm_bytes: bytes, sha256: str, directory: Path | None = None) -> tuple[Component, str, Path]:
    """Deserialize the verified cached artifact, or compile and cache it. Returns (component, origin, path)."""
    path = cache_path(sha256, directory)
    try:
        key: bytes | None = cache_key(path.parent)
    except OSError as e:
        log.warning("egress-guard: compiled-component cache not used: %s", e)
        key = None
    if key is not None and path.is_file():
        why = None
        try:
            artifact = path.read_bytes()
            tag = Path(f"{path}.mac").read_text().strip()
        except OSError:
            why = "no digest beside it"
        else:
            if not hmac.compare_digest(tag, artifact_digest(key, sha256, artifact)):
                why = "its digest does not verify"
            else:
                try:
                    return Component.deserialize(engine, artifact), "cache", path
                except WasmtimeError as e:
                    why = f"wasmtime refused it: {str(e).splitlines()[0]}"
        log.warning("egress-guard: cached component %s not loaded (%s); recompiling", path, why)
    component = Component(engine, wasm_bytes)
    if key is not None:
        try:
            artifact = bytes(component.serialize())
            # The digest first: an artifact never sits without its own digest.
            _write_atomically(Path(f"{path}.mac"), artifact_digest(key, sha256, artifact).encode())
            _write_atomically(path, artifact)
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


def _string_to_c(store: Store, val: Any, ptr: Any) -> None:
    """``wasmtime.component.String.convert_to_c`` without its per-length ctypes type.

    wasmtime-py copies a string through ``(c_uint8 * len(s)).from_buffer_copy(s)``
    (``_ffi.bytes_to_capi``): a new ctypes array *type* for every distinct length, which costs
    tens of microseconds and is kept forever in ctypes' type cache, so a host fed payloads of
    every length slows down and grows. ``memmove`` copies straight from the encoded bytes.
    """
    if not isinstance(val, str):
        raise TypeError("expected string type")
    data = val.encode("utf-8")
    vec = ffi.wasm_byte_vec_t()
    ffi.wasm_byte_vec_new_uninitialized(byref(vec), len(data))
    if data:
        ctypes.memmove(vec.data, data, len(data))
    ptr.contents.kind = ffi.WASMTIME_COMPONENT_STRING
    ptr.contents.of.string = vec


class FastFunc:
    """``wasmtime.component.Func.__call__`` with the function's types looked up once.

    wasmtime-py re-reads every parameter and result type through ctypes on each call, which is
    about 40% of a clean call (20 of 47 us). Types never change for a given function, so this
    is the same conversion and call with the lookups hoisted out, and strings are copied
    without wasmtime-py's per-length array type (``_string_to_c``). It uses wasmtime-py
    internals, which is why wasmtime is pinned to one version.
    """

    __slots__ = ("_func", "_params", "_result")

    def __init__(self, func: Func, store: Store):
        fty = func.type(store)
        self._func = func._func
        self._params = [_string_to_c if isinstance(ty, ComponentString) else ty.convert_to_c for _name, ty in fty.params]
        self._result = fty.result

    def __call__(self, store: Store, *params: Any) -> Any:
        if len(params) != len(self._params):
            raise TypeError(f"expected {len(self._params)} parameters, got {len(params)}")
        param_capi = (ffi.wasmtime_component_val_t * len(params))()
        n = 0
        try:
            for to_c, val in zip(self._params, params, strict=True):
                to_c(store, val, pointer(param_capi[n]))
                n += 1
            result_space = ffi.wasmtime_component_val_t() if self._result is not None else None
            result_capi = byref(result_space) if result_space is not None else None
            enter_wasm(
                lambda: ffi.wasmtime_component_func_call(
                    byref(self._func), store._context(), param_capi, n, result_capi, 1 if result_capi is not None else 0
                )
            )
            return None if result_space is None else self._result.convert_from_c(result_space)
        finally:
            for i in range(n):
                ffi.wasmtime_component_val_delete(byref(param_capi[i]))


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
