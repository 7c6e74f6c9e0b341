//! One policy, one component instance, every call bounded.
//!
//! Each call gets a fresh fuel budget and an epoch deadline. When a call traps (budget exhausted,
//! deadline hit, guest bug), the instance is poisoned: the guard drops it, builds a fresh one, and
//! answers with the policy's `fail_mode` instead of an error -- `open` lets the payload through
//! with an `EG-INTERNAL-001` warning and an audit entry, `closed` blocks it (the verdict comes
//! from `egress-guard-verdict`, the code the component builds it with for the other hosts).
//! Nothing on this path panics.
//!
//! Calls go through the component's `inspect-with`, which returns the canonical verdict JSON:
//! the host reads it with the shared verdict crate, so every field (`note` included) arrives
//! without converting records field by field.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
use std::path::Path;
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use egress_guard_verdict::{CallOptions, FailMode, Scope, Verdict, limits};
use serde_json::Value;
use wasmtime::component::ResourceAny;
use wasmtime::{Result, Store, StoreLimits, StoreLimitsBuilder, Trap, format_err};

use crate::egress_guard::guard::types as wit;
use crate::exports::egress_guard::guard::engine::Guest;
use crate::runtime::{CALL_DEADLINE, CALL_FUEL, CONSTRUCT_FUEL, cache_dir, deadline_ticks};
use crate::{GuardWorld, PolicySource, Runtime};

/// Upper bound on one instance's linear memory: growing past it fails the call (fail_mode).
pub const MEMORY_LIMIT_BYTES: usize = limits::MEMORY_LIMIT_BYTES as usize;

/// Per-call limits. The defaults are the documented constants; tests shrink them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Fuel for each inspect/status/check call.
    pub call_fuel: u64,
    /// Fuel for building the guard from the policy text (its deadline is always [`CALL_DEADLINE`]).
    pub construct_fuel: u64,
    /// Wall-clock backstop per inspect/status/check call (resolution: [`crate::EPOCH_TICK`]).
    pub deadline: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { call_fuel: CALL_FUEL, construct_fuel: CONSTRUCT_FUEL, deadline: CALL_DEADLINE }
    }
}

/// A policy loaded into its own component instance. `Send`, not `Sync`: use one per thread, or a
/// [`GuardPool`].
pub struct Guard {
    runtime: Runtime,
    policy: PolicySource,
    preset: Option<String>,
    limits: Limits,
    /// `None` after a trap whose rebuild also failed; the next call tries again.
    live: Option<Live>,
    fail_mode: FailMode,
    load_error: Option<String>,
    last_fuel: u64,
    last_failure: Option<String>,
    /// The per-installation key for audit digests ([`Guard::set_audit_key`]), given again to
    /// every rebuilt instance.
    audit_key: Option<Vec<u8>>,
    /// The user's own secrets given so far ([`Guard::add_known_values`]), in memory only: a
    /// rebuilt instance is given them again.
    known: Vec<(String, String)>,
}

/// A live instance: its store, the bindings and the guest's `guard` resource.
struct Live {
    store: Store<StoreLimits>,
    bindings: GuardWorld,
    guard: ResourceAny,
}

impl Live {
    fn new(runtime: &Runtime, policy: &PolicySource, preset: Option<&str>, limits: &Limits, audit_key: Option<&[u8]>) -> Result<Live> {
        let limits_mem = StoreLimitsBuilder::new().memory_size(MEMORY_LIMIT_BYTES).build();
        let mut store = Store::new(runtime.engine(), limits_mem);
        store.limiter(|l| l);
        // Instantiation runs wasm too, so the budget must be in place before it.
        store.set_fuel(limits.construct_fuel)?;
        store.set_epoch_deadline(deadline_ticks(CALL_DEADLINE));
        let bindings = runtime.pre().instantiate(&mut store)?;
        let api = bindings.egress_guard_guard_engine().guard();
        let guard = api.call_constructor(&mut store, &policy.text, &policy.source, preset)?;
        if let Some(key) = audit_key {
            api.call_set_audit_key(&mut store, guard, key)?;
        }
        let (home, paths) = own_files(runtime, policy);
        api.call_protect_paths(&mut store, guard, home.as_deref(), &paths)?;
        Ok(Live { store, bindings, guard })
    }
}

