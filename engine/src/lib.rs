//! Egress Guard's rule engine: a plain Rust library, tested natively, that the WebAssembly
//! component (`guest/`) wraps one-to-one. Hosts never see this crate's logic directly: they load
//! the component, so every host makes byte-identical decisions.

pub mod decode;
pub mod encoded;
pub mod guard;
pub mod mask;
pub mod policy;
pub mod redis_cli;
pub mod rules;
pub mod session;
pub mod tools;
pub mod verdict;

/// Sealed audit lines: in the verdict crate, so the Rust host checks a log without the engine.
pub use egress_guard_verdict::audit;
pub use guard::{Guard, Options};
pub use policy::{FailMode, Policy, PolicyError};
pub use verdict::{Action, Finding, Scope, Severity, Verdict};

/// The engine's version, reported by `status` and the component's `version()`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Build what every process would otherwise build on its first call: the keyword automatons of
/// the secrets, personal-data and decoding layers.
///
/// The component's build runs this once and keeps the memory it leaves (pre-initialisation:
/// `preinit/`), so no process pays for it at start-up; natively it only warms the caches. It
/// runs with no host: whatever it calls may not read a clock, the environment or randomness
/// (std's hashed maps seed themselves from the host, so the tables built here use ordered maps).
pub fn warm_up() {
    decode::warm();
    rules::secrets::warm();
    rules::pii::warm();
}

/// Check a policy text without building a guard.
pub fn validate_policy(text: &str) -> Result<(), PolicyError> {
    Policy::parse(text, None).map(|_| ())
}
