//! Egress Guard's rule engine: a plain Rust library, tested natively, that the WebAssembly
//! component (`guest/`) wraps one-to-one. Hosts never see this crate's logic directly: they load
//! the component, so every host makes byte-identical decisions.

pub mod decode;
pub mod encoded;
pub mod guard;
pub mod mask;
pub mod policy;
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

/// Check a policy text without building a guard.
pub fn validate_policy(text: &str) -> Result<(), PolicyError> {
    Policy::parse(text, None).map(|_| ())
}