/// The files this host runs on, for the self-protection rule: the component it loaded, the
/// policy file it read and the compiled-module cache; and the home directory.
fn own_files(runtime: &Runtime, policy: &PolicySource) -> (Option<String>, Vec<(String, String)>) {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()).display().to_string();
    let mut paths = vec![(absolute(runtime.wasm_path()), "the guard's component".to_string())];
    if policy.source != PolicySource::defaults().source {
        paths.push((absolute(Path::new(&policy.source)), "the guard's policy".to_string()));
    }
    if let Some(cache) = cache_dir() {
        paths.push((absolute(&cache), "the guard's compiled-module cache".to_string()));
    }
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| absolute(Path::new(&h)));
    (home, paths)
}

impl Guard {
    /// Build a guard with the default [`Limits`]. An invalid policy or unknown preset is not an
    /// error (the defaults apply and [`Guard::load_error`] says why); `Err` means the component
    /// itself could not be instantiated.
    pub fn new(runtime: &Runtime, policy: &PolicySource, preset: Option<&str>) -> Result<Guard> {
        Guard::with_limits(runtime, policy, preset, Limits::default())
    }

    pub fn with_limits(runtime: &Runtime, policy: &PolicySource, preset: Option<&str>, limits: Limits) -> Result<Guard> {
        let mut live = Live::new(runtime, policy, preset, &limits, None)?;
        let api = live.bindings.egress_guard_guard_engine().guard();
        let fail_mode = match api.call_fail_mode(&mut live.store, live.guard)? {
            wit::FailMode::Open => FailMode::Open,
            wit::FailMode::Closed => FailMode::Closed,
        };
        let load_error = api.call_load_error(&mut live.store, live.guard)?;
        let construct_fuel_used = limits.construct_fuel - live.store.get_fuel()?;
        Ok(Guard {
            runtime: runtime.clone(),
            policy: policy.clone(),
            preset: preset.map(str::to_string),
            limits,
            live: Some(live),
            fail_mode,
            load_error,
            last_fuel: construct_fuel_used,
            last_failure: None,
            audit_key: None,
            known: Vec::new(),
        })
    }

    /// The host's per-installation secret (at least 16 bytes; the first key wins): the audit
    /// lines of verdicts then carry `hmac_sha256_12`, a keyed digest of the inspected string, in
    /// place of the plain `sha256_12` (see `docs/contracts.md`). The embedder creates and keeps
    /// it (e.g. 32 random bytes in a 0600 file next to its audit log).
    pub fn set_audit_key(&mut self, key: &[u8]) -> Result<()> {
        if self.audit_key.is_some() || key.len() < 16 {
            return Ok(());
        }
        self.audit_key = Some(key.to_vec());
        self.call(|store, api, g| api.guard().call_set_audit_key(store, g, key))
    }

    /// Inspect one payload (`args`: the arguments as JSON text). `None` = clean.
    ///
    /// A failed call is answered by `fail_mode`, never by `Err`: `Err` is kept for host-side
    /// failures a future version may report, and is not returned today.
    pub fn inspect(&mut self, scope: Scope, tool: &str, payload: &str) -> Result<Option<Verdict>> {
        self.inspect_with(scope, tool, payload, &CallOptions::default())
    }

    /// [`Guard::inspect`] with the call's options (`unattended`: nobody will answer an approval).
    pub fn inspect_with(&mut self, scope: Scope, tool: &str, payload: &str, options: &CallOptions) -> Result<Option<Verdict>> {
        let options = serde_json::to_string(options)?;
        let sc = wit_scope(scope);
        let called = self.call(|store, api, g| api.guard().call_inspect_with(store, g, sc, tool, payload, &options));
        Ok(match called {
            Ok(None) => None,
            Ok(Some(json)) => Some(Verdict::from_json(scope, &json).unwrap_or_else(|e| {
                self.last_failure = Some(format!("unreadable verdict JSON: {e}"));
                Verdict::internal(scope, tool, "host error", self.fail_mode)
            })),
            Err(err) => Some(Verdict::internal(scope, if scope == Scope::Reply { "" } else { tool }, cause(&err), self.fail_mode)),
        })
    }

