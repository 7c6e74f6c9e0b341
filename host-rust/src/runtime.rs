//! Loading the component once per process: locate the `.wasm`, compile it (or load the compiled
//! artifact from the disk cache), link it, and keep an epoch ticker running for the deadlines.
//!
//! Compiling the component takes seconds (Cranelift); loading a cached artifact takes
//! milliseconds, which matters for a CLI started once per command. The cache key covers
//! everything that makes an artifact incompatible: the module bytes (SHA-256) and wasmtime's own
//! compatibility hash (wasmtime version, target, and every compile setting such as fuel and
//! epochs). An artifact is loaded only once verified against the component it claims to be
//! ([`crate::cache`]); any failure to load one falls back to compiling.

use std::hash::{BuildHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use egress_guard_verdict::limits;
use sha2::{Digest, Sha256};
use wasmtime::component::{Component, Linker};
use wasmtime::{Config, Engine, Result, Store, StoreLimits, format_err};

use crate::GuardWorldPre;
use crate::cache::{Cache, Lookup, hex};

/// Fuel for one inspect/status/check call (calibrated with `benches/budget.rs`; see
/// [`egress_guard_verdict::limits`], shared with every host through the component).
pub const CALL_FUEL: u64 = limits::CALL_FUEL;
/// Fuel for building a guard (instantiation, YAML parse and regex compilation of the policy).
pub const CONSTRUCT_FUEL: u64 = limits::CONSTRUCT_FUEL;
/// Wall-clock backstop per call.
pub const CALL_DEADLINE: Duration = Duration::from_millis(limits::DEADLINE_MS);
/// How often the epoch ticker advances the engine's epoch (the deadline's resolution).
pub const EPOCH_TICK: Duration = Duration::from_millis(limits::EPOCH_TICK_MS);

/// The loaded component: one per process, cheap to clone, shared by every [`crate::Guard`].
#[derive(Clone)]
pub struct Runtime(Arc<Inner>);

struct Inner {
    engine: Engine,
    pre: GuardWorldPre<StoreLimits>,
    wasm_path: PathBuf,
    sha256: String,
    cache: CacheOutcome,
}

/// What happened with the compiled-artifact cache when the runtime was loaded.
#[derive(Clone, Debug)]
enum CacheOutcome {
    Hit(PathBuf),
    Stored(PathBuf),
    /// Compiled and stored in place of an artifact that failed its check (why).
    Replaced(PathBuf, String),
    /// Compiled without the cache; the string says why the cache was not used.
    Unused(String),
}

impl Runtime {
    /// Load the component found by [`locate_wasm`] (`explicit` = `--wasm`).
    pub fn load(explicit: Option<&Path>) -> Result<Runtime> {
        Runtime::load_file(locate_wasm(explicit)?, cache_dir().as_deref())
    }

    /// Load the component at `path`; `cache` is the artifact cache directory (`None` = always
    /// compile). With a cache, a start whose `.wasm` and artifact are as last verified reads
    /// neither file (see [`crate::cache`]).
    pub fn load_file(path: PathBuf, cache: Option<&Path>) -> Result<Runtime> {
        let engine = new_engine()?;
        let cache = cache.map(open_cache);
        if let Some(Ok(c)) = &cache
            && let Some((sha256, component, artifact)) = c.recorded(&engine, &path, &engine_key(&engine))
        {
            return Runtime::link(engine, component, path, sha256, CacheOutcome::Hit(artifact));
        }
        let before = std::fs::metadata(&path).map_err(|e| format_err!("cannot read {}: {e}", path.display()))?;
        let bytes = std::fs::read(&path).map_err(|e| format_err!("cannot read {}: {e}", path.display()))?;
        let wasm = Some((path.as_path(), &before));
        let (sha256, component, outcome) =
            compile_or_load(&engine, &bytes, cache, wasm).map_err(|e| e.context(format!("cannot load the component {}", path.display())))?;
        Runtime::link(engine, component, path, sha256, outcome)
    }

    /// Load component bytes; `cache` is the artifact cache directory (`None` = always compile).
    pub fn from_bytes(bytes: &[u8], wasm_path: PathBuf, cache: Option<&Path>) -> Result<Runtime> {
        let engine = new_engine()?;
        let (sha256, component, outcome) = compile_or_load(&engine, bytes, cache.map(open_cache), None)
            .map_err(|e| e.context(format!("cannot load the component {}", wasm_path.display())))?;
        Runtime::link(engine, component, wasm_path, sha256, outcome)
    }

    fn link(engine: Engine, component: Component, wasm_path: PathBuf, sha256: String, cache: CacheOutcome) -> Result<Runtime> {
        let mut linker = Linker::<StoreLimits>::new(&engine);
        // The guest does no I/O, but Rust's std links WASI in. Only two imports are served: the
        // HashMap seed, and the monotonic clock (microlp's presolve reads it for timing; served as
        // wasmtime-wasi serves it to the Python host). Every other import traps, so the component
        // gets no files, wall clock, env or network. Fuel and epochs bound the CPU either way.
        let imports: Vec<String> = component.component_type().imports(&engine).map(|(name, _)| name.to_string()).collect();
        let import = |prefix: &str| imports.iter().find(|name| name.starts_with(prefix));
        if let Some(iface) = import("wasi:random/insecure-seed@") {
            let state = std::collections::hash_map::RandomState::new();
            let seed = (state.hash_one(1u64), state.hash_one(2u64));
            linker.instance(iface)?.func_wrap("insecure-seed", move |_, (): ()| Ok((seed,)))?;
        }
        if let Some(iface) = import("wasi:clocks/monotonic-clock@") {
            let start = std::time::Instant::now();
            let mut clock = linker.instance(iface)?;
            clock.func_wrap("now", move |_, (): ()| Ok((start.elapsed().as_nanos() as u64,)))?;
            clock.func_wrap("resolution", |_, (): ()| Ok((1u64,)))?;
        }
        linker.define_unknown_imports_as_traps(&component)?;
        let pre = GuardWorldPre::new(linker.instantiate_pre(&component)?)?;

        spawn_epoch_ticker(&engine);
        Ok(Runtime(Arc::new(Inner { engine, pre, wasm_path, sha256, cache })))
    }

    /// SHA-256 of the loaded `.wasm`, lowercase hex.
    pub fn module_sha256(&self) -> &str {
        &self.0.sha256
    }

    pub fn wasm_path(&self) -> &Path {
        &self.0.wasm_path
    }

    /// Where the compiled artifact came from, for `status`.
    pub fn cache_status(&self) -> String {
        match &self.0.cache {
            CacheOutcome::Hit(p) => format!("loaded {}", p.display()),
            CacheOutcome::Stored(p) => format!("compiled, stored {}", p.display()),
            CacheOutcome::Replaced(p, why) => format!("compiled, replaced {} ({why})", p.display()),
            CacheOutcome::Unused(why) => format!("compiled ({why})"),
        }
    }

    /// Whether the compiled artifact was loaded from the disk cache.
    pub fn cache_hit(&self) -> bool {
        matches!(self.0.cache, CacheOutcome::Hit(_))
    }

    pub(crate) fn engine(&self) -> &Engine {
        &self.0.engine
    }

    pub(crate) fn pre(&self) -> &GuardWorldPre<StoreLimits> {
        &self.0.pre
    }

    /// A store and bindings for a one-off free-function call (`validate-policy`, `version`).
    fn scratch(&self) -> Result<(Store<StoreLimits>, crate::GuardWorld)> {
        let mut store = Store::new(self.engine(), StoreLimits::default());
        store.set_fuel(CONSTRUCT_FUEL)?;
        store.set_epoch_deadline(deadline_ticks(CALL_DEADLINE));
        let bindings = self.pre().instantiate(&mut store)?;
        Ok((store, bindings))
    }

    /// Validate a policy text: `Ok(Ok(()))`, or `Ok(Err(reason naming key and line))`.
    pub fn validate_policy(&self, text: &str) -> Result<std::result::Result<(), String>> {
        let (mut store, bindings) = self.scratch()?;
        bindings.egress_guard_guard_engine().call_validate_policy(&mut store, text)
    }

    /// The engine's version (the engine crate version compiled into the component).
    pub fn engine_version(&self) -> Result<String> {
        let (mut store, bindings) = self.scratch()?;
        bindings.egress_guard_guard_engine().call_version(&mut store)
    }
}

/// Epoch deadlines are counted in ticks of [`EPOCH_TICK`].
pub(crate) fn deadline_ticks(deadline: Duration) -> u64 {
    (deadline.as_millis() / EPOCH_TICK.as_millis()).max(1) as u64
}

/// Advance the engine's epoch every [`EPOCH_TICK`] until the engine is dropped.
fn spawn_epoch_ticker(engine: &Engine) {
    let weak = engine.weak();
    std::thread::Builder::new()
        .name("egress-guard-epoch".into())
        .spawn(move || {
            while let Some(engine) = weak.upgrade() {
                engine.increment_epoch();
                drop(engine);
                std::thread::sleep(EPOCH_TICK);
            }
        })
        .expect("spawn the epoch ticker thread");
}

fn new_engine() -> Result<Engine> {
    let mut config = Config::new();
    config.consume_fuel(true).epoch_interruption(true);
    Engine::new(&config)
}

/// The cache folder, or why it is not used.
fn open_cache(dir: &Path) -> std::result::Result<Cache, String> {
    Cache::open(dir).map_err(|e| format!("cache not used: {e:#}"))
}

/// Hash the component, then load its verified artifact or compile it (and store the artifact).
fn compile_or_load(
    engine: &Engine,
    bytes: &[u8],
    cache: Option<std::result::Result<Cache, String>>,
    wasm: Option<(&Path, &std::fs::Metadata)>,
) -> Result<(String, Component, CacheOutcome)> {
    let sha256 = hex(&Sha256::digest(bytes));
    let cache = match cache {
        None => Err("no cache directory".to_string()),
        Some(c) => c,
    };
    let cache = match cache {
        Ok(c) => c,
        Err(why) => return Ok((sha256, Component::new(engine, bytes)?, CacheOutcome::Unused(why))),
    };
    let key = engine_key(engine);
    let rejected = match cache.load(engine, &sha256, &key, wasm) {
        Lookup::Hit(component) => return Ok((sha256.clone(), component, CacheOutcome::Hit(cache.artifact_path(&sha256, &key)))),
        Lookup::Missing => None,
        Lookup::Rejected(why) => {
            eprintln!(
                "egress-guard: warning: the cached compiled component {} was not loaded ({why}); recompiling it",
                cache.artifact_path(&sha256, &key).display()
            );
            Some(why)
        }
    };
    let component = Component::new(engine, bytes)?;
    let outcome = match (cache.store(&component, &sha256, &key, wasm), rejected) {
        (Ok(path), None) => CacheOutcome::Stored(path),
        (Ok(path), Some(why)) => CacheOutcome::Replaced(path, why),
        (Err(e), _) => CacheOutcome::Unused(format!("cache not written: {e}")),
    };
    Ok((sha256, component, outcome))
}

/// wasmtime's own "can this artifact be loaded here" hash, folded into SHA-256 so it is stable.
fn engine_key(engine: &Engine) -> String {
    struct ShaHasher(Sha256);
    impl Hasher for ShaHasher {
        fn write(&mut self, bytes: &[u8]) {
            self.0.update(bytes);
        }
        fn finish(&self) -> u64 {
            unreachable!("only the digest is used")
        }
    }
    let mut h = ShaHasher(Sha256::new());
    engine.precompile_compatibility_hash().hash(&mut h);
    hex(&h.0.finalize())[..16].to_string()
}

/// `$EGRESS_GUARD_CACHE_DIR`, else `$XDG_CACHE_HOME/egress-guard`, else `~/.cache/egress-guard`.
pub fn cache_dir() -> Option<PathBuf> {
    let var = |name| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("EGRESS_GUARD_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("egress-guard")))
        .or_else(|| var("HOME").map(|d| d.join(".cache/egress-guard")))
}

/// Where the component is: `explicit` (`--wasm`), else `$EGRESS_GUARD_WASM`, else
/// `egress_guard.wasm` next to the running executable, else the workspace's `dist/`.
pub fn locate_wasm(explicit: Option<&Path>) -> Result<PathBuf> {
    let named = explicit.map(Path::to_path_buf).or_else(|| std::env::var_os("EGRESS_GUARD_WASM").filter(|v| !v.is_empty()).map(PathBuf::from));
    if let Some(path) = named {
        return if path.is_file() { Ok(path) } else { Err(format_err!("component not found: {} (run scripts/build-wasm.sh)", path.display())) };
    }
    let beside_exe = std::env::current_exe().ok().and_then(|exe| exe.parent().map(|d| d.join("egress_guard.wasm")));
    let in_dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dist/egress_guard.wasm");
    let candidates: Vec<PathBuf> = beside_exe.into_iter().chain([in_dist]).collect();
    candidates.iter().find(|p| p.is_file()).cloned().ok_or_else(|| {
        let tried: Vec<String> = candidates.iter().map(|p| p.display().to_string()).collect();
        format_err!("egress_guard.wasm not found (tried {}); run scripts/build-wasm.sh, or pass --wasm PATH / set EGRESS_GUARD_WASM", tried.join(", "))
    })
}
