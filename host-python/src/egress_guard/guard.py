"""The Python host: a pool of bounded component instances behind the `Guard` API (`docs/contracts.md` §4).

Why it is built this way:
- wasmtime stores are not thread-safe and Hermes runs hooks on several threads, so calls go
  through a pool of instances (``max(2, cores)``, the Rust host's bound too): check out, call,
  check in.
- Every call gets a fuel budget (deterministic) and an epoch deadline (wall clock), so a
  pathological input can never hold a hook anywhere near Hermes's 30 s timeout. The budgets are
  the component's own ``host-limits``.
- A trap poisons an instance; it is replaced and the call follows the policy's fail_mode, with
  the verdict the component builds (``internal-verdict``, the Rust host's code).
- Calls go through `inspect-json`: a clean call returns `none` (the shared ALLOW verdict, no
  parsing), and a verdict is one string instead of expensive record conversions.
- Sessions (``session=``) live inside one instance: each session id hashes to one of
  ``pool_size`` session instances, so its calls always reach the same state and serialize there
  (parallel tool batches included); the host counts each session's calls (``session_seq``) and
  passes its clock (``now_ms``). A trap replaces that instance and its sessions' state with it;
  their next calls fail closed (the engine sees calls it never saw).
- The guard never fails to construct: with a missing or broken module every call follows
  fail_mode. The policy cannot be parsed without the engine then, so only its top-level
  `fail_mode:` line is read, with a regex (default open).
"""

from __future__ import annotations

import json
import logging
import os
import queue
import re
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wasmtime import Store, WasiConfig, WasmtimeError

from . import _runtime
from .verdict import ALLOW, Verdict, dumps, from_json, internal

log = logging.getLogger("egress_guard")

#: The shipped component's per-call fuel and deadline (its ``host-limits``; a test pins them).
#: Kept as names for callers that read them; a guard uses the limits of the component it loads.
FUEL_PER_CALL = 20_000_000_000
DEADLINE_MS = 10_000

_FAIL_MODE_LINE = re.compile(r"^fail_mode:\s*['\"]?(open|closed)['\"]?\s*(?:#.*)?$", re.MULTILINE)
BUILTIN_SOURCE = "built-in defaults"
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
#: Sessions whose call count the host remembers (least recently used forgotten first; a session
#: forgotten here restarts its count, which the engine, holding more calls, accepts).
MAX_SESSION_COUNTERS = 65_536