    pub fn inspect_args(&mut self, tool: &str, args_json: &str) -> Result<Option<Verdict>> {
        self.inspect(Scope::Args, tool, args_json)
    }

    pub fn inspect_result(&mut self, tool: &str, result: &str) -> Result<Option<Verdict>> {
        self.inspect(Scope::Result, tool, result)
    }

    pub fn inspect_reply(&mut self, text: &str) -> Result<Option<Verdict>> {
        self.inspect(Scope::Reply, "", text)
    }

    /// A report on a session the calls of this guard name in their options (`session-event`):
    /// `{"session","event":"approval","approval","approved","now_ms"?}` or
    /// `{"session","event":"end"}`. Answers the component's JSON (`{"error"}` when it cannot be
    /// applied). A failed call is an `Err`; the instance it ran on is replaced, and with it every
    /// session's state (their next calls fail closed).
    pub fn session_event(&mut self, event_json: &str) -> Result<Value> {
        let text = self.call(|store, api, g| api.guard().call_session_event(store, g, event_json))?;
        Ok(serde_json::from_str(&text)?)
    }

    /// The effective policy (the component's status JSON) plus `module_sha256` and `wasm`. An
    /// unreadable policy file shows as `"valid": false` with the reason in `"error"`.
    pub fn status(&mut self) -> Result<Value> {
        let text = self.call(|store, api, g| api.guard().call_status(store, g))?;
        let mut status: Value = serde_json::from_str(&text)?;
        let obj = status.as_object_mut().ok_or_else(|| format_err!("status is not a JSON object"))?;
        if let Some(reason) = &self.policy.read_error {
            obj.insert("valid".into(), Value::Bool(false));
            obj.insert("error".into(), Value::from(reason.as_str()));
        }
        obj.insert("module_sha256".into(), Value::from(self.runtime.module_sha256()));
        obj.insert("wasm".into(), Value::from(self.runtime.wasm_path().display().to_string()));
        Ok(status)
    }

    /// The `/guard check` dry run: what each enabled rule does with `text` as a command argument,
    /// a tool result and a reply. Writes nothing.
    pub fn check(&mut self, text: &str) -> Result<Value> {
        let json = self.call(|store, api, g| api.guard().call_check(store, g, text))?;
        Ok(serde_json::from_str(&json)?)
    }

    /// The component's `explain-json` for one payload: what the small-cell rule did with each
    /// table it flagged, with the attacker's audited interval of every hidden count. A failed
    /// call is an `Err` (there is no fail_mode answer for an explanation).
    pub fn explain(&mut self, scope: Scope, tool: &str, payload: &str) -> Result<Value> {
        let json = self.call(|store, api, g| api.guard().call_explain_json(store, g, wit_scope(scope), tool, payload))?;
        Ok(serde_json::from_str(&json)?)
    }

    /// Seal one of this guard's audit lines for appending after `prev_line` (the log's last line,
    /// `None` for a new log): the component's `seal-audit`. `component_sha256` is normally
    /// [`Runtime::module_sha256`]. The sealing is the engine's, so every host writes the same
    /// chain; the inner `Err` says why a line cannot be sealed (not a JSON object, …).
    pub fn seal_audit(&mut self, line: &str, ts: &str, component_sha256: &str, prev_line: Option<&str>) -> Result<std::result::Result<String, String>> {
        self.call(|store, api, g| api.guard().call_seal_audit(store, g, line, ts, component_sha256, prev_line))
    }

    /// Why the policy is not in force (unreadable file, invalid YAML, unknown preset), if so.
    pub fn load_error(&self) -> Option<&str> {
        self.policy.read_error.as_deref().or(self.load_error.as_deref())
    }

    pub fn fail_mode(&self) -> FailMode {
        self.fail_mode
    }

    /// Fuel the last successful call consumed, or building the guard if no call was made yet
    /// (for calibrating [`Limits`]).
    pub fn last_fuel_used(&self) -> u64 {
        self.last_fuel
    }

