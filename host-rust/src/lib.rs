//! The Rust host for the Egress Guard component, and the library behind the `egress-guard` CLI.
//!
//! Every decision is made by the WebAssembly component (`dist/egress_guard.wasm`), the same bytes
//! the Python host loads, so both hosts decide identically. This crate only loads the component
//! ([`Runtime`]: compile once, cache on disk, share across threads), runs each call under a fuel
//! budget and a wall-clock deadline ([`Guard`]), and turns a failed call into the policy's
//! `fail_mode` instead of an error. Results use the `egress-guard-verdict` crate's [`Verdict`]
//! types, the crate compiled into the component too, so the canonical JSON ([`Verdict::to_json`],
//! [`jsonl_line`]) and the fail_mode verdict are produced by exactly one piece of code, and this
//! crate does not link the rule engine.
//!
//! ```no_run
//! use egress_guard::{Guard, PolicySource, Runtime, Scope};
//! let runtime = Runtime::load(None)?; // --wasm / EGRESS_GUARD_WASM / next to the binary / dist/
//! let policy = PolicySource::resolve(None); // EGRESS_GUARD_POLICY, $HERMES_HOME/egress-guard.yaml, defaults
//! let mut guard = Guard::new(&runtime, &policy, None)?;
//! if let Some(v) = guard.inspect(Scope::Reply, "", "key AKIAQYLPMN5HFIQR7XYZ")? {
//!     println!("{}", v.to_json());
//! }
//! # Ok::<(), egress_guard::Error>(())
//! ```

mod cache;
mod guard;
pub mod known;
mod policy_source;
mod runtime;

pub use egress_guard_verdict::{Action, CallOptions, FailMode, Finding, INTERNAL_CODE, Scope, Severity, Verdict, declared_fail_mode, jsonl_line};
pub use guard::{Guard, GuardPool, Limits, MEMORY_LIMIT_BYTES, SessionCounts, now_ms, session_shard};
pub use policy_source::PolicySource;
pub use runtime::{CALL_DEADLINE, CALL_FUEL, CONSTRUCT_FUEL, EPOCH_TICK, Runtime, cache_dir, locate_wasm};
pub use wasmtime::{Error, Result};

wasmtime::component::bindgen!({ world: "guard-world", path: "../wit" });