def _ticks(ms: int, tick_ms: int) -> int:
    """Epoch ticks for a deadline of at least ``ms``: the current tick is partly over, so one more."""
    return -(-ms // tick_ms) + 1


def _trap_reason(e: BaseException) -> str:
    """A short, payload-free description of why a call failed."""
    text = str(e)
    if "all fuel consumed" in text:
        return "fuel budget exhausted"
    if "wasm trap: interrupt" in text:
        return "deadline exceeded"
    if isinstance(e, WasmtimeError):
        return "engine trap"
    return f"host error: {type(e).__name__}"


class _Protected:
    """The paths the self-protection rule gets from this host; ``generation`` changes with them."""

    __slots__ = ("generation", "home", "paths")

    def __init__(self, home: str | None, paths: list[tuple[str, str]]):
        self.home = home
        self.paths = paths
        self.generation = 1


class _Instance:
    """One store + component instance + guard resource. Used by one thread at a time."""

    __slots__ = ("_f", "guard", "keyed", "known", "protected", "store")

    def __init__(
        self,
        rt: _runtime.Runtime,
        policy_text: str,
        source: str,
        preset: str | None,
        protected: _Protected,
        audit_key: bytes | None = None,
    ):
        lim = rt.limits
        store = Store(rt.engine)
        store.set_wasi(WasiConfig())
        store.set_limits(memory_size=lim.memory_limit_bytes)
        # Instantiation runs wasm too: the budget must be in place before it.
        store.set_fuel(lim.construct_fuel)
        store.set_epoch_deadline(_ticks(lim.deadline_ms, lim.epoch_tick_ms))
        inst = rt.linker.instantiate(store, rt.component)
        f = {name: _runtime.FastFunc(inst.get_func(store, idx), store) for name, idx in rt.exports.items()}
        self.store = store
        self._f = f
        self.guard = f["[constructor]guard"](store, policy_text, source, preset)
        #: Whether this instance has the host's audit key (set once; the engine keeps the first).
        self.keyed = False
        if audit_key:
            f["[method]guard.set-audit-key"](store, self.guard, audit_key)
            self.keyed = True
        #: How many of the guard's known-value entries this instance has been given.
        self.known = 0
        self.protected = 0
        self.protect(protected)

    def protect(self, protected: _Protected) -> None:
        """Hand the host's own files to the self-protection rule (when they changed)."""
        if self.protected != protected.generation:
            self.call("[method]guard.protect-paths", protected.home, list(protected.paths))
            self.protected = protected.generation

    def arm(self, fuel: int, ticks: int) -> None:
        self.store.set_fuel(fuel)
        self.store.set_epoch_deadline(ticks)

    def call(self, name: str, *args: Any) -> Any:
        return self._f[name](self.store, self.guard, *args)

    def call_free(self, name: str, *args: Any) -> Any:
        """A free function of the interface (no guard resource)."""
        return self._f[name](self.store, *args)


class Guard:
    """Egress Guard's decisions for one policy. Thread-safe; build once, call from any thread."""

    def __init__(
        self,
        policy: str | os.PathLike | None = None,
        wasm: str | os.PathLike | None = None,
        preset: str | None = None,
        *,
        policy_text: str | None = None,
        fuel_per_call: int | None = None,
        deadline_ms: int | None = None,
        pool_size: int | None = None,
        clock: Callable[[], int] | None = None,
        protect: list[tuple[str, str]] | None = None,
        audit_key: bytes | None = None,
        cache_dir: str | os.PathLike | None = None,
    ):
        """``fuel_per_call`` and ``deadline_ms`` default to the component's ``host-limits``;
        ``pool_size`` to ``max(2, cores)``; ``clock`` (milliseconds since the Unix epoch, for
        sessions' grant expiry) to the system clock; ``cache_dir`` (the compiled-module cache) to
        ``$EGRESS_GUARD_CACHE_DIR``, else ``$XDG_CACHE_HOME/egress-guard``, else
        ``~/.cache/egress-guard``."""
        if policy is not None and policy_text is not None:
            raise ValueError("give either policy (a path) or policy_text, not both")
        read_error = None
        if policy is not None:
            source = str(policy)
            try:
                policy_text = Path(policy).expanduser().read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as e:
                # Like an invalid policy: the defaults are in force and the reason is shown.
                read_error = f"cannot read policy file {source}: {e.strerror if isinstance(e, OSError) else e}"
                policy_text = ""
        else:
            source = "<policy_text>" if policy_text is not None else BUILTIN_SOURCE
            policy_text = policy_text or ""
        self._policy_text = policy_text
        self._clock = clock or (lambda: time.time_ns() // 1_000_000)
        self._source = source
        self._preset = preset
        #: The host's per-installation secret: audit lines then carry a keyed digest
        #: (``hmac_sha256_12``) of each inspected string instead of its plain SHA-256.
        self._audit_key = audit_key
        self._fuel_override = fuel_per_call
        self._deadline_override = deadline_ms
        self._fuel = 0
        self._ticks = 0
        self._pool_size = max(1, pool_size if pool_size is not None else max(2, os.cpu_count() or 1))
        self.wasm_path = Path(wasm) if wasm is not None else _runtime.default_wasm_path()
        self._cache_dir = Path(cache_dir) if cache_dir is not None else None
        self._protected = _own_files(self.wasm_path, policy, self._cache_dir or _runtime.cache_dir(), protect or [])
        #: The module's SHA-256 (hex), or None when the file could not be read.
        self.sha256: str | None = None
        #: Why the engine is unavailable (every call then follows fail_mode), or None.
        self.engine_error: str | None = None
        self._rt: _runtime.Runtime | None = None
        self._pool: queue.LifoQueue[_Instance | None] = queue.LifoQueue()
        # Session instances, built when first needed, each with the lock its sessions' calls take.
        self._shards: list[_Instance | None] = [None] * self._pool_size
        self._shard_locks = [threading.Lock() for _ in range(self._pool_size)]
        self._seqs: OrderedDict[str, int] = OrderedDict()
        self._seqs_lock = threading.Lock()
        # The user's own secrets (add_known_values), in memory only; every instance, rebuilt
        # ones too, is given them before its next call.
        self._known: list[tuple[str, str]] = []
        self._known_lock = threading.Lock()
        try:
            wasm_bytes = self.wasm_path.read_bytes()
            self.sha256 = _runtime.sha256_hex(wasm_bytes)
            self._rt = _runtime.load(self.wasm_path, wasm_bytes, self.sha256, self._cache_dir)
            lim = self._rt.limits
            self._fuel = self._fuel_override if self._fuel_override is not None else lim.call_fuel
            deadline = self._deadline_override if self._deadline_override is not None else lim.deadline_ms
            self._ticks = _ticks(deadline, lim.epoch_tick_ms)
            first = self._new_instance()
            self._load_error = read_error or first.call("[method]guard.load-error")
            self.fail_mode: str = first.call("[method]guard.fail-mode")
        except Exception as e:  # noqa: BLE001 - any failure to load degrades to fail_mode, never raises
            self._rt = None
            detail = _trap_reason(e) if isinstance(e, WasmtimeError) and "wasm trap" in str(e) else _first_line(e)
            self.engine_error = f"engine unavailable ({self.wasm_path}): {detail}"
            log.error("egress-guard: %s", self.engine_error)
            m = _FAIL_MODE_LINE.search(policy_text)
            self.fail_mode = m.group(1) if m else "open"
            self._load_error = read_error or self.engine_error
            return
        # One live instance plus empty slots: a slot becomes an instance when first needed.
        for _ in range(self._pool_size - 1):
            self._pool.put(None)
        self._pool.put(first)

    # ---- public API ----

    @property
    def load_error(self) -> str | None:
        """Why the policy is not in force (defaults are used instead), or why the engine is unavailable."""
        return self._load_error

    @property
    def runtime(self) -> _runtime.Runtime | None:
        """The loaded component (None when the engine is unavailable)."""
        return self._rt

    def inspect(self, scope: str, tool: str, payload: dict | str, *, unattended: str | None = None, session: str | None = None) -> Verdict:
        """One payload in ``scope`` ("args", "result" or "reply"): the typed methods below, chosen
        by name, like the Rust host's ``Guard::inspect``. ``session``: the id of the session the
        call belongs to (placeholders, labels, grants; `docs/contracts.md`)."""
        if scope == "args":
            return self.inspect_args(tool, payload, unattended=unattended, session=session)
        if scope == "result":
            return self.inspect_result(tool, payload, unattended=unattended, session=session)
        if scope == "reply":
            return self.inspect_reply(payload, unattended=unattended, session=session)
        raise ValueError(f"unknown scope {scope!r} (args, result or reply)")

    def inspect_args(
        self,
        tool: str,
        args: dict | str,
        *,
        unattended: str | None = None,
        session: str | None = None,
        file_sizes: dict[str, int] | None = None,
    ) -> Verdict:
        """Every string in a tool's arguments (keys too), before the tool runs. ``output`` is the
        rewritten arguments dict, or None when nothing changed. ``unattended``: why nobody will
        answer an approval prompt for this call (``"--yolo"``); an ``approve`` then blocks.
        ``file_sizes``: bytes of local files the call uploads by name, measured by the caller, so
        such an upload can fit a grant's byte budget."""
        if isinstance(args, str):
            return self._inspect("args", tool, args, unattended, session, file_sizes)
        try:
            payload = dumps(args)
        except (TypeError, ValueError) as e:
            return self._internal("args", tool, f"arguments are not JSON ({type(e).__name__})")
        return self._inspect("args", tool, payload, unattended, session, file_sizes)

    def inspect_result(self, tool: str, result: str, *, unattended: str | None = None, session: str | None = None) -> Verdict:
        """A tool result before the model sees it (JSON results keep their shape)."""
        return self._inspect("result", tool, result, unattended, session)

    def inspect_reply(self, text: str, *, unattended: str | None = None, session: str | None = None) -> Verdict:
        """The model's final reply."""
        return self._inspect("reply", "", text, unattended, session)

    def report_approval(self, session: str, approval: str, approved: bool) -> dict:
        """The outcome of an ``approve`` verdict's ``approval`` (its ``id``) in ``session``: an
        approved one creates the grants it offered. The component's answer, or ``{"error"}``."""
        event = {"session": session, "event": "approval", "approval": approval, "approved": approved}
        event["now_ms"] = self._clock()
        return self._session_event(session, event)

    def end_session(self, session: str) -> dict:
        """Drop ``session``'s state (its placeholders can no longer be put back)."""
        with self._seqs_lock:
            self._seqs.pop(session, None)
        return self._session_event(session, {"session": session, "event": "end"})

    def status(self) -> dict:
        """The effective policy (`docs/contracts.md` §1 `status`) plus ``module_sha256``."""
        if self._rt is None:
            return self._degraded_status()
        try:
            st = json.loads(self._run(lambda i: i.call("[method]guard.status")))
        except _CallFailed as e:
            return self._degraded_status(e.reason)
        if self._load_error and st.get("valid"):
            st["valid"], st["error"] = False, self._load_error
        st["module_sha256"] = self.sha256
        return st

    def check(self, text: str) -> dict:
        """The `/guard check` dry run: ``{"args": V, "result": V, "reply": V}``, V = verdict without
        audit plus ``rules``. Writes nothing. ``{"error": ...}`` when the engine cannot answer."""
        if self._rt is None:
            return {"error": self.engine_error}
        try:
            return json.loads(self._run(lambda i: i.call("[method]guard.check", text)))
        except _CallFailed as e:
            return {"error": f"the engine could not run the check ({e.reason})"}

    def explain(self, scope: str, tool: str, payload: dict | str) -> dict:
        """What the small-cell rule did with each table of ``payload`` (the component's
        ``explain-json``, `docs/contracts.md` §1): the published rows, each hidden cell's class
        and the attacker's audited interval ``lo``..``hi``; never a hidden value. It costs extra
        LP solves: call it for a verdict with a smallcell finding. ``{"error": ...}`` when the
        engine cannot answer."""
        if scope not in ("args", "result", "reply"):
            raise ValueError(f"unknown scope {scope!r} (args, result or reply)")
        if self._rt is None:
            return {"error": self.engine_error}
        text = payload if isinstance(payload, str) else dumps(payload)
        try:
            return json.loads(self._run(lambda i: i.call("[method]guard.explain-json", scope, tool, text)))
        except _CallFailed as e:
            return {"error": f"the engine could not explain this payload ({e.reason})"}

    def protect(self, paths: list[tuple[str, str]]) -> None:
        """Add ``(path, what it is)`` pairs to the self-protection rule (EG-SELF-001): files this
        host depends on beyond the component, policy and cache it protects by itself (the
        plugin directory, the audit log, a runtime's hook settings)."""
        old = self._protected
        new = _Protected(old.home, old.paths + [(_absolute(p), w) for p, w in paths])
        new.generation = old.generation + 1
        self._protected = new

    def seal_audit(self, line: str, ts: str, prev_line: str | None, component_sha256: str | None = None) -> str | None:
        """One audit line sealed by the engine for appending after ``prev_line`` (the log's last
        line, None for a new log): ``ts`` first, the component's (default: this module's) and the
        policy's SHA-256 and the previous line's hash last (`docs/contracts.md`). None when the
        engine cannot seal it."""
        sha = component_sha256 or self.sha256
        if self._rt is None or sha is None:
            return None
        try:
            result = self._run(lambda i: i.call("[method]guard.seal-audit", line, ts, sha, prev_line))
        except _CallFailed:
            return None
        # `result<string, string>` comes back tagged (both cases are strings).
        if getattr(result, "tag", None) == "ok" and isinstance(result.payload, str):
            return result.payload
        return None

    def verify_audit(self, log: bytes) -> tuple[bool, str]:
        """Check an audit log's hash chain with the engine (the check `egress-guard report
        --verify` runs): ``(True, "N lines; last line sha256 …")`` or ``(False, why)``, naming the
        first broken line."""
        if self._rt is None:
            return False, f"cannot verify: {self.engine_error}"
        text = log.decode("utf-8", "replace")
        try:
            result = self._run(lambda i: i.call_free("verify-audit", text))
        except _CallFailed as e:
            return False, f"cannot verify: the engine failed ({e.reason})"
        # `result<tuple<u64, string>, string>`: the cases have different types, so wasmtime-py
        # returns the payload itself (a tuple for ok, a string for err).
        if isinstance(result, tuple):
            lines, last = result
            return True, f"{lines} lines; last line sha256 {last}"
        return False, str(result)

    def set_audit_key(self, key: bytes) -> None:
        """Give the guard the host's per-installation audit key after construction (the first
        key of at least 16 bytes wins, as in the engine): every instance, those already built
        too, has it before its next call. For a host that decides only from the policy whether
        it keeps an audit log at all, and so whether a key file may be created."""
        if self._audit_key is None and len(key) >= 16:
            self._audit_key = bytes(key)

    def add_known_values(self, entries: list[tuple[str, str]]) -> int:
        """Hand the engine the user's own secrets (`docs/contracts.md`, ``add-known-values``):
        ``(name, value)`` pairs; only credential-named variables count, an empty name means the
        value as it is, and ``("file:<path>", text)`` adds every credential in a file's text. The
        engine then redacts them wherever they appear, also base64-, hex- and URL-encoded. Held in
        memory only, never logged. Returns how many values the engine kept (0 without an engine).
        :func:`egress_guard.known.collect` gathers what the policy's ``known_values`` names."""
        entries = [(str(n), str(v)) for n, v in entries]
        if self._rt is None or not entries:
            return 0

        def add(inst: _Instance) -> int:
            n = inst.call("[method]guard.add-known-values", entries)
            with self._known_lock:
                self._known.extend(entries)
                if inst.known == len(self._known) - len(entries):
                    inst.known = len(self._known)
            return n

        try:
            return self._run(add)
        except _CallFailed:
            return 0

    # ---- internals ----

    def _inspect(
        self,
        scope: str,
        tool: str,
        payload: str,
        unattended: str | None = None,
        session: str | None = None,
        file_sizes: dict[str, int] | None = None,
    ) -> Verdict:
        if self._rt is None:
            return self._internal(scope, tool, "engine unavailable")
        base: dict[str, Any] = {"unattended": unattended} if unattended else {}
        if file_sizes:
            base["file_sizes"] = file_sizes

        def call(inst: _Instance, text: str) -> Any:
            opts = dict(base)
            if session is not None:
                # Counted under the session's lock: the engine sees the calls in this order.
                opts.update(session=session, session_seq=self._next_seq(session), now_ms=self._clock())
            options = dumps(opts) if opts else "{}"
            return inst.call("[method]guard.inspect-with", scope, tool, text, options)

        def clean(text: str) -> str:
            # Lone surrogates cannot cross into wasm. In arguments they become `\udc00` escapes,
            # which the engine's JSON reader rejects as no host reads them the same way (blocked,
            # EG-ARGS-001, as the Node host's JSON.stringify does); other text is inspected with
            # them replaced.
            if scope == "args":
                return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
            return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")

        try:
            if session is None:
                try:
                    out = self._run(lambda i: call(i, payload))
                except _CallFailed as e:
                    if not isinstance(e.__cause__, UnicodeEncodeError):
                        raise
                    out = self._run(lambda i: call(i, clean(payload)))
            else:
                # Checked before the call: a session call is counted (session_seq) when it is made.
                try:
                    payload.encode("utf-8")
                except UnicodeEncodeError:
                    payload = clean(payload)
                out = self._run_session(session, lambda i: call(i, payload))
        except _CallFailed as e:
            return self._internal(scope, tool, e.reason)
        return ALLOW if out is None else from_json(out)

    def _next_seq(self, session: str) -> int:
        with self._seqs_lock:
            seq = self._seqs.pop(session, 0)
            self._seqs[session] = seq + 1
            while len(self._seqs) > MAX_SESSION_COUNTERS:
                self._seqs.popitem(last=False)
            return seq

    def _session_event(self, session: str, event: dict) -> dict:
        if self._rt is None:
            return {"error": self.engine_error}
        try:
            return json.loads(self._run_session(session, lambda i: i.call("[method]guard.session-event", dumps(event))))
        except _CallFailed as e:
            return {"error": f"the engine could not take the session event ({e.reason})"}

    def _run_session(self, session: str, fn: Callable[[_Instance], Any]) -> Any:
        """Call on the instance that holds ``session`` (one per id, chosen by hash), holding its
        lock; on failure replace it (its sessions' state is gone: their next calls fail closed)."""
        k = zlib.crc32(session.encode("utf-8", "surrogatepass")) % len(self._shards)
        with self._shard_locks[k]:
            inst = self._shards[k]
            try:
                if inst is None:
                    inst = self._shards[k] = self._new_instance()
                self._prepare(inst)
                return fn(inst)
            except Exception as e:
                reason = _trap_reason(e)
                log.warning("egress-guard: session call failed (%s): %s", reason, _first_line(e))
                self._shards[k] = self._replacement(inst)
                raise _CallFailed(reason) from e

    def _internal(self, scope: str, tool: str, cause: str) -> Verdict:
        """The fail_mode verdict, built by the component (the Rust host's code); the host's own
        copy only when there is no engine to ask."""
        tool = "" if scope == "reply" else tool
        if self._rt is not None:
            try:
                return from_json(self._run(lambda i: i.call_free("internal-verdict", scope, tool, cause, self.fail_mode)))
            except _CallFailed:
                pass
        return internal(self.fail_mode, scope, tool, cause)

    def _new_instance(self) -> _Instance:
        assert self._rt is not None
        return _Instance(self._rt, self._policy_text, self._source, self._preset, self._protected, self._audit_key)

    def _run(self, fn: Callable[[_Instance], Any]) -> Any:
        """Check an instance out, call, check it back in; on any failure replace it."""
        slot = self._pool.get()
        inst = slot
        try:
            if inst is None:
                inst = self._new_instance()
            self._prepare(inst)
            result = fn(inst)
        except Exception as e:
            reason = _trap_reason(e)
            log.warning("egress-guard: call failed (%s): %s", reason, _first_line(e))
            self._pool.put(self._replacement(inst))
            raise _CallFailed(reason) from e
        self._pool.put(inst)
        return result

    def _prepare(self, inst: _Instance) -> None:
        """Bring an instance up to date before a call (the host's protected files, the known
        values it has not been given yet) and arm the call's own budget, whole."""
        inst.arm(self._fuel, self._ticks)
        inst.protect(self._protected)
        if self._audit_key and not inst.keyed:
            inst.call("[method]guard.set-audit-key", self._audit_key)
            inst.keyed = True
        if inst.known < len(self._known):
            with self._known_lock:
                todo, inst.known = self._known[inst.known :], len(self._known)
            inst.call("[method]guard.add-known-values", todo)
        inst.arm(self._fuel, self._ticks)

    def _replacement(self, broken: _Instance | None) -> _Instance | None:
        # A poisoned instance cannot be entered again; build its successor now so the next call
        # does not pay for it. If that fails too, leave an empty slot to retry later.
        if broken is None:
            return None
        try:
            return self._new_instance()
        except Exception as e:  # noqa: BLE001
            log.warning("egress-guard: cannot rebuild an instance: %s", _first_line(e))
            return None

    def _degraded_status(self, reason: str | None = None) -> dict:
        return {
            "engine_version": None,
            "source": self._source,
            "preset": self._preset,
            "valid": False,
            "error": self._load_error if reason is None else f"the engine could not report its status ({reason})",
            "fail_mode": self.fail_mode,
            "engine_error": self.engine_error,
            "module_sha256": self.sha256,
        }


def _absolute(path: str | os.PathLike) -> str:
    return str(Path(path).expanduser().absolute())


def _own_files(wasm: Path, policy: str | os.PathLike | None, cache: Path, extra: list[tuple[str, str]]) -> _Protected:
    """The files every host protects: the component it loads, the policy file it reads and the
    compiled-module cache; plus ``extra``; and the home directory, so ``~`` is known."""
    paths = [(_absolute(wasm), "the guard's component"), (_absolute(cache), "the guard's compiled-module cache")]
    if policy is not None:
        paths.append((_absolute(policy), "the guard's policy"))
    paths += [(_absolute(p), w) for p, w in extra]
    try:
        home: str | None = str(Path.home())
    except RuntimeError:
        home = None
    return _Protected(home, paths)


class _CallFailed(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__