    /// The full error of the most recent failed call (for logs; it may name guest functions,
    /// never payload text).
    pub fn last_failure(&self) -> Option<&str> {
        self.last_failure.as_deref()
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    pub fn runtime(&self) -> &Runtime {
        &self.runtime
    }

    /// Hand the engine the user's own secrets (WIT `add-known-values`): `(name, value)` pairs
    /// where only credential-named variables count, an empty name means the value as it is, and
    /// `("file:<path>", text)` adds every credential in a file's text. The engine then redacts
    /// them wherever they appear, also base64-, hex- and URL-encoded. Held in memory only, never
    /// logged. Returns how many values the engine kept. [`crate::known::collect`] gathers what
    /// the policy's `rules.secrets.known_values` names.
    pub fn add_known_values(&mut self, entries: &[(String, String)]) -> Result<u32> {
        if entries.is_empty() {
            return Ok(0);
        }
        let added = self.call(|store, api, g| api.guard().call_add_known_values(store, g, entries))?;
        self.known.extend_from_slice(entries);
        Ok(added)
    }

    /// Run one guest call under a fresh budget. On failure the instance is replaced before the
    /// error is returned, so the next call starts clean.
    fn call<R>(&mut self, f: impl FnOnce(&mut Store<StoreLimits>, &Guest, ResourceAny) -> Result<R>) -> Result<R> {
        if self.live.is_none() {
            match self.rebuild() {
                Ok(live) => self.live = Some(live),
                Err(err) => {
                    self.last_failure = Some(format!("rebuilding the instance: {err:#}"));
                    return Err(err);
                }
            }
        }
        let live = self.live.as_mut().expect("instance present");
        live.store.set_fuel(self.limits.call_fuel)?;
        live.store.set_epoch_deadline(deadline_ticks(self.limits.deadline));
        match f(&mut live.store, live.bindings.egress_guard_guard_engine(), live.guard) {
            Ok(r) => {
                self.last_fuel = self.limits.call_fuel - live.store.get_fuel().unwrap_or(0);
                Ok(r)
            }
            Err(err) => {
                self.last_failure = Some(format!("{err:#}"));
                self.live = self.rebuild().ok();
                Err(err)
            }
        }
    }

    fn rebuild(&self) -> Result<Live> {
        let mut live = Live::new(&self.runtime, &self.policy, self.preset.as_deref(), &self.limits, self.audit_key.as_deref())?;
        if !self.known.is_empty() {
            live.store.set_fuel(self.limits.call_fuel)?;
            live.bindings.egress_guard_guard_engine().guard().call_add_known_values(&mut live.store, live.guard, &self.known)?;
        }
        Ok(live)
    }
}

/// The instance (of `shards`) that holds session `id`: a fixed hash of the id, the same in every
/// run and every host process. The one place the Rust host routes sessions: the pool's
/// [`GuardPool::inspect_in`] and the CLI's `inspect --jsonl -j` workers both use it.
pub fn session_shard(id: &str, shards: usize) -> usize {
    (BuildHasherDefault::<DefaultHasher>::default().hash_one(id) % shards.max(1) as u64) as usize
}

/// The host's clock in milliseconds since the Unix epoch (grant expiry; the component has none).
pub fn now_ms() -> Option<u64> {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()?;
    u64::try_from(since.as_millis()).ok()
}

/// Sessions whose call count one instance's host side remembers; past it one is forgotten (its
/// count restarts, which the engine, knowing more calls of it, accepts).
const MAX_SESSION_COUNTERS: usize = 65_536;

/// The host's side of the sessions one instance holds: how many calls each has made, so each
/// call carries its `session_seq`, and the clock (`now_ms`).
#[derive(Default)]
pub struct SessionCounts {
    seqs: HashMap<String, u64>,
}

impl SessionCounts {
    /// Fill in a session call's `session_seq` (unless the caller gave one) and `now_ms` (unless
    /// given), and count the call. Options without a session are left as they are.
    pub fn prepare(&mut self, options: &mut CallOptions) {
        let Some(id) = &options.session else { return };
        if !self.seqs.contains_key(id)
            && self.seqs.len() >= MAX_SESSION_COUNTERS
            && let Some(old) = self.seqs.keys().next().cloned()
        {
            self.seqs.remove(&old);
        }
        let next = self.seqs.entry(id.clone()).or_insert(0);
        let seq = *options.session_seq.get_or_insert(*next);
        *next = seq.saturating_add(1);
        options.now_ms = options.now_ms.or_else(now_ms);
    }

    /// Forget a session (it was ended).
    pub fn forget(&mut self, id: &str) {
        self.seqs.remove(id);
    }
}

/// Guards for one policy shared by many threads: each call checks a guard out, building one
/// while fewer than [`GuardPool::capacity`] exist and waiting for a free one after that, so a
/// burst of threads never builds more instances (each up to [`MEMORY_LIMIT_BYTES`]) than the
/// machine can run at once. The bound is the Python host's too: `max(2, cores)`.
///
/// Sessions live inside one instance, so their calls do not take any free guard: each session
/// id is routed ([`session_shard`]) to one of `capacity` session guards, built when first
/// needed, and its calls run there one after the other ([`GuardPool::inspect_in`]), as the CLI's
/// `-j` workers do. A failed call replaces that guard's instance and its sessions' state with
/// it: their next calls fail closed.
pub struct GuardPool {
    runtime: Runtime,
    policy: PolicySource,
    preset: Option<String>,
    limits: Limits,
    capacity: usize,
    state: Mutex<PoolState>,
    freed: Condvar,
    /// The user's own secrets ([`GuardPool::add_known_values`]); each guard is given the ones
    /// it lacks when it is checked out.
    known: Mutex<Vec<(String, String)>>,
    /// The session guards, each with its sessions' call counts.
    shards: Vec<Mutex<Shard>>,
}

#[derive(Default)]
struct Shard {
    guard: Option<Guard>,
    counts: SessionCounts,
}

struct PoolState {
    idle: Vec<Guard>,
    /// Guards in existence: idle plus checked out.
    built: usize,
}

impl GuardPool {
    /// Builds the first guard at once, so a broken component fails here.
    pub fn new(runtime: &Runtime, policy: &PolicySource, preset: Option<&str>, limits: Limits) -> Result<GuardPool> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        GuardPool::with_capacity(runtime, policy, preset, limits, cores.max(2))
    }

    /// A pool of at most `capacity` guards (at least one).
    pub fn with_capacity(runtime: &Runtime, policy: &PolicySource, preset: Option<&str>, limits: Limits, capacity: usize) -> Result<GuardPool> {
        let first = Guard::with_limits(runtime, policy, preset, limits)?;
        let capacity = capacity.max(1);
        Ok(GuardPool {
            runtime: runtime.clone(),
            policy: policy.clone(),
            preset: preset.map(str::to_string),
            limits,
            capacity,
            state: Mutex::new(PoolState { idle: vec![first], built: 1 }),
            freed: Condvar::new(),
            known: Mutex::new(Vec::new()),
            shards: (0..capacity).map(|_| Mutex::new(Shard::default())).collect(),
        })
    }

    /// Run `f` with a guard no other thread is using.
    pub fn with<R>(&self, f: impl FnOnce(&mut Guard) -> R) -> Result<R> {
        let mut guard = {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if let Some(g) = state.idle.pop() {
                    break g;
                }
                if state.built < self.capacity {
                    state.built += 1;
                    drop(state);
                    match Guard::with_limits(&self.runtime, &self.policy, self.preset.as_deref(), self.limits) {
                        Ok(g) => break g,
                        Err(e) => {
                            self.state.lock().unwrap_or_else(|e| e.into_inner()).built -= 1;
                            return Err(e);
                        }
                    }
                }
                state = self.freed.wait(state).unwrap_or_else(|e| e.into_inner());
            }
        };
        let missing: Vec<(String, String)> = {
            let known = self.known.lock().unwrap_or_else(|e| e.into_inner());
            known[guard.known.len().min(known.len())..].to_vec()
        };
        if let Err(e) = guard.add_known_values(&missing) {
            self.state.lock().unwrap_or_else(|e| e.into_inner()).idle.push(guard);
            self.freed.notify_one();
            return Err(e);
        }
        let r = f(&mut guard);
        self.state.lock().unwrap_or_else(|e| e.into_inner()).idle.push(guard);
        self.freed.notify_one();
        Ok(r)
    }

    pub fn inspect(&self, scope: Scope, tool: &str, payload: &str) -> Result<Option<Verdict>> {
        self.with(|g| g.inspect(scope, tool, payload))?
    }

    /// [`Guard::inspect_with`] with `options`; a call whose options name a `session` runs on the
    /// guard that holds that session, after its earlier calls, with its `session_seq` and the
    /// clock filled in. A call without one goes to any free guard.
    pub fn inspect_in(&self, scope: Scope, tool: &str, payload: &str, options: &CallOptions) -> Result<Option<Verdict>> {
        let Some(id) = options.session.as_deref() else {
            return self.with(|g| g.inspect_with(scope, tool, payload, options))?;
        };
        let mut options = options.clone();
        self.with_session(id, |shard| {
            shard.counts.prepare(&mut options);
            shard.guard.as_mut().expect("built by with_session").inspect_with(scope, tool, payload, &options)
        })
    }

    /// [`Guard::session_event`] on the guard holding the event's `"session"` (an approval's
    /// outcome, or the end of a session); an event without one is an `Err`.
    pub fn session_event(&self, event_json: &str) -> Result<Value> {
        let event: Value = serde_json::from_str(event_json)?;
        let Some(id) = event.get("session").and_then(Value::as_str) else {
            return Err(format_err!("a session event names its \"session\""));
        };
        self.with_session(id, |shard| {
            if event.get("event").and_then(Value::as_str) == Some("end") {
                shard.counts.forget(id);
            }
            shard.guard.as_mut().expect("built by with_session").session_event(event_json)
        })
    }

    /// Run `f` on the shard holding session `id`, its guard built (and given the known values it
    /// lacks) first.
    fn with_session<R>(&self, id: &str, f: impl FnOnce(&mut Shard) -> Result<R>) -> Result<R> {
        let mut shard = self.shards[session_shard(id, self.shards.len())].lock().unwrap_or_else(|e| e.into_inner());
        if shard.guard.is_none() {
            shard.guard = Some(Guard::with_limits(&self.runtime, &self.policy, self.preset.as_deref(), self.limits)?);
        }
        let guard = shard.guard.as_mut().expect("built above");
        let missing: Vec<(String, String)> = {
            let known = self.known.lock().unwrap_or_else(|e| e.into_inner());
            known[guard.known.len().min(known.len())..].to_vec()
        };
        guard.add_known_values(&missing)?;
        f(&mut shard)
    }

    /// [`Guard::add_known_values`] for every guard of the pool, present and future (one guard
    /// is given them at once, so a failing call shows here).
    pub fn add_known_values(&self, entries: &[(String, String)]) -> Result<()> {
        self.known.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(entries);
        self.with(|_| ())
    }

    /// How many guards the pool holds right now (idle ones).
    pub fn idle_len(&self) -> usize {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).idle.len()
    }

    /// The most guards this pool builds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }
}

/// A short, payload-free description of why a call failed (the same words in every host).
fn cause(err: &wasmtime::Error) -> &'static str {
    match err.downcast_ref::<Trap>() {
        Some(Trap::OutOfFuel) => "fuel budget exhausted",
        Some(Trap::Interrupt) => "deadline exceeded",
        Some(_) => "engine trap",
        None => "host error",
    }
}

fn wit_scope(scope: Scope) -> wit::Scope {
    match scope {
        Scope::Args => wit::Scope::Args,
        Scope::Result => wit::Scope::Result,
        Scope::Reply => wit::Scope::Reply,
    }
}

// A Guard moves between threads (one store each); the runtime and the pool are shared.
const _: () = {
    const fn send<T: Send>() {}
    const fn sync<T: Send + Sync>() {}
    send::<Guard>();
    sync::<GuardPool>();
    sync::<Runtime>();
};
